//! A hand (kyoku) as the referee enters it, read out of the common input: the winners' tiles (or their han and
//! fu as the table's score sheet has them), how they won, who declared riichi, who was tenpai at a draw, who
//! committed a chombo, and what the game carries into the hand (counters, deposits). Every field is checked
//! by its key and its player's name.

use arrayvec::ArrayVec;

use stecca_seam::message::Message;
use stecca_seam::rules::{MancheError, MancheInput, PlayerInput, problems::Problems, tile_checks::seat_wind};
use stecca_seam::tiles::{Tile, Wind};

use super::input::{RiichiKind, WinningHand};
use super::parse::{ParseError, parse_tile, parse_win};

/// The ruleset's id.
pub const ID: &str = "riichi";

/// The manche's fields.
pub mod key {
    /// Counters on the table when the hand starts (carried).
    pub const HONBA: &str = "honba";
    /// Riichi deposits on the table when the hand starts, from earlier hands (carried).
    pub const DEPOSITS: &str = "deposits";
    /// The dora indicators, kan dora included.
    pub const DORA: &str = "dora";
    /// The ura-dora indicators (a riichi winner's).
    pub const URA_DORA: &str = "ura_dora";
    /// Set on the game's last deal: deposits still on the table after it go to the first-placed (carried).
    pub const LAST_DEAL: &str = "last_deal";
    /// The players' scores when the last deal starts, by name (carried with [`LAST_DEAL`]).
    pub const SCORES: &str = "scores";
    /// A player's winning tile.
    pub const WINNING_TILE: &str = "winning_tile";
    /// A player declared riichi in this hand.
    pub const RIICHI: &str = "riichi";
    /// The player whose discard was won on.
    pub const DISCARDER: &str = "discarder";
    /// A player tenpai at an exhaustive draw.
    pub const TENPAI: &str = "tenpai";
    /// A player who committed a chombo.
    pub const CHOMBO: &str = "chombo";
    /// A winner's han as the score sheet has them.
    pub const HAN: &str = "han";
    /// A winner's fu as the score sheet has them.
    pub const FU: &str = "fu";
    /// A winner's yakuman, as the score sheet has it.
    pub const YAKUMAN: &str = "yakuman";
    /// The player liable (pao) for a winner's big three dragons or big four winds.
    pub const LIABLE: &str = "liable";
}

/// The winner's flags (`win` of the input).
pub mod flag {
    /// Tsumo.
    pub const SELF_DRAWN: &str = "self_drawn";
    /// Haitei: tsumo on the last wall tile.
    pub const LAST_WALL_TILE: &str = "last_wall_tile";
    /// Houtei: ron on the last discard.
    pub const LAST_DISCARD: &str = "last_discard";
    /// Chankan.
    pub const ROBBING_KONG: &str = "robbing_kong";
    /// Rinshan kaihou.
    pub const KONG_REPLACEMENT: &str = "kong_replacement";
    /// Tenhou (the dealer) or chiihou (another player): a win on the first draw.
    pub const DEALT_HAND: &str = "dealt_hand";
    /// Ippatsu.
    pub const IPPATSU: &str = "ippatsu";
    /// Double riichi.
    pub const DOUBLE_RIICHI: &str = "double_riichi";
    /// Every flag, in the order the entry shows them.
    pub const ALL: [&str; 8] =
        [SELF_DRAWN, IPPATSU, DOUBLE_RIICHI, LAST_WALL_TILE, LAST_DISCARD, ROBBING_KONG, KONG_REPLACEMENT, DEALT_HAND];
}

const MANCHE_FIELDS: [&str; 6] = [key::HONBA, key::DEPOSITS, key::DORA, key::URA_DORA, key::LAST_DEAL, key::SCORES];
const PLAYER_FIELDS: [&str; 11] = [
    key::LIABLE,
    key::DORA,
    key::URA_DORA,
    key::WINNING_TILE,
    key::RIICHI,
    key::DISCARDER,
    key::TENPAI,
    key::CHOMBO,
    key::HAN,
    key::FU,
    key::YAKUMAN,
];

/// What a winner's hand is worth, as entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// The tiles: Stecca finds the yaku, the dora and the fu.
    Tiles(WinningHand),
    /// The han and fu (or a yakuman) as the table's score sheet has them.
    Sheet {
        /// Han, dora included.
        han: u8,
        /// Fu (may be absent from 5 han on).
        fu: Option<u8>,
        /// A yakuman.
        yakuman: bool,
    },
}

/// A winner's flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinFlags {
    /// Tsumo.
    pub self_drawn: bool,
    /// Haitei.
    pub last_wall_tile: bool,
    /// Houtei.
    pub last_discard: bool,
    /// Chankan.
    pub robbing_kong: bool,
    /// Rinshan kaihou.
    pub kong_replacement: bool,
    /// Tenhou or chiihou.
    pub dealt_hand: bool,
    /// Ippatsu.
    pub ippatsu: bool,
}

/// A winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Won {
    /// The hand's value as entered.
    pub value: Value,
    /// How the hand was won.
    pub flags: WinFlags,
}

/// One player of the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Name, unique at the table.
    pub name: String,
    /// Seat wind this hand (East deals).
    pub seat: Wind,
    /// Riichi declared in this hand (1,000 on the table).
    pub riichi: RiichiKind,
    /// Tenpai at an exhaustive draw.
    pub tenpai: bool,
    /// Committed a chombo.
    pub chombo: bool,
    /// Discarded the winning tile.
    pub discarder: bool,
    /// Liable (pao) for a winner's big three dragons or big four winds.
    pub liable: bool,
    /// Won the hand.
    pub won: Option<Won>,
}

/// A hand as entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The round wind.
    pub round: Wind,
    /// Counters when the hand starts.
    pub honba: u8,
    /// Deposits on the table when the hand starts (1,000 each).
    pub deposits: u8,
    /// Dora indicators.
    pub dora: ArrayVec<Tile, 5>,
    /// Ura-dora indicators.
    pub ura_dora: ArrayVec<Tile, 5>,
    /// An exhaustive draw (the envelope's `void`).
    pub draw: bool,
    /// The game's last deal.
    pub last_deal: bool,
    /// Scores when the last deal starts, by player (as `players`), when given.
    pub scores: Option<Vec<i64>>,
    /// The four players.
    pub players: Vec<Player>,
}

impl Hand {
    /// The players who won.
    pub fn winners(&self) -> impl Iterator<Item = (usize, &Player, &Won)> {
        self.players.iter().enumerate().filter_map(|(i, p)| Some((i, p, p.won.as_ref()?)))
    }

    /// The player who discarded the winning tile.
    pub fn discarder(&self) -> Option<usize> {
        self.players.iter().position(|p| p.discarder)
    }
}

/// Reads the hand out of the common input; every problem found, one per player at most.
pub fn read(input: &MancheInput) -> Result<Hand, Problems> {
    let mut found = Problems::default();
    let manche = read_manche_fields(input);
    let manche = match manche {
        Ok(fields) => Some(fields),
        Err(error) => {
            found.push(error);
            None
        }
    };
    let mut players = Vec::with_capacity(input.players.len());
    for player in &input.players {
        match read_player(player, input.void) {
            Ok(read) => players.push(read),
            Err(error) => found.push(error),
        }
    }
    match manche {
        Some((round, honba, deposits, dora, ura_dora, last_deal, scores)) if found.is_empty() => {
            let scores = match scores {
                Some(scores) => Some(scores_by_player(&scores, &players)?),
                None => None,
            };
            Ok(Hand { round, honba, deposits, dora, ura_dora, draw: input.void, last_deal, scores, players })
        }
        _ => Err(found),
    }
}

type ManchePart =
    (Wind, u8, u8, ArrayVec<Tile, 5>, ArrayVec<Tile, 5>, bool, Option<serde_json::Map<String, serde_json::Value>>);

fn read_manche_fields(input: &MancheInput) -> Result<ManchePart, MancheError> {
    let Some(round) = input.round_wind else {
        return Err(MancheError::general(crate::msg!("riichi.error.round_wind_missing")));
    };
    input.refuse_fields_but(&MANCHE_FIELDS, "Riichi")?;
    let count = |key: &str, max: u8| -> Result<u8, MancheError> {
        let value = input.field::<u64>(key)?.unwrap_or(0);
        u8::try_from(value).ok().filter(|v| *v <= max).ok_or_else(|| {
            MancheError::general(crate::msg!("riichi.error.count_out_of_range", field = key, value = value, max = max))
        })
    };
    let honba = count(key::HONBA, 99)?;
    let deposits = count(key::DEPOSITS, 99)?;
    let dora = shared_indicators(input, key::DORA)?;
    let ura_dora = shared_indicators(input, key::URA_DORA)?;
    let last_deal = input.field::<bool>(key::LAST_DEAL)?.unwrap_or(false);
    let scores = input.field::<serde_json::Map<String, serde_json::Value>>(key::SCORES)?;
    Ok((round, honba, deposits, dora, ura_dora, last_deal, scores))
}

/// The indicators of `key`, given for the manche or in a winner's column (the desk's entry types them there,
/// beside the tiles they count for); given in several places, they must agree.
fn shared_indicators(input: &MancheInput, key: &str) -> Result<ArrayVec<Tile, 5>, MancheError> {
    let mut found: Option<ArrayVec<Tile, 5>> = None;
    let winners = input.players.iter().filter(|p| p.mahjong).map(|p| (Some(p.name.as_str()), &p.fields));
    for (player, fields) in std::iter::once((None, &input.fields)).chain(winners) {
        let about = |why: Message| match player {
            Some(name) => MancheError::player(name, why),
            None => MancheError::general(why),
        };
        let Some(tiles) = indicators(fields.get(key), key).map_err(about)? else { continue };
        match &found {
            Some(known) if *known != tiles => {
                return Err(about(crate::msg!("riichi.error.indicators_differ", field = key)));
            }
            _ => found = Some(tiles),
        }
    }
    Ok(found.unwrap_or_default())
}

/// The indicators of `key`: a list of tiles, or one text of tiles apart (`"4d 9c"`); at most five. `None`
/// when not given.
fn indicators(value: Option<&serde_json::Value>, key: &str) -> Result<Option<ArrayVec<Tile, 5>>, Message> {
    let words: Vec<String> = match value {
        None | Some(serde_json::Value::Null) => return Ok(None),
        Some(serde_json::Value::String(text)) if text.trim().is_empty() => return Ok(None),
        Some(serde_json::Value::String(text)) => text.split_whitespace().map(str::to_owned).collect(),
        Some(value) => serde_json::from_value::<Vec<String>>(value.clone())
            .map_err(|e| crate::msg!("manche.error.field_unreadable", field = key, detail = e.to_string()))?,
    };
    let mut tiles = ArrayVec::new();
    for word in &words {
        let (tile, _) =
            parse_tile(word).map_err(|_| crate::msg!("riichi.error.indicator_not_a_tile", field = key, text = word))?;
        if tiles.try_push(tile).is_err() {
            return Err(crate::msg!("riichi.error.too_many_indicators", field = key));
        }
    }
    Ok(Some(tiles))
}

fn scores_by_player(
    scores: &serde_json::Map<String, serde_json::Value>,
    players: &[Player],
) -> Result<Vec<i64>, Problems> {
    let mut by_player = Vec::with_capacity(players.len());
    for player in players {
        let Some(score) = scores.get(&player.name).and_then(serde_json::Value::as_i64) else {
            let why = crate::msg!("riichi.error.score_missing", field = key::SCORES);
            return Err(MancheError::player(&player.name, why).into());
        };
        by_player.push(score);
    }
    Ok(by_player)
}

fn read_player(player: &PlayerInput, draw: bool) -> Result<Player, MancheError> {
    let name = &player.name;
    let refuse = |why: Message| MancheError::player(name, why);
    player.refuse_fields_but(&PLAYER_FIELDS, "Riichi")?;
    let seat = seat_wind(player)?;
    let mut riichi = if player.flag(key::RIICHI)? { RiichiKind::Riichi } else { RiichiKind::None };
    let (mut flags, mut double) = (WinFlags::default(), false);
    for name in &player.win {
        match name.as_str() {
            flag::SELF_DRAWN => flags.self_drawn = true,
            flag::LAST_WALL_TILE => flags.last_wall_tile = true,
            flag::LAST_DISCARD => flags.last_discard = true,
            flag::ROBBING_KONG => flags.robbing_kong = true,
            flag::KONG_REPLACEMENT => flags.kong_replacement = true,
            flag::DEALT_HAND => flags.dealt_hand = true,
            flag::IPPATSU => flags.ippatsu = true,
            flag::DOUBLE_RIICHI => double = true,
            other => {
                let known = flag::ALL.join(", ");
                return Err(refuse(crate::msg!("riichi.error.unknown_win_flag", name = other, known = known)));
            }
        }
    }
    if double {
        riichi = RiichiKind::Double;
    }
    let tenpai = player.flag(key::TENPAI)?;
    let chombo = player.flag(key::CHOMBO)?;
    let discarder = player.flag(key::DISCARDER)?;
    let liable = player.flag(key::LIABLE)?;
    if !player.mahjong {
        let winner_only = [key::WINNING_TILE, key::HAN, key::FU, key::YAKUMAN, key::DORA, key::URA_DORA];
        let stray =
            [(player.hand.as_deref().is_some_and(|h| !h.trim().is_empty()), "hand"), (!player.win.is_empty(), "win")]
                .into_iter()
                .chain(winner_only.map(|k| (player.fields.get(k).is_some_and(set), k)))
                .find(|(given, _)| *given);
        if let Some((_, field)) = stray {
            return Err(refuse(crate::msg!("riichi.error.winner_field", field = field)));
        }
        if tenpai && !draw {
            return Err(refuse(crate::msg!("riichi.error.tenpai_without_draw")));
        }
        return Ok(Player { name: name.clone(), seat, riichi, tenpai, chombo, discarder, liable, won: None });
    }
    if draw {
        return Err(MancheError::general(crate::msg!("riichi.error.draw_with_winner", name = name)));
    }
    if tenpai {
        return Err(refuse(crate::msg!("riichi.error.tenpai_without_draw")));
    }
    if liable {
        return Err(refuse(crate::msg!("riichi.error.liable_winner")));
    }
    let value = read_value(player).map_err(refuse)?;
    let won = Some(Won { value, flags });
    Ok(Player { name: name.clone(), seat, riichi, tenpai, chombo, discarder, liable, won })
}

/// Whether a field's value is set (neither null nor `false` nor an empty text).
fn set(value: &serde_json::Value) -> bool {
    !matches!(value, serde_json::Value::Null | serde_json::Value::Bool(false))
        && value.as_str().is_none_or(|text| !text.trim().is_empty())
}

/// The winner's tiles, or the han and fu typed from the score sheet (one of the two).
fn read_value(player: &PlayerInput) -> Result<Value, Message> {
    let number = |key: &str| -> Result<Option<u8>, Message> {
        match player.fields.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(text)) if text.trim().is_empty() => Ok(None),
            Some(value) => {
                let parsed = value.as_u64().or_else(|| value.as_str().and_then(|t| t.trim().parse().ok()));
                parsed
                    .and_then(|n| u8::try_from(n).ok())
                    .map(Some)
                    .ok_or_else(|| crate::msg!("riichi.error.not_a_count", field = key, value = value.to_string()))
            }
        }
    };
    let han = number(key::HAN)?;
    let fu = number(key::FU)?;
    let yakuman = player.flag(key::YAKUMAN).map_err(|e| e.reason)?;
    let tiles = player.hand.as_deref().filter(|h| !h.trim().is_empty());
    let winning_tile = player.field::<String>(key::WINNING_TILE).map_err(|e| e.reason)?;
    let winning_tile = winning_tile.filter(|t| !t.trim().is_empty());
    match (tiles, han.is_some() || fu.is_some() || yakuman) {
        (Some(_), true) => Err(crate::msg!("riichi.error.tiles_and_sheet")),
        (None, false) => Err(crate::msg!("riichi.error.value_missing")),
        (None, true) => {
            if winning_tile.is_some() {
                return Err(crate::msg!("riichi.error.winning_tile_without_hand"));
            }
            match (han, yakuman) {
                (_, true) => Ok(Value::Sheet { han: han.unwrap_or(13), fu, yakuman }),
                (Some(han), false) => Ok(Value::Sheet { han, fu, yakuman }),
                (None, false) => Err(crate::msg!("riichi.error.han_missing")),
            }
        }
        (Some(tiles), false) => {
            let Some(win) = winning_tile else {
                return Err(crate::msg!("riichi.error.winning_tile_missing"));
            };
            parse_win(tiles, &win).map(Value::Tiles).map_err(|e| parse_error(&e, &win))
        }
    }
}

fn parse_error(error: &ParseError, win: &str) -> Message {
    match error {
        ParseError::Notation(e) => stecca_seam::message::Explain::message(e),
        ParseError::BonusTile(bonus) => crate::msg!("riichi.error.bonus_tile", tile = bonus),
        ParseError::WinTile(_) => crate::msg!("riichi.error.winning_tile_not_one", text = win),
        ParseError::TooManyGroups(n) => crate::msg!("riichi.error.too_many_groups", n = n),
    }
}
