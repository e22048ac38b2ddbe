//! Helper of `benches/compare_mahjong.py`:
//! `decompose_compare write N FILE` writes N distinct complete 14-tile hands (34 counts per line);
//! `decompose_compare time FILE` decomposes them all (repeatedly, for a stable figure) and prints a JSON line
//! with the hands per second and the number of arrangements found for each hand, for cross-checking.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::time::Instant;

use stecca::rules::decompose::{self, Shape};
use stecca::tiles::{Counts, KINDS};

#[path = "../benches/hands.rs"]
mod hands;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("write") => {
            let n: usize = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(10_000);
            let file = args.get(3).ok_or_else(|| anyhow::anyhow!("usage: write N FILE"))?;
            let lines: Vec<String> = hands::complete_concealed_hands(n, 2026)
                .iter()
                .map(|h| h.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
                .collect();
            std::fs::write(file, lines.join("\n") + "\n")?;
        }
        Some("time") => {
            let file = args.get(2).ok_or_else(|| anyhow::anyhow!("usage: time FILE"))?;
            let hands = read(file)?;
            let count = |h: &Counts| {
                let mut found = 0usize;
                // The Python divider knows no thirteen orphans; none are generated, but count like it does.
                decompose::complete(h, 4, |a| found += usize::from(a.shape != Shape::ThirteenOrphans));
                found
            };
            let counts: Vec<usize> = hands.iter().map(count).collect();
            let rounds = 200;
            let start = Instant::now();
            let mut total = 0usize;
            for _ in 0..rounds {
                total += hands.iter().map(|h| count(std::hint::black_box(h))).sum::<usize>();
            }
            let seconds = start.elapsed().as_secs_f64();
            let per_second = (hands.len() * rounds) as f64 / seconds;
            println!(
                "{}",
                serde_json::json!({"hands": hands.len(), "rounds": rounds, "seconds": seconds,
                    "hands_per_second": per_second, "checksum": total, "arrangements": counts})
            );
        }
        _ => anyhow::bail!("usage: decompose_compare write N FILE | time FILE"),
    }
    Ok(())
}

fn read(file: &str) -> anyhow::Result<Vec<Counts>> {
    let text = std::fs::read_to_string(file)?;
    text.lines()
        .map(|line| {
            let mut counts: Counts = [0; KINDS];
            for (slot, word) in counts.iter_mut().zip(line.split_whitespace()) {
                *slot = word.parse()?;
            }
            Ok(counts)
        })
        .collect()
}
