//! Classic American rules: Babcock's *Rules of Mah-Jongg* (LRB, 1923) and *The American Code of Laws for
//! Mah-Jongg* (TACOLFMJ, 1924) — `shared/rules/classic-american.md`. One ruleset, two editions; TACOLFMJ has
//! three game types.

#![warn(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

mod flags;
mod lines;
mod options;
mod score;
mod validate;

pub use flags::{Dead, Win};
pub use lines::{Amount, Limit, Line};
pub use options::{ClassicOptions, Edition, GameType, PaymentRounding};
pub use score::{HandContext, HandError, HandScore, score_hand};

use stecca_seam::message::Message;
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::tile_checks::{TILE_HAND, missing_hand, seat_wind};
use stecca_seam::rules::{
    Applies, Choice, ChoiceOption, EntryModel, Field, FieldKind, Locales, MancheError, MancheFrame, MancheInput,
    MancheOutcome, Rotation, ScoredTiles, SeatModel, TickOrKind, TunableValue, TypedRuleset, WinFlagInfo, tile_outcome,
};
use stecca_seam::settle::{self, Party, Rounding, SettleRules, Settlement};
use stecca_seam::tiles::{Hand, Tile, Wind, parse_hand};

mod random;

/// The classic American ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicAmerican;

/// The ruleset's id.
pub const ID: &str = "classic_american";

/// One player at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Unique name at the table.
    pub name: String,
    /// Seat wind this manche.
    pub wind: Wind,
    /// The hand (may be absent in a wall game).
    pub hand: Option<Hand>,
    /// Went Mah Jong.
    pub mahjong: bool,
    /// How the winner went out.
    pub win: Win,
    /// A dead hand.
    pub dead: Option<Dead>,
    /// The tile the winner went out on.
    pub winning_tile: Option<Tile>,
}

/// A classic American manche with parsed hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicManche {
    /// The prevailing wind.
    pub round_wind: Wind,
    /// Wall exhausted, marked as such.
    pub void: bool,
    /// The four players.
    pub seats: Vec<Seat>,
}

impl ClassicManche {
    /// A wall game: marked void, or nobody went Mah Jong. Nothing is scored and East stays.
    pub fn is_wall_game(&self) -> bool {
        self.void || !self.seats.iter().any(|s| s.mahjong)
    }

    /// Parses the generic input (notation, flags, dead hands, winning tile).
    pub fn from_input(input: &MancheInput) -> Result<ClassicManche, MancheError> {
        let Some(round_wind) = input.round_wind else {
            return Err(MancheError::general(crate::msg!("classic_american.error.round_wind_is_missing")));
        };
        input.refuse_fields_but(&[], "classic American")?;
        let mut seats = Vec::with_capacity(input.players.len());
        for player in &input.players {
            let name = player.name.as_str();
            player.refuse_fields_but(&["dead", "winning_tile"], "classic American")?;
            let hand = match &player.hand {
                Some(text) => Some(
                    parse_hand(text)
                        .map_err(|e| MancheError::player(name, stecca_seam::message::Explain::message(&e)))?,
                ),
                None => None,
            };
            let mut win = Win::default();
            for flag in &player.win {
                if !win.set(flag) {
                    let known = flags::NAMES.join(", ");
                    return Err(MancheError::player(
                        name,
                        crate::msg!(
                            "classic_american.error.unknown_win_flag_flag_expected",
                            flag = flag,
                            known = known
                        ),
                    ));
                }
            }
            let dead = player.field::<TickOrKind>("dead")?;
            let dead = match dead.as_ref().and_then(|dead| dead.kind("dead")) {
                None => None,
                Some(text) => Some(Dead::parse(text).ok_or_else(|| {
                    let known = Dead::NAMES.join(", ");
                    MancheError::player(
                        name,
                        crate::msg!("classic_american.error.dead_text_is_not_dead", text = text, known = known),
                    )
                })?),
            };
            let winning_tile = player.field::<String>("winning_tile")?;
            let winning_tile = match winning_tile.as_deref() {
                None => None,
                Some(text) => Some(one_tile(text).ok_or_else(|| {
                    MancheError::player(
                        name,
                        crate::msg!("classic_american.error.winning_tile_text_is_not", text = text),
                    )
                })?),
            };
            seats.push(Seat {
                name: player.name.clone(),
                wind: seat_wind(player)?,
                hand,
                mahjong: player.mahjong,
                win,
                dead,
                winning_tile,
            });
        }
        Ok(ClassicManche { round_wind, void: input.void, seats })
    }
}

/// The single playing tile `text` names (`"4c"`, `"R"`).
fn one_tile(text: &str) -> Option<Tile> {
    let hand = parse_hand(text).ok()?;
    let mut held = Tile::all().filter(|t| hand.concealed[t.index()] > 0);
    let tile = held.next()?;
    (hand.tile_count() == 1 && hand.bonus.is_empty()).then_some(tile)
}

/// Every hand's score and the payments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredManche {
    /// Per seat; `None` in a wall game.
    pub hands: Vec<Option<HandScore>>,
    /// Payments and nets, per seat.
    pub settlement: Settlement,
}

/// The settlement rules in force: East pays and collects double, no rounding unless chosen, every payment
/// capped at the limit (East: twice) when one is in force.
pub fn settle_rules(options: &ClassicOptions) -> SettleRules {
    let rounding = match options.rounding {
        PaymentRounding::Exact => Rounding::Exact,
        PaymentRounding::NearestTen => Rounding::NearestTen,
    };
    SettleRules { east_factor: 2, rounding, cap: options.limit_in_force() }
}

/// Validates, scores every hand and settles the manche.
pub fn score_manche(manche: &ClassicManche, options: &ClassicOptions) -> Result<ScoredManche, MancheError> {
    score_manche_or_problems(manche, options).map_err(Problems::into_error)
}

/// Validates, scores every hand and settles the manche; on failure every problem found, one per player at most.
pub fn score_manche_or_problems(manche: &ClassicManche, options: &ClassicOptions) -> Result<ScoredManche, Problems> {
    let mut found = validate::problems(manche);
    if !found.is_empty() {
        return Err(found);
    }
    if manche.is_wall_game() {
        let settlement = Settlement { payments: Default::default(), net: manche.seats.iter().map(|_| 0).collect() };
        return Ok(ScoredManche { hands: manche.seats.iter().map(|_| None).collect(), settlement });
    }
    let mut hands = Vec::with_capacity(manche.seats.len());
    let mut parties = Vec::with_capacity(manche.seats.len());
    for seat in &manche.seats {
        let Some(hand) = &seat.hand else {
            found.push(missing_hand(&seat.name));
            continue;
        };
        let ctx = HandContext {
            seat: seat.wind,
            round: manche.round_wind,
            winner: seat.mahjong,
            win: seat.win,
            winning_tile: seat.winning_tile,
            dead: seat.dead,
        };
        match score_hand(hand, &ctx, options) {
            Ok(scored) => {
                parties.push(Party { value: scored.value, east: seat.wind == Wind::East, winner: seat.mahjong });
                hands.push(Some(scored));
            }
            Err(e) => found.push(hand_error(&seat.name, e, options)),
        }
    }
    if !found.is_empty() {
        return Err(found);
    }
    Ok(ScoredManche { hands, settlement: settle::settle(&parties, settle_rules(options)) })
}

fn hand_error(name: &str, error: HandError, options: &ClassicOptions) -> MancheError {
    match error {
        HandError::Incomplete => {
            MancheError::player(name, crate::msg!("classic_american.error.tiles_do_not_form_complete"))
        }
        HandError::PlainSevenPairs => {
            MancheError::player(name, crate::msg!("classic_american.error.seven_pairs_go_mah_jong"))
        }
        HandError::TooManyGroups => {
            MancheError::player(name, crate::msg!("classic_american.error.more_than_four_groups_are"))
        }
        HandError::NotCleared(suits) => {
            let game = if options.edition == Edition::Lrb {
                crate::msg!("classic_american.error.cleared_required_lrb")
            } else {
                crate::msg!("classic_american.error.cleared_game")
            };
            let why = if suits == 2 {
                crate::msg!("classic_american.error.not_cleared_two_suits")
            } else {
                crate::msg!("classic_american.error.not_cleared_three_suits")
            };
            MancheError::player(name, why.arg_message("game", game))
        }
        HandError::NoDouble => {
            MancheError::player(name, crate::msg!("classic_american.error.one_double_game_no_reading"))
        }
    }
}

impl TypedRuleset for ClassicAmerican {
    type Options = ClassicOptions;
    type Manche = ClassicManche;

    fn id(&self) -> &'static str {
        ID
    }

    fn name_id(&self) -> &'static str {
        crate::text_id!("classic_american.name")
    }
    fn locales(&self) -> Locales {
        Locales { files: crate::texts::FILES, renamed: &[] }
    }

    fn edition(&self, options: &ClassicOptions) -> Option<Message> {
        Some(options.describe())
    }

    fn table_size(&self) -> usize {
        4
    }

    fn seat_model(&self) -> SeatModel {
        SeatModel::Winds
    }

    /// East stays when East wins or the wall is exhausted.
    fn rotation(&self, _options: &ClassicOptions, outcome: &MancheOutcome) -> Rotation {
        if outcome.void || outcome.dealer_won() { Rotation::Stay } else { Rotation::Pass }
    }

    fn deal_always_passes(&self, _options: &ClassicOptions) -> bool {
        false
    }

    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }

    fn choice_options(&self) -> &'static [ChoiceOption] {
        &CHOICES
    }

    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &ClassicOptions) -> MancheInput {
        random::random_manche(seed, frame, options)
    }

    fn check_options(&self, options: &ClassicOptions) -> Result<(), Message> {
        options.check()
    }

    fn read_manche(&self, input: &MancheInput) -> Result<ClassicManche, Problems> {
        Ok(ClassicManche::from_input(input)?)
    }

    fn score(&self, manche: &ClassicManche, options: &ClassicOptions) -> Result<MancheOutcome, Problems> {
        let scored = score_manche_or_problems(manche, options)?;
        Ok(outcome(manche, &scored))
    }

    fn tunable_values(&self) -> &'static [TunableValue] {
        &TUNABLE_VALUES
    }
}

static TUNABLE_VALUES: [TunableValue; 1] = [TunableValue {
    path: "limit_hand_value",
    group: crate::text_id!("classic_american.group.limits"),
    label: crate::text_id!("classic_american.tunable.limit_hand_value"),
}];

/// What a referee types: tiles, the one winner with flags and winning tile, dead hands.
static ENTRY: EntryModel = EntryModel {
    hand: Some(TILE_HAND),
    mahjong: Some(crate::text_id!("classic_american.mah_jong")),
    win_flags: &WIN_FLAGS,
    fields: &[
        Field {
            key: "winning_tile",
            kind: FieldKind::Text,
            label: crate::text_id!("classic_american.field.winning_tile"),
            applies: Applies::Winner,
            hint: "",
        },
        Field {
            key: "dead",
            kind: FieldKind::OneOf { choices: &DEAD_HANDS, none: crate::text_id!("classic_american.field.live_hand") },
            label: crate::text_id!("classic_american.field.dead"),
            applies: Applies::NotWinner,
            hint: "",
        },
    ],
    void_label: crate::text_id!("classic_american.void"),
    points_and_doubles: true,
    dealer_flag: None,
    book: None,
    sheet_facts: &[],
    carried: &[],
};

static DEAD_HANDS: [WinFlagInfo; 3] = [
    WinFlagInfo { id: "irregular", label: crate::text_id!("classic_american.dead.irregular") },
    WinFlagInfo { id: "short", label: crate::text_id!("classic_american.dead.short") },
    WinFlagInfo { id: "long", label: crate::text_id!("classic_american.dead.long") },
];

static CHOICES: [ChoiceOption; 4] = [
    ChoiceOption {
        path: "edition",
        label: crate::text_id!("classic_american.option.edition.label"),
        values: &[
            Choice { json: "\"tacolfmj\"", label: crate::text_id!("classic_american.option.edition.tacolfmj") },
            Choice { json: "\"lrb\"", label: crate::text_id!("classic_american.option.edition.lrb") },
        ],
    },
    ChoiceOption {
        path: "game_type",
        label: crate::text_id!("classic_american.option.game_type.label"),
        values: &[
            Choice { json: "\"mixed\"", label: crate::text_id!("classic_american.option.game_type.mixed") },
            Choice { json: "\"cleared\"", label: crate::text_id!("classic_american.option.game_type.cleared") },
            Choice { json: "\"one_double\"", label: crate::text_id!("classic_american.option.game_type.one_double") },
        ],
    },
    ChoiceOption {
        path: "lrb_cleared_required",
        label: crate::text_id!("classic_american.option.lrb_cleared_required.label"),
        values: &[
            Choice { json: "false", label: crate::text_id!("classic_american.option.lrb_cleared_required.false") },
            Choice { json: "true", label: crate::text_id!("classic_american.option.lrb_cleared_required.true") },
        ],
    },
    ChoiceOption {
        path: "rounding",
        label: crate::text_id!("classic_american.option.rounding.label"),
        values: &[
            Choice { json: "\"exact\"", label: crate::text_id!("classic_american.option.rounding.exact") },
            Choice { json: "\"nearest_ten\"", label: crate::text_id!("classic_american.option.rounding.nearest_ten") },
        ],
    },
];

/// The winner's flags with the words a referee uses.
static WIN_FLAGS: [WinFlagInfo; 9] = [
    WinFlagInfo { id: "self_drawn", label: crate::text_id!("classic_american.flag.self_drawn") },
    WinFlagInfo { id: "only_possible_tile", label: crate::text_id!("classic_american.flag.only_possible_tile") },
    WinFlagInfo { id: "last_wall_tile", label: crate::text_id!("classic_american.flag.last_wall_tile") },
    WinFlagInfo { id: "last_discard", label: crate::text_id!("classic_american.flag.last_discard") },
    WinFlagInfo { id: "kong_replacement", label: crate::text_id!("classic_american.flag.kong_replacement") },
    WinFlagInfo { id: "robbing_kong", label: crate::text_id!("classic_american.flag.robbing_kong") },
    WinFlagInfo { id: "delayed_call", label: crate::text_id!("classic_american.flag.delayed_call") },
    WinFlagInfo { id: "dealt_hand", label: crate::text_id!("classic_american.flag.dealt_hand") },
    WinFlagInfo { id: "kong_upon_kong", label: crate::text_id!("classic_american.flag.kong_upon_kong") },
];

/// The generic outcome of a scored manche.
pub fn outcome(manche: &ClassicManche, scored: &ScoredManche) -> MancheOutcome {
    let hands = manche.seats.iter().zip(&scored.hands).map(|(seat, hand)| {
        let scored = hand.as_ref().map(|h| ScoredTiles {
            value: h.value,
            points: h.points,
            doubles: h.doubles,
            limit: h.limit.map(Limit::id),
            shape: h.shape,
            melds: &h.melds,
            items: h.lines.iter().map(|&(line, amount)| line.item(amount)).collect(),
        });
        (seat.name.as_str(), seat.wind, seat.mahjong, seat.hand.as_ref(), scored)
    });
    tile_outcome(ID, manche.is_wall_game(), hands, &scored.settlement)
}
