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

use super::plan::Plan;
use super::{SeatingError, SeatingRequest, designs, labels, pair_weights, search::REPEAT_COST};
use crate::rng::Rng;

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

/// `n` players do not fill tables of `size`: how many substitutes to add, or players to remove.
pub(super) fn not_filling(n: usize, size: usize) -> SeatingError {
    SeatingError::BadSchedule(crate::msg!(
        "error.seating.not_multiple",
        players = n,
        size = size,
        missing = size - n % size,
        filled = n + size - n % size,
        extra = n % size
    ))
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
        return Err(not_filling(n, sizes.max));
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
    if played.is_empty()
        && let Some(start) = shipped_start(n, &layout, request.sessions, &weights, &mut rng)
    {
        for session in start {
            record(&session, n, &mut met);
            plan.push(session);
        }
    }
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

/// The first sessions from a repeat-free plan, shipped or constructed (Kirkman triple systems and transversal
/// designs, `construct`): one for `n` players at tables all of the layout's size,
/// or one for `n + 1` with its last player taken out, whose table in each session becomes the layout's one short
/// table (a repeat-free plan stays repeat-free). Players relabelled by the seed, then labels swapped to keep
/// clubs apart.
fn shipped_start(n: usize, layout: &[usize], sessions: usize, weights: &[i64], rng: &mut Rng) -> Option<Plan> {
    let size = *layout.first()?;
    let short = layout.iter().filter(|&&s| s != size).count();
    // The plan's player count: n at full tables, or n + 1 when one table is short by one.
    let planned = match short {
        0 => n,
        1 if layout.last() == Some(&(size - 1)) => n + 1,
        _ => return None,
    };
    let uniform = |plan: &Plan| plan.first().and_then(|s| s.first()).is_some_and(|t| t.len() == size);
    let constructed = super::construct::best(planned, size).map(|plan| (planned, plan));
    let (_, plan) = designs::three_plans()
        .chain(constructed)
        .filter(|(players, plan)| *players == planned && uniform(plan))
        .max_by_key(|(_, p)| p.len())?;
    let mut start: Plan = plan.into_iter().take(sessions).collect();
    for session in &mut start {
        for table in session.iter_mut() {
            table.retain(|&p| p < n);
        }
        // The short table last, as in the layout.
        session.sort_by_key(|t| std::cmp::Reverse(t.len()));
    }
    let mut label: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut label);
    for p in start.iter_mut().flatten().flatten() {
        *p = label[*p];
    }
    labels::separate(&mut start, n, weights);
    Some(start)
}

/// Orders each new session's tables so that the player who has dealt first least often (over the sessions
/// before, played ones included) deals first, ties by index to stay deterministic; then hands deals on along
/// chains of tablemates until no player deals first two more times than one it can reach.
pub(super) fn deal_first_fairly(plan: &mut Plan, played: &[Vec<Vec<usize>>], n: usize) {
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
    // Hand the deal on along a chain: p deals at a table with q, q at another with r, … until one who deals
    // first two fewer times than p takes a deal and p gives one up, the others keeping their counts. Each chain
    // lowers Σ first_seat², so the repair ends; it ends when no player can reach one dealing two fewer times.
    loop {
        let least = (0..n).map(|p| first_seat[p]).min().unwrap_or(0);
        let mut givers: Vec<usize> = (0..n).filter(|&p| first_seat[p] >= least + 2).collect();
        givers.sort_by_key(|&p| std::cmp::Reverse(first_seat[p]));
        let Some((giver, taker, chain)) =
            givers.iter().find_map(|&p| hand_over_chain(plan, played.len(), &first_seat, p, n).map(|(q, c)| (p, q, c)))
        else {
            break;
        };
        for (s, t, k) in chain {
            plan[s][t].rotate_left(k);
        }
        first_seat[giver] -= 1;
        first_seat[taker] += 1;
    }
}

/// One hand-over of a chain: session, table, and the seat of the player who deals first there instead.
type HandOver = (usize, usize, usize);

/// A chain of hand-overs from `giver` to a player dealing first two fewer times: the player reached and the
/// tables (session, table, seat of the next dealer), found breadth-first over "deals first at a new session's
/// table with".
fn hand_over_chain(
    plan: &Plan,
    fixed: usize,
    first_seat: &[u32],
    giver: usize,
    n: usize,
) -> Option<(usize, Vec<HandOver>)> {
    let mut deals_at: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (s, session) in plan.iter().enumerate().skip(fixed) {
        for (t, table) in session.iter().enumerate() {
            if let Some(&first) = table.first().filter(|&&p| p < n) {
                deals_at[first].push((s, t));
            }
        }
    }
    let mut came_from: Vec<Option<(usize, usize, usize, usize)>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[giver] = true;
    let mut queue = std::collections::VecDeque::from([giver]);
    while let Some(u) = queue.pop_front() {
        for &(s, t) in &deals_at[u] {
            for (k, &v) in plan[s][t].iter().enumerate().skip(1) {
                if v >= n || std::mem::replace(&mut seen[v], true) {
                    continue;
                }
                came_from[v] = Some((u, s, t, k));
                if first_seat[v] + 2 <= first_seat[giver] {
                    let mut chain = Vec::new();
                    let mut w = v;
                    while let Some((u, s, t, k)) = came_from[w] {
                        chain.push((s, t, k));
                        w = u;
                    }
                    return Some((v, chain));
                }
                queue.push_back(v);
            }
        }
    }
    None
}

/// How often each ordered pair of `plan` meets (`met[a * n + b]`).
pub(super) fn meetings(plan: &Plan, n: usize) -> Vec<u16> {
    let mut met = vec![0u16; n * n];
    for session in plan {
        record(session, n, &mut met);
    }
    met
}

/// How many meetings of a plan repeat an earlier one: Σ over pairs of (meetings − 1).
pub(super) fn repeats(plan: &Plan, n: usize) -> u32 {
    meetings(plan, n).iter().map(|&m| u32::from(m.saturating_sub(1))).sum::<u32>() / 2
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
    fn every_shipped_plan_is_repeat_free() {
        let lines = designs::data_lines(designs::THREE_PLANS).count();
        let plans: Vec<(usize, Plan)> = designs::three_plans().collect();
        assert_eq!(plans.len(), lines, "every line parses");
        let cells: Vec<(usize, usize)> = plans.iter().map(|(n, p)| (*n, p.len())).collect();
        assert_eq!(cells, [(15, 7), (18, 8), (21, 10), (24, 11), (27, 13)]);
        for (n, plan) in &plans {
            assert_eq!(repeats(plan, *n), 0, "{n} players");
        }
        // 15, 21 and 27 are Kirkman triple systems: every pair meets exactly once.
        for (n, plan) in plans.iter().filter(|(n, _)| n % 6 == 3) {
            assert!(meetings(plan, *n).iter().enumerate().all(|(i, &m)| (i / n == i % n) || m == 1), "{n}");
        }
    }

    #[test]
    fn the_cells_at_the_bound_reach_no_repeat_from_the_shipped_plans() {
        let hanafuda = TableSizes { max: 3, min: 2 };
        // 26, 23, 20 and 17 players: the plan for one more with a player taken out (one table of two).
        for (players, sessions) in [(18, 8), (21, 9), (21, 10), (24, 11), (27, 12), (26, 12), (23, 11), (20, 10)] {
            let plan = seat_any_size(&SeatingRequest::numbered(players, sessions, 3), hanafuda, &[]).expect("plan");
            assert_eq!(plan.len(), sessions);
            assert_eq!(repeats(&plan, players), 0, "{players} × {sessions}");
            let layout = hanafuda.layout(players).expect("layout");
            for session in &plan {
                assert!(session.iter().map(Vec::len).eq(layout.iter().copied()), "{players}: {session:?}");
            }
        }
        // Another seed, other labels: the same cell, a different plan.
        let one = seat_any_size(&SeatingRequest::numbered(21, 10, 1), hanafuda, &[]).expect("plan");
        let two = seat_any_size(&SeatingRequest::numbered(21, 10, 2), hanafuda, &[]).expect("plan");
        assert_ne!(one, two);
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
