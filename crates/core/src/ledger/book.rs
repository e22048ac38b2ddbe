//! The ledger's entries and what they do to a member's balance (positive: the club owes the member; negative:
//! the member owes). Entries are only ever added: a mistake is corrected by a new entry that says which one it
//! corrects.

use super::money::{Cents, ChipValue};
use crate::message::{Explain, Message};
use crate::msg;

/// What an entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EntryKind {
    /// An evening's result (chips × the chip's value), won or lost.
    Result,
    /// The table fee of an evening (a charge).
    Fee,
    /// Cash the member paid in to the club.
    CashIn,
    /// Cash the club paid out to the member.
    CashOut,
    /// One side of a settle-up transfer between two members (paying raises the payer's balance).
    Transfer,
    /// A correction of an earlier entry.
    Correction,
}

impl EntryKind {
    /// Every kind, in the order the screens list them.
    pub const ALL: [EntryKind; 6] = [
        EntryKind::Result,
        EntryKind::Fee,
        EntryKind::CashIn,
        EntryKind::CashOut,
        EntryKind::Transfer,
        EntryKind::Correction,
    ];

    /// The name stored and written in CSV.
    pub fn code(self) -> &'static str {
        match self {
            EntryKind::Result => "result",
            EntryKind::Fee => "fee",
            EntryKind::CashIn => "cash_in",
            EntryKind::CashOut => "cash_out",
            EntryKind::Transfer => "transfer",
            EntryKind::Correction => "correction",
        }
    }

    /// The kind stored as `code`.
    pub fn from_code(code: &str) -> Option<EntryKind> {
        EntryKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// Its name for people.
    pub fn label(self) -> Message {
        match self {
            EntryKind::Result => msg!("ledger.kind.result"),
            EntryKind::Fee => msg!("ledger.kind.fee"),
            EntryKind::CashIn => msg!("ledger.kind.cash_in"),
            EntryKind::CashOut => msg!("ledger.kind.cash_out"),
            EntryKind::Transfer => msg!("ledger.kind.transfer"),
            EntryKind::Correction => msg!("ledger.kind.correction"),
        }
    }
}

/// The signed effect on the balance of cash moved: paying in raises it, being paid lowers it.
pub fn cash_effect(kind: EntryKind, amount: Cents) -> Cents {
    match kind {
        EntryKind::CashOut | EntryKind::Fee => -amount.abs(),
        EntryKind::CashIn => amount.abs(),
        EntryKind::Result | EntryKind::Transfer | EntryKind::Correction => amount,
    }
}

/// Final chip counts that do not add up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the chips counted add up to {counted}, not {expected}")]
pub struct ChipCountError {
    /// Starting chips × players.
    pub expected: i64,
    /// What the counts add up to.
    pub counted: i64,
}

impl ChipCountError {
    /// Chips missing (negative) or too many (positive).
    pub fn difference(&self) -> i64 {
        self.counted - self.expected
    }
}

impl Explain for ChipCountError {
    fn message(&self) -> Message {
        msg!(
            "error.ledger.chip_sum",
            counted = self.counted,
            expected = self.expected,
            difference = format!("{:+}", self.difference())
        )
    }
}

/// Each seat's result in chips from its final count, once the counts add up to `start` × seats.
pub fn chip_results(counts: &[i64], start: i64) -> Result<Vec<i64>, ChipCountError> {
    let expected = start.saturating_mul(counts.len() as i64);
    let counted = counts.iter().fold(0i64, |sum, &c| sum.saturating_add(c));
    if counted != expected {
        return Err(ChipCountError { expected, counted });
    }
    Ok(counts.iter().map(|&c| c - start).collect())
}

/// An evening's entries for one member: the result in cents and the fee (negative, or none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EveningMoney {
    /// The result, rounded as [`super::money`] states.
    pub result: Cents,
    /// The table fee charged (zero or negative).
    pub fee: Cents,
}

/// Every member's money for an evening from their chips; the sum of the results is not always zero (rounding),
/// the kitty's balance takes the rest.
pub fn evening_money(chips: &[i64], value: ChipValue, fee: Cents) -> Vec<EveningMoney> {
    chips.iter().map(|&c| EveningMoney { result: value.to_cents(c), fee: -fee.abs() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chip_counts_must_add_up_to_the_starting_chips() {
        assert_eq!(chip_results(&[2500, 1500, 2200, 1800], 2000), Ok(vec![500, -500, 200, -200]));
        let short = chip_results(&[2500, 1500, 2200, 1700], 2000).expect_err("100 missing");
        assert_eq!((short.expected, short.counted, short.difference()), (8000, 7900, -100));
        assert!(short.to_string().contains("7900"), "{short}");
    }

    #[test]
    fn an_evening_in_cents_with_the_fee() {
        let money = evening_money(&[501, -501], ChipValue::parse("0.5").expect("0.5"), 200);
        // 250.5 cents: the winner's half goes to the club; the loser's -250.5 is -251.
        assert_eq!(money, [EveningMoney { result: 250, fee: -200 }, EveningMoney { result: -251, fee: -200 }]);
    }

    #[test]
    fn kinds_round_trip_and_cash_moves_the_right_way() {
        for kind in EntryKind::ALL {
            assert_eq!(EntryKind::from_code(kind.code()), Some(kind));
        }
        assert_eq!(EntryKind::from_code("gift"), None);
        assert_eq!(cash_effect(EntryKind::CashIn, 500), 500);
        assert_eq!(cash_effect(EntryKind::CashOut, 500), -500);
        assert_eq!(cash_effect(EntryKind::Fee, 200), -200);
        assert_eq!(cash_effect(EntryKind::Correction, -35), -35);
    }
}
