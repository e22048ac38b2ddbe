//! The desk at full size: a generated tournament of 400 players × 12 sessions (19,200 manches) is opened, the
//! standings screen's first frame is drawn, then 200 more frames are timed (layout and tessellation, the CPU
//! part of a frame). `cargo bench --bench desk`; `DESK_PLAYERS` / `DESK_SESSIONS` change the size.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::time::Instant;

#[path = "support/desk_frame.rs"]
mod desk_frame;

use desk_frame::{env, frame, standings_desk};

use stecca::desk::{DemoSize, create_demo};
use stecca::store::Store;

fn main() {
    let players = env("DESK_PLAYERS", 400);
    let sessions = env("DESK_SESSIONS", 12) as u32;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bench.db");
    let started = Instant::now();
    let id = {
        let mut store = Store::open(&path).expect("store");
        let size = DemoSize { players, sessions, club_weight: 0.0, ..DemoSize::default() };
        create_demo(&mut store, size, 2026, "bench").expect("demo")
    };
    let generated = started.elapsed();

    let started = Instant::now();
    let store = Store::open(&path).expect("store");
    let manches = store.manche_count(id).expect("count");
    let (mut app, ctx) = standings_desk(store, id);
    let first = started.elapsed();

    let frames = 200;
    let started = Instant::now();
    for _ in 0..frames {
        frame(&ctx, &mut app);
    }
    let per_frame = started.elapsed() / frames;
    println!(
        "desk: {players} players × {sessions} sessions = {manches} manches (generated in {:.1} s)",
        generated.as_secs_f64()
    );
    println!("desk: open + standings first frame: {:.0} ms", first.as_secs_f64() * 1000.0);
    println!("desk: standings frame (layout + tessellation): {:.2} ms", per_frame.as_secs_f64() * 1000.0);
}
