//! A hall's server at full size, on loopback: a throw-away PostgreSQL server (fsync on, as a hall's would
//! be) receives a generated 400 players × 12 sessions tournament (19,200 manches) by `db copy`; then a
//! station opens it and draws the standings' first frame, and confirms new manches at 100 tables of another
//! tournament in the same database (median and 95th percentile); last, with the cable to the server pulled (a
//! relay holding every byte) and the desk waiting on it, 200 frames are drawn and timed: none may wait for the
//! server (target: every one under 16 ms). `cargo bench --bench postgres`;
//! `DESK_PLAYERS` / `DESK_SESSIONS` change the size. Needs Debian's `postgresql` package.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

#[path = "../tests/it/common/mod.rs"]
mod common;
#[path = "support/desk_frame.rs"]
mod desk_frame;

use std::time::{Duration, Instant};

use common::cable::Cable;
use common::pg;
use desk_frame::{env, frame, standings_desk};

use stecca::desk::{DemoSize, create_demo};
use stecca::store::{Store, copy_database};
use stecca::tournament::{PlayerData, TournamentSettings};

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let players = env("DESK_PLAYERS", 400);
    let sessions = env("DESK_SESSIONS", 12) as u32;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut laptop = Store::open(&dir.path().join("bench.db")).expect("store");
    let size = DemoSize { players, sessions, club_weight: 0.0, ..DemoSize::default() };
    let id = create_demo(&mut laptop, size, 2026, "bench").expect("demo");

    let server = pg::durable_server();
    let url = server.fresh_database();
    let started = Instant::now();
    let mut hall = Store::open_server(&url).expect("server");
    let report = copy_database(&mut laptop, &mut hall).expect("copy");
    let copied = started.elapsed();
    let rows: usize = report.tables.iter().map(|(_, n)| n).sum();
    drop(hall);

    let started = Instant::now();
    let (app, _) = standings_desk(Store::open_server(&url).expect("server"), id);
    let first = started.elapsed();
    let manches = app.desk().store().manche_count(id).expect("count");

    // New manches, one per table of a 100-table session, each its own transaction as at the desk.
    let mut station = Store::open_server(&url).expect("station");
    let settings = TournamentSettings { name: "Confirm".into(), sessions: 1, ..TournamentSettings::default() };
    let other = stecca::desk::create_tournament(&mut station, &settings, "bench").expect("tournament");
    let entrants: Vec<PlayerData> =
        (0..400).map(|i| PlayerData { name: format!("P{i:03}"), ..PlayerData::default() }).collect();
    let ids = station.import_players(other, &entrants, "bench").expect("players");
    let plan: Vec<Vec<i64>> = ids.chunks(4).map(<[i64]>::to_vec).collect();
    station.save_seating(other, 1, &[plan], "bench").expect("seating");
    let tables: Vec<i64> = station.seating(other).expect("tables").iter().map(|t| t.id).collect();
    let entry = common::digest_entry();
    let mut times: Vec<Duration> = tables
        .iter()
        .map(|&table| {
            let started = Instant::now();
            stecca::desk::confirm_manche(&mut station, table, 1, &entry, "bench").expect("confirmed");
            started.elapsed()
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    let p95 = times[times.len() * 95 / 100];

    // The cable pulled while the desk shows the standings; the referee opens the players' list, whose reading
    // waits for the server: each frame is timed while it waits.
    let cable = Cable::in_front_of(&url);
    let (mut app, ctx) = standings_desk(Store::open_server(cable.url()).expect("station"), id);
    cable.pull();
    app.go(stecca::ui::Screen::Players);
    let mut frames: Vec<Duration> = (0..200)
        .map(|_| {
            let started = Instant::now();
            frame(&ctx, &mut app);
            let took = started.elapsed();
            std::thread::sleep(Duration::from_millis(5));
            took
        })
        .collect();
    let still_waiting = app.waiting();
    cable.put_back();
    app.settle();
    frames.sort();
    let unplugged_median = frames[frames.len() / 2];
    let unplugged_longest = frames[frames.len() - 1];
    assert!(still_waiting > 0, "the desk was waiting for the server throughout");

    println!("postgres: {players} players × {sessions} sessions = {manches} manches");
    println!("postgres: db copy from SQLite ({rows} rows): {:.1} s", copied.as_secs_f64());
    println!("postgres: open + standings first frame: {:.0} ms", ms(first));
    println!(
        "postgres: confirm a manche (validate, score, save, audit): median {:.1} ms, p95 {:.1} ms",
        ms(median),
        ms(p95)
    );
    println!(
        "postgres: frames with the cable pulled, the desk waiting ({still_waiting} jobs): median {:.2} ms, longest \
         {:.2} ms (target 16)",
        ms(unplugged_median),
        ms(unplugged_longest)
    );
}
