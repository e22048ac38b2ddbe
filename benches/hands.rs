//! Random complete, fully concealed 14-tile hands (four groups and a pair, now and then seven pairs), shared
//! by the criterion bench and the comparison with the Python `mahjong` package.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use stecca::rng::Rng;
use stecca::tiles::{Counts, KINDS, Tile};

/// `n` distinct complete hands from `seed`.
pub fn complete_concealed_hands(n: usize, seed: u64) -> Vec<Counts> {
    let mut rng = Rng::new(seed);
    let mut seen = std::collections::HashSet::new();
    let mut hands = Vec::with_capacity(n);
    while hands.len() < n {
        let Some(hand) = one_hand(&mut rng) else { continue };
        if seen.insert(hand) {
            hands.push(hand);
        }
    }
    hands
}

fn one_hand(rng: &mut Rng) -> Option<Counts> {
    let mut counts: Counts = [0; KINDS];
    if rng.chance(4) {
        let mut pairs = 0;
        while pairs < 7 {
            let i = rng.below(KINDS);
            if counts[i] == 0 {
                counts[i] = 2;
                pairs += 1;
            }
        }
        return Some(counts);
    }
    for _ in 0..4 {
        let tile = Tile::from_index(rng.below(KINDS))?;
        if rng.chance(55) && tile.starts_chow() {
            for c in &mut counts[tile.index()..tile.index() + 3] {
                *c += 1;
            }
        } else {
            counts[tile.index()] += 3;
        }
    }
    counts[rng.below(KINDS)] += 2;
    counts.iter().all(|&c| c <= 4).then_some(counts)
}
