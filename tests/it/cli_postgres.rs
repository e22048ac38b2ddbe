//! The command line against a PostgreSQL server: two `stecca enter --jsonl` processes confirm 200 manches
//! each, of different tables of one tournament, at the same time; the standings they leave are identical to
//! the same manches entered one after the other into SQLite, and stay identical after `stecca db copy` moves
//! the tournament back to a file.

use std::io::Write;
use std::process::{Child, Stdio};

use crate::common::cli::{manche_line, ok, stecca, table_names};
use serde_json::Value;
use stecca::store::Store;

/// `stecca enter --jsonl` reading `lines`, started and left running.
fn enter(db: &str, tournament: i64, lines: String) -> Child {
    let mut child = crate::common::cli::command()
        .args(["enter", "--tournament", &tournament.to_string(), "--jsonl", "--db", db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().expect("stdin");
    std::thread::spawn(move || stdin.write_all(lines.as_bytes()).expect("written"));
    child
}

/// Every answer line of a finished `stecca enter`, checked to be a saved manche.
fn answers(child: Child) -> usize {
    let out = child.wait_with_output().expect("ends");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    for line in text.lines() {
        let answer: Value = serde_json::from_str(line).expect("json");
        assert!(answer.get("error").is_none(), "{answer}");
    }
    text.lines().count()
}

/// A 32-player FIMJ tournament of 4 sessions, created, registered and seated by the command line.
fn tournament(db: &str, list: &std::path::Path) -> i64 {
    let id: i64 = ok(db, &["tournament", "new", "--name", "Coppa delle Postazioni", "--sessions", "4"])
        .trim()
        .parse()
        .expect("id");
    ok(db, &["players", "import", "--tournament", &id.to_string(), list.to_str().expect("path")]);
    ok(db, &["seat", "--tournament", &id.to_string()]);
    id
}

/// The manches of tables `tables` of every session: 13 at odd tables, 12 at even ones (200 for four tables
/// in four sessions), one line each with its session and table.
fn lines(store: &Store, tournament: i64, tables: std::ops::RangeInclusive<u32>) -> String {
    let mut out = String::new();
    for session in 1..=4 {
        for table in tables.clone() {
            let names = table_names(store, tournament, session, table);
            for number in 0..(if table % 2 == 1 { 13 } else { 12 }) {
                let mut line: Value = serde_json::from_str(&manche_line(&names, number % 4, table)).expect("json");
                line["session"] = session.into();
                out.push_str(&line.to_string());
                out.push('\n');
            }
        }
    }
    out
}

fn standings_csv(db: &str, tournament: i64, out: &std::path::Path) -> String {
    let path = out.to_str().expect("path");
    ok(
        db,
        &["export", "--tournament", &tournament.to_string(), "--what", "standings", "--format", "csv", "--out", path],
    );
    std::fs::read_to_string(out).expect("csv")
}

#[test]
fn two_stations_enter_200_manches_each_at_once_and_the_standings_match_sqlite() {
    let dir = tempfile::tempdir().expect("dir");
    let list = dir.path().join("players.csv");
    let rows: String = (1..=32).map(|i| format!("P{i:02},Club {},IT\n", i % 5)).collect();
    std::fs::write(&list, format!("name,club,country\n{rows}")).expect("list");

    let server = crate::common::pg::url();
    let file = dir.path().join("solo.db").display().to_string();
    let on_server = tournament(&server, &list);
    let on_file = tournament(&file, &list);
    let hall = Store::open_at(&server).expect("server");
    let laptop = Store::open_at(&file).expect("file");
    assert_eq!(
        (1..=8).map(|t| table_names(&hall, on_server, 1, t)).collect::<Vec<_>>(),
        (1..=8).map(|t| table_names(&laptop, on_file, 1, t)).collect::<Vec<_>>(),
        "both tournaments are seated alike"
    );
    let (first, second) = (lines(&hall, on_server, 1..=4), lines(&hall, on_server, 5..=8));
    assert_eq!((first.lines().count(), second.lines().count()), (200, 200));

    // Two stations at once on the server.
    let (a, b) = (enter(&server, on_server, first.clone()), enter(&server, on_server, second.clone()));
    assert_eq!((answers(a), answers(b)), (200, 200));
    assert_eq!(hall.manche_count(on_server).expect("count"), 400);

    // The same manches, one station after the other, into SQLite.
    assert_eq!(answers(enter(&file, on_file, first)), 200);
    assert_eq!(answers(enter(&file, on_file, second)), 200);

    let from_server = standings_csv(&server, on_server, &dir.path().join("server.csv"));
    let from_file = standings_csv(&file, on_file, &dir.path().join("file.csv"));
    assert_eq!(from_server.lines().count(), 33);
    assert_eq!(from_server, from_file, "identical standings");

    // Moved back to a file by `stecca db copy`, the tournament ranks the same.
    let moved = dir.path().join("moved.db").display().to_string();
    let copied = ok(&server, &["db", "copy", "--from", &server, "--to", &moved]);
    assert!(copied.contains("manche: 400"), "{copied}");
    assert_eq!(standings_csv(&moved, on_server, &dir.path().join("moved.csv")), from_server);

    // Into a database already in use: refused, and a file made for it is not left behind.
    let refused = stecca(&server, &["db", "copy", "--from", &moved, "--to", &file]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("already holds"));
    let missing = dir.path().join("never.db");
    let refused = stecca(
        &server,
        &["db", "copy", "--from", "postgres://nobody@127.0.0.1:1/none", "--to", &missing.display().to_string()],
    );
    assert!(!refused.status.success());
    assert!(!missing.exists(), "no half-made copy");
}

#[test]
fn db_init_prepares_an_empty_server_database_and_a_bad_address_is_named() {
    let server = crate::common::pg::url();
    let said = ok(&server, &["db", "init"]);
    assert!(said.contains("Stecca schema") && !said.contains(":postgres@"), "{said}");
    assert!(ok(&server, &["list"]).contains("no tournaments"));
    let out = stecca("postgres://stecca:secret@127.0.0.1:1/hall", &["list"]);
    assert!(!out.status.success());
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("cannot be reached") && !error.contains("secret"), "{error}");
    let out = stecca("postgres://stecca:secret@127.0.0.1:notaport/hall", &["list"]);
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("not a database address") && !error.contains("secret"), "{error}");
}

/// A server on this machine that speaks PostgreSQL's first word only, as one without TLS does: to every
/// request for TLS it answers `N`. Returns its port.
fn server_without_tls() -> u16 {
    use std::io::Read;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bound");
    let port = listener.local_addr().expect("address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(16) {
            let Ok(mut stream) = stream else { continue };
            let mut request = [0u8; 8];
            // The desk's reachability probe connects and closes; a client asks for TLS with 8 bytes.
            if stream.read_exact(&mut request).is_ok() {
                let _ = stream.write_all(b"N");
            }
        }
    });
    port
}

#[test]
fn a_server_without_tls_is_refused_saying_how_to_connect() {
    let port = server_without_tls();
    let out = stecca(format!("postgres://stecca:secret@127.0.0.1:{port}/hall"), &["list"]);
    assert!(!out.status.success());
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("the server on this machine does not use TLS: add ?sslmode=disable"), "{error}");
    assert!(!error.contains("secret"), "{error}");
    let out = stecca(format!("postgres://stecca@localhost:{port}/hall"), &["--lang", "it", "list"]);
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("non usa TLS: aggiungere ?sslmode=disable"), "{error}");
}

/// `stecca enter --jsonl --wait-offline SECONDS`, started on a running server; its input is written later.
fn enter_waiting(db: &str, tournament: i64, wait: u64) -> (Child, std::process::ChildStdin) {
    let mut child = crate::common::cli::command()
        .args(["enter", "--tournament", &tournament.to_string(), "--jsonl", "--wait-offline", &wait.to_string()])
        .args(["--db", db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let stdin = child.stdin.take().expect("stdin");
    // Long enough for it to connect before the server goes.
    std::thread::sleep(std::time::Duration::from_millis(800));
    (child, stdin)
}

#[test]
fn enter_waits_for_a_lost_server_a_bounded_time_then_says_which_lines_were_not_saved() {
    let server = crate::common::pg::own_server();
    let db = server.fresh_database();
    let dir = tempfile::tempdir().expect("dir");
    let list = dir.path().join("players.csv");
    let rows: String = (1..=32).map(|i| format!("P{i:02},Club {},IT\n", i % 5)).collect();
    std::fs::write(&list, format!("name,club,country\n{rows}")).expect("list");
    let id = tournament(&db, &list);
    let store = Store::open_server(&db).expect("store");
    let all = lines(&store, id, 1..=1);
    drop(store);
    let some = |skip: usize| -> String { all.lines().skip(skip).take(3).map(|l| format!("{l}\n")).collect() };

    // Back within the wait: every line is saved, in order, once.
    let (child, mut stdin) = enter_waiting(&db, id, 30);
    server.stop();
    stdin.write_all(some(0).as_bytes()).expect("written");
    drop(stdin);
    std::thread::sleep(std::time::Duration::from_secs(3));
    server.restart();
    assert_eq!(answers(child), 3);
    let store = Store::open_server(&db).expect("store");
    assert_eq!(store.manche_count(id).expect("count"), 3);
    drop(store);

    // Gone for longer than the wait: the first line not saved is named, the rest are not tried.
    let (child, mut stdin) = enter_waiting(&db, id, 3);
    server.stop();
    let started = std::time::Instant::now();
    stdin.write_all(some(3).as_bytes()).expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("ends");
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "bounded: {:?}", started.elapsed());
    // It says it waited 3 s: it did, not 2 (the last try is made at the end of the wait, not before it).
    assert!(started.elapsed() >= std::time::Duration::from_secs(3), "the whole wait: {:?}", started.elapsed());
    server.restart();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    let answer: Value = serde_json::from_str(said.lines().next().expect("one answer")).expect("json");
    assert_eq!(answer["line"], 1);
    assert!(answer["error"].as_str().expect("error").contains("not saved after waiting 3 s"), "{answer}");
    assert_eq!(said.lines().count(), 1, "the lines behind it are not answered as if tried: {said}");
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("stopped at line 1"), "{error}");
    let store = Store::open_server(&db).expect("store");
    assert_eq!(store.manche_count(id).expect("count"), 3, "nothing saved while the server was gone");
}
