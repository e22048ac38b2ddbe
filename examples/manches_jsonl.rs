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

use stecca::rules::fimj::{FimjOptions, random_manche};
use stecca::rules::{CarryFrom, MancheFrame, MancheInput, RULESETS};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(100_000);
    let file = args.next().ok_or_else(|| anyhow::anyhow!("usage: manches_jsonl N FILE [FIRST_SEED] [RULES]"))?;
    let first: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(0);
    let rules = args.next().unwrap_or_else(|| "fimj".to_owned());
    let ids: Vec<&str> = match rules.as_str() {
        "mixed" => RULESETS.iter().map(|r| r.id()).collect(),
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

/// One random manche of ruleset `id`.
fn manche(id: &str, seed: u64) -> anyhow::Result<MancheInput> {
    if id == "fimj" {
        let mut input = random_manche(seed).to_input(&FimjOptions::default());
        input.options = serde_json::json!({});
        return Ok(input);
    }
    let ruleset = stecca::rules::ruleset(id).ok_or_else(|| anyhow::anyhow!("no ruleset {id}"))?;
    let rules = ruleset.in_force(&serde_json::json!({})).map_err(|e| anyhow::anyhow!("{e}"))?;
    let names = ["Anna", "Bruno", "Carla", "Dario"][..ruleset.table_size()].iter().map(|n| (*n).to_owned()).collect();
    let frame = MancheFrame {
        names,
        round_wind: ruleset.seat_model().has_winds().then_some(stecca::tiles::Wind::East),
        seat_winds: ruleset.seat_model().has_seat_winds(),
        carried: rules.carry(&CarryFrom::FIRST),
        ..MancheFrame::default()
    };
    Ok(rules.random_manche(seed, &frame))
}
