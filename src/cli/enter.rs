//! `stecca enter --tournament ID --session S --table T [--manche M] [--jsonl] [FILE]`: manches confirmed by a
//! script. Each manche is its own transaction, and its answer is printed (and flushed) only after the commit,
//! so an answered manche is on disk.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use serde_json::{Value, json};

use super::input::{Lines, MAX_INPUT, open, read_all};
use super::{EXIT_INVALID, open_existing, referee};
use crate::desk::{Desk, DeskError, StoreError, TableAddress};
use crate::i18n::Lang;
use crate::message::{Explain, Message};
use crate::msg;
use crate::rules::MancheInput;

/// How often a manche waiting for a lost server is tried again.
const OFFLINE_RETRY: Duration = Duration::from_secs(2);

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
    /// How long, in seconds, a manche waits for a server that cannot be reached (tried again every 2 s, the
    /// lines behind it waiting) before `enter` stops, saying which line was the first not saved.
    #[arg(long, default_value_t = 30, value_name = "SECONDS")]
    pub wait_offline: u64,
    /// The input file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
}

/// Runs `stecca enter`.
pub fn run(db: Option<&str>, args: &EnterArgs) -> ExitCode {
    let result = open_existing(db).and_then(|mut desk| {
        let mut input = open(args.file.as_deref())?;
        if args.jsonl { bulk(&mut desk, args, &mut *input) } else { single(&mut desk, args, &mut *input) }
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(EXIT_INVALID),
        Err(error) => {
            eprintln!("stecca enter: {}", super::said(&error));
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn single(desk: &mut Desk, args: &EnterArgs, input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let text = read_all(input, MAX_INPUT)?;
    let by = referee(desk);
    match enter_patiently(desk, args, &text, &by) {
        Ok(answer) => {
            say!("{answer}");
            Ok(true)
        }
        Err(failure) => {
            eprintln!("stecca enter: {}", failure.text());
            Ok(false)
        }
    }
}

fn bulk(desk: &mut Desk, args: &EnterArgs, input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let mut out = std::io::stdout().lock();
    let mut all_saved = true;
    // Read once, while the server is known to answer: a line saved after a reconnect is signed like the others.
    let by = referee(desk);
    for (number, line) in Lines::new(input, MAX_INPUT).enumerate() {
        let line = line.with_context(|| msg!("cli.cannot_read_line", line = number + 1))?;
        if line.as_ref().is_ok_and(|l| l.trim().is_empty()) {
            continue;
        }
        let result = line.map_err(Failure::Invalid).and_then(|line| enter_patiently(desk, args, &line, &by));
        let answer = match result {
            Ok(answer) => answer,
            Err(failure) => {
                all_saved = false;
                // Scripts read the same JSON whatever the language: its words are English.
                let mut answer = json!({ "line": number + 1, "error": failure.text().render(Lang::ENGLISH) });
                if let Failure::Overtaken(_, saved) = &failure {
                    answer["saved"] = saved.clone();
                }
                if let Failure::Offline(_) = failure {
                    // Every line behind this one would wait as long again for the same server: stop, and say
                    // where, so that the script sends the rest again (a line sent again is not saved twice).
                    writeln!(out, "{answer}")?;
                    out.flush()?;
                    anyhow::bail!(msg!("cli.stopped_offline", line = number + 1, seconds = args.wait_offline));
                }
                answer
            }
        };
        // Written and flushed after the commit: whoever reads an answer can count on the manche.
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(all_saved)
}

/// Why a manche was not saved.
enum Failure {
    /// The manche (or the line) is wrong: the same line will be refused again.
    Invalid(Message),
    /// Another writer saved other hands under the line's manche number first: what it saved (number, nets,
    /// who, when), for the script to compare.
    Overtaken(Message, Value),
    /// The server could not be reached: the same line may be saved later.
    Offline(Message),
}

impl Failure {
    fn text(&self) -> &Message {
        match self {
            Failure::Invalid(text) | Failure::Overtaken(text, _) | Failure::Offline(text) => text,
        }
    }

    fn of(error: &DeskError) -> Failure {
        match error {
            _ if error.is_offline() => Failure::Offline(error.message()),
            DeskError::Store(StoreError::Conflict(conflict)) => {
                let saved = &conflict.current;
                let nets: serde_json::Map<String, Value> =
                    saved.input.players.iter().zip(&saved.nets).map(|(p, net)| (p.name.clone(), json!(net))).collect();
                let first = json!({ "manche": saved.number, "nets": nets, "referee": saved.referee,
                                    "entered_at": saved.entered_at });
                Failure::Overtaken(error.message(), first)
            }
            _ => Failure::Invalid(error.message()),
        }
    }
}

/// [`enter_text`], tried again every [`OFFLINE_RETRY`] while the server cannot be reached, for at most
/// `--wait-offline` seconds. A save whose answer was lost is found by its key, so trying again never saves
/// a manche twice.
fn enter_patiently(desk: &mut Desk, args: &EnterArgs, text: &str, by: &str) -> Result<Value, Failure> {
    let deadline = Instant::now() + Duration::from_secs(args.wait_offline);
    loop {
        match enter_text(desk, args, text, by) {
            // The last try is made at the deadline, so that the server is given the whole time the line says.
            Err(Failure::Offline(_)) if Instant::now() < deadline => {
                std::thread::sleep(OFFLINE_RETRY.min(deadline.saturating_duration_since(Instant::now())));
            }
            Err(Failure::Offline(why)) => {
                return Err(Failure::Offline(
                    msg!("cli.not_saved_offline", seconds = args.wait_offline).arg_message("why", why),
                ));
            }
            other => return other,
        }
    }
}

/// Takes a number out of the line's JSON object, or the command line's.
fn take_number(
    object: &mut serde_json::Map<String, Value>,
    key: &str,
    default: Option<u32>,
) -> Result<Option<u32>, Message> {
    match object.remove(key) {
        None | Some(Value::Null) => Ok(default),
        Some(value) => value
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > 0)
            .map(Some)
            .ok_or_else(|| msg!("cli.positive_number", key = key, value = value)),
    }
}

/// One manche: parses, saves, and returns the answer line (or the one-line reason it was not saved).
fn enter_text(desk: &mut Desk, args: &EnterArgs, text: &str, by: &str) -> Result<Value, Failure> {
    let mut value: Value =
        serde_json::from_str(text).map_err(|e| Failure::Invalid(msg!("cli.invalid_input", why = e)))?;
    let Some(object) = value.as_object_mut() else {
        return Err(Failure::Invalid(msg!("cli.not_an_object")));
    };
    let session = take_number(object, "session", args.session)
        .map_err(Failure::Invalid)?
        .ok_or_else(|| Failure::Invalid(msg!("cli.give_session")))?;
    let table = take_number(object, "table", args.table)
        .map_err(Failure::Invalid)?
        .ok_or_else(|| Failure::Invalid(msg!("cli.give_table")))?;
    let manche = take_number(object, "manche", args.manche).map_err(Failure::Invalid)?;
    let input: MancheInput = serde_path_to_error::deserialize(value)
        .map_err(|e| Failure::Invalid(msg!("cli.invalid_input", why = format!("{}: {}", e.path(), e.inner()))))?;
    let at = TableAddress { tournament: args.tournament, session, table };
    let entered = desk.enter_manche(at, manche, &input, by).map_err(|e| Failure::of(&e))?;
    let nets: serde_json::Map<String, Value> =
        entered.nets.iter().map(|(name, net)| (name.clone(), json!(net))).collect();
    let mut answer = json!({ "session": session, "table": table, "manche": entered.manche, "nets": nets });
    if entered.unchanged {
        answer["unchanged"] = json!(true);
    }
    Ok(answer)
}
