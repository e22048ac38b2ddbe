//! Writing an export to disk: only ever a regular file of ours (or a new one), never over the database it came
//! from (or its journal files), and never by truncating the file in place — the bytes go to a temporary file in
//! the same folder, reach the disk, and are renamed over the target, so a crash leaves either the old file or
//! the new one.
//!
//! What is at the target is looked at through a descriptor opened without following a link and without
//! blocking (`O_NOFOLLOW | O_NONBLOCK`): a symbolic link, a device, a FIFO or a socket is refused at once and
//! left as it was, instead of being replaced by the rename (or, for a FIFO, waiting for a reader forever).

use std::fs::Metadata;
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
    /// Something other than a regular file is at the target: a link, a device, a FIFO, a socket, a folder.
    NotRegular {
        /// The refused target.
        out: String,
        /// What is there (a message id under `error.export.kind`).
        kind: &'static str,
    },
    /// The target is a regular file that belongs to another user.
    NotOurs {
        /// The refused target.
        out: String,
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
            WriteError::NotRegular { out, kind } => {
                msg!("error.export.not_regular", out = out).arg_message("kind", Message::new(*kind))
            }
            WriteError::NotOurs { out } => msg!("error.export.not_ours", out = out),
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

/// Whether `out` is `database` or one of its companions: by resolved name, or the same file on disk under
/// another name (compared by the metadata of what is at `out`, so that nothing at `out` is opened here).
pub fn is_database_file(out: &Path, database: &Path) -> bool {
    let (Some(out_resolved), Some(db_resolved)) = (resolved(out), resolved(database)) else { return false };
    let out_meta = std::fs::metadata(&out_resolved).ok();
    COMPANIONS.iter().any(|suffix| {
        let mut companion = db_resolved.clone().into_os_string();
        companion.push(suffix);
        let companion = PathBuf::from(companion);
        out_resolved == companion
            || out_meta.as_ref().is_some_and(|out| std::fs::metadata(&companion).is_ok_and(|c| same_file(out, &c)))
    })
}

#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    // Without device and inode numbers, the same length and modification time is the best guess; names are
    // compared resolved before this.
    a.len() == b.len() && a.modified().ok() == b.modified().ok()
}

/// What is at `out` now: nothing (`None`), or a regular file's metadata; anything else is refused.
fn existing_target(out: &Path) -> Result<Option<Metadata>, WriteError> {
    let shown = || out.display().to_string();
    let refuse = |kind| WriteError::NotRegular { out: shown(), kind };
    let meta = match open_without_following(out) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) if is_link_refusal(&e) => return Err(refuse("error.export.kind.link")),
        Err(source) => {
            // A socket cannot be opened at all (ENXIO): what is there is named by a look at the name instead.
            return Err(match std::fs::symlink_metadata(out) {
                Ok(meta) if !meta.file_type().is_file() => refuse(special_kind(&meta)),
                _ => WriteError::Io { path: shown(), source },
            });
        }
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(Some(meta));
    }
    Err(refuse(if kind.is_dir() {
        "error.export.kind.folder"
    } else if kind.is_symlink() {
        "error.export.kind.link"
    } else {
        special_kind(&meta)
    }))
}

/// Opens `out` read-only without following a final link and without blocking (a FIFO with no writer, a
/// device), and returns the metadata of the opened descriptor: what was really opened, not what a second
/// look at the name might find.
#[cfg(unix)]
fn open_without_following(out: &Path) -> std::io::Result<Metadata> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(out)?;
    file.metadata()
}

#[cfg(not(unix))]
fn open_without_following(out: &Path) -> std::io::Result<Metadata> {
    std::fs::symlink_metadata(out)
}

/// Whether opening failed because the final component is a symbolic link (`O_NOFOLLOW` answers `ELOOP`).
#[cfg(unix)]
fn is_link_refusal(error: &std::io::Error) -> bool {
    error.raw_os_error() == Some(libc::ELOOP)
}

#[cfg(not(unix))]
fn is_link_refusal(_: &std::io::Error) -> bool {
    false
}

/// The message id naming a special file's kind.
#[cfg(unix)]
fn special_kind(meta: &Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    if kind.is_char_device() || kind.is_block_device() {
        "error.export.kind.device"
    } else if kind.is_fifo() {
        "error.export.kind.fifo"
    } else if kind.is_socket() {
        "error.export.kind.socket"
    } else {
        "error.export.kind.other"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &Metadata) -> &'static str {
    "error.export.kind.other"
}

/// Whether two files have the same owner (always true where files have no owner id).
#[cfg(unix)]
fn same_owner(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.uid() == b.uid()
}

#[cfg(not(unix))]
fn same_owner(_: &Metadata, _: &Metadata) -> bool {
    true
}

/// Writes `bytes` to `out` through a temporary file in the same folder. Refused, with nothing written or
/// changed: the database's own files, anything at `out` that is not a regular file (links included), and a
/// regular file of another user.
pub fn write_export(out: &Path, bytes: &[u8], database: Option<&Path>) -> Result<(), WriteError> {
    let existing = existing_target(out)?;
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
    let mut builder = tempfile::Builder::new();
    builder.prefix(".stecca-export-");
    // An export is an ordinary document: the mode a new file gets from the user's umask, not tempfile's 0600.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut temp = builder.tempfile_in(&dir).map_err(io)?;
    if let Some(existing) = &existing {
        let ours = temp.as_file().metadata().map_err(io)?;
        if !same_owner(existing, &ours) {
            return Err(WriteError::NotOurs { out: out.display().to_string() });
        }
    }
    temp.write_all(bytes).map_err(io)?;
    temp.as_file().sync_all().map_err(io)?;
    temp.persist(out).map_err(|e| io(e.error))?;
    Ok(())
}
