//! Crash safety and concurrency of the command-line writer: `stecca enter --jsonl` killed at random moments
//! (SIGKILL, as close to a power cut as a test gets) leaves a database that opens, passes
//! `PRAGMA integrity_check`, and holds every manche it had answered with the nets it answered; two writers on
//! different tables of one tournament both save everything, with no "database is locked". The same kills of a
//! writer on a PostgreSQL server lose no answered manche either.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Child;

use crate::common::cli::{manche_line, seated_tournament, table_names};
use serde_json::Value;
use stecca::store::Store;

/// `stecca enter --jsonl` on session 1 of `tournament`, reading `lines` from a file.
fn writer(db: &Path, tournament: i64, lines: &Path) -> Child {
    crate::common::cli::enter_writer(db, tournament, None, lines)
}

/// Lines for `tables`, round robin, `per_table` manches each; the winner moves round the table.
fn lines_for(store: &Store, tournament: i64, tables: &[u32], per_table: usize) -> String {
    let names: Vec<Vec<String>> = tables.iter().map(|&t| table_names(store, tournament, 1, t)).collect();
    let mut text = String::new();
    for k in 0..per_table {
        for (i, &table) in tables.iter().enumerate() {
            text.push_str(&manche_line(&names[i], (k + i) % 4, table));
            text.push('\n');
        }
    }
    text
}

/// A tiny deterministic generator for the kill points (no dependency for one test).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Runs the writer on `db` and kills it after `stop_after` answers (or lets it end); returns the answers read
/// and whether it was killed before the end.
fn run_and_kill(db: &Path, id: i64, lines: &Path, stop_after: u64) -> (Vec<Value>, bool) {
    let mut child = writer(db, id, lines);
    let stdout = child.stdout.take().expect("stdout");
    let mut answered: Vec<Value> = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        answered.push(serde_json::from_str(&line).expect("an answer is one JSON line"));
        if answered.len() as u64 > stop_after {
            break;
        }
    }
    child.kill().ok();
    let status = child.wait().expect("reaped");
    (answered, !status.success())
}

/// Every answered manche is saved with the nets it was answered with, and no more than `lines` were saved.
fn check_answered(store: &Store, id: i64, answered: &[Value], lines: usize, run: usize) {
    let seating = store.seating(id).expect("seating");
    for answer in answered {
        assert!(answer.get("error").is_none(), "run {run}: {answer}");
        let table = seating.iter().find(|t| t.number == answer["table"].as_u64().expect("table") as u32);
        let manches = store.table_manches(table.expect("table").id).expect("manches");
        let number = answer["manche"].as_u64().expect("number") as u32;
        let saved = manches.iter().find(|m| m.number == number);
        let saved = saved.unwrap_or_else(|| panic!("run {run}: answered manche {answer} is missing"));
        let names = table_names(store, id, 1, answer["table"].as_u64().expect("table") as u32);
        let answered_nets: Vec<i64> =
            names.iter().map(|n| answer["nets"][n].as_i64().expect("a net per player")).collect();
        assert_eq!(saved.nets, answered_nets, "run {run}: the saved manche is the one answered");
    }
    let total = store.manche_count(id).expect("count") as usize;
    assert!(total >= answered.len() && total <= lines, "run {run}: {total} saved, {} answered", answered.len());
}

#[test]
fn a_writer_on_the_server_killed_at_random_moments_loses_no_answered_manche() {
    let dir = tempfile::tempdir().expect("temp dir");
    let template = dir.path().join("template.db");
    let id = seated_tournament(&template, 16, 1);
    let lines = dir.path().join("manches.jsonl");
    let mut template = Store::open(&template).expect("open");
    std::fs::write(&lines, lines_for(&template, id, &[1, 2, 3, 4], 12)).expect("lines");
    let mut random = Lcg(1923);
    let mut killed_mid_stream = 0;
    for run in 0..20 {
        let url = crate::common::pg::url();
        stecca::store::copy_database(&mut template, &mut Store::open_server(&url).expect("server")).expect("copy");
        let (answered, killed) = run_and_kill(Path::new(&url), id, &lines, random.below(48));
        killed_mid_stream += usize::from(killed);
        let store = Store::open_server(&url).expect("the server opens after the kill");
        check_answered(&store, id, &answered, 48, run);
    }
    assert!(killed_mid_stream >= 10, "most runs were killed before the end ({killed_mid_stream} of 20)");
}

#[test]
fn a_writer_killed_at_random_moments_loses_no_answered_manche() {
    let dir = tempfile::tempdir().expect("temp dir");
    let template = dir.path().join("template.db");
    let id = seated_tournament(&template, 16, 1);
    let lines = dir.path().join("manches.jsonl");
    {
        let store = Store::open(&template).expect("open");
        std::fs::write(&lines, lines_for(&store, id, &[1, 2, 3, 4], 12)).expect("lines");
    }
    let mut random = Lcg(2026);
    let mut killed_mid_stream = 0;
    for run in 0..50 {
        let db = dir.path().join(format!("run{run}.db"));
        std::fs::copy(&template, &db).expect("a fresh copy");
        let (answered, killed) = run_and_kill(&db, id, &lines, random.below(48));
        killed_mid_stream += usize::from(killed);

        let store = Store::open(&db).expect("the database opens after the kill");
        assert!(store.integrity_ok().expect("integrity_check runs"), "run {run}");
        check_answered(&store, id, &answered, 48, run);
    }
    assert!(killed_mid_stream >= 25, "most runs were killed before the end ({killed_mid_stream} of 50)");
}

#[test]
fn two_writers_on_different_tables_both_save_everything() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("shared.db");
    let id = seated_tournament(&db, 16, 1);
    let (first, second) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    {
        let store = Store::open(&db).expect("open");
        std::fs::write(&first, lines_for(&store, id, &[1, 2], 14)).expect("lines");
        std::fs::write(&second, lines_for(&store, id, &[3, 4], 14)).expect("lines");
    }
    let children = [writer(&db, id, &first), writer(&db, id, &second)];
    for child in children {
        let out = child.wait_with_output().expect("ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(!stderr.contains("locked"), "{stderr}");
        let answers = String::from_utf8(out.stdout).expect("utf-8");
        assert_eq!(answers.lines().count(), 28);
        assert!(answers.lines().all(|l| !l.contains("\"error\"")), "{answers}");
    }
    let store = Store::open(&db).expect("open");
    assert_eq!(store.manche_count(id).expect("count"), 56, "every manche of both writers");

    // The same manches entered by one writer into another database: the same standings.
    let alone = dir.path().join("alone.db");
    let again = seated_tournament(&alone, 16, 1);
    let mut child = writer(&alone, again, &first);
    child.wait().expect("first");
    let mut child2 = writer(&alone, again, &second);
    child2.wait().expect("second");
    let points = |db: &Path, id: i64| -> Vec<(String, i64)> {
        let store = Store::open(db).expect("open");
        let mut rows: Vec<(String, i64)> = stecca::desk::standings(&store, id)
            .expect("standings")
            .into_iter()
            .map(|r| (r.player.name, r.points))
            .collect();
        rows.sort();
        rows
    };
    assert_eq!(points(&db, id), points(&alone, again));
}
