//! The tables' phones under a hall's load (issue "The table enters its own hands"): a 400-player tournament
//! seated for two sessions (100 tables each, no manche entered) is served by the board while 400 players' phones
//! read the standings (and now and then the seating) once a second each, and the 100 tables of session 1 each
//! open their table's page and send manche 1, started evenly over 10 s; then the 100 tables of session 2 do the
//! same all at once. Every proposal must be queued once and be what its table sent; the desk's standings frame is
//! timed beside it in the same process, idle and under the load. `cargo bench --bench phones`; `PHONES_READERS`
//! and `PHONES_SPREAD_MS` change the size.
//!
//! Every simulated phone connects from a loopback address of its own (127.1.x.y for the readers, 127.2.s.t for
//! table t of session s), as every phone in a hall has its own address: the board's bounds per client (8
//! connections, 30 forms a minute, 20 wrong tokens) stay as they ship. Each phone is a thread of its own with
//! blocking sockets (500 threads, asleep between requests), and each request a new connection, as a phone that
//! slept makes.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[path = "support/desk_frame.rs"]
mod desk_frame;

use desk_frame::{env, frame, standings_desk};
use socket2::{Domain, SockAddr, Socket, Type};

use stecca::board::{Options, RunningBoard};
use stecca::desk::form::read_form;
use stecca::desk::{Desk, ProposalState, demo_players, seat_tournament};
use stecca::store::Store;
use stecca::tournament::{MancheEntry, TournamentSettings};

/// How often the desk draws a frame while it is timed: a window repainting for a referee at work.
const FRAME_EVERY: Duration = Duration::from_millis(50);

/// An answer: its status (0: no answer at all), the phone's cookie if it set one, the body, and how long it took
/// from connecting to the last byte.
struct Answer {
    status: u16,
    cookie: Option<String>,
    body: String,
    took: Duration,
}

/// Sends `request` from the loopback address `from` on a new connection and reads the whole answer.
fn exchange(from: Ipv4Addr, at: SocketAddr, request: &[u8]) -> Answer {
    let started = Instant::now();
    let answer = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let cookie = head
            .lines()
            .filter_map(|l| l.split_once(':'))
            .find(|(n, v)| n.eq_ignore_ascii_case("set-cookie") && v.trim().starts_with("phone="))
            .and_then(|(_, v)| v.trim().split(';').next().map(str::to_owned));
        Answer { status, cookie, body: body.to_owned(), took: started.elapsed() }
    };
    let talk = || -> std::io::Result<Vec<u8>> {
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
        socket.bind(&SockAddr::from(SocketAddrV4::new(from, 0)))?;
        socket.connect(&SockAddr::from(at))?;
        let mut stream: TcpStream = socket.into();
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        stream.write_all(request)?;
        let mut bytes = Vec::with_capacity(64 * 1024);
        stream.read_to_end(&mut bytes)?;
        Ok(bytes)
    };
    match talk() {
        Ok(bytes) => answer(&bytes),
        Err(_) => Answer { status: 0, cookie: None, body: String::new(), took: started.elapsed() },
    }
}

fn get(from: Ipv4Addr, at: SocketAddr, path: &str, cookie: Option<&str>) -> Answer {
    let cookie = cookie.map(|c| format!("Cookie: {c}\r\n")).unwrap_or_default();
    let head = format!("GET {path} HTTP/1.1\r\nHost: board\r\nConnection: close\r\n{cookie}\r\n");
    exchange(from, at, head.as_bytes())
}

/// A form posted as a phone's browser posts it: its cookie, this board's origin, the fields url-encoded.
fn post(from: Ipv4Addr, at: SocketAddr, path: &str, cookie: &str, pairs: &[(String, String)]) -> Answer {
    let body = pairs.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect::<Vec<_>>().join("&");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: board\r\nConnection: close\r\nOrigin: http://board\r\nCookie: {cookie}\r\n\
         User-Agent: Mozilla/5.0 (Linux; Android 14; bench)\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    exchange(from, at, head.as_bytes())
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

/// The form token in a table's page.
fn form_token(page: &str) -> Option<String> {
    let after = page.split("name=\"csrf\" value=\"").nth(1)?;
    after.split('"').next().map(str::to_owned)
}

/// One table's phone: where it connects from, its page, and manche 1's fields as its form draws them filled.
#[derive(Clone)]
struct TablePhone {
    session: u32,
    table: u32,
    from: Ipv4Addr,
    path: String,
    fields: Vec<(String, String)>,
    /// The manche the desk reads from those fields: what the proposal must hold.
    expected: MancheEntry,
}

/// What one table's phone saw: its page's answer, its post's answer (none when the page failed), and when the
/// post was answered, from the start of its scenario.
struct Sent {
    session: u32,
    table: u32,
    page: (u16, Duration),
    post: Option<(u16, Duration)>,
    queued: bool,
    answered_at: Duration,
}

/// Opens the table's page, then sends manche 1 from it.
fn send_manche(at: SocketAddr, phone: &TablePhone, start: Instant) -> Sent {
    let page = get(phone.from, at, &phone.path, None);
    let mut sent = Sent {
        session: phone.session,
        table: phone.table,
        page: (page.status, page.took),
        post: None,
        queued: false,
        answered_at: start.elapsed(),
    };
    let (Some(cookie), Some(token)) = (page.cookie.as_deref(), form_token(&page.body)) else { return sent };
    let mut pairs = phone.fields.clone();
    pairs.push(("csrf".into(), token));
    pairs.push(("number".into(), "1".into()));
    pairs.push(("do".into(), "send".into()));
    let answer = post(phone.from, at, &phone.path, cookie, &pairs);
    sent.answered_at = start.elapsed();
    sent.post = Some((answer.status, answer.took));
    sent.queued = answer.body.contains("Manche 1 sent");
    sent
}

/// The tables' phones of one session: table `i` starts `spread × i / n` after the others' start, each on a
/// thread; meanwhile the desk draws a frame every [`FRAME_EVERY`]. Returns what each phone saw, the frames'
/// times and when the scenario started.
fn scenario(
    at: SocketAddr,
    phones: &[TablePhone],
    spread: Duration,
    ctx: &egui::Context,
    app: &mut stecca::ui::DeskApp,
) -> (Vec<Sent>, Vec<Duration>, Instant) {
    let start = Instant::now() + Duration::from_millis(200);
    let done = Arc::new(AtomicUsize::new(0));
    let n = phones.len() as u32;
    let threads: Vec<_> = phones
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, phone)| {
            let done = Arc::clone(&done);
            let at_time = start + spread * i as u32 / n.max(1);
            std::thread::spawn(move || {
                std::thread::sleep(at_time.saturating_duration_since(Instant::now()));
                let sent = send_manche(at, &phone, start);
                done.fetch_add(1, Ordering::SeqCst);
                sent
            })
        })
        .collect();
    let mut frames = Vec::new();
    while done.load(Ordering::SeqCst) < phones.len() {
        frames.push(timed_frame(ctx, app));
    }
    let sent = threads.into_iter().map(|t| t.join().expect("table phone")).collect();
    (sent, frames, start)
}

/// Draws one frame and waits out the rest of [`FRAME_EVERY`]; returns the frame's own time.
fn timed_frame(ctx: &egui::Context, app: &mut stecca::ui::DeskApp) -> Duration {
    let started = Instant::now();
    frame(ctx, app);
    let took = started.elapsed();
    std::thread::sleep(FRAME_EVERY.saturating_sub(took));
    took
}

/// A reader's one look: when it was sent (from the readers' start), how long it took, its status, and the size
/// of the standings' answer (0 for the seating's).
type Look = (Duration, Duration, u16, usize);

/// A player's phone reading the board once a second (every fourth look the seating, else the standings) until
/// `stop`; the readers' looks are spread over the second by `phase`.
fn reader(at: SocketAddr, from: Ipv4Addr, phase: Duration, start: Instant, stop: &AtomicBool) -> Vec<Look> {
    let mut looks = Vec::new();
    for k in 0u32.. {
        let when = start + phase + Duration::from_secs(1) * k;
        std::thread::sleep(when.saturating_duration_since(Instant::now()));
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let seating = k % 4 == 3;
        let sent = start.elapsed();
        let answer = get(from, at, if seating { "/seating" } else { "/" }, None);
        looks.push((sent, answer.took, answer.status, if seating { 0 } else { answer.body.len() }));
    }
    looks
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// "median a ms, p95 b ms, max c ms" of `times`.
fn spread_of(mut times: Vec<Duration>) -> String {
    times.sort();
    format!(
        "median {:.1} ms, p95 {:.1} ms, max {:.1} ms ({} samples)",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(times.last().copied().unwrap_or_default()),
        times.len()
    )
}

/// "median a ms, p95 b ms" of frame times.
fn frames_of(mut times: Vec<Duration>) -> String {
    times.sort();
    format!(
        "median {:.2} ms, p95 {:.2} ms, max {:.2} ms over {} frames",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(times.last().copied().unwrap_or_default()),
        times.len()
    )
}

/// Every status other than 200 with how many times it came, or "none".
fn other_statuses(statuses: impl Iterator<Item = u16>) -> String {
    let mut counts = BTreeMap::new();
    statuses.filter(|&s| s != 200).for_each(|s| *counts.entry(s).or_insert(0usize) += 1);
    if counts.is_empty() {
        return "none".into();
    }
    counts
        .iter()
        .map(|(s, n)| if *s == 0 { format!("{n} without an answer") } else { format!("{n} × {s}") })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A tournament of `players` seated for two sessions with nothing entered, in the file `path`; returns its id
/// and a desk on it.
fn hall(path: &std::path::Path, players: usize) -> (i64, Desk) {
    let mut store = Store::open(path).expect("store");
    let settings =
        TournamentSettings { name: "Coppa dei telefoni".into(), sessions: 2, ..TournamentSettings::default() };
    let id = stecca::desk::create_tournament(&mut store, &settings, "Rossi").expect("tournament");
    store.import_players(id, &demo_players(players), "Rossi").expect("players");
    seat_tournament(&mut store, id, 0.0, "Rossi").expect("seated");
    (id, Desk::new(store))
}

/// Session `session`'s table phones: each table's link, and a random manche 1 of its ruleset that scores, filled
/// in its form.
fn table_phones(desk: &mut Desk, tournament: i64, session: u32) -> Vec<TablePhone> {
    let links = desk.table_links(tournament, session, "Rossi").expect("links");
    let seating = desk.seating(tournament).expect("seating");
    links
        .into_iter()
        .map(|link| {
            let table = seating.iter().find(|t| t.session == session && t.number == link.table).expect("table");
            let state = desk.table_state(table.id).expect("table state");
            let frame = state.frame(1);
            let entry = (u64::from(session) * 1_000_000 + u64::from(link.table) * 1000..)
                .map(|seed| MancheEntry::from_input(&state.rules.random_manche(seed, &frame)))
                .find(|entry| state.preview(1, entry).is_ok())
                .expect("a random manche that scores");
            let fields = state.form_view(1, &entry).pairs();
            let expected = read_form(state.rules.entry_model(), state.players.len(), &state.book, &fields);
            TablePhone {
                session,
                table: link.table,
                from: Ipv4Addr::new(127, 2, session as u8, link.table as u8),
                path: format!("/t/{}", link.token),
                fields,
                expected,
            }
        })
        .collect()
}

fn report_scenario(name: &str, sent: &[Sent], frames: Vec<Duration>, looks: &[Look], window: (Duration, Duration)) {
    let queued = sent.iter().filter(|s| s.queued).count();
    let last = sent.iter().filter(|s| s.queued).map(|s| s.answered_at).max().unwrap_or_default();
    println!(
        "{name}: {queued} of {} tables told their manche 1 was sent; the last at {:.2} s",
        sent.len(),
        last.as_secs_f64()
    );
    let missing: Vec<String> =
        sent.iter().filter(|s| !s.queued).map(|s| format!("{}.{}", s.session, s.table)).collect();
    if !missing.is_empty() {
        println!("{name}: not told sent (session.table): {}", missing.join(" "));
    }
    println!("{name}: table page GET {}", spread_of(sent.iter().map(|s| s.page.1).collect()));
    println!("{name}: manche POST {}", spread_of(sent.iter().filter_map(|s| s.post.map(|p| p.1)).collect()));
    println!(
        "{name}: tables' answers other than 200: {}",
        other_statuses(sent.iter().flat_map(|s| std::iter::once(s.page.0).chain(s.post.map(|p| p.0))))
    );
    let during: Vec<&Look> = looks.iter().filter(|l| l.0 >= window.0 && l.0 <= window.1).collect();
    println!("{name}: readers' GET meanwhile {}", spread_of(during.iter().map(|l| l.1).collect()));
    println!("{name}: readers' answers other than 200: {}", other_statuses(during.iter().map(|l| l.2)));
    println!("{name}: desk's standings frame {}", frames_of(frames));
}

fn main() {
    let readers = env("PHONES_READERS", 400);
    let spread = Duration::from_millis(env("PHONES_SPREAD_MS", 10_000) as u64);
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bench.db");
    let (id, mut desk) = hall(&path, 400);
    let phones_one = table_phones(&mut desk, id, 1);
    let phones_two = table_phones(&mut desk, id, 2);
    drop(desk);

    let options =
        Options { listen: "127.0.0.1:0".parse().expect("address"), tournament: Some(id), ..Options::default() };
    let board = RunningBoard::start_at(&path.display().to_string(), options).expect("board");
    assert!(board.wait_for_first_look(Duration::from_secs(60)), "the board read the tournament");
    let at = board.address();

    let (mut app, ctx) = standings_desk(Store::open(&path).expect("store"), id);
    // A few frames to warm the caches, then the desk alone.
    (0..20).for_each(|_| frame(&ctx, &mut app));
    let idle: Vec<Duration> = (0..200).map(|_| timed_frame(&ctx, &mut app)).collect();

    let stop = Arc::new(AtomicBool::new(false));
    let readers_start = Instant::now();
    let reader_threads: Vec<_> = (0..readers)
        .map(|i| {
            let stop = Arc::clone(&stop);
            let from = Ipv4Addr::new(127, 1, (i / 200) as u8, (i % 200 + 1) as u8);
            let phase = Duration::from_secs(1) * i as u32 / readers.max(1) as u32;
            std::thread::spawn(move || reader(at, from, phase, readers_start, &stop))
        })
        .collect();
    // The readers alone for three seconds, the desk timed beside them.
    let reading: Vec<Duration> = (0..60).map(|_| timed_frame(&ctx, &mut app)).collect();

    let (sent_one, frames_one, start_one) = scenario(at, &phones_one, spread, &ctx, &mut app);
    let end_one = readers_start.elapsed();
    std::thread::sleep(Duration::from_secs(2));
    let (sent_two, frames_two, start_two) = scenario(at, &phones_two, Duration::ZERO, &ctx, &mut app);
    let end_two = readers_start.elapsed();
    stop.store(true, Ordering::Relaxed);
    let looks: Vec<Look> = reader_threads.into_iter().flat_map(|t| t.join().expect("reader")).collect();
    let run = readers_start.elapsed();

    println!(
        "phones: 400 players, 100 tables a session; {readers} readers once a second each from their own address \
         ({} looks in {:.1} s, {:.0}/s; every fourth /seating, else / of {} KB)",
        looks.len(),
        run.as_secs_f64(),
        looks.len() as f64 / run.as_secs_f64(),
        looks.iter().map(|l| l.3).max().unwrap_or_default() / 1024
    );
    println!("desk idle: standings frame {}", frames_of(idle));
    println!("desk beside the readers alone: standings frame {}", frames_of(reading));
    let window = |start: Instant, end: Duration| (start.saturating_duration_since(readers_start), end);
    let spread_name = format!("session 1 (tables started evenly over {:.0} s)", spread.as_secs_f64());
    report_scenario(&spread_name, &sent_one, frames_one, &looks, window(start_one, end_one));
    report_scenario("session 2 (tables all at once)", &sent_two, frames_two, &looks, window(start_two, end_two));
    println!("readers over the whole run: GET {}", spread_of(looks.iter().map(|l| l.1).collect()));
    println!("readers over the whole run: answers other than 200: {}", other_statuses(looks.iter().map(|l| l.2)));

    // The queue as a second desk reads it: one proposal a table, each the manche its phone sent.
    let desk = Desk::open_at(&path.display().to_string()).expect("desk");
    let queue = desk.proposals(id).expect("proposals");
    let mut per_table: BTreeMap<(u32, u32), Vec<&stecca::desk::ProposalView>> = BTreeMap::new();
    for view in &queue {
        per_table.entry((view.proposal.session, view.proposal.table)).or_default().push(view);
    }
    let phones: Vec<&TablePhone> = phones_one.iter().chain(&phones_two).collect();
    let once = phones.iter().filter(|p| per_table.get(&(p.session, p.table)).is_some_and(|v| v.len() == 1)).count();
    let equal = phones
        .iter()
        .filter(|p| {
            per_table.get(&(p.session, p.table)).is_some_and(|v| {
                v.iter().all(|view| {
                    view.entry == p.expected
                        && view.proposal.number == 1
                        && view.proposal.state == ProposalState::Waiting
                })
            })
        })
        .count();
    println!(
        "queue: {} proposals for {} tables; {once} tables with exactly one, {equal} equal to what their phone sent",
        queue.len(),
        phones.len()
    );
    assert_eq!(queue.len(), phones.len(), "one proposal a table");
    assert_eq!(once, phones.len(), "every table's proposal queued once");
    assert_eq!(equal, phones.len(), "every proposal the manche its phone sent");
}
