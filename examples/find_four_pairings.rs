//! Offline search for the pairings shipped in `crates/core/assets/seating/pairings-four.txt`: the 1-rotational
//! resolvable designs of blocks of four on 3m + 1 players over Z_m where m is not a prime power (for a prime
//! power the construction computes the pairing in GF(m); see `src/seating/construct/rotational.rs`).
//! `cargo run --release --example find_four_pairings -- M [SEED]` prints one line.
//!
//! A pairing lists, for each level j of three, t = (m − 1)/4 pairs (x, y): the block {±x at level j, ±y at
//! level j + 1}. It works when every level's ± classes are used once and, for each j, the classes of y − x
//! and y + x are all different. A depth-first search that always branches on the class with the fewest
//! possible partners, restarted with a new random order after a few thousand steps (simulated annealing
//! stalled on m = 77 and 93; this finds them in seconds).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]
use stecca::rng::Rng;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let Some(&m) = args.first().filter(|m| *m % 4 == 1 && **m >= 5) else {
        eprintln!("usage: find_four_pairings M [SEED] (M ≡ 1 mod 4)");
        std::process::exit(2);
    };
    let mut rng = Rng::new(args.get(1).copied().unwrap_or(1) as u64);
    for restart in 0..1_000_000 {
        let mut search = Search::new(m);
        match search.run(&mut rng) {
            Some(true) => {
                eprintln!("{m}: found after {restart} restarts");
                let lists: Vec<String> = search
                    .pairs
                    .iter()
                    .map(|list| list.iter().map(|(x, y)| format!("{x} {y}")).collect::<Vec<_>>().join(", "))
                    .collect();
                println!("{} {}: {}", 3 * m + 1, m, lists.join(" | "));
                return;
            }
            Some(false) => break,
            None => {}
        }
    }
    eprintln!("{m}: not found");
    std::process::exit(1);
}

/// The ± class of a residue: its representative in 1‥(m−1)/2, 0 for 0.
fn class(x: usize, m: usize) -> usize {
    let x = x % m;
    x.min(m - x)
}

struct Search {
    m: usize,
    classes: usize,
    /// `used[level][class]`.
    used: [Vec<bool>; 3],
    /// `covered[j][class]`: a difference class of level pair j already given by a pair.
    covered: [Vec<bool>; 3],
    pairs: [Vec<(usize, usize)>; 3],
    steps: u64,
}

/// A pair (x, y) of level pair j.
type Choice = (usize, usize, usize);

impl Search {
    fn new(m: usize) -> Search {
        let classes = (m - 1) / 2;
        let empty = || vec![false; classes + 1];
        Search {
            m,
            classes,
            used: [empty(), empty(), empty()],
            covered: [empty(), empty(), empty()],
            pairs: [Vec::new(), Vec::new(), Vec::new()],
            steps: 0,
        }
    }

    /// The differences (y − x, y + x) of a pair, when both are free in level pair j.
    fn differences(&self, j: usize, x: usize, y: usize) -> Option<(usize, usize)> {
        let (d, s) = (class(y + self.m - x, self.m), class(y + x, self.m));
        (d != 0 && s != 0 && d != s && !self.covered[j][d] && !self.covered[j][s]).then_some((d, s))
    }

    /// Every way to place class `c` of `level`: as x with a free y of the next level, or as y with a free x of
    /// the previous one.
    fn options(&self, level: usize, c: usize) -> Vec<Choice> {
        let (next, previous) = ((level + 1) % 3, (level + 2) % 3);
        let as_x = (1..=self.classes)
            .filter(|&y| !self.used[next][y] && self.differences(level, c, y).is_some())
            .map(|y| (level, c, y));
        let as_y = (1..=self.classes)
            .filter(|&x| !self.used[previous][x] && self.differences(previous, x, c).is_some())
            .map(|x| (previous, x, c));
        as_x.chain(as_y).collect()
    }

    fn set(&mut self, (j, x, y): Choice, on: bool) {
        let (d, s) = (class(y + self.m - x, self.m), class(y + x, self.m));
        self.used[j][x] = on;
        self.used[(j + 1) % 3][y] = on;
        self.covered[j][d] = on;
        self.covered[j][s] = on;
        if on {
            self.pairs[j].push((x, y));
        } else {
            self.pairs[j].pop();
        }
    }

    /// `Some(true)` when complete, `Some(false)` when this branch has no completion, `None` out of steps.
    fn run(&mut self, rng: &mut Rng) -> Option<bool> {
        self.steps += 1;
        if self.steps > 3_000 {
            return None;
        }
        let mut best: Option<Vec<Choice>> = None;
        for level in 0..3 {
            for c in (1..=self.classes).filter(|&c| !self.used[level][c]) {
                let options = self.options(level, c);
                if options.is_empty() {
                    return Some(false);
                }
                if best.as_ref().is_none_or(|b| options.len() < b.len()) {
                    best = Some(options);
                }
            }
        }
        let Some(mut options) = best else { return Some(true) };
        rng.shuffle(&mut options);
        for choice in options {
            self.set(choice, true);
            match self.run(rng) {
                Some(true) => return Some(true),
                outcome => {
                    self.set(choice, false);
                    outcome?;
                }
            }
        }
        Some(false)
    }
}
