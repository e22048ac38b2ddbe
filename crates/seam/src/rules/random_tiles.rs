//! Random tile hands from a seed, shared by the Mah Jong rulesets' generators of valid manches (property
//! tests, benchmarks, demo data): complete winning hands built from groups and plausible non-winning hands,
//! all taken from one pool so that no tile appears more than four times in a manche.

use crate::rng::Rng;
use crate::tiles::{Counts, Hand, KINDS, Meld, MeldKind, Tile};

/// A complete hand: four groups and a pair (now and then seven pairs, when `pairs`), taken from `pool`.
pub fn winning_hand(rng: &mut Rng, pool: &mut Counts, pairs: bool) -> Hand {
    loop {
        let snapshot = *pool;
        let hand = if pairs && rng.chance(5) { seven_pairs(rng, pool) } else { standard(rng, pool) };
        if let Some(hand) = hand {
            return hand;
        }
        *pool = snapshot;
    }
}

fn standard(rng: &mut Rng, pool: &mut Counts) -> Option<Hand> {
    let mut hand = Hand::default();
    for _ in 0..4 {
        let kind = match rng.below(100) {
            0..=54 => MeldKind::Chow,
            55..=91 => MeldKind::Pung,
            _ => MeldKind::Kong,
        };
        let meld = take_group(rng, pool, kind)?;
        match (meld.kind, rng.chance(35)) {
            (_, true) => hand.exposed.push(Meld { concealed: false, ..meld }),
            (MeldKind::Kong, false) => hand.concealed_kongs.push(meld.tile),
            (_, false) => meld.add_to(&mut hand.concealed),
        }
    }
    let pair = take_group(rng, pool, MeldKind::Pair)?;
    pair.add_to(&mut hand.concealed);
    Some(hand)
}

fn seven_pairs(rng: &mut Rng, pool: &mut Counts) -> Option<Hand> {
    let mut hand = Hand::default();
    for _ in 0..7 {
        let pair = (0..40).map(|_| rng.below(KINDS)).find(|&i| pool[i] >= 2 && hand.concealed[i] == 0)?;
        pool[pair] -= 2;
        hand.concealed[pair] = 2;
    }
    Some(hand)
}

/// Takes a random group of `kind` from the pool, trying a few starting tiles.
fn take_group(rng: &mut Rng, pool: &mut Counts, kind: MeldKind) -> Option<Meld> {
    for _ in 0..40 {
        let tile = Tile::from_index(rng.below(KINDS))?;
        let meld = Meld { kind, tile, concealed: true };
        let mut need: Counts = [0; KINDS];
        if kind == MeldKind::Chow && !tile.starts_chow() {
            continue;
        }
        meld.add_to(&mut need);
        if need.iter().zip(pool.iter()).all(|(n, p)| n <= p) {
            for (p, n) in pool.iter_mut().zip(need) {
                *p -= n;
            }
            return Some(meld);
        }
    }
    None
}

/// A non-winning hand: up to two exposed groups, the rest loose tiles, 13 tiles plus one per kong.
pub fn other_hand(rng: &mut Rng, pool: &mut Counts) -> Hand {
    let mut hand = Hand::default();
    for _ in 0..rng.below(3) {
        let kind = [MeldKind::Chow, MeldKind::Pung, MeldKind::Pung, MeldKind::Kong][rng.below(4)];
        if let Some(meld) = take_group(rng, pool, kind) {
            hand.exposed.push(Meld { concealed: false, ..meld });
        }
    }
    while hand.tile_count() < 13 + hand.kong_count() {
        let Some(i) = (0..200).map(|_| rng.below(KINDS)).find(|&i| pool[i] > 0) else { break };
        pool[i] -= 1;
        hand.concealed[i] += 1;
    }
    hand
}
