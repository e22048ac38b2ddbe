//! Manches typed but not confirmed, kept by this station (not in the tournament's database, which other stations
//! share): one small JSON file per database in the station's own data directory, so that a draft survives
//! closing the window, a crash or a restart, and never reaches another station.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::tournament::{Id, MancheEntry};

/// Largest drafts file read (hundreds of drafts are a few hundred KB).
const MAX_FILE: u64 = 4 << 20;
/// The file's format, written inside it: a file of another format is not ours to read.
const FORMAT: u32 = 1;

/// A manche typed and not confirmed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StationDraft {
    /// The table.
    pub table: Id,
    /// The manche's number at that table.
    pub number: u32,
    /// What was typed.
    pub entry: MancheEntry,
    /// The revision of the stored manche the correction was typed over (`None` for a new manche).
    pub base_revision: Option<i64>,
}

#[derive(Serialize, Deserialize)]
struct DraftFile {
    stecca_drafts: u32,
    /// The database the drafts belong to (its address without a password).
    location: String,
    drafts: Vec<StationDraft>,
}

/// Where this station keeps the drafts typed on the database at `location`, if it has a data directory.
pub fn drafts_file(location: &str) -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from("org", "Stecca", "stecca")?;
    let shown = crate::redacted(location);
    let tail: String = shown.chars().rev().take(60).collect::<Vec<_>>().into_iter().rev().collect();
    let readable: String = tail.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    Some(dirs.data_local_dir().join("drafts").join(format!("{readable}-{:016x}.json", fnv1a(&shown))))
}

/// FNV-1a, 64 bits: a file name must stay the same across builds, which the standard library's hasher does
/// not promise; a crate for ten lines of arithmetic is not worth its build.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The drafts kept at `path` for `location`; none when there is no file, or it is not a regular file, too big,
/// unreadable, or another database's (a file we cannot read is left as it is).
pub fn read_drafts(path: &Path, location: &str) -> Vec<StationDraft> {
    ours(path, location).unwrap_or_default()
}

/// The drafts of the file at `path` when it is a regular file, not too big, holding `location`'s drafts (an
/// empty list included); `None` for anything else.
fn ours(path: &Path, location: &str) -> Option<Vec<StationDraft>> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.file_type().is_file() || meta.len() > MAX_FILE {
        return None;
    }
    let file = serde_json::from_str::<DraftFile>(&std::fs::read_to_string(path).ok()?).ok()?;
    (file.stecca_drafts == FORMAT && file.location == crate::redacted(location)).then_some(file.drafts)
}

/// Replaces the drafts kept at `path` with `drafts` (the file goes when there are none): written beside it and
/// renamed into place, so a crash leaves the old list or the new one. Refused when something other than a
/// regular file, or another database's drafts, is at `path`.
pub fn write_drafts(path: &Path, location: &str, drafts: &[StationDraft]) -> std::io::Result<()> {
    let exists = std::fs::symlink_metadata(path).is_ok();
    if exists && ours(path, location).is_none() {
        return Err(std::io::Error::other(format!("{} is not this database's drafts", path.display())));
    }
    if drafts.is_empty() {
        return if exists { std::fs::remove_file(path) } else { Ok(()) };
    }
    let Some(dir) = path.parent() else { return Err(std::io::Error::other("no folder")) };
    std::fs::create_dir_all(dir)?;
    let file = DraftFile { stecca_drafts: FORMAT, location: crate::redacted(location), drafts: drafts.to_vec() };
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(serde_json::to_string(&file).map_err(std::io::Error::other)?.as_bytes())?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(number: u32) -> StationDraft {
        let entry = MancheEntry { void: true, ..MancheEntry::default() };
        StationDraft { table: 3, number, entry, base_revision: None }
    }

    #[test]
    fn drafts_are_kept_read_back_and_gone_when_none_remain() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("drafts").join("t.json");
        assert!(read_drafts(&path, "t.db").is_empty());
        write_drafts(&path, "t.db", &[draft(2), draft(5)]).expect("written");
        assert_eq!(read_drafts(&path, "t.db"), [draft(2), draft(5)]);
        assert!(read_drafts(&path, "other.db").is_empty(), "another database's drafts are not these");
        assert!(write_drafts(&path, "other.db", &[draft(1)]).is_err(), "nor overwritten by them");
        write_drafts(&path, "t.db", &[]).expect("none left");
        assert!(!path.exists());
    }

    #[test]
    fn something_else_at_the_path_is_left_alone() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("t.json");
        std::fs::write(&path, "not drafts").expect("a file of someone else");
        assert!(read_drafts(&path, "t.db").is_empty());
        assert!(write_drafts(&path, "t.db", &[draft(1)]).is_err());
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), "not drafts");
    }

    #[test]
    fn the_file_is_named_after_the_database_without_its_password() {
        let a = drafts_file("postgres://stecca:segreto@sala/torneo");
        if let Some(a) = a {
            assert!(!a.display().to_string().contains("segreto"), "{}", a.display());
            assert_ne!(Some(a), drafts_file("/home/arbitro/a.db"));
        }
    }
}
