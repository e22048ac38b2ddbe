//! Riichi facts about single tiles: which tile a dora indicator points at, and the red-five mark.
//!
//! **Red fives.** The notation has no digit 0, so `0` marks a red five, as tenhou and the `mahjong` library
//! write it: `0d` is the red five of dots, `4067b` holds the red five of bamboo, `[505c]` is a pung with the
//! red five of characters. [`strip_red_fives`] turns the marks into plain fives and counts them per suit; the
//! rest of the notation is unchanged.

use stecca_seam::tiles::{Dragon, Suit, Tile, TileKind};

/// The digit that writes a red five in place of `5`.
pub const RED_FIVE_DIGIT: char = '0';

/// Red fives per suit, indexed by `Suit as usize` (dots, bamboo, characters).
pub type RedFives = [u8; 3];

/// The dora that `indicator` points at: the next number of its suit (9 → 1), the next wind (North → East),
/// the next dragon in the order white → green → red → white.
pub fn dora_after(indicator: Tile) -> Tile {
    match indicator.kind() {
        TileKind::Suited(suit, n) => Tile::suited(suit, n % 9 + 1).unwrap_or(indicator),
        TileKind::Wind(w) => w.next().tile(),
        TileKind::Dragon(d) => Tile::dragon(match d {
            Dragon::White => Dragon::Green,
            Dragon::Green => Dragon::Red,
            Dragon::Red => Dragon::White,
        }),
    }
}

/// Notation text with every red-five mark (`0` in a run of digits closed by a suit letter) replaced by `5`,
/// and the red fives found per suit. A `0` not closed by a suit letter is left for the notation parser to
/// reject.
pub fn strip_red_fives(text: &str) -> (String, RedFives) {
    let mut out = String::with_capacity(text.len());
    let mut red = [0u8; 3];
    let mut run = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        if let Some(suit) = suit_of_letter(c) {
            let zeros = run.chars().filter(|&d| d == RED_FIVE_DIGIT).count();
            red[suit as usize] = red[suit as usize].saturating_add(u8::try_from(zeros).unwrap_or(u8::MAX));
            out.extend(run.drain(..).map(|d| if d == RED_FIVE_DIGIT { '5' } else { d }));
        } else {
            out.push_str(&run);
            run.clear();
        }
        out.push(c);
    }
    out.push_str(&run);
    (out, red)
}

/// A tile in notation with the red-five mark when `red` (the way [`strip_red_fives`] reads it back).
pub fn write_tile(tile: Tile, red: bool) -> String {
    match tile.kind() {
        TileKind::Suited(suit, 5) if red => format!("{RED_FIVE_DIGIT}{}", suit.letter()),
        _ => tile.to_string(),
    }
}

fn suit_of_letter(c: char) -> Option<Suit> {
    Suit::ALL.into_iter().find(|s| s.letter() == c)
}

/// The five of `suit`.
pub(crate) fn five(suit: Suit) -> Option<Tile> {
    Tile::suited(suit, 5)
}
