//! Riichi as a ruleset of the desk: its options, what a referee types, how a hand is read, scored and
//! settled, who deals next and what the game carries from hand to hand (counters, deposits, and into the last
//! deal the scores, for the deposits left at the end).

use stecca_seam::message::Message;
use stecca_seam::rules::MancheError;
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::tile_checks::TILE_HAND;
use stecca_seam::rules::{
    Applies, CarriedField, CarryFrom, Choice, ChoiceOption, EntryModel, Field, FieldKind, Fields, Locales, MancheFrame,
    MancheInput, MancheOutcome, Rotation, SeatModel, SheetFact, TunableValue, TypedRuleset, WinFlagInfo,
};
use stecca_seam::tiles::Wind;

use super::manche::{self, Hand, ID, flag, key};
use super::options::{Entry, RiichiOptions};
use super::outcome::outcome;
use super::settle::{DEPOSIT, settle};
use super::totals;

/// Japanese Riichi under the EMA's RCR 2016.
#[derive(Clone, Copy, Debug, Default)]
pub struct Riichi;

impl TypedRuleset for Riichi {
    type Options = RiichiOptions;
    type Manche = Game;

    fn id(&self) -> &'static str {
        ID
    }

    fn name_id(&self) -> &'static str {
        crate::text_id!("riichi.name")
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

    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }

    fn entry_model_in(&self, options: &RiichiOptions) -> &'static EntryModel {
        match options.entry {
            Entry::Hands => &ENTRY,
            Entry::Totals => &totals::ENTRY,
        }
    }

    fn nets_are_payments(&self, options: &RiichiOptions) -> bool {
        // A game's totals move no chips hand by hand: its nets are final scores less the start.
        options.entry == Entry::Hands
    }

    fn tunable_values(&self) -> &'static [TunableValue] {
        &TUNABLE_VALUES
    }

    fn choice_options(&self) -> &'static [ChoiceOption] {
        &CHOICES
    }

    fn check_options(&self, options: &RiichiOptions) -> Result<(), Message> {
        options.check()
    }

    fn edition(&self, options: &RiichiOptions) -> Option<Message> {
        Some(if *options == RiichiOptions::default() {
            crate::msg!("riichi.edition.rcr")
        } else {
            crate::msg!("riichi.edition.own")
        })
    }

    fn manches_per_session(&self) -> u32 {
        // A game (hanchan): the East and the South round, the deal passing eight times.
        8
    }

    /// The uma of the RCR (§3.6.1): +15,000, +5,000, −5,000, −15,000 by place at the table, equal places
    /// sharing theirs.
    fn placement_bonus(&self) -> Option<&'static [i64]> {
        Some(&[15_000, 5_000, -5_000, -15_000])
    }

    /// The dealer keeps the deal when he wins (alone or with others), when he is tenpai at an exhaustive draw,
    /// and after a chombo (the hand is dealt again); otherwise it passes (RCR §3.4.11).
    fn rotation(&self, options: &RiichiOptions, outcome: &MancheOutcome) -> Rotation {
        if options.entry == Entry::Totals {
            return Rotation::End;
        }
        let stays = outcome.dealer_won() || chombo(outcome) || (outcome.void && dealer_tenpai(outcome));
        if stays { Rotation::Stay } else { Rotation::Pass }
    }

    fn deal_always_passes(&self, _options: &RiichiOptions) -> bool {
        false
    }

    /// Counters: one more after a hand the dealer won and after every exhaustive draw, none after a hand
    /// another player won, unchanged after a chombo (RCR §3.4.2, §3.4.9–3.4.10). Deposits: those on the table
    /// before, plus what the hand put on it, less what it gave out. Into the last deal, the scores.
    fn carry(&self, options: &RiichiOptions, from: &CarryFrom<'_>) -> Fields {
        if options.entry == Entry::Totals {
            return Fields::new();
        }
        let (honba, deposits) = match from.before {
            None => (0, 0),
            Some((input, outcome)) => {
                let honba = input.field::<u64>(key::HONBA).ok().flatten().unwrap_or(0);
                let deposits = input.field::<i64>(key::DEPOSITS).ok().flatten().unwrap_or(0);
                let moved: i64 = outcome.pot.iter().map(|p| p.amount).sum();
                let honba = if chombo(outcome) {
                    honba
                } else if outcome.void || outcome.dealer_won() {
                    honba + 1
                } else {
                    0
                };
                (honba, (deposits + moved / DEPOSIT).max(0))
            }
        };
        let mut carried = Fields::new();
        carried.insert(key::HONBA.into(), honba.into());
        carried.insert(key::DEPOSITS.into(), deposits.into());
        if from.last_deal {
            carried.insert(key::LAST_DEAL.into(), true.into());
            if options.leftover_pot == super::options::LeftoverPot::First && !from.totals.is_empty() {
                let scores = from.totals.iter().map(|(name, total)| (name.clone(), (*total).into())).collect();
                carried.insert(key::SCORES.into(), serde_json::Value::Object(scores));
            }
        }
        carried
    }

    fn read_manche(&self, input: &MancheInput) -> Result<Game, Problems> {
        if totals::is_totals(input) {
            return Ok(Game::Totals(totals::read(input)?));
        }
        Ok(Game::Hand(manche::read(input)?))
    }

    fn score(&self, game: &Game, options: &RiichiOptions) -> Result<MancheOutcome, Problems> {
        match (game, options.entry) {
            (Game::Hand(hand), Entry::Hands) => {
                let settled = settle(hand, options)?;
                Ok(outcome(hand, &settled))
            }
            (Game::Totals(lines), Entry::Totals) => totals::score(lines, options),
            (Game::Hand(_), Entry::Totals) => {
                Err(MancheError::general(crate::msg!("riichi.error.totals_expected")).into())
            }
            (Game::Totals(_), Entry::Hands) => {
                Err(MancheError::general(crate::msg!("riichi.error.hands_expected")).into())
            }
        }
    }

    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &RiichiOptions) -> MancheInput {
        match options.entry {
            Entry::Hands => super::random_manche::random_manche(seed, frame, options),
            Entry::Totals => totals::random(seed, frame, options),
        }
    }
}

/// What a manche of Riichi is: a hand, or a whole game reported by its totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// One hand (kyoku).
    Hand(Hand),
    /// A game's final scores and chombos.
    Totals(Vec<totals::Line>),
}

/// Whether the hand ended in a chombo (nobody won, it was no draw, and someone is marked).
fn chombo(outcome: &MancheOutcome) -> bool {
    !outcome.void
        && !outcome.players.iter().any(|p| p.mahjong)
        && outcome.players.iter().any(|p| is_marked(p, key::CHOMBO))
}

/// Whether the dealer was tenpai at an exhaustive draw.
fn dealer_tenpai(outcome: &MancheOutcome) -> bool {
    outcome.players.iter().any(|p| p.seat == Some(Wind::East) && is_marked(p, key::TENPAI))
}

/// Whether the outcome records `figure` for the player (the outcome's own figures, as stored).
fn is_marked(player: &stecca_seam::rules::PlayerOutcome, figure: &str) -> bool {
    player.figures.get(figure).and_then(serde_json::Value::as_bool).unwrap_or(false)
}

/// The options a settings screen offers as numbers.
static TUNABLE_VALUES: [TunableValue; 3] = [
    TunableValue {
        path: "red_fives",
        group: crate::text_id!("riichi.group.table"),
        label: crate::text_id!("riichi.option.red_fives"),
    },
    TunableValue {
        path: "double_wind_pair_fu",
        group: crate::text_id!("riichi.group.table"),
        label: crate::text_id!("riichi.option.double_wind_pair_fu"),
    },
    TunableValue {
        path: "chombo_points",
        group: crate::text_id!("riichi.group.penalties"),
        label: crate::text_id!("riichi.option.chombo_points"),
    },
];

const fn choice(json: &'static str, label: &'static str) -> Choice {
    Choice { json, label }
}

/// The options chosen from a list, the RCR's first.
static CHOICES: [ChoiceOption; 7] = [
    ChoiceOption {
        path: "entry",
        label: crate::text_id!("riichi.option.entry.label"),
        values: &[
            choice("\"hands\"", crate::text_id!("riichi.option.entry.hands")),
            choice("\"totals\"", crate::text_id!("riichi.option.entry.totals")),
        ],
    },
    ChoiceOption {
        path: "kiriage",
        label: crate::text_id!("riichi.option.kiriage"),
        values: &[
            choice("false", crate::text_id!("riichi.option.no")),
            choice("true", crate::text_id!("riichi.option.yes")),
        ],
    },
    ChoiceOption {
        path: "open_tanyao",
        label: crate::text_id!("riichi.option.open_tanyao"),
        values: &[
            choice("true", crate::text_id!("riichi.option.yes")),
            choice("false", crate::text_id!("riichi.option.no")),
        ],
    },
    ChoiceOption {
        path: "kazoe",
        label: crate::text_id!("riichi.option.kazoe"),
        values: &[
            choice("\"sanbaiman\"", crate::text_id!("riichi.limit.sanbaiman")),
            choice("\"yakuman\"", crate::text_id!("riichi.limit.yakuman")),
        ],
    },
    ChoiceOption {
        path: "multiple_ron",
        label: crate::text_id!("riichi.option.multiple_ron.label"),
        values: &[
            choice("\"all\"", crate::text_id!("riichi.option.multiple_ron.all")),
            choice("\"head_bump\"", crate::text_id!("riichi.option.multiple_ron.head_bump")),
        ],
    },
    ChoiceOption {
        path: "chombo",
        label: crate::text_id!("riichi.option.chombo.label"),
        values: &[
            choice("\"tournament\"", crate::text_id!("riichi.option.chombo.tournament")),
            choice("\"table\"", crate::text_id!("riichi.option.chombo.table")),
        ],
    },
    ChoiceOption {
        path: "leftover_pot",
        label: crate::text_id!("riichi.option.leftover_pot.label"),
        values: &[
            choice("\"first\"", crate::text_id!("riichi.option.leftover_pot.first")),
            choice("\"none\"", crate::text_id!("riichi.option.leftover_pot.none")),
        ],
    },
];

const fn field(key: &'static str, kind: FieldKind, label: &'static str, applies: Applies, hint: &'static str) -> Field {
    Field { key, kind, label, applies, hint }
}

/// What a Riichi referee types: the winner's tiles (or han and fu from the score sheet), the winning tile, the
/// indicators, who declared riichi, who discarded, who was tenpai at a draw, who committed a chombo.
static ENTRY: EntryModel = EntryModel {
    hand: Some(Field { applies: Applies::Winner, hint: "234c 567c 234d 67b 55b", ..TILE_HAND }),
    mahjong: Some(crate::text_id!("riichi.agari")),
    win_flags: &WIN_FLAGS,
    fields: &[
        field(key::WINNING_TILE, FieldKind::Text, crate::text_id!("riichi.field.winning_tile"), Applies::Winner, "8b"),
        field(key::DORA, FieldKind::Text, crate::text_id!("riichi.field.dora"), Applies::Winner, "4d"),
        field(key::URA_DORA, FieldKind::Text, crate::text_id!("riichi.field.ura_dora"), Applies::Winner, "9c"),
        field(key::HAN, FieldKind::Number, crate::text_id!("riichi.field.han"), Applies::Winner, ""),
        field(key::FU, FieldKind::Number, crate::text_id!("riichi.field.fu"), Applies::Winner, ""),
        field(key::YAKUMAN, FieldKind::Flag, crate::text_id!("riichi.field.yakuman"), Applies::Winner, ""),
        field(key::RIICHI, FieldKind::Flag, crate::text_id!("riichi.field.riichi"), Applies::Everyone, ""),
        field(key::DISCARDER, FieldKind::OnePlayer, crate::text_id!("riichi.field.discarder"), Applies::NotWinner, ""),
        field(key::LIABLE, FieldKind::Flag, crate::text_id!("riichi.field.liable"), Applies::NotWinner, ""),
        field(key::TENPAI, FieldKind::Flag, crate::text_id!("riichi.field.tenpai"), Applies::NotWinner, ""),
        field(key::CHOMBO, FieldKind::Flag, crate::text_id!("riichi.field.chombo"), Applies::NotWinner, ""),
    ],
    void_label: crate::text_id!("riichi.draw"),
    points_and_doubles: false,
    dealer_flag: None,
    book: None,
    sheet_facts: &[
        SheetFact { key: key::HAN, title: crate::text_id!("riichi.sheet.han") },
        SheetFact { key: key::FU, title: crate::text_id!("riichi.sheet.fu") },
        SheetFact { key: key::DISCARDER, title: crate::text_id!("riichi.sheet.discarder") },
        SheetFact { key: flag::SELF_DRAWN, title: crate::text_id!("riichi.sheet.tsumo") },
    ],
    carried: &[
        CarriedField { key: key::HONBA, label: crate::text_id!("riichi.carried.honba") },
        CarriedField { key: key::DEPOSITS, label: crate::text_id!("riichi.carried.deposits") },
    ],
};

static WIN_FLAGS: [WinFlagInfo; 8] = [
    WinFlagInfo { id: flag::SELF_DRAWN, label: crate::text_id!("riichi.flag.self_drawn") },
    WinFlagInfo { id: flag::IPPATSU, label: crate::text_id!("riichi.flag.ippatsu") },
    WinFlagInfo { id: flag::DOUBLE_RIICHI, label: crate::text_id!("riichi.flag.double_riichi") },
    WinFlagInfo { id: flag::LAST_WALL_TILE, label: crate::text_id!("riichi.flag.last_wall_tile") },
    WinFlagInfo { id: flag::LAST_DISCARD, label: crate::text_id!("riichi.flag.last_discard") },
    WinFlagInfo { id: flag::ROBBING_KONG, label: crate::text_id!("riichi.flag.robbing_kong") },
    WinFlagInfo { id: flag::KONG_REPLACEMENT, label: crate::text_id!("riichi.flag.kong_replacement") },
    WinFlagInfo { id: flag::DEALT_HAND, label: crate::text_id!("riichi.flag.dealt_hand") },
];
