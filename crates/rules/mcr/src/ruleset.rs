//! MCR as a ruleset of the desk: its options, what a referee types, how a hand is read, scored and settled,
//! the deal passing after every hand, the seats changing at each round (App. 4), and the table points a
//! session earns (4, 2, 1, 0).

use stecca_seam::message::Message;
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::tile_checks::TILE_HAND;
use stecca_seam::rules::{
    Applies, Choice, ChoiceOption, EntryModel, Field, FieldKind, Locales, MancheFrame, MancheInput, MancheOutcome,
    Rotation, SeatModel, SheetFact, TunableValue, TypedRuleset, WinFlagInfo,
};
use stecca_seam::tiles::Wind;

use super::manche::{self, Hand, ID, flag, key};
use super::options::McrOptions;
use super::outcome::{FANS, outcome};
use super::settle::settle;

/// Chinese Official, the *Mahjong Competition Rules* (2006) as the EMA plays them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mcr;

/// The seats at the start of each round (MCR App. 4): each position's seat wind, the East round first.
static ROUND_SEATING: [[Wind; 4]; 4] = {
    use Wind::{East as E, North as N, South as S, West as W};
    [[E, S, W, N], [S, E, N, W], [N, W, E, S], [W, N, S, E]]
};

impl TypedRuleset for Mcr {
    type Options = McrOptions;
    type Manche = Hand;

    fn id(&self) -> &'static str {
        ID
    }

    fn name_id(&self) -> &'static str {
        crate::text_id!("mcr.name")
    }
    fn locales(&self) -> Locales {
        Locales { files: crate::texts::FILES, renamed: &[] }
    }

    fn table_size(&self) -> usize {
        4
    }

    fn seat_model(&self) -> SeatModel {
        SeatModel::Winds
    }

    fn manches_per_session(&self) -> u32 {
        // Four rounds of four hands (MCR §3.4.8).
        16
    }

    /// Table points 4, 2, 1, 0 by the session's score, ties sharing the points of the places they hold.
    fn table_points(&self) -> Option<&'static [i64]> {
        Some(&[4, 2, 1, 0])
    }

    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }

    fn tunable_values(&self) -> &'static [TunableValue] {
        &TUNABLE_VALUES
    }

    fn choice_options(&self) -> &'static [ChoiceOption] {
        &CHOICES
    }

    fn check_options(&self, options: &McrOptions) -> Result<(), Message> {
        options.check()
    }

    fn edition(&self, options: &McrOptions) -> Option<Message> {
        Some(if *options == McrOptions::default() {
            crate::msg!("mcr.edition.book")
        } else {
            crate::msg!("mcr.edition.own")
        })
    }

    /// The deal passes after every hand, won or drawn (MCR §3.6.2).
    fn rotation(&self, _options: &McrOptions, _outcome: &MancheOutcome) -> Rotation {
        Rotation::Pass
    }

    fn deal_always_passes(&self, _options: &McrOptions) -> bool {
        true
    }

    fn round_seating(&self, options: &McrOptions) -> Option<&'static [[Wind; 4]]> {
        options.reseat_each_round.then_some(&ROUND_SEATING[..])
    }

    fn read_manche(&self, input: &MancheInput) -> Result<Hand, Problems> {
        manche::read(input)
    }

    fn score(&self, hand: &Hand, options: &McrOptions) -> Result<MancheOutcome, Problems> {
        let settled = settle(hand, options)?;
        Ok(outcome(hand, &settled))
    }

    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &McrOptions) -> MancheInput {
        super::random_manche::random_manche(seed, frame, options)
    }
}

/// The options a settings screen offers as numbers.
static TUNABLE_VALUES: [TunableValue; 1] = [TunableValue {
    path: "false_hu_penalty",
    group: crate::text_id!("mcr.group.penalties"),
    label: crate::text_id!("mcr.option.false_hu_penalty"),
}];

const fn choice(json: &'static str, label: &'static str) -> Choice {
    Choice { json, label }
}

/// The options chosen from a list, the digest's first.
static CHOICES: [ChoiceOption; 3] = [
    ChoiceOption {
        path: "reseat_each_round",
        label: crate::text_id!("mcr.option.reseat_each_round"),
        values: &[choice("true", crate::text_id!("mcr.option.yes")), choice("false", crate::text_id!("mcr.option.no"))],
    },
    ChoiceOption {
        path: "fully_concealed_with_concealed_hands",
        label: crate::text_id!("mcr.option.concealed_self_drawn.label"),
        values: &[
            choice("\"fully_concealed\"", crate::text_id!("mcr.option.concealed_self_drawn.fully_concealed")),
            choice("\"self_drawn\"", crate::text_id!("mcr.option.concealed_self_drawn.self_drawn")),
        ],
    },
    ChoiceOption {
        path: "nine_gates_terminal_pungs",
        label: crate::text_id!("mcr.option.nine_gates.label"),
        values: &[
            choice("\"none\"", crate::text_id!("mcr.option.nine_gates.none")),
            choice("\"all_but_one\"", crate::text_id!("mcr.option.nine_gates.all_but_one")),
        ],
    },
];

const fn field(key: &'static str, kind: FieldKind, label: &'static str, applies: Applies, hint: &'static str) -> Field {
    Field { key, kind, label, applies, hint }
}

/// What an MCR referee types: the winner's tiles and winning tile (or the fan from the score sheet with the
/// flowers), who discarded, who declared a False Hu, who was given a penalty.
static ENTRY: EntryModel = EntryModel {
    hand: Some(Field { applies: Applies::Winner, hint: "123c 456c 789c 234b 5d 2f", ..TILE_HAND }),
    mahjong: Some(crate::text_id!("mcr.hu")),
    win_flags: &WIN_FLAGS,
    fields: &[
        field(key::WINNING_TILE, FieldKind::Text, crate::text_id!("mcr.field.winning_tile"), Applies::Winner, "5d"),
        field(key::FANS, FieldKind::Text, crate::text_id!("mcr.field.fans"), Applies::Winner, "28, 62, 63, 79"),
        field(key::FLOWERS, FieldKind::Number, crate::text_id!("mcr.field.flowers"), Applies::Winner, ""),
        field(key::DISCARDER, FieldKind::OnePlayer, crate::text_id!("mcr.field.discarder"), Applies::NotWinner, ""),
        field(key::FALSE_HU, FieldKind::Flag, crate::text_id!("mcr.field.false_hu"), Applies::NotWinner, ""),
        field(key::PENALTY, FieldKind::Number, crate::text_id!("mcr.field.penalty"), Applies::Everyone, ""),
    ],
    void_label: crate::text_id!("mcr.draw"),
    points_and_doubles: false,
    dealer_flag: None,
    book: None,
    sheet_facts: &[
        SheetFact { key: FANS, title: crate::text_id!("mcr.sheet.fans") },
        SheetFact { key: key::DISCARDER, title: crate::text_id!("mcr.sheet.discarder") },
        SheetFact { key: flag::SELF_DRAWN, title: crate::text_id!("mcr.sheet.self_drawn") },
    ],
    carried: &[],
};

static WIN_FLAGS: [WinFlagInfo; 6] = [
    WinFlagInfo { id: flag::SELF_DRAWN, label: crate::text_id!("mcr.flag.self_drawn") },
    WinFlagInfo { id: flag::LAST_WALL_TILE, label: crate::text_id!("mcr.flag.last_wall_tile") },
    WinFlagInfo { id: flag::LAST_DISCARD, label: crate::text_id!("mcr.flag.last_discard") },
    WinFlagInfo { id: flag::KONG_REPLACEMENT, label: crate::text_id!("mcr.flag.kong_replacement") },
    WinFlagInfo { id: flag::ROBBING_KONG, label: crate::text_id!("mcr.flag.robbing_kong") },
    WinFlagInfo { id: flag::FOURTH_TILE, label: crate::text_id!("mcr.flag.fourth_tile") },
];
