//! The outcome of a scored tile manche, shared by the Mah Jong rulesets: each hand's value, its arrangement
//! in notation and its explanation, the payments by name and the nets.

use std::fmt::Write as _;

use super::decompose::Shape;
use super::{Figures, Item, MancheOutcome, PaymentOutcome, PlayerOutcome};
use crate::message::Message;
use crate::settle::Settlement;
use crate::tiles::{Hand, Meld, Wind};

/// One hand's score as the outcome shows it.
#[derive(Clone, Debug)]
pub struct ScoredTiles<'a> {
    /// Value before East's doubling.
    pub value: u64,
    /// Points (stick points, base points); 0 for a limit hand.
    pub points: u64,
    /// Doubles; 0 for a limit hand.
    pub doubles: u32,
    /// The limit hand's id.
    pub limit: Option<&'static str>,
    /// The arrangement's shape.
    pub shape: Shape,
    /// Every group scored.
    pub melds: &'a [Meld],
    /// The explanation.
    pub items: Vec<Item>,
}

/// One seat: name, seat wind, went out, the hand typed, its score (`None` when nothing was scored).
pub type SeatScore<'a> = (&'a str, Wind, bool, Option<&'a Hand>, Option<ScoredTiles<'a>>);

/// Builds the outcome; `seats` are in input order, as the settlement's parties.
pub fn tile_outcome<'a>(
    rules: &str,
    void: bool,
    seats: impl Iterator<Item = SeatScore<'a>>,
    settlement: &Settlement,
) -> MancheOutcome {
    let players: Vec<PlayerOutcome> = seats
        .map(|(name, seat, mahjong, tiles, scored)| {
            let mut out = PlayerOutcome {
                name: name.to_owned(),
                seat: Some(seat),
                mahjong,
                score: 0,
                figures: Figures::none(),
                arrangement: String::new(),
                items: Vec::new(),
                summary: None,
            };
            let Some(scored) = scored else { return out };
            out.arrangement = arrangement(&scored, tiles);
            out.score = i64::try_from(scored.value).unwrap_or(i64::MAX);
            out.figures = Figures::none()
                .with("stick_points", scored.points)
                .with("doubles", scored.doubles)
                .with("limit", scored.limit);
            // A limit hand's value is the limit's: points and doubles do not make it.
            out.summary = scored.limit.is_none().then(|| {
                crate::msg!("tile_score.summary", points = scored.points)
                    .arg_message("doubles", doubles_words(scored.doubles))
            });
            out.items = scored.items;
            out
        })
        .collect();
    let name = |i: usize| players.get(i).map(|p| p.name.clone()).unwrap_or_default();
    let payments = settlement
        .payments
        .iter()
        .map(|p| PaymentOutcome { from: name(p.from), to: name(p.to), amount: p.amount })
        .collect();
    let net = players.iter().zip(&settlement.net).map(|(p, &n)| (p.name.clone(), n)).collect();
    MancheOutcome {
        rules: rules.to_owned(),
        void,
        players,
        payments,
        pot: Vec::new(),
        net,
        penalties: Vec::new(),
        next_dealer: None,
        warnings: Vec::new(),
    }
}

/// The hand as scored, in notation: its groups (the thirteen orphans' tiles for that hand), then its bonus tiles,
/// separated by spaces; written into one string (a string for each part, then joined, was a tenth of the time of
/// `stecca score --jsonl`).
fn arrangement(scored: &ScoredTiles<'_>, tiles: Option<&Hand>) -> String {
    let mut text = String::with_capacity(40);
    let separate = |text: &mut String| {
        if !text.is_empty() {
            text.push(' ');
        }
    };
    for meld in scored.melds {
        separate(&mut text);
        // Writing into a String cannot fail.
        let _ = meld.write_notation(&mut text);
    }
    if let Some(tiles) = tiles {
        if scored.shape == Shape::ThirteenOrphans {
            separate(&mut text);
            // Writing into a String cannot fail.
            let _ = write!(text, "{}", Hand { concealed: tiles.concealed, ..Hand::default() });
        }
        for bonus in &tiles.bonus {
            separate(&mut text);
            text.push_str(bonus.notation());
        }
    }
    text
}

/// Raddoppi in the rules' words, the same in every language: "1 raddoppio (×2)", "3 raddoppi (×8)".
pub fn doubles_words(doubles: u32) -> Message {
    let factor = 1u64.checked_shl(doubles).map_or_else(|| format!("2^{doubles}"), |f| f.to_string());
    if doubles == 1 {
        crate::msg!("tile_score.double", factor = factor)
    } else {
        crate::msg!("tile_score.doubles", doubles = doubles, factor = factor)
    }
}

#[cfg(test)]
mod tests {
    use super::doubles_words;
    use crate::i18n::Lang;

    #[test]
    fn doubles_are_said_in_the_rules_words_in_both_languages() {
        for lang in [Lang::ITALIAN, Lang::ENGLISH] {
            assert_eq!(doubles_words(1).render(lang), "1 raddoppio (×2)");
            assert_eq!(doubles_words(3).render(lang), "3 raddoppi (×8)");
            assert_eq!(doubles_words(70).render(lang), "70 raddoppi (×2^70)");
        }
    }
}
