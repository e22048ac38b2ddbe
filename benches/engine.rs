//! Engine speed: (a) validate + score + settle one full FIMJ manche, (b) decompose a complete 14-tile hand,
//! (c) the whole `stecca score` path for one manche (JSON in, JSON out), (d) one Riichi win evaluated (the
//! random wins of the differential test against the `mahjong` library, whose own time on the same kind of
//! hands `docs/measurements.md` gives) and one Riichi hand through the whole path. Run:
//! `cargo bench --bench engine`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use stecca::rules::decompose;
use stecca::tiles::Counts;
use stecca_rules_fimj::{FimjManche, FimjOptions, random_manche, score_manche};

#[path = "hands.rs"]
mod hands;

fn manches() -> Vec<FimjManche> {
    (0..1024).map(random_manche).collect()
}

fn bench_manche(c: &mut Criterion) {
    let manches = manches();
    let options = FimjOptions::default();
    let mut group = c.benchmark_group("fimj");
    group.throughput(Throughput::Elements(1));
    let mut k = 0;
    group.bench_function("score_and_settle_manche", |b| {
        b.iter(|| {
            k = (k + 1) % manches.len();
            black_box(score_manche(black_box(&manches[k]), &options).is_ok())
        })
    });
    let texts: Vec<String> =
        manches.iter().map(|m| serde_json::to_string(&m.to_input(&options)).unwrap_or_default()).collect();
    bench_json_path(&mut group, "score_json_manche", &texts);
    group.finish();
}

fn bench_decompose(c: &mut Criterion) {
    let hands: Vec<Counts> = hands::complete_concealed_hands(10_000, 2026);
    let mut group = c.benchmark_group("decompose");
    group.throughput(Throughput::Elements(1));
    let mut k = 0;
    group.bench_function("complete_14_tiles", |b| {
        b.iter(|| {
            k = (k + 1) % hands.len();
            let mut found = 0u32;
            decompose::complete(black_box(&hands[k]), 4, |_| found += 1);
            black_box(found)
        })
    });
    group.finish();
}

/// `stecca score`'s whole path for each of `texts` in turn: JSON read, scored, the outcome written as JSON.
fn bench_json_path(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    texts: &[String],
) {
    let mut k = 0;
    group.bench_function(name, |b| {
        b.iter(|| {
            k = (k + 1) % texts.len();
            let input: stecca::rules::MancheInput =
                serde_json::from_str(black_box(&texts[k])).unwrap_or_else(|e| panic!("{e}"));
            let outcome = stecca::rules::score_manche(&input).unwrap_or_else(|e| panic!("{e}"));
            black_box(serde_json::to_string(&outcome).map(|s| s.len()).unwrap_or(0))
        })
    });
}

fn bench_riichi(c: &mut Criterion) {
    use stecca_rules_riichi::{evaluate, random::random_win};
    let mut rng = stecca::rng::Rng::new(2016);
    let wins: Vec<_> = (0..4096).map(|_| random_win(&mut rng)).collect();
    let mut group = c.benchmark_group("riichi");
    group.throughput(Throughput::Elements(1));
    let mut k = 0;
    group.bench_function("evaluate_win", |b| {
        b.iter(|| {
            k = (k + 1) % wins.len();
            let win = &wins[k];
            black_box(evaluate(black_box(&win.hand), &win.situation, &win.options).is_ok())
        })
    });
    let rules = stecca::rules::ruleset("riichi").expect("riichi").in_force(&serde_json::json!({})).expect("rules");
    let frame = stecca::rules::MancheFrame {
        names: ["Anna", "Bruno", "Carla", "Dario"].map(String::from).to_vec(),
        round_wind: Some(stecca::tiles::Wind::East),
        seat_winds: true,
        carried: rules.carry(&stecca::rules::CarryFrom::FIRST),
        ..stecca::rules::MancheFrame::default()
    };
    let texts: Vec<String> =
        (0..1024).map(|seed| serde_json::to_string(&rules.random_manche(seed, &frame)).unwrap_or_default()).collect();
    bench_json_path(&mut group, "score_json_hand", &texts);
    group.finish();
}

fn bench_mcr(c: &mut Criterion) {
    use stecca_rules_mcr::{Options, evaluate, random::random_win};
    let mut rng = stecca::rng::Rng::new(2006);
    let wins: Vec<_> = (0..4096).map(|_| random_win(&mut rng)).collect();
    let mut group = c.benchmark_group("mcr");
    group.throughput(Throughput::Elements(1));
    let mut k = 0;
    let options = Options::default();
    group.bench_function("evaluate_win", |b| {
        b.iter(|| {
            k = (k + 1) % wins.len();
            let win = &wins[k];
            black_box(evaluate(black_box(&win.hand), &win.situation, &options).is_ok())
        })
    });
    let rules = stecca::rules::ruleset("mcr").expect("mcr").in_force(&serde_json::json!({})).expect("rules");
    let frame = stecca::rules::MancheFrame {
        names: ["Anna", "Bruno", "Carla", "Dario"].map(String::from).to_vec(),
        round_wind: Some(stecca::tiles::Wind::East),
        seat_winds: true,
        ..stecca::rules::MancheFrame::default()
    };
    let texts: Vec<String> =
        (0..1024).map(|seed| serde_json::to_string(&rules.random_manche(seed, &frame)).unwrap_or_default()).collect();
    bench_json_path(&mut group, "score_json_hand", &texts);
    group.finish();
}

/// One random manche of each ruleset without its own group above, through `stecca score`'s path (JSON in, read,
/// scored, settled, explained, JSON out), so that a regression in any ruleset shows (issue "Speed, round two").
fn bench_every_ruleset(c: &mut Criterion) {
    for id in ["classic_american", "nmjl", "mayumi"] {
        let ruleset = stecca::rules::ruleset(id).unwrap_or_else(|| panic!("{id} is registered"));
        let rules = ruleset.in_force(&serde_json::json!({})).unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<String> =
            ["Anna", "Bruno", "Carla", "Dario"][..ruleset.table_size()].iter().map(|n| (*n).to_owned()).collect();
        let frame = stecca::rules::MancheFrame {
            names,
            round_wind: ruleset.seat_model().has_winds().then_some(stecca::tiles::Wind::East),
            seat_winds: ruleset.seat_model().has_seat_winds(),
            ..stecca::rules::MancheFrame::default()
        };
        let texts: Vec<String> = (0..1024)
            .map(|seed| serde_json::to_string(&rules.random_manche(seed, &frame)).unwrap_or_default())
            .collect();
        let mut group = c.benchmark_group(id);
        group.throughput(Throughput::Elements(1));
        bench_json_path(&mut group, "score_json_manche", &texts);
        group.finish();
    }
}

criterion_group!(benches, bench_manche, bench_decompose, bench_riichi, bench_mcr, bench_every_ruleset);
criterion_main!(benches);
