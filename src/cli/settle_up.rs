//! `stecca settle-up [FILE]`: the fewest transfers for `{"balances": {"Anna": 1250, "Bruno": -300, …}}` (whole
//! cents). Bad input — balances that do not add up, amounts that are not whole cents, a name given twice — exits
//! with status 2, the reason on standard error and nothing on standard output.

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::{Value, json};

use super::EXIT_INVALID;
use super::input::{MAX_INPUT, open, read_all};
use crate::ledger::{Cents, MAX_AMOUNT, SettleError, fewest_transfers};
use crate::msg;

/// Most members one settle-up takes (the heuristic is quadratic beyond the exact limit).
const MAX_MEMBERS: usize = 10_000;

/// Arguments of `stecca settle-up`.
#[derive(Debug, clap::Args)]
pub struct SettleUpArgs {
    /// The balances file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Among the plans with the fewest transfers, prefer one without amounts under this many cents.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(i64).range(0..=MAX_AMOUNT))]
    pub avoid_under: Cents,
}

/// Runs `stecca settle-up`.
pub fn run(args: &SettleUpArgs) -> ExitCode {
    let proposal = open(args.file.as_deref())
        .and_then(|mut input| read_all(&mut *input, MAX_INPUT))
        .and_then(|text| settle_text(&text, args.avoid_under).map_err(anyhow::Error::msg));
    match proposal.and_then(|value| print(&value)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("stecca settle-up: {}", super::said(&error));
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn print(value: &Value) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// The proposal for a balances document, avoiding amounts under `avoid_under` cents where it can, or why there
/// is none.
pub fn settle_text(text: &str, avoid_under: Cents) -> Result<Value, String> {
    let input: Input = serde_json::from_str(text).map_err(|e| msg!("cli.not_balances", why = e).to_string())?;
    let Balances(balances) = input.balances;
    if balances.len() > MAX_MEMBERS {
        return Err(msg!("cli.too_many_members", n = balances.len(), max = MAX_MEMBERS).to_string());
    }
    let amounts: Vec<Cents> = balances.iter().map(|(_, amount)| *amount).collect();
    let proposal = fewest_transfers(&amounts, avoid_under).map_err(|e| match e {
        SettleError::NotZeroSum { sum } => msg!("cli.not_zero_sum", sum = sum).to_string(),
        SettleError::TooLarge { index } => {
            msg!("cli.amount_too_large", name = balances[index].0, max = MAX_AMOUNT).to_string()
        }
    })?;
    let name = |i: usize| balances[i].0.as_str();
    let transfers: Vec<Value> = proposal
        .transfers
        .iter()
        .map(|t| json!({"from": name(t.from), "to": name(t.to), "amount": t.amount}))
        .collect();
    Ok(json!({
        "transfers": transfers,
        "count": proposal.transfers.len(),
        "lower_bound": proposal.lower_bound,
        "optimal": proposal.optimal,
    }))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Input {
    balances: Balances,
}

/// The balances in the order given; a name twice or an amount that is not whole cents is refused (a JSON
/// object read into a map would keep the last of two equal names without a word).
struct Balances(Vec<(String, Cents)>);

impl<'de> serde::Deserialize<'de> for Balances {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(BalancesVisitor)
    }
}

struct BalancesVisitor;

impl<'de> Visitor<'de> for BalancesVisitor {
    type Value = Balances;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of names and whole cents")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Balances, A::Error> {
        let mut balances: Vec<(String, Cents)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        while let Some((name, amount)) = map.next_entry::<String, Value>()? {
            if name.trim().is_empty() {
                return Err(de::Error::custom("a member without a name"));
            }
            if !seen.insert(name.clone()) {
                return Err(de::Error::custom(msg!("cli.given_twice", name = name)));
            }
            let Some(cents) = amount.as_i64() else {
                return Err(de::Error::custom(msg!("cli.not_cents", name = name, amount = amount)));
            };
            balances.push((name, cents));
        }
        Ok(Balances(balances))
    }
}
