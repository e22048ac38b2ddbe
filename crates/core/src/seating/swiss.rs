//! Seating one session from the standings (Swiss style, the usual format of a final session): table 1 seats
//! the leaders, then each table the next players in rank order. Where a table would seat two players who met
//! before, a swap with the next table removes the meeting when one exists that keeps every player within one
//! table of their place in the standings; the last table can swap with the one before it. Winds (or the first
//! deal) are then balanced over the whole plan, the sessions before staying as they were.
//!
//! Deterministic: no seed, no search budget — the same standings and history always give the same tables.

use super::any_size::{TableSizes, deal_first_fairly, meetings, not_filling};
use super::plan::Plan;
use super::{SeatingError, four_seat_sessions, winds};
use crate::msg;

/// One session seated from the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissSession {
    /// The session's tables, table 1 first, each in seat order (position 0 is East, or deals first).
    pub tables: Vec<Vec<usize>>,
    /// Pairs at one table who met before and no allowed swap could part: `(a, b, earlier meetings)`.
    pub repeats: Vec<(usize, usize, u32)>,
    /// Players seated at another table than their rank gives: `(player, table by rank, table seated)`, tables
    /// numbered from 1.
    pub moved: Vec<(usize, usize, usize)>,
}

/// Seats the session after `played` from `ranked` (every player index of the plan once, the leader first) at
/// tables of `sizes`.
pub fn seat_by_standings(ranked: &[usize], played: &Plan, sizes: TableSizes) -> Result<SwissSession, SeatingError> {
    let n = ranked.len();
    if n > super::MAX_PLAYERS {
        return Err(SeatingError::PlayerCount(n));
    }
    let mut seen = vec![false; n];
    for &p in ranked {
        if p >= n || std::mem::replace(&mut seen[p], true) {
            return Err(SeatingError::BadSchedule(msg!("error.seating.ranking")));
        }
    }
    let Some(layout) = sizes.layout(n) else {
        return Err(not_filling(n, sizes.max));
    };
    if played.iter().flatten().flatten().any(|&p| p >= n) {
        return Err(SeatingError::BadSchedule(msg!("error.seating.plan_players", session = played.len())));
    }
    let met = meetings(played, n);
    let mut groups: Vec<Vec<usize>> = Vec::with_capacity(layout.len());
    let mut origin = vec![0usize; n];
    let mut rank = vec![0usize; n];
    let mut rest = ranked;
    for (g, &size) in layout.iter().enumerate() {
        let (group, after) = rest.split_at(size);
        for &p in group {
            origin[p] = g;
        }
        groups.push(group.to_vec());
        rest = after;
    }
    for (r, &p) in ranked.iter().enumerate() {
        rank[p] = r;
    }
    let parting = Parting { n, met: &met, origin: &origin, rank: &rank };
    for k in 0..groups.len() {
        // The next table, or the one before for the last.
        let Some(j) = (k + 1 < groups.len()).then_some(k + 1).or(k.checked_sub(1)) else { continue };
        // Each accepted swap lowers this table's meetings, so the loop ends.
        while parting.cost(&groups[k]) > 0 {
            let Some(seats) = parting.find_swap(&groups, k, j, Rule::PartTable) else { break };
            swap(&mut groups, (k, j), seats);
        }
    }
    // Then any swap between neighbouring tables that lowers their meetings, until none does: no single
    // allowed swap is left that would part a remaining meeting without making another.
    let mut improved = true;
    while improved {
        improved = false;
        for k in 0..groups.len().saturating_sub(1) {
            if let Some(seats) = parting.find_swap(&groups, k, k + 1, Rule::LowerBoth) {
                swap(&mut groups, (k, k + 1), seats);
                improved = true;
            }
        }
    }
    let mut repeats = Vec::new();
    let mut moved = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        for (i, &a) in group.iter().enumerate() {
            if origin[a] != g {
                moved.push((a, origin[a] + 1, g + 1));
            }
            for &b in &group[i + 1..] {
                if met[a * n + b] > 0 {
                    repeats.push((a.min(b), a.max(b), u32::from(met[a * n + b])));
                }
            }
        }
    }
    moved.sort_by_key(|&(p, ..)| rank[p]);
    let tables = seat_order(played, groups, n);
    Ok(SwissSession { tables, repeats, moved })
}

/// Exchanges the player at seat `x` of table `k` with the one at seat `y` of table `j`.
fn swap(groups: &mut [Vec<usize>], (k, j): (usize, usize), (x, y): (usize, usize)) {
    let (a, b) = (groups[k][x], groups[j][y]);
    groups[k][x] = b;
    groups[j][y] = a;
}

/// The new session's tables in seat order: winds balanced over the whole plan for tables of four, the first
/// deal otherwise.
fn seat_order(played: &Plan, groups: Vec<Vec<usize>>, n: usize) -> Vec<Vec<usize>> {
    let mut plan: Plan = played.clone();
    plan.push(groups);
    if let Some(mut sessions) = four_seat_sessions(&plan) {
        let keep: Vec<bool> = (0..sessions.len()).map(|s| s < played.len()).collect();
        winds::rebalance(&mut sessions, &keep, n);
        return sessions.pop().map(|s| s.iter().map(|t| t.to_vec()).collect()).unwrap_or_default();
    }
    deal_first_fairly(&mut plan, played, n);
    plan.pop().unwrap_or_default()
}

/// What a swap between two tables is judged by.
struct Parting<'a> {
    n: usize,
    met: &'a [u16],
    origin: &'a [usize],
    rank: &'a [usize],
}

impl Parting<'_> {
    /// Earlier meetings of the pairs at one table.
    fn cost(&self, group: &[usize]) -> u32 {
        let mut cost = 0;
        for (i, &a) in group.iter().enumerate() {
            cost += group[i + 1..].iter().map(|&b| u32::from(self.met[a * self.n + b])).sum::<u32>();
        }
        cost
    }

    /// Whether `player` may sit at table `g` (within one table of its place).
    fn may_sit(&self, player: usize, g: usize) -> bool {
        self.origin[player].abs_diff(g) <= 1
    }

    /// The swap of a player of table `k` with one of table `j` the rule accepts, the best by the rule's order,
    /// then the nearest in rank; as positions in the two tables.
    fn find_swap(&self, groups: &[Vec<usize>], k: usize, j: usize, rule: Rule) -> Option<(usize, usize)> {
        let (ck, cj) = (self.cost(&groups[k]), self.cost(&groups[j]));
        let mut best: Option<(SwapKey, (usize, usize))> = None;
        for (x, &a) in groups[k].iter().enumerate().filter(|&(_, &a)| self.may_sit(a, j)) {
            for (y, &b) in groups[j].iter().enumerate().filter(|&(_, &b)| self.may_sit(b, k)) {
                let mut gk = groups[k].clone();
                let mut gj = groups[j].clone();
                gk[x] = b;
                gj[y] = a;
                let (nk, nj) = (self.cost(&gk), self.cost(&gj));
                let (accepted, order) = match rule {
                    // Table `k` loses meetings; the two tables' total never grows, and falls when `j` comes
                    // before `k` (whose table is settled).
                    Rule::PartTable => {
                        let total_ok = if j > k { nk + nj <= ck + cj } else { nk + nj < ck + cj };
                        (nk < ck && total_ok, [nk, nk + nj])
                    }
                    Rule::LowerBoth => (nk + nj < ck + cj, [nk + nj, 0]),
                };
                let key = (order, self.rank[a].abs_diff(self.rank[b]), self.rank[a]);
                if accepted && best.as_ref().is_none_or(|(best_key, _)| key < *best_key) {
                    best = Some((key, (x, y)));
                }
            }
        }
        best.map(|(_, swap)| swap)
    }
}

/// How a swap is judged: the meetings it leaves (in order of importance), the rank distance, the rank.
type SwapKey = ([u32; 2], usize, usize);

/// Which swaps are wanted.
#[derive(Clone, Copy)]
enum Rule {
    /// Fewer meetings at the table being settled.
    PartTable,
    /// Fewer meetings at the two tables together.
    LowerBoth,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> TableSizes {
        TableSizes::exactly(4)
    }

    #[test]
    fn without_history_the_tables_follow_the_ranking() {
        let ranked: Vec<usize> = (0..8).rev().collect();
        let s = seat_by_standings(&ranked, &Plan::new(), four()).unwrap();
        let mut t1 = s.tables[0].clone();
        t1.sort_unstable();
        assert_eq!(t1, vec![4, 5, 6, 7], "table 1 seats the four leaders");
        assert!(s.repeats.is_empty() && s.moved.is_empty());
    }

    #[test]
    fn a_meeting_is_parted_by_a_swap_with_the_next_table() {
        // 0 and 1 met in session 1, and 4 and 5; ranked 0..16 they would meet again at tables 1 and 2.
        let played = vec![vec![vec![0, 1, 8, 12], vec![4, 5, 9, 13], vec![2, 6, 10, 14], vec![3, 7, 11, 15]]];
        let ranked: Vec<usize> = (0..16).collect();
        let s = seat_by_standings(&ranked, &played, four()).unwrap();
        assert!(s.repeats.is_empty(), "{s:?}");
        for (p, from, to) in &s.moved {
            assert!(from.abs_diff(*to) <= 1, "player {p} moved from table {from} to {to}");
        }
        assert!(s.tables[0].contains(&0), "the leader stays at table 1");
        assert_eq!(s.moved, vec![(1, 1, 2), (4, 2, 1)], "one swap, the nearest in rank");
    }

    #[test]
    fn the_repeat_that_cannot_be_parted_is_reported() {
        // Eight players who all met at two tables: any table of four repeats meetings.
        let played = vec![vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]];
        let ranked: Vec<usize> = (0..8).collect();
        let s = seat_by_standings(&ranked, &played, four()).unwrap();
        assert_eq!(s.repeats.len(), 4, "two and two from each earlier table: {s:?}");
    }

    #[test]
    fn players_never_move_more_than_one_table() {
        // The ranking seats exactly the tables of the session before: every table would repeat six meetings.
        let played: Plan = vec![(0..6).map(|t| (4 * t..4 * t + 4).collect()).collect()];
        let ranked: Vec<usize> = (0..24).collect();
        let s = seat_by_standings(&ranked, &played, four()).unwrap();
        assert!(s.moved.iter().all(|&(_, from, to)| from.abs_diff(to) <= 1), "{s:?}");
        let counted: usize = s
            .tables
            .iter()
            .map(|t| t.iter().map(|&a| t.iter().filter(|&&b| b > a && a / 4 == b / 4).count()).sum::<usize>())
            .sum();
        assert_eq!(s.repeats.len(), counted, "the report lists exactly the meetings left");
        assert!(counted < 36, "swaps part some of the 36 meetings: {counted}");
    }

    #[test]
    fn winds_are_balanced_with_the_sessions_before() {
        // Player 0 sat East in all three sessions before: not East again.
        let played: Plan = (0..3).map(|_| vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]).collect();
        let ranked: Vec<usize> = vec![0, 4, 1, 5, 2, 6, 3, 7];
        let s = seat_by_standings(&ranked, &played, four()).unwrap();
        assert_ne!(s.tables[0][0], 0);
    }

    #[test]
    fn tables_of_three_with_a_table_of_two() {
        let ranked: Vec<usize> = (0..8).collect();
        let played = vec![vec![vec![0, 1, 5], vec![2, 3, 6], vec![4, 7]]];
        let s = seat_by_standings(&ranked, &played, TableSizes { max: 3, min: 2 }).unwrap();
        let sizes: Vec<usize> = s.tables.iter().map(Vec::len).collect();
        assert_eq!(sizes, vec![3, 3, 2]);
        assert!(s.repeats.is_empty(), "{s:?}");
    }

    #[test]
    fn a_ranking_that_is_not_every_player_once_is_refused() {
        assert!(seat_by_standings(&[0, 1, 2, 2], &Plan::new(), four()).is_err());
        assert!(seat_by_standings(&[0, 1, 2, 9], &Plan::new(), four()).is_err());
        assert!(seat_by_standings(&[0, 1, 2, 3, 4], &Plan::new(), four()).is_err());
    }
}
