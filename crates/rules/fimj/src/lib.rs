//! The Italian official rules (FIMJ, 1993): `shared/rules/fimj.md`.

#![warn(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

mod flags;
mod limits;
mod lines;
mod options;
mod random;
mod score;
mod validate;

pub use flags::WinFlags;
pub use limits::Limit;
pub use lines::{Amount, EqualChows, Line, Snake};
pub use options::{ClosingDoubles, EastRotation, FimjOptions, LimitValues};
pub use random::random_manche;
pub use score::{HandContext, HandError, HandScore, score_hand};
pub use validate::validate;

use stecca_seam::message::Message;
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::tile_checks::TILE_HAND;
use stecca_seam::rules::{
    Choice, ChoiceOption, EntryModel, Fields, Locales, MancheError, MancheFrame, MancheInput, MancheOutcome,
    PlayerInput, Rotation, SeatModel, TunableValue, TypedRuleset, WinFlagInfo, tile_checks::seat_wind, tile_outcome,
};
use stecca_seam::settle::{self, Party, Rounding, SettleRules, Settlement};
use stecca_seam::tiles::{Hand, Wind, parse_hand};

/// FIMJ settlement: East pays and collects double; each payment rounded to tens.
pub const SETTLE_RULES: SettleRules = SettleRules { east_factor: 2, rounding: Rounding::NearestTen, cap: None };

/// The FIMJ ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fimj;

/// One player at a FIMJ table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Unique name at the table.
    pub name: String,
    /// Seat wind this manche.
    pub wind: Wind,
    /// The hand (may be absent in a void manche).
    pub hand: Option<Hand>,
    /// Went Mah Jong.
    pub mahjong: bool,
    /// How the winner went out.
    pub flags: WinFlags,
}

/// A FIMJ manche with parsed hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FimjManche {
    /// Vento di giro.
    pub round_wind: Wind,
    /// A monte.
    pub void: bool,
    /// The four players.
    pub seats: Vec<Seat>,
}

/// Every hand's score and the payments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredManche {
    /// Per seat; `None` in a void manche.
    pub hands: Vec<Option<HandScore>>,
    /// Payments and nets, per seat.
    pub settlement: Settlement,
}

impl FimjManche {
    /// Parses the generic input (notation, flags, round wind).
    pub fn from_input(input: &MancheInput) -> Result<FimjManche, MancheError> {
        let Some(round_wind) = input.round_wind else {
            return Err(MancheError::general(crate::msg!("fimj.error.round_wind_is_missing")));
        };
        input.refuse_fields_but(&[], "FIMJ")?;
        let mut seats = Vec::with_capacity(input.players.len());
        for player in &input.players {
            player.refuse_fields_but(&[], "FIMJ")?;
            let hand = match &player.hand {
                Some(text) => Some(
                    parse_hand(text)
                        .map_err(|e| MancheError::player(&player.name, stecca_seam::message::Explain::message(&e)))?,
                ),
                None => None,
            };
            let mut flags = WinFlags::NONE;
            for name in &player.win {
                let Some(flag) = WinFlags::parse(name) else {
                    let known: Vec<&str> = WinFlags::NAMED.iter().map(|(n, _)| *n).collect();
                    let known = known.join(", ");
                    return Err(MancheError::player(
                        &player.name,
                        crate::msg!("fimj.error.unknown_win_flag_name_expected", name = name, known = known),
                    ));
                };
                flags.insert(flag);
            }
            let wind = seat_wind(player)?;
            seats.push(Seat { name: player.name.clone(), wind, hand, mahjong: player.mahjong, flags });
        }
        Ok(FimjManche { round_wind, void: input.void, seats })
    }
}

impl FimjManche {
    /// The manche in the generic input shape (hands in canonical notation), e.g. to write it as JSON.
    pub fn to_input(&self, options: &FimjOptions) -> MancheInput {
        MancheInput {
            rules: ID.to_owned(),
            round_wind: Some(self.round_wind),
            void: self.void,
            players: self
                .seats
                .iter()
                .map(|seat| PlayerInput {
                    name: seat.name.clone(),
                    seat: Some(seat.wind),
                    hand: seat.hand.as_ref().map(Hand::to_string),
                    mahjong: seat.mahjong,
                    win: seat.flags.names().into_iter().map(str::to_owned).collect(),
                    ..PlayerInput::default()
                })
                .collect(),
            fields: Fields::new(),
            options: serde_json::to_value(options).unwrap_or_default(),
        }
    }
}

/// Validates, scores every hand and settles the manche.
pub fn score_manche(manche: &FimjManche, options: &FimjOptions) -> Result<ScoredManche, MancheError> {
    score_manche_or_problems(manche, options).map_err(Problems::into_error)
}

/// Validates, scores every hand and settles the manche; on failure every problem found, one per player at most.
pub fn score_manche_or_problems(manche: &FimjManche, options: &FimjOptions) -> Result<ScoredManche, Problems> {
    let mut found = validate::problems(manche, options);
    if !found.is_empty() {
        return Err(found);
    }
    if manche.void {
        let settlement = Settlement { payments: Default::default(), net: manche.seats.iter().map(|_| 0).collect() };
        return Ok(ScoredManche { hands: manche.seats.iter().map(|_| None).collect(), settlement });
    }
    let mut hands = Vec::with_capacity(manche.seats.len());
    let mut parties = Vec::with_capacity(manche.seats.len());
    for seat in &manche.seats {
        let Some(hand) = &seat.hand else {
            found.push(validate::missing_hand(&seat.name));
            continue;
        };
        let ctx = HandContext { seat: seat.wind, round: manche.round_wind, winner: seat.mahjong, flags: seat.flags };
        match score_hand(hand, &ctx, options) {
            Ok(scored) => {
                parties.push(Party { value: scored.value, east: seat.wind == Wind::East, winner: seat.mahjong });
                hands.push(Some(scored));
            }
            Err(e) => found.push(hand_error(&seat.name, e)),
        }
    }
    if !found.is_empty() {
        return Err(found);
    }
    Ok(ScoredManche { hands, settlement: settle::settle(&parties, SETTLE_RULES) })
}

fn hand_error(name: &str, error: HandError) -> MancheError {
    match error {
        HandError::Incomplete => MancheError::player(name, crate::msg!("fimj.error.tiles_do_not_form_complete")),
        HandError::TooManyGroups => MancheError::player(name, crate::msg!("fimj.error.more_than_four_groups_are")),
    }
}

impl TypedRuleset for Fimj {
    type Options = FimjOptions;
    type Manche = FimjManche;

    fn id(&self) -> &'static str {
        ID
    }

    fn name_id(&self) -> &'static str {
        crate::text_id!("fimj.name")
    }
    fn locales(&self) -> Locales {
        Locales { files: crate::texts::FILES, renamed: &[] }
    }

    fn edition(&self, options: &FimjOptions) -> Option<Message> {
        Some(match options.east_rotation {
            EastRotation::Club => crate::msg!("fimj.edition.club"),
            EastRotation::Tournament => crate::msg!("fimj.edition.tournament"),
        })
    }

    fn table_size(&self) -> usize {
        4
    }

    fn seat_model(&self) -> SeatModel {
        SeatModel::Winds
    }

    /// Tournament play: East always passes. Club play: East stays after an East win or a void manche.
    fn rotation(&self, options: &FimjOptions, outcome: &MancheOutcome) -> Rotation {
        let club = options.east_rotation == EastRotation::Club;
        if club && (outcome.dealer_won() || outcome.void) { Rotation::Stay } else { Rotation::Pass }
    }

    fn deal_always_passes(&self, options: &FimjOptions) -> bool {
        options.east_rotation == EastRotation::Tournament
    }

    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }

    fn club_options(&self) -> serde_json::Value {
        // The digest's club play: East stays after an East win or a void manche.
        serde_json::json!({ "east_rotation": "club" })
    }

    fn check_options(&self, options: &FimjOptions) -> Result<(), Message> {
        options.check()
    }

    fn choice_options(&self) -> &'static [ChoiceOption] {
        &CHOICES
    }

    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &FimjOptions) -> MancheInput {
        let random = random_manche(seed);
        // The random seats are by wind; the frame's players sit by position.
        let seats = frame
            .names
            .iter()
            .enumerate()
            .map(|(position, name)| Seat {
                name: name.clone(),
                ..random.seats[frame.seat_wind(position).index()].clone()
            })
            .collect();
        let round_wind = frame.round_wind.unwrap_or(random.round_wind);
        let manche = FimjManche { round_wind, void: random.void, seats };
        manche.to_input(options)
    }

    fn read_manche(&self, input: &MancheInput) -> Result<FimjManche, Problems> {
        Ok(FimjManche::from_input(input)?)
    }

    fn score(&self, manche: &FimjManche, options: &FimjOptions) -> Result<MancheOutcome, Problems> {
        let scored = score_manche_or_problems(manche, options)?;
        Ok(outcome(manche, &scored))
    }

    fn tunable_values(&self) -> &'static [TunableValue] {
        &TUNABLE_VALUES
    }
}

/// The closing doubles (in doubles) and the limits (in points), in the digest's order; the limits keep their
/// Italian names in every language.
static TUNABLE_VALUES: [TunableValue; 13] = {
    const fn double(path: &'static str, label: &'static str) -> TunableValue {
        TunableValue { path, group: crate::text_id!("fimj.group.closing_doubles"), label }
    }
    const fn limit(path: &'static str, label: &'static str) -> TunableValue {
        TunableValue { path, group: crate::text_id!("fimj.group.limits"), label }
    }
    [
        double("closing_doubles.woo_pung", crate::text_id!("fimj.tunable.closing_doubles.woo_pung")),
        double("closing_doubles.colore", crate::text_id!("fimj.tunable.closing_doubles.colore")),
        double("closing_doubles.robbing_kong", crate::text_id!("fimj.tunable.closing_doubles.robbing_kong")),
        double("closing_doubles.last_discard", crate::text_id!("fimj.tunable.closing_doubles.last_discard")),
        double("closing_doubles.last_wall_tile", crate::text_id!("fimj.tunable.closing_doubles.last_wall_tile")),
        limit("limits.coppie", crate::text_id!("fimj.tunable.limits.coppie")),
        limit("limits.tutti_tris", crate::text_id!("fimj.tunable.limits.tutti_tris")),
        limit("limits.purezza", crate::text_id!("fimj.tunable.limits.purezza")),
        limit("limits.nove_fiori_nel_bambu", crate::text_id!("fimj.tunable.limits.nove_fiori_nel_bambu")),
        limit("limits.tutti_poker", crate::text_id!("fimj.tunable.limits.tutti_poker")),
        limit("limits.tredici_lanterne", crate::text_id!("fimj.tunable.limits.tredici_lanterne")),
        limit("limits.uscita_degli_dei", crate::text_id!("fimj.tunable.limits.uscita_degli_dei")),
        limit("limits.quattro_benedizioni", crate::text_id!("fimj.tunable.limits.quattro_benedizioni")),
    ]
};

/// What a FIMJ referee types: tiles, Mah Jong (up to three winners on one discard), the win flags.
static ENTRY: EntryModel = EntryModel {
    hand: Some(TILE_HAND),
    mahjong: Some(crate::text_id!("fimj.mah_jong")),
    win_flags: &WIN_FLAGS,
    fields: &[],
    void_label: crate::text_id!("fimj.void"),
    points_and_doubles: true,
    dealer_flag: None,
    book: None,
    sheet_facts: &[],
    carried: &[],
};

static CHOICES: [ChoiceOption; 1] = [ChoiceOption {
    path: "east_rotation",
    label: crate::text_id!("fimj.option.east_rotation.label"),
    values: &[
        Choice { json: "\"tournament\"", label: crate::text_id!("fimj.option.east_rotation.tournament") },
        Choice { json: "\"club\"", label: crate::text_id!("fimj.option.east_rotation.club") },
    ],
}];

/// The ruleset's id.
pub const ID: &str = "fimj";

/// FIMJ win flags with the words a referee uses (closing doubles and the two flag-driven limits).
static WIN_FLAGS: [WinFlagInfo; 6] = [
    WinFlagInfo { id: "self_drawn", label: crate::text_id!("fimj.flag.self_drawn") },
    WinFlagInfo { id: "last_wall_tile", label: crate::text_id!("fimj.flag.last_wall_tile") },
    WinFlagInfo { id: "last_discard", label: crate::text_id!("fimj.flag.last_discard") },
    WinFlagInfo { id: "robbing_kong", label: crate::text_id!("fimj.flag.robbing_kong") },
    WinFlagInfo { id: "dealt_hand", label: crate::text_id!("fimj.flag.dealt_hand") },
    WinFlagInfo { id: "ninth_east_win", label: crate::text_id!("fimj.flag.ninth_east_win") },
];

/// The generic outcome of a scored FIMJ manche.
pub fn outcome(manche: &FimjManche, scored: &ScoredManche) -> MancheOutcome {
    let hands = manche.seats.iter().zip(&scored.hands).map(|(seat, hand)| {
        let scored = hand.as_ref().map(|h| stecca_seam::rules::ScoredTiles {
            value: h.value,
            points: h.stick_points,
            doubles: h.doubles,
            limit: h.limit.map(Limit::id),
            shape: h.shape,
            melds: &h.melds,
            items: h.lines.iter().map(|&(line, amount)| line.item(amount)).collect(),
        });
        (seat.name.as_str(), seat.wind, seat.mahjong, seat.hand.as_ref(), scored)
    });
    tile_outcome(ID, manche.void, hands, &scored.settlement)
}
