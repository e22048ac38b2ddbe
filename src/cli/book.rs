//! `stecca book import --tournament ID FILE.csv` and `stecca book show --tournament ID`: the tournament's book
//! (the lines its ruleset scores from) from a script, through the desk's own import (all rows or none), and
//! printed as the CSV an import reads, in the ruleset's columns.

use std::path::PathBuf;

use anyhow::Context;

use super::input::read_all;
use super::{open_existing, referee};
use crate::message::Message;
use crate::msg;
use crate::rules::book::ColumnKind;

/// The largest book file read (a card of 500 hands is about 25 KB).
const MAX_FILE: usize = 1 << 20;

/// Arguments of `stecca book`.
#[derive(Debug, clap::Args)]
pub struct BookArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The book subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Add the lines of a CSV file (its header names the book's columns, as `stecca book show` prints them)
    /// after those kept: every row is checked first, and nothing is saved unless all of them are good.
    Import {
        /// The tournament's id.
        #[arg(long)]
        tournament: i64,
        /// The file (`-` for standard input).
        file: PathBuf,
    },
    /// Print the book as CSV, in the columns an import reads.
    Show {
        /// The tournament's id.
        #[arg(long)]
        tournament: i64,
    },
}

/// Runs `stecca book`.
pub fn run(db: Option<&str>, args: &BookArgs) -> anyhow::Result<()> {
    let mut desk = open_existing(db)?;
    match &args.action {
        Action::Import { tournament, file } => {
            let settings = desk.tournament(*tournament)?.settings;
            let mut input = super::input::open(Some(file))?;
            let text = read_all(&mut *input, MAX_FILE).with_context(|| file.display().to_string())?;
            let by = referee(&desk);
            let added = desk.import_book(*tournament, &text, &by)?;
            // Said in the book's own words ("3 hands imported" to the card), as the desk's screen says it.
            if let Some(model) = settings.ruleset().entry_model().book() {
                let done = Message::new(model.words.imported).arg("n", added);
                let said =
                    msg!("cli.book_imported", tournament = tournament).arg_message("book", Message::new(model.name));
                say!("{}", said.arg_message("done", done));
            }
        }
        Action::Show { tournament } => {
            let settings = desk.tournament(*tournament)?.settings;
            let Some(model) = settings.ruleset().entry_model().book() else {
                anyhow::bail!(msg!("error.book.not_used").arg_message("rules", settings.ruleset().name_message()));
            };
            let mut out = csv::Writer::from_writer(std::io::stdout().lock());
            out.write_record(model.columns.iter().map(|c| c.key))?;
            for line in desk.book(*tournament)? {
                out.write_record(model.columns.iter().map(|column| match column.kind {
                    ColumnKind::Text { .. } => line.text(column.key).to_owned(),
                    ColumnKind::Number { .. } => line.number(column.key).to_string(),
                    ColumnKind::Flag { .. } => if line.flag(column.key) { "1" } else { "0" }.to_owned(),
                }))?;
            }
            out.flush()?;
        }
    }
    Ok(())
}
