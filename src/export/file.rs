//! Writing an export to disk: never over the database it came from (or its journal files), and never by
//! truncating the file in place — the bytes go to a temporary file in the same folder, reach the disk, and
//! are renamed over the target, so a crash leaves either the old file or the new one.

use std::io::Write;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::message::{Explain, Message, io_reason};
use crate::msg;

/// Why an export file was not written.
#[derive(Debug, Error)]
pub enum WriteError {
    /// The target is the tournament database or one of its companion files.
    IsDatabase {
        /// The refused target.
        out: String,
        /// The database.
        database: String,
    },
    /// The file system refused.
    Io {
        /// The path.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

impl Explain for WriteError {
    fn message(&self) -> Message {
        match self {
            WriteError::IsDatabase { out, database } => {
                msg!("error.export.is_database", out = out, database = database)
            }
            WriteError::Io { path, source } => msg!("error.io.at", path = path).arg_message("why", io_reason(source)),
        }
    }
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

/// The companions SQLite keeps beside a database file.
const COMPANIONS: [&str; 4] = ["", "-wal", "-shm", "-journal"];

/// `path` with symbolic links and `..` resolved, also when the file itself does not exist yet.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(path) = path.canonicalize() {
        return Some(path);
    }
    let parent = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(parent) => parent.canonicalize().ok()?,
        None => std::env::current_dir().ok()?,
    };
    Some(parent.join(path.file_name()?))
}

/// Whether `out` is `database` or one of its companions (by resolved name, or the same file on disk under
/// another name).
pub fn is_database_file(out: &Path, database: &Path) -> bool {
    let (Some(out_resolved), Some(db_resolved)) = (resolved(out), resolved(database)) else { return false };
    COMPANIONS.iter().any(|suffix| {
        let mut companion = db_resolved.clone().into_os_string();
        companion.push(suffix);
        let companion = PathBuf::from(companion);
        out_resolved == companion || same_file::is_same_file(out, &companion).unwrap_or(false)
    })
}

/// Writes `bytes` to `out` through a temporary file in the same folder, refusing the database's own files.
pub fn write_export(out: &Path, bytes: &[u8], database: Option<&Path>) -> Result<(), WriteError> {
    if let Some(database) = database
        && is_database_file(out, database)
    {
        return Err(WriteError::IsDatabase {
            out: out.display().to_string(),
            database: database.display().to_string(),
        });
    }
    let io = |source| WriteError::Io { path: out.display().to_string(), source };
    let dir = match out.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(parent) => parent.to_owned(),
        None => PathBuf::from("."),
    };
    let mut temp = tempfile::Builder::new().prefix(".stecca-export-").tempfile_in(&dir).map_err(io)?;
    temp.write_all(bytes).map_err(io)?;
    temp.as_file().sync_all().map_err(io)?;
    temp.persist(out).map_err(|e| io(e.error))?;
    Ok(())
}
