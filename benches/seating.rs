//! The seating grid: for g = 4…100 tables and R = 2…40 sessions (capped at w_max(g)), generate a schedule
//! and print repeats, wind deviation and seconds per cell, then the cells beyond the maximum.
//! `cargo bench --bench seating` (env `SEATING_TABLES=4-12` limits the rows, `SEATING_SESSIONS=12` the columns).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::time::Instant;

use stecca::seating::{MAX_SESSIONS, SeatingRequest, generate, repeat_lower_bound, report, w_max};

fn main() {
    let (lo, hi) = std::env::var("SEATING_TABLES")
        .ok()
        .and_then(|r| r.split_once('-').map(|(a, b)| (a.parse().ok(), b.parse().ok())))
        .and_then(|(a, b)| Some((a?, b?)))
        .unwrap_or((4usize, 100usize));
    let most = std::env::var("SEATING_SESSIONS").ok().and_then(|r| r.parse().ok()).unwrap_or(MAX_SESSIONS);
    println!("| tables | players | sessions | repeats | max wind deviation | seconds |");
    println!("|---:|---:|---:|---:|---:|---:|");
    let (mut worst, mut failures) = ((0.0f64, 0, 0), Vec::new());
    for g in lo..=hi {
        let top = w_max(g).min(most);
        for r in 2..=top {
            let (repeats, wind, seconds) = cell(g, r);
            if seconds > worst.0 {
                worst = (seconds, g, r);
            }
            if repeats > 0 {
                failures.push((g, r, repeats));
            }
            if r == top || repeats > 0 || seconds > 0.5 {
                println!("| {g} | {} | {r} | {repeats} | {wind} | {seconds:.3} |", 4 * g);
            }
        }
    }
    println!("\n(rows show each g's largest R, plus any cell with repeats or over 0.5 s)");
    println!(
        "worst cell: {} tables × {} sessions, {:.3} s; cells with repeats: {failures:?}",
        worst.1, worst.2, worst.0
    );
    let (_, _, s) = cell(36, 8);
    println!("36 tables × 8 sessions: {s:.3} s");
    println!(
        "\nBeyond the maximum:\n| players | sessions | repeats | lower bound | above the bound | seconds |\n|---:|---:|---:|---:|---:|---:|"
    );
    for (players, sessions) in [(16, 6), (20, 6), (24, 8), (28, 10), (32, 11), (36, 12), (40, 14), (48, 16), (16, 8)] {
        let (repeats, _, seconds) = cell(players / 4, sessions);
        let bound = repeat_lower_bound(players, sessions);
        let above = (repeats.saturating_sub(bound) * 100).checked_div(bound).unwrap_or(0);
        println!("| {players} | {sessions} | {repeats} | {bound} | {above} % | {seconds:.3} |");
    }
}

fn cell(tables: usize, sessions: usize) -> (u64, u32, f64) {
    let request = SeatingRequest::numbered(4 * tables, sessions, 1);
    let start = Instant::now();
    let schedule = generate(&request).unwrap_or_else(|e| panic!("{tables}×{sessions}: {e}"));
    let seconds = start.elapsed().as_secs_f64();
    let r = report(&schedule, &request.entrants).unwrap_or_else(|e| panic!("{e}"));
    (r.repeat_meetings, r.max_wind_deviation, seconds)
}
