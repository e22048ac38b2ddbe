//! The most zero-sum groups a few tens of small balances split into: balances of a few euros or cents repeat and
//! form more zero-sum groups than [`super::zero_sum_search`] can list, so this search lists far fewer.
//!
//! Members of equal balance are interchangeable, so a group is a count of members of each distinct balance and
//! always takes the lowest-numbered members of each: the members in hand are then known by those counts, and a
//! set of members in hand found unable to split into enough groups is not searched again.
//!
//! It asks whether `t` groups can be had, for `t` from the most the members could form (a third of them, no more
//! than the creditors or the debtors, no more than their shares: one over the size of each member's smallest
//! group) down: `n` members in `t` groups of three or more have `n − 3t` members to spare, so a group holding the
//! member taken has at most three plus the members to spare, and each larger group spends some. The member taken
//! is the hardest to place: the one whose smallest group is the largest, then the largest balance. Small balances
//! reach that most, or come near it, so the first `t` that can be had is quickly found and the larger ones
//! quickly refuted. A group is not grown past a zero sum (it would hold a smaller group and split in two). The
//! work is bounded by a count of steps (the same on every machine): a search that reaches it keeps the best split
//! found, and the most groups it has proven no split can beat.

use std::collections::HashMap;

use super::money::Cents;
use super::zero_sum_search::Split;

/// Most work the search does, counted in steps of listing groups and groups listed (well under a second on the
/// bench's machine).
const WORK_LIMIT: u64 = 30_000_000;

/// One whole group in shares (see `Counted::shares`): divisible by every size from 3 to [`LARGEST_SHARED`].
const SHARE_UNIT: u64 = 27_720;

/// The largest group sought when finding the members' shares.
const LARGEST_SHARED: u64 = 12;

/// The most zero-sum groups `values` (at most 32, summing to zero, none zero, no two cancelling) split into, as
/// indices into `values`, searched over counts of distinct balances.
pub(super) fn most_groups(values: &[Cents]) -> Split {
    most_groups_within(values, WORK_LIMIT)
}

/// [`most_groups`] within `work_limit` (tests try a bound that stops it).
fn most_groups_within(values: &[Cents], work_limit: u64) -> Split {
    let n = values.len().min(32);
    let all: u32 = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut search = Counted::new(&values[..n], work_limit);
    search.find_shares(all);
    let mut best = search.greedy(all);
    let mut most = search.most_possible(all);
    let mut proven = false;
    while most > best.len() {
        let mut path = Vec::new();
        if search.place(all, most, &mut path) {
            best = path;
            break;
        }
        if search.stopped {
            break;
        }
        most -= 1;
    }
    // Stopped with the best split found as large as the bound reached, it is proven all the same.
    if !search.stopped || best.len() >= most {
        proven = true;
        most = best.len();
    }
    let groups = best.iter().map(|&mask| members(mask).collect()).collect();
    Split { groups, proven, most }
}

/// The indices of the bits set in `mask`, lowest first.
fn members(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&i| mask & (1 << i) != 0)
}

/// The `count` lowest members of `pool`.
fn lowest(pool: u32, count: u32) -> u32 {
    let mut taken = 0;
    let mut rest = pool;
    for _ in 0..count {
        let bit = rest & rest.wrapping_neg();
        taken |= bit;
        rest ^= bit;
    }
    taken
}

struct Counted {
    /// The distinct balances, ascending.
    kinds: Vec<Cents>,
    /// The members of each distinct balance.
    kind_members: Vec<u32>,
    /// The positions in `kinds`, largest balance (either sign) first: the order in which members are taken.
    taking_order: Vec<usize>,
    creditors: u32,
    /// Each member's share of a group, in [`SHARE_UNIT`]s: one over the size of the smallest zero-sum group
    /// holding it among everyone (a group of k members holding it is no smaller, so each group's members' shares
    /// add up to one or less, and the shares of the members in hand bound the groups they can form).
    shares: Vec<u64>,
    /// The most members to spare each set of members in hand was found unable to split with.
    failed: HashMap<u32, usize>,
    work: u64,
    work_limit: u64,
    stopped: bool,
}

impl Counted {
    fn new(values: &[Cents], work_limit: u64) -> Counted {
        let mut kinds: Vec<Cents> = values.to_vec();
        kinds.sort_unstable();
        kinds.dedup();
        let mut kind_members = vec![0u32; kinds.len()];
        let mut creditors = 0;
        for (i, v) in values.iter().enumerate() {
            if let Ok(k) = kinds.binary_search(v) {
                kind_members[k] |= 1 << i;
            }
            if *v > 0 {
                creditors |= 1 << i;
            }
        }
        let mut taking_order: Vec<usize> = (0..kinds.len()).collect();
        taking_order.sort_by_key(|&k| std::cmp::Reverse(kinds[k].unsigned_abs()));
        Counted {
            kinds,
            kind_members,
            taking_order,
            creditors,
            shares: Vec::new(),
            failed: HashMap::new(),
            work: 0,
            work_limit,
            stopped: false,
        }
    }

    /// The most groups the members of `left` could form: each takes three members or more (no two cancel), one
    /// creditor and one debtor at least, and no more than the members' shares add up to.
    fn most_possible(&self, left: u32) -> usize {
        let creditors = (left & self.creditors).count_ones() as usize;
        let debtors = left.count_ones() as usize - creditors;
        let shares: u64 = members(left).map(|i| self.shares.get(i).copied().unwrap_or(SHARE_UNIT / 3)).sum();
        let by_shares = usize::try_from(shares / SHARE_UNIT).unwrap_or(usize::MAX);
        (left.count_ones() as usize / 3).min(creditors).min(debtors).min(by_shares).max(usize::from(left != 0))
    }

    /// Finds each member's share (see `shares`): the smallest group holding it, sought up to [`LARGEST_SHARED`]
    /// members (a larger one counts as that many: a share no smaller than the true one).
    fn find_shares(&mut self, all: u32) {
        let kinds = self.kinds.len();
        let mut by_kind = vec![SHARE_UNIT / LARGEST_SHARED; kinds];
        for (k, share) in by_kind.iter_mut().enumerate() {
            let first = self.kind_members[k].trailing_zeros() as usize;
            if let Some(size) =
                (3..LARGEST_SHARED as usize).find(|&most| !self.groups_with(first, all, most).is_empty())
            {
                *share = SHARE_UNIT / size as u64;
            }
        }
        if self.stopped {
            // A listing was cut short: a member's smallest group may be smaller than found.
            by_kind.fill(SHARE_UNIT / 3);
        }
        // The members hardest to place first: those whose smallest group is the largest, then the largest.
        self.taking_order.sort_by_key(|&k| (by_kind[k], std::cmp::Reverse(self.kinds[k].unsigned_abs())));
        self.shares = members(all)
            .map(|i| self.kind_members.iter().position(|&m| m & (1 << i) != 0).map_or(SHARE_UNIT / 3, |k| by_kind[k]))
            .collect();
    }

    /// The member taken next from `left`: the lowest-numbered of the largest balance in hand.
    fn next_member(&self, left: u32) -> Option<usize> {
        let kind = self.taking_order.iter().find(|&&k| self.kind_members[k] & left != 0)?;
        Some((self.kind_members[*kind] & left).trailing_zeros() as usize)
    }

    /// A split found quickly: the smallest group holding the member taken, again and again.
    fn greedy(&mut self, all: u32) -> Vec<u32> {
        let mut left = all;
        let mut groups = Vec::new();
        while let Some(first) = self.next_member(left) {
            let size = left.count_ones() as usize;
            let group = (3..size).find_map(|most| self.groups_with(first, left, most).first().copied()).unwrap_or(left);
            groups.push(group);
            left &= !group;
        }
        groups
    }

    /// Whether the members of `left` split into `wanted` zero-sum groups or more; if so the groups are pushed on
    /// `path` (the last holding everyone still in hand).
    fn place(&mut self, left: u32, wanted: usize, path: &mut Vec<u32>) -> bool {
        if left == 0 {
            return wanted == 0;
        }
        if wanted <= 1 {
            // The members in hand sum to zero: they are a group.
            path.push(left);
            return true;
        }
        if self.stopped || self.most_possible(left) < wanted {
            return false;
        }
        let spare = left.count_ones() as usize - 3 * wanted;
        if self.failed.get(&left).is_some_and(|&failed| failed >= spare) {
            return false;
        }
        let Some(first) = self.next_member(left) else { return false };
        for group in self.groups_with(first, left, 3 + spare) {
            path.push(group);
            if self.place(left & !group, wanted - 1, path) {
                return true;
            }
            path.pop();
            if self.stopped {
                return false;
            }
        }
        let failed = self.failed.entry(left).or_insert(spare);
        *failed = (*failed).max(spare);
        false
    }

    /// Every minimal zero-sum group of at most `most` members of `left` holding `first`, each taking the
    /// lowest-numbered members of each balance, smallest first.
    fn groups_with(&mut self, first: usize, left: u32, most: usize) -> Vec<u32> {
        let pools: Vec<u32> = self.kind_members.iter().map(|&m| m & left & !(1 << first)).collect();
        let budget = self.work_limit.saturating_sub(self.work);
        // The balances that may join, one per member, ascending, and their running sums.
        let mut starts = Vec::with_capacity(pools.len());
        let mut sums = vec![0];
        for (k, pool) in pools.iter().enumerate() {
            starts.push(sums.len() - 1);
            for _ in 0..pool.count_ones() {
                sums.push(sums[sums.len() - 1] + self.kinds[k]);
            }
        }
        let mut listing = Listing { kinds: &self.kinds, pools: &pools, starts, sums, most, steps: 0, budget };
        let mut groups = Vec::new();
        listing.walk(0, self.kinds_value(first), 1 << first, &mut groups);
        self.work += listing.steps + groups.len() as u64;
        if self.work > self.work_limit {
            self.stopped = true;
        }
        groups.sort_unstable_by_key(|group| (group.count_ones(), *group));
        groups
    }

    fn kinds_value(&self, member: usize) -> Cents {
        self.kind_members.iter().position(|&m| m & (1 << member) != 0).map_or(0, |k| self.kinds[k])
    }
}

/// A depth-first walk over the counts taken of each distinct balance, ascending.
struct Listing<'a> {
    /// The distinct balances, ascending.
    kinds: &'a [Cents],
    /// Where each balance's members start among the members that may join, ascending by balance.
    starts: Vec<usize>,
    /// The sums of the first so many members that may join, ascending by balance (0 first).
    sums: Vec<Cents>,
    /// The members of each distinct balance that may join.
    pools: &'a [u32],
    most: usize,
    steps: u64,
    /// Most steps this listing may take (what is left of the search's work): past it the list is cut short.
    budget: u64,
}

impl Listing<'_> {
    fn walk(&mut self, from: usize, sum: Cents, group: u32, out: &mut Vec<u32>) {
        self.steps += 1;
        if self.steps > self.budget {
            return;
        }
        let size = group.count_ones() as usize;
        let room = self.most.saturating_sub(size);
        if room == 0 {
            return;
        }
        // Only one more member: the balance closing the sum, if it is in hand among the balances from `from` on.
        if room == 1 {
            // A binary search: a hash of the balance cost a sixth of the whole search.
            if let Ok(at) = self.kinds[from..].binary_search(&-sum) {
                let pool = self.pools[from + at];
                if pool != 0 {
                    out.push(group | (pool & pool.wrapping_neg()));
                }
            }
            return;
        }
        let everyone = self.sums.len() - 1;
        for k in from..self.kinds.len() {
            let pool = self.pools[k];
            if pool == 0 {
                continue;
            }
            // `c` members of this balance or larger ones close the sum only if −sum lies between the c smallest
            // of them and the c largest; the smallest only grow with the balance, so none further can.
            let (start, wanted) = (self.starts[k], -sum);
            let closes = (1..=room.min(everyone - start)).any(|c| {
                let smallest = self.sums[start + c] - self.sums[start];
                let largest = self.sums[everyone] - self.sums[everyone - c];
                smallest <= wanted && wanted <= largest
            });
            if !closes {
                return;
            }
            let mut taken_sum = sum;
            for count in 1..=(pool.count_ones() as usize).min(room) {
                taken_sum += self.kinds[k];
                let taken = group | lowest(pool, count as u32);
                if taken_sum == 0 {
                    // More of this balance would hold this group: not minimal.
                    out.push(taken);
                    break;
                }
                self.walk(k + 1, taken_sum, taken, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Balances of `groups` planted zero-sum groups of 3 to 6 members, amounts up to `spread`, no cancelling
    /// pairs, shuffled.
    fn planted(rng: &mut crate::rng::Rng, members: std::ops::RangeInclusive<usize>, spread: usize) -> Vec<Cents> {
        loop {
            let mut values: Vec<Cents> = Vec::new();
            let wanted = *members.start() + rng.below(members.end() - members.start() + 1);
            while values.len() < wanted {
                values.extend(super::super::planted::zero_sum_group(rng, spread));
            }
            rng.shuffle(&mut values);
            if members.contains(&values.len()) && super::super::planted::none_settled_at_once(&values) {
                return values;
            }
        }
    }

    fn is_split(values: &[Cents], split: &Split) {
        let mut everyone: Vec<usize> = split.groups.concat();
        everyone.sort_unstable();
        assert_eq!(everyone, (0..values.len()).collect::<Vec<_>>(), "{values:?}");
        assert!(split.groups.iter().all(|g| g.iter().map(|&i| values[i]).sum::<Cents>() == 0), "{values:?}");
    }

    #[test]
    fn the_counted_search_finds_what_the_subset_programme_finds() {
        let mut rng = crate::rng::Rng::new(68);
        for case in 0..120 {
            let spread = [10, 50, 500, 5_000][case % 4];
            let values = planted(&mut rng, 6..=16, spread);
            let everyone: Vec<usize> = (0..values.len()).collect();
            let programme = crate::ledger::settle_up::zero_sum_split(&values, &everyone).len();
            let split = most_groups(&values);
            is_split(&values, &split);
            assert!(split.proven, "{values:?}");
            assert_eq!(split.groups.len(), programme, "{values:?}");
        }
    }

    #[test]
    fn a_search_stopped_by_its_bound_keeps_a_split_and_a_true_bound() {
        let mut rng = crate::rng::Rng::new(5);
        let mut stopped = 0;
        for case in 0..40 {
            let values = planted(&mut rng, 12..=16, [50, 500][case % 2]);
            let everyone: Vec<usize> = (0..values.len()).collect();
            let programme = crate::ledger::settle_up::zero_sum_split(&values, &everyone).len();
            let split = most_groups_within(&values, [50, 200, 1_000][case % 3]);
            is_split(&values, &split);
            assert!(split.groups.len() <= programme && programme <= split.most, "{values:?}");
            assert_eq!(split.proven, split.groups.len() == split.most, "{values:?}");
            stopped += usize::from(!split.proven);
        }
        assert!(stopped > 5, "the bound stopped {stopped} searches");
    }

    #[test]
    #[ignore = "a measurement: the slowest case of the sweep, for a profiler"]
    fn counted_hardest() {
        let values: Vec<Cents> = vec![
            308, 499, -854, -82, 649, 146, -129, -462, 474, -73, 130, 374, 411, -607, 220, -324, 386, 449, 19, -27,
            -199, 315, -363, -918, -117, 483, -433, -187, -88,
        ];
        for _ in 0..5 {
            let started = std::time::Instant::now();
            let split = most_groups(&values);
            println!("{} groups, proven {}, {:?}", split.groups.len(), split.proven, started.elapsed());
        }
    }

    #[test]
    #[ignore = "a measurement: cargo test -p stecca-core --release counted_sweep -- --ignored --nocapture"]
    fn counted_sweep() {
        for spread in [10, 50, 500, 5_000, 500_000] {
            let mut rng = crate::rng::Rng::new(68);
            let (mut proven, mut slowest, mut total_work) = (0, std::time::Duration::ZERO, 0);
            for _ in 0..200 {
                let values = planted(&mut rng, 21..=30, spread);
                let started = std::time::Instant::now();
                let split = most_groups(&values);
                slowest = slowest.max(started.elapsed());
                is_split(&values, &split);
                proven += usize::from(split.proven);
                total_work += split.groups.len();
            }
            println!("spread {spread}: {proven}/200 proven, slowest {slowest:?}, groups {total_work}");
            let mut rng = crate::rng::Rng::new(68);
            let (mut proven, mut slowest) = (0, std::time::Duration::ZERO);
            for _ in 0..200 {
                let values = planted(&mut rng, 21..=30, spread);
                let started = std::time::Instant::now();
                let proposal = crate::ledger::fewest_transfers(&values, 0).expect("zero sum");
                let took = started.elapsed();
                if took.as_millis() > 300 || !proposal.optimal {
                    println!("  {} members {took:?} optimal {} {values:?}", values.len(), proposal.optimal);
                }
                slowest = slowest.max(took);
                proven += usize::from(proposal.optimal);
            }
            println!("  settle-up: {proven}/200 optimal, slowest {slowest:?}");
        }
    }
}
