//! Every settle-up proposal settles every balance exactly, never uses more transfers than the members need, and
//! up to the exact limit uses the fewest possible (checked against a brute force over all splits); a club's
//! amount to avoid never costs a transfer and never leaves more small amounts than the plain proposal.

use proptest::prelude::*;
use stecca_core::ledger::{Cents, Transfer, fewest_transfers};

fn apply(balances: &[Cents], transfers: &[Transfer]) -> Vec<Cents> {
    let mut left = balances.to_vec();
    for t in transfers {
        left[t.from] += t.amount;
        left[t.to] -= t.amount;
    }
    left
}

/// The most zero-sum groups the non-zero balances split into, by trying every way to grow the group of the
/// first member left.
fn most_groups(values: &[Cents]) -> usize {
    let Some((&first, rest)) = values.split_first() else { return 0 };
    let mut best = 0;
    // Every subset of the rest joins `first`; the group must sum to zero.
    for mask in 0u32..(1 << rest.len()) {
        let sum: Cents = first + (0..rest.len()).filter(|&i| mask & (1 << i) != 0).map(|i| rest[i]).sum::<Cents>();
        if sum == 0 {
            let others: Vec<Cents> = (0..rest.len()).filter(|&i| mask & (1 << i) == 0).map(|i| rest[i]).collect();
            best = best.max(1 + most_groups(&others));
        }
    }
    best
}

/// Balances summing to zero, with some planted cancelling pairs and zeros.
fn balances(max_len: usize) -> impl Strategy<Value = Vec<Cents>> {
    (prop::collection::vec(-50i64..50, 1..max_len), prop::collection::vec(1i64..40, 0..4)).prop_map(|(mut b, pairs)| {
        for p in pairs {
            b.push(p);
            b.push(-p);
        }
        let sum: Cents = b.iter().sum();
        b.push(-sum);
        b.iter().map(|x| x * 25).collect()
    })
}

proptest! {
    // Up to 40 members of small amounts: past 20 members left after the pairs, a case may run the branch and
    // bound to its bound of work (a second in a debug build), so fewer cases than proptest's 256.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_proposal_settles_every_balance(balances in balances(40)) {
        let proposal = fewest_transfers(&balances, 0).expect("sums to zero");
        prop_assert!(apply(&balances, &proposal.transfers).iter().all(|&b| b == 0));
        for t in &proposal.transfers {
            prop_assert!(t.amount > 0);
            prop_assert!(balances[t.from] < 0 && balances[t.to] > 0, "debtors pay creditors: {t:?}");
        }
        let nonzero = balances.iter().filter(|&&b| b != 0).count();
        prop_assert!(proposal.transfers.len() <= nonzero.saturating_sub(1));
        prop_assert!(proposal.lower_bound <= proposal.transfers.len());
    }
}

proptest! {
    #[test]
    fn up_to_the_limit_the_count_is_the_fewest(balances in balances(9)) {
        let proposal = fewest_transfers(&balances, 0).expect("sums to zero");
        let nonzero: Vec<Cents> = balances.iter().copied().filter(|&b| b != 0).collect();
        prop_assert_eq!(proposal.transfers.len(), nonzero.len() - most_groups(&nonzero));
        prop_assert!(proposal.optimal);
    }

    #[test]
    fn avoiding_small_amounts_keeps_the_count_and_never_adds_small_ones(balances in balances(12), under in 0i64..1000) {
        let plain = fewest_transfers(&balances, 0).expect("sums to zero");
        let avoiding = fewest_transfers(&balances, under).expect("sums to zero");
        prop_assert!(apply(&balances, &avoiding.transfers).iter().all(|&b| b == 0));
        for t in &avoiding.transfers {
            prop_assert!(t.amount > 0);
            prop_assert!(balances[t.from] < 0 && balances[t.to] > 0, "debtors pay creditors: {t:?}");
        }
        prop_assert!(avoiding.transfers.len() <= plain.transfers.len());
        let small = |p: &stecca_core::ledger::Proposal| p.transfers.iter().filter(|t| t.amount < under).count();
        prop_assert!(small(&avoiding) <= small(&plain));
        prop_assert!(avoiding.optimal || !plain.optimal);
    }
}
