//! Crash safety: a writer killed mid-stream (SIGKILL, as close to a power cut as a test gets) leaves a database
//! that opens, passes `PRAGMA integrity_check`, and holds every manche it had confirmed.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use stecca::store::Store;

#[test]
fn a_writer_killed_mid_stream_loses_no_confirmed_manche() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("crash.db");
    let mut writer = Command::new(env!("CARGO_BIN_EXE_stecca"))
        .args(["demo", "--players", "64", "--sessions", "4", "--club-weight", "0", "--trace", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the writer");
    let stdout = writer.stdout.take().expect("stdout");
    let mut confirmed: Vec<(i64, u32)> = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("line");
        let mut parts = line.split_whitespace().skip(1);
        let (Some(table), Some(manche)) = (parts.next(), parts.next()) else { continue };
        confirmed.push((table.parse().expect("table"), manche.parse().expect("manche")));
        if confirmed.len() == 150 {
            writer.kill().expect("SIGKILL");
            break;
        }
    }
    writer.wait().expect("reaped");
    assert_eq!(confirmed.len(), 150, "the writer confirmed manches before it was killed");

    let store = Store::open(&db).expect("the database opens after the kill");
    assert!(store.integrity_ok().expect("integrity_check runs"));
    for (table, number) in &confirmed {
        let manches = store.table_manches(*table).expect("table");
        assert!(manches.iter().any(|m| m.number == *number), "confirmed manche {number} of table {table} is missing");
    }
    let total = store.manche_count(store.list_tournaments().expect("list")[0].id).expect("count");
    assert!((150..1024).contains(&total), "{total} manches: killed mid-stream, nothing lost");
}
