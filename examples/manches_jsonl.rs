//! Writes N random valid FIMJ manches as JSON lines (the `stecca score --jsonl` input):
//! `cargo run --release --example manches_jsonl -- N FILE [FIRST_SEED]`

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::io::{BufWriter, Write};

use stecca::rules::fimj::{FimjOptions, random_manche};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(100_000);
    let file = args.next().ok_or_else(|| anyhow::anyhow!("usage: manches_jsonl N FILE [FIRST_SEED]"))?;
    let first: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(0);
    let options = FimjOptions::default();
    let mut out = BufWriter::new(std::fs::File::create(&file)?);
    for seed in first..first + n {
        let mut input = random_manche(seed).to_input(&options);
        input.options = serde_json::json!({});
        serde_json::to_writer(&mut out, &input)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}
