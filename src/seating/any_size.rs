//! Seating for tables of a size other than four (rulesets of two or three players a table).
//!
//! The designs, the exact wind balance and the table numbering of the four-player schedule are built for
//! tables of four. Other sizes get a simpler plan with the same aims in order: few repeated meetings (each
//! session is the best of several shuffles, each improved by swaps between tables, counting every meeting of
//! the sessions before it), then clubs and countries apart, then every player dealing first about equally often.

use super::{SeatingError, SeatingRequest, pair_weights, search::REPEAT_COST};
use crate::rng::Rng;

/// A plan over any table size: `sessions[s][t]` = the players of table t+1 in session s+1, by seat position
/// (position 0 deals first).
pub type Plan = Vec<Vec<Vec<usize>>>;

/// Shuffles tried per session.
const SHUFFLES: usize = 24;

/// Seats the sessions after `played` (kept as they are and counted as history) at tables of `size`.
pub fn seat_any_size(request: &SeatingRequest, size: usize, played: &[Vec<Vec<usize>>]) -> Result<Plan, SeatingError> {
    let n = request.entrants.len();
    if !(2..=super::MAX_PLAYERS).contains(&size) || n < size || n > super::MAX_PLAYERS {
        return Err(SeatingError::PlayerCount(n));
    }
    if n % size != 0 {
        return Err(SeatingError::BadSchedule(crate::msg!(
            "error.seating.not_multiple",
            players = n,
            size = size,
            missing = size - n % size,
            filled = n + size - n % size,
            extra = n % size
        )));
    }
    if !(1..=super::MAX_SESSIONS).contains(&request.sessions) {
        return Err(SeatingError::SessionCount(request.sessions));
    }
    if played.len() > request.sessions {
        return Err(SeatingError::Played { played: played.len(), total: request.sessions });
    }
    let weights = pair_weights(request);
    let mut met = vec![0u16; n * n];
    let mut first_seat = vec![0u32; n];
    let mut plan: Plan = Vec::with_capacity(request.sessions);
    for session in played {
        record(session, n, &mut met, &mut first_seat);
        plan.push(session.clone());
    }
    let mut rng = Rng::new(request.seed);
    while plan.len() < request.sessions {
        let cost = |tables: &[Vec<usize>]| session_cost(tables, n, &met, &weights);
        let mut best: Option<(i64, Vec<Vec<usize>>)> = None;
        for _ in 0..SHUFFLES {
            let mut order: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut order);
            let mut tables: Vec<Vec<usize>> = order.chunks(size).map(<[usize]>::to_vec).collect();
            improve(&mut tables, n, &met, &weights, &mut rng);
            let c = cost(&tables);
            if best.as_ref().is_none_or(|(b, _)| c < *b) {
                best = Some((c, tables));
            }
        }
        let Some((_, mut tables)) = best else { break };
        for table in &mut tables {
            // The player who has dealt first least often deals first; ties by index keep it deterministic.
            if let Some(first) = (0..table.len()).min_by_key(|&i| (first_seat[table[i]], table[i])) {
                table.rotate_left(first);
            }
        }
        record(&tables, n, &mut met, &mut first_seat);
        plan.push(tables);
    }
    Ok(plan)
}

fn record(session: &[Vec<usize>], n: usize, met: &mut [u16], first_seat: &mut [u32]) {
    for table in session {
        if let Some(&first) = table.first().filter(|&&p| p < n) {
            first_seat[first] += 1;
        }
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
        let (mut met, mut first) = (vec![0u16; n * n], vec![0u32; n]);
        for session in plan {
            record(session, n, &mut met, &mut first);
        }
        met
    }

    #[test]
    fn nine_players_at_tables_of_three_meet_everyone_once_in_four_sessions() {
        // 9 players, 4 sessions of three tables of three: the affine plane of order 3 exists, so no pair
        // need meet twice; the search finds a plan with every pair meeting exactly once.
        let request = SeatingRequest::numbered(9, 4, 7);
        let plan = seat_any_size(&request, 3, &[]).expect("plan");
        assert_eq!(plan.len(), 4);
        for session in &plan {
            let mut seen: Vec<usize> = session.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..9).collect::<Vec<_>>(), "everyone once per session");
            assert!(session.iter().all(|t| t.len() == 3));
        }
        let met = meetings(&plan, 9);
        let repeats: u32 = met.iter().map(|&m| u32::from(m.saturating_sub(1))).sum::<u32>() / 2;
        assert!(repeats <= 2, "few repeats: {repeats}");
    }

    #[test]
    fn played_sessions_stay_and_count_as_history() {
        let request = SeatingRequest::numbered(6, 2, 1);
        let played = vec![vec![vec![0, 1, 2], vec![3, 4, 5]]];
        let plan = seat_any_size(&request, 3, &played).expect("plan");
        assert_eq!(plan[0], played[0]);
        for table in &plan[1] {
            let first_half = table.iter().filter(|&&p| p < 3).count();
            assert!(first_half <= 2, "two tables of three cannot keep a whole table together again: {table:?}");
        }
        let error = seat_any_size(&SeatingRequest::numbered(7, 2, 1), 3, &[]).expect_err("7 at tables of 3");
        assert!(error.to_string().contains("tables of 3"), "{error}");
    }
}
