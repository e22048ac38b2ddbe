//! Teams kept apart (issue 65): 400 players in 100 teams of 4 over 12 sessions (and smaller halls), each seated
//! with the team weight the desk uses; prints team meetings, repeated meetings and seconds per case.
//! `cargo bench --bench seating_teams`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::time::Instant;

use stecca::seating::{APART_WEIGHT, Entrant, SeatingRequest, generate, report};

fn main() {
    println!("| players | teams | sessions | team meetings | repeats | seconds |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for (players, sessions) in [(400, 12), (200, 10), (100, 8), (64, 6), (32, 4)] {
        let entrants = (0..players)
            .map(|i| Entrant {
                name: format!("P{i}"),
                club: Some(format!("C{}", i % 37)),
                team: Some(format!("T{}", i / 4)),
                ..Entrant::default()
            })
            .collect();
        let request = SeatingRequest {
            entrants,
            sessions,
            seed: 1,
            club_weight: 1.0,
            country_weight: 0.25,
            team_weight: APART_WEIGHT,
        };
        let start = Instant::now();
        let schedule = generate(&request).unwrap_or_else(|e| panic!("{players}×{sessions}: {e}"));
        let seconds = start.elapsed().as_secs_f64();
        let r = report(&schedule, &request.entrants).unwrap_or_else(|e| panic!("{e}"));
        println!(
            "| {players} | {} | {sessions} | {} | {} | {seconds:.3} |",
            players / 4,
            r.same_team_meetings,
            r.repeat_meetings
        );
    }
}
