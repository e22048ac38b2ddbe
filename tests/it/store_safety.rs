//! The store under faults and misuse: files that are not ours are left exactly as they were, backups are
//! checked before they get their name, two processes opening or writing one file wait for each other, and no
//! write lands on a player, table or session of another tournament.

use std::path::{Path, PathBuf};

use rusqlite::Connection;
use stecca::message::Explain;
use stecca::store::{Store, StoreError, schema_version};
use stecca::tournament::PlayerData;

fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("stecca.db");
    (dir, path)
}

/// Every file in `dir` with its bytes.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| {
            let e = e.expect("entry");
            (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).expect("bytes"))
        })
        .collect();
    files.sort();
    files
}

fn assert_refused_untouched(dir: &Path, path: &Path, expected: &str) {
    let before = snapshot(dir);
    let error = Store::open(path).expect_err("refused");
    assert!(error.to_string().contains(expected), "{error}");
    assert!(error.to_string().contains("has not been changed"), "{error}");
    assert_eq!(snapshot(dir), before, "not a byte changed, no file added");
}

#[test]
fn an_empty_file_is_refused_and_left_untouched() {
    let (dir, path) = temp_db();
    std::fs::write(&path, b"").expect("empty");
    assert_refused_untouched(dir.path(), &path, "the file is empty");
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_and_left_untouched() {
    let (dir, path) = temp_db();
    std::fs::write(&path, "name,club\nAnna,Drago\n".repeat(100)).expect("text");
    assert_refused_untouched(dir.path(), &path, "not a SQLite database");
}

#[test]
fn a_foreign_sqlite_file_is_refused_and_left_untouched() {
    let (dir, path) = temp_db();
    let conn = Connection::open(&path).expect("foreign");
    conn.execute_batch("CREATE TABLE recipe (name TEXT); INSERT INTO recipe VALUES ('ragù');").expect("data");
    drop(conn);
    assert_refused_untouched(dir.path(), &path, "not a Stecca database");
    // Another program that happens to have a table called `tournament` but its own application id.
    let conn = Connection::open(&path).expect("foreign");
    conn.execute_batch("CREATE TABLE tournament (id INTEGER); PRAGMA application_id = 42; PRAGMA user_version = 3;")
        .expect("data");
    drop(conn);
    assert_refused_untouched(dir.path(), &path, "not a Stecca database");
}

#[test]
fn a_newer_stecca_database_in_rollback_mode_is_not_switched_to_wal() {
    let (dir, path) = temp_db();
    drop(Store::open(&path).expect("create"));
    let conn = Connection::open(&path).expect("raw");
    conn.pragma_update(None, "journal_mode", "DELETE").expect("rollback journal");
    conn.pragma_update(None, "user_version", schema_version() + 1).expect("newer");
    drop(conn);
    let error = {
        let before = snapshot(dir.path());
        let error = Store::open(&path).expect_err("newer");
        assert_eq!(snapshot(dir.path()), before, "no byte changed, no -wal or -shm made");
        error
    };
    assert!(matches!(error, StoreError::TooNew { .. }), "{error}");
}

#[test]
fn a_backup_is_checked_named_uniquely_and_leaves_no_temporary_file() {
    let (dir, path) = temp_db();
    let mut backups = Vec::new();
    for _ in 0..3 {
        for companion in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{companion}", path.display()));
        }
        std::fs::copy("tests/fixtures/schema2.db", &path).expect("fixture");
        let store = Store::open(&path).expect("migrate");
        backups.push(store.backup_written().expect("backup").to_owned());
    }
    backups.sort();
    backups.dedup();
    assert_eq!(backups.len(), 3, "three migrations within seconds: three backups, none overwritten");
    for backup in &backups {
        let copy = Connection::open(backup).expect("opens");
        let version: i64 = copy.pragma_query_value(None, "user_version", |r| r.get(0)).expect("version");
        let tournaments: i64 = copy.query_row("SELECT count(*) FROM tournament", [], |r| r.get(0)).expect("rows");
        assert_eq!((version, tournaments), (2, 2));
    }
    let leftovers: Vec<String> =
        snapshot(dir.path()).into_iter().map(|(name, _)| name).filter(|name| name.starts_with(".stecca-")).collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn eight_desks_opening_a_new_file_at_once_all_succeed() {
    let (dir, path) = temp_db();
    let results: Vec<Result<i64, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|_| {
                scope.spawn(|| {
                    let store = Store::open(&path).map_err(|e| e.to_string())?;
                    store
                        .connection()
                        .expect("sqlite")
                        .pragma_query_value(None, "user_version", |r| r.get(0))
                        .map_err(|e| e.to_string())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).collect()
    });
    for result in results {
        assert_eq!(result, Ok(schema_version()));
    }
    let names: Vec<String> = snapshot(dir.path()).into_iter().map(|(n, _)| n).collect();
    assert!(names.iter().all(|n| !n.starts_with(".stecca-")), "{names:?}");
}

#[test]
fn eight_desks_opening_an_older_file_at_once_migrate_it_once() {
    let (dir, path) = temp_db();
    std::fs::copy("tests/fixtures/schema2.db", &path).expect("fixture");
    let backups: Vec<Option<PathBuf>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|_| scope.spawn(|| Store::open(&path).map(|s| s.backup_written().map(Path::to_owned))))
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread").expect("every open succeeds")).collect()
    });
    assert_eq!(backups.iter().flatten().count(), 1, "one desk migrated, the others found it done");
    let backup_files = snapshot(dir.path()).into_iter().filter(|(n, _)| n.contains("-backup-")).count();
    assert_eq!(backup_files, 1);
}

/// A writer that reads first (seating reads the session before replacing it) must wait for another
/// process's write, not fail with "database is locked" because its read went stale.
#[test]
fn a_read_then_write_operation_waits_for_another_writer() {
    let (_dir, path) = temp_db();
    let mut store = Store::open(&path).expect("open");
    let (id, _) = crate::common::seated_four(&mut store);
    let players: Vec<i64> = store.players(id).expect("players").iter().map(|p| p.id).collect();
    let other = Connection::open(&path).expect("second process");
    other.execute_batch("BEGIN IMMEDIATE; INSERT INTO preference VALUES ('x', 'y');").expect("holds the lock");
    std::thread::scope(|scope| {
        scope.spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            other.execute_batch("COMMIT").expect("commit");
        });
        let reversed: Vec<i64> = players.iter().rev().copied().collect();
        store.save_seating(id, 2, &[vec![reversed]], "R").expect("waits, then saves");
    });
    assert_eq!(store.preference("x").expect("read").as_deref(), Some("y"));
}

fn two_tournaments(store: &mut Store) -> ((i64, i64), (i64, i64)) {
    let first = crate::common::seated_four(store);
    let second = crate::common::seated_four(store);
    (first, second)
}

#[test]
fn no_write_lands_on_another_tournament() {
    let mut store = Store::open_in_memory().expect("open");
    let ((first, first_table), (second, _)) = two_tournaments(&mut store);
    let foreign = store.players(second).expect("players")[0].id;
    let refused = |e: StoreError| {
        let message = e.message();
        let id = message.id();
        assert!(matches!(id, Some("error.player.other_tournament" | "error.seating.other_tournament")), "{e}");
    };
    refused(store.add_penalty(first, foreign, None, 5, "ritardo", "R").expect_err("foreign player"));
    let data = PlayerData { name: "Intruso".into(), ..PlayerData::default() };
    refused(store.update_player(first, foreign, &data, "R").expect_err("foreign player"));
    let mut mixed: Vec<i64> = store.players(first).expect("players").iter().map(|p| p.id).collect();
    mixed[3] = foreign;
    refused(store.save_seating(first, 2, &[vec![mixed]], "R").expect_err("foreign player"));
    refused(
        store.set_start_round_wind(second, first_table, stecca::tiles::Wind::South, "R").expect_err("foreign table"),
    );
    assert!(store.penalties(first).expect("penalties").is_empty());
    assert_eq!(store.player(foreign).expect("player").data.name, "Anna", "nothing was changed");
    assert_eq!(store.seating(first).expect("seating").len(), 1, "no session 2 was written");
}

#[test]
fn the_schema_refuses_rows_of_another_tournament_written_past_the_store() {
    let mut store = Store::open_in_memory().expect("open");
    let ((first, first_table), (second, _)) = two_tournaments(&mut store);
    let foreign = store.players(second).expect("players")[0].id;
    let conn = store.connection().expect("sqlite");
    let penalty = conn.execute(
        "INSERT INTO penalty (tournament_id, player_id, points, reason, referee, at) VALUES (?1, ?2, 5, 'x', 'R', '')",
        [first, foreign],
    );
    assert!(penalty.expect_err("trigger").to_string().contains("not of this tournament"));
    let seat =
        conn.execute("UPDATE seat SET player_id = ?2 WHERE table_id = ?1 AND position = 0", [first_table, foreign]);
    assert!(seat.expect_err("trigger").to_string().contains("not of the tournament of this table"));
}

#[test]
fn a_tournament_without_results_can_be_deleted_one_with_results_only_archived() {
    let mut store = Store::open_in_memory().expect("open");
    let (empty, _) = crate::common::seated_four(&mut store);
    let (played, table) = crate::common::seated_four(&mut store);
    stecca::desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "R").expect("manche");

    store.delete_tournament(empty, "Rossi").expect("no results: deleted");
    assert!(store.list_tournaments().expect("list").iter().all(|t| t.id != empty));
    assert!(matches!(store.tournament(empty), Err(StoreError::NotFound(_))));
    assert!(store.players(empty).expect("players").is_empty());
    let log = store.audit_log(empty).expect("the audit log keeps the record");
    assert_eq!(log.first().map(|e| (e.action.as_str(), e.referee.as_str())), Some(("delete", "Rossi")));

    let error = store.delete_tournament(played, "Rossi").expect_err("has results");
    assert!(error.to_string().contains("archive it instead"), "{error}");
    store.set_archived(played, true, "Rossi").expect("archive");
    assert!(store.tournament(played).expect("still there").archived);
    let data = PlayerData { name: "Tardivo".into(), ..PlayerData::default() };
    let error = store.add_player(played, &data, "R").expect_err("archived is read-only");
    assert!(error.to_string().contains("archived"), "{error}");
    assert!(store.delete_tournament(played, "Rossi").is_err(), "archived is never deleted either");
    store.set_archived(played, false, "Rossi").expect("reopen");
    store.add_player(played, &data, "R").expect("open again");
}

#[test]
fn a_player_without_results_or_seat_can_be_deleted_others_are_withdrawn() {
    let mut store = Store::open_in_memory().expect("open");
    let (id, table) = crate::common::seated_four(&mut store);
    let typo = store.add_player(id, &PlayerData { name: "Ana".into(), ..PlayerData::default() }, "R").expect("add");
    store.delete_player(id, typo, "Rossi").expect("no results, no seat");
    assert!(store.players(id).expect("players").iter().all(|p| p.id != typo));
    let log = store.audit_log(id).expect("log");
    assert_eq!((log[0].entity.as_str(), log[0].action.as_str(), log[0].entity_id), ("player", "delete", typo));

    let seated = store.players(id).expect("players")[0].id;
    let error = store.delete_player(id, seated, "R").expect_err("seated");
    assert!(error.to_string().contains("withdraw"), "{error}");
    stecca::desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "R").expect("manche");
    let error = store.delete_player(id, seated, "R").expect_err("has results");
    assert!(error.to_string().contains("never deleted"), "{error}");
}
