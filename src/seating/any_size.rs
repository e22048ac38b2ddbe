//! Seating for tables of a size other than four (rulesets of two or three players a table; Hanafuda seats
//! three, and two at a few tables when the count requires).
//!
//! The designs, the exact wind balance and the table numbering of the four-player schedule are built for
//! tables of four. Other sizes get a plan with the same aims in order: no repeated meeting while it is
//! possible, then clubs and countries apart, then every player dealing first about equally often. Each
//! session starts as the best of several shuffles improved by swaps (counting the meetings before it); then
//! a tabu search over the whole plan swaps players within a session, moving only players who meet someone
//! again (or a clubmate) — the method that solves the social golfer problem, and finds Kirkman's fifteen
//! schoolgirls (15 players × 7 sessions at tables of three, every pair meeting exactly once).

use super::{SeatingError, SeatingRequest, pair_weights, search::REPEAT_COST};
use crate::rng::Rng;

/// A plan over any table size: `sessions[s][t]` = the players of table t+1 in session s+1, by seat position
/// (position 0 deals first).
pub type Plan = Vec<Vec<Vec<usize>>>;

/// Shuffles tried per session.
const SHUFFLES: usize = 24;

/// How many players a table seats: `max` where possible, and as few tables as possible of `max − 1` (never
/// below `min`) when the players do not fill tables of `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSizes {
    /// The ruleset's table size.
    pub max: usize,
    /// The fewest players a table may have.
    pub min: usize,
}

impl TableSizes {
    /// Tables of exactly `size`.
    pub fn exactly(size: usize) -> TableSizes {
        TableSizes { max: size, min: size }
    }

    /// The size of each table for `players`, the full tables first; `None` when they cannot be seated.
    pub fn layout(self, players: usize) -> Option<Vec<usize>> {
        if self.max < 2 || self.min > self.max || players < self.min.max(2) {
            return None;
        }
        let tables = players.div_ceil(self.max);
        let short = tables * self.max - players;
        if short > 0 && (self.max - 1 < self.min || short > tables) {
            return None;
        }
        Some((0..tables).map(|t| if t < tables - short { self.max } else { self.max - 1 }).collect())
    }
}

/// Seats the sessions after `played` (kept as they are and counted as history) at tables of `sizes`.
pub fn seat_any_size(
    request: &SeatingRequest,
    sizes: TableSizes,
    played: &[Vec<Vec<usize>>],
) -> Result<Plan, SeatingError> {
    let n = request.entrants.len();
    if !(2..=super::MAX_PLAYERS).contains(&sizes.max) || n < sizes.min.max(2) || n > super::MAX_PLAYERS {
        return Err(SeatingError::PlayerCount(n));
    }
    let Some(layout) = sizes.layout(n) else {
        let size = sizes.max;
        return Err(SeatingError::BadSchedule(crate::msg!(
            "error.seating.not_multiple",
            players = n,
            size = size,
            missing = size - n % size,
            filled = n + size - n % size,
            extra = n % size
        )));
    };
    if !(1..=super::MAX_SESSIONS).contains(&request.sessions) {
        return Err(SeatingError::SessionCount(request.sessions));
    }
    if played.len() > request.sessions {
        return Err(SeatingError::Played { played: played.len(), total: request.sessions });
    }
    let weights = pair_weights(request);
    let mut met = vec![0u16; n * n];
    let mut plan: Plan = Vec::with_capacity(request.sessions);
    for session in played {
        record(session, n, &mut met);
        plan.push(session.clone());
    }
    let mut rng = Rng::new(request.seed);
    while plan.len() < request.sessions {
        let cost = |tables: &[Vec<usize>]| session_cost(tables, n, &met, &weights);
        let mut best: Option<(i64, Vec<Vec<usize>>)> = None;
        for _ in 0..SHUFFLES {
            let mut order: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut order);
            let mut rest = order.as_slice();
            let mut tables: Vec<Vec<usize>> = Vec::with_capacity(layout.len());
            for &size in &layout {
                let (table, after) = rest.split_at(size);
                tables.push(table.to_vec());
                rest = after;
            }
            improve(&mut tables, n, &met, &weights, &mut rng);
            let c = cost(&tables);
            if best.as_ref().is_none_or(|(b, _)| c < *b) {
                best = Some((c, tables));
            }
        }
        let Some((_, tables)) = best else { break };
        record(&tables, n, &mut met);
        plan.push(tables);
    }
    super::tabu::polish(&mut plan, played.len(), n, &weights, &mut rng);
    deal_first_fairly(&mut plan, played, n);
    Ok(plan)
}

/// Orders each new session's tables so that the player who has dealt first least often (over the sessions
/// before, played ones included) deals first, ties by index to stay deterministic; then, while a player deals
/// first two more times than a tablemate of a new session where it dealt first, that tablemate deals instead.
fn deal_first_fairly(plan: &mut Plan, played: &[Vec<Vec<usize>>], n: usize) {
    let mut first_seat = vec![0u32; n];
    for (s, session) in plan.iter_mut().enumerate() {
        for table in session.iter_mut() {
            if s >= played.len()
                && let Some(first) = (0..table.len()).min_by_key(|&i| (first_seat[table[i]], table[i]))
            {
                table.rotate_left(first);
            }
            if let Some(&first) = table.first().filter(|&&p| p < n) {
                first_seat[first] += 1;
            }
        }
    }
    // Each hand-over lowers Σ first_seat², so the repair ends.
    let mut changed = true;
    while changed {
        changed = false;
        for table in plan.iter_mut().skip(played.len()).flatten() {
            let Some(&dealer) = table.first().filter(|&&p| p < n) else { continue };
            let Some(k) = (1..table.len()).filter(|&k| table[k] < n).min_by_key(|&k| (first_seat[table[k]], table[k]))
            else {
                continue;
            };
            if first_seat[table[k]] + 2 <= first_seat[dealer] {
                first_seat[dealer] -= 1;
                first_seat[table[k]] += 1;
                table.rotate_left(k);
                changed = true;
            }
        }
    }
}

fn record(session: &[Vec<usize>], n: usize, met: &mut [u16]) {
    for table in session {
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                if a < n && b < n {
                    met[a * n + b] = met[a * n + b].saturating_add(1);
                    met[b * n + a] = met[b * n + a].saturating_add(1);
                }
            }
        }
    }
}

/// What seating `a` with `b` once more costs: a repeat if they met before, plus their club/country weight.
fn pair_cost(a: usize, b: usize, n: usize, met: &[u16], weights: &[i64]) -> i64 {
    i64::from(met[a * n + b]) * REPEAT_COST + weights[a * n + b]
}

fn session_cost(tables: &[Vec<usize>], n: usize, met: &[u16], weights: &[i64]) -> i64 {
    tables
        .iter()
        .map(|t| {
            let mut cost = 0;
            for (i, &a) in t.iter().enumerate() {
                cost += t[i + 1..].iter().map(|&b| pair_cost(a, b, n, met, weights)).sum::<i64>();
            }
            cost
        })
        .sum()
}

/// Swaps players between tables while a swap lowers the session's cost (a bounded number of passes).
fn improve(tables: &mut [Vec<usize>], n: usize, met: &[u16], weights: &[i64], rng: &mut Rng) {
    let with = |table: &[usize], player: usize, skip: usize| -> i64 {
        table.iter().enumerate().filter(|&(i, _)| i != skip).map(|(_, &q)| pair_cost(player, q, n, met, weights)).sum()
    };
    for _pass in 0..8 {
        let mut improved = false;
        for t in 0..tables.len() {
            let u = rng.below(tables.len());
            if u == t {
                continue;
            }
            for i in 0..tables[t].len() {
                for j in 0..tables[u].len() {
                    let (a, b) = (tables[t][i], tables[u][j]);
                    let now = with(&tables[t], a, i) + with(&tables[u], b, j);
                    let swapped = with(&tables[t], b, i) + with(&tables[u], a, j);
                    if swapped < now {
                        tables[t][i] = b;
                        tables[u][j] = a;
                        improved = true;
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meetings(plan: &Plan, n: usize) -> Vec<u16> {
        let mut met = vec![0u16; n * n];
        for session in plan {
            record(session, n, &mut met);
        }
        met
    }

    #[test]
    fn nine_players_at_tables_of_three_meet_everyone_once_in_four_sessions() {
        // 9 players, 4 sessions of three tables of three: the affine plane of order 3 exists, so no pair
        // need meet twice; the search finds a plan with every pair meeting exactly once.
        let request = SeatingRequest::numbered(9, 4, 7);
        let plan = seat_any_size(&request, TableSizes::exactly(3), &[]).expect("plan");
        assert_eq!(plan.len(), 4);
        for session in &plan {
            let mut seen: Vec<usize> = session.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..9).collect::<Vec<_>>(), "everyone once per session");
            assert!(session.iter().all(|t| t.len() == 3));
        }
        let met = meetings(&plan, 9);
        let repeats: u32 = met.iter().map(|&m| u32::from(m.saturating_sub(1))).sum::<u32>() / 2;
        assert_eq!(repeats, 0, "the tabu search reaches the design");
    }

    #[test]
    fn played_sessions_stay_and_count_as_history() {
        let request = SeatingRequest::numbered(6, 2, 1);
        let played = vec![vec![vec![0, 1, 2], vec![3, 4, 5]]];
        let plan = seat_any_size(&request, TableSizes::exactly(3), &played).expect("plan");
        assert_eq!(plan[0], played[0]);
        for table in &plan[1] {
            let first_half = table.iter().filter(|&&p| p < 3).count();
            assert!(first_half <= 2, "two tables of three cannot keep a whole table together again: {table:?}");
        }
        let error = seat_any_size(&SeatingRequest::numbered(7, 2, 1), TableSizes::exactly(3), &[])
            .expect_err("7 at tables of 3");
        assert!(error.to_string().contains("tables of 3"), "{error}");
    }

    #[test]
    fn tables_of_three_and_of_two_where_the_count_requires() {
        let hanafuda = TableSizes { max: 3, min: 2 };
        assert_eq!(hanafuda.layout(15), Some(vec![3; 5]));
        assert_eq!(hanafuda.layout(16), Some(vec![3, 3, 3, 3, 2, 2]));
        assert_eq!(hanafuda.layout(17), Some(vec![3, 3, 3, 3, 3, 2]));
        assert_eq!(hanafuda.layout(4), Some(vec![2, 2]));
        assert_eq!(hanafuda.layout(2), Some(vec![2]));
        assert_eq!(hanafuda.layout(1), None);
        assert_eq!(TableSizes::exactly(3).layout(16), None);
        assert_eq!(TableSizes::exactly(4).layout(16), Some(vec![4; 4]));
        let plan = seat_any_size(&SeatingRequest::numbered(16, 3, 2), hanafuda, &[]).expect("plan");
        for session in &plan {
            let sizes: Vec<usize> = session.iter().map(Vec::len).collect();
            assert_eq!(sizes, [3, 3, 3, 3, 2, 2]);
        }
    }

    #[test]
    fn kirkmans_schoolgirls_meet_every_other_exactly_once() {
        let plan = seat_any_size(&SeatingRequest::numbered(15, 7, 1), TableSizes::exactly(3), &[]).expect("plan");
        let met = meetings(&plan, 15);
        for a in 0..15 {
            for b in 0..15 {
                if a != b {
                    assert_eq!(met[a * 15 + b], 1, "{a} and {b}");
                }
            }
        }
        let mut first = [0; 15];
        for table in plan.iter().flatten() {
            first[table[0]] += 1;
        }
        let (most, least) = (first.iter().max().copied(), first.iter().min().copied());
        assert_eq!((most, least), (Some(3), Some(2)), "35 first deals over 15 players: 2 or 3 each");
    }
}
