//! Writes N random valid manches as JSON lines (the `stecca score --jsonl` input):
//! `cargo run --release --example manches_jsonl -- N FILE [FIRST_SEED] [RULES]`
//!
//! RULES is a ruleset id (`fimj` when absent: its manches with `options: {}`; any other ruleset's manches carry
//! their options spelled out, as a stored manche does), or `mixed`: the rulesets in turn, line by line.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::io::{BufWriter, Write};

use stecca::rules::rulesets;

#[path = "../benches/support/random_manche.rs"]
mod random_manche;
use random_manche::manche;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(100_000);
    let file = args.next().ok_or_else(|| anyhow::anyhow!("usage: manches_jsonl N FILE [FIRST_SEED] [RULES]"))?;
    let first: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(0);
    let rules = args.next().unwrap_or_else(|| "fimj".to_owned());
    let ids: Vec<&str> = match rules.as_str() {
        "mixed" => rulesets().iter().map(|r| r.id()).collect(),
        id => vec![id],
    };
    let mut out = BufWriter::new(std::fs::File::create(&file)?);
    for seed in first..first + n {
        let id = ids[(seed % ids.len() as u64) as usize];
        serde_json::to_writer(&mut out, &manche(id, seed)?)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}
