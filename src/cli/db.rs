//! `stecca db`: prepare a shared server's database, and move a whole database between a file and a server.

use anyhow::Context;
use clap::{Args, Subcommand};

use crate::desk::{Desk, is_url, redacted};
use crate::msg;

/// Arguments of `stecca db`.
#[derive(Debug, Args)]
pub struct DbArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `stecca db` actions.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Gives the database named by --db the current schema (an empty server database becomes Stecca's) and
    /// says which it is; a database of another program or of a newer Stecca is refused and left as it was.
    Init,
    /// Copies everything (tournaments with their audit log, clubs with their ledger, preferences) from one
    /// database to another that is still empty: a file to a server for the day, and back.
    Copy {
        /// The database to copy: an SQLite file or postgres://user@host/name.
        #[arg(long, value_name = "PATH|URL")]
        from: String,
        /// The empty database to copy into (a file is created).
        #[arg(long, value_name = "PATH|URL")]
        to: String,
    },
}

/// Runs `stecca db`.
pub fn run(db: Option<&str>, args: &DbArgs) -> anyhow::Result<()> {
    match &args.action {
        Action::Init => {
            let desk = super::open_desk(db)?;
            say!("{}", msg!("cli.schema_ready", location = desk.location(), version = desk.schema_version()));
            Ok(())
        }
        Action::Copy { from, to } => copy(from, to),
    }
}

fn copy(from: &str, to: &str) -> anyhow::Result<()> {
    let mut source = super::open_existing(Some(from))?;
    let new_file = (!is_url(to) && !std::path::Path::new(to).exists()).then(|| std::path::PathBuf::from(to));
    let result = Desk::open_at(to)
        .with_context(|| msg!("cli.opening", location = redacted(to)))
        .and_then(|mut target| Ok(source.copy_into(&mut target)?));
    let report = match result {
        Ok(report) => report,
        Err(error) => {
            // A file this command created holds nothing of value: leave no half-made copy behind.
            if let Some(path) = new_file {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            return Err(error);
        }
    };
    for (table, rows) in &report.tables {
        say!("{table}: {rows}");
    }
    say!("{}", msg!("cli.copied", from = redacted(from), to = redacted(to)));
    Ok(())
}
