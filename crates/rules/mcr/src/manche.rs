//! A hand as the referee enters it, read out of the common input: the winner's tiles (or the fan as the
//! table's score sheet lists them), how the hand was won and on whose discard, who declared a False Hu and
//! who was given a penalty. Every field is checked by its key and its player's name.

use stecca_seam::message::Message;
use stecca_seam::rules::{MancheError, MancheInput, PlayerInput, problems::Problems, tile_checks::seat_wind};
use stecca_seam::tiles::Wind;

use super::fan::Fan;
use super::input::{Situation, WinningHand};
use super::parse::{ParseError, parse_win};
use super::sheet;

/// The ruleset's id.
pub const ID: &str = "mcr";

/// The players' fields.
pub mod key {
    /// The winner's winning tile.
    pub const WINNING_TILE: &str = "winning_tile";
    /// The player whose discard was won on (or whose kong was robbed).
    pub const DISCARDER: &str = "discarder";
    /// The winner's fan as the score sheet lists them (numbers of the book's table or names).
    pub const FANS: &str = "fans";
    /// Flowers and seasons of a winner entered by the score sheet (with tiles they are in the hand).
    pub const FLOWERS: &str = "flowers";
    /// A player who declared a False Hu (MCR §3.11.6).
    pub const FALSE_HU: &str = "false_hu";
    /// Points the referee deducted from a player for another foul.
    pub const PENALTY: &str = "penalty";
}

/// The winner's flags (`win` of the input).
pub mod flag {
    /// Self-drawn (also on a replacement tile).
    pub const SELF_DRAWN: &str = "self_drawn";
    /// Last Tile Draw: self-drawn on the last tile of the wall.
    pub const LAST_WALL_TILE: &str = "last_wall_tile";
    /// Last Tile Claim: won on the discard after the last wall tile.
    pub const LAST_DISCARD: &str = "last_discard";
    /// Out with Replacement Tile: self-drawn on a kong's replacement.
    pub const KONG_REPLACEMENT: &str = "kong_replacement";
    /// Robbing the Kong.
    pub const ROBBING_KONG: &str = "robbing_kong";
    /// Last Tile: the other three of its kind were visible.
    pub const FOURTH_TILE: &str = "fourth_tile";
    /// Every flag, in the order the entry shows them.
    pub const ALL: [&str; 6] = [SELF_DRAWN, LAST_WALL_TILE, LAST_DISCARD, KONG_REPLACEMENT, ROBBING_KONG, FOURTH_TILE];
}

const PLAYER_FIELDS: [&str; 6] =
    [key::WINNING_TILE, key::DISCARDER, key::FANS, key::FLOWERS, key::FALSE_HU, key::PENALTY];

/// The most a referee deducts for one foul in one hand (a bound on outside input, far above any rule book's).
pub const MAX_PENALTY: u32 = 1000;

/// What a winner's hand is worth, as entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// The tiles: Stecca finds the fan.
    Tiles(WinningHand),
    /// The fan as the table's score sheet lists them, flowers apart.
    Sheet {
        /// Each fan and how many times it counts, in the book's order.
        fans: Vec<(Fan, u8)>,
        /// Flowers and seasons.
        flowers: u8,
    },
}

/// A winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Won {
    /// The hand's value as entered.
    pub value: Value,
    /// How the hand was won (seat and prevalent wind included).
    pub situation: Situation,
}

/// One player of the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Name, unique at the table.
    pub name: String,
    /// Seat wind this hand (East deals).
    pub seat: Wind,
    /// Discarded the winning tile (or declared the robbed kong).
    pub discarder: bool,
    /// Declared a False Hu.
    pub false_hu: bool,
    /// Points deducted by the referee.
    pub penalty: u32,
    /// Won the hand.
    pub won: Option<Won>,
}

/// A hand as entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The prevalent wind.
    pub round: Wind,
    /// Nobody won: the wall was exhausted (the envelope's `void`).
    pub draw: bool,
    /// The four players.
    pub players: Vec<Player>,
}

impl Hand {
    /// The players who won.
    pub fn winners(&self) -> impl Iterator<Item = (usize, &Player, &Won)> {
        self.players.iter().enumerate().filter_map(|(i, p)| Some((i, p, p.won.as_ref()?)))
    }
}

/// Reads the hand out of the common input; every problem found, one per player at most.
pub fn read(input: &MancheInput) -> Result<Hand, Problems> {
    let mut found = Problems::default();
    let round = input.round_wind.ok_or_else(|| MancheError::general(crate::msg!("mcr.error.round_wind_missing")));
    let round = match round.and_then(|round| input.refuse_fields_but(&[], "MCR").map(|()| round)) {
        Ok(round) => Some(round),
        Err(error) => {
            found.push(error);
            None
        }
    };
    let mut players = Vec::with_capacity(input.players.len());
    for player in &input.players {
        match read_player(player, input.void, round.unwrap_or(Wind::East)) {
            Ok(read) => players.push(read),
            Err(error) => found.push(error),
        }
    }
    match round {
        Some(round) if found.is_empty() => Ok(Hand { round, draw: input.void, players }),
        _ => Err(found),
    }
}

fn read_player(player: &PlayerInput, draw: bool, round: Wind) -> Result<Player, MancheError> {
    let name = &player.name;
    let refuse = |why: Message| MancheError::player(name, why);
    player.refuse_fields_but(&PLAYER_FIELDS, "MCR")?;
    let seat = seat_wind(player)?;
    let discarder = player.flag(key::DISCARDER)?;
    let false_hu = player.flag(key::FALSE_HU)?;
    let penalty = match number(player, key::PENALTY).map_err(refuse)? {
        Some(points) if points > MAX_PENALTY => {
            return Err(refuse(crate::msg!("mcr.error.penalty_too_high", points = points, max = MAX_PENALTY)));
        }
        points => points.unwrap_or(0),
    };
    let mut situation = Situation::new(false, seat, round);
    for flag in &player.win {
        match flag.as_str() {
            flag::SELF_DRAWN => situation.self_drawn = true,
            flag::LAST_WALL_TILE => situation.last_wall_tile = true,
            flag::LAST_DISCARD => situation.last_discard = true,
            flag::KONG_REPLACEMENT => situation.kong_replacement = true,
            flag::ROBBING_KONG => situation.robbing_kong = true,
            flag::FOURTH_TILE => situation.fourth_tile = true,
            other => {
                let known = flag::ALL.join(", ");
                return Err(refuse(crate::msg!("mcr.error.unknown_win_flag", name = other, known = known)));
            }
        }
    }
    let basics = Player { name: name.clone(), seat, discarder, false_hu, penalty, won: None };
    if !player.mahjong {
        let winner_only = [key::WINNING_TILE, key::FANS, key::FLOWERS];
        let stray =
            [(player.hand.as_deref().is_some_and(|h| !h.trim().is_empty()), "hand"), (!player.win.is_empty(), "win")]
                .into_iter()
                .chain(winner_only.map(|k| (player.fields.get(k).is_some_and(set), k)))
                .find(|(given, _)| *given);
        if let Some((_, field)) = stray {
            return Err(refuse(crate::msg!("mcr.error.winner_field", field = field)));
        }
        return Ok(basics);
    }
    if draw {
        return Err(MancheError::general(crate::msg!("mcr.error.draw_with_winner", name = name)));
    }
    if false_hu {
        return Err(refuse(crate::msg!("mcr.error.false_hu_winner")));
    }
    if discarder {
        return Err(refuse(crate::msg!("mcr.error.winner_discarder")));
    }
    let value = read_value(player).map_err(refuse)?;
    Ok(Player { won: Some(Won { value, situation }), ..basics })
}

/// Whether a field's value is set (neither null nor `false` nor `0` nor an empty text).
fn set(value: &serde_json::Value) -> bool {
    !matches!(value, serde_json::Value::Null | serde_json::Value::Bool(false))
        && value.as_u64() != Some(0)
        && value.as_str().is_none_or(|text| !text.trim().is_empty())
}

/// A whole number typed as a number or a text; `None` when not given.
fn number(player: &PlayerInput, key: &str) -> Result<Option<u32>, Message> {
    match player.fields.get(key) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::String(text)) if text.trim().is_empty() => Ok(None),
        Some(value) => {
            let parsed = value.as_u64().or_else(|| value.as_str().and_then(|t| t.trim().parse().ok()));
            parsed
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| crate::msg!("mcr.error.not_a_count", field = key, value = value.to_string()))
        }
    }
}

/// The winner's tiles, or the fan typed from the score sheet (one of the two).
fn read_value(player: &PlayerInput) -> Result<Value, Message> {
    let tiles = player.hand.as_deref().filter(|h| !h.trim().is_empty());
    let fans = player.field::<serde_json::Value>(key::FANS).map_err(|e| e.reason)?.filter(set);
    let flowers = number(player, key::FLOWERS)?;
    let winning_tile = player.field::<String>(key::WINNING_TILE).map_err(|e| e.reason)?;
    let winning_tile = winning_tile.filter(|t| !t.trim().is_empty());
    match (tiles, fans) {
        (Some(_), Some(_)) => Err(crate::msg!("mcr.error.tiles_and_sheet")),
        (None, None) => Err(crate::msg!("mcr.error.value_missing")),
        (None, Some(fans)) => {
            if winning_tile.is_some() {
                return Err(crate::msg!("mcr.error.winning_tile_without_hand"));
            }
            let flowers = flowers.unwrap_or(0);
            if flowers > 8 {
                return Err(crate::msg!("mcr.error.flowers", n = flowers));
            }
            let fans = sheet::read(&fans)?;
            Ok(Value::Sheet { fans, flowers: flowers as u8 })
        }
        (Some(tiles), None) => {
            if flowers.is_some_and(|n| n > 0) {
                return Err(crate::msg!("mcr.error.flowers_with_tiles"));
            }
            let Some(win) = winning_tile else {
                return Err(crate::msg!("mcr.error.winning_tile_missing"));
            };
            parse_win(tiles, &win).map(Value::Tiles).map_err(|e| parse_error(&e, &win))
        }
    }
}

fn parse_error(error: &ParseError, win: &str) -> Message {
    match error {
        ParseError::Notation(e) => stecca_seam::message::Explain::message(e),
        ParseError::BonusTwice(bonus) => crate::msg!("mcr.error.bonus_twice", tile = bonus),
        ParseError::WinTile(_) => crate::msg!("mcr.error.winning_tile_not_one", text = win),
        ParseError::TooManySets(n) => crate::msg!("mcr.error.too_many_sets", n = n),
    }
}
