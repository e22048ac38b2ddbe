//! One manche of each ruleset scored and explained as `stecca score --jsonl` does it, line by line: the JSON
//! line read, the ruleset's options in force (kept from line to line, as each task of a bulk run keeps them),
//! the manche checked, scored and settled, its explanation written out in Italian and English, the answer
//! written as JSON. A group per ruleset, so that a regression in any of them shows (issue 68). Run:
//! `cargo bench --bench bulk` (one ruleset: `cargo bench --bench bulk -- mayumi`).
//!
//! The lines are the random manches `examples/manches_jsonl.rs` writes: FIMJ's with `options: {}`, the others
//! with their options spelled out, as stored manches carry them.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use stecca::cli::JsonlScorer;
use stecca::rules::rulesets;

#[path = "support/random_manche.rs"]
mod random_manche;
use random_manche::manche;

/// 1,024 random manches of ruleset `id`, one JSON line each.
fn lines(id: &str) -> Vec<String> {
    (0..1024)
        .map(|seed| serde_json::to_string(&manche(id, seed).expect("a random manche")).expect("serialise"))
        .collect()
}

fn bench_rulesets(c: &mut Criterion) {
    for ruleset in rulesets() {
        let id = ruleset.id();
        let lines = lines(id);
        let mut scorer = JsonlScorer::default();
        let mut out = Vec::with_capacity(1 << 16);
        let mut group = c.benchmark_group(id);
        group.throughput(Throughput::Elements(1));
        let mut k = 0;
        group.bench_function("jsonl_line_scored_and_explained", |b| {
            b.iter(|| {
                k = (k + 1) % lines.len();
                out.clear();
                let scored = scorer.answer(black_box(&lines[k]), &mut out).unwrap_or_else(|e| panic!("{e}"));
                assert!(scored, "line {k} of {id} scores: {}", String::from_utf8_lossy(&out));
                black_box(out.len())
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench_rulesets);
criterion_main!(benches);
