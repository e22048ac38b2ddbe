//! `stecca score [--jsonl] [FILE]`.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use super::EXIT_INVALID;
use crate::rules::{MancheInput, MancheOutcome, score_manche};

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
    let result = open(args.file.as_ref()).and_then(|input| if args.jsonl { bulk(input) } else { single(input) });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(EXIT_INVALID),
        Err(error) => {
            eprintln!("stecca score: {error:#}");
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn open(file: Option<&PathBuf>) -> anyhow::Result<Box<dyn BufRead>> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let f = std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok(Box::new(BufReader::with_capacity(1 << 16, f)))
        }
        _ => Ok(Box::new(BufReader::with_capacity(1 << 16, std::io::stdin()))),
    }
}

/// Scores one manche; on invalid input prints one line on standard error and nothing on standard output.
fn single(mut input: Box<dyn BufRead>) -> anyhow::Result<bool> {
    let mut text = String::new();
    input.read_to_string(&mut text).context("cannot read the input")?;
    match score_text(&text) {
        Ok(outcome) => {
            let mut out = std::io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &outcome)?;
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
fn bulk(input: Box<dyn BufRead>) -> anyhow::Result<bool> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut all_scored = true;
    for (number, line) in input.lines().enumerate() {
        let line = line.with_context(|| format!("cannot read line {}", number + 1))?;
        match score_text(&line) {
            Ok(outcome) => serde_json::to_writer(&mut out, &outcome)?,
            Err(message) => {
                all_scored = false;
                serde_json::to_writer(&mut out, &serde_json::json!({ "error": message }))?;
            }
        }
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(all_scored)
}

/// Parses and scores one manche's JSON text; the error is the one-line message for the referee.
pub fn score_text(text: &str) -> Result<MancheOutcome, String> {
    if text.trim().is_empty() {
        return Err("invalid input: empty manche".to_owned());
    }
    let input: MancheInput = serde_json::from_str(text).map_err(|e| format!("invalid input: {e}"))?;
    score_manche(&input).map_err(|e| e.to_string())
}
