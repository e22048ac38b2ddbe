//! Splits `stecca score --jsonl`'s time on one thread: reading the lines' JSON, scoring, writing the answers.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a profiling aid")]
use std::time::{Duration, Instant};
use stecca::rules::{MancheInput, ruleset_named};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let first: MancheInput = serde_json::from_str(lines[0]).unwrap();
    let rules = ruleset_named(&first.rules).unwrap().in_force(&first.options).unwrap();
    let (mut parse, mut score, mut stored) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut out = Vec::with_capacity(1 << 20);
    let mut bytes = 0;
    for l in &lines {
        let t = Instant::now();
        let input: MancheInput = serde_json::from_str(l).unwrap();
        let t2 = Instant::now();
        let outcome = rules.score(&input);
        let t3 = Instant::now();
        out.clear();
        if let Ok(o) = &outcome {
            serde_json::to_writer(&mut out, o).unwrap();
        }
        bytes += out.len();
        stored += t3.elapsed();
        parse += t2 - t;
        score += t3 - t2;
    }
    let t = Instant::now();
    let mut scorer = stecca::cli::JsonlScorer::default();
    for l in &lines {
        out.clear();
        scorer.answer(l, &mut out).unwrap();
    }
    let all = t.elapsed();
    println!(
        "{} lines: parse {:?}, score {:?}, whole answer {:?} (so writing ≈ {:?}); stored form {:?} {} B/line",
        lines.len(),
        parse,
        score,
        all,
        all.saturating_sub(parse + score),
        stored,
        bytes / lines.len()
    );
}
