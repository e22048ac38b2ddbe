//! Modern American Mah Jongg (National Mah Jongg League) — `shared/rules/nmjl.md`. The League's card changes
//! every year and is not shipped: the referee enters the value printed beside the winner's hand (or picks the
//! hand from the tournament's own card) and the facts of the win. Club play settles payments (with an
//! optional bettor); tournament play gives points.

mod manche;
mod options;
mod random;
mod score;

pub use manche::{FLAG_NAMES, Game, MAX_EXPOSURES, MAX_VALUE, NmjlManche, Seat, WinFlags, Winner};
pub use options::{DealRotation, Mode, NmjlOptions, TournamentPoints};
pub use score::{Payment, paid_value, payments, tournament_points};

use crate::rules::problems::Problems;
use crate::rules::{
    Choice, ChoiceOption, EntryModel, MancheFrame, MancheInput, MancheOutcome, Rotation, SeatModel, TunableValue,
    TypedRuleset, WinFlagInfo,
};

/// The modern American ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nmjl;

/// The ruleset's id.
pub const ID: &str = "nmjl";

impl TypedRuleset for Nmjl {
    type Options = NmjlOptions;
    type Manche = NmjlManche;

    fn id(&self) -> &'static str {
        ID
    }

    fn name(&self) -> &'static str {
        "American (NMJL)"
    }

    fn edition(&self, options: &NmjlOptions) -> (String, String) {
        (options.describe(true), options.describe(false))
    }

    fn table_size(&self) -> usize {
        manche::PLAYERS
    }

    fn seat_model(&self) -> SeatModel {
        SeatModel::SeatWinds
    }

    /// East passes to the right after every game, unless a club keeps East's deal after an East win.
    fn rotation(&self, options: &NmjlOptions, outcome: &MancheOutcome) -> Rotation {
        if !options.deal_always_passes() && outcome.dealer_won() { Rotation::Stay } else { Rotation::Pass }
    }

    fn deal_always_passes(&self, options: &NmjlOptions) -> bool {
        options.deal_always_passes()
    }

    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }

    fn check_options(&self, options: &NmjlOptions) -> Result<(), String> {
        options.check()
    }

    fn read_manche(&self, input: &MancheInput) -> Result<NmjlManche, Problems> {
        Ok(NmjlManche::from_input(input)?)
    }

    fn score(&self, manche: &NmjlManche, options: &NmjlOptions) -> Result<MancheOutcome, Problems> {
        let game = manche.check(options)?;
        Ok(score::outcome(ID, manche, &game, options))
    }

    fn tunable_values(&self) -> &'static [TunableValue] {
        &TUNABLE_VALUES
    }

    fn choice_options(&self) -> &'static [ChoiceOption] {
        &CHOICES
    }

    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &NmjlOptions) -> MancheInput {
        random::random_manche(seed, frame, options)
    }
}

/// What a referee enters: the winner's card value and exposures, how it went out, the discarder, dead hands.
static ENTRY: EntryModel = EntryModel {
    tile_hand: false,
    win_flags: &WIN_FLAGS,
    dead_hands: &DEAD_HANDS,
    winning_tile: false,
    max_winners: 1,
    void_label: ("Muro esaurito", "Wall game"),
    points_and_doubles: false,
    card_value: true,
    discarder: true,
    captured_cards: false,
};

static WIN_FLAGS: [WinFlagInfo; 4] = [
    WinFlagInfo { id: "self_picked", label_it: "Pescata dal muro", label_en: "Self-picked" },
    WinFlagInfo { id: "joker_exchange", label_it: "Scambio del jolly", label_en: "Joker exchange" },
    WinFlagInfo { id: "jokerless", label_it: "Senza jolly", label_en: "Jokerless" },
    WinFlagInfo { id: "singles_and_pairs", label_it: "Singles & Pairs", label_en: "Singles & Pairs" },
];

static DEAD_HANDS: [WinFlagInfo; 1] = [WinFlagInfo { id: "dead", label_it: "Mano morta", label_en: "Dead hand" }];

const GROUP_IT: &str = "Punti da torneo";
const GROUP_EN: &str = "Tournament points";

static TUNABLE_VALUES: [TunableValue; 6] = [
    TunableValue {
        path: "tournament.self_picked",
        group_it: GROUP_IT,
        group_en: GROUP_EN,
        label_it: "Bonus pescata dal muro",
        label_en: "Self-picked bonus",
    },
    TunableValue {
        path: "tournament.jokerless",
        group_it: GROUP_IT,
        group_en: GROUP_EN,
        label_it: "Bonus senza jolly",
        label_en: "Jokerless bonus",
    },
    TunableValue {
        path: "tournament.discarder_up_to_one_exposure",
        group_it: GROUP_IT,
        group_en: GROUP_EN,
        label_it: "Chi scarta perde (vincitore con 0–1 esposizioni)",
        label_en: "Discarder loses (winner with 0–1 exposures)",
    },
    TunableValue {
        path: "tournament.discarder_two_exposures",
        group_it: GROUP_IT,
        group_en: GROUP_EN,
        label_it: "Chi scarta perde (2 esposizioni)",
        label_en: "Discarder loses (2 exposures)",
    },
    TunableValue {
        path: "tournament.discarder_three_exposures",
        group_it: GROUP_IT,
        group_en: GROUP_EN,
        label_it: "Chi scarta perde (3 o più esposizioni)",
        label_en: "Discarder loses (3 or more exposures)",
    },
    TunableValue {
        path: "tournament.wall_game",
        group_it: GROUP_IT,
        group_en: GROUP_EN,
        label_it: "Muro esaurito, a ogni mano viva",
        label_en: "Wall game, to every live hand",
    },
];

static CHOICES: [ChoiceOption; 2] = [
    ChoiceOption {
        path: "mode",
        label_it: "Punteggio",
        label_en: "Scoring",
        values: &[
            Choice { json: "\"payments\"", label_it: "pagamenti (club)", label_en: "payments (club)" },
            Choice { json: "\"tournament\"", label_it: "punti da torneo", label_en: "tournament points" },
        ],
    },
    ChoiceOption {
        path: "rotation",
        label_it: "Rotazione di Est (club)",
        label_en: "East's rotation (club)",
        values: &[
            Choice { json: "\"every_game\"", label_it: "passa a ogni partita", label_en: "passes every game" },
            Choice { json: "\"east_keeps_on_win\"", label_it: "resta se Est vince", label_en: "stays when East wins" },
        ],
    },
];

#[cfg(test)]
mod tests;
