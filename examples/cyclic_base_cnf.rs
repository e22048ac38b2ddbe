//! The 1-rotational bases that `find_cyclic_bases` does not find, as a SAT problem for an external solver
//! (the lines of `crates/core/assets/seating/cyclic-bases-sat.txt`):
//!
//! ```text
//! cargo run --release --example cyclic_base_cnf -- PLAYERS SESSIONS > base.cnf
//! kissat base.cnf > base.out          # any DIMACS solver that prints a `v …` model
//! cargo run --release --example cyclic_base_cnf -- PLAYERS SESSIONS base.out   # the checked line
//! ```
//!
//! The model is the construction of `src/seating/cyclic.rs` with one base session: rows = ⌊N / R⌋ rows of Z_R
//! and the rest fixed points; the base session's blocks partition the finite points, the first ones holding
//! three points of three different rows (and a fixed point each), the others four; every difference class — a
//! pair of rows with a difference, or a row with ±d — occurs at most once, and a row never holds R/2 when R is
//! even. Nothing about which classes stay unused is fixed. The blocks are ordered by their least point and the
//! first fixed point's block (the first block when there is none) holds point 0, which renaming the rows and a
//! translation always allow: this removes symmetry without losing solutions.
//! A SAT solver was used because the example's own search runs out of time on these cells: kissat 4.0.4 found
//! 44 × 14 in 56 s and 48 × 15 in 321 s on one core from these clauses (2026-11-27).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use stecca::seating::checked_cyclic_base_line;

/// Clauses over numbered variables (DIMACS: 1-based, negative for "not").
struct Cnf {
    vars: i64,
    clauses: Vec<Vec<i64>>,
}

impl Cnf {
    fn fresh(&mut self) -> i64 {
        self.vars += 1;
        self.vars
    }

    /// At most `k` of `lits` true: Sinz's sequential counter (s[i][j]: at least j+1 of the first i+1 true).
    fn at_most(&mut self, lits: &[i64], k: usize) {
        if k >= lits.len() {
            return;
        }
        if k == 0 {
            for &l in lits {
                self.clauses.push(vec![-l]);
            }
            return;
        }
        let s: Vec<Vec<i64>> = (0..lits.len()).map(|_| (0..k).map(|_| self.fresh()).collect()).collect();
        for (i, &x) in lits.iter().enumerate() {
            self.clauses.push(vec![-x, s[i][0]]);
            if i > 0 {
                for (&before, &now) in s[i - 1].iter().zip(&s[i]) {
                    self.clauses.push(vec![-before, now]);
                }
                for j in 1..k {
                    self.clauses.push(vec![-x, -s[i - 1][j - 1], s[i][j]]);
                }
                self.clauses.push(vec![-x, -s[i - 1][k - 1]]);
            }
        }
    }

    /// At least `k` of `lits` true: at most `len − k` of their negations.
    fn at_least(&mut self, lits: &[i64], k: usize) {
        let negated: Vec<i64> = lits.iter().map(|l| -l).collect();
        if k == 1 {
            self.clauses.push(lits.to_vec());
        } else if k > 0 {
            self.at_most(&negated, lits.len() - k);
        }
    }

    fn exactly(&mut self, lits: &[i64], k: usize) {
        self.at_most(lits, k);
        self.at_least(lits, k);
    }
}

/// The cell's shape: rows of Z_R, fixed points, blocks per session.
struct Shape {
    players: usize,
    r: usize,
    rows: usize,
    fixed: usize,
    blocks: usize,
}

impl Shape {
    fn new(players: usize, r: usize) -> Shape {
        assert!(players % 4 == 0 && r >= 2, "players must be a multiple of 4 and sessions at least 2");
        let rows = players / r;
        let fixed = players - rows * r;
        assert!(rows >= 3 || fixed == 0, "a fixed point needs three rows");
        assert!(fixed <= players / 4, "more fixed points than tables");
        Shape { players, r, rows, fixed, blocks: players / 4 }
    }

    fn finite(&self) -> usize {
        self.rows * self.r
    }

    /// Variable "finite point p sits at block b of the base session".
    fn x(&self, p: usize, b: usize) -> i64 {
        i64::try_from(p * self.blocks + b + 1).expect("small")
    }

    /// The difference class of two finite points; `None` for a pair the construction may never seat together.
    fn class(&self, p: usize, q: usize) -> Option<(usize, usize, usize)> {
        let (r, a, s, c) = (p / self.r, p % self.r, q / self.r, q % self.r);
        if r == s {
            let d = (c + self.r - a) % self.r;
            let d = d.min(self.r - d);
            (2 * d != self.r).then_some((r, r, d))
        } else {
            let (r, s, a, c) = if r < s { (r, s, a, c) } else { (s, r, c, a) };
            Some((r, s, (c + self.r - a) % self.r))
        }
    }

    fn cnf(&self) -> Cnf {
        let (n, nb) = (self.finite(), self.blocks);
        let mut f = Cnf { vars: i64::try_from(n * nb).expect("small"), clauses: Vec::new() };
        for p in 0..n {
            let at: Vec<i64> = (0..nb).map(|b| self.x(p, b)).collect();
            f.exactly(&at, 1);
        }
        for b in 0..nb {
            let members: Vec<i64> = (0..n).map(|p| self.x(p, b)).collect();
            if b < self.fixed {
                for row in 0..self.rows {
                    let in_row: Vec<i64> = (0..self.r).map(|v| self.x(row * self.r + v, b)).collect();
                    f.at_most(&in_row, 1);
                }
                f.exactly(&members, 3);
            } else {
                f.exactly(&members, 4);
            }
        }
        // s(p, q): p and q share a block; each class holds at most one such pair, and a class counts as used only
        // through a pair that really shares a block (y: p and q at block b).
        let mut classes: BTreeMap<(usize, usize, usize), Vec<i64>> = BTreeMap::new();
        for p in 0..n {
            for q in p + 1..n {
                let Some(class) = self.class(p, q) else {
                    for b in 0..nb {
                        f.clauses.push(vec![-self.x(p, b), -self.x(q, b)]);
                    }
                    continue;
                };
                let s = f.fresh();
                classes.entry(class).or_default().push(s);
                let mut ys = vec![-s];
                for b in 0..nb {
                    f.clauses.push(vec![-self.x(p, b), -self.x(q, b), s]);
                    let y = f.fresh();
                    f.clauses.push(vec![-y, self.x(p, b)]);
                    f.clauses.push(vec![-y, self.x(q, b)]);
                    ys.push(y);
                }
                f.clauses.push(ys);
            }
        }
        let pairs = 3 * self.fixed + 6 * (nb - self.fixed);
        let mut used = Vec::new();
        for pairs_of_class in classes.values() {
            f.at_most(pairs_of_class, 1);
            let u = f.fresh();
            let mut clause = vec![-u];
            clause.extend(pairs_of_class);
            f.clauses.push(clause);
            used.push(u);
        }
        assert!(pairs <= used.len(), "fewer difference classes ({}) than pairs ({pairs})", used.len());
        f.at_least(&used, pairs);
        // Symmetry: point 0 at block 0; blocks after the fixed points' ordered by their least point.
        f.clauses.push(vec![self.x(0, 0)]);
        for b in self.fixed + 1..nb {
            for p in 0..n {
                let mut clause = vec![-self.x(p, b)];
                clause.extend((0..p).map(|q| self.x(q, b - 1)));
                f.clauses.push(clause);
            }
        }
        f
    }

    /// The base session from a solver's model, checked by Stecca: every player once per session, no pair twice.
    fn line(&self, model: &[i64]) -> String {
        let truth: std::collections::HashSet<i64> = model.iter().copied().filter(|&v| v > 0).collect();
        let blocks: Vec<Vec<usize>> =
            (0..self.blocks).map(|b| (0..self.finite()).filter(|&p| truth.contains(&self.x(p, b))).collect()).collect();
        checked_cyclic_base_line(self.players, self.r, blocks)
            .expect("the solver's base develops into a repeat-free schedule")
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: cyclic_base_cnf PLAYERS SESSIONS [SOLVER_OUTPUT]";
    let (Some(players), Some(sessions)) =
        (args.first().and_then(|a| a.parse().ok()), args.get(1).and_then(|a| a.parse().ok()))
    else {
        panic!("{usage}");
    };
    let shape = Shape::new(players, sessions);
    match args.get(2) {
        None => {
            let f = shape.cnf();
            let mut out = format!("p cnf {} {}\n", f.vars, f.clauses.len());
            for clause in &f.clauses {
                for l in clause {
                    let _ = write!(out, "{l} ");
                }
                out.push_str("0\n");
            }
            print!("{out}");
        }
        Some(path) => {
            let text = std::fs::read_to_string(path).expect("the solver's output");
            assert!(text.lines().any(|l| l.trim() == "s SATISFIABLE"), "{path}: the solver found no base");
            let model: Vec<i64> = text
                .lines()
                .filter(|l| l.starts_with('v'))
                .flat_map(|l| l.split_whitespace().skip(1).map(|t| t.parse::<i64>().expect("a literal")))
                .collect();
            println!("{}", shape.line(&model));
        }
    }
}
