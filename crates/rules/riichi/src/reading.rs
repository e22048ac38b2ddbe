//! Every reading of a winning hand: each split of the concealed tiles (winning tile included) into groups and a
//! pair (via [`stecca_seam::rules::decompose`]), seven pairs, thirteen orphans — and, for a standard split, each
//! group that the winning tile may have completed, since that choice decides the wait and whether a pung
//! counts as concealed. The evaluator scores every reading and keeps the best.

use stecca_seam::rules::decompose::{self, Shape};
use stecca_seam::tiles::{Meld, MeldKind, Tile};

use super::input::WinningHand;

/// How the winning tile completed the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wait {
    /// Two-sided (45 waiting on 3 or 6): no fu.
    Ryanmen,
    /// Closed (46 waiting on 5): 2 fu.
    Kanchan,
    /// Edge (12 waiting on 3, 89 on 7): 2 fu.
    Penchan,
    /// Single tile for the pair: 2 fu.
    Tanki,
    /// One of two pairs becoming a pung: no fu for the wait.
    Shanpon,
}

impl Wait {
    /// Fu for the wait.
    pub fn fu(self) -> u8 {
        match self {
            Wait::Kanchan | Wait::Penchan | Wait::Tanki => 2,
            Wait::Ryanmen | Wait::Shanpon => 0,
        }
    }
}

/// Four sets and a pair, with the group that the winning tile completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Standard {
    /// The four sets: concealed ones (`concealed: true`, kans included) and called ones.
    pub sets: [Meld; 4],
    /// The pair's tile.
    pub pair: Tile,
    /// The set completed by the winning tile; `None` when it completed the pair.
    pub win_set: Option<usize>,
    /// The wait this choice means.
    pub wait: Wait,
}

/// One way to read the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// Four sets and a pair.
    Standard(Standard),
    /// Seven distinct pairs.
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
}

/// Calls `visit` with every reading of `hand`; nothing when the tiles form no complete hand.
pub(crate) fn for_each_reading(hand: &WinningHand, mut visit: impl FnMut(&Reading)) {
    let bag = hand.bag_with_win();
    let groups = 4 - hand.melds.len();
    decompose::complete(&bag, groups, |arrangement| match arrangement.shape {
        Shape::SevenPairs => visit(&Reading::SevenPairs),
        Shape::ThirteenOrphans => visit(&Reading::ThirteenOrphans),
        Shape::Standard => standard_readings(hand, &arrangement.melds, &mut visit),
    });
}

fn standard_readings(hand: &WinningHand, concealed: &[Meld], visit: &mut impl FnMut(&Reading)) {
    let placeholder = Meld { kind: MeldKind::Pung, tile: hand.win, concealed: true };
    let mut sets = [placeholder; 4];
    let mut pair = None;
    let mut n = 0;
    for meld in concealed.iter().chain(hand.melds.iter()) {
        if meld.kind == MeldKind::Pair {
            pair = Some(meld.tile);
        } else if let Some(slot) = sets.get_mut(n) {
            *slot = *meld;
            n += 1;
        }
    }
    let Some(pair) = pair else {
        return;
    };
    if n != 4 {
        return;
    }
    if pair == hand.win {
        visit(&Reading::Standard(Standard { sets, pair, win_set: None, wait: Wait::Tanki }));
    }
    // The winning tile sits in a group of the bag (the first `in_bag` sets); identical groups give the same reading, so only the first
    // of them is tried.
    let in_bag = concealed.iter().filter(|m| m.kind != MeldKind::Pair).count().min(4);
    for i in 0..in_bag {
        let set = sets[i];
        if sets[..i].iter().any(|s| s.kind == set.kind && s.tile == set.tile) {
            continue;
        }
        if let Some(wait) = wait_in(set, hand.win) {
            visit(&Reading::Standard(Standard { sets, pair, win_set: Some(i), wait }));
        }
    }
}

/// The wait that `set` had if `win` completed it.
fn wait_in(set: Meld, win: Tile) -> Option<Wait> {
    match set.kind {
        MeldKind::Pung if set.tile == win => Some(Wait::Shanpon),
        MeldKind::Chow => {
            let offset = win.index().checked_sub(set.tile.index()).filter(|&o| o < 3)?;
            let start = set.tile.number()?;
            Some(match offset {
                1 => Wait::Kanchan,
                0 if start == 7 => Wait::Penchan,
                2 if start == 1 => Wait::Penchan,
                _ => Wait::Ryanmen,
            })
        }
        _ => None,
    }
}
