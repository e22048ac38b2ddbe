//! Settle-up with the fewest transfers: 20 members with non-zero balances (the exact method at its limit, no
//! cancelling pairs to take first) and 200 members (pairs first, then the heuristic); and the 20 with a club
//! amount to avoid so high that the search for a plan without small amounts runs to its step bound. `cargo
//! bench --bench settle_up`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use stecca::ledger::{Cents, fewest_transfers};
use stecca::rng::Rng;

/// `n` balances in whole cents summing to zero, with no two cancelling each other (so nothing is taken out
/// before the exact method or the heuristic).
fn balances(n: usize, seed: u64) -> Vec<Cents> {
    let mut rng = Rng::new(seed);
    let mut b: Vec<Cents> = (0..n - 1)
        .map(|i| {
            let magnitude = 100 + rng.below(5000) as Cents * 10 + i as Cents;
            if i % 2 == 0 { magnitude } else { -magnitude - 3 }
        })
        .collect();
    let sum: Cents = b.iter().sum();
    b.push(-sum);
    b
}

fn bench(c: &mut Criterion) {
    let twenty = balances(20, 1);
    let two_hundred = balances(200, 2);
    for (name, b) in [("20 members", &twenty), ("200 members", &two_hundred)] {
        let proposal = fewest_transfers(b, 0).expect("zero sum");
        let avoiding = fewest_transfers(b, 20_000).expect("zero sum");
        let small = |p: &stecca::ledger::Proposal| p.transfers.iter().filter(|t| t.amount < 20_000).count();
        println!("{name}: under 200 €: {} plain, {} avoiding", small(&proposal), small(&avoiding));
        println!(
            "{name}: {} transfers, lower bound {}, optimal {}",
            proposal.transfers.len(),
            proposal.lower_bound,
            proposal.optimal
        );
    }
    let mut group = c.benchmark_group("settle_up");
    group.sample_size(10);
    group.bench_function("20_members_exact", |bench| bench.iter(|| fewest_transfers(std::hint::black_box(&twenty), 0)));
    group.bench_function("200_members", |bench| bench.iter(|| fewest_transfers(std::hint::black_box(&two_hundred), 0)));
    group.bench_function("20_members_avoiding_200_euro", |bench| {
        bench.iter(|| fewest_transfers(std::hint::black_box(&twenty), 20_000))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
