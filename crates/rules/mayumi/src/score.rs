//! A player's total (card values, complete families, yaku) and the settlement with the oya.

use std::sync::{Arc, LazyLock};

use super::table::{CheckedYaku, Needs, ScoringTable};
use crate::hanafuda::{Card, Cards, FAMILIES, Kind};
use stecca_seam::message::Message;
use stecca_seam::rules::Item;

/// A capture's total in ken and why, one line per kind of card, complete family and yaku.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Total {
    /// Ken.
    pub ken: u64,
    /// The lines.
    pub items: Vec<Item>,
}

/// Each kind's name in words and each month's flower, made once and shared by every line that names them.
static KIND_NAMES: LazyLock<[Arc<Message>; 4]> = LazyLock::new(|| Kind::ALL.map(|kind| Arc::new(kind.names().1)));
static FAMILY_NAMES: LazyLock<[Arc<Message>; 12]> =
    LazyLock::new(|| FAMILIES.map(|(_, id)| Arc::new(Message::new(id))));

fn item(ja: &str, label: Message, ken: u64) -> Item {
    Item { term: Some(ja.to_owned()), label, points: Some(ken), doubles: None, limit: None, quantity: None }
}

/// Scores one player's captured cards under `table` (a capture holds each card once). The cards are read as a set:
/// each kind's cards in the deck's order (their sorted order), counts and complete months by bits, since every
/// player of every manche asks for all of them.
pub fn total(cards: &[Card], table: &ScoringTable) -> Total {
    // Room for a line of each kind and a few families and yaku.
    let mut items = Vec::with_capacity(8);
    let held: Cards = cards.iter().collect();
    for kind in Kind::ALL {
        let scoring = || held.of_kind(kind).places().filter(|&place| table.card_values[place] > 0);
        let ken: u64 = scoring().map(|place| table.card_values[place]).sum();
        if ken > 0 {
            let codes = crate::hanafuda::codes(scoring().map(Card::at));
            let (ja, _) = kind.names();
            let name = Arc::clone(&KIND_NAMES[kind as usize]);
            items.push(item(ja, crate::msg!("mayumi.item.kind", codes = codes).arg_message("kind", name), ken));
        }
    }
    if table.bonus > 0 {
        for month in 1..=12u8 {
            if held.holds_month(month) && table.bonus_months[usize::from(month - 1)] {
                let (ja, _) = FAMILIES[usize::from(month - 1)];
                let family = Arc::clone(&FAMILY_NAMES[usize::from(month - 1)]);
                let label =
                    crate::msg!("mayumi.item.complete_family", ja = ja, month = month).arg_message("family", family);
                items.push(item(ja, label, table.bonus));
            }
        }
    }
    // Whether the capture makes a yaku is a mask or a count: asked again for a yaku's rivals in its group rather
    // than listing the yaku made first.
    let made = |yaku: &CheckedYaku| match &yaku.needs {
        Needs::Cards(needed) => held.holds_all(*needed),
        Needs::Count(kind, count) => held.of_kind(*kind).len() >= *count,
    };
    for yaku in table.yaku.iter().filter(|yaku| made(yaku)) {
        let outdone = yaku.group.as_ref().is_some_and(|group| {
            table.yaku.iter().any(|other| {
                other.group.as_ref() == Some(group)
                    && (other.ken > yaku.ken || (other.ken == yaku.ken && other.id < yaku.id))
                    && made(other)
            })
        });
        if !outdone {
            let label = crate::msg!("mayumi.item.yaku", ja = yaku.ja).arg_message("name", yaku.name());
            items.push(item(&yaku.ja, label, yaku.ken));
        }
    }
    let ken = items.iter().filter_map(|i| i.points).fold(0u64, u64::saturating_add);
    Total { ken, items }
}

/// One payment between two seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    /// Who pays (seat index).
    pub from: usize,
    /// Who collects.
    pub to: usize,
    /// Ken.
    pub amount: u64,
}

/// Each non-oya settles with the oya only: the lower total pays the higher the difference. Returns the
/// payments and each seat's net.
pub fn settle(totals: &[u64], oya: usize) -> (Vec<Payment>, Vec<i64>) {
    let mut payments = Vec::new();
    let mut net = vec![0i64; totals.len()];
    for (seat, &total) in totals.iter().enumerate().filter(|&(seat, _)| seat != oya) {
        let (from, to) = if total > totals[oya] { (oya, seat) } else { (seat, oya) };
        let amount = total.abs_diff(totals[oya]);
        if amount > 0 {
            payments.push(Payment { from, to, amount });
            let signed = i64::try_from(amount).unwrap_or(i64::MAX);
            net[from] -= signed;
            net[to] += signed;
        }
    }
    (payments, net)
}

/// The seat with the highest total, unless the highest is shared.
pub fn winner(totals: &[u64]) -> Option<usize> {
    let best = totals.iter().max()?;
    let mut top = totals.iter().enumerate().filter(|&(_, t)| t == best);
    match (top.next(), top.next()) {
        (Some((seat, _)), None) => Some(seat),
        _ => None,
    }
}

/// The next oya: the winner, or the oya again when the highest total is shared.
pub fn next_oya(totals: &[u64], oya: usize) -> usize {
    winner(totals).unwrap_or(oya)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_settlement_example() {
        // A (oya) 420, B 550, C 170 → A pays B 130; C pays A 250. B becomes oya.
        let (payments, net) = settle(&[420, 550, 170], 0);
        assert_eq!(payments, [Payment { from: 0, to: 1, amount: 130 }, Payment { from: 2, to: 0, amount: 250 }]);
        assert_eq!(net, [120, 130, -250]);
        assert_eq!(next_oya(&[420, 550, 170], 0), 1);
    }

    #[test]
    fn equal_totals_pay_nothing_and_a_shared_top_keeps_the_oya() {
        assert_eq!(settle(&[100, 100], 1), (vec![], vec![0, 0]));
        assert_eq!(next_oya(&[100, 100], 1), 1);
        assert_eq!(next_oya(&[300, 300, 20], 2), 2, "two non-oya tied at the top: the oya stays");
        assert_eq!(next_oya(&[10, 300, 20], 2), 1);
    }
}
