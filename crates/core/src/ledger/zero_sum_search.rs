//! The most zero-sum groups a few tens of balances split into, by branch and bound: the dynamic programme over
//! every subset stops at 20 members (2^20 subsets), this search goes to [`SEARCH_LIMIT`].
//!
//! In a split with the most groups every group is minimal (a zero-sum group holding a smaller zero-sum group
//! splits into two), and the member with the lowest index still in hand belongs to one of them; so the search
//! takes that member, lists the zero-sum groups holding it among the members in hand (meet in the middle: the
//! sums of the subsets of one half, sorted, against those of the other half), smallest first, and goes on with
//! the rest. After the cancelling pairs no group has fewer than three members, so the members in hand can add at
//! most a third of their number in groups: a branch that cannot beat the best split found stops there. A set of
//! members in hand already reached with as many groups is not searched again. The work is bounded by a count
//! of subset sums formed (the same on every machine, well under a second): a search that reaches it keeps the
//! best split found and says it is not proven.

use std::collections::HashMap;

use super::money::Cents;

/// Most members the search takes (the halves of the meet in the middle are then at most 2^15 subsets).
pub const SEARCH_LIMIT: usize = 30;

/// Most work the search does, counted in subset sums formed (well under a second on the bench's machine).
const WORK_LIMIT: u64 = 40_000_000;

/// What one zero-sum group found costs, in subset sums formed (it is checked, kept, sorted and searched from).
const CANDIDATE_WORK: u64 = 16;

/// The split found and whether it is proven the one with the most groups.
pub(super) struct Split {
    /// The groups, as indices into the members given.
    pub groups: Vec<Vec<usize>>,
    /// No split has more groups.
    pub proven: bool,
    /// No split has more groups than this (the groups found when proven).
    pub most: usize,
}

/// The most zero-sum groups `values` (at most [`SEARCH_LIMIT`], summing to zero, none zero, no two cancelling)
/// split into, as indices into `values`.
pub(super) fn most_groups(values: &[Cents]) -> Split {
    let n = values.len().min(SEARCH_LIMIT);
    let all: u32 = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut search = Search { values, best: vec![all], best_count: 1, work: 0, seen: HashMap::new(), stopped: false };
    search.walk(all, &mut Vec::new());
    let groups: Vec<Vec<usize>> = search.best.iter().map(|&mask| members(mask).collect()).collect();
    let proven = !search.stopped;
    let most = if proven { groups.len() } else { most_possible(values, all) };
    Split { groups, proven, most }
}

/// Whether the search is likely to prove its split within its bound: when the zero-sum groups holding one member
/// are expected to be few. Balances of small amounts (after their common divisor: 25 cents or 1 € steps count as
/// one) collide into more zero-sum groups than this search can list (`counted_search` takes them); the sums of
/// the others' subsets spread about like a normal law of deviation σ = √(Σ v²)/2, so about 2^(n−1) / (σ √(2π))
/// of them are zero with the member.
pub(super) fn worth_searching(values: &[Cents]) -> bool {
    let divisor = values.iter().fold(0, |g, &v| gcd(g, v.unsigned_abs()));
    if divisor == 0 || values.len() > SEARCH_LIMIT {
        return false;
    }
    let squares: f64 = values.iter().map(|&v| (v.unsigned_abs() / divisor) as f64).map(|v| v * v).sum();
    let sigma = squares.sqrt() / 2.0;
    let expected = 2f64.powi(values.len() as i32 - 1) / (sigma * (2.0 * std::f64::consts::PI).sqrt());
    expected <= MOST_EXPECTED_GROUPS
}

/// Most zero-sum groups holding one member that the search expects to list (see [`worth_searching`]).
const MOST_EXPECTED_GROUPS: f64 = 50_000.0;

/// The most groups the members of `left` could form: each takes three members or more (no two cancel), one
/// creditor and one debtor at least.
fn most_possible(values: &[Cents], left: u32) -> usize {
    let creditors = members(left).filter(|&i| values[i] > 0).count();
    let debtors = left.count_ones() as usize - creditors;
    (left.count_ones() as usize / 3).min(creditors).min(debtors).max(1)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The indices of the bits set in `mask`, lowest first.
fn members(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&i| mask & (1 << i) != 0)
}

struct Search<'a> {
    values: &'a [Cents],
    /// The best split found, as masks.
    best: Vec<u32>,
    best_count: usize,
    /// Subset sums formed so far.
    work: u64,
    /// The most groups already found before reaching each set of members in hand.
    seen: HashMap<u32, usize>,
    /// The work ran out.
    stopped: bool,
}

impl Search<'_> {
    fn walk(&mut self, left: u32, path: &mut Vec<u32>) {
        if left == 0 {
            if path.len() > self.best_count {
                self.best_count = path.len();
                self.best = path.clone();
            }
            return;
        }
        // The members left close one group at least; each group takes three members or more, one creditor and
        // one debtor at least.
        let most_more = most_possible(self.values, left);
        if path.len() + most_more <= self.best_count || self.stopped {
            return;
        }
        match self.seen.get(&left) {
            Some(&groups) if groups >= path.len() => return,
            _ => {
                self.seen.insert(left, path.len());
            }
        }
        let first = left.trailing_zeros() as usize;
        for group in self.groups_with(first, left) {
            if self.stopped {
                return;
            }
            path.push(group);
            self.walk(left & !group, path);
            path.pop();
        }
    }

    /// Every zero-sum group of the members of `left` that holds `first`, smallest first (`left` itself last).
    fn groups_with(&mut self, first: usize, left: u32) -> Vec<u32> {
        let others: Vec<usize> = members(left & !(1 << first)).collect();
        let (low, high) = others.split_at(others.len() / 2);
        let low_sums = subset_sums(self.values, low);
        let high_sums = subset_sums(self.values, high);
        self.work += (low_sums.len() + high_sums.len()) as u64;
        if self.work > WORK_LIMIT {
            self.stopped = true;
        }
        let mut sorted = low_sums;
        sorted.sort_unstable();
        // Members of equal balance are interchangeable: of the groups that differ only by which of them they
        // take, the one taking the lowest-numbered is enough (a member needs the one before it of its balance).
        let mut before = [0u32; 32];
        for i in members(left) {
            before[i] = members(left & ((1 << i) - 1))
                .filter(|&j| self.values[j] == self.values[i])
                .last()
                .map_or(0, |j| 1 << j);
        }
        let canonical = |group: u32| members(group).all(|i| group & before[i] == before[i]);
        let mut groups = Vec::new();
        for &(high_sum, high_mask) in &high_sums {
            let wanted = -(self.values[first] + high_sum);
            let start = sorted.partition_point(|&(sum, _)| sum < wanted);
            for &(_, low_mask) in sorted[start..].iter().take_while(|&&(sum, _)| sum == wanted) {
                let group = (1 << first) | low_mask | high_mask;
                if canonical(group) {
                    groups.push(group);
                }
            }
        }
        // Each group found costs about as much as a few sums formed: counted so, the bound holds the time.
        self.work += CANDIDATE_WORK * groups.len() as u64;
        groups.sort_unstable_by_key(|group| (group.count_ones(), *group));
        groups
    }
}

/// The sum of every subset of `of` (indices into `values`), with the subset as a mask.
fn subset_sums(values: &[Cents], of: &[usize]) -> Vec<(Cents, u32)> {
    let mut sums = Vec::with_capacity(1 << of.len());
    sums.push((0, 0u32));
    for &i in of {
        for k in 0..sums.len() {
            let (sum, mask) = sums[k];
            sums.push((sum + values[i], mask | (1 << i)));
        }
    }
    sums
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planted_triples_and_quads_are_all_found_and_proven() {
        // {+5, −2, −3}, {+7, −4, −3}, {+9, −1, −2, −6}, {+11, −5, −6}: four groups, and no fifth.
        let values: Vec<Cents> = vec![500, -199, -301, 700, -401, -299, 900, -100, -202, -598, 1100, -503, -597];
        assert_eq!(values.iter().sum::<Cents>(), 0);
        let split = most_groups(&values);
        assert!(split.proven);
        assert_eq!(split.groups.len(), 4, "{:?}", split.groups);
        for group in &split.groups {
            assert_eq!(group.iter().map(|&i| values[i]).sum::<Cents>(), 0);
        }
        let mut everyone: Vec<usize> = split.groups.concat();
        everyone.sort_unstable();
        assert_eq!(everyone, (0..values.len()).collect::<Vec<_>>());
    }

    #[test]
    fn balances_without_a_smaller_group_are_one_group() {
        let values: Vec<Cents> = vec![1_000_003, -250_001, -330_007, -419_995];
        let split = most_groups(&values);
        assert!(split.proven);
        assert_eq!(split.groups, [vec![0, 1, 2, 3]]);
    }

    /// Balances of `groups` planted zero-sum groups of 3 to 6 members (amounts from `values`, so that small ones
    /// collide into many more zero-sum groups than were planted), without cancelling pairs, shuffled.
    fn planted(rng: &mut crate::rng::Rng, groups: usize, spread: usize) -> Vec<Cents> {
        loop {
            let mut values = Vec::new();
            for _ in 0..groups {
                values.extend(super::super::planted::zero_sum_group(rng, spread));
            }
            rng.shuffle(&mut values);
            if super::super::planted::none_settled_at_once(&values) {
                return values;
            }
        }
    }

    #[test]
    fn the_search_finds_what_the_subset_programme_finds() {
        let mut rng = crate::rng::Rng::new(66);
        let mut checked = 0;
        while checked < 150 {
            let spread = [20, 500, 500_000][checked % 3];
            let values = planted(&mut rng, 2 + checked % 4, spread);
            // Up to 16 members the programme is quick in a debug build too.
            if values.len() > 16 {
                continue;
            }
            let members: Vec<usize> = (0..values.len()).collect();
            let programme = crate::ledger::settle_up::zero_sum_split(&values, &members).len();
            let split = most_groups(&values);
            assert!(split.proven, "{values:?}");
            assert_eq!(split.groups.len(), programme, "{values:?}");
            checked += 1;
        }
    }

    #[test]
    fn thirty_members_in_planted_groups_are_split_and_proven() {
        // Balances spread over 50 € and over 5,000 € (the bench's kind); over 50 cents, the work bound may
        // stop the proof (`cargo bench --bench settle_up` measures those).
        let mut rng = crate::rng::Rng::new(30);
        for case in 0..6 {
            let values = loop {
                let values = planted(&mut rng, 7, [5_000, 500_000][case % 2]);
                if (25..=SEARCH_LIMIT).contains(&values.len()) {
                    break values;
                }
            };
            let split = most_groups(&values);
            let mut everyone: Vec<usize> = split.groups.concat();
            everyone.sort_unstable();
            assert_eq!(everyone, (0..values.len()).collect::<Vec<_>>(), "{values:?}");
            assert!(split.groups.iter().all(|g| g.iter().map(|&i| values[i]).sum::<Cents>() == 0));
            assert!(split.proven, "case {case}: {values:?}");
            assert!(split.groups.len() >= 7, "case {case}: every planted group is found");
        }
    }

    #[test]
    fn balances_of_small_steps_are_left_to_the_counted_search() {
        let mut rng = crate::rng::Rng::new(7);
        let small = loop {
            let values = planted(&mut rng, 8, 50);
            if values.len() >= 28 && values.len() <= SEARCH_LIMIT {
                break values;
            }
        };
        assert!(!worth_searching(&small), "{small:?}");
        let in_quarters: Vec<Cents> = small.iter().map(|v| v * 25).collect();
        assert!(!worth_searching(&in_quarters), "a common step changes nothing");
        let large = loop {
            let values = planted(&mut rng, 7, 5_000);
            if values.len() >= 28 && values.len() <= SEARCH_LIMIT {
                break values;
            }
        };
        assert!(worth_searching(&large), "{large:?}");
    }
}
