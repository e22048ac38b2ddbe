//! A winning hand from the notation of `shared/rules/notation.md`: the concealed tiles before the winning tile,
//! melded sets in brackets (`[123c]`, `[555b]`, `[5555b]`), a concealed kong as four identical tiles without
//! brackets (`RRRR`), flowers and seasons (`1f`, `3s`); the winning tile apart.

use arrayvec::ArrayVec;
use thiserror::Error;

use stecca_seam::tiles::{Bonus, NotationError, Tile, parse_hand};

use super::input::WinningHand;

/// Why the text of a winning hand was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A token of the notation is wrong (it names the token and the reason).
    #[error("{0}")]
    Notation(NotationError),
    /// The same flower or season twice.
    #[error("bonus tile {0} twice")]
    BonusTwice(Bonus),
    /// The winning tile is not exactly one playing tile (the text as typed).
    #[error("the winning tile must be one tile: {0:?}")]
    WinTile(String),
    /// More than four declared sets (their count).
    #[error("{0} declared sets")]
    TooManySets(usize),
}

/// Parses `hand` (the tiles before the winning tile, with sets and flowers) and `win`, e.g.
/// `[123c] 123c 123d 789b E 4f` and `E`. Tile counts and copies are checked by [`super::evaluate`].
pub fn parse_win(hand: &str, win: &str) -> Result<WinningHand, ParseError> {
    let win_tile = parse_tile(win)?;
    let parsed = parse_hand(hand).map_err(ParseError::Notation)?;
    let mut seen = [false; 8];
    for &bonus in &parsed.bonus {
        if std::mem::replace(&mut seen[bonus.index()], true) {
            return Err(ParseError::BonusTwice(bonus));
        }
    }
    let sets = parsed.fixed_melds().count();
    if sets > 4 {
        return Err(ParseError::TooManySets(sets));
    }
    let melds: ArrayVec<_, 4> = parsed.fixed_melds().collect();
    let flowers = u8::try_from(parsed.bonus.len()).unwrap_or(u8::MAX);
    Ok(WinningHand { concealed: parsed.concealed, melds, win: win_tile, flowers })
}

fn parse_tile(text: &str) -> Result<Tile, ParseError> {
    let parsed = parse_hand(text.trim()).map_err(ParseError::Notation)?;
    let mut tiles = Tile::all().filter(|t| parsed.concealed[t.index()] > 0);
    let (Some(tile), None) = (tiles.next(), tiles.next()) else {
        return Err(ParseError::WinTile(text.to_owned()));
    };
    let single = parsed.concealed[tile.index()] == 1 && parsed.exposed.is_empty() && parsed.bonus.is_empty();
    if !single || !parsed.concealed_kongs.is_empty() {
        return Err(ParseError::WinTile(text.to_owned()));
    }
    Ok(tile)
}

/// The tiles before the winning tile in notation (flowers aside), and the winning tile.
pub(super) fn notation(hand: &WinningHand) -> (String, String) {
    let text = stecca_seam::tiles::Hand {
        exposed: hand.melds.iter().copied().filter(|m| !m.concealed).collect(),
        concealed_kongs: hand.melds.iter().filter(|m| m.concealed).map(|m| m.tile).collect(),
        bonus: Vec::new(),
        concealed: hand.concealed,
    };
    (text.to_string(), hand.win.to_string())
}
