//! Settle-up with the fewest transfers: 20 members with non-zero balances (the subset programme at its limit,
//! no cancelling pairs to take first), 30 members (the branch and bound at its limit: no group but everyone, and
//! zero-sum groups planted among 25–30 members, the hardest kind), and 200 members (pairs first, then the
//! heuristic); and the 20 with a club amount to avoid so high that the search for a plan without small amounts
//! runs to its step bound; and planted groups of amounts up to 50 cents and the slowest case of the sweep up to
//! 5 € (many repeated balances: the search over their counts). Before timing, a sweep of 200 fresh planted cases of 21–30 members for each spread of amounts
//! (10 cents to 5,000 €) says how many were proven and the slowest. `cargo bench --bench settle_up`.

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

/// Zero-sum groups of 3 to 6 members planted among 21–30 members, amounts up to `spread` cents, no cancelling
/// pairs, shuffled.
fn planted(rng: &mut Rng, spread: usize) -> Vec<Cents> {
    loop {
        let mut values: Vec<Cents> = Vec::new();
        let members = 21 + rng.below(10);
        while values.len() < members {
            let size = 3 + rng.below(4);
            let mut group: Vec<Cents> = (0..size - 1)
                .map(|_| {
                    let amount = 1 + rng.below(spread) as Cents;
                    if rng.below(2) == 0 { amount } else { -amount }
                })
                .collect();
            group.push(-group.iter().sum::<Cents>());
            values.extend(group);
        }
        for i in (1..values.len()).rev() {
            values.swap(i, rng.below(i + 1));
        }
        let pair = values.iter().enumerate().any(|(i, a)| values[i + 1..].iter().any(|b| a + b == 0));
        if values.len() <= 30 && !values.contains(&0) && !pair {
            return values;
        }
    }
}

/// How many of 200 fresh planted cases are proven optimal, and the slowest, for balances up to `spread` cents.
fn sweep(spread: usize) {
    let mut rng = Rng::new(68);
    let (mut proven, mut slowest) = (0, std::time::Duration::ZERO);
    for _ in 0..200 {
        let values = planted(&mut rng, spread);
        let started = std::time::Instant::now();
        let proposal = fewest_transfers(&values, 0).expect("zero sum");
        slowest = slowest.max(started.elapsed());
        proven += usize::from(proposal.optimal);
    }
    println!(
        "21–30 members, planted groups, amounts up to {spread} cents: {proven} of 200 proven, slowest {slowest:?}"
    );
}

fn bench(c: &mut Criterion) {
    for spread in [10, 50, 500, 5_000, 50_000, 500_000] {
        sweep(spread);
    }
    let thirty = balances(30, 3);
    let thirty_planted = planted(&mut Rng::new(30), 5_000);
    // The slowest of the sweep's cases up to 5 € (2026-11-29): 29 members, six groups at most, many to refute.
    let hardest_small: Vec<Cents> = vec![
        308, 499, -854, -82, 649, 146, -129, -462, 474, -73, 130, 374, 411, -607, 220, -324, 386, 449, 19, -27, -199,
        315, -363, -918, -117, 483, -433, -187, -88,
    ];
    let planted_cents = planted(&mut Rng::new(30), 50);
    for (name, b) in [
        ("30 members", &thirty),
        ("30 planted", &thirty_planted),
        ("planted, cents", &planted_cents),
        ("hardest up to 5 €", &hardest_small),
    ] {
        let proposal = fewest_transfers(b, 0).expect("zero sum");
        println!("{name} ({} members): {} transfers, optimal {}", b.len(), proposal.transfers.len(), proposal.optimal);
    }
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
    group.bench_function("30_members_exact", |bench| bench.iter(|| fewest_transfers(std::hint::black_box(&thirty), 0)));
    group.bench_function("30_members_planted_groups", |bench| {
        bench.iter(|| fewest_transfers(std::hint::black_box(&thirty_planted), 0))
    });
    group.bench_function("planted_groups_amounts_under_50_cents", |bench| {
        bench.iter(|| fewest_transfers(std::hint::black_box(&planted_cents), 0))
    });
    group.bench_function("29_members_hardest_up_to_5_euro", |bench| {
        bench.iter(|| fewest_transfers(std::hint::black_box(&hardest_small), 0))
    });
    group.bench_function("200_members", |bench| bench.iter(|| fewest_transfers(std::hint::black_box(&two_hundred), 0)));
    group.bench_function("20_members_avoiding_200_euro", |bench| {
        bench.iter(|| fewest_transfers(std::hint::black_box(&twenty), 20_000))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
