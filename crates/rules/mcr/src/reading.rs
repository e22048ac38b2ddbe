//! Every reading of a winning hand (MCR §3.7.2): four sets and a pair (each split of the concealed tiles, via
//! [`stecca_seam::rules::decompose`]), Seven Pairs (a four-of-a-kind may be two of its pairs), Thirteen Orphans,
//! Lesser and Greater Honors and Knitted Tiles, and a Knitted Straight with one more set and a pair.

use stecca_seam::rules::decompose::{self, Shape};
use stecca_seam::tiles::{Counts, Meld, MeldKind, Suit, Tile};

/// One way to read the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// Four sets (concealed ones first, then the declared ones) and a pair.
    Standard {
        /// The sets: `concealed` tells a concealed set (declared concealed kongs included) from a melded one.
        sets: [Meld; 4],
        /// How many of `sets`, from the first, were split out of the concealed tiles.
        from_bag: usize,
        /// The pair's tile.
        pair: Tile,
    },
    /// Seven pairs (all concealed).
    SevenPairs,
    /// One of each terminal and honor, one of them twice.
    ThirteenOrphans,
    /// Fourteen single tiles: honors and tiles of one knitted straight.
    HonorsKnitted {
        /// All seven honors (Greater); otherwise Lesser.
        greater: bool,
        /// The nine tiles of the knitted straight are all there.
        all_nine: bool,
    },
    /// A Knitted Straight, one set (concealed or declared) and a pair.
    Knitted {
        /// The fourth set.
        set: Meld,
        /// The pair's tile.
        pair: Tile,
        /// The knitted straight's nine tiles.
        straight: [Tile; 9],
    },
}

/// The six knitted straights: 147, 258 and 369, each in a different suit.
pub(crate) fn knitted_straights() -> impl Iterator<Item = [Tile; 9]> {
    const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    ORDERS.into_iter().map(|order| {
        let mut tiles = [Tile::dragon(stecca_seam::tiles::Dragon::White); 9];
        for (start, &suit) in order.iter().enumerate() {
            for step in 0..3 {
                let number = (start + 1 + 3 * step) as u8;
                if let Some(tile) = Tile::suited(Suit::ALL[suit], number) {
                    tiles[3 * start + step] = tile;
                }
            }
        }
        tiles
    })
}

/// Calls `visit` with every reading of the concealed tiles `bag` (winning tile included) with the declared
/// sets `melds`; nothing when they form no complete hand.
pub(crate) fn for_each_reading(bag: &Counts, melds: &[Meld], mut visit: impl FnMut(&Reading)) {
    let groups = 4usize.saturating_sub(melds.len());
    decompose::complete(bag, groups, |arrangement| match arrangement.shape {
        Shape::Standard => standard(&arrangement.melds, melds, &mut visit),
        Shape::ThirteenOrphans => visit(&Reading::ThirteenOrphans),
        // Seven Pairs is found below: the shared search refuses a four-of-a-kind as two pairs, MCR allows it.
        Shape::SevenPairs => {}
    });
    if melds.is_empty() {
        if is_seven_pairs(bag) {
            visit(&Reading::SevenPairs);
        }
        if let Some(reading) = honors_knitted(bag) {
            visit(&reading);
        }
    }
    if melds.len() <= 1 {
        knitted(bag, melds, &mut visit);
    }
}

/// Whether the tiles form a complete hand of any shape.
pub(crate) fn is_complete(bag: &Counts, melds: &[Meld]) -> bool {
    let mut found = false;
    for_each_reading(bag, melds, |_| found = true);
    found
}

fn standard(concealed: &[Meld], declared: &[Meld], visit: &mut impl FnMut(&Reading)) {
    let placeholder =
        Meld { kind: MeldKind::Pung, tile: Tile::dragon(stecca_seam::tiles::Dragon::White), concealed: true };
    let mut sets = [placeholder; 4];
    let mut pair = None;
    let mut n = 0;
    for meld in concealed {
        if meld.kind == MeldKind::Pair {
            pair = Some(meld.tile);
        } else if let Some(slot) = sets.get_mut(n) {
            *slot = *meld;
            n += 1;
        }
    }
    let from_bag = n;
    for meld in declared {
        if let Some(slot) = sets.get_mut(n) {
            *slot = *meld;
            n += 1;
        }
    }
    if let (Some(pair), 4) = (pair, n) {
        visit(&Reading::Standard { sets, from_bag, pair });
    }
}

fn is_seven_pairs(bag: &Counts) -> bool {
    let total: u8 = bag.iter().sum();
    total == 14 && bag.iter().all(|&c| c % 2 == 0)
}

fn honors_knitted(bag: &Counts) -> Option<Reading> {
    if bag.iter().any(|&c| c > 1) || bag.iter().sum::<u8>() != 14 {
        return None;
    }
    let honors = Tile::all().filter(|t| t.is_honour() && bag[t.index()] == 1).count();
    let numbered: Vec<Tile> = Tile::all().filter(|t| !t.is_honour() && bag[t.index()] == 1).collect();
    let fits = knitted_straights().any(|straight| numbered.iter().all(|t| straight.contains(t)));
    fits.then_some(Reading::HonorsKnitted { greater: honors == 7, all_nine: numbered.len() == 9 })
}

fn knitted(bag: &Counts, declared: &[Meld], visit: &mut impl FnMut(&Reading)) {
    for straight in knitted_straights() {
        if straight.iter().any(|t| bag[t.index()] == 0) {
            continue;
        }
        let mut rest = *bag;
        straight.iter().for_each(|t| rest[t.index()] -= 1);
        decompose::complete(&rest, 1 - declared.len(), |arrangement| {
            if arrangement.shape != Shape::Standard {
                return;
            }
            let pair = arrangement.melds.iter().find(|m| m.kind == MeldKind::Pair).map(|m| m.tile);
            let set = arrangement.melds.iter().chain(declared).find(|m| m.kind != MeldKind::Pair).copied();
            if let (Some(pair), Some(set)) = (pair, set) {
                visit(&Reading::Knitted { set, pair, straight });
            }
        });
    }
}
