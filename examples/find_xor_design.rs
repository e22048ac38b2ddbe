//! Offline search for the 32 players × 10 sessions design in `crates/core/assets/seating/designs.txt`:
//! `cargo run --release --example find_xor_design >> crates/core/assets/seating/designs.txt` (about a second).
//!
//! Ten sessions of three new opponents each cover 30 of a player's 31 others, so exactly one pair per player
//! never meets. The search fixes that pair as p and p XOR 1 and looks only at sessions that are invariant
//! under the group G = Z₂³ acting by XOR on the low three bits of every player (player = 8 × row + g). Such a
//! session covers every G-orbit of pairs whole or not at all, so the design is an exact cover of the 72 pair
//! orbits (6 within each of the 4 rows, 8 between each of the 6 pairs of rows) by G-invariant sessions:
//! Knuth's Algorithm X over a few thousand candidates. The cyclic construction (`find_cyclic_bases`) did
//! not reach this cell over Z₁₀ nor with two orbits over Z₅.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]
use stecca::seating::design_line;

const PLAYERS: usize = 32;
const SESSIONS: usize = 10;
type Block = [usize; 4];

fn main() {
    let candidates = invariant_sessions();
    eprintln!("{} G-invariant sessions", candidates.len());
    let covers: Vec<u128> = candidates.iter().map(|s| cover(s)).collect();
    let all: u128 = covers.iter().fold(0, |acc, c| acc | c);
    let mut chosen = Vec::new();
    let mut nodes = 0u64;
    if exact_cover(&covers, (0..candidates.len()).collect(), all, &mut chosen, &mut nodes) {
        let sessions: Vec<Vec<[usize; 4]>> = chosen.iter().map(|&i| candidates[i].clone()).collect();
        eprintln!("found after {nodes} nodes");
        println!("{}", design_line(PLAYERS, &sessions));
    } else {
        eprintln!("no design after {nodes} nodes");
        std::process::exit(1);
    }
}

/// Every partition of the players into tables of four that XOR by any g < 8 maps onto itself and that never
/// seats p with p XOR 1.
fn invariant_sessions() -> Vec<Vec<Block>> {
    let mut found = Vec::new();
    extend(0, &mut Vec::new(), &mut found);
    found
}

fn extend(seated: u32, blocks: &mut Vec<Block>, found: &mut Vec<Vec<Block>>) {
    if seated == u32::MAX {
        let mut session = blocks.clone();
        session.sort_unstable();
        found.push(session);
        return;
    }
    // The lowest free player's table decides its whole orbit, so each partition is built exactly once.
    let p = seated.trailing_ones() as usize;
    let free: Vec<usize> = (p + 1..PLAYERS).filter(|&q| seated & (1 << q) == 0).collect();
    for (i, &a) in free.iter().enumerate() {
        for (j, &b) in free.iter().enumerate().skip(i + 1) {
            for &c in &free[j + 1..] {
                let Some(orbit) = orbit([p, a, b, c], seated) else { continue };
                let mask = orbit.iter().flatten().fold(0u32, |m, &x| m | 1 << x);
                let before = blocks.len();
                blocks.extend(orbit);
                extend(seated | mask, blocks, found);
                blocks.truncate(before);
            }
        }
    }
}

/// The distinct XOR images of `block`, if they are disjoint tables on free seats without a p, p XOR 1 pair.
fn orbit(block: Block, seated: u32) -> Option<Vec<Block>> {
    if block.iter().any(|&x| block.contains(&(x ^ 1))) {
        return None;
    }
    let mut images: Vec<Block> = Vec::new();
    let mut used = seated;
    for g in 0..8 {
        let mut image = block.map(|x| x ^ g);
        image.sort_unstable();
        if images.contains(&image) {
            continue;
        }
        let mask = image.iter().fold(0u32, |m, &x| m | 1 << x);
        if used & mask != 0 {
            return None;
        }
        used |= mask;
        images.push(image);
    }
    Some(images)
}

/// The pair orbits a session covers, as a bit set (a session covers each orbit whole: all its XOR images).
fn cover(session: &[Block]) -> u128 {
    let mut bits = 0u128;
    for block in session {
        for (i, &x) in block.iter().enumerate() {
            for &y in &block[i + 1..] {
                bits |= 1u128 << pair_orbit(x, y);
            }
        }
    }
    bits
}

/// Orbit index: within row k at XOR distance d (2‥7): k × 6 + d − 2; between rows k < l: 24 + pair × 8 + d.
fn pair_orbit(x: usize, y: usize) -> usize {
    let (x, y) = (x.min(y), x.max(y));
    let (k, l, d) = (x / 8, y / 8, (x ^ y) % 8);
    if k == l {
        k * 6 + d - 2
    } else {
        let pair = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)].iter().position(|&r| r == (k, l)).unwrap_or(0);
        24 + pair * 8 + d
    }
}

/// Algorithm X on bit sets: cover the item with the fewest candidates left first.
fn exact_cover(covers: &[u128], live: Vec<usize>, open: u128, chosen: &mut Vec<usize>, nodes: &mut u64) -> bool {
    *nodes += 1;
    if open == 0 {
        return chosen.len() == SESSIONS;
    }
    let mut best: Option<(usize, u32)> = None;
    let mut rest = open;
    while rest != 0 {
        let item = rest.trailing_zeros();
        rest &= rest - 1;
        let count = live.iter().filter(|&&c| covers[c] >> item & 1 == 1).count();
        if best.is_none_or(|(n, _)| count < n) {
            best = Some((count, item));
        }
    }
    let Some((count, item)) = best else { return false };
    if count == 0 {
        return false;
    }
    for &c in live.iter().filter(|&&c| covers[c] >> item & 1 == 1) {
        let next: Vec<usize> = live.iter().copied().filter(|&o| covers[o] & covers[c] == 0).collect();
        chosen.push(c);
        if exact_cover(covers, next, open & !covers[c], chosen, nodes) {
            return true;
        }
        chosen.pop();
    }
    false
}
