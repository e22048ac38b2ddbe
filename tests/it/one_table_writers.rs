//! Several writers on ONE table at once — two stations, a script and a station, soon the table's own phone —
//! on SQLite and on PostgreSQL. A save that means a new manche never becomes a correction of the manche another
//! writer saved first: a line without a number takes the table's next number, a line with its number is
//! refused with the first writer's values, and every answered manche is stored exactly as it was answered.

use std::path::Path;
use std::process::Child;

use crate::common::cli::{manche_line, seated_tournament, table_names};
use serde_json::Value;
use stecca::desk::{self, SaveAs};
use stecca::store::{Save, SaveKind, Store, StoreError};

/// Runs `writers` processes at once on table 1, each sending `per_writer` manches without a number, and checks
/// that every one was saved once, under its own number, exactly as answered, and that nothing was corrected.
fn writers_on_one_table(db: &std::ffi::OsStr, template: &Store, id: i64, dir: &Path, writers: usize) {
    let per_writer = 16 / writers;
    let names = table_names(template, id, 1, 1);
    let files: Vec<_> = (0..writers)
        .map(|w| {
            let file = dir.join(format!("writer{w}.jsonl"));
            // Each writer its own winners, so that a manche stored under another's answer shows in its nets.
            let lines: String = (0..per_writer).map(|k| manche_line(&names, (w + k) % 4, 1) + "\n").collect();
            std::fs::write(&file, lines).expect("lines");
            file
        })
        .collect();
    let children: Vec<Child> =
        files.iter().map(|file| crate::common::cli::enter_writer(db, id, Some(1), file)).collect();
    let mut answered: Vec<Value> = Vec::new();
    for child in children {
        let out = child.wait_with_output().expect("the writer ends");
        let stdout = String::from_utf8(out.stdout).expect("utf-8");
        assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
        answered.extend(stdout.lines().map(|l| serde_json::from_str::<Value>(l).expect("one JSON answer a line")));
    }
    let store = match db.to_str() {
        Some(url) if url.starts_with("postgres") => Store::open_server(url),
        _ => Store::open(Path::new(db)),
    }
    .expect("open");
    let table = store.seating(id).expect("seating").into_iter().find(|t| t.session == 1 && t.number == 1);
    let manches = store.table_manches(table.expect("table 1").id).expect("manches");
    let mut numbers: Vec<u64> =
        answered.iter().map(|a| a["manche"].as_u64().expect("saved, with its number")).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=16).collect::<Vec<_>>(), "every line saved once, each under a number of its own");
    assert_eq!(manches.len(), 16);
    for answer in &answered {
        let saved = &manches[answer["manche"].as_u64().expect("number") as usize - 1];
        let nets: Vec<i64> = names.iter().map(|n| answer["nets"][n].as_i64().expect("a net per player")).collect();
        assert_eq!(saved.nets, nets, "manche {} is stored as it was answered", saved.number);
        assert_eq!(saved.revision, 1, "manche {} was never corrected", saved.number);
    }
    let audit = store.audit_log(id).expect("audit");
    assert!(audit.iter().all(|entry| entry.action != "correct"), "no correction nobody asked for");
}

#[test]
fn four_writers_on_one_table_save_every_manche_once_as_answered_sqlite() {
    let dir = tempfile::tempdir().expect("temp dir");
    let template = dir.path().join("template.db");
    let id = seated_tournament(&template, 16, 1);
    for run in 0..3 {
        let db = dir.path().join(format!("run{run}.db"));
        std::fs::copy(&template, &db).expect("a fresh copy");
        let store = Store::open(&template).expect("open");
        writers_on_one_table(db.as_os_str(), &store, id, dir.path(), 4);
    }
}

#[test]
fn four_writers_on_one_table_save_every_manche_once_as_answered_postgres() {
    let dir = tempfile::tempdir().expect("temp dir");
    let template = dir.path().join("template.db");
    let id = seated_tournament(&template, 16, 1);
    let mut template = Store::open(&template).expect("open");
    for _ in 0..3 {
        let url = crate::common::pg::url();
        stecca::store::copy_database(&mut template, &mut Store::open_server(&url).expect("server")).expect("copy");
        writers_on_one_table(std::ffi::OsStr::new(&url), &template, id, dir.path(), 4);
    }
}

/// Two stations (threads, each its own connection) entering the next manche of one table as the desk does,
/// many times over: each save lands once or is refused with the other's values; none is a correction.
fn stations_racing_for_the_next_manche(open: impl Fn() -> Store + Sync) {
    let mut setup = open();
    let (_, table) = crate::common::seated_four(&mut setup);
    let entry = crate::common::digest_entry();
    for number in 1..=8u32 {
        let results: Vec<_> = std::thread::scope(|scope| {
            let stations: Vec<_> = ["Mario Rossi", "Lucia Bianchi"]
                .into_iter()
                .map(|referee| {
                    let (open, entry) = (&open, &entry);
                    scope.spawn(move || {
                        let mut store = open();
                        let save = SaveAs::fresh(Some(SaveAs::NEW));
                        desk::confirm_manche_as(&mut store, table, number, entry, referee, &save).map(|_| referee)
                    })
                })
                .collect();
            stations.into_iter().map(|s| s.join().expect("the station ends")).collect()
        });
        let saved: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(saved.len(), 1, "manche {number}: exactly one station saves it: {results:?}");
        let refused = results.iter().find_map(|r| r.as_ref().err()).expect("the other is refused");
        let desk::DeskError::Store(StoreError::Conflict(conflict)) = refused else { panic!("{refused:?}") };
        assert!(conflict.new, "refused as a manche entered first elsewhere");
        assert_eq!(&conflict.current.referee.as_str(), saved[0], "with the first one's values");
        let manches = setup.table_manches(table).expect("manches");
        assert_eq!(manches.len() as u32, number);
        assert!(manches.iter().all(|m| m.revision == 1), "nothing overwritten");
    }
}

#[test]
fn two_stations_racing_for_the_next_manche_never_overwrite_it_sqlite() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("stations.db");
    stations_racing_for_the_next_manche(|| Store::open(&db).expect("open"));
}

#[test]
fn two_stations_racing_for_the_next_manche_never_overwrite_it_postgres() {
    let url = crate::common::pg::url();
    stations_racing_for_the_next_manche(|| Store::open_server(&url).expect("open"));
}

#[test]
fn a_new_manche_the_store_finds_saved_is_refused_with_its_values_not_corrected() {
    let mut store = Store::open_in_memory().expect("store");
    let (_, table) = crate::common::seated_four(&mut store);
    let (input, outcome) =
        desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "Mario Rossi").expect("first");
    let seated = store.table(table).expect("table");
    // A second writer that read the table before manche 1 was saved: it saves manche 1 as new.
    let save = Save { kind: SaveKind::New, key: "the second writer's own key" };
    let error = store.save_manche(&seated, 1, save, &input, &outcome, "Lucia Bianchi").expect_err("refused");
    let StoreError::Conflict(conflict) = &error else { panic!("{error:?}") };
    assert!(conflict.new);
    assert_eq!((conflict.current.referee.as_str(), conflict.current.revision), ("Mario Rossi", 1));
    assert!(error.to_string().contains("already saved (entered by Mario Rossi at"), "{error}");
}

#[test]
fn a_line_with_a_saved_number_and_other_hands_is_refused_with_the_saved_values() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("t.db");
    let id = seated_tournament(&db, 16, 1);
    let names = table_names(&Store::open(&db).expect("open"), id, 1, 1);
    let first = manche_line(&names, 0, 1);
    let mut other: Value = serde_json::from_str(&manche_line(&names, 2, 1)).expect("json");
    other["manche"] = 1.into();
    let lines = format!("{first}\n{other}\n");
    let out = crate::common::cli::stecca_stdin(
        &["enter", "--jsonl", "--session", "1", "--tournament", &id.to_string(), "--db", db.to_str().expect("path")],
        lines.as_bytes(),
    );
    let answers: Vec<Value> =
        String::from_utf8(out.stdout).expect("utf-8").lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(answers.len(), 2);
    let error = answers[1]["error"].as_str().expect("refused");
    assert!(error.contains("Manche 1 is already saved"), "{error}");
    assert_eq!(answers[1]["saved"]["manche"], 1);
    assert_eq!(answers[1]["saved"]["nets"], answers[0]["nets"], "the first writer's values");
    assert_eq!(Store::open(&db).expect("open").manche_count(id).expect("count"), 1);
}
