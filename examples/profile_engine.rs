//! Scores many random manches in a loop: a target for `perf record` / `valgrind --tool=callgrind`.
//! `cargo run --release --example profile_engine -- [ROUNDS]`

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::time::Instant;

use stecca_rules_fimj::{FimjOptions, random_manche, score_manche};

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(500);
    let manches: Vec<_> = (0..1024).map(random_manche).collect();
    let options = FimjOptions::default();
    let start = Instant::now();
    let mut ok = 0usize;
    for _ in 0..rounds {
        for m in &manches {
            ok += usize::from(score_manche(std::hint::black_box(m), &options).is_ok());
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = rounds * manches.len();
    println!("{n} manches ({ok} valid) in {seconds:.3} s: {:.0} manches/s on one core", n as f64 / seconds);
}
