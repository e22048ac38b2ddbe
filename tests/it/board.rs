//! The board in the hall, tested as a player's phone and a script use it: every route over HTTP from a running
//! `stecca board`, the update after a manche saved by `stecca enter`, the refusals (anything but GET and HEAD,
//! bodies, oversized heads, too many connections, slow clients), hostile names, and a database that goes away.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use stecca::board::{Limits, Options, RunningBoard};

use crate::common::cli::{command, manche_line, ok, seated_tournament, table_names};
use crate::common::http::{get, get_json, raw, request};

/// A `stecca board` process, stopped when dropped.
struct BoardProcess {
    child: Child,
    address: SocketAddr,
    said: String,
}

impl Drop for BoardProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `stecca board --db DB ARGS --listen 127.0.0.1:0` and reads the address it says it serves at.
fn start_board(db: &str, args: &[&str]) -> BoardProcess {
    start_board_with(db, args, &[])
}

/// [`start_board`] with more variables in its environment.
fn start_board_with(db: &str, args: &[&str], envs: &[(&str, &str)]) -> BoardProcess {
    let mut child = command()
        .envs(envs.iter().copied())
        .arg("board")
        .args(args)
        .args(["--listen", "127.0.0.1:0", "--db", db])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the address");
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| {
        let mut err = String::new();
        let _ = child.stderr.take().expect("stderr").read_to_string(&mut err);
        panic!("no address in {line:?}: {err}")
    });
    let address = url.trim_start_matches("http://").trim_end_matches('/').parse().expect("an address");
    BoardProcess { child, address, said: line }
}

/// Waits until `done` holds, for at most `limit`; returns how long it took.
fn within(limit: Duration, mut done: impl FnMut() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// Enters manche 1 of session 1, table 1 with `stecca enter`.
fn enter_first_manche(db: &str, tournament: i64, names: &[String]) {
    let mut child = command()
        .args(["enter", "--tournament", &tournament.to_string(), "--session", "1", "--table", "1", "--db", db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    child.stdin.take().expect("stdin").write_all(manche_line(names, 0, 1).as_bytes()).expect("written");
    let out = child.wait_with_output().expect("ends");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Every route of a board on `db` (a file or a server), then the update after `stecca enter`.
fn every_route_then_the_update(db: &str, tournament: i64, names: &[String]) {
    let board = start_board(db, &["--tournament", &tournament.to_string()]);
    assert!(board.said.contains("Coppa CLI"), "says which tournament: {}", board.said);
    let at = board.address;

    let page = get(at, "/");
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(page.body.contains("Standings — no results yet"), "{}", page.body);
    assert!(names.iter().all(|n| page.body.contains(n.as_str())), "every player listed, at 0 points");
    assert!(page.header("content-security-policy").is_some_and(|p| p.contains("default-src 'none'")));
    assert_eq!(page.header("cache-control"), Some("no-store"));

    let seating = get(at, "/seating");
    assert_eq!(seating.status, 200);
    assert!(seating.body.contains("Session 1"), "the session to be played");
    for name in names {
        assert!(seating.body.contains(name.as_str()), "{name} is on the seating page");
    }
    let found = get(at, &format!("/find?name={}", &names[2].to_lowercase()[..2]));
    assert!(found.body.contains("Session 1 · Table 1 · West"), "{}", found.body);
    let nobody = get(at, "/find?name=Zebedeo");
    assert!(nobody.body.contains("No player of session 1 has «Zebedeo» in their name."), "{}", nobody.body);

    let italian = request(at, "GET", "/seating", &["Accept-Language: it-IT,it;q=0.9,en;q=0.5"]);
    assert!(italian.body.contains("Sessione 1") && italian.body.contains("Tavolo 1"), "{}", italian.body);
    assert_eq!(italian.header("content-language"), Some("it"));
    let switched = request(at, "GET", "/?lang=en", &["Accept-Language: it"]);
    assert!(switched.body.contains("Standings"));
    assert!(switched.header("set-cookie").is_some_and(|c| c.starts_with("lang=en;")), "the choice is remembered");
    let remembered = request(at, "GET", "/seating", &["Accept-Language: it", "Cookie: lang=en"]);
    assert!(remembered.body.contains("Table 1"));
    // A French phone gets French, a language the desk has only as locale folders, and the switch offers it.
    let french = request(at, "GET", "/seating", &["Accept-Language: fr-CH, fr;q=0.9, en;q=0.8"]);
    assert_eq!(french.header("content-language"), Some("fr"));
    assert!(french.body.contains("Plan de table") && french.body.contains("Table 1"), "{}", french.body);
    assert!(seating.body.contains("hreflang=\"fr\""), "the switch offers French");

    let seating_json = get_json(at, "/seating.json");
    assert_eq!(seating_json["session"], 1);
    assert_eq!(seating_json["tables"][0]["seats"][0]["seat"], "E");
    assert_eq!(seating_json["tables"][0]["seats"][0]["name"], names[0].as_str());
    let player = seating_json["tables"][0]["seats"][0]["player"].as_i64().expect("id");
    let card = get(at, &format!("/player/{player}"));
    assert_eq!(card.status, 200);
    assert!(card.body.contains("No manche yet."), "{}", card.body);
    assert_eq!(get(at, "/player/987654").status, 404);
    assert_eq!(get(at, "/player/x").status, 404);
    assert_eq!(get(at, "/admin").status, 404);
    let script = get(at, "/board.js");
    assert_eq!(script.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert!(script.body.contains("/stamp"));

    let head = request(at, "HEAD", "/", &[]);
    assert_eq!(head.status, 200);
    assert_eq!(head.body, "", "HEAD has no body");
    assert_eq!(head.header("content-length"), page.header("content-length"));

    // A manche saved by another program: the stamp moves, and the pages show it, within 2 s.
    let before = get_json(at, "/standings.json");
    assert_eq!(before["provisional"], false);
    let stamp = get(at, "/stamp").body;
    enter_first_manche(db, tournament, names);
    let took = within(Duration::from_secs(5), || get(at, "/stamp").body != stamp);
    assert!(took.is_some_and(|t| t < Duration::from_secs(2)), "the board saw the manche after {took:?}");
    let after = get_json(at, "/standings.json");
    assert_eq!(after["provisional"], true, "session 1 is being played");
    assert_eq!(after["progress"]["manches"], 1);
    let points: Vec<i64> =
        after["standings"].as_array().expect("rows").iter().map(|r| r["points"].as_i64().expect("n")).collect();
    assert_eq!(points.iter().sum::<i64>(), 0, "one manche's nets sum to zero");
    assert!(points[0] > 0, "the winner leads: {points:?}");
    assert_eq!(after["standings"][0]["name"], names[0].as_str(), "seat East went Mah Jong");
    let page = get(at, "/");
    assert!(page.body.contains("Provisional standings — session 1 / 2 in progress, 1 manche entered"), "{}", page.body);
    let italian = request(at, "GET", "/", &["Accept-Language: it"]);
    assert!(italian.body.contains("sessione 1 / 2 in corso, 1 manche inserita"), "{}", italian.body);
    let card = get(at, &format!("/player/{player}"));
    assert!(card.body.contains(&format!("{}: place 1", names[0])), "{}", card.body);
    assert!(card.body.contains(&format!("+{}", points[0])), "the net on the card");
}

/// A file database in `dir` with 8 players seated for 2 sessions: the file, the tournament, and the names at
/// table 1 of session 1 in seat order.
fn seated_file(dir: &Path) -> (std::path::PathBuf, i64, Vec<String>) {
    let db = dir.join("hall.db");
    let id = seated_tournament(&db, 8, 2);
    let store = stecca::store::Store::open(&db).expect("open");
    let names = table_names(&store, id, 1, 1);
    (db, id, names)
}

#[test]
fn every_route_answers_and_a_manche_entered_shows_within_two_seconds_on_sqlite() {
    let dir = tempfile::tempdir().expect("dir");
    let (db, id, names) = seated_file(dir.path());
    every_route_then_the_update(db.to_str().expect("path"), id, &names);
}

#[test]
fn every_route_answers_and_a_manche_entered_shows_within_two_seconds_on_postgres() {
    let url = crate::common::pg::url();
    let list = tempfile::tempdir().expect("dir");
    let id: i64 =
        ok(&url, &["tournament", "new", "--name", "Coppa CLI", "--sessions", "2"]).trim().parse().expect("id");
    let csv = list.path().join("players.csv");
    let rows: String = (1..=8).map(|i| format!("P{i:02},Club {},IT\n", i % 3)).collect();
    std::fs::write(&csv, format!("name,club,country\n{rows}")).expect("list");
    ok(&url, &["players", "import", "--tournament", &id.to_string(), csv.to_str().expect("path")]);
    ok(&url, &["seat", "--tournament", &id.to_string()]);
    let store = stecca::store::Store::open_server(&url).expect("open");
    let names = table_names(&store, id, 1, 1);
    drop(store);
    every_route_then_the_update(&url, id, &names);
}

/// A board of `db`'s newest tournament in this process, on a free port, with `limits`, once it has read it.
fn board_in_process(db: &Path, limits: Limits) -> RunningBoard {
    let options = Options {
        listen: "127.0.0.1:0".parse().expect("address"),
        tournament: None,
        every: Duration::from_millis(100),
        limits,
        ..Options::default()
    };
    let board = RunningBoard::start_at(db.to_str().expect("path"), options).expect("starts");
    assert!(within(Duration::from_secs(10), || board.published().view.is_some()).is_some(), "the board read it");
    board
}

#[test]
fn nothing_but_get_and_head_is_answered_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db");
    seated_tournament(&db, 8, 1);
    let bytes = std::fs::read(&db).expect("db");
    let board = board_in_process(&db, Limits::default());
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"] {
        let path = if method == "CONNECT" { "board:80" } else { "/" };
        let answer = request(board.address(), method, path, &["Content-Length: 0"]);
        assert_eq!(answer.status, 405, "{method}");
        assert_eq!(answer.header("allow"), Some("GET, HEAD"), "{method}");
    }
    let post = raw(
        board.address(),
        b"POST /standings.json HTTP/1.1\r\nHost: b\r\nConnection: close\r\nContent-Length: 11\r\n\r\nplace=first",
    );
    assert_eq!(post.status, 405);
    let with_body =
        raw(board.address(), b"GET / HTTP/1.1\r\nHost: b\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello");
    assert_eq!(with_body.status, 413, "a GET that sends a body");
    drop(board);
    assert_eq!(std::fs::read(&db).expect("db"), bytes, "the database file is as it was");
}

#[test]
fn hostile_names_and_searches_are_shown_as_text() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db");
    let id: i64 = ok(&db, &["tournament", "new", "--name", "<b>Coppa</b> & \"Amici\"", "--sessions", "1"])
        .trim()
        .parse()
        .expect("id");
    let csv = dir.path().join("players.csv");
    let hostile = ["<script>alert('x')</script>", "\"><img src=x onerror=alert(1)>", "Anna & Bruno", "O'Neil"];
    let mut rows = String::from("name,club,country\n");
    for name in hostile {
        rows.push_str(&format!("\"{}\",<i>Club</i>,IT\n", name.replace('"', "\"\"")));
    }
    std::fs::write(&csv, rows).expect("list");
    ok(&db, &["players", "import", "--tournament", &id.to_string(), csv.to_str().expect("path")]);
    ok(&db, &["seat", "--tournament", &id.to_string()]);
    let board = board_in_process(&db, Limits::default());
    let at = board.address();
    let seating = get_json(at, "/seating.json");
    let ids: Vec<i64> = seating["tables"][0]["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["player"].as_i64().expect("id"))
        .collect();
    let names: Vec<&str> = seating["tables"][0]["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["name"].as_str().expect("n"))
        .collect();
    for name in hostile {
        assert!(names.contains(&name), "JSON gives the name as it is: {name}");
    }
    let mut pages: Vec<String> =
        ["/", "/seating", "/find?name=%3Cscript%3E", "/find?name=%22%3E%3Cimg", "/?q=%3Cscript%3E"]
            .iter()
            .map(|p| p.to_string())
            .collect();
    pages.extend(ids.iter().map(|id| format!("/player/{id}")));
    for path in &pages {
        let page = get(at, path);
        assert_eq!(page.status, 200, "{path}");
        for raw in ["<script>alert", "<img src=x", "<i>Club", "<b>Coppa"] {
            assert!(!page.body.contains(raw), "{path} carries {raw} as markup:\n{}", page.body);
        }
        assert_eq!(page.body.matches("<script").count(), 1, "{path}: only the board's own script tag");
    }
    let found = get(at, "/find?name=%3Cscript%3E");
    assert!(found.body.contains("&lt;script&gt;alert('x')&lt;/script&gt;"), "{}", found.body);
    assert!(found.body.contains("value=\"&lt;script&gt;\""), "the search is given back as text");
    let standings = get(at, "/");
    assert!(standings.body.contains("&lt;b&gt;Coppa&lt;/b&gt; &amp; &quot;Amici&quot;"), "{}", standings.body);
    assert!(standings.body.contains("Anna &amp; Bruno"));
}

/// A connection to `at` from the loopback address `from` (127.0.0.2 is another client than 127.0.0.1).
fn connect_from(from: &str, at: std::net::SocketAddr) -> TcpStream {
    use socket2::{Domain, SockAddr, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("socket");
    let local: std::net::SocketAddr = format!("{from}:0").parse().expect("address");
    socket.bind(&SockAddr::from(local)).expect("bound");
    socket.connect(&SockAddr::from(at)).expect("connects");
    socket.into()
}

#[test]
fn one_client_cannot_hold_the_connections_every_phone_needs() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db");
    seated_tournament(&db, 8, 1);
    let board = board_in_process(&db, Limits { connections: 64, per_client: 4, ..Limits::default() });
    let at = board.address();
    // One client holds as many idle connections as it may, then tries 60 more: each is refused at once.
    let mut held: Vec<TcpStream> = (0..4).map(|_| connect_from("127.0.0.1", at)).collect();
    std::thread::sleep(Duration::from_millis(200));
    let refused = get(at, "/");
    assert_eq!(refused.status, 503, "a fifth from the same address");
    held.extend((0..60).map(|_| connect_from("127.0.0.1", at)));
    // Another client is served all the while, and the greedy one again once its connections close.
    let mut other = connect_from("127.0.0.2", at);
    other.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    other.write_all(b"GET /stamp HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n").expect("sent");
    let mut bytes = Vec::new();
    other.read_to_end(&mut bytes).expect("read");
    assert_eq!(crate::common::http::parse(&bytes).status, 200, "another address is served");
    drop(held);
    assert!(within(Duration::from_secs(5), || get(at, "/").status == 200).is_some(), "served again");
}

#[test]
fn requests_are_bounded_in_number_size_and_time() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db");
    seated_tournament(&db, 8, 1);
    let limits = Limits {
        connections: 3,
        per_client: 8,
        head_bytes: 8192,
        head_time: Duration::from_secs(1),
        connection_time: Duration::from_secs(3),
        ..Limits::default()
    };
    let board = board_in_process(&db, limits);
    let at = board.address();

    // A head larger than the limit: 431, nothing more read.
    let huge = format!("GET /?q={} HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n", "a".repeat(20_000));
    let answer = raw(at, huge.as_bytes());
    assert_eq!(answer.status, 431, "{answer:?}");
    let many_headers: String = (0..400).map(|i| format!("X-Filler-{i}: {}\r\n", "v".repeat(40))).collect();
    let answer = raw(at, format!("GET / HTTP/1.1\r\nHost: b\r\n{many_headers}Connection: close\r\n\r\n").as_bytes());
    assert_eq!(answer.status, 431);

    // A client that connects and sends half a head is closed after the head time.
    let mut slow = TcpStream::connect(at).expect("connects");
    slow.write_all(b"GET / HTTP/1.1\r\nHost: b\r\n").expect("half a head");
    slow.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    let started = Instant::now();
    let mut rest = Vec::new();
    let _ = slow.read_to_end(&mut rest);
    assert!(started.elapsed() < Duration::from_secs(5), "closed after {:?}", started.elapsed());
    assert!(!String::from_utf8_lossy(&rest).contains("200 OK"), "no page for half a head");

    // Three connections held open: a fourth is answered 503 at once; once they go, it is served again.
    let held: Vec<TcpStream> = (0..3).map(|_| TcpStream::connect(at).expect("connects")).collect();
    std::thread::sleep(Duration::from_millis(200));
    let refused = get(at, "/");
    assert_eq!(refused.status, 503);
    assert_eq!(refused.header("retry-after"), Some("1"));
    drop(held);
    assert!(within(Duration::from_secs(5), || get(at, "/").status == 200).is_some(), "served again");

    // A connection kept alive by polling is closed after the connection time, its last answer whole.
    let mut polling = TcpStream::connect(at).expect("connects");
    polling.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    let started = Instant::now();
    let mut closed = false;
    while started.elapsed() < Duration::from_secs(8) {
        if polling.write_all(b"GET /stamp HTTP/1.1\r\nHost: b\r\n\r\n").is_err() {
            closed = true;
            break;
        }
        let mut buffer = [0u8; 4096];
        match polling.read(&mut buffer) {
            Ok(0) | Err(_) => {
                closed = true;
                break;
            }
            Ok(n) => assert!(String::from_utf8_lossy(&buffer[..n]).starts_with("HTTP/1.1 200"), "a whole answer"),
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    assert!(closed, "the kept-alive connection was closed");
    assert!(started.elapsed() >= Duration::from_secs(2), "not before the connection time: {:?}", started.elapsed());
}

#[test]
fn the_board_listens_only_where_told_and_names_a_taken_address() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db");
    seated_tournament(&db, 8, 1);
    let board = start_board(db.to_str().expect("path"), &[]);
    assert!(board.address.ip().is_loopback());
    let taken =
        command().args(["board", "--listen", &board.address.to_string(), "--db"]).arg(&db).output().expect("runs");
    assert!(!taken.status.success());
    let said = String::from_utf8_lossy(&taken.stderr);
    assert!(said.contains(&format!("The board cannot listen on {}", board.address)), "{said}");
    let nonsense = command().args(["board", "--listen", "hall:eighty", "--db"]).arg(&db).output().expect("runs");
    assert!(!nonsense.status.success());
    let said = String::from_utf8_lossy(&nonsense.stderr);
    assert!(said.contains("--listen") && said.contains("hall:eighty"), "{said}");
    let missing = command().args(["board", "--tournament", "99", "--db"]).arg(&db).output().expect("runs");
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("99"), "{}", String::from_utf8_lossy(&missing.stderr));
}

#[test]
fn a_server_that_goes_away_leaves_the_last_good_data_on_the_pages_with_a_note() {
    let server = crate::common::pg::own_server();
    let url = server.fresh_database();
    let id: i64 =
        ok(&url, &["tournament", "new", "--name", "Coppa CLI", "--sessions", "1"]).trim().parse().expect("id");
    let list = tempfile::tempdir().expect("dir");
    let csv = list.path().join("players.csv");
    std::fs::write(&csv, "name\nAnna\nBruno\nCarla\nDario\n").expect("list");
    ok(&url, &["players", "import", "--tournament", &id.to_string(), csv.to_str().expect("path")]);
    ok(&url, &["seat", "--tournament", &id.to_string()]);
    let board = start_board(&url, &[]);
    let at = board.address;
    assert!(get(at, "/seating").body.contains("Anna"));

    server.stop();
    let noted = within(Duration::from_secs(20), || get(at, "/seating").body.contains("The database cannot be read"));
    assert!(noted.is_some(), "the page says the database cannot be read");
    let page = get(at, "/seating");
    assert!(page.body.contains("Anna") && page.body.contains("Table 1"), "the last good seating stays");
    let json: Value = get_json(at, "/seating.json");
    assert_eq!(json["database_ok"], false);
    assert_eq!(json["tables"][0]["seats"].as_array().map(Vec::len), Some(4));

    server.restart();
    let back = within(Duration::from_secs(30), || !get(at, "/seating").body.contains("The database cannot be read"));
    assert!(back.is_some(), "the note goes when the server answers again");
    assert_eq!(get_json(at, "/seating.json")["database_ok"], true);
}

/// A manche as the comparison sees it.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct MancheSeen {
    table: i64,
    id: i64,
    revision: i64,
    number: u32,
    nets: Vec<i64>,
}

/// What a snapshot says of its manches and standings, to compare two of them.
#[derive(Debug, PartialEq)]
struct Contents {
    manches: Vec<MancheSeen>,
    /// Points by player, in standings order.
    standings: Vec<(i64, i64)>,
}

fn contents(s: &stecca::export::Snapshot) -> Contents {
    let mut manches: Vec<MancheSeen> = s
        .manches
        .iter()
        .flat_map(|(table, manches)| {
            manches.iter().map(|m| MancheSeen {
                table: *table,
                id: m.id,
                revision: m.revision,
                number: m.number,
                nets: m.nets.clone(),
            })
        })
        .collect();
    manches.sort();
    Contents { manches, standings: s.standings.iter().map(|r| (r.player.id, r.points)).collect() }
}

#[test]
fn a_refreshed_snapshot_reads_only_what_changed_and_equals_a_full_read() {
    let dir = tempfile::tempdir().expect("dir");
    let (db, id, names) = seated_file(dir.path());
    let location = db.to_str().expect("path");
    let mut desk = stecca::desk::Desk::open_at(location).expect("desk");
    let before = desk.snapshot(id, true).expect("snapshot");

    // A manche added.
    enter_first_manche(location, id, &names);
    let added = desk.refresh_snapshot(before).expect("refreshed");
    assert_eq!(contents(&added), contents(&desk.snapshot(id, true).expect("full")));
    assert_eq!(contents(&added).manches.len(), 1);

    // The same manche corrected at the desk (declared void): a new revision of it.
    let table = added.tables.iter().find(|t| t.session == 1 && t.number == 1).expect("table 1").id;
    let revision = added.manches[&table][0].revision;
    let mut void = crate::common::digest_entry();
    void.void = true;
    for hand in &mut void.hands {
        hand.mahjong = false;
        hand.win.clear();
    }
    let save = stecca::desk::SaveAs::fresh(Some(revision));
    desk.confirm_manche_as(table, 1, &void, "R", &save).expect("corrected");
    let was = contents(&added);
    let refreshed = desk.refresh_snapshot(added).expect("refreshed");
    assert_eq!(contents(&refreshed), contents(&desk.snapshot(id, true).expect("full")));
    assert_ne!(contents(&refreshed), was, "the correction shows");
}

#[test]
fn the_servers_password_is_in_no_page_no_header_and_nothing_the_board_says() {
    let secret = "Segreta-del-server-42";
    let url = crate::common::pg::server().password_database(secret);
    let stecca = |args: &[&str]| {
        let out = command().env("PGPASSWORD", secret).args(args).args(["--db", &url]).output().expect("runs");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let id = stecca(&["tournament", "new", "--name", "Coppa CLI", "--sessions", "1"]);
    let id = id.trim();
    let list = tempfile::tempdir().expect("dir");
    let csv = list.path().join("players.csv");
    std::fs::write(&csv, "name\nAnna\nBruno\nCarla\nDario\n").expect("list");
    stecca(&["players", "import", "--tournament", id, csv.to_str().expect("path")]);
    stecca(&["seat", "--tournament", id]);
    let board = start_board_with(&url, &[], &[("PGPASSWORD", secret)]);
    assert!(!board.said.contains(secret), "{}", board.said);
    let seating = get_json(board.address, "/seating.json");
    let player = seating["tables"][0]["seats"][0]["player"].as_i64().expect("id");
    for path in [
        "/",
        "/seating",
        "/find?name=a",
        &format!("/player/{player}"),
        "/standings.json",
        "/seating.json",
        "/stamp",
        "/board.js",
        "/x",
    ] {
        let answer = get(board.address, path);
        assert!(!answer.body.contains(secret), "{path} shows the password");
        for (name, value) in &answer.headers {
            assert!(!value.contains(secret), "{path}: header {name} carries the password");
        }
        assert!(!answer.body.contains("postgres://"), "{path} names the database");
    }
}

/// A Riichi tournament on the board: its heading, the standings with the uma, and a player's card where an
/// exhaustive draw that moved points shows them beside "void".
#[test]
fn a_riichi_tournament_shows_its_draws_payments_on_the_cards() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("riichi.db");
    let id = {
        let mut store = stecca::store::Store::open(&db).expect("store");
        let size = stecca::desk::DemoSize { players: 8, sessions: 1, club_weight: 0.0, rules: "riichi" };
        stecca::desk::create_demo(&mut store, size, 3, "R").expect("demo")
    };
    let store = stecca::store::Store::open(&db).expect("store");
    let board = board_in_process(&db, Limits::default());
    let front = get(board.address(), "/?lang=en");
    assert_eq!(front.status, 200);
    assert!(front.body.contains("Riichi — EMA rules (RCR 2016)"), "the ruleset in the heading");
    // A draw in which the tenpai players were paid: its net shows on the player's card.
    let draw = store
        .seating(id)
        .expect("seating")
        .iter()
        .flat_map(|t| store.table_manches(t.id).expect("manches"))
        .find(|m| m.outcome.void && m.nets.iter().any(|&n| n != 0))
        .expect("the demo holds a draw with noten payments");
    let (name, net) = draw.outcome.net.iter().find(|(_, n)| *n != 0).expect("a payment");
    let player = store.players(id).expect("players").into_iter().find(|p| &p.data.name == name).expect("player");
    let card = get(board.address(), &format!("/player/{}?lang=en", player.id));
    assert!(card.body.contains(&format!("void {net:+}")), "{name} {net:+} in {}", card.body);
}

/// An MCR tournament on the board: its heading, and the standings ranked by table points, shown before the
/// score that breaks their ties.
#[test]
fn an_mcr_tournament_shows_its_table_points_first() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("mcr.db");
    let id = {
        let mut store = stecca::store::Store::open(&db).expect("store");
        let size = stecca::desk::DemoSize { players: 8, sessions: 2, club_weight: 0.0, rules: "mcr" };
        stecca::desk::create_demo(&mut store, size, 3, "R").expect("demo")
    };
    let store = stecca::store::Store::open(&db).expect("store");
    let standings = stecca::desk::standings(&store, id).expect("standings");
    let board = board_in_process(&db, Limits::default());
    let front = get(board.address(), "/?lang=en");
    assert_eq!(front.status, 200);
    assert!(front.body.contains("MCR — Chinese Official"), "the ruleset in the heading");
    let header = front.body.find(">Placement<").expect("the table points' column");
    assert!(header < front.body.find(">Points<").expect("the points' column"), "table points first");
    let leader = &standings[0];
    let row = &front.body[front.body.find(&leader.player.name).expect("the leader")..];
    let cells = format!("{:.2}</td><td class=\"n\">{}</td>", leader.placement(), leader.points);
    assert!(row.contains(&cells), "{cells} in {}", &row[..row.len().min(400)]);
}

/// The team standings on the board: a page of their own, linked from every page once a team exists.
#[test]
fn the_board_shows_the_team_standings() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("teams.db");
    let id = {
        let mut store = stecca::store::Store::open(&db).expect("store");
        let size = stecca::desk::DemoSize { players: 8, sessions: 1, club_weight: 0.0, ..Default::default() };
        stecca::desk::create_demo(&mut store, size, 3, "R").expect("demo")
    };
    let store = stecca::store::Store::open(&db).expect("store");
    let teams = stecca::desk::team_standings(&store, id).expect("teams");
    let board = board_in_process(&db, Limits::default());
    let front = get(board.address(), "/?lang=en");
    assert!(front.body.contains("href=\"/teams\""), "linked from the standings");
    let page = get(board.address(), "/teams?lang=en");
    assert_eq!(page.status, 200);
    for team in &teams {
        assert!(
            page.body.contains(&team.team.replace('\'', "&#39;")) || page.body.contains(&team.team),
            "{}",
            team.team
        );
        assert!(page.body.contains(&team.members[0]), "{} among its members", team.members[0]);
    }
    let first = page.body.find(&teams[0].team.replace('\'', "&#39;")).or_else(|| page.body.find(&teams[0].team));
    let second = page.body.find(&teams[1].team.replace('\'', "&#39;")).or_else(|| page.body.find(&teams[1].team));
    assert!(first < second, "in the standings' order");
}

/// `stecca board --per-client N`: a hall whose phones share a router's address lets one address hold more
/// connections; the default is the server's own.
#[test]
fn the_limit_per_client_is_set_on_the_command_line() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db");
    seated_tournament(&db, 8, 1);
    let db = db.to_str().expect("path");
    let board = start_board(db, &["--per-client", "12"]);
    let held: Vec<TcpStream> = (0..11).map(|_| connect_from("127.0.0.1", board.address)).collect();
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(get(board.address, "/").status, 200, "the twelfth from one address is served");
    drop(held);
    drop(board);
    let board = start_board(db, &[]);
    let held: Vec<TcpStream> =
        (0..Limits::default().per_client).map(|_| connect_from("127.0.0.1", board.address)).collect();
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(get(board.address, "/").status, 503, "the default limit is the server's");
    drop(held);
}

/// The session clock on the board: a big clock page for the projector and the time left under every page's
/// heading, counting down in the page and saying the last minutes, a pause and the end.
#[test]
fn the_board_shows_the_session_clock_big_and_on_every_page() {
    use stecca::tournament::clock::ClockAction;
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db");
    seated_tournament(&db, 8, 1);
    let mut store = stecca::store::Store::open(&db).expect("store");
    let id = store.list_tournaments().expect("list")[0].id;
    let board = board_in_process(&db, Limits::default());
    let before = get(board.address(), "/clock?lang=it");
    assert!(before.body.contains("Nessun orologio di sessione in corso."), "{}", before.body);
    store.clock_action(id, 1, ClockAction::Start(90), chrono::Utc::now(), "Rossi").expect("start");
    let shows = |path: &str, needle: &str| {
        within(Duration::from_secs(5), || get(board.address(), path).body.contains(needle)).is_some()
    };
    assert!(shows("/clock?lang=it", "Sessione 1"), "the big clock");
    let big = get(board.address(), "/clock?lang=it").body;
    assert!(
        big.contains("class=\"time\" data-left=\"") && (big.contains(">1:2") || big.contains(">1:30:00<")),
        "{big}"
    );
    let standings = get(board.address(), "/?lang=en").body;
    assert!(standings.contains("role=\"timer\"") && standings.contains("Session 1 · "), "under every heading");
    store.clock_action(id, 1, ClockAction::Pause, chrono::Utc::now(), "Rossi").expect("pause");
    assert!(shows("/seating?lang=it", "In pausa"), "a pause is said");
    store.clock_action(id, 1, ClockAction::End, chrono::Utc::now(), "Rossi").expect("end");
    assert!(shows("/clock?lang=en", "Session 1 is over"), "the end is said");
    assert!(!get(board.address(), "/clock?lang=en").body.contains("data-left"), "nothing counts down any more");
}
