//! The random manche of a ruleset that `stecca score --jsonl`'s inputs are made of, one for each seed: the
//! example that writes those inputs (`examples/manches_jsonl.rs`) and the bench that times a line of each ruleset
//! (`benches/bulk.rs`) draw the same manches from here. FIMJ's manches carry `options: {}`; the others carry their
//! options spelled out, as a stored manche does.

use stecca::rules::{CarryFrom, MancheFrame, MancheInput};
use stecca_rules_fimj::{FimjOptions, random_manche};

/// One random manche of ruleset `id`.
pub fn manche(id: &str, seed: u64) -> anyhow::Result<MancheInput> {
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
