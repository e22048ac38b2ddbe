//! SQLite storage: the connection (WAL, foreign keys), the migrations in `migrations/`, and one file per
//! entity. Every write that a referee confirms is one transaction; every correction appends to the audit log.

mod audit;
mod card;
mod club;
mod guards;
mod manches;
mod open;
mod penalties;
mod players;
mod preferences;
mod seating;
mod tournaments;

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};
use rusqlite::Connection;
use thiserror::Error;

pub use crate::tournament::PlayerData;
pub use audit::{AuditEntry, Place};
pub use club::{Club, Evening, LedgerEntry, Member, NewEntry};
pub use manches::{SaveKind, StoredManche, StoredPayment};
pub use penalties::Penalty;
pub use players::Player;
pub use seating::SeatedTable;
pub use tournaments::{Tournament, TournamentSummary};

use crate::message::{Explain, Message};
use crate::msg;

static MIGRATION_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

/// The schema version this build writes (the number of migrations).
pub fn schema_version() -> i64 {
    MIGRATION_DIR.dirs().count() as i64
}

/// What can go wrong with the database.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite refused an operation.
    Sqlite(#[from] rusqlite::Error),
    /// A migration failed.
    Migration(String),
    /// The file was written by a newer Stecca.
    TooNew {
        /// The database file.
        path: String,
        /// Its schema version.
        found: i64,
        /// The newest this build knows.
        supported: i64,
    },
    /// The backup before a migration could not be written (the database was not migrated).
    Backup {
        /// The database file.
        path: String,
        /// Why, as the system said it.
        why: String,
    },
    /// A file that is not a Stecca database (empty, not SQLite, another program's).
    Foreign {
        /// The file.
        path: String,
        /// What it is instead.
        why: Message,
    },
    /// A file-system problem (creating the data directory).
    Io {
        /// The path.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A record that does not exist (deleted meanwhile, or a wrong number on the command line).
    NotFound(Record),
    /// An operation the data does not allow (e.g. reseating a session that has results).
    Refused(Message),
    /// A stored JSON column that cannot be read back.
    Json(#[from] serde_json::Error),
}

/// The kinds of record a lookup can miss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// A tournament (or one deleted).
    Tournament,
    /// A player.
    Player,
    /// A table.
    Table,
    /// A manche.
    Manche,
    /// A penalty still in force.
    Penalty,
    /// A club.
    Club,
    /// A club member.
    Member,
    /// A club evening.
    Evening,
    /// A ledger entry.
    LedgerEntry,
}

impl Explain for StoreError {
    fn message(&self) -> Message {
        match self {
            StoreError::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) => {
                msg!("error.store.busy")
            }
            StoreError::Sqlite(e) => msg!("error.store.database", detail = e),
            StoreError::Migration(detail) => msg!("error.store.migration", detail = detail),
            StoreError::TooNew { path, found, supported } => {
                msg!("error.store.too_new", path = path, found = found, supported = supported)
            }
            StoreError::Backup { path, why } => msg!("error.store.backup", path = path, detail = why),
            StoreError::Foreign { path, why } => {
                msg!("error.store.foreign", path = path).arg_message("why", why.clone())
            }
            StoreError::Io { path, source } => {
                msg!("error.io.at", path = path).arg_message("why", crate::message::io_reason(source))
            }
            StoreError::NotFound(record) => Message::new(match record {
                Record::Tournament => "error.not_found.tournament",
                Record::Player => "error.not_found.player",
                Record::Table => "error.not_found.table",
                Record::Manche => "error.not_found.manche",
                Record::Penalty => "error.not_found.penalty",
                Record::Club => "error.not_found.club",
                Record::Member => "error.not_found.member",
                Record::Evening => "error.not_found.evening",
                Record::LedgerEntry => "error.not_found.ledger_entry",
            }),
            StoreError::Refused(why) => why.clone(),
            StoreError::Json(e) => msg!("error.store.json", detail = e),
        }
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

/// Result of a store operation.
pub type StoreResult<T> = Result<T, StoreError>;

/// An open Stecca database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: Option<PathBuf>,
    backup: Option<PathBuf>,
}

/// The default database: `stecca.db` in the user's data directory (e.g. `~/.local/share/stecca/`).
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "Stecca", "stecca").map(|dirs| dirs.data_dir().join("stecca.db"))
}

impl Store {
    /// Opens (creating if needed) the database at `path`. A file that is empty, not SQLite, another
    /// program's or from a newer Stecca is refused and left exactly as it was; an older Stecca database is
    /// backed up (checked, then renamed into place) and migrated under one write lock.
    pub fn open(path: &Path) -> StoreResult<Store> {
        let (conn, backup) = open::open_file(path)?;
        Ok(Store { conn, path: Some(path.to_owned()), backup })
    }

    /// A fresh database in memory (tests, benchmarks).
    pub fn open_in_memory() -> StoreResult<Store> {
        Ok(Store { conn: open::open_memory()?, path: None, backup: None })
    }

    /// The file this store is on (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The backup written before this open migrated an older database, if any.
    pub fn backup_written(&self) -> Option<&Path> {
        self.backup.as_deref()
    }

    /// `PRAGMA integrity_check` says "ok".
    pub fn integrity_ok(&self) -> StoreResult<bool> {
        let result: String = self.conn.query_row("PRAGMA integrity_check", [], |row| row.get(0))?;
        Ok(result == "ok")
    }

    /// Direct access for tests of the schema itself.
    #[doc(hidden)]
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

/// Now, as stored in every timestamp column (RFC 3339, local offset, seconds).
pub(crate) fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_migration_applies_to_an_empty_database() {
        let store = Store::open_in_memory().expect("migrated");
        let version: i64 = store.conn.pragma_query_value(None, "user_version", |row| row.get(0)).expect("version");
        assert_eq!(version, schema_version());
        assert_eq!(schema_version(), 6);
        let id: i64 = store.conn.pragma_query_value(None, "application_id", |row| row.get(0)).expect("id");
        assert_eq!(id, open::APPLICATION_ID);
    }
}
