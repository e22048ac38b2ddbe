//! Storage: the one interface the desk, the exports and the command line use ([`Store`]), on SQLite (one
//! file, embedded: the default) or PostgreSQL (a server several stations share). The store's SQL is written
//! once ([`db`]) and run by either backend ([`sqlite`], [`postgres`]); the migrations in `migrations/` are
//! versioned together (`up.sql` for SQLite, `postgres.sql` beside it). One file per entity. Every write that a
//! referee confirms is one transaction; every correction appends to the audit log.

// The core's modules under the names the store's files use (`crate::tournament::…`, `crate::msg!`).
use stecca_core::{ENGINE_VERSION, ledger, message, msg, rules, tiles, tournament};

mod audit;
mod book;
mod clock;
mod club;
mod copy;
pub mod db;
mod guards;
mod manches;
mod outcome_ids;
mod penalties;
mod players;
pub mod postgres;
mod preferences;
mod seating;
mod sqlite;
mod table_links;
mod tournaments;

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};
use thiserror::Error;

use db::{Db, Kind};

pub use crate::tournament::PlayerData;
pub use audit::{AuditEntry, Place};
pub use club::{Club, Evening, LedgerEntry, Member, NewEntry};
pub use copy::{CopyReport, TABLES as COPIED_TABLES, copy_database};
pub use manches::{Conflict, Save, SaveKind, StoredManche, StoredPayment, StoredPot};
pub use penalties::Penalty;
pub use players::Player;
pub use seating::SeatedTable;
pub use table_links::{NewProposal, Proposal, ProposalState, Proposed, TableLink};
pub use tournaments::{Tournament, TournamentSummary};

use crate::message::{Explain, Message};

static MIGRATION_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

/// The schema version this build writes (the number of migrations).
pub fn schema_version() -> i64 {
    MIGRATION_DIR.dirs().count() as i64
}

/// The migrations in order: `(version after it, the SQL in its file named `file`, if it has one)`.
fn migrations(file: &str) -> Vec<(i64, Option<&'static str>)> {
    let mut dirs: Vec<_> = MIGRATION_DIR.dirs().collect();
    dirs.sort_by_key(|d| d.path().to_owned());
    dirs.iter()
        .enumerate()
        .map(|(i, dir)| (i as i64 + 1, dir.get_file(dir.path().join(file)).and_then(|f| f.contents_utf8())))
        .collect()
}

/// Why a server cannot be reached, in words the referee's language has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OfflineReason {
    /// The last attempt failed moments ago; the next one waits a little.
    RetryingSoon,
    /// There is no connection to the server.
    NoConnection,
    /// The connection was lost.
    Lost,
    /// The connection was lost during a write: nothing of it was saved.
    LostDuringWrite,
    /// The server's port did not answer the probe.
    NoAnswer(std::io::ErrorKind),
    /// The connection broke, or could not be completed: the driver's own words (English), framed in the
    /// referee's language.
    Connection(String),
}

impl Explain for OfflineReason {
    fn message(&self) -> Message {
        use std::io::ErrorKind;
        match self {
            OfflineReason::RetryingSoon => msg!("error.store.offline_retrying"),
            OfflineReason::NoConnection => msg!("error.store.offline_no_connection"),
            OfflineReason::Lost => msg!("error.store.offline_lost"),
            OfflineReason::LostDuringWrite => msg!("error.store.offline_lost_writing"),
            OfflineReason::NoAnswer(ErrorKind::ConnectionRefused) => msg!("error.store.offline_refused"),
            OfflineReason::NoAnswer(ErrorKind::TimedOut) => msg!("error.store.offline_timeout"),
            OfflineReason::NoAnswer(ErrorKind::HostUnreachable | ErrorKind::NetworkUnreachable) => {
                msg!("error.store.offline_no_route")
            }
            OfflineReason::NoAnswer(kind) => msg!("error.store.offline_other", detail = kind),
            OfflineReason::Connection(detail) => msg!("error.store.offline_connection", detail = detail),
        }
    }
}

/// What can go wrong with the database.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite refused an operation.
    Sqlite(rusqlite::Error),
    /// The PostgreSQL server refused an operation.
    Postgres(::postgres::Error),
    /// The server cannot be reached (network down, server stopped): nothing was saved.
    Offline {
        /// `user@host:port/database`.
        server: String,
        /// Why, as the station can tell.
        why: OfflineReason,
    },
    /// The server asks for a password and none was found (`wrong: false`), or the one given is wrong.
    Password {
        /// `user@host:port/database`.
        server: String,
        /// A password was given and refused.
        wrong: bool,
    },
    /// A database address that cannot be used.
    Location {
        /// As given.
        location: String,
        /// Why.
        why: Message,
    },
    /// Another station changed the manche after this one read it: nothing was overwritten.
    Conflict(Box<Conflict>),
    /// A stored value of an unexpected type, or a column missing: what was found, in the referee's language.
    Column(Message),
    /// A query that must return a row returned none.
    NoRow,
    /// A migration to schema `to` failed: nothing of it was kept.
    Migration {
        /// The schema version it was moving to.
        to: i64,
        /// Why: the database's own words, or `None` when this build has no migration to it for the backend.
        detail: Option<String>,
    },
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
        /// Why.
        why: Message,
    },
    /// A file that is not a Stecca database (empty, not SQLite, another program's).
    Foreign {
        /// The file.
        path: String,
        /// What it is instead.
        why: Message,
    },
    /// The database could be opened only for reading (another user's file, a read-only disk): nothing was
    /// changed.
    ReadOnly {
        /// The file.
        location: String,
    },
    /// A read-only database from an older Stecca: it cannot be brought up to date where it is.
    ReadOnlyOld {
        /// The file.
        path: String,
        /// Its schema version.
        found: i64,
    },
    /// This user has no data directory for the default database.
    NoDataDirectory,
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
    /// A table's link in force.
    TableLink,
    /// A manche sent from a table.
    Proposal,
}

impl Explain for StoreError {
    fn message(&self) -> Message {
        match self {
            StoreError::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) => {
                msg!("error.store.busy")
            }
            StoreError::Sqlite(e) => msg!("error.store.database", detail = e),
            StoreError::Postgres(e) if e.code() == Some(&::postgres::error::SqlState::LOCK_NOT_AVAILABLE) => {
                msg!("error.store.busy")
            }
            StoreError::Postgres(e) => {
                let detail = e.as_db_error().map_or_else(|| e.to_string(), |db| db.message().to_owned());
                msg!("error.store.database", detail = detail)
            }
            StoreError::Offline { server, why } => {
                msg!("error.store.offline", server = server).arg_message("detail", why.message())
            }
            StoreError::Password { server, wrong: false } => msg!("error.store.no_password", server = server),
            StoreError::Password { server, wrong: true } => msg!("error.store.wrong_password", server = server),
            StoreError::Location { location, why } => {
                msg!("error.store.location", location = location).arg_message("detail", why.clone())
            }
            StoreError::Conflict(conflict) => conflict.message(),
            StoreError::Column(why) => msg!("error.store.column").arg_message("detail", why.clone()),
            StoreError::NoRow => msg!("error.store.no_row"),
            StoreError::Migration { to, detail: Some(detail) } => {
                msg!("error.store.migration", to = to, detail = detail)
            }
            StoreError::Migration { to, detail: None } => msg!("error.store.migration_missing", to = to),
            StoreError::TooNew { path, found, supported } => {
                msg!("error.store.too_new", path = path, found = found, supported = supported)
            }
            StoreError::Backup { path, why } => {
                msg!("error.store.backup", path = path).arg_message("detail", why.clone())
            }
            StoreError::Foreign { path, why } => {
                msg!("error.store.foreign", path = path).arg_message("why", why.clone())
            }
            StoreError::NoDataDirectory => msg!("error.store.no_data_directory"),
            StoreError::ReadOnly { location } => msg!("error.store.read_only", location = location),
            StoreError::ReadOnlyOld { path, found } => msg!("error.store.read_only_old", path = path, found = found),
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
                Record::TableLink => "error.not_found.table_link",
                Record::Proposal => "error.not_found.proposal",
            }),
            StoreError::Refused(why) => why.clone(),
            StoreError::Json(e) => msg!("error.store.json", detail = e),
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    /// A refusal of the schema's triggers becomes the refusal it is, in the desk's words.
    fn from(error: rusqlite::Error) -> StoreError {
        let refusal = match &error {
            rusqlite::Error::SqliteFailure(failure, Some(raised))
                if failure.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_TRIGGER =>
            {
                guards::trigger_refusal(raised)
            }
            _ => None,
        };
        refusal.map_or(StoreError::Sqlite(error), StoreError::Refused)
    }
}

impl From<::postgres::Error> for StoreError {
    /// A refusal of the schema's triggers becomes the refusal it is, in the desk's words.
    fn from(error: ::postgres::Error) -> StoreError {
        let refusal = error
            .as_db_error()
            .filter(|db| *db.code() == ::postgres::error::SqlState::RAISE_EXCEPTION)
            .and_then(|db| guards::trigger_refusal(db.message()));
        refusal.map_or(StoreError::Postgres(error), StoreError::Refused)
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
    db: Db,
    location: Location,
    backup: Option<PathBuf>,
    /// This station's name on a shared server (its own preferences); `None` on a file.
    station: Option<String>,
}

/// Where a store's data is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// An SQLite file.
    File(PathBuf),
    /// SQLite in memory (tests, benchmarks).
    Memory,
    /// A PostgreSQL database: `user@host:port/database` (never the password).
    Server(String),
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::File(path) => write!(f, "{}", path.display()),
            Location::Memory => write!(f, ":memory:"),
            Location::Server(server) => write!(f, "postgres://{server}"),
        }
    }
}

/// The default database: `stecca.db` in the user's data directory (e.g. `~/.local/share/stecca/`).
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "Stecca", "stecca").map(|dirs| dirs.data_dir().join("stecca.db"))
}

/// The database to open: `db` as given (a file or a server's address), else the default file.
pub fn location(db: Option<&str>) -> StoreResult<String> {
    match db {
        Some(location) => Ok(location.to_owned()),
        None => default_path().map(|path| path.display().to_string()).ok_or(StoreError::NoDataDirectory),
    }
}

impl Store {
    /// Opens (creating if needed) the database at `path`. A file that is empty, not SQLite, another
    /// program's or from a newer Stecca is refused and left exactly as it was; an older Stecca database is
    /// backed up (checked, then renamed into place) and migrated under one write lock. A file this user cannot
    /// write (another user's, a read-only disk) is opened for reading only, writing nothing.
    pub fn open(path: &Path) -> StoreResult<Store> {
        let opened = sqlite::open::open_file(path)?;
        let backend = Box::new(sqlite::Sqlite::new(opened.conn));
        Ok(Store {
            db: if opened.read_only { Db::read_only(backend, path.display().to_string()) } else { Db::new(backend) },
            location: Location::File(path.to_owned()),
            backup: opened.backup,
            station: None,
        })
    }

    /// Opens the existing database at `path` for reading only, whoever may write it: nothing is written, not
    /// the file, not a journal beside it; every change is refused with [`StoreError::ReadOnly`]. (What
    /// [`Store::open`] does by itself for a file this user cannot write.)
    pub fn open_read_only(path: &Path) -> StoreResult<Store> {
        std::fs::metadata(path).map_err(|source| StoreError::Io { path: path.display().to_string(), source })?;
        let opened = sqlite::open::open_read_only(path)?;
        Ok(Store {
            db: Db::read_only(Box::new(sqlite::Sqlite::new(opened.conn)), path.display().to_string()),
            location: Location::File(path.to_owned()),
            backup: None,
            station: None,
        })
    }

    /// A fresh database in memory (tests, benchmarks).
    pub fn open_in_memory() -> StoreResult<Store> {
        let conn = sqlite::open::open_memory()?;
        Ok(Store {
            db: Db::new(Box::new(sqlite::Sqlite::new(conn))),
            location: Location::Memory,
            backup: None,
            station: None,
        })
    }

    /// Connects to a PostgreSQL database (`postgres://user[:password]@host[:port]/database`): an empty one
    /// gets the schema; one that is not Stecca's, or from a newer Stecca, is refused and left as it was.
    pub fn open_server(url: &str) -> StoreResult<Store> {
        Store::open_server_with_password(url, None)
    }

    /// [`Store::open_server`] with the password the referee typed (`None`: the address's, `PGPASSWORD`'s or the
    /// password file's, as libpq finds it).
    pub fn open_server_with_password(url: &str, password: Option<&str>) -> StoreResult<Store> {
        let backend = postgres::open(url, password)?;
        let location = Location::Server(backend.shown().to_owned());
        Ok(Store { db: Db::new(Box::new(backend)), location, backup: None, station: Some(preferences::station_name()) })
    }

    /// A second connection to the same database, with the same credentials (a password the referee typed
    /// included): what the hall's board reads through, on its own thread, beside the desk's own.
    pub fn another(&self) -> StoreResult<Store> {
        let db = match &self.location {
            Location::File(path) if self.db.is_read_only() => return Store::open_read_only(path),
            Location::File(path) => return Store::open(path),
            Location::Memory => None,
            Location::Server(_) => self.db.another(),
        };
        let Some(db) = db else {
            return Err(StoreError::Refused(msg!("error.store.no_second_connection")));
        };
        Ok(Store { db: db?, location: self.location.clone(), backup: None, station: self.station.clone() })
    }

    /// Opens `location`: a `postgres://` address or an SQLite file.
    pub fn open_at(location: &str) -> StoreResult<Store> {
        if postgres::is_url(location) { Store::open_server(location) } else { Store::open(Path::new(location)) }
    }

    /// The file this store is on (`None` in memory or on a server).
    pub fn path(&self) -> Option<&Path> {
        match &self.location {
            Location::File(path) => Some(path),
            _ => None,
        }
    }

    /// Where this store's data is.
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// Whether this database could be opened only for reading (another user's file, a read-only disk): it is
    /// shown and exported, and every change is refused with [`StoreError::ReadOnly`].
    pub fn is_read_only(&self) -> bool {
        self.db.is_read_only()
    }

    /// Whether several stations may share it (a server).
    pub fn is_shared(&self) -> bool {
        self.db.kind() == Kind::Postgres
    }

    /// A number that changes whenever anything is written, by this station or another: a station that polls
    /// it knows when to read again.
    pub fn change_stamp(&self) -> StoreResult<i64> {
        self.db.value("SELECT n FROM change_stamp WHERE id = 1", &[])
    }

    /// The backup written before this open migrated an older database, if any.
    pub fn backup_written(&self) -> Option<&Path> {
        self.backup.as_deref()
    }

    /// The database's own consistency check passes (SQLite's `PRAGMA integrity_check`; a server checks
    /// itself).
    pub fn integrity_ok(&self) -> StoreResult<bool> {
        match self.db.sqlite() {
            Some(conn) => {
                let result: String = conn.query_row("PRAGMA integrity_check", [], |row| row.get(0))?;
                Ok(result == "ok")
            }
            None => Ok(true),
        }
    }

    /// Direct access for tests of the SQLite schema itself (`None` on a server).
    #[doc(hidden)]
    pub fn connection(&self) -> Option<&rusqlite::Connection> {
        self.db.sqlite()
    }

    /// Runs one statement of the shared dialect, for tests of the schema on either backend.
    #[doc(hidden)]
    pub fn execute_sql(&self, sql: &str, params: &[db::Value]) -> StoreResult<u64> {
        self.db.execute(sql, params)
    }

    /// One value of a query of the shared dialect, for tests on either backend.
    #[doc(hidden)]
    pub fn query_value(&self, sql: &str, params: &[db::Value]) -> StoreResult<db::Value> {
        self.db.value(sql, params)
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
    fn why_a_server_is_offline_is_said_in_each_language() {
        use stecca_core::i18n::Lang;
        let refused = StoreError::Offline {
            server: "stecca@sala:5432/torneo".into(),
            why: OfflineReason::NoAnswer(std::io::ErrorKind::ConnectionRefused),
        };
        let it = refused.message().render(Lang::ITALIAN);
        assert!(it.contains("stecca@sala:5432/torneo") && it.contains("il server rifiuta le connessioni"), "{it}");
        let en = refused.message().render(Lang::ENGLISH);
        assert!(en.contains("the server refuses connections"), "{en}");
        let lost = StoreError::Offline { server: "s".into(), why: OfflineReason::LostDuringWrite };
        assert!(lost.message().render(Lang::ITALIAN).contains("caduta durante una scrittura"));
    }

    #[test]
    fn every_migration_applies_to_an_empty_database() {
        let store = Store::open_in_memory().expect("migrated");
        let conn = store.connection().expect("sqlite");
        let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0)).expect("version");
        assert_eq!(version, schema_version());
        assert_eq!(schema_version(), 16);
        let id: i64 = conn.pragma_query_value(None, "application_id", |row| row.get(0)).expect("id");
        assert_eq!(id, sqlite::open::APPLICATION_ID);
    }
}
