//! Tries the 1-rotational construction on the hard seating cells and prints how long each takes.
use std::time::Instant;
fn main() {
    for (players, sessions) in [(16, 5), (20, 5), (24, 7), (28, 9), (32, 10), (36, 11), (40, 12), (44, 12), (48, 12)] {
        let start = Instant::now();
        let found = stecca::seating::probe_cyclic(players, sessions, 1, 50_000_000);
        println!(
            "{players} x {sessions}: {} in {:.3} s",
            if found { "found" } else { "NOT found" },
            start.elapsed().as_secs_f64()
        );
    }
}
