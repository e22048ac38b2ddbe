//! Offline search for the seating bases shipped in `crates/core/assets/seating/cyclic-bases.txt`:
//! `cargo run --release --example find_cyclic_bases > crates/core/assets/seating/cyclic-bases.txt`; for one cell:
//! `… find_cyclic_bases TABLES [SESSIONS [ORBITS [SEED]]]`. 32 × 10 is not found this way (neither over Z₁₀
//! nor with 2 orbits over Z₅): `examples/find_xor_design.rs` builds it.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]
use stecca::rng::Rng;
use stecca::seating::{cyclic_base_line, w_max};

fn main() {
    println!("# Repeat-free seating bases (1-rotational construction, see src/seating/cyclic.rs).");
    println!("# Each line: players sessions: base blocks. Regenerate with the example find_cyclic_bases.");
    let only: Option<usize> = std::env::args().nth(1).and_then(|a| a.parse().ok());
    let sessions_override: Option<usize> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let orbits: usize = std::env::args().nth(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let seed: u64 = std::env::args().nth(4).and_then(|a| a.parse().ok()).unwrap_or(2026);
    for tables in (4..=12).filter(|t| only.is_none_or(|o| o == *t)) {
        let (players, sessions) = (4 * tables, sessions_override.unwrap_or(w_max(tables).min(12)));
        let mut rng = Rng::new(seed);
        match cyclic_base_line(players, sessions, orbits, &mut rng, 500_000_000) {
            Some(line) => println!("{line}"),
            None => eprintln!("{players} x {sessions}: not found"),
        }
    }
}
