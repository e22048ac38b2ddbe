//! Zero-repeat schedules by a 1-rotational construction, for the cells near the bound where local search fails
//! (24 × 7, 28 × 9, 36 × 11, 40 × 12, …) and, past twelve sessions, for the counts no construction takes as far
//! (44 × 13, 48 × 14, 56 × 16, … 156 × 40); 32 × 10 is a whole design (`designs.rs`).
//!
//! The N = R·k + f players are k rows of the cyclic group Z_R plus f fixed points ∞. One base session is
//! searched; session i is the base session with every finite point shifted by +i (mod R). A pair of finite
//! points in rows (r, s) with difference d then meets once per session in which the base session has a pair of
//! rows (r, s) at difference d — so if every such "difference" occurs at most once in the base session (pure
//! differences ±d counting as one, and d = R/2 never within a row), nobody meets twice. A fixed point with three
//! finite points from three different rows meets each finite point exactly once. Any prefix of the R sessions is
//! still repeat-free.

use crate::rng::Rng;

use super::search::Group;

/// A base session: enough to rebuild the whole repeat-free schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    /// Players (R × rows + fixed).
    pub players: usize,
    /// Sessions R (the cyclic group is Z_R).
    pub sessions: usize,
    /// Base sessions (orbits); each is developed by the cyclic group Z_q with q = sessions / orbits.
    pub orbits: usize,
    /// Per orbit, N/4 blocks: fixed-point blocks first (three finite points each), then blocks of four finite
    /// points. Finite point `row × q + v`.
    pub blocks: Vec<Vec<usize>>,
}

impl Base {
    fn order(&self) -> usize {
        self.sessions / self.orbits.max(1)
    }

    fn rows(&self) -> usize {
        self.players / self.order()
    }

    fn fixed(&self) -> usize {
        self.players - self.rows() * self.order()
    }

    /// Sessions: each base session (orbit) shifted by 0‥q−1. Fixed point k is player rows × q + k, seated with
    /// the k-th block of every orbit.
    pub fn develop(&self) -> Vec<Vec<Group>> {
        let (q, rows, fixed, per_orbit) = (self.order(), self.rows(), self.fixed(), self.players / 4);
        let shift = |p: usize, i: usize| (p / q) * q + (p % q + i) % q;
        let mut sessions = Vec::with_capacity(self.sessions);
        for orbit in self.blocks.chunks(per_orbit) {
            for i in 0..q {
                let session = orbit
                    .iter()
                    .enumerate()
                    .map(|(k, block)| {
                        let mut group = [0; 4];
                        for (slot, &p) in block.iter().take(4).enumerate() {
                            group[slot] = shift(p, i);
                        }
                        if k < fixed {
                            group[3] = rows * q + k;
                        }
                        group
                    })
                    .collect();
                sessions.push(session);
            }
        }
        sessions
    }

    /// One line: `players sessions: a b c | a b c d | …`, orbits separated by `||`.
    pub fn to_line(&self) -> String {
        let orbits: Vec<String> = self
            .blocks
            .chunks(self.players / 4)
            .map(|orbit| {
                let blocks: Vec<String> =
                    orbit.iter().map(|b| b.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")).collect();
                blocks.join(" | ")
            })
            .collect();
        format!("{} {}: {}", self.players, self.sessions, orbits.join(" || "))
    }

    /// Reads [`Base::to_line`]'s format; `None` for anything malformed.
    pub fn parse(line: &str) -> Option<Base> {
        let (players, sessions, body) = super::designs::split_head(line)?;
        let orbits = body.split("||").count();
        let blocks = body
            .split("||")
            .flat_map(|orbit| orbit.split('|'))
            .map(|b| b.split_whitespace().map(|p| p.parse().ok()).collect::<Option<Vec<usize>>>())
            .collect::<Option<Vec<_>>>()?;
        let base = Base { players, sessions, orbits, blocks };
        let finite = base.rows() * base.order();
        let per_orbit = players / 4;
        let shape_ok = sessions >= 2
            && players % 4 == 0
            && sessions % orbits == 0
            && base.blocks.len() == per_orbit * orbits
            && base.blocks.iter().enumerate().all(|(k, b)| {
                b.len() == if k % per_orbit < base.fixed() { 3 } else { 4 } && b.iter().all(|&p| p < finite)
            });
        shape_ok.then_some(base)
    }
}

/// A repeat-free base for `sessions` sessions of `players` players with `orbits` base sessions, each developed
/// by Z_{sessions / orbits}, if the construction finds one within `node_budget` search steps (deterministic for a
/// given `rng`).
pub fn find_base_with_orbits(
    players: usize,
    sessions: usize,
    orbits: usize,
    rng: &mut Rng,
    node_budget: u64,
) -> Option<Base> {
    if orbits == 0 || sessions % orbits != 0 {
        return None;
    }
    let r = sessions / orbits;
    if r < 2 || players % 4 != 0 {
        return None;
    }
    let rows = players / r;
    let fixed = players - rows * r;
    // Each fixed point needs three rows of its own in every orbit to meet each finite point at most once.
    if rows < 3 || (fixed > 0 && rows < 3 * orbits) || fixed > players / 4 || rows > 64 {
        return None;
    }
    let mut search = Search::new(r, rows, fixed, orbits, rng.next_u64());
    // Randomised restarts: many short attempts find these designs far sooner than one long one.
    let per_attempt = 100_000u64;
    let mut remaining = node_budget;
    while remaining > 0 {
        let mut budget = per_attempt.min(remaining);
        remaining -= budget;
        let mut order: Vec<usize> = (0..r * rows).collect();
        rng.shuffle(&mut order);
        search.reset(order);
        if search.place_fixed(0, &mut budget, rng) {
            return Some(Base { players, sessions, orbits, blocks: search.blocks.clone() });
        }
    }
    None
}

struct Search {
    r: usize,
    rows: usize,
    fixed: usize,
    /// Finite point p = row × r + value.
    used_point: Vec<bool>,
    /// Mixed differences: index (row_a × rows + row_b) × r + d, for row_a < row_b.
    used_mixed: Vec<bool>,
    /// Pure differences: index row × r + min(d, r − d).
    used_pure: Vec<bool>,
    blocks: Vec<Vec<usize>>,
    order: Vec<usize>,
    orbits: usize,
    orbit: usize,
    /// Shuffles for later orbits.
    rng: Rng,
    /// Per fixed point, a bit per row it has already been seated with (in earlier orbits).
    fixed_rows: Vec<u64>,
}

impl Search {
    fn new(r: usize, rows: usize, fixed: usize, orbits: usize, seed: u64) -> Search {
        Search {
            orbits,
            orbit: 0,
            rng: Rng::new(seed),
            fixed_rows: vec![0; fixed],
            r,
            rows,
            fixed,
            used_point: vec![false; r * rows],
            used_mixed: vec![false; rows * rows * r],
            used_pure: vec![false; rows * r],
            blocks: Vec::new(),
            order: Vec::new(),
        }
    }

    fn reset(&mut self, order: Vec<usize>) {
        self.used_point.iter_mut().for_each(|u| *u = false);
        self.used_mixed.iter_mut().for_each(|u| *u = false);
        self.used_pure.iter_mut().for_each(|u| *u = false);
        self.blocks.clear();
        self.order = order;
        self.orbit = 0;
        self.fixed_rows.iter_mut().for_each(|m| *m = 0);
    }

    /// The difference slot of a pair of finite points, or `None` when the pair would meet twice.
    fn slot(&self, a: usize, b: usize) -> Option<(bool, usize)> {
        let (ra, va, rb, vb) = (a / self.r, a % self.r, b / self.r, b % self.r);
        if ra == rb {
            let d = (vb + self.r - va) % self.r;
            let d = d.min(self.r - d);
            // d = R/2: developing the pair {a, a + R/2} would seat it together twice.
            if d == 0 || 2 * d == self.r {
                return None;
            }
            Some((true, ra * self.r + d))
        } else {
            let (lo, hi, d) =
                if ra < rb { (ra, rb, (vb + self.r - va) % self.r) } else { (rb, ra, (va + self.r - vb) % self.r) };
            Some((false, (lo * self.rows + hi) * self.r + d))
        }
    }

    fn free(&self, slot: (bool, usize)) -> bool {
        if slot.0 { !self.used_pure[slot.1] } else { !self.used_mixed[slot.1] }
    }

    fn mark(&mut self, slot: (bool, usize), value: bool) {
        if slot.0 {
            self.used_pure[slot.1] = value;
        } else {
            self.used_mixed[slot.1] = value;
        }
    }

    /// Can `p` join the finite points `block` without reusing a difference (also among the new pairs)?
    fn compatible(&self, block: &[usize], p: usize, pending: &[(bool, usize)]) -> Option<Vec<(bool, usize)>> {
        let mut slots = Vec::with_capacity(block.len());
        for &q in block {
            let slot = self.slot(q, p)?;
            if !self.free(slot) || pending.contains(&slot) || slots.contains(&slot) {
                return None;
            }
            slots.push(slot);
        }
        Some(slots)
    }

    /// Fixed point `k` takes three free finite points from three different rows (so that it meets every finite
    /// point exactly once), whose own three pairs use free differences; then the next fixed point, then the
    /// finite blocks.
    fn place_fixed(&mut self, k: usize, budget: &mut u64, rng: &mut Rng) -> bool {
        if k == self.fixed {
            return self.place_finite(budget);
        }
        let mut triples: Vec<[usize; 3]> = Vec::new();
        let taken = self.fixed_rows[k];
        let free_row = |row: usize| taken >> row & 1 == 0;
        for a in (0..self.rows).filter(|&a| free_row(a)) {
            for b in (a + 1..self.rows).filter(|&b| free_row(b)) {
                for c in (b + 1..self.rows).filter(|&c| free_row(c)) {
                    triples.push([a, b, c]);
                }
            }
        }
        rng.shuffle(&mut triples);
        let mut values: Vec<usize> = (0..self.r).collect();
        for rows in triples {
            rng.shuffle(&mut values);
            let [first, second, third] = rows.map(|row| self.free_points(row, &values));
            for &p1 in &first {
                for &p2 in &second {
                    let Some(s12) = self.compatible(&[p1], p2, &[]) else { continue };
                    for &p3 in &third {
                        if *budget == 0 {
                            return false;
                        }
                        *budget -= 1;
                        let Some(s3) = self.compatible(&[p1, p2], p3, &s12) else { continue };
                        let slots: Vec<(bool, usize)> = s12.iter().chain(&s3).copied().collect();
                        for &s in &slots {
                            self.mark(s, true);
                        }
                        for p in [p1, p2, p3] {
                            self.used_point[p] = true;
                        }
                        self.blocks.push(vec![p1, p2, p3]);
                        let mask: u64 = rows.iter().map(|&row| 1u64 << row).sum();
                        self.fixed_rows[k] |= mask;
                        if self.place_fixed(k + 1, budget, rng) {
                            return true;
                        }
                        self.fixed_rows[k] &= !mask;
                        self.blocks.pop();
                        for p in [p1, p2, p3] {
                            self.used_point[p] = false;
                        }
                        for &s in &slots {
                            self.mark(s, false);
                        }
                    }
                }
            }
        }
        false
    }

    /// Every point of this orbit is placed: start the next orbit's base session (all points free again, the
    /// differences used so far still used), or finish.
    fn next_orbit(&mut self, budget: &mut u64) -> bool {
        if self.orbit + 1 >= self.orbits {
            return true;
        }
        let placed = std::mem::replace(&mut self.used_point, vec![false; self.r * self.rows]);
        self.orbit += 1;
        let mut rng = std::mem::replace(&mut self.rng, Rng::new(0));
        let found = self.place_fixed(0, budget, &mut rng);
        self.rng = rng;
        if !found {
            self.orbit -= 1;
            self.used_point = placed;
        }
        found
    }

    /// The free finite points of `row`, in the order of `values`.
    fn free_points(&self, row: usize, values: &[usize]) -> Vec<usize> {
        values.iter().map(|&v| row * self.r + v).filter(|&p| !self.used_point[p]).collect()
    }

    /// Fills the remaining finite points four at a time, first free point (in the shuffled order) first.
    fn place_finite(&mut self, budget: &mut u64) -> bool {
        let Some(&first) = self.order.iter().find(|&&p| !self.used_point[p]) else {
            return self.next_orbit(budget);
        };
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        self.used_point[first] = true;
        let candidates: Vec<usize> = self.order.iter().copied().filter(|&p| !self.used_point[p]).collect();
        let found = self.extend(vec![first], Vec::new(), &candidates, 0, budget);
        if !found {
            self.used_point[first] = false;
        }
        found
    }

    fn extend(
        &mut self,
        block: Vec<usize>,
        slots: Vec<(bool, usize)>,
        candidates: &[usize],
        from: usize,
        budget: &mut u64,
    ) -> bool {
        if block.len() == 4 {
            for &s in &slots {
                self.mark(s, true);
            }
            for &p in &block[1..] {
                self.used_point[p] = true;
            }
            self.blocks.push(block.clone());
            if self.place_finite(budget) {
                return true;
            }
            self.blocks.pop();
            for &p in &block[1..] {
                self.used_point[p] = false;
            }
            for &s in &slots {
                self.mark(s, false);
            }
            return false;
        }
        for (i, &p) in candidates.iter().enumerate().skip(from) {
            if *budget == 0 {
                return false;
            }
            if let Some(new) = self.compatible(&block, p, &slots) {
                let mut next_block = block.clone();
                next_block.push(p);
                let mut next_slots = slots.clone();
                next_slots.extend(new);
                if self.extend(next_block, next_slots, candidates, i + 1, budget) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn max_meetings(sessions: &[Vec<Group>], players: usize) -> u32 {
        let mut met = vec![0u32; players * players];
        for group in sessions.iter().flatten() {
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    met[a * players + b] += 1;
                    met[b * players + a] += 1;
                }
            }
        }
        met.into_iter().max().unwrap_or(0)
    }

    #[test]
    fn bases_develop_into_repeat_free_schedules_and_round_trip_as_text() {
        let base = find_base_with_orbits(20, 5, 1, &mut Rng::new(1), 5_000_000).expect("found");
        assert_eq!(Base::parse(&base.to_line()), Some(base.clone()));
        let sessions = base.develop();
        assert_eq!(max_meetings(&sessions, 20), 1);
        // 24 = 7 × 3 + 3: three fixed points, whose table-mates must not meet twice either.
        let base = find_base_with_orbits(24, 7, 1, &mut Rng::new(1), 5_000_000).expect("found");
        let sessions = base.develop();
        assert_eq!(sessions.len(), 7);
        assert_eq!(max_meetings(&sessions, 24), 1);
    }
}
