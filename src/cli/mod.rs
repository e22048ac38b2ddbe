//! The command line: argument parsing and the I/O around the core. `main.rs` only calls [`run`].

mod score;
mod seat;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit status for invalid input.
pub const EXIT_INVALID: u8 = 2;

/// Stecca: FIMJ Mah Jong scoring, settlement and tournament desk.
#[derive(Debug, Parser)]
#[command(name = "stecca", version, about, arg_required_else_help = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score and settle one manche given as JSON (or one per line with --jsonl); prints the result as JSON.
    Score(score::ScoreArgs),
    /// Seat N players for R sessions: no pair meets twice where possible, balanced winds; prints JSON.
    Seat(seat::SeatArgs),
}

/// Parses the arguments, runs the command and returns the process status.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Score(args) => score::run(&args),
        Command::Seat(args) => seat::run(&args),
    }
}
