//! SQLite storage: the connection (WAL, foreign keys), the migrations in `migrations/`, and one file per
//! entity. Every write that a referee confirms is one transaction; every correction appends to the audit log.

mod audit;
mod manches;
mod penalties;
mod players;
mod preferences;
mod seating;
mod tournaments;

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use include_dir::{Dir, include_dir};
use rusqlite::Connection;
use rusqlite_migration::Migrations;
use thiserror::Error;

pub use crate::tournament::PlayerData;
pub use audit::AuditEntry;
pub use manches::{StoredManche, StoredPayment};
pub use penalties::Penalty;
pub use players::Player;
pub use seating::SeatedTable;
pub use tournaments::{Tournament, TournamentSummary};

use crate::tournament::Id;

static MIGRATION_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

static MIGRATIONS: LazyLock<Result<Migrations<'static>, String>> =
    LazyLock::new(|| Migrations::from_directory(&MIGRATION_DIR).map_err(|e| e.to_string()));

/// The schema version this build writes (the number of migrations).
pub fn schema_version() -> i64 {
    MIGRATION_DIR.dirs().count() as i64
}

/// What can go wrong with the database.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite refused an operation.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A migration failed.
    #[error("database migration: {0}")]
    Migration(String),
    /// The file was written by a newer Stecca.
    #[error(
        "{path}: this database was written by a newer Stecca (schema {found}, this version knows up to \
         {supported}); open it with that version or newer — it has not been changed"
    )]
    TooNew {
        /// The database file.
        path: String,
        /// Its schema version.
        found: i64,
        /// The newest this build knows.
        supported: i64,
    },
    /// The backup before a migration could not be written.
    #[error("backup before migrating {path}: {source}")]
    Backup {
        /// The database file.
        path: String,
        /// Why.
        source: rusqlite::Error,
    },
    /// A file-system problem (creating the data directory).
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A record that does not exist.
    #[error("{0} not found")]
    NotFound(String),
    /// An operation the data does not allow (e.g. reseating a session that has results).
    #[error("{0}")]
    Refused(String),
    /// A stored JSON column that cannot be read back.
    #[error("stored data: {0}")]
    Json(#[from] serde_json::Error),
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
    /// Opens (creating if needed) the database at `path`, refusing one written by a newer Stecca and backing up
    /// an older one before migrating it.
    pub fn open(path: &Path) -> StoreResult<Store> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|source| StoreError::Io { path: parent.display().to_string(), source })?;
        }
        let conn = Connection::open(path)?;
        Self::prepare(conn, Some(path.to_owned()))
    }

    /// A fresh database in memory (tests, benchmarks).
    pub fn open_in_memory() -> StoreResult<Store> {
        Self::prepare(Connection::open_in_memory()?, None)
    }

    fn prepare(mut conn: Connection, path: Option<PathBuf>) -> StoreResult<Store> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "foreign_keys", true)?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        let found: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
        let supported = schema_version();
        let shown = path.as_ref().map(|p| p.display().to_string()).unwrap_or_else(|| ":memory:".to_owned());
        if found > supported {
            return Err(StoreError::TooNew { path: shown, found, supported });
        }
        let mut backup = None;
        if found > 0 && found < supported {
            if let Some(path) = &path {
                let target = backup_path(path, found);
                conn.execute("VACUUM INTO ?1", [target.display().to_string()])
                    .map_err(|source| StoreError::Backup { path: shown.clone(), source })?;
                backup = Some(target);
            }
        }
        let migrations = MIGRATIONS.as_ref().map_err(|e| StoreError::Migration(e.clone()))?;
        migrations.to_latest(&mut conn).map_err(|e| StoreError::Migration(e.to_string()))?;
        Ok(Store { conn, path, backup })
    }

    /// The file this store is on (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The backup written before this open migrated an older database, if any.
    pub fn backup_written(&self) -> Option<&Path> {
        self.backup.as_deref()
    }

    /// Bulk mode (generated data only): commits without waiting for the disk. Off again restores full sync.
    pub fn set_bulk(&self, bulk: bool) -> StoreResult<()> {
        self.conn.pragma_update(None, "synchronous", if bulk { "OFF" } else { "FULL" })?;
        Ok(())
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

/// `stecca.db` → `stecca.db.v1-backup-20261122T101500`.
fn backup_path(path: &Path, version: i64) -> PathBuf {
    let stamp = chrono::Local::now().format("%Y%m%dT%H%M%S");
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".v{version}-backup-{stamp}"));
    path.with_file_name(name)
}

/// Now, as stored in every timestamp column (RFC 3339, local offset, seconds).
pub(crate) fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

fn not_found(what: &str, id: Id) -> StoreError {
    StoreError::NotFound(format!("{what} {id}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_validate() {
        let migrations = MIGRATIONS.as_ref().expect("migrations load");
        migrations.validate().expect("migrations validate");
        assert_eq!(schema_version(), 3);
    }
}
