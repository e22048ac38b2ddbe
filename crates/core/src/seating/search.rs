//! Who sits with whom: a tabu search on same-session swaps.
//!
//! The state is every session's tables plus the meeting matrix (how often each pair has met). The cost of a
//! pair that met `m` times is `max(0, m − 1)` repeats plus `m` times its club/country weight; a swap of two
//! players at different tables of one session changes only the twelve pairs around them, so its cost change is
//! computed in constant time. Each step takes the best non-tabu swap involving a player in conflict (aspiration:
//! a tabu swap is allowed when it beats the best cost seen). After a long stall the best schedule is perturbed.
//! Everything is driven by a seeded [`Rng`] and an iteration budget, never by the clock, so the same input gives
//! the same schedule on every machine.

use crate::rng::Rng;

/// Cost of one repeated meeting; club weights are scaled against it.
pub const REPEAT_COST: i64 = 1000;

/// Players at one table in one session (unordered here; winds are assigned later).
pub type Group = [usize; 4];

/// The search problem.
pub struct Problem<'a> {
    /// Number of players (a multiple of 4).
    pub players: usize,
    /// Sessions to seat in total, including the fixed ones.
    pub sessions: usize,
    /// Extra cost per meeting of each pair (club/country separation), row-major `players × players`.
    pub pair_weight: &'a [i64],
    /// Sessions already played: kept as they are and counted as history.
    pub fixed: &'a [Vec<Group>],
    /// Swap steps allowed.
    pub iterations: u64,
    /// Stop as soon as the cost reaches this lower bound (repeats that cannot be avoided, plus the same-club
    /// and same-country meetings that no seating avoids).
    pub target_cost: i64,
}

/// The tables of every session, fixed ones first, and their cost (repeats × [`REPEAT_COST`] plus weights).
pub fn solve(problem: &Problem<'_>, rng: &mut Rng, start: Option<Vec<Vec<Group>>>) -> (Vec<Vec<Group>>, i64) {
    let mut state = State::new(problem, rng, start);
    state.run(problem, rng);
    (state.best, state.best_cost)
}

struct State {
    n: usize,
    tables: usize,
    first_free: usize,
    sessions: Vec<Vec<Group>>,
    /// `at[s][p]` = the table of player `p` in session `s`.
    at: Vec<Vec<usize>>,
    met: Vec<u16>,
    weight: Vec<i64>,
    cost: i64,
    best: Vec<Vec<Group>>,
    best_cost: i64,
    tabu: Vec<Vec<u64>>,
}

impl State {
    fn new(problem: &Problem<'_>, rng: &mut Rng, start: Option<Vec<Vec<Group>>>) -> State {
        let n = problem.players;
        let tables = n / 4;
        let mut state = State {
            n,
            tables,
            first_free: problem.fixed.len(),
            sessions: Vec::new(),
            at: Vec::new(),
            met: vec![0; n * n],
            weight: problem.pair_weight.to_vec(),
            cost: 0,
            best: Vec::new(),
            best_cost: i64::MAX,
            tabu: vec![vec![0; n]; problem.sessions],
        };
        for session in problem.fixed {
            state.push_session(session.clone());
        }
        let start = start.unwrap_or_default();
        for s in problem.fixed.len()..problem.sessions {
            let session = match start.get(s) {
                Some(given) if given.len() == tables => given.clone(),
                _ => state.greedy_session(rng),
            };
            state.push_session(session);
        }
        state.cost = state.total_cost();
        state.best = state.sessions.clone();
        state.best_cost = state.cost;
        state
    }

    fn push_session(&mut self, session: Vec<Group>) {
        let mut at = vec![0; self.n];
        for (t, group) in session.iter().enumerate() {
            for &p in group {
                at[p] = t;
            }
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    self.met[a * self.n + b] += 1;
                    self.met[b * self.n + a] += 1;
                }
            }
        }
        self.sessions.push(session);
        self.at.push(at);
    }

    /// Players in random order, each to the open table where it adds the least cost.
    fn greedy_session(&self, rng: &mut Rng) -> Vec<Group> {
        let mut order: Vec<usize> = (0..self.n).collect();
        rng.shuffle(&mut order);
        let mut tables: Vec<Vec<usize>> = vec![Vec::with_capacity(4); self.tables];
        for p in order {
            let mut best = (i64::MAX, 0);
            let offset = rng.below(self.tables);
            for k in 0..self.tables {
                let t = (k + offset) % self.tables;
                if tables[t].len() == 4 {
                    continue;
                }
                let added: i64 = tables[t].iter().map(|&q| self.increase(p, q)).sum();
                if added < best.0 {
                    best = (added, t);
                }
            }
            tables[best.1].push(p);
        }
        tables.into_iter().map(|t| [t[0], t[1], t[2], t[3]]).collect()
    }

    fn pair_cost(&self, a: usize, b: usize, met: u16) -> i64 {
        i64::from(met.saturating_sub(1)) * REPEAT_COST + i64::from(met) * self.weight[a * self.n + b]
    }

    /// Cost change if `a` and `b` meet once more.
    fn increase(&self, a: usize, b: usize) -> i64 {
        let m = self.met[a * self.n + b];
        self.pair_cost(a, b, m + 1) - self.pair_cost(a, b, m)
    }

    /// Cost change if `a` and `b` meet once less.
    fn decrease(&self, a: usize, b: usize) -> i64 {
        let m = self.met[a * self.n + b];
        self.pair_cost(a, b, m.saturating_sub(1)) - self.pair_cost(a, b, m)
    }

    fn total_cost(&self) -> i64 {
        let mut cost = 0;
        for a in 0..self.n {
            for b in a + 1..self.n {
                cost += self.pair_cost(a, b, self.met[a * self.n + b]);
            }
        }
        cost
    }

    /// Cost change of swapping `a` (at table `ta`) and `b` (at table `tb`) in session `s`.
    fn swap_delta(&self, s: usize, a: usize, b: usize) -> i64 {
        let (ta, tb) = (self.at[s][a], self.at[s][b]);
        let mut delta = 0;
        for &x in &self.sessions[s][ta] {
            if x != a {
                delta += self.decrease(a, x) + self.increase(b, x);
            }
        }
        for &y in &self.sessions[s][tb] {
            if y != b {
                delta += self.decrease(b, y) + self.increase(a, y);
            }
        }
        delta
    }

    fn apply_swap(&mut self, s: usize, a: usize, b: usize) {
        let (ta, tb) = (self.at[s][a], self.at[s][b]);
        let n = self.n;
        let bump = |met: &mut Vec<u16>, p: usize, q: usize, up: bool| {
            let v = &mut met[p * n + q];
            *v = if up { *v + 1 } else { *v - 1 };
            met[q * n + p] = met[p * n + q];
        };
        for x in self.sessions[s][ta] {
            if x != a {
                bump(&mut self.met, a, x, false);
                bump(&mut self.met, b, x, true);
            }
        }
        for y in self.sessions[s][tb] {
            if y != b {
                bump(&mut self.met, b, y, false);
                bump(&mut self.met, a, y, true);
            }
        }
        for slot in self.sessions[s][ta].iter_mut() {
            if *slot == a {
                *slot = b;
            }
        }
        for slot in self.sessions[s][tb].iter_mut() {
            if *slot == b {
                *slot = a;
            }
        }
        self.at[s][a] = tb;
        self.at[s][b] = ta;
    }

    /// A player in conflict in session `s`: at a table with someone it meets more than once or is weighted with.
    fn in_conflict(&self, s: usize, p: usize) -> bool {
        self.sessions[s][self.at[s][p]]
            .iter()
            .any(|&q| q != p && (self.met[p * self.n + q] > 1 || self.weight[p * self.n + q] > 0))
    }

    fn run(&mut self, problem: &Problem<'_>, rng: &mut Rng) {
        let free = self.first_free..self.sessions.len();
        if free.is_empty() || self.tables < 2 {
            return;
        }
        let tenure = 4 + self.n as u64 / 8;
        let stall_limit = 2_000 + 20 * self.n as u64;
        let mut since_best = 0u64;
        let mut candidates: Vec<(usize, usize, usize)> = Vec::new();
        for iteration in 1..=problem.iterations {
            if self.repeats_done(problem) {
                break;
            }
            candidates.clear();
            let mut best_delta = i64::MAX;
            for s in free.clone() {
                for a in 0..self.n {
                    if !self.in_conflict(s, a) {
                        continue;
                    }
                    for b in 0..self.n {
                        if self.at[s][a] == self.at[s][b] {
                            continue;
                        }
                        let delta = self.swap_delta(s, a, b);
                        let tabu = self.tabu[s][a] > iteration || self.tabu[s][b] > iteration;
                        if tabu && self.cost + delta >= self.best_cost {
                            continue;
                        }
                        if delta < best_delta {
                            best_delta = delta;
                            candidates.clear();
                        }
                        if delta == best_delta {
                            candidates.push((s, a, b));
                        }
                    }
                }
            }
            let Some(&(s, a, b)) = candidates.get(rng.below(candidates.len())) else {
                // Nothing in conflict is movable right now: shake one session.
                self.perturb(rng, free.clone(), 1);
                continue;
            };
            self.apply_swap(s, a, b);
            self.cost += best_delta;
            self.tabu[s][a] = iteration + tenure + rng.below(tenure as usize) as u64;
            self.tabu[s][b] = iteration + tenure + rng.below(tenure as usize) as u64;
            if self.cost < self.best_cost {
                self.best_cost = self.cost;
                self.best = self.sessions.clone();
                since_best = 0;
            } else {
                since_best += 1;
                if since_best > stall_limit {
                    self.restore_best();
                    self.perturb(rng, free.clone(), 2 + self.n / 8);
                    since_best = 0;
                }
            }
        }
    }

    /// The best schedule has reached the lower bound on the cost: nothing better exists.
    fn repeats_done(&self, problem: &Problem<'_>) -> bool {
        self.best_cost <= problem.target_cost
    }

    fn restore_best(&mut self) {
        let best = self.best.clone();
        self.met.iter_mut().for_each(|m| *m = 0);
        self.sessions.clear();
        self.at.clear();
        for session in best {
            self.push_session(session);
        }
        self.cost = self.total_cost();
        debug_assert_eq!(self.cost, self.best_cost);
    }

    fn perturb(&mut self, rng: &mut Rng, free: std::ops::Range<usize>, swaps: usize) {
        for _ in 0..swaps {
            let s = free.start + rng.below(free.len());
            let a = rng.below(self.n);
            let b = rng.below(self.n);
            if self.at[s][a] != self.at[s][b] {
                let delta = self.swap_delta(s, a, b);
                self.apply_swap(s, a, b);
                self.cost += delta;
            }
        }
    }
}
