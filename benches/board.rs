//! The hall's board under a hall's load: a generated tournament of 400 players × 12 sessions (19,200 manches) is
//! served by the board while 200 clients poll its standings page as fast as they can (a new connection per
//! request, as a phone that slept does), and the desk's standings frame is timed beside it in the same process,
//! as when the referee started the board from the desk. `cargo bench --bench board`; `BOARD_PLAYERS`,
//! `BOARD_SESSIONS`, `BOARD_CLIENTS` and `BOARD_SECONDS` change the size.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[path = "support/desk_frame.rs"]
mod desk_frame;

use desk_frame::{env, frame, standings_desk};

use stecca::board::{Limits, Options, RunningBoard};
use stecca::desk::{DemoSize, create_demo};
use stecca::store::Store;

/// One `GET /`: the time to the whole answer, and its size.
fn poll(address: SocketAddr) -> Option<(Duration, usize)> {
    let started = Instant::now();
    let mut stream = TcpStream::connect(address).ok()?;
    stream.write_all(b"GET / HTTP/1.1\r\nHost: board\r\nConnection: close\r\n\r\n").ok()?;
    let mut answer = Vec::with_capacity(128 * 1024);
    stream.read_to_end(&mut answer).ok()?;
    answer.starts_with(b"HTTP/1.1 200").then(|| (started.elapsed(), answer.len()))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn per_frame(ctx: &egui::Context, app: &mut stecca::ui::DeskApp, frames: u32) -> Duration {
    let started = Instant::now();
    for _ in 0..frames {
        frame(ctx, app);
    }
    started.elapsed() / frames
}

fn main() {
    let players = env("BOARD_PLAYERS", 400);
    let sessions = env("BOARD_SESSIONS", 12) as u32;
    let clients = env("BOARD_CLIENTS", 200);
    let seconds = env("BOARD_SECONDS", 5) as u64;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bench.db");
    let id = {
        let mut store = Store::open(&path).expect("store");
        let size = DemoSize { players, sessions, club_weight: 0.0, ..DemoSize::default() };
        create_demo(&mut store, size, 2026, "bench").expect("demo")
    };

    let started = Instant::now();
    // The clients all come from this machine's one address, where a hall's phones each have their own: the
    // limit per client is lifted to let them all in.
    let limits = Limits { per_client: clients, ..Limits::default() };
    let options =
        Options { listen: "127.0.0.1:0".parse().expect("address"), tournament: Some(id), limits, ..Options::default() };
    let board = RunningBoard::start_at(&path.display().to_string(), options).expect("board");
    assert!(board.wait_for_first_look(Duration::from_secs(60)), "the board read the tournament");
    let first_look = started.elapsed();
    let address = board.address();

    let (mut app, ctx) = standings_desk(Store::open(&path).expect("store"), id);
    let idle = per_frame(&ctx, &mut app, 200);

    let stop = Arc::new(AtomicBool::new(false));
    let threads: Vec<_> = (0..clients)
        .map(|_| {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut times = Vec::new();
                let (mut failed, mut bytes) = (0usize, 0usize);
                while !stop.load(Ordering::Relaxed) {
                    match poll(address) {
                        Some((took, size)) => {
                            times.push(took);
                            bytes = size;
                        }
                        None => failed += 1,
                    }
                }
                (times, failed, bytes)
            })
        })
        .collect();
    // Let every client connect, then time the desk while they poll.
    std::thread::sleep(Duration::from_millis(500));
    let loaded_started = Instant::now();
    let mut loaded = Vec::new();
    while loaded_started.elapsed() < Duration::from_secs(seconds) {
        let started = Instant::now();
        frame(&ctx, &mut app);
        loaded.push(started.elapsed());
    }
    stop.store(true, Ordering::Relaxed);
    let mut times = Vec::new();
    let (mut failed, mut page) = (0, 0);
    for thread in threads {
        let (t, f, b) = thread.join().expect("client");
        times.extend(t);
        failed += f;
        page = page.max(b);
    }
    let elapsed = loaded_started.elapsed() + Duration::from_millis(500);
    times.sort();
    loaded.sort();
    let loaded_mean = loaded.iter().sum::<Duration>() / loaded.len().max(1) as u32;

    // A referee corrects a manche at the desk: how long until the board's pages show it (its feed looks twice a
    // second, then reads the one table again, the standings and the view).
    let mut desk = stecca::desk::Desk::open_at(&path.display().to_string()).expect("desk");
    let snapshot = desk.snapshot(id, true).expect("snapshot");
    let table = snapshot.tables.iter().find(|t| t.session == 1 && t.number == 1).expect("table 1").id;
    let manche = snapshot.manches[&table].first().expect("manche 1");
    let mut void = stecca::tournament::MancheEntry {
        void: true,
        hands: manche.input.players.iter().map(|_| Default::default()).collect(),
    };
    void.hands
        .iter_mut()
        .zip(&manche.input.players)
        .for_each(|(hand, player)| hand.text = player.hand.clone().unwrap_or_default());
    let generation = board.published().generation;
    let save = stecca::desk::SaveAs::fresh(Some(manche.revision));
    let corrected = Instant::now();
    desk.confirm_manche_as(table, manche.number, &void, "bench", &save).expect("corrected");
    let saved = corrected.elapsed();
    while board.published().generation == generation {
        std::thread::sleep(Duration::from_millis(1));
    }
    let shown = corrected.elapsed();

    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("board: {players} players × {sessions} sessions; first look (read and view) {:.0} ms", ms(first_look));
    println!(
        "board: {clients} clients polling / for {seconds} s: {} answers ({:.0}/s), {failed} failed, page {} KB",
        times.len(),
        times.len() as f64 / elapsed.as_secs_f64(),
        page / 1024
    );
    println!(
        "board: response median {:.1} ms, p95 {:.1} ms, p99 {:.1} ms",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(percentile(&times, 0.99))
    );
    println!(
        "board: a manche corrected at the desk ({:.0} ms to save) shows on the board {:.0} ms after the referee confirmed it",
        ms(saved),
        ms(shown)
    );
    println!(
        "desk beside it: standings frame {:.2} ms idle, {:.2} ms mean / {:.2} ms median / {:.2} ms p95 under the load",
        ms(idle),
        ms(loaded_mean),
        ms(percentile(&loaded, 0.5)),
        ms(percentile(&loaded, 0.95))
    );
}
