//! The Hanafuda deck as the entry screen draws it ([`FieldKind::Cards`]): the 48 cards, a column per month and a
//! row per card of the month, each face its month's flower and what sets the card apart (a light's disc, an
//! animal, a ribbon — red with verse, plain red or blue — or flowers alone). A test holds it to [`Card::deck`].
//!
//! [`FieldKind::Cards`]: stecca_seam::rules::FieldKind::Cards
//! [`Card::deck`]: crate::hanafuda::Card::deck

use stecca_seam::rules::deck::{CardFace, CardMark, Deck, DeckCard, Rgb};

const RED: Rgb = [200, 35, 35];
const BLUE: Rgb = [35, 70, 170];
const GOLD: Rgb = [225, 170, 30];

const fn card(code: &'static str, column: u8, row: u8, colour: Rgb, mark: CardMark) -> DeckCard {
    DeckCard { code, column, row, face: CardFace { colour, mark } }
}

/// The 48 cards on the entry's grid.
pub static DECK: Deck = Deck {
    cards: &[
        // 1: pine
        card("1L", 0, 0, [30, 110, 50], CardMark::Disc { fill: RED, ring: GOLD }),
        card("1R", 0, 1, [30, 110, 50], CardMark::Ribbon { colour: RED, verse: true }),
        card("1C1", 0, 2, [30, 110, 50], CardMark::Plain { band: None }),
        card("1C2", 0, 3, [30, 110, 50], CardMark::Plain { band: None }),
        // 2: plum
        card("2A", 1, 0, [200, 40, 80], CardMark::Figure),
        card("2R", 1, 1, [200, 40, 80], CardMark::Ribbon { colour: RED, verse: true }),
        card("2C1", 1, 2, [200, 40, 80], CardMark::Plain { band: None }),
        card("2C2", 1, 3, [200, 40, 80], CardMark::Plain { band: None }),
        // 3: cherry
        card("3L", 2, 0, [240, 150, 180], CardMark::Disc { fill: RED, ring: GOLD }),
        card("3R", 2, 1, [240, 150, 180], CardMark::Ribbon { colour: RED, verse: true }),
        card("3C1", 2, 2, [240, 150, 180], CardMark::Plain { band: None }),
        card("3C2", 2, 3, [240, 150, 180], CardMark::Plain { band: None }),
        // 4: wisteria
        card("4A", 3, 0, [130, 80, 170], CardMark::Figure),
        card("4R", 3, 1, [130, 80, 170], CardMark::Ribbon { colour: RED, verse: false }),
        card("4C1", 3, 2, [130, 80, 170], CardMark::Plain { band: None }),
        card("4C2", 3, 3, [130, 80, 170], CardMark::Plain { band: None }),
        // 5: iris
        card("5A", 4, 0, [90, 60, 160], CardMark::Figure),
        card("5R", 4, 1, [90, 60, 160], CardMark::Ribbon { colour: RED, verse: false }),
        card("5C1", 4, 2, [90, 60, 160], CardMark::Plain { band: None }),
        card("5C2", 4, 3, [90, 60, 160], CardMark::Plain { band: None }),
        // 6: peony
        card("6A", 5, 0, [210, 40, 60], CardMark::Figure),
        card("6R", 5, 1, [210, 40, 60], CardMark::Ribbon { colour: BLUE, verse: false }),
        card("6C1", 5, 2, [210, 40, 60], CardMark::Plain { band: None }),
        card("6C2", 5, 3, [210, 40, 60], CardMark::Plain { band: None }),
        // 7: bush clover
        card("7A", 6, 0, [180, 50, 110], CardMark::Figure),
        card("7R", 6, 1, [180, 50, 110], CardMark::Ribbon { colour: RED, verse: false }),
        card("7C1", 6, 2, [180, 50, 110], CardMark::Plain { band: None }),
        card("7C2", 6, 3, [180, 50, 110], CardMark::Plain { band: None }),
        // 8: pampas grass
        card("8L", 7, 0, [110, 100, 90], CardMark::Disc { fill: RED, ring: GOLD }),
        card("8A", 7, 1, [110, 100, 90], CardMark::Figure),
        card("8C1", 7, 2, [110, 100, 90], CardMark::Plain { band: None }),
        card("8C2", 7, 3, [110, 100, 90], CardMark::Plain { band: None }),
        // 9: chrysanthemum
        card("9A", 8, 0, [230, 190, 40], CardMark::Figure),
        card("9R", 8, 1, [230, 190, 40], CardMark::Ribbon { colour: BLUE, verse: false }),
        card("9C1", 8, 2, [230, 190, 40], CardMark::Plain { band: None }),
        card("9C2", 8, 3, [230, 190, 40], CardMark::Plain { band: None }),
        // 10: maple
        card("10A", 9, 0, [215, 80, 30], CardMark::Figure),
        card("10R", 9, 1, [215, 80, 30], CardMark::Ribbon { colour: BLUE, verse: false }),
        card("10C1", 9, 2, [215, 80, 30], CardMark::Plain { band: None }),
        card("10C2", 9, 3, [215, 80, 30], CardMark::Plain { band: None }),
        // 11: willow
        card("11L", 10, 0, [60, 130, 70], CardMark::Disc { fill: RED, ring: GOLD }),
        card("11A", 10, 1, [60, 130, 70], CardMark::Figure),
        card("11R", 10, 2, [60, 130, 70], CardMark::Ribbon { colour: RED, verse: false }),
        card("11C", 10, 3, [60, 130, 70], CardMark::Plain { band: None }),
        // 12: paulownia
        card("12L", 11, 0, [120, 80, 150], CardMark::Disc { fill: RED, ring: GOLD }),
        card("12C1", 11, 1, [120, 80, 150], CardMark::Plain { band: Some(GOLD) }),
        card("12C2", 11, 2, [120, 80, 150], CardMark::Plain { band: None }),
        card("12C3", 11, 3, [120, 80, 150], CardMark::Plain { band: None }),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hanafuda::{Card, Kind, parse_card};

    /// The grid holds every card of the deck once, in its month's column and its place in the month, with the
    /// mark its kind has; every code reads back as its card.
    #[test]
    fn the_grid_is_the_deck_month_by_month() {
        assert_eq!(DECK.cards.len(), Card::deck().len());
        for (shown, card) in DECK.cards.iter().zip(Card::deck()) {
            assert_eq!(shown.code, card.to_string());
            assert_eq!(parse_card(shown.code), Ok(card));
            assert_eq!(usize::from(shown.column), usize::from(card.month - 1));
            assert_eq!(
                usize::from(shown.row),
                Card::month_cards(card.month).iter().position(|c| *c == card).unwrap_or(9)
            );
            let kind = match shown.face.mark {
                CardMark::Disc { .. } => Kind::Light,
                CardMark::Figure => Kind::Animal,
                CardMark::Ribbon { .. } => Kind::Ribbon,
                CardMark::Plain { .. } => Kind::Chaff,
            };
            assert_eq!(kind, card.kind, "{card}");
        }
        assert_eq!(DECK.size(), (12, 4));
        // What the notation reads, the grid reads: any case, leading zeros.
        for typed in ["12c1", "12C01"] {
            assert_eq!(parse_card(typed), Ok(Card { month: 12, kind: Kind::Chaff, number: 1 }), "{typed}");
            assert_eq!(DECK.card(typed).map(|c| c.code), Some("12C1"), "{typed}");
        }
    }
}
