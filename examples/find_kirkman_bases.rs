//! Offline search for the Kirkman bases shipped in `crates/core/assets/seating/kirkman-bases.txt`: Kirkman
//! triple systems on 3m players over Z_m for the counts no field or tripling construction reaches (m ≡ 5 mod 6:
//! 33, 51, 69, 87 players; 105 players partially, 40 sessions being all a schedule has).
//! `cargo run --release --example find_kirkman_bases -- M [SEED [TRANSVERSAL]]` prints one line (fewer
//! TRANSVERSAL triples than (m − 1)/2 make a partial system: fewer sessions, still repeat-free); see
//! `src/seating/construct/kirkman.rs` for how a line is developed. No base of this shape exists over Z_5, so
//! 15 players come whole from `designs-three.txt`.
//!
//! Players (x, level) for x in Z_m and three levels. A base session C: the triple {(0,0), (0,1), (0,2)} and
//! m − 1 triples covering the other points; its m shifts by x ↦ x + s are m sessions. Then (m − 1)/2 triples
//! {(0,0), (b,1), (c,2)}, each of whose m shifts is one more session. Every pair meets once when each level's
//! differences ±d (d ≠ 0) occur once among C's pairs within a level, and each difference between two levels
//! once among all the triples. Simulated annealing over swaps of C's points and changes of a (b, c).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]
use stecca::rng::Rng;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let Some(&m) = args.first().filter(|m| *m % 2 == 1 && **m >= 5) else {
        eprintln!("usage: find_kirkman_bases M [SEED [TRANSVERSAL]] (M odd)");
        std::process::exit(2);
    };
    let seed = args.get(1).copied().unwrap_or(1) as u64;
    let transversal = args.get(2).copied().unwrap_or((m - 1) / 2).clamp(1, (m - 1) / 2);
    let Some((points, short)) = search(m, seed, transversal) else {
        eprintln!("{m}: not found");
        std::process::exit(1);
    };
    let name = |p: usize| format!("{}.{}", p % m, p / m);
    let base: Vec<String> =
        points.chunks(3).map(|t| t.iter().map(|&p| name(p)).collect::<Vec<_>>().join(" ")).collect();
    let short: Vec<String> = short.iter().map(|(b, c)| format!("{b} {c}")).collect();
    println!("{} {}: {} || {}", 3 * m, m + short.len(), base.join(" | "), short.join(" | "));
}

/// Slots: pure differences per level (class 1‥(m−1)/2), then mixed per ordered level pair (0→1, 1→2, 0→2)
/// and difference 0‥m−1.
struct Counts {
    m: usize,
    counts: Vec<i64>,
}

impl Counts {
    fn slot(&self, a: usize, b: usize) -> usize {
        let m = self.m;
        let (la, lb) = (a / m, b / m);
        let (xa, xb) = (a % m, b % m);
        if la == lb {
            let d = (xb + m - xa) % m;
            la * m + d.min(m - d)
        } else {
            let (lo, hi, xlo, xhi) = if la < lb { (la, lb, xa, xb) } else { (lb, la, xb, xa) };
            let pair = match (lo, hi) {
                (0, 1) => 0,
                (1, 2) => 1,
                _ => 2,
            };
            3 * m + pair * m + (xhi + m - xlo) % m
        }
    }

    fn add_triple(&mut self, t: &[usize], sign: i64) {
        for i in 0..3 {
            for j in i + 1..3 {
                let s = self.slot(t[i], t[j]);
                self.counts[s] += sign;
            }
        }
    }

    /// Every pure class exactly once (the unused pure slots 0 and above (m − 1)/2 never), every mixed
    /// difference at most once (the fixed triple's 0s are counted already). With all (m − 1)/2 transversal
    /// triples there are as many mixed pairs as differences, so "at most once" is "exactly once"; with fewer,
    /// the system is partial: fewer sessions, still repeat-free.
    fn cost(&self) -> i64 {
        let m = self.m;
        (0..self.counts.len())
            .map(|s| {
                let c = self.counts[s];
                if s >= 3 * m {
                    (c - 1).max(0)
                } else if s % m == 0 || s % m > (m - 1) / 2 {
                    c
                } else {
                    (c - 1).abs()
                }
            })
            .sum()
    }
}

/// The base session's free points (three by three) and the transversal triples' (b, c).
type Found = (Vec<usize>, Vec<(usize, usize)>);

fn search(m: usize, seed: u64, transversal: usize) -> Option<Found> {
    let mut rng = Rng::new(seed);
    // C's free points: every (x, level) with x ≠ 0, as level × m + x.
    let mut points: Vec<usize> = (0..3).flat_map(|l| (1..m).map(move |x| l * m + x)).collect();
    rng.shuffle(&mut points);
    let mut short: Vec<(usize, usize)> = (0..transversal).map(|_| (rng.below(m), rng.below(m))).collect();
    let mut counts = Counts { m, counts: vec![0; 6 * m] };
    counts.add_triple(&[0, m, 2 * m], 1);
    for t in points.chunks(3) {
        counts.add_triple(t, 1);
    }
    for &(b, c) in &short {
        counts.add_triple(&[0, m + b, 2 * m + c], 1);
    }
    let mut current = counts.cost();
    let mut temperature = 1.0f64;
    for step in 0..500_000_000u64 {
        if current == 0 {
            return Some((points, short));
        }
        if step % 20_000 == 0 {
            temperature = (temperature * 0.995).max(0.08);
        }
        let accept = |delta: i64, rng: &mut Rng| {
            delta <= 0 || (rng.below(1 << 20) as f64 / f64::from(1 << 20)) < (-(delta as f64) / temperature).exp()
        };
        if rng.below(4) == 0 {
            let k = rng.below(short.len());
            let old = short[k];
            let new = (rng.below(m), rng.below(m));
            counts.add_triple(&[0, m + old.0, 2 * m + old.1], -1);
            counts.add_triple(&[0, m + new.0, 2 * m + new.1], 1);
            let after = counts.cost();
            if accept(after - current, &mut rng) {
                short[k] = new;
                current = after;
            } else {
                counts.add_triple(&[0, m + new.0, 2 * m + new.1], -1);
                counts.add_triple(&[0, m + old.0, 2 * m + old.1], 1);
            }
        } else {
            let (a, b) = (rng.below(points.len()), rng.below(points.len()));
            if a / 3 == b / 3 {
                continue;
            }
            let (ta, tb) = (a / 3 * 3, b / 3 * 3);
            let old_a: Vec<usize> = points[ta..ta + 3].to_vec();
            let old_b: Vec<usize> = points[tb..tb + 3].to_vec();
            counts.add_triple(&old_a, -1);
            counts.add_triple(&old_b, -1);
            points.swap(a, b);
            counts.add_triple(&points[ta..ta + 3], 1);
            counts.add_triple(&points[tb..tb + 3], 1);
            let after = counts.cost();
            if accept(after - current, &mut rng) {
                current = after;
            } else {
                counts.add_triple(&points[ta..ta + 3], -1);
                counts.add_triple(&points[tb..tb + 3], -1);
                points.swap(a, b);
                counts.add_triple(&old_a, 1);
                counts.add_triple(&old_b, 1);
            }
        }
    }
    None
}
