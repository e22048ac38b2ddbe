//! Offline search for the seating bases shipped in `crates/core/assets/seating/cyclic-bases.txt`:
//! `cargo run --release --example find_cyclic_bases > crates/core/assets/seating/cyclic-bases.txt`; for one cell:
//! `… find_cyclic_bases TABLES [SESSIONS [ORBITS [SEED]]]` (sessions default to w_max). 32 × 10 is not found
//! this way (neither over Z₁₀ nor with 2 orbits over Z₅): `examples/find_xor_design.rs` builds it. The bases this
//! search does not find in its time are in `cyclic-bases-sat.txt`, from a SAT solver (`examples/cyclic_base_cnf.rs`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]
use stecca::rng::Rng;
use stecca::seating::{cyclic_base_line, w_max};

/// The cells shipped in `cyclic-bases.txt` (tables, sessions): the small counts near the bound, and the longest
/// base found past twelve sessions for the counts no construction reaches (each found within two minutes; one
/// session more for the same count ran out of that time). 8 tables is `find_xor_design`'s.
const SHIPPED_CELLS: &[(usize, usize)] = &[
    (4, 5),
    (5, 5),
    (6, 7),
    (7, 9),
    (9, 11),
    (10, 12),
    (11, 13),
    (12, 14),
    (14, 16),
    (15, 17),
    (17, 19),
    (18, 20),
    (21, 23),
    (23, 26),
    (24, 27),
    (26, 29),
    (27, 30),
    (29, 32),
    (30, 33),
    (33, 36),
    (35, 38),
    (38, 40),
    (39, 40),
];

fn main() {
    println!("# Repeat-free seating bases (1-rotational construction, see src/seating/cyclic.rs).");
    println!("# Each line: players sessions: base blocks. Regenerate with the example find_cyclic_bases.");
    let only: Option<usize> = std::env::args().nth(1).and_then(|a| a.parse().ok());
    let sessions_override: Option<usize> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let orbits: usize = std::env::args().nth(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let seed: u64 = std::env::args().nth(4).and_then(|a| a.parse().ok()).unwrap_or(2026);
    let cells: Vec<(usize, usize)> = match only {
        Some(tables) => vec![(tables, sessions_override.unwrap_or(w_max(tables)))],
        None => SHIPPED_CELLS.to_vec(),
    };
    for (tables, sessions) in cells {
        let players = 4 * tables;
        let mut rng = Rng::new(seed);
        match cyclic_base_line(players, sessions, orbits, &mut rng, 500_000_000) {
            Some(line) => println!("{line}"),
            None => eprintln!("{players} x {sessions}: not found"),
        }
    }
}
