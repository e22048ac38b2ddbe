//! A winning hand from the notation: the concealed tiles before the winning tile with the called groups in
//! brackets (`[123c]` chi, `[555b]` pon, `[5555b]` open kan), a concealed kan as four identical tiles without
//! brackets (`RRRR`), and the winning tile apart. A red five is written `0` ([`super::tiles`]).

use arrayvec::ArrayVec;
use thiserror::Error;

use stecca_seam::tiles::{Bonus, Hand as Tiles, MeldKind, NotationError, Tile, parse_hand};

use super::input::WinningHand;
use super::tiles::strip_red_fives;

/// Why the text of a winning hand was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A token of the notation is wrong (it names the token and the reason; a group in brackets that is no
    /// meld is [`stecca_seam::tiles::NotationErrorKind::NotAMeld`]).
    #[error("{0}")]
    Notation(NotationError),
    /// Flowers and seasons are not played in Riichi.
    #[error("bonus tile {0} in a riichi hand")]
    BonusTile(Bonus),
    /// The winning tile is not exactly one tile (the text as typed).
    #[error("the winning tile must be one tile: {0:?}")]
    WinTile(String),
    /// More than four groups are declared (their count).
    #[error("{0} declared groups")]
    TooManyGroups(usize),
}

/// Parses `hand` (the tiles before the winning tile) and `win` (the winning tile), e.g. `234c 567c 234d 67b
/// 55b` and `8b`. Tile counts and copies are checked by [`super::evaluate`], which also sees the dora
/// indicators.
pub fn parse_win(hand: &str, win: &str) -> Result<WinningHand, ParseError> {
    let (win_tile, win_red) = parse_tile(win)?;
    let (plain, mut red_fives) = strip_red_fives(hand);
    let parsed = parse_hand(&plain).map_err(ParseError::Notation)?;
    if let Some(&bonus) = parsed.bonus.first() {
        return Err(ParseError::BonusTile(bonus));
    }
    let groups = parsed.fixed_melds().count();
    if groups > 4 {
        return Err(ParseError::TooManyGroups(groups));
    }
    let melds: ArrayVec<_, 4> = parsed.fixed_melds().collect();
    if let Some(suit) = win_red {
        red_fives[suit as usize] = red_fives[suit as usize].saturating_add(1);
    }
    Ok(WinningHand { concealed: parsed.concealed, melds, win: win_tile, red_fives })
}

/// One tile, e.g. `8b`, `E`, `0d` (a red five): the tile and, for a red five, its suit.
pub fn parse_tile(text: &str) -> Result<(Tile, Option<stecca_seam::tiles::Suit>), ParseError> {
    let (plain, red) = strip_red_fives(text.trim());
    let parsed = parse_hand(&plain).map_err(ParseError::Notation)?;
    let mut tiles = Tile::all().filter(|t| parsed.concealed[t.index()] > 0);
    let (Some(tile), None) = (tiles.next(), tiles.next()) else {
        return Err(ParseError::WinTile(text.to_owned()));
    };
    let single = parsed.concealed[tile.index()] == 1 && parsed.exposed.is_empty() && parsed.bonus.is_empty();
    if !single || !parsed.concealed_kongs.is_empty() {
        return Err(ParseError::WinTile(text.to_owned()));
    }
    let red_suit = tile.suit().filter(|s| red[*s as usize] > 0);
    Ok((tile, red_suit))
}

/// The tiles before the winning tile in notation, and the winning tile (red fives written as plain fives).
pub(super) fn notation(tiles: &WinningHand) -> (String, String) {
    let mut hand = Tiles { concealed: tiles.concealed, ..Tiles::default() };
    for meld in &tiles.melds {
        if meld.concealed && meld.kind == MeldKind::Kong {
            hand.concealed_kongs.push(meld.tile);
        } else {
            hand.exposed.push(*meld);
        }
    }
    (hand.to_string(), tiles.win.to_string())
}
