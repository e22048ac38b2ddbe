//! The 144 Mah Jong tiles and the text notation of `shared/rules/notation.md`.
//!
//! The 34 playing kinds (three suits of nine, four winds, three dragons) are packed into a `Tile` index so
//! that a hand is a fixed array of counts; the eight bonus tiles (flowers, seasons) are a separate type because
//! they never form groups.

mod hand;
mod notation;

pub use hand::{Hand, Meld, MeldKind};
pub use notation::{NotationError, NotationErrorKind, parse_hand};

use std::fmt;

/// Number of distinct playing tile kinds (suited + honours).
pub const KINDS: usize = 34;

/// How many of a hand's tiles there are of each kind, indexed by [`Tile::index`].
pub type Counts = [u8; KINDS];

/// The three suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Cerchi, written `d`.
    Dots,
    /// Bambù, written `b`.
    Bamboo,
    /// Caratteri, written `c`.
    Characters,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 3] = [Suit::Dots, Suit::Bamboo, Suit::Characters];

    /// The notation letter.
    #[inline]
    pub fn letter(self) -> char {
        match self {
            Suit::Dots => 'd',
            Suit::Bamboo => 'b',
            Suit::Characters => 'c',
        }
    }

    fn from_letter(c: char) -> Option<Suit> {
        match c {
            'd' => Some(Suit::Dots),
            'b' => Some(Suit::Bamboo),
            'c' => Some(Suit::Characters),
            _ => None,
        }
    }
}

/// The four winds, in turn order. A seat, the round wind and the number of a bonus tile are all winds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Wind {
    /// Est.
    #[serde(rename = "E")]
    East,
    /// Sud.
    #[serde(rename = "S")]
    South,
    /// Ovest.
    #[serde(rename = "W")]
    West,
    /// Nord.
    #[serde(rename = "N")]
    North,
}

impl Wind {
    /// The wind's name in `lang` ("Est", "East").
    pub fn name(self, lang: crate::i18n::Lang) -> String {
        lang.tr(match self {
            Wind::East => "wind.east",
            Wind::South => "wind.south",
            Wind::West => "wind.west",
            Wind::North => "wind.north",
        })
    }
}

impl Wind {
    /// All winds in turn order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// 0 for East … 3 for North.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The notation letter.
    #[inline]
    pub fn letter(self) -> char {
        ['E', 'S', 'W', 'N'][self.index()]
    }

    /// The wind's tile.
    #[inline]
    pub fn tile(self) -> Tile {
        Tile(27 + self as u8)
    }

    /// The wind that follows in turn order (East → South → West → North → East).
    #[inline]
    pub fn next(self) -> Wind {
        Wind::ALL[(self.index() + 1) % 4]
    }
}

/// The three dragons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dragon {
    /// Rosso, `R`.
    Red,
    /// Verde, `V` (also typed `G`).
    Green,
    /// Bianco, `B`.
    White,
}

/// One of the 34 playing tile kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// What kind of tile a [`Tile`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileKind {
    /// A numbered tile, 1–9.
    Suited(Suit, u8),
    /// A wind.
    Wind(Wind),
    /// A dragon.
    Dragon(Dragon),
}

impl Tile {
    /// All 34 kinds in index order.
    #[inline]
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }

    /// The tile with this index, if it is one (0‥33).
    #[inline]
    pub fn from_index(index: usize) -> Option<Tile> {
        (index < KINDS).then_some(Tile(index as u8))
    }

    /// A numbered tile; `number` must be 1–9.
    #[inline]
    pub fn suited(suit: Suit, number: u8) -> Option<Tile> {
        (1..=9).contains(&number).then(|| Tile(suit as u8 * 9 + number - 1))
    }

    /// A dragon tile.
    #[inline]
    pub fn dragon(dragon: Dragon) -> Tile {
        Tile(31 + dragon as u8)
    }

    /// Index 0‥33: dots 1–9, bamboo 1–9, characters 1–9, winds E S W N, dragons R V B.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// What the tile is.
    #[inline]
    pub fn kind(self) -> TileKind {
        match self.0 {
            0..=26 => TileKind::Suited(Suit::ALL[self.0 as usize / 9], self.0 % 9 + 1),
            27..=30 => TileKind::Wind(Wind::ALL[self.0 as usize - 27]),
            _ => TileKind::Dragon([Dragon::Red, Dragon::Green, Dragon::White][self.0 as usize - 31]),
        }
    }

    /// The suit of a numbered tile.
    #[inline]
    pub fn suit(self) -> Option<Suit> {
        match self.kind() {
            TileKind::Suited(suit, _) => Some(suit),
            _ => None,
        }
    }

    /// The number of a numbered tile.
    #[inline]
    pub fn number(self) -> Option<u8> {
        match self.kind() {
            TileKind::Suited(_, n) => Some(n),
            _ => None,
        }
    }

    /// Winds and dragons.
    #[inline]
    pub fn is_honour(self) -> bool {
        self.0 >= 27
    }

    /// Dragons only.
    #[inline]
    pub fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// A 1 or 9 of a suit.
    #[inline]
    pub fn is_terminal(self) -> bool {
        matches!(self.number(), Some(1 | 9))
    }

    /// Tessere di testa: terminals and honours.
    #[inline]
    pub fn is_head(self) -> bool {
        self.is_honour() || self.is_terminal()
    }

    /// The wind, if this is a wind tile.
    #[inline]
    pub fn wind(self) -> Option<Wind> {
        match self.kind() {
            TileKind::Wind(w) => Some(w),
            _ => None,
        }
    }

    /// The next number of the same suit (for chows), if any.
    #[inline]
    pub fn succ(self) -> Option<Tile> {
        matches!(self.number(), Some(1..=8)).then(|| Tile(self.0 + 1))
    }

    /// Whether a chow can start at this tile (a number 1–7).
    #[inline]
    pub fn starts_chow(self) -> bool {
        matches!(self.number(), Some(1..=7))
    }

    /// The tile's notation: `5b`, `E`, `R`.
    #[inline]
    pub fn notation(self) -> &'static str {
        NOTATION[self.index()]
    }
}

/// Every tile's notation, by index: written as a whole rather than formatted, since every scored hand writes its
/// tiles (in its arrangement and its lines).
const NOTATION: [&str; 34] = [
    "1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "1b", "2b", "3b", "4b", "5b", "6b", "7b", "8b", "9b", "1c",
    "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "E", "S", "W", "N", "R", "V", "B",
];

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// A flower or a season. Its number 1–4 is the wind it belongs to (1 East … 4 North).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bonus {
    /// Fiore: 1 plum, 2 orchid, 3 chrysanthemum, 4 bamboo.
    Flower(Wind),
    /// Stagione: 1 spring, 2 summer, 3 autumn, 4 winter.
    Season(Wind),
}

impl Bonus {
    /// The wind (seat) this bonus tile belongs to.
    #[inline]
    pub fn wind(self) -> Wind {
        match self {
            Bonus::Flower(w) | Bonus::Season(w) => w,
        }
    }

    /// 0‥7: flowers then seasons, for bit sets.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Bonus::Flower(w) => w.index(),
            Bonus::Season(w) => 4 + w.index(),
        }
    }

    /// The bonus tile's notation: `2f`, `4s`.
    #[inline]
    pub fn notation(self) -> &'static str {
        match self {
            Bonus::Flower(w) => ["1f", "2f", "3f", "4f"][w.index()],
            Bonus::Season(w) => ["1s", "2s", "3s", "4s"][w.index()],
        }
    }
}

impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip_through_display() {
        let names: Vec<String> = Tile::all().map(|t| t.to_string()).collect();
        assert_eq!(names[0], "1d");
        assert_eq!(names[17], "9b");
        assert_eq!(names[26], "9c");
        assert_eq!(&names[27..], ["E", "S", "W", "N", "R", "V", "B"]);
    }

    #[test]
    fn head_tiles_are_terminals_and_honours() {
        let heads: Vec<String> = Tile::all().filter(|t| t.is_head()).map(|t| t.to_string()).collect();
        assert_eq!(heads.join(" "), "1d 9d 1b 9b 1c 9c E S W N R V B");
    }

    #[test]
    fn chows_start_only_at_one_to_seven() {
        let starts = Tile::all().filter(|t| t.starts_chow()).count();
        assert_eq!(starts, 21);
        assert!(!Tile::suited(Suit::Dots, 8).is_some_and(|t| t.starts_chow()));
    }
}
