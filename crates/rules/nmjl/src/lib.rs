//! Modern American Mah Jongg (National Mah Jongg League) — `shared/rules/nmjl.md`. The League's card changes
//! every year and is not shipped: the referee enters the value printed beside the winner's hand (or picks the
//! hand from the tournament's own card) and the facts of the win. Club play settles payments (with an
//! optional bettor); tournament play gives points.

#![warn(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

pub mod card;
mod manche;
mod options;
mod random;
mod score;

pub use manche::{
    BETTOR, CARD_HAND, DEAD, DISCARDER, EXPOSURES, FLAG_NAMES, Game, MAX_EXPOSURES, MAX_VALUE, NmjlManche, Seat, VALUE,
    WinFlags, Winner, is_singles_and_pairs,
};
pub use options::{DealRotation, Mode, NmjlOptions, TournamentPoints};
pub use score::{Payment, paid_value, payments, tournament_points};

use stecca_seam::message::Message;
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::{
    Applies, BookEntry, Choice, ChoiceOption, EntryModel, Field, FieldKind, Locales, MancheFrame, MancheInput,
    MancheOutcome, Rotation, SeatModel, SheetFact, TunableValue, TypedRuleset, WinFlagInfo,
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

    fn name_id(&self) -> &'static str {
        crate::text_id!("nmjl.name")
    }
    fn locales(&self) -> Locales {
        Locales { files: crate::texts::FILES, renamed: &[] }
    }

    fn edition(&self, options: &NmjlOptions) -> Option<Message> {
        Some(options.describe())
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

    fn nets_are_payments(&self, options: &NmjlOptions) -> bool {
        // Tournament play awards each player the game's points: nothing is paid.
        options.mode == options::Mode::Payments
    }

    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }

    fn check_options(&self, options: &NmjlOptions) -> Result<(), Message> {
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
    hand: None,
    mahjong: Some(crate::text_id!("nmjl.mah_jong")),
    win_flags: &WIN_FLAGS,
    fields: &[
        Field {
            key: "value",
            kind: FieldKind::FromBook { line_key: CARD_HAND },
            label: crate::text_id!("nmjl.field.card_hand"),
            applies: Applies::Winner,
            hint: "2468 / 25",
        },
        Field {
            key: "exposures",
            kind: FieldKind::Number,
            label: crate::text_id!("nmjl.field.exposures"),
            applies: Applies::Winner,
            hint: "0",
        },
        Field {
            key: "discarder",
            kind: FieldKind::OnePlayer,
            label: crate::text_id!("nmjl.field.discarder"),
            applies: Applies::NotWinner,
            hint: "",
        },
        Field {
            key: "dead",
            kind: FieldKind::OneOf { choices: &DEAD_HANDS, none: crate::text_id!("nmjl.field.live_hand") },
            label: crate::text_id!("nmjl.field.dead"),
            applies: Applies::NotWinner,
            hint: "",
        },
    ],
    void_label: crate::text_id!("nmjl.void"),
    points_and_doubles: false,
    dealer_flag: None,
    book: Some(BookEntry { model: &card::CARD, pick: card::pick_card_hand }),
    // A referee at the table writes down what decides the payments: the card's hand (its value), who
    // discarded, jokerless and the winner's exposures; the players' columns take the points.
    sheet_facts: &[
        SheetFact { key: VALUE, title: crate::text_id!("nmjl.sheet.card_hand") },
        SheetFact { key: DISCARDER, title: crate::text_id!("nmjl.sheet.discarder") },
        SheetFact { key: "jokerless", title: crate::text_id!("nmjl.sheet.jokerless") },
        SheetFact { key: EXPOSURES, title: crate::text_id!("nmjl.sheet.exposures") },
    ],
    carried: &[],
};

static WIN_FLAGS: [WinFlagInfo; 4] = [
    WinFlagInfo { id: "self_picked", label: crate::text_id!("nmjl.flag.self_picked") },
    WinFlagInfo { id: "joker_exchange", label: crate::text_id!("nmjl.flag.joker_exchange") },
    WinFlagInfo { id: "jokerless", label: crate::text_id!("nmjl.flag.jokerless") },
    WinFlagInfo { id: "singles_and_pairs", label: crate::text_id!("nmjl.flag.singles_and_pairs") },
];

static DEAD_HANDS: [WinFlagInfo; 1] = [WinFlagInfo { id: "dead", label: crate::text_id!("nmjl.dead.dead") }];

const GROUP: &str = crate::text_id!("nmjl.group.tournament");

static TUNABLE_VALUES: [TunableValue; 6] = [
    TunableValue {
        path: "tournament.self_picked",
        group: GROUP,
        label: crate::text_id!("nmjl.tunable.tournament.self_picked"),
    },
    TunableValue {
        path: "tournament.jokerless",
        group: GROUP,
        label: crate::text_id!("nmjl.tunable.tournament.jokerless"),
    },
    TunableValue {
        path: "tournament.discarder_up_to_one_exposure",
        group: GROUP,
        label: crate::text_id!("nmjl.tunable.tournament.discarder_up_to_one_exposure"),
    },
    TunableValue {
        path: "tournament.discarder_two_exposures",
        group: GROUP,
        label: crate::text_id!("nmjl.tunable.tournament.discarder_two_exposures"),
    },
    TunableValue {
        path: "tournament.discarder_three_exposures",
        group: GROUP,
        label: crate::text_id!("nmjl.tunable.tournament.discarder_three_exposures"),
    },
    TunableValue {
        path: "tournament.wall_game",
        group: GROUP,
        label: crate::text_id!("nmjl.tunable.tournament.wall_game"),
    },
];

static CHOICES: [ChoiceOption; 2] = [
    ChoiceOption {
        path: "mode",
        label: crate::text_id!("nmjl.option.mode.label"),
        values: &[
            Choice { json: "\"payments\"", label: crate::text_id!("nmjl.option.mode.payments") },
            Choice { json: "\"tournament\"", label: crate::text_id!("nmjl.option.mode.tournament") },
        ],
    },
    ChoiceOption {
        path: "rotation",
        label: crate::text_id!("nmjl.option.rotation.label"),
        values: &[
            Choice { json: "\"every_game\"", label: crate::text_id!("nmjl.option.rotation.every_game") },
            Choice { json: "\"east_keeps_on_win\"", label: crate::text_id!("nmjl.option.rotation.east_keeps_on_win") },
        ],
    },
];

#[cfg(test)]
mod tests;
