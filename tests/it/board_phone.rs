//! A table's phone on the board (issue "The table enters its own hands"), over HTTP against a running board as
//! the hall's phones use it: the token's reach and its end, the block after wrong tokens, the form accepted only
//! from its own page (form token, cookie, Origin), bounded bodies and posts, hostile text escaped, two sends of
//! one manche, a manche the desk entered first, and every ruleset's manche sent from the form and confirmed at
//! the desk as if typed there.

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use stecca::board::{Limits, Options, RunningBoard};
use stecca::desk::form::read_form;
use stecca::desk::{self, ClockRequest, Desk, ProposalState, SaveAs};
use stecca::rules::rulesets;
use stecca::store::Store;
use stecca::tournament::{MancheEntry, PlayerData, TournamentSettings};

use crate::common::digest_entry;
use crate::common::http::{Answer, parse, raw, request};
use crate::common::phones::{PhoneTable, one_table_a_ruleset};

/// The name the first table's first player is registered under: text a page must show, never run.
const HOSTILE: &str = "<script>alert(1)</script> Anna";

/// A tournament of two tables (Anna…Dario at table 1, Elena…Irene at table 2) in a file, with its links.
struct Hall {
    _dir: tempfile::TempDir,
    db: String,
    desk: Desk,
    tournament: i64,
    tables: Vec<i64>,
    tokens: Vec<String>,
}

fn hall() -> Hall {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db").to_str().expect("path").to_owned();
    let mut store = Store::open(Path::new(&db)).expect("store");
    let settings =
        TournamentSettings { name: "Coppa del telefono".into(), sessions: 1, ..TournamentSettings::default() };
    let tournament = desk::create_tournament(&mut store, &settings, "Rossi").expect("tournament");
    for name in [HOSTILE, "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gino", "Irene"] {
        store
            .add_player(tournament, &PlayerData { name: name.into(), ..PlayerData::default() }, "Rossi")
            .expect("player");
    }
    let players: Vec<i64> = store.players(tournament).expect("players").iter().map(|p| p.id).collect();
    store.save_seating(tournament, 1, &[vec![players[..4].to_vec(), players[4..].to_vec()]], "Rossi").expect("seated");
    let tables = store.seating(tournament).expect("seating").iter().map(|t| t.id).collect();
    let mut desk = Desk::new(store);
    let tokens = desk.table_links(tournament, 1, "Rossi").expect("links").into_iter().map(|l| l.token).collect();
    Hall { _dir: dir, db, desk, tournament, tables, tokens }
}

fn board(db: &str, limits: Limits) -> RunningBoard {
    let options = Options {
        listen: "127.0.0.1:0".parse().expect("address"),
        tournament: None,
        every: Duration::from_millis(100),
        limits,
        ..Options::default()
    };
    RunningBoard::start_at(db, options).expect("starts")
}

/// A phone: its cookie, once the board gave it one.
#[derive(Default)]
struct Phone {
    cookie: Option<String>,
}

impl Phone {
    /// Opens the table's page, keeping the cookie it gets; returns the page and its form token.
    fn open(&mut self, at: SocketAddr, path: &str) -> (Answer, String) {
        let cookie = self.cookie.as_ref().map(|c| format!("Cookie: {c}"));
        let headers: Vec<&str> = cookie.iter().map(String::as_str).collect();
        let page = request(at, "GET", path, &headers);
        if let Some(set) = page.headers.iter().find(|(n, v)| n == "set-cookie" && v.starts_with("phone=")) {
            self.cookie = set.1.split(';').next().map(str::to_owned);
        }
        let token = form_token(&page.body).unwrap_or_default();
        (page, token)
    }

    /// Posts `pairs` to `path` with the phone's cookie and `headers`.
    fn post(&self, at: SocketAddr, path: &str, pairs: &[(String, String)], headers: &[&str]) -> Answer {
        let body = pairs.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect::<Vec<_>>().join("&");
        let mut all: Vec<String> = headers.iter().map(|h| (*h).to_owned()).collect();
        all.extend(self.cookie.iter().map(|c| format!("Cookie: {c}")));
        post_raw(at, path, &all, body.as_bytes())
    }
}

/// A form's field as a browser encodes it.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => (b as char).to_string(),
            b' ' => "+".to_owned(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A POST of `body` with `headers` (a form's content type and length added).
fn post_raw(at: SocketAddr, path: &str, headers: &[String], body: &[u8]) -> Answer {
    let mut head = format!(
        "POST {path} HTTP/1.1\r\nHost: board\r\nConnection: close\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
        body.len()
    );
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    raw(at, &bytes)
}

/// The form token in a page.
fn form_token(page: &str) -> Option<String> {
    let after = page.split("name=\"csrf\" value=\"").nth(1)?;
    after.split('"').next().map(str::to_owned)
}

/// What the table's form posts for `entry` as manche `number`: the form's fields as the page draws them, its
/// token, and which button.
fn form_of(
    desk: &Desk,
    table: i64,
    number: u32,
    entry: &MancheEntry,
    token: &str,
    button: &str,
) -> Vec<(String, String)> {
    let state = desk.table_state(table).expect("table");
    let mut pairs = state.form_view(number, entry).pairs();
    pairs.push(("csrf".into(), token.into()));
    pairs.push(("number".into(), number.to_string()));
    pairs.push(("do".into(), button.into()));
    pairs
}

fn count(page: &str, text: &str) -> usize {
    page.matches(text).count()
}

#[test]
fn a_tables_link_opens_that_table_only_and_nothing_once_revoked_or_its_session_ended() {
    let mut hall = hall();
    let board = board(&hall.db, Limits::default());
    let at = board.address();
    let mut phone = Phone::default();
    let one = format!("/t/{}", hall.tokens[0]);
    let (page, token) = phone.open(at, &one);
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Session 1 · Table 1"), "{}", page.body);
    for name in ["Bruno", "Carla", "Dario"] {
        assert!(page.body.contains(name), "{name} sits at table 1");
    }
    for name in ["Elena", "Fabio", "Gino", "Irene"] {
        assert!(!page.body.contains(name), "{name} sits at table 2: not on table 1's page");
    }
    assert!(page.body.contains("Manche 1") && page.body.contains("name=\"h0\""), "the form of manche 1");
    // A phone that runs scripts previews a tick at once; the script comes from the board itself, as the page's
    // policy allows, and the page works without it.
    assert!(page.body.contains("<script src=\"/phone.js\" defer>"), "{}", page.body);
    let script = request(at, "GET", "/phone.js", &[]);
    assert_eq!((script.status, script.header("content-type")), (200, Some("text/javascript; charset=utf-8")));
    assert!(script.body.contains("requestSubmit") && script.body.contains("button[value=preview]"));
    assert_eq!(token.len(), 64, "an HMAC-SHA256 in hexadecimal");
    let cookie = page.header("set-cookie").expect("the phone's cookie");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/t/"),
        "{cookie}"
    );
    assert_eq!(page.header("referrer-policy"), Some("same-origin"));
    assert!(page.header("content-security-policy").is_some_and(|p| p.contains("form-action 'self'")));
    let two = request(at, "GET", &format!("/t/{}", hall.tokens[1]), &[]);
    assert!(two.body.contains("Session 1 · Table 2") && two.body.contains("Irene") && !two.body.contains("Bruno"));
    let italian = request(at, "GET", &one, &["Accept-Language: it-IT,it;q=0.9"]);
    assert!(italian.body.contains("Sessione 1 · Tavolo 1") && italian.body.contains("Invia all'arbitro"));

    let nothing = request(at, "GET", &format!("/t/{}", "0".repeat(40)), &[]);
    assert_eq!(nothing.status, 404);
    assert!(!nothing.body.contains("Bruno"));
    for path in [
        format!("/t/{}/x", hall.tokens[0]),
        format!("/t/{}0", hall.tokens[0]),
        format!("/{}", hall.tokens[0]),
        format!("/player/{}", hall.tokens[0]),
        format!("/t/{}", &hall.tokens[0][..39]),
        "/t/".into(),
        "/t/%3Cscript%3E".into(),
    ] {
        let answer = request(at, "GET", &path, &[]);
        assert_eq!(answer.status, 404, "{path}");
        assert!(!answer.body.contains("Bruno") && !answer.body.contains("name=\"csrf\""), "{path}: {}", answer.body);
    }

    let new = hall.desk.revoke_table_link(hall.tournament, 1, 1, true, "Rossi").expect("reissued").expect("a link");
    let revoked = request(at, "GET", &one, &[]);
    assert_eq!(revoked.status, 404, "the old slip opens nothing");
    assert_eq!(revoked.body, nothing.body, "the same page as a token never issued");
    assert_eq!(request(at, "GET", &format!("/t/{}", new.token), &[]).status, 200, "the new slip does");
    let (_, token) = phone.open(at, &format!("/t/{}", new.token));
    let form = form_of(&hall.desk, hall.tables[0], 1, &digest_entry(), &token, "send");
    let late = phone.post(at, &one, &form, &[]);
    assert_eq!(late.status, 403, "a form token of the new slip opens nothing with the old one");

    hall.desk.clock(hall.tournament, 1, ClockRequest::Start(Some(90)), "Rossi").expect("started");
    assert_eq!(request(at, "GET", &format!("/t/{}", hall.tokens[1]), &[]).status, 200, "open while the clock runs");
    hall.desk.clock(hall.tournament, 1, ClockRequest::End, "Rossi").expect("ended");
    let ended = request(at, "GET", &format!("/t/{}", hall.tokens[1]), &[]);
    assert_eq!((ended.status, ended.body.as_str()), (404, nothing.body.as_str()), "the session is over");
    let counts = board.phone_counts().now();
    assert_eq!(counts[0], 8, "every wrong token under /t/ counted: {counts:?}");
    assert_eq!(counts[1], 0, "eight are not enough to block");
}

/// A connection to `at` from the loopback address `from` (127.0.0.2 is another client than 127.0.0.1).
fn get_from(from: &str, at: SocketAddr, path: &str) -> Answer {
    use socket2::{Domain, SockAddr, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("socket");
    let local: SocketAddr = format!("{from}:0").parse().expect("address");
    socket.bind(&SockAddr::from(local)).expect("bound");
    socket.connect(&SockAddr::from(at)).expect("connects");
    let mut stream: std::net::TcpStream = socket.into();
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: board\r\nConnection: close\r\n\r\n").expect("sent");
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).expect("read");
    parse(&bytes)
}

#[test]
fn twenty_wrong_tokens_within_a_minute_block_the_address_for_a_while() {
    let hall = hall();
    let limits = Limits { block_time: Duration::from_secs(3), ..Limits::default() };
    let board = board(&hall.db, limits);
    let at = board.address();
    let good = format!("/t/{}", hall.tokens[0]);
    for guess in 0..19 {
        let answer = get_from("127.0.0.1", at, &format!("/t/{guess:040x}"));
        assert_eq!(answer.status, 404, "guess {guess}");
    }
    assert_eq!(get_from("127.0.0.1", at, &good).status, 200, "19 wrong tokens do not block");
    assert_eq!(get_from("127.0.0.1", at, "/t/ffff").status, 404, "the 20th is answered…");
    let blocked = get_from("127.0.0.1", at, &good);
    assert_eq!(blocked.status, 429, "…and blocks the address, even for a good token");
    assert!(blocked.body.contains("Too many wrong table links"), "{}", blocked.body);
    assert!(blocked.header("retry-after").is_some_and(|s| s.parse::<u64>().is_ok_and(|s| (1..=3).contains(&s))));
    assert!(!blocked.body.contains("Bruno"));
    assert_eq!(get_from("127.0.0.2", at, &good).status, 200, "another address is not blocked");
    assert_eq!(get_from("127.0.0.1", at, "/").status, 200, "the board's other pages stay open");
    let counts = board.phone_counts().now();
    assert_eq!((counts[0], counts[1], counts[2]), (20, 1, 1), "wrong tokens, blocks, refused: {counts:?}");
    std::thread::sleep(Duration::from_millis(3100));
    assert_eq!(get_from("127.0.0.1", at, &good).status, 200, "the block ends");
}

#[test]
fn a_form_is_taken_only_from_its_own_page_once_and_bounded() {
    let hall = hall();
    let limits = Limits { posts: 11, body_bytes: 4096, body_time: Duration::from_millis(500), ..Limits::default() };
    let board = board(&hall.db, limits);
    let at = board.address();
    let path = format!("/t/{}", hall.tokens[0]);
    let mut phone = Phone::default();
    let (_, token) = phone.open(at, &path);
    let entry = digest_entry();
    let form = form_of(&hall.desk, hall.tables[0], 1, &entry, &token, "send");
    let without: Vec<_> = form.iter().filter(|(k, _)| k != "csrf").cloned().collect();
    let mut wrong = form.clone();
    wrong.iter_mut().filter(|(k, _)| k == "csrf").for_each(|(_, v)| *v = "ab".repeat(32));
    let mut other_phone = Phone::default();
    let (_, others) = other_phone.open(at, &path);
    let mut borrowed = form.clone();
    borrowed.iter_mut().filter(|(k, _)| k == "csrf").for_each(|(_, v)| v.clone_from(&others));

    assert_eq!(phone.post(at, &path, &without, &[]).status, 403, "no form token");
    assert_eq!(phone.post(at, &path, &wrong, &[]).status, 403, "a wrong form token");
    assert_eq!(phone.post(at, &path, &borrowed, &[]).status, 403, "another phone's form token");
    assert_eq!(Phone::default().post(at, &path, &form, &[]).status, 403, "no cookie");
    let foreign = phone.post(at, &path, &form, &["Origin: http://evil.example"]);
    assert_eq!(foreign.status, 403, "another site's page");
    assert!(foreign.body.contains("cannot be sent"), "{}", foreign.body);
    assert_eq!(phone.post(at, &path, &form, &["Origin: null"]).status, 403, "a sandboxed or local page");
    assert!(hall.desk.proposals(hall.tournament).expect("queue").is_empty(), "nothing queued by a refused form");

    let agent = "User-Agent: Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 <b>";
    let sent = phone.post(at, &path, &form, &["Origin: http://board", agent]);
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert!(sent.body.contains("Manche 1 sent: it waits for the referee."), "{}", sent.body);
    assert!(!sent.body.contains("name=\"csrf\""), "no form while the manche waits");
    let queue = hall.desk.proposals(hall.tournament).expect("queue");
    assert_eq!(queue.len(), 1);
    assert_eq!(queue[0].proposal.state, ProposalState::Waiting);
    assert_eq!(queue[0].entry, entry, "the manche as the form typed it");
    assert_eq!(queue[0].proposal.sender, "127.0.0.1 Linux; Android 14; Pixel 7");

    let again = other_phone.post(at, &path, &form_of(&hall.desk, hall.tables[0], 1, &entry, &others, "send"), &[]);
    assert_eq!(again.status, 200);
    assert!(again.body.contains("was already sent by a phone of this table"), "{}", again.body);
    assert_eq!(hall.desk.proposals(hall.tournament).expect("queue").len(), 1, "two phones, one proposal");

    let put = request(at, "PUT", &path, &[]);
    assert_eq!(put.status, 405);
    assert_eq!(put.header("allow"), Some("GET, HEAD, POST"));
    assert_eq!(request(at, "POST", "/", &["Content-Length: 0"]).status, 405, "the rest of the board is read only");

    let big = format!("csrf={token}&h0={}", "1".repeat(5000));
    let too_large =
        post_raw(at, &path, &[format!("Cookie: {}", phone.cookie.as_deref().unwrap_or(""))], big.as_bytes());
    assert_eq!(too_large.status, 413);
    let chunk = "a".repeat(3000);
    let chunked = format!(
        "POST {path} HTTP/1.1\r\nHost: board\r\nConnection: close\r\nTransfer-Encoding: chunked\r\nCookie: {}\r\n\r\n\
         {len:x}\r\n{chunk}\r\n{len:x}\r\n{chunk}\r\n0\r\n\r\n",
        phone.cookie.as_deref().unwrap_or(""),
        len = chunk.len()
    );
    assert_eq!(raw(at, chunked.as_bytes()).status, 413, "a chunked body is bounded as it comes");
    let slow = format!(
        "POST {path} HTTP/1.1\r\nHost: board\r\nConnection: close\r\nContent-Length: 100\r\nCookie: {}\r\n\r\ncsrf=",
        phone.cookie.as_deref().unwrap_or("")
    );
    assert_eq!(raw(at, slow.as_bytes()).status, 408, "a body not sent in time");

    // 11 posts a minute: those above were 10 (the refused ones count too, but for a phone without a cookie).
    let preview = form_of(&hall.desk, hall.tables[0], 1, &entry, &token, "preview");
    assert_eq!(phone.post(at, &path, &preview, &[]).status, 200);
    let refused = phone.post(at, &path, &preview, &[]);
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(refused.body.contains("Too many forms"), "{}", refused.body);
}

#[test]
fn hostile_text_comes_back_as_text() {
    let hall = hall();
    let board = board(&hall.db, Limits::default());
    let at = board.address();
    let path = format!("/t/{}", hall.tokens[0]);
    let mut phone = Phone::default();
    let (page, token) = phone.open(at, &path);
    assert!(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt; Anna"), "the name as text");
    // The one script is the board's own file; no text from outside becomes a script.
    assert_eq!(page.body.matches("<script").count(), 1, "{}", page.body);
    assert!(page.body.contains("<script src=\"/phone.js\" defer></script>"));
    let mut entry = digest_entry();
    entry.hands[0].text = "</textarea><script>alert(2)</script>\"><img src=x onerror=alert(3)>".into();
    let form = form_of(&hall.desk, hall.tables[0], 1, &entry, &token, "preview");
    let answer = phone.post(at, &path, &form, &[]);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body.matches("<script").count() == 1 && !answer.body.contains("<img"), "{}", answer.body);
    assert!(answer.body.contains("&lt;script&gt;alert(2)"), "the typed text shown back as text");
    let sent = phone.post(at, &path, &form_of(&hall.desk, hall.tables[0], 1, &entry, &token, "send"), &[]);
    assert!(sent.body.contains("Not sent: the manche does not score yet"), "{}", sent.body);
    assert_eq!(sent.body.matches("<script").count(), 1, "only the board's own: {}", sent.body);
    assert!(hall.desk.proposals(hall.tournament).expect("queue").is_empty());
}

#[test]
fn the_preview_answers_as_the_ruleset_and_a_manche_the_desk_has_is_refused_with_its_values() {
    let mut hall = hall();
    let board = board(&hall.db, Limits::default());
    let at = board.address();
    let path = format!("/t/{}", hall.tokens[0]);
    let mut phone = Phone::default();
    let (_, token) = phone.open(at, &path);
    let entry = digest_entry();
    let state = hall.desk.table_state(hall.tables[0]).expect("table");
    let (_, outcome) = state.preview(1, &entry).expect("scores");
    let preview = phone.post(at, &path, &form_of(&hall.desk, hall.tables[0], 1, &entry, &token, "preview"), &[]);
    assert_eq!(preview.status, 200, "{}", preview.body);
    for (name, net) in &outcome.net {
        let name = name.replace('<', "&lt;").replace('>', "&gt;");
        assert!(preview.body.contains(&format!("{name} {net:+}")), "{name} {net:+} in {}", preview.body);
    }
    assert!(preview.body.contains("value=\"[555b] RRR 123c 456d EE 2f\""), "the typed hand stays in the form");
    assert!(hall.desk.proposals(hall.tournament).expect("queue").is_empty(), "a preview sends nothing");

    // The desk types manche 1 itself (other hands) while the phone's form is open.
    let mut typed = entry.clone();
    typed.hands[1].win.clear();
    let save = SaveAs::fresh(Some(SaveAs::NEW));
    let (_, saved) = hall.desk.confirm_manche_as(hall.tables[0], 1, &typed, "Bianchi", &save).expect("typed");
    let late = phone.post(at, &path, &form_of(&hall.desk, hall.tables[0], 1, &entry, &token, "send"), &[]);
    assert_eq!(late.status, 200);
    assert!(late.body.contains("Manche 1 is already saved (entered by Bianchi"), "{}", late.body);
    let nets: Vec<String> = saved
        .net
        .iter()
        .map(|(name, net)| format!("{} {net:+}", name.replace('<', "&lt;").replace('>', "&gt;")))
        .collect();
    assert!(late.body.contains(&nets.join(" · ")), "the desk's values {nets:?}: {}", late.body);
    assert!(late.body.contains("Manche 2"), "the form goes on to manche 2");
    assert!(hall.desk.proposals(hall.tournament).expect("queue").is_empty());
    assert_eq!(count(&late.body, "<tr>"), 3, "the manches' table: its head, manche 1, the totals");
}

/// For every ruleset: a manche that scores, sent from its table's page as the form posts it, waits as that
/// manche; confirmed at the desk it is stored as if typed there.
#[test]
fn every_rulesets_manche_sent_from_the_phone_is_the_manche_typed_at_the_desk() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("rules.db");
    let store = Store::open(&db).expect("store");
    let (mut desk, tables) = one_table_a_ruleset(store, rulesets(), |seat| format!("Giocatore {seat}"));
    let board = board(db.to_str().expect("path"), Limits { posts: 1000, ..Limits::default() });
    let at = board.address();
    for PhoneTable { rules, tournament, table, token } in tables {
        let state = desk.table_state(table).expect("table");
        let frame = state.frame(1);
        let entry = (0..200u64)
            .map(|seed| MancheEntry::from_input(&state.rules.random_manche(seed, &frame)))
            .find(|entry| state.preview(1, entry).is_ok())
            .unwrap_or_else(|| panic!("{rules}: a random manche that scores"));
        let (_, typed_outcome) = state.preview(1, &entry).expect("scores");
        let path = format!("/t/{token}");
        let mut phone = Phone::default();
        let (page, form_token) = phone.open(at, &path);
        assert_eq!(page.status, 200, "{rules}: {}", page.body);
        let pairs = form_of(&desk, table, 1, &entry, &form_token, "send");
        let sent = phone.post(at, &path, &pairs, &[]);
        assert!(sent.body.contains("Manche 1 sent"), "{rules}: {}", sent.body);
        let queue = desk.proposals(tournament).expect("queue");
        assert_eq!(queue.len(), 1, "{rules}");
        let posted = read_form(state.rules.entry_model(), state.players.len(), &state.book, &pairs);
        assert_eq!(queue[0].entry, posted, "{rules}: the proposal is the manche the form posted");
        let (_, confirmed) = desk.confirm_proposal(tournament, queue[0].proposal.id, None, "Rossi").expect("confirmed");
        assert_eq!(confirmed, typed_outcome, "{rules}: the outcome of the manche typed at the desk");
        let stored = &desk.table_state(table).expect("table").manches[0];
        assert_eq!(stored.outcome, typed_outcome, "{rules}");
        assert_eq!(stored.referee, "Rossi", "{rules}");
        let after = phone.open(at, &path).0;
        assert!(after.body.contains("Manche 2") || after.body.contains("complete"), "{rules}: {}", after.body);
    }
}

/// Each ruleset's form, filled and previewed, laid out by headless Chromium at a phone's width: nothing wider
/// than the screen. FIMJ's is photographed for the README (`UPDATE_SNAPSHOTS=1` writes it again).
#[test]
fn every_rulesets_filled_form_fits_a_phone_in_chromium() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("rules.db");
    let mut store = Store::open(&db).expect("store");
    let mut seated = Vec::new();
    for rules in rulesets() {
        let settings = TournamentSettings {
            name: format!("Coppa {}", rules.id()),
            sessions: 1,
            ..TournamentSettings::for_rules(rules.id())
        };
        let id = desk::create_tournament(&mut store, &settings, "Rossi").expect("tournament");
        for name in
            ["Anna Bartolomea Dell'Acquasanta", "Bruno", "Carla", "Dario", "Elena"].iter().take(rules.table_size())
        {
            store
                .add_player(id, &PlayerData { name: (*name).into(), ..PlayerData::default() }, "Rossi")
                .expect("player");
        }
        let players: Vec<i64> = store.players(id).expect("players").iter().map(|p| p.id).collect();
        store.save_seating(id, 1, &[vec![players]], "Rossi").expect("seated");
        seated.push((rules.id(), id, store.seating(id).expect("seating")[0].id));
    }
    let mut desk = Desk::new(store);
    let board = board(db.to_str().expect("path"), Limits { posts: 1000, ..Limits::default() });
    let at = board.address();
    let mut pages = Vec::new();
    for (rules, id, table) in seated {
        let token = desk.table_links(id, 1, "Rossi").expect("links")[0].token.clone();
        let state = desk.table_state(table).expect("table");
        let frame = state.frame(1);
        let entry = if rules == "fimj" {
            digest_entry()
        } else {
            (0..200u64)
                .map(|seed| MancheEntry::from_input(&state.rules.random_manche(seed, &frame)))
                .find(|entry| state.preview(1, entry).is_ok())
                .expect("a manche that scores")
        };
        let path = format!("/t/{token}");
        let mut phone = Phone::default();
        let (_, form_token) = phone.open(at, &path);
        let page = phone.post(at, &path, &form_of(&desk, table, 1, &entry, &form_token, "preview"), &[]);
        assert!(page.body.contains("class=\"outcome\""), "{rules}: the preview shows: {}", page.body);
        pages.push((rules.to_owned(), page.body));
    }
    for (rules, scroll, client) in crate::board_browser::laid_out_widths(&pages, 360, dir.path()) {
        assert!(client > 0 && client <= 360, "{rules}: a frame of {client}");
        assert!(scroll <= client, "{rules}'s form at 360 points is {scroll} wide: it scrolls sideways");
    }
    let (_, fimj) = pages.iter().find(|(rules, _)| rules == "fimj").expect("fimj");
    let file = dir.path().join("fimj.html");
    std::fs::write(&file, fimj).expect("written");
    let shot = dir.path().join("phone-form.png");
    crate::board_browser::run_chromium(
        &["--window-size=360,2500".into(), format!("--screenshot={}", shot.display())],
        &format!("file://{}", file.display()),
    );
    let taken = image::open(&shot).expect("a PNG").to_rgba8();
    assert_eq!(taken.dimensions(), (360, 2500));
    let kept = crate::common::repo_root().join("docs/images/phone-form.png");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(kept.parent().expect("folder")).expect("folder");
        std::fs::copy(&shot, &kept).expect("kept");
    }
}
