//! Test balances for the settle-up searches: zero-sum groups planted among a club's members, the cases the
//! searches must find every group of. One generator for the three searches' tests, so that each draws its cases the
//! same way.

use super::Cents;
use crate::rng::Rng;

/// One zero-sum group of 3 to 6 members, amounts up to `spread` cents either way, the last closing the sum.
pub(crate) fn zero_sum_group(rng: &mut Rng, spread: usize) -> Vec<Cents> {
    let size = 3 + rng.below(4);
    let mut group: Vec<Cents> = (0..size - 1)
        .map(|_| {
            let amount = 1 + rng.below(spread) as Cents;
            if rng.below(2) == 0 { amount } else { -amount }
        })
        .collect();
    group.push(-group.iter().sum::<Cents>());
    group
}

/// Whether no balance is zero and no two cancel each other: what is left once settle-up has taken those out.
pub(crate) fn none_settled_at_once(values: &[Cents]) -> bool {
    !values.contains(&0) && !values.iter().enumerate().any(|(i, a)| values[i + 1..].iter().any(|b| a + b == 0))
}
