//! The whole flow from the command line (create, import, seat, enter, export, delete), and its refusals:
//! nothing written half-way, the database never overwritten by an export, counts checked before allocating.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::cli::{manche_line, ok, seated_tournament, stecca, table_names};
use serde_json::Value;
use stecca::store::Store;

fn enter(db: &std::path::Path, args: &[&str], stdin: &str) -> std::process::Output {
    let mut child = crate::common::cli::command()
        .arg("enter")
        .args(args)
        .arg("--db")
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("written");
    child.wait_with_output().expect("ends")
}

#[test]
fn a_tournament_is_created_registered_seated_entered_and_exported_by_script() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("cli.db");
    let id = seated_tournament(&db, 16, 3);
    let store = Store::open(&db).expect("open");
    assert_eq!(store.players(id).expect("players").len(), 16);
    assert_eq!(store.seating(id).expect("seating").len(), 12, "3 sessions of 4 tables");
    let names = table_names(&store, id, 1, 2);
    drop(store);

    // One manche, seat winds left out; then a line that names a wrong seat wind; then one with the number.
    let t = id.to_string();
    let first = enter(&db, &["--tournament", &t, "--session", "1", "--table", "2"], &manche_line(&names, 1, 2));
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let answer: Value = serde_json::from_slice(&first.stdout).expect("json");
    assert_eq!(answer["manche"], 1);
    assert_eq!(answer["nets"].as_object().expect("nets").values().map(|v| v.as_i64().expect("n")).sum::<i64>(), 0);

    let mut wrong: Value = serde_json::from_str(&manche_line(&names, 1, 2)).expect("json");
    wrong["players"][0]["seat"] = "S".into();
    let lines = format!("{wrong}\n{}\n{}\n", manche_line(&names, 2, 2), manche_line(&names, 2, 2));
    let out = enter(&db, &["--tournament", &t, "--session", "1", "--jsonl"], &lines);
    assert_eq!(out.status.code(), Some(2), "a line was refused");
    let answers: Vec<Value> =
        String::from_utf8(out.stdout).expect("utf-8").lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(answers.len(), 3);
    let error = answers[0]["error"].as_str().expect("refused");
    assert!(error.contains(&format!("{}: seat S given", names[0])), "{error}");
    assert_eq!((answers[1]["manche"].clone(), answers[2]["manche"].clone()), (2.into(), 3.into()));

    // The same line again with its number: answered as already saved, not saved twice.
    let mut again: Value = serde_json::from_str(&manche_line(&names, 1, 2)).expect("json");
    again["manche"] = 1.into();
    let out = enter(&db, &["--tournament", &t, "--session", "1"], &again.to_string());
    let answer: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(answer["unchanged"], true);
    let store = Store::open(&db).expect("open");
    assert_eq!(store.manche_count(id).expect("count"), 3);
    drop(store);

    let csv = dir.path().join("standings.csv");
    ok(
        &db,
        &["export", "--tournament", &t, "--what", "standings", "--format", "csv", "--out", csv.to_str().expect("p")],
    );
    assert_eq!(std::fs::read_to_string(&csv).expect("csv").lines().count(), 17, "a header and 16 players");
}

/// `stecca export … --out OUT` of the standings as CSV, ended by force if it has not answered in 20 s.
fn export_onto(db: &std::path::Path, id: &str, out: &std::path::Path) -> (bool, String) {
    let mut child = crate::common::cli::command()
        .args(["export", "--tournament", id, "--what", "standings", "--format", "csv", "--out"])
        .arg(out)
        .arg("--db")
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let started = std::time::Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if started.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().expect("killed");
            panic!("export onto {} blocked", out.display());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("ends");
    (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

#[cfg(unix)]
#[test]
fn an_export_writes_only_a_regular_file_and_refuses_links_devices_and_fifos_untouched() {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = seated_tournament(&db, 8, 1).to_string();

    let precious = dir.path().join("precious.txt");
    std::fs::write(&precious, "keep me").expect("written");
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink(&precious, &link).expect("link");
    let (saved, error) = export_onto(&db, &id, &link);
    assert!(!saved && error.contains("a symbolic link, not a file"), "{error}");
    assert!(std::fs::symlink_metadata(&link).expect("still there").file_type().is_symlink(), "the link is kept");
    assert_eq!(std::fs::read_to_string(&precious).expect("read"), "keep me");

    let fifo = dir.path().join("pipe.csv");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
    let (saved, error) = export_onto(&db, &id, &fifo);
    assert!(!saved && error.contains("a named pipe (FIFO), not a file"), "{error}");
    assert!(std::fs::symlink_metadata(&fifo).expect("still there").file_type().is_fifo());

    // A Unix socket cannot even be opened (ENXIO): it is named all the same, not "no such device or address".
    let socket = dir.path().join("listening.csv");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("a socket");
    let (saved, error) = export_onto(&db, &id, &socket);
    assert!(!saved && error.contains("a socket, not a file"), "{error}");
    assert!(!error.contains("os error"), "{error}");
    assert!(std::fs::symlink_metadata(&socket).expect("still there").file_type().is_socket());

    // A character device: a copy of /dev/full's node where root may make one, else /dev/null itself (which a
    // user cannot replace, so a wrong answer could not harm it).
    let device = if is_root() {
        let node = dir.path().join("full.csv");
        assert!(Command::new("mknod").arg(&node).args(["c", "1", "7"]).status().expect("mknod").success());
        node
    } else {
        std::path::PathBuf::from("/dev/null")
    };
    let before = std::fs::symlink_metadata(&device).expect("device").rdev();
    let (saved, error) = export_onto(&db, &id, &device);
    assert!(!saved && error.contains("a device, not a file"), "{error}");
    let after = std::fs::symlink_metadata(&device).expect("still there");
    assert!(after.file_type().is_char_device() && after.rdev() == before, "the device node is kept");

    let folder = dir.path().join("folder.csv");
    std::fs::create_dir(&folder).expect("folder");
    let (saved, error) = export_onto(&db, &id, &folder);
    assert!(!saved && error.contains("a folder, not a file"), "{error}");

    // A regular file is replaced, and a new one gets the mode the umask gives any new file (not 0600).
    let plain = dir.path().join("plain.csv");
    std::fs::write(&plain, "old").expect("written");
    assert!(export_onto(&db, &id, &plain).0);
    assert!(std::fs::read_to_string(&plain).expect("read").contains("P0"));
    let fresh = dir.path().join("fresh.csv");
    assert!(export_onto(&db, &id, &fresh).0);
    let reference = dir.path().join("reference");
    std::fs::write(&reference, "").expect("written");
    let mode = |p: &std::path::Path| std::fs::metadata(p).expect("meta").mode() & 0o777;
    assert_eq!(mode(&fresh), mode(&reference), "an export follows the umask");

    if is_root() {
        let theirs = dir.path().join("theirs.csv");
        std::fs::write(&theirs, "someone else's").expect("written");
        std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).expect("chown");
        let (saved, error) = export_onto(&db, &id, &theirs);
        assert!(!saved && error.contains("belongs to another user"), "{error}");
        assert_eq!(std::fs::read_to_string(&theirs).expect("read"), "someone else's");
    }
    let leftovers = std::fs::read_dir(dir.path()).expect("dir").filter_map(Result::ok);
    assert!(leftovers.map(|e| e.file_name().to_string_lossy().into_owned()).all(|n| !n.starts_with(".stecca-")));
}

/// Every file in `dir` with its bytes (folders by name only).
fn files_in(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| {
            let e = e.expect("entry");
            let bytes = if e.path().is_file() { std::fs::read(e.path()).expect("bytes") } else { Vec::new() };
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    files.sort();
    files
}

#[cfg(unix)]
#[test]
fn a_database_this_user_cannot_write_is_listed_and_exported_and_a_change_is_refused_untouched() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("dir");
    let home = dir.path().join("home");
    std::fs::create_dir(&home).expect("home");
    let db = home.join("t.db");
    let id = seated_tournament(&db, 8, 1).to_string();
    std::fs::remove_file(home.join("t.players.csv")).expect("list removed");
    let outputs = dir.path().join("out");
    std::fs::create_dir(&outputs).expect("out");
    let set_mode = |path: &std::path::Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod")
    };
    set_mode(dir.path(), 0o755);
    set_mode(&outputs, 0o777);
    // Root may write any file: the same refusal is met by running as `nobody` a copy of the binary that it can
    // reach (the checkout may sit in a private folder).
    let root = is_root();
    let binary = dir.path().join("stecca");
    if root {
        std::fs::copy(env!("CARGO_BIN_EXE_stecca"), &binary).expect("binary copied");
        set_mode(&binary, 0o755);
    }
    set_mode(&db, 0o644);
    set_mode(&home, 0o755);
    if !root {
        set_mode(&db, 0o444);
        set_mode(&home, 0o555);
    }
    let run = |args: &[&str]| {
        let mut command = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "nobody", "--"]).arg(&binary);
            c
        } else {
            crate::common::cli::command()
        };
        command.args(args).arg("--db").arg(&db).env("LANG", "C").output().expect("runs")
    };
    let before = files_in(&home);

    let listed = run(&["list"]);
    assert!(listed.status.success(), "{}", String::from_utf8_lossy(&listed.stderr));
    assert!(String::from_utf8_lossy(&listed.stdout).contains("Coppa CLI"));
    let csv = outputs.join("standings.csv");
    let exported = run(&[
        "export",
        "--tournament",
        &id,
        "--what",
        "standings",
        "--format",
        "csv",
        "--out",
        csv.to_str().expect("path"),
    ]);
    assert!(exported.status.success(), "{}", String::from_utf8_lossy(&exported.stderr));
    assert!(std::fs::read_to_string(&csv).expect("written").contains("P01"));

    let change = run(&["tournament", "archive", "--tournament", &id]);
    assert!(!change.status.success());
    let error = String::from_utf8_lossy(&change.stderr);
    assert!(error.contains("is open read-only") && error.contains("nothing was changed"), "{error}");
    assert!(!error.contains("attempt to write"), "no raw SQLite text: {error}");
    assert_eq!(files_in(&home), before, "nothing written: not the file, no journal beside it");
    set_mode(&home, 0o755);
}

#[test]
fn an_export_never_overwrites_the_database_or_its_companions() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = seated_tournament(&db, 8, 1).to_string();
    let before = std::fs::read(&db).expect("db");
    let alias = dir.path().join("sub").join("..").join("t.db");
    std::fs::create_dir(dir.path().join("sub")).expect("sub");
    for out in [db.clone(), alias, dir.path().join("t.db-wal"), dir.path().join("t.db-shm")] {
        let result = stecca(
            &db,
            &[
                "export",
                "--tournament",
                &id,
                "--what",
                "standings",
                "--format",
                "csv",
                "--out",
                out.to_str().expect("p"),
            ],
        );
        assert!(!result.status.success(), "{}", out.display());
        let error = String::from_utf8_lossy(&result.stderr);
        assert!(error.contains("this is the tournament database") && error.lines().count() == 1, "{error}");
    }
    assert_eq!(std::fs::read(&db).expect("db"), before);
    assert!(Store::open(&db).expect("opens").integrity_ok().expect("check"));
    let leftovers = std::fs::read_dir(dir.path()).expect("dir").filter_map(Result::ok);
    assert!(leftovers.map(|e| e.file_name().to_string_lossy().into_owned()).all(|n| !n.starts_with(".stecca-")));
}

#[test]
fn a_tournament_without_results_is_deleted_one_with_results_is_archived() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let empty = seated_tournament(&db, 8, 1).to_string();
    let played = seated_tournament(&db, 8, 1);
    let names = table_names(&Store::open(&db).expect("open"), played, 1, 1);
    let played = played.to_string();
    let out = enter(&db, &["--tournament", &played, "--session", "1"], &manche_line(&names, 0, 1));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    assert!(ok(&db, &["tournament", "delete", "--tournament", &empty]).contains("deleted"));
    let refused = stecca(&db, &["tournament", "delete", "--tournament", &played]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("archive it instead"));
    ok(&db, &["tournament", "archive", "--tournament", &played]);
    let listed = ok(&db, &["list"]);
    assert_eq!(listed.lines().count(), 1, "{listed}");
    let more = enter(&db, &["--tournament", &played, "--session", "1"], &manche_line(&names, 0, 1));
    assert!(String::from_utf8_lossy(&more.stderr).contains("archived"), "an archived tournament takes no manche");
}

#[test]
fn a_failing_demo_leaves_nothing_and_huge_counts_are_refused_before_allocating() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let out = stecca(&db, &["demo", "--players", "2000"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 1000"));
    for players in ["18446744073709551615", "1000000000", "3"] {
        let out = crate::common::cli::command()
            .args(["seat", "--players", players, "--sessions", "4"])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{players}");
        let error = String::from_utf8_lossy(&out.stderr);
        assert!(error.contains("between 4 and 1000 players"), "{error}");
    }
    let out = crate::common::cli::command()
        .args(["seat", "--players", "16", "--sessions", "99999999999"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));

    // A demo that fails after it began writing (here: seating a tournament of 5 players cannot be done in
    // tables of four, found only when seating) leaves no tournament behind.
    let mut store = Store::open(&db).expect("open");
    let size = stecca::desk::DemoSize { players: 5, ..stecca::desk::DemoSize::default() };
    assert!(stecca::desk::create_demo(&mut store, size, 1, "R").is_err());
    assert!(store.list_tournaments().expect("list").is_empty(), "all or nothing");
}

#[test]
fn a_name_with_a_control_character_is_refused_at_import_with_the_line() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = ok(&db, &["tournament", "new", "--name", "Coppa"]).trim().to_owned();
    let list = dir.path().join("list.csv");
    std::fs::write(&list, "name\nAnna\n\"Bruno\u{1b}[2J\"\nCarla\n").expect("list");
    let out = stecca(&db, &["players", "import", "--tournament", &id, list.to_str().expect("p")]);
    assert!(!out.status.success());
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("line 3: Name: contains the control character U+001B"), "{error}");
    assert!(!error.contains('\u{1b}'), "the escape never reaches the terminal");
    assert!(Store::open(&db).expect("open").players(id.parse().expect("id")).expect("players").is_empty());
    let out = stecca(&db, &["tournament", "new", "--name", "Coppa\nbis"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("U+000A"));
}

/// Issue 62: a row with a field too few or too many, a name holding an invisible character, and a name already
/// registered are each refused with the line and what is wrong, and nothing is registered.
#[test]
fn players_import_refuses_misshapen_rows_invisible_characters_and_names_already_registered() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = ok(&db, &["tournament", "new", "--name", "Coppa"]).trim().to_owned();
    let list = dir.path().join("list.csv");
    let import = |text: &str| {
        std::fs::write(&list, text).expect("list");
        let out = stecca(&db, &["players", "import", "--tournament", &id, list.to_str().expect("p")]);
        (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let registered = || Store::open(&db).expect("open").players(id.parse().expect("id")).expect("players").len();
    let (done, error) = import("name,club,country\nAnna,Drago,IT\nOnlyName\nX3,B,C,D,E,F\n");
    assert!(!done);
    assert!(error.contains("line 3: 1 field where the header has 3: club, country are missing"), "{error}");
    assert!(error.contains("line 4: 6 fields where the header has 3: “D”, “E”, “F” are extra"), "{error}");
    let (done, error) = import("name\nZw\nZ\u{200b}w\n\"\u{202e}Anna\"\n");
    assert!(!done);
    assert!(error.contains("line 3: Name: “Z?w” has the invisible character U+200B at position 2"), "{error}");
    assert!(error.contains("line 4: Name: “?Anna” has the invisible character U+202E at position 1"), "{error}");
    assert!(!error.contains('\u{202e}'), "the override never reaches the terminal");
    assert_eq!(registered(), 0, "nothing registered");
    assert!(import("name\nX9\n").0);
    let (done, error) = import("name\nX9\n");
    assert!(!done && error.contains("line 2: “X9” is already registered in this tournament"), "{error}");
    let (_, error) = import("name\nX8\nx8\n");
    assert!(error.contains("line 3: “x8” appears twice in the file (also on line 2)"), "{error}");
    assert_eq!(registered(), 1);
}

#[test]
fn sessions_are_seated_by_range_keeping_the_earlier_ones() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = ok(&db, &["tournament", "new", "--name", "Coppa", "--sessions", "5"]).trim().to_owned();
    let list = dir.path().join("list.csv");
    let rows: String = (1..=16).map(|i| format!("P{i:02}\n")).collect();
    std::fs::write(&list, format!("name\n{rows}")).expect("list");
    ok(&db, &["players", "import", "--tournament", &id, list.to_str().expect("p")]);
    let first: Value = serde_json::from_str(&ok(&db, &["seat", "--tournament", &id, "--sessions", "1"])).expect("json");
    assert_eq!(first["sessions"].as_array().map(Vec::len), Some(1));
    let session1 = Store::open(&db).expect("open").seating(id.parse().expect("id")).expect("seating");
    let rest: Value =
        serde_json::from_str(&ok(&db, &["seat", "--tournament", &id, "--sessions", "2..5"])).expect("json");
    assert_eq!((rest["first_session"].clone(), rest["sessions"].as_array().map(Vec::len)), (2.into(), Some(4)));
    assert_eq!(rest["report"]["repeat_meetings"], 0, "16 players × 5 sessions: no pair meets twice");
    let after = Store::open(&db).expect("open").seating(id.parse().expect("id")).expect("seating");
    assert_eq!(after.iter().filter(|t| t.session == 1).cloned().collect::<Vec<_>>(), session1, "session 1 kept");
    let bad = stecca(&db, &["seat", "--tournament", &id, "--sessions", "4..9"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("the tournament has sessions 1–5"));
}

/// Bad values on the new command-line paths: one clear line each, nothing saved, no panic.
#[test]
fn bad_options_and_bad_manche_lines_are_refused_with_the_reason() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let out = stecca(&db, &["tournament", "new", "--name", "Coppa", "--options", "{not json"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--options: not JSON"));
    assert!(!db.exists(), "a refused command creates no database");
    let out = stecca(&db, &["tournament", "new", "--name", "Coppa", "--rules", "mahjong-x"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown ruleset"), "{out:?}");

    let id = seated_tournament(&db, 8, 1);
    let names = table_names(&Store::open(&db).expect("open"), id, 1, 1);
    let good: Value = serde_json::from_str(&manche_line(&names, 0, 1)).expect("json");
    let mut stranger = good.clone();
    stranger["players"][2]["name"] = "Sconosciuto".into();
    let mut zero = good.clone();
    zero["manche"] = 0.into();
    let mut ahead = good.clone();
    ahead["manche"] = 5.into();
    let mut other_rules = good.clone();
    other_rules["rules"] = "classic_american".into();
    let lines = [
        "[1, 2]".to_owned(),
        "{\"players\": ".to_owned(),
        stranger.to_string(),
        zero.to_string(),
        ahead.to_string(),
        other_rules.to_string(),
    ]
    .join("\n");
    let t = id.to_string();
    let out = enter(&db, &["--tournament", &t, "--session", "1", "--jsonl"], &lines);
    assert_eq!(out.status.code(), Some(2));
    let errors: Vec<String> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("json")["error"].as_str().expect("an error").to_owned())
        .collect();
    let expected = [
        "a manche is a JSON object",
        "invalid input",
        "must be named once",
        "positive whole number",
        "the table's next manche is 1",
        "the tournament plays fimj",
    ];
    assert_eq!(errors.len(), expected.len());
    for (error, part) in errors.iter().zip(expected) {
        assert!(error.contains(part) && !error.contains('\n'), "{error:?} should say {part:?}");
    }
    assert_eq!(Store::open(&db).expect("open").manche_count(id).expect("count"), 0, "nothing saved");
    let out = enter(&db, &["--tournament", &t, "--session", "9", "--table", "1"], &good.to_string());
    assert!(String::from_utf8_lossy(&out.stderr).contains("session 9 has no table 1"));
}

#[test]
fn players_import_refuses_more_players_than_a_seating_can_seat_saying_the_one_limit() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = ok(&db, &["tournament", "new", "--name", "Grande", "--sessions", "2"]).trim().to_owned();
    let list = dir.path().join("players.csv");
    let rows: String = (1..=1001).map(|i| format!("P{i:04},Club,IT\n")).collect();
    std::fs::write(&list, format!("name,club,country\n{rows}")).expect("list");
    let out = stecca(&db, &["players", "import", "--tournament", &id, list.to_str().expect("p")]);
    assert!(!out.status.success());
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("at most 1000 players") && error.contains("1001 more given"), "{error}");
    let store = Store::open(&db).expect("store");
    assert!(store.players(id.parse().expect("id")).expect("players").is_empty(), "nothing registered");
    drop(store);
    let rows: String = (1..=1000).map(|i| format!("P{i:04},Club,IT\n")).collect();
    std::fs::write(&list, format!("name,club,country\n{rows}")).expect("list");
    ok(&db, &["players", "import", "--tournament", &id, list.to_str().expect("p")]);
}

#[test]
fn a_refusal_is_said_once_not_once_per_layer() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = ok(&db, &["tournament", "new", "--name", "Vuoto", "--sessions", "2"]).trim().to_owned();
    let out = stecca(&db, &["seat", "--tournament", &id]);
    assert!(!out.status.success());
    let error = String::from_utf8_lossy(&out.stderr);
    let first_words: String = error.trim_start_matches("stecca seat: ").chars().take(12).collect();
    assert_eq!(error.matches(&first_words).count(), 1, "{error}");
}

/// A tournament of rules this build does not know (a newer Stecca's, or one edited by hand) is refused by name, by
/// the desk and by the command line: nothing is scored, seated or exported with other rules in its place.
#[test]
fn a_tournament_of_unknown_rules_is_refused_by_name_and_left_alone() {
    use stecca::message::Explain;

    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("newer.db");
    let id = seated_tournament(&db, 8, 1);
    let conn = rusqlite::Connection::open(&db).expect("sqlite");
    conn.execute("UPDATE tournament SET rules = 'mahjong_2030' WHERE id = ?1", [id]).expect("rules of a newer build");
    let seats_before: i64 = conn.query_row("SELECT count(*) FROM seat", [], |r| r.get(0)).expect("seats");
    drop(conn);

    let desk = stecca::desk::Desk::open_at(db.to_str().expect("path")).expect("the database opens");
    let refused = desk.tournament(id).expect_err("rules this build does not know");
    assert!(matches!(refused, stecca::desk::DeskError::Refused(_)), "{refused:?}");
    let said = refused.message().render(stecca::i18n::Lang::ITALIAN);
    assert!(said.contains("«Coppa CLI» gioca «mahjong_2030»") && said.contains("fimj"), "{said}");
    drop(desk);

    let t = id.to_string();
    let csv = dir.path().join("standings.csv");
    let export = ["export", "--tournament", &t, "--what", "standings", "--format", "csv", "--out"];
    let out = stecca(&db, &[&export[..], &[csv.to_str().expect("path")]].concat());
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("mahjong_2030"), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!csv.exists(), "nothing exported");
    let out = stecca(&db, &["seat", "--tournament", &t, "--sessions", "2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("mahjong_2030"));
    let conn = rusqlite::Connection::open(&db).expect("sqlite");
    let seats_after: i64 = conn.query_row("SELECT count(*) FROM seat", [], |r| r.get(0)).expect("seats");
    assert_eq!(seats_after, seats_before, "nothing seated");
}

/// A tournament whose options its ruleset refuses (edited by hand, or written by a version with other options)
/// is refused by name and by the option's path, never played with the defaults in their place.
#[test]
fn a_tournament_of_refused_options_is_refused_by_name_not_played_with_the_defaults() {
    use stecca::message::Explain;

    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("edited.db");
    let id = seated_tournament(&db, 8, 1);
    let conn = rusqlite::Connection::open(&db).expect("sqlite");
    conn.execute("UPDATE tournament SET options = '{\"limits\": {\"coppie\": 0}}' WHERE id = ?1", [id])
        .expect("options edited by hand");
    drop(conn);

    let desk = stecca::desk::Desk::open_at(db.to_str().expect("path")).expect("the database opens");
    let refused = desk.tournament(id).expect_err("options its rules refuse");
    assert!(matches!(refused, stecca::desk::DeskError::Refused(_)), "{refused:?}");
    let said = refused.message().render(stecca::i18n::Lang::ITALIAN);
    assert!(said.contains("«Coppa CLI»") && said.contains("options.limits.coppie"), "{said}");
    drop(desk);

    let out = stecca(&db, &["seat", "--tournament", &id.to_string(), "--sessions", "2"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("options.limits.coppie"), "{stderr}");
}
