//! `stecca enter --tournament ID --session S --table T [--manche M] [--jsonl] [FILE]`: manches confirmed by a
//! script. Each manche is its own transaction, and its answer is printed (and flushed) only after the commit,
//! so an answered manche is on disk.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::input::{Lines, MAX_INPUT, open, read_all};
use super::{EXIT_INVALID, open_existing, referee};
use crate::desk::{TableAddress, enter_manche};
use crate::rules::MancheInput;
use crate::store::Store;

/// Arguments of `stecca enter`.
#[derive(Debug, clap::Args)]
pub struct EnterArgs {
    /// The tournament's id.
    #[arg(long)]
    pub tournament: i64,
    /// The session number; a line may give its own `"session"`.
    #[arg(long)]
    pub session: Option<u32>,
    /// The table number in the session; a line may give its own `"table"`.
    #[arg(long)]
    pub table: Option<u32>,
    /// The manche number (the table's next one when absent); a line may give its own `"manche"`.
    #[arg(long)]
    pub manche: Option<u32>,
    /// One manche per input line; one answer per output line.
    #[arg(long)]
    pub jsonl: bool,
    /// The input file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
}

/// Runs `stecca enter`.
pub fn run(db: Option<&str>, args: &EnterArgs) -> ExitCode {
    let result = open_existing(db).and_then(|mut store| {
        let mut input = open(args.file.as_deref())?;
        if args.jsonl { bulk(&mut store, args, &mut *input) } else { single(&mut store, args, &mut *input) }
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(EXIT_INVALID),
        Err(error) => {
            eprintln!("stecca enter: {error:#}");
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn single(store: &mut Store, args: &EnterArgs, input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let text = read_all(input, MAX_INPUT)?;
    match enter_text(store, args, &text) {
        Ok(answer) => {
            println!("{answer}");
            Ok(true)
        }
        Err(message) => {
            eprintln!("stecca enter: {message}");
            Ok(false)
        }
    }
}

fn bulk(store: &mut Store, args: &EnterArgs, input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let mut out = std::io::stdout().lock();
    let mut all_saved = true;
    for (number, line) in Lines::new(input, MAX_INPUT).enumerate() {
        let line = line.map_err(|e| anyhow::anyhow!("cannot read line {}: {e}", number + 1))?;
        if line.as_ref().is_ok_and(|l| l.trim().is_empty()) {
            continue;
        }
        let answer = match line.and_then(|line| enter_text(store, args, &line)) {
            Ok(answer) => answer,
            Err(message) => {
                all_saved = false;
                json!({ "line": number + 1, "error": message })
            }
        };
        // Written and flushed after the commit: whoever reads an answer can count on the manche.
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(all_saved)
}

/// Takes a number out of the line's JSON object, or the command line's.
fn take_number(
    object: &mut serde_json::Map<String, Value>,
    key: &str,
    default: Option<u32>,
) -> Result<Option<u32>, String> {
    match object.remove(key) {
        None | Some(Value::Null) => Ok(default),
        Some(value) => value
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > 0)
            .map(Some)
            .ok_or_else(|| format!("{key}: expected a positive whole number, not {value}")),
    }
}

/// One manche: parses, saves, and returns the answer line (or the one-line reason it was not saved).
fn enter_text(store: &mut Store, args: &EnterArgs, text: &str) -> Result<Value, String> {
    let mut value: Value = serde_json::from_str(text).map_err(|e| format!("invalid input: {e}"))?;
    let Some(object) = value.as_object_mut() else {
        return Err("invalid input: a manche is a JSON object".to_owned());
    };
    let session = take_number(object, "session", args.session)?.ok_or("session: give --session or \"session\"")?;
    let table = take_number(object, "table", args.table)?.ok_or("table: give --table or \"table\"")?;
    let manche = take_number(object, "manche", args.manche)?;
    let input: MancheInput =
        serde_path_to_error::deserialize(value).map_err(|e| format!("invalid input: {}: {}", e.path(), e.inner()))?;
    let at = TableAddress { tournament: args.tournament, session, table };
    let by = referee(store);
    let entered = enter_manche(store, at, manche, &input, &by).map_err(|e| e.to_string())?;
    let nets: serde_json::Map<String, Value> =
        entered.nets.iter().map(|(name, net)| (name.clone(), json!(net))).collect();
    let mut answer = json!({ "session": session, "table": table, "manche": entered.manche, "nets": nets });
    if entered.unchanged {
        answer["unchanged"] = json!(true);
    }
    Ok(answer)
}
