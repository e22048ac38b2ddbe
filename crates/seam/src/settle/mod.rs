//! Payments of one manche from the hand values: winners collect, everyone else settles differences, East pays
//! and collects double, each payment rounded on its own.
//!
//! Invariants (property-tested in `tests/settlement_props.rs`): payments sum to zero for every manche, and
//! with [`Rounding::NearestTen`] every payment is a multiple of ten.

use arrayvec::ArrayVec;

/// Most players at a Mah Jong table.
pub const MAX_PLAYERS: usize = 4;

/// How a single payment is rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// To the nearest ten: units 1–4 down, 5–9 up (FIMJ).
    NearestTen,
    /// No rounding (classic American).
    Exact,
}

impl Rounding {
    /// Rounds a non-negative amount.
    pub fn apply(self, amount: u64) -> u64 {
        match self {
            Rounding::NearestTen => amount.saturating_add(5) / 10 * 10,
            Rounding::Exact => amount,
        }
    }
}

/// The settlement rules of a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettleRules {
    /// How many times a payment counts when East pays or collects (2 in every ruleset here).
    pub east_factor: u64,
    /// Rounding of each payment, applied after the difference and after East's factor.
    pub rounding: Rounding,
    /// The most one payment may be (East's payments: this times East's factor); `None` = no cap.
    pub cap: Option<u64>,
}

/// One seat's part in the settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Party {
    /// The hand value (a limit's value for a limit hand), before East's factor.
    pub value: u64,
    /// Whether this player is East this manche.
    pub east: bool,
    /// Whether this player went Mah Jong.
    pub winner: bool,
}

/// A payment between two seats (indices into the parties).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    /// Who pays.
    pub from: usize,
    /// Who collects.
    pub to: usize,
    /// How much, already rounded; never zero.
    pub amount: u64,
}

/// Every payment of a manche and each seat's net change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settlement {
    /// Winners' differences first, then what each non-winner pays each winner, then non-winners' differences.
    pub payments: ArrayVec<Payment, 6>,
    /// Net chip change per seat, in the order of the parties.
    pub net: ArrayVec<i64, MAX_PLAYERS>,
}

/// Settles a manche with at least one winner. Extra parties beyond [`MAX_PLAYERS`] are ignored.
///
/// Winners settle their differences among themselves; each non-winner pays each winner that winner's value;
/// non-winners settle their differences among themselves. A void manche is simply not settled.
pub fn settle(parties: &[Party], rules: SettleRules) -> Settlement {
    let parties = &parties[..parties.len().min(MAX_PLAYERS)];
    let seats = |winner: bool| -> ArrayVec<usize, MAX_PLAYERS> {
        (0..parties.len()).filter(|&i| parties[i].winner == winner).collect()
    };
    let (winners, others) = (seats(true), seats(false));
    let mut ledger = Ledger { parties, rules, payments: ArrayVec::new() };
    ledger.differences(&winners);
    for &payer in &others {
        for &winner in &winners {
            ledger.pay(payer, winner, parties[winner].value);
        }
    }
    ledger.differences(&others);
    let mut net: ArrayVec<i64, MAX_PLAYERS> = parties.iter().map(|_| 0).collect();
    for p in &ledger.payments {
        let amount = i64::try_from(p.amount).unwrap_or(i64::MAX);
        net[p.from] -= amount;
        net[p.to] += amount;
    }
    Settlement { payments: ledger.payments, net }
}

struct Ledger<'a> {
    parties: &'a [Party],
    rules: SettleRules,
    payments: ArrayVec<Payment, 6>,
}

impl Ledger<'_> {
    /// Records `from` paying `to` the raw amount times East's factor, rounded; zero payments are dropped.
    fn pay(&mut self, from: usize, to: usize, raw: u64) {
        let east = self.parties[from].east || self.parties[to].east;
        let factor = if east { self.rules.east_factor } else { 1 };
        let mut amount = self.rules.rounding.apply(raw.saturating_mul(factor));
        if let Some(cap) = self.rules.cap {
            amount = amount.min(cap.saturating_mul(factor));
        }
        if amount > 0 {
            // At most one payment per pair of seats: C(4,2) = 6 fit.
            let _ = self.payments.try_push(Payment { from, to, amount });
        }
    }

    /// Each lower value among `seats` pays each higher one the difference; equal values pay nothing.
    fn differences(&mut self, seats: &[usize]) {
        for (k, &a) in seats.iter().enumerate() {
            for &b in &seats[k + 1..] {
                let (va, vb) = (self.parties[a].value, self.parties[b].value);
                if va < vb {
                    self.pay(a, b, vb - va);
                } else if vb < va {
                    self.pay(b, a, va - vb);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIMJ: SettleRules = SettleRules { east_factor: 2, rounding: Rounding::NearestTen, cap: None };

    fn party(value: u64, east: bool, winner: bool) -> Party {
        Party { value, east, winner }
    }

    #[test]
    fn rounding_edges() {
        let r = Rounding::NearestTen;
        assert_eq!([r.apply(0), r.apply(4), r.apply(5), r.apply(6), r.apply(14), r.apply(15)], [0, 0, 10, 10, 10, 20]);
        assert_eq!(r.apply(288), 290);
        assert_eq!(r.apply(144), 140);
        assert_eq!(Rounding::Exact.apply(144), 144);
    }

    #[test]
    fn a_cap_limits_every_payment_and_doubles_for_east() {
        let capped = SettleRules { east_factor: 2, rounding: Rounding::Exact, cap: Some(500) };
        let s = settle(
            &[party(300, true, false), party(700, false, true), party(10, false, false), party(0, false, false)],
            capped,
        );
        let amounts: Vec<(usize, usize, u64)> = s.payments.iter().map(|p| (p.from, p.to, p.amount)).collect();
        assert_eq!(amounts, [(0, 1, 1000), (2, 1, 500), (3, 1, 500), (2, 0, 580), (3, 0, 600), (3, 2, 10)]);
        assert_eq!(s.net.iter().sum::<i64>(), 0);
    }

    #[test]
    fn the_digest_example_settles_as_published() {
        let s = settle(
            &[party(16, true, false), party(144, false, true), party(2, false, false), party(0, false, false)],
            FIMJ,
        );
        assert_eq!(s.net.as_slice(), [-230, 570, -170, -170]);
        let amounts: Vec<(usize, usize, u64)> = s.payments.iter().map(|p| (p.from, p.to, p.amount)).collect();
        assert_eq!(amounts, [(0, 1, 290), (2, 1, 140), (3, 1, 140), (2, 0, 30), (3, 0, 30)]);
    }
}
