//! Zero-repeat schedules by a 1-rotational construction, for the cells near the bound where local search fails
//! (24 × 7, 28 × 9, 32 × 10, 36 × 11, 40 × 12, 44 × 12, 48 × 12, …).
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
    /// Fixed-point blocks first (three finite points each), then blocks of four finite points. Finite point
    /// `row × R + v`.
    pub blocks: Vec<Vec<usize>>,
}

impl Base {
    fn rows(&self) -> usize {
        self.players / self.sessions
    }

    fn fixed(&self) -> usize {
        self.players - self.rows() * self.sessions
    }

    /// Sessions 0‥R−1: the base session shifted by i. Fixed point k is player rows × R + k, seated with the
    /// k-th block.
    pub fn develop(&self) -> Vec<Vec<Group>> {
        let (r, rows, fixed) = (self.sessions, self.rows(), self.fixed());
        let shift = |p: usize, i: usize| (p / r) * r + (p % r + i) % r;
        (0..r)
            .map(|i| {
                self.blocks
                    .iter()
                    .enumerate()
                    .map(|(k, block)| {
                        let mut group = [0; 4];
                        for (slot, &p) in block.iter().take(4).enumerate() {
                            group[slot] = shift(p, i);
                        }
                        if k < fixed {
                            group[3] = rows * r + k;
                        }
                        group
                    })
                    .collect()
            })
            .collect()
    }

    /// One line: `players sessions: a b c | a b c d | …`.
    pub fn to_line(&self) -> String {
        let blocks: Vec<String> =
            self.blocks.iter().map(|b| b.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")).collect();
        format!("{} {}: {}", self.players, self.sessions, blocks.join(" | "))
    }

    /// Reads [`Base::to_line`]'s format; `None` for anything malformed.
    pub fn parse(line: &str) -> Option<Base> {
        let (head, body) = line.split_once(':')?;
        let mut head = head.split_whitespace().map(str::parse::<usize>);
        let (players, sessions) = (head.next()?.ok()?, head.next()?.ok()?);
        let blocks = body
            .split('|')
            .map(|b| b.split_whitespace().map(|p| p.parse().ok()).collect::<Option<Vec<usize>>>())
            .collect::<Option<Vec<_>>>()?;
        let base = Base { players, sessions, blocks };
        let finite = base.rows() * sessions;
        let shape_ok = sessions >= 2
            && base.blocks.len() * 4 == players
            && base
                .blocks
                .iter()
                .enumerate()
                .all(|(k, b)| b.len() == if k < base.fixed() { 3 } else { 4 } && b.iter().all(|&p| p < finite));
        shape_ok.then_some(base)
    }
}

/// A repeat-free base for `sessions` sessions of `players` players, if the construction finds one within
/// `node_budget` search steps (deterministic for a given `rng`).
pub fn find_base(players: usize, sessions: usize, rng: &mut Rng, node_budget: u64) -> Option<Base> {
    let r = sessions;
    if r < 2 || players % 4 != 0 {
        return None;
    }
    let rows = players / r;
    let fixed = players - rows * r;
    if rows < 3 || fixed > players / 4 {
        return None;
    }
    let mut search = Search::new(r, rows, fixed);
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
            return Some(Base { players, sessions, blocks: search.blocks.clone() });
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
}

impl Search {
    fn new(r: usize, rows: usize, fixed: usize) -> Search {
        Search {
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
        for a in 0..self.rows {
            for b in a + 1..self.rows {
                for c in b + 1..self.rows {
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
                        if self.place_fixed(k + 1, budget, rng) {
                            return true;
                        }
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

    /// The free finite points of `row`, in the order of `values`.
    fn free_points(&self, row: usize, values: &[usize]) -> Vec<usize> {
        values.iter().map(|&v| row * self.r + v).filter(|&p| !self.used_point[p]).collect()
    }

    /// Fills the remaining finite points four at a time, first free point (in the shuffled order) first.
    fn place_finite(&mut self, budget: &mut u64) -> bool {
        let Some(&first) = self.order.iter().find(|&&p| !self.used_point[p]) else {
            return true;
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
        let base = find_base(20, 5, &mut Rng::new(1), 5_000_000).expect("found");
        assert_eq!(Base::parse(&base.to_line()), Some(base.clone()));
        let sessions = base.develop();
        assert_eq!(max_meetings(&sessions, 20), 1);
        // 24 = 7 × 3 + 3: three fixed points, whose table-mates must not meet twice either.
        let base = find_base(24, 7, &mut Rng::new(1), 5_000_000).expect("found");
        let sessions = base.develop();
        assert_eq!(sessions.len(), 7);
        assert_eq!(max_meetings(&sessions, 24), 1);
    }
}
