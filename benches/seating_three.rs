//! The seating grid at tables of three (Hanafuda): for 6…150 players and 2…40 sessions, generate a plan
//! (tables of two where the count requires) and print repeats against the lower bound, the first-deal
//! deviation and seconds. `cargo bench --bench seating_three` (env `SEATING_PLAYERS=6-60` limits the rows,
//! `SEATING_SESSIONS=12` the columns).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::time::Instant;

use stecca::seating::{MAX_SESSIONS, SeatingRequest, TableSizes, plan_report, seat_any_size};

fn main() {
    let (lo, hi) = std::env::var("SEATING_PLAYERS")
        .ok()
        .and_then(|r| r.split_once('-').map(|(a, b)| (a.parse().ok(), b.parse().ok())))
        .and_then(|(a, b)| Some((a?, b?)))
        .unwrap_or((6usize, 150usize));
    let most = std::env::var("SEATING_SESSIONS").ok().and_then(|r| r.parse().ok()).unwrap_or(MAX_SESSIONS);
    println!("| players | tables | sessions | repeats | lower bound | first-deal deviation | seconds |");
    println!("|---:|---|---:|---:|---:|---:|---:|");
    let (mut worst, mut above_bound, mut worst_first) = ((0.0f64, 0, 0), Vec::new(), 0);
    for players in lo..=hi {
        // Without repeats each player meets two new players a session: at most ⌊(N − 1)/2⌋ sessions.
        let top = ((players - 1) / 2).clamp(2, most);
        for sessions in 2..=top {
            let (repeats, bound, first, sizes, seconds) = cell(players, sessions);
            if seconds > worst.0 {
                worst = (seconds, players, sessions);
            }
            worst_first = worst_first.max(first);
            if repeats > bound {
                above_bound.push((players, sessions, repeats, bound));
            }
            let shown = [9, 15, 21, 27, 33, 45, 60, 99, 150];
            if (sessions == top && (shown.contains(&players) || players % 3 != 0 && players < 20))
                || repeats > bound
                || seconds > 0.5
            {
                println!("| {players} | {sizes} | {sessions} | {repeats} | {bound} | {first} | {seconds:.3} |");
            }
        }
    }
    println!("\n(rows: each shown size's largest R, plus any cell above its bound or over 0.5 s)");
    println!(
        "worst cell: {} players × {} sessions, {:.3} s; cells above the bound: {above_bound:?}",
        worst.1, worst.2, worst.0
    );
    println!("largest first-deal deviation over all cells: {worst_first}");
    let (repeats, _, _, _, seconds) = cell(15, 7);
    println!("Kirkman's schoolgirls, 15 × 7: {repeats} repeats, {seconds:.3} s");
    let (repeats, bound, _, _, seconds) = cell(399, 12);
    println!("399 players × 12 sessions: {repeats} repeats (bound {bound}), {seconds:.3} s");
}

fn cell(players: usize, sessions: usize) -> (u64, u64, u32, String, f64) {
    let request = SeatingRequest::numbered(players, sessions, 1);
    let start = Instant::now();
    let plan = seat_any_size(&request, TableSizes { max: 3, min: 2 }, &[])
        .unwrap_or_else(|e| panic!("{players}×{sessions}: {e}"));
    let seconds = start.elapsed().as_secs_f64();
    let r = plan_report(&plan, &request.entrants).unwrap_or_else(|e| panic!("{e}"));
    let threes = r.table_sizes.iter().filter(|&&s| s == 3).count();
    let twos = r.table_sizes.len() - threes;
    let sizes = if twos > 0 { format!("{threes}×3 + {twos}×2") } else { format!("{threes}×3") };
    (r.repeat_meetings, r.lower_bound, r.max_first_deal_deviation, sizes, seconds)
}
