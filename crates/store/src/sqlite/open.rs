//! Opening a database file without ever harming one that is not ours.
//!
//! The order matters: a new file is built beside its final name and moved there only when complete (so two
//! desks creating it at once cannot race, and a crash leaves no half-made file); an existing file is looked at
//! first under the write lock and refused, untouched, when it is empty, not SQLite, foreign or from a newer
//! Stecca; only a Stecca file of an older schema is changed, after a checked backup, in the same transaction
//! that read its version. Journal and sync settings come last, on a file known to be ours.
//!
//! The migrations are applied here rather than by `rusqlite_migration`: that crate reads the schema version
//! outside its transaction and opens a deferred one, so two processes opening one older file both try to
//! migrate it (the second fails with the migration's SQL), and the backup cannot be taken under the same lock.
//! Applying the numbered `migrations/*/up.sql` in one `BEGIN IMMEDIATE` transaction fixes both.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use super::super::{StoreError, StoreResult, migrations, outcome_ids, schema_version};
use crate::message::Message;
use crate::msg;

/// Written in the header of every database from schema 4 on (`PRAGMA application_id`): "STEC".
pub const APPLICATION_ID: i64 = 0x5354_4543;

/// How long a desk waits for another process's write before it gives up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// What the header and the tables say about a file.
struct Found {
    version: i64,
    application_id: i64,
    has_tournaments: bool,
}

fn inspect(tx: &Transaction<'_>) -> rusqlite::Result<Found> {
    Ok(Found {
        version: tx.pragma_query_value(None, "user_version", |row| row.get(0))?,
        application_id: tx.pragma_query_value(None, "application_id", |row| row.get(0))?,
        has_tournaments: tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tournament')",
            [],
            |row| row.get(0),
        )?,
    })
}

/// Applies every migration after `from` inside `tx`.
fn migrate(tx: &Transaction<'_>, from: i64) -> StoreResult<()> {
    for (version, sql) in migrations("up.sql").into_iter().filter(|(v, _)| *v > from) {
        tx.execute_batch(sql.unwrap_or_default())
            .map_err(|e| StoreError::Migration { to: version, detail: Some(e.to_string()) })?;
        if version == outcome_ids::SCHEMA {
            rewrite_outcomes(tx)?;
        }
        tx.pragma_update(None, "user_version", version)?;
    }
    Ok(())
}

/// Schema 8's data step ([`outcome_ids`]), in the migration's transaction.
fn rewrite_outcomes(tx: &Transaction<'_>) -> StoreResult<()> {
    let saved = tx
        .prepare("SELECT id, input, outcome FROM manche WHERE outcome_version = 1")?
        .query_map([], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?, row.get::<_, String>(2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for (id, input, outcome) in saved {
        if let Some(outcome) = outcome_ids::rewrite(&input, &outcome) {
            tx.execute(
                "UPDATE manche SET outcome = ?2, outcome_version = ?3 WHERE id = ?1",
                rusqlite::params![id, outcome, crate::rules::OUTCOME_VERSION],
            )?;
        }
    }
    Ok(())
}

fn foreign(path: &Path, why: crate::message::Message) -> StoreError {
    StoreError::Foreign { path: path.display().to_string(), why }
}

/// An opened database file.
pub(crate) struct Opened {
    /// The checked connection.
    pub conn: Connection,
    /// The backup written before a migration, if one was needed.
    pub backup: Option<PathBuf>,
    /// The file could be opened only for reading.
    pub read_only: bool,
}

/// Opens `path`, creating it when it does not exist. A file this user cannot write (another user's, a
/// read-only mount) is opened for reading only, with nothing written: not the file, not a journal beside it.
pub(crate) fn open_file(path: &Path) -> StoreResult<Opened> {
    let io = |path: &Path| {
        let shown = path.display().to_string();
        move |source| StoreError::Io { path: shown, source }
    };
    let dir = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(parent) => parent.to_owned(),
        None => PathBuf::from("."),
    };
    if !path.exists() {
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
        create_new(path, &dir)?;
    }
    let meta = std::fs::metadata(path).map_err(io(path))?;
    if !meta.is_file() {
        return Err(foreign(path, crate::msg!("error.open.not_file")));
    }
    if meta.len() == 0 {
        return Err(foreign(path, crate::msg!("error.open.empty")));
    }
    if !can_write(path) {
        return open_read_only(path);
    }
    let mut conn =
        Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let backup = match check_and_migrate(&mut conn, path, &dir) {
        // The file is writable but its folder is not (SQLite cannot make its journal beside it).
        Err(StoreError::Sqlite(e)) if is_read_only_refusal(&e) => {
            drop(conn);
            return open_read_only(path);
        }
        other => other?,
    };
    settings(&conn)?;
    Ok(Opened { conn, backup, read_only: false })
}

/// Whether this user may write `path`: opening it for writing (without truncating or changing anything)
/// succeeds.
fn can_write(path: &Path) -> bool {
    match std::fs::OpenOptions::new().write(true).open(path) {
        Ok(_) => true,
        Err(e) => !matches!(e.kind(), std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem),
    }
}

/// SQLite's refusals that mean "this cannot be written here".
fn is_read_only_refusal(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::PermissionDenied)
    )
}

/// Opens `path` for reading only and checks that it is a current Stecca database. When no journal is beside it
/// (the last desk closed cleanly) the file is opened as immutable, so SQLite needs no shared-memory file and
/// writes nothing anywhere; with a journal present it is read through it, as another desk may be writing.
pub(crate) fn open_read_only(path: &Path) -> StoreResult<Opened> {
    let companion = |suffix: &str| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name).exists()
    };
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let open = |parameters: &str| -> StoreResult<Connection> {
        let mut conn = Connection::open_with_flags(file_uri(path, parameters), flags)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        check_current(&mut conn, path)?;
        Ok(conn)
    };
    let conn = if companion("-wal") || companion("-shm") {
        match open("mode=ro") {
            // A journal this user cannot open: read the file as it is.
            Err(StoreError::Sqlite(e)) if is_read_only_refusal(&e) => open("mode=ro&immutable=1")?,
            other => other?,
        }
    } else {
        open("mode=ro&immutable=1")?
    };
    conn.pragma_update(None, "foreign_keys", true)?;
    Ok(Opened { conn, backup: None, read_only: true })
}

/// A `file:` URI for SQLite naming `path`, with query `parameters`. Every byte outside the unreserved set and
/// `/` is percent-encoded, so a `?`, `#` or `%` in a folder name stays part of the path. (Hand-written: a crate
/// for one loop over bytes is not worth its build.)
fn file_uri(path: &Path, parameters: &str) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut uri = String::from("file:");
    for byte in absolute.as_os_str().as_encoded_bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(byte) {
            uri.push(char::from(*byte));
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri.push('?');
    uri.push_str(parameters);
    uri
}

/// Refuses, without changing anything, what is not a Stecca database or is newer than this build.
fn check_ours(found: &Found, path: &Path) -> StoreResult<()> {
    let ours = match found.application_id {
        APPLICATION_ID => true,
        0 => found.has_tournaments && found.version > 0,
        _ => false,
    };
    if !ours {
        return Err(foreign(path, crate::msg!("error.open.not_stecca")));
    }
    let supported = schema_version();
    if found.version > supported {
        return Err(StoreError::TooNew { path: path.display().to_string(), found: found.version, supported });
    }
    Ok(())
}

/// SQLite says "not a database" at the first read, which may be the BEGIN or the first query.
fn not_sqlite(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |e: rusqlite::Error| match e {
        rusqlite::Error::SqliteFailure(code, _) if code.code == rusqlite::ErrorCode::NotADatabase => {
            foreign(path, crate::msg!("error.open.not_sqlite"))
        }
        e => e.into(),
    }
}

/// In a read transaction: the file is a Stecca database of this build's schema (an older one cannot be
/// migrated where it cannot be written).
fn check_current(conn: &mut Connection, path: &Path) -> StoreResult<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Deferred).map_err(not_sqlite(path))?;
    let found = inspect(&tx).map_err(not_sqlite(path))?;
    check_ours(&found, path)?;
    if found.version < schema_version() {
        return Err(StoreError::ReadOnlyOld { path: path.display().to_string(), found: found.version });
    }
    Ok(())
}

/// A fresh database in memory, migrated.
pub(crate) fn open_memory() -> StoreResult<Connection> {
    let mut conn = Connection::open_in_memory()?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    migrate(&tx, 0)?;
    tx.commit()?;
    conn.pragma_update(None, "foreign_keys", true)?;
    Ok(conn)
}

/// Journal, foreign keys and durability: only for a file known to be ours and current.
fn settings(conn: &Connection) -> StoreResult<()> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(())
}

/// Builds a new database under a temporary name in `dir` and moves it to `path` unless another process got
/// there first (then that one is used).
fn create_new(path: &Path, dir: &Path) -> StoreResult<()> {
    let io = |source| StoreError::Io { path: dir.display().to_string(), source };
    let temp = tempfile::Builder::new().prefix(".stecca-new-").suffix(".db").tempfile_in(dir).map_err(io)?;
    let temp = temp.into_temp_path();
    {
        let mut conn = Connection::open(&temp)?;
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        migrate(&tx, 0)?;
        tx.commit()?;
        // WAL is recorded in the header; closing the only connection checkpoints and removes the -wal file,
        // so the one file moved below is the whole database.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.close().map_err(|(_, e)| e)?;
    }
    match temp.persist_noclobber(path) {
        Ok(()) => Ok(()),
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(StoreError::Io { path: path.display().to_string(), source: e.error }),
    }
}

/// Under the write lock: refuses what is not ours or is newer, leaving it as it was; backs up and migrates an
/// older Stecca database.
fn check_and_migrate(conn: &mut Connection, path: &Path, dir: &Path) -> StoreResult<Option<PathBuf>> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(not_sqlite(path))?;
    let found = inspect(&tx).map_err(not_sqlite(path))?;
    check_ours(&found, path)?;
    if found.version == schema_version() {
        tx.commit()?;
        return Ok(None);
    }
    let backup = backup(&tx, path, dir, found.version)?;
    migrate(&tx, found.version)?;
    tx.commit()?;
    Ok(Some(backup))
}

/// Copies the database as it is (read inside the caller's transaction) to a temporary file, checks the copy,
/// and only then gives it its final, unique name: a backup killed half-way leaves a temporary file, never a
/// decoy under a backup's name.
fn backup(tx: &Transaction<'_>, path: &Path, dir: &Path, version: i64) -> StoreResult<PathBuf> {
    let shown = path.display().to_string();
    let failed = |why: Message| StoreError::Backup { path: shown.clone(), why };
    // The system's or SQLite's own words, framed in the referee's language.
    let said = |e: &dyn std::fmt::Display| failed(msg!("error.store.driver", detail = e));
    let temp = tempfile::Builder::new()
        .prefix(".stecca-backup-")
        .suffix(".db")
        .tempfile_in(dir)
        .map_err(|e| said(&e))?
        .into_temp_path();
    {
        // SQLite will not back up from a connection inside a write transaction; a second, read-only
        // connection reads the committed state, which the caller's lock keeps unchanged until it migrates.
        let source =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
                .map_err(|e| said(&e))?;
        let mut copy = Connection::open(&temp).map_err(|e| said(&e))?;
        copy_all(&source, &mut copy).map_err(failed)?;
        let check: String = copy.query_row("PRAGMA integrity_check", [], |row| row.get(0)).map_err(|e| said(&e))?;
        let copied: i64 = copy.pragma_query_value(None, "user_version", |row| row.get(0)).map_err(|e| said(&e))?;
        let tournaments: i64 =
            copy.query_row("SELECT count(*) FROM tournament", [], |row| row.get(0)).map_err(|e| said(&e))?;
        let originals: i64 =
            tx.query_row("SELECT count(*) FROM tournament", [], |row| row.get(0)).map_err(|e| said(&e))?;
        if check != "ok" || copied != version || tournaments != originals {
            return Err(failed(msg!("error.store.backup_check", check = check, schema = copied)));
        }
        copy.close().map_err(|(_, e)| said(&e))?;
    }
    let stamp = chrono::Local::now().format("%Y%m%dT%H%M%S");
    let base = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut temp = temp;
    for attempt in 1..1000 {
        let suffix = if attempt == 1 { String::new() } else { format!("-{attempt}") };
        let target = path.with_file_name(format!("{base}.v{version}-backup-{stamp}{suffix}"));
        match temp.persist_noclobber(&target) {
            Ok(()) => return Ok(target),
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => temp = e.path,
            Err(e) => return Err(said(&e.error)),
        }
    }
    Err(failed(msg!("error.store.backup_no_name")))
}

/// Copies every page of `source` into `copy`, waiting a bounded time for a busy source (the backup API's own
/// loop would wait forever).
fn copy_all(source: &Connection, copy: &mut Connection) -> Result<(), Message> {
    use rusqlite::backup::{Backup, StepResult};
    let said = |e: rusqlite::Error| msg!("error.store.driver", detail = e);
    let backup = Backup::new(source, copy).map_err(said)?;
    for _ in 0..1000 {
        match backup.step(-1).map_err(said)? {
            StepResult::Done => return Ok(()),
            StepResult::More => {}
            _ => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    Err(msg!("error.store.busy"))
}
