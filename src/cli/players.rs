//! `stecca players import --tournament ID FILE.csv`: the desk's registration import, all rows or none.

use std::path::PathBuf;

use anyhow::Context;

use super::input::read_all;
use super::{open_existing, referee};
use crate::msg;
use crate::tournament::parse_players_csv;

/// The largest registration list read (a 400-player list is about 30 kB).
const MAX_LIST: usize = 16 << 20;

/// Arguments of `stecca players`.
#[derive(Debug, clap::Args)]
pub struct PlayersArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The players subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Register the players of a CSV list (header name,club,country[,federation_id,substitute,team]): every row is
    /// checked first, and nothing is saved unless all of them are good.
    Import {
        /// The tournament's id.
        #[arg(long)]
        tournament: i64,
        /// The list (`-` for standard input).
        file: PathBuf,
    },
}

/// Runs `stecca players`.
pub fn run(db: Option<&str>, args: &PlayersArgs) -> anyhow::Result<()> {
    let Action::Import { tournament, file } = &args.action;
    let mut desk = open_existing(db)?;
    desk.tournament(*tournament)?;
    let registered: Vec<String> = desk.players(*tournament)?.into_iter().map(|p| p.data.name).collect();
    let text = read_all(&mut *super::input::open(Some(file))?, MAX_LIST).with_context(|| file.display().to_string())?;
    let rows = parse_players_csv(&text, &registered).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let problems: Vec<String> = rows
        .iter()
        .filter_map(|row| row.result.as_ref().err().map(|e| msg!("cli.at_line", line = row.line, why = e).to_string()))
        .collect();
    if !problems.is_empty() {
        anyhow::bail!(msg!("cli.nothing_imported", file = file.display(), problems = problems.join("; ")));
    }
    let players: Vec<_> = rows.into_iter().filter_map(|row| row.result.ok()).collect();
    let by = referee(&desk);
    let ids = desk.import_players(*tournament, &players, &by)?;
    say!("{}", msg!("cli.players_registered", n = ids.len(), tournament = tournament));
    Ok(())
}
