//! A deck of cards a ruleset's players capture, described as data ([`super::FieldKind::Cards`]): every card's
//! code and its place on the entry's grid, and its face as a few painted marks. The entry screen draws any deck
//! from this, reads a typed code with it, and names no game; what a card is worth stays the ruleset's business.

/// A colour, as red, green and blue.
pub type Rgb = [u8; 3];

/// A deck: its cards in the order the grid shows them.
#[derive(Debug, PartialEq, Eq)]
pub struct Deck {
    /// Every card, each with its column and row on the grid.
    pub cards: &'static [DeckCard],
}

/// One card of a deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeckCard {
    /// Its code, as a referee types it (read in any letter case).
    pub code: &'static str,
    /// Its column on the grid, from 0.
    pub column: u8,
    /// Its row on the grid, from 0.
    pub row: u8,
    /// What its face shows.
    pub face: CardFace,
}

/// A card's face: the colour of what every card of its column shows, and what sets this card apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardFace {
    /// The colour of the column's emblem (a month's flower).
    pub colour: Rgb,
    /// The card's own mark.
    pub mark: CardMark,
}

/// What sets a card apart from the others of its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardMark {
    /// A disc, filled and ringed (a light).
    Disc {
        /// The disc.
        fill: Rgb,
        /// Its ring.
        ring: Rgb,
    },
    /// A figure in the column's colour (an animal or an object).
    Figure,
    /// A ribbon, with verse written on it or plain.
    Ribbon {
        /// The ribbon's colour.
        colour: Rgb,
        /// Whether verse is written on it.
        verse: bool,
    },
    /// Nothing but the emblem, with a band across it when given.
    Plain {
        /// The band's colour.
        band: Option<Rgb>,
    },
}

impl Deck {
    /// The card with this code, typed in any letter case, its numbers with or without leading zeros (`01l` is
    /// `1L`), spaces around; `None` when the deck has none.
    pub fn card(&self, typed: &str) -> Option<&'static DeckCard> {
        let typed = typed.trim();
        self.cards.iter().find(|card| same_code(card.code, typed))
    }

    /// Columns and rows of the grid.
    pub fn size(&self) -> (u8, u8) {
        let columns = self.cards.iter().map(|c| c.column + 1).max().unwrap_or(0);
        let rows = self.cards.iter().map(|c| c.row + 1).max().unwrap_or(0);
        (columns, rows)
    }

    /// The card at `column` and `row` of the grid, if any.
    pub fn at(&self, column: u8, row: u8) -> Option<&'static DeckCard> {
        self.cards.iter().find(|card| card.column == column && card.row == row)
    }
}

/// Whether `typed` is `code`: letters compared in any case, each run of digits by its value (`012` is `12`).
fn same_code(code: &str, typed: &str) -> bool {
    let (mut code, mut typed) = (code.as_bytes(), typed.as_bytes());
    loop {
        match (code.first(), typed.first()) {
            (None, None) => return true,
            (Some(a), Some(b)) if a.is_ascii_digit() && b.is_ascii_digit() => {
                let (number, rest) = digits(code);
                let (typed_number, typed_rest) = digits(typed);
                if number != typed_number {
                    return false;
                }
                (code, typed) = (rest, typed_rest);
            }
            (Some(a), Some(b)) if a.eq_ignore_ascii_case(b) => (code, typed) = (&code[1..], &typed[1..]),
            _ => return false,
        }
    }
}

/// The run of digits `text` starts with, without its leading zeros, and what follows it.
fn digits(text: &[u8]) -> (&[u8], &[u8]) {
    let end = text.iter().position(|b| !b.is_ascii_digit()).unwrap_or(text.len());
    let (run, rest) = text.split_at(end);
    let significant = run.iter().position(|&b| b != b'0').map_or(&run[run.len().saturating_sub(1)..], |i| &run[i..]);
    (significant, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: CardFace = CardFace { colour: [0, 0, 0], mark: CardMark::Plain { band: None } };
    static TWO: Deck = Deck {
        cards: &[
            DeckCard { code: "1A", column: 0, row: 0, face: PLAIN },
            DeckCard { code: "2B", column: 1, row: 1, face: PLAIN },
        ],
    };

    #[test]
    fn a_card_is_read_in_any_case_and_placed_on_its_grid() {
        assert_eq!(TWO.card(" 2b ").map(|c| c.code), Some("2B"));
        assert_eq!(TWO.card("02b").map(|c| c.code), Some("2B"), "a leading zero");
        assert_eq!(TWO.card("2").map(|c| c.code), None);
        assert_eq!(TWO.card("20B").map(|c| c.code), None);
        assert_eq!(TWO.card("3C"), None);
        assert_eq!(TWO.size(), (2, 2));
        assert_eq!(TWO.at(1, 1).map(|c| c.code), Some("2B"));
        assert_eq!(TWO.at(0, 1), None);
    }
}
