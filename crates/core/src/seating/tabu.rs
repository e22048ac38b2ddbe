//! A tabu search over a whole plan of any table size (Dotú & Van Hentenryck, "Scheduling social golfers
//! locally", 2005): a move swaps two players of different tables in one session; only players who meet
//! someone at their table again (or a clubmate) are moved; a player just moved stays put in that session for
//! a few steps unless the move beats the best plan; after a long stall the search restarts from the best plan
//! with a few random swaps. Hand-written because no maintained crate offers tabu search over this
//! structure; it is small and deterministic for a seed.

use super::plan::Plan;
use super::search::REPEAT_COST;
use crate::rng::Rng;

/// A swap in one session: (cost change, session, (table, seat) of one player, (table, seat) of the other).
type Move = (i64, usize, (usize, usize), (usize, usize));

/// Steps without a better plan before a restart from the best one.
const STALL: u64 = 1_500;
/// Players whose moves are weighed each step.
const CANDIDATES: usize = 6;

/// Meetings and their cost.
struct Meetings<'a> {
    n: usize,
    met: Vec<u16>,
    weights: &'a [i64],
}

impl<'a> Meetings<'a> {
    fn of(plan: &Plan, n: usize, weights: &'a [i64]) -> Meetings<'a> {
        let mut meetings = Meetings { n, met: vec![0; n * n], weights };
        for table in plan.iter().flatten() {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    meetings.change(a, b, 1);
                }
            }
        }
        meetings
    }

    fn change(&mut self, a: usize, b: usize, by: i32) {
        for slot in [a * self.n + b, b * self.n + a] {
            self.met[slot] = (i32::from(self.met[slot]) + by).clamp(0, i32::from(u16::MAX)) as u16;
        }
    }

    /// A pair's cost: every meeting beyond the first costs more than the one before (m·(m−1)/2 repeats), and
    /// each meeting of clubmates its weight.
    fn total(&self) -> i64 {
        let mut cost = 0;
        for a in 0..self.n {
            for b in a + 1..self.n {
                let m = i64::from(self.met[a * self.n + b]);
                cost += REPEAT_COST * m * (m - 1).max(0) / 2 + self.weights[a * self.n + b] * m;
            }
        }
        cost
    }

    /// What one more meeting of `a` and `b` costs.
    fn add(&self, a: usize, b: usize) -> i64 {
        REPEAT_COST * i64::from(self.met[a * self.n + b]) + self.weights[a * self.n + b]
    }

    /// What one meeting fewer of `a` and `b` saves (as a negative cost).
    fn remove(&self, a: usize, b: usize) -> i64 {
        -(REPEAT_COST * (i64::from(self.met[a * self.n + b]) - 1).max(0) + self.weights[a * self.n + b])
    }

    /// Whether `a` meeting `b` once more than needed costs anything (a repeat, or clubmates).
    fn conflict(&self, a: usize, b: usize) -> bool {
        self.met[a * self.n + b] > 1 || self.weights[a * self.n + b] > 0
    }

    /// The change of cost if `a` (at `from`) and `b` (at `to`) swap tables.
    fn swap_delta(&self, from: &[usize], a: usize, to: &[usize], b: usize) -> i64 {
        let mut delta = 0;
        for &q in from.iter().filter(|&&q| q != a) {
            delta += self.remove(a, q) + self.add(b, q);
        }
        for &q in to.iter().filter(|&&q| q != b) {
            delta += self.remove(b, q) + self.add(a, q);
        }
        delta
    }

    fn swap(&mut self, plan: &mut Plan, s: usize, (t, i): (usize, usize), (u, j): (usize, usize)) {
        let (a, b) = (plan[s][t][i], plan[s][u][j]);
        for &q in plan[s][t].iter().filter(|&&q| q != a) {
            self.change(a, q, -1);
            self.change(b, q, 1);
        }
        for &q in plan[s][u].iter().filter(|&&q| q != b) {
            self.change(b, q, -1);
            self.change(a, q, 1);
        }
        plan[s][t][i] = b;
        plan[s][u][j] = a;
    }
}

/// Lowers the plan's cost by swaps within the sessions after the first `fixed`; keeps the best plan found.
pub fn polish(plan: &mut Plan, fixed: usize, n: usize, weights: &[i64], rng: &mut Rng) {
    let budget = (40_000_000 / (n * plan.len()).max(1) as u64).clamp(2_000, 300_000);
    polish_for(plan, fixed, n, weights, rng, budget);
}

/// [`polish`] for `budget` steps (offline searches run far longer than the desk may).
pub fn polish_for(plan: &mut Plan, fixed: usize, n: usize, weights: &[i64], rng: &mut Rng, budget: u64) {
    if plan.len() <= fixed || n < 2 {
        return;
    }
    let mut meetings = Meetings::of(plan, n, weights);
    let mut cost = meetings.total();
    let (mut best, mut best_plan) = (cost, plan.clone());
    let mut tabu = vec![0u64; plan.len() * n];
    let mut last_better = 0u64;
    for step in 1..=budget {
        let candidates = conflicted(plan, fixed, &meetings);
        if candidates.is_empty() {
            break;
        }
        let mut chosen: Option<Move> = None;
        for _ in 0..CANDIDATES.min(candidates.len()) {
            let (s, t, i) = candidates[rng.below(candidates.len())];
            let a = plan[s][t][i];
            for u in (0..plan[s].len()).filter(|&u| u != t) {
                for j in 0..plan[s][u].len() {
                    let b = plan[s][u][j];
                    let delta = meetings.swap_delta(&plan[s][t], a, &plan[s][u], b);
                    let is_tabu = tabu[s * n + a] > step || tabu[s * n + b] > step;
                    if is_tabu && cost + delta >= best {
                        continue;
                    }
                    // Equal moves are chosen at random so that plateaus are crossed.
                    let better = chosen.is_none_or(|(d, ..)| delta < d || (delta == d && rng.chance(50)));
                    if better {
                        chosen = Some((delta, s, (t, i), (u, j)));
                    }
                }
            }
        }
        if let Some((delta, s, from, to)) = chosen {
            let (a, b) = (plan[s][from.0][from.1], plan[s][to.0][to.1]);
            meetings.swap(plan, s, from, to);
            cost += delta;
            tabu[s * n + a] = step + 4 + rng.below(8) as u64;
            tabu[s * n + b] = step + 4 + rng.below(8) as u64;
        }
        if cost < best {
            (best, last_better) = (cost, step);
            best_plan.clone_from(plan);
        } else if step - last_better > STALL {
            plan.clone_from(&best_plan);
            for _ in 0..3 {
                let s = fixed + rng.below(plan.len() - fixed);
                if plan[s].len() > 1 {
                    let (t, u) = (rng.below(plan[s].len()), rng.below(plan[s].len()));
                    if t != u {
                        let (i, j) = (rng.below(plan[s][t].len()), rng.below(plan[s][u].len()));
                        let (a, b) = (plan[s][t][i], plan[s][u][j]);
                        (plan[s][t][i], plan[s][u][j]) = (b, a);
                    }
                }
            }
            meetings = Meetings::of(plan, n, weights);
            cost = meetings.total();
            tabu.iter_mut().for_each(|t| *t = 0);
            last_better = step;
        }
    }
    plan.clone_from(&best_plan);
}

/// Every seat (session, table, position) of a movable session whose player meets someone at its table in
/// conflict.
fn conflicted(plan: &Plan, fixed: usize, meetings: &Meetings<'_>) -> Vec<(usize, usize, usize)> {
    let mut seats = Vec::new();
    for (s, session) in plan.iter().enumerate().skip(fixed) {
        for (t, table) in session.iter().enumerate() {
            for (i, &a) in table.iter().enumerate() {
                if table.iter().any(|&b| b != a && meetings.conflict(a, b)) {
                    seats.push((s, t, i));
                }
            }
        }
    }
    seats
}
