//! `stecca score [--jsonl] [FILE]`.

use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use super::EXIT_INVALID;
use super::input::{Lines, MAX_INPUT, open, read_all};
use super::printed::Printed;
use crate::i18n::Lang;
use crate::message::{Explain, Message};
use crate::msg;
use crate::rules::{CarryFrom, MancheInput, MancheOutcome, Rotation, score_manche};
use crate::tiles::Wind;

/// Arguments of `stecca score`.
#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// One manche per input line; one result (or `{"error": …}`) per output line.
    #[arg(long)]
    pub jsonl: bool,
    /// The input file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
}

/// Runs `stecca score`.
pub fn run(args: &ScoreArgs) -> ExitCode {
    let result = open(args.file.as_deref())
        .and_then(|mut input| if args.jsonl { bulk(&mut *input) } else { single(&mut *input) });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(EXIT_INVALID),
        Err(error) => {
            eprintln!("stecca score: {}", super::said(&error));
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// Scores one manche; on invalid input prints one line on standard error and nothing on standard output.
fn single(input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let text = read_all(input, MAX_INPUT)?;
    match score_text(&text) {
        Ok((input, outcome)) => {
            let mut out = std::io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &Printed::from(&outcome).with_next(next(&input, &outcome)))?;
            writeln!(out)?;
            Ok(true)
        }
        Err(message) => {
            eprintln!("stecca score: {message}");
            Ok(false)
        }
    }
}

/// Scores one manche per line; returns whether every line scored.
fn bulk(input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut all_scored = true;
    for (number, line) in Lines::new(input, MAX_INPUT).enumerate() {
        let line = line.with_context(|| msg!("cli.cannot_read_line", line = number + 1))?;
        match line.and_then(|line| score_text(&line)) {
            Ok((input, outcome)) => {
                serde_json::to_writer(&mut out, &Printed::from(&outcome).with_next(next(&input, &outcome)))?;
            }
            Err(message) => {
                all_scored = false;
                // Scripts read the same JSON whatever the language: its words are English.
                serde_json::to_writer(&mut out, &serde_json::json!({ "error": message.render(Lang::ENGLISH) }))?;
            }
        }
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(all_scored)
}

/// Parses and scores one manche's JSON text (a byte-order mark is already dropped by `input`); the error is
/// the one-line message for the referee.
fn score_text(text: &str) -> Result<(MancheInput, MancheOutcome), Message> {
    if text.trim().is_empty() {
        return Err(msg!("cli.empty_manche"));
    }
    let input: MancheInput = serde_json::from_str(text).map_err(|e| msg!("cli.invalid_input", why = e))?;
    let outcome = score_manche(&input).map_err(|e| e.message())?;
    Ok((input, outcome))
}

/// What the next manche starts from, for a ruleset that carries fields from hand to hand: who deals it (by
/// seat wind: East again, or South after the deal passes) and the carried fields. `None` for the others.
fn next(input: &MancheInput, outcome: &MancheOutcome) -> Option<serde_json::Value> {
    let rules = crate::rules::ruleset(&input.rules)?.in_force(&input.options).ok()?;
    let carried = rules.carry(&CarryFrom { before: Some((input, outcome)), last_deal: false, totals: &[] });
    if carried.is_empty() {
        return None;
    }
    let dealer = match rules.rotation(outcome) {
        Rotation::Stay => input.players.iter().find(|p| p.seat == Some(Wind::East)),
        Rotation::Pass => input.players.iter().find(|p| p.seat == Some(Wind::South)),
        Rotation::To(position) => input.players.get(position),
        Rotation::End => None,
    };
    let mut next = serde_json::Map::new();
    if let Some(dealer) = dealer {
        next.insert("dealer".into(), dealer.name.clone().into());
    }
    next.extend(carried);
    Some(serde_json::Value::Object(next))
}
