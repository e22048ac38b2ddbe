//! What the evaluator is told: the winner's tiles, how the hand was won, and the options in force.

use arrayvec::ArrayVec;

use stecca_seam::tiles::{Counts, KINDS, Meld, MeldKind, Tile, Wind};

/// A winner's tiles: the concealed tiles before the winning tile, the declared sets, the winning tile and the
/// flowers and seasons exposed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningHand {
    /// Concealed tiles before the winning tile (concealed kongs aside).
    pub concealed: Counts,
    /// Melded sets (`concealed: false`) and declared concealed kongs (`Kong`, `concealed: true`).
    pub melds: ArrayVec<Meld, 4>,
    /// The tile that completed the hand.
    pub win: Tile,
    /// Flowers and seasons (1 point each, not toward the minimum).
    pub flowers: u8,
}

impl WinningHand {
    /// An empty hand (for builders).
    pub fn empty(win: Tile) -> WinningHand {
        WinningHand { concealed: [0; KINDS], melds: ArrayVec::new(), win, flowers: 0 }
    }

    /// The concealed tiles with the winning tile: the bag the readings split.
    pub fn bag_with_win(&self) -> Counts {
        let mut bag = self.concealed;
        bag[self.win.index()] += 1;
        bag
    }

    /// Every tile of the hand, sets and winning tile included.
    pub fn all_counts(&self) -> Counts {
        let mut counts = self.bag_with_win();
        for meld in &self.melds {
            meld.add_to(&mut counts);
        }
        counts
    }

    /// The tiles of the melded (exposed) sets: what everybody sees.
    pub fn exposed_counts(&self) -> Counts {
        let mut counts = [0; KINDS];
        for meld in self.melds.iter().filter(|m| !m.concealed) {
            meld.add_to(&mut counts);
        }
        counts
    }

    /// Tiles counted as the rules count them: a kong as three, the winning tile included (14 when valid).
    pub fn counted_tiles(&self) -> usize {
        let bag: usize = self.concealed.iter().map(|&c| usize::from(c)).sum();
        bag + 1 + 3 * self.melds.len()
    }

    /// Kongs, melded or concealed.
    pub fn kongs(&self) -> usize {
        self.melds.iter().filter(|m| m.kind == MeldKind::Kong).count()
    }

    /// Melded sets (a concealed kong keeps the hand concealed).
    pub fn melded_sets(&self) -> usize {
        self.melds.iter().filter(|m| !m.concealed).count()
    }
}

/// How and when the hand was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Situation {
    /// Self-drawn (also on a flower's or a kong's replacement tile); otherwise won on a discard (robbing a kong
    /// counts as a discard).
    pub self_drawn: bool,
    /// The winner's seat wind.
    pub seat: Wind,
    /// The prevalent (round) wind.
    pub prevalent: Wind,
    /// Self-drawn on the last tile of the wall (Last Tile Draw).
    pub last_wall_tile: bool,
    /// Won on the discard made after the last wall tile was drawn (Last Tile Claim).
    pub last_discard: bool,
    /// Self-drawn on a kong's replacement tile (Out with Replacement Tile; not a flower's replacement).
    pub kong_replacement: bool,
    /// Won on the tile another player added to a melded pung (Robbing the Kong).
    pub robbing_kong: bool,
    /// The other three copies of the winning tile were visible (discarded or in exposed sets): Last Tile. It is
    /// assumed when the winner's own exposed sets hold the three.
    pub fourth_tile: bool,
}

impl Situation {
    /// A plain win: no circumstance.
    pub fn new(self_drawn: bool, seat: Wind, prevalent: Wind) -> Situation {
        Situation {
            self_drawn,
            seat,
            prevalent,
            last_wall_tile: false,
            last_discard: false,
            kong_replacement: false,
            robbing_kong: false,
            fourth_tile: false,
        }
    }
}

/// Circumstances the hand cannot have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conflict {
    /// The last wall tile is drawn, not claimed.
    LastWallTileOnDiscard,
    /// The last discard is claimed, not drawn.
    LastDiscardSelfDrawn,
    /// A kong's replacement is self-drawn by a hand holding a kong.
    KongReplacement,
    /// Robbing a kong is a win on another player's tile, which the winner holds no copy of.
    RobbingKong,
    /// The last of its kind cannot be a tile the winner also holds concealed.
    FourthTileHeld,
}

/// Whether Nine Gates also takes Pung of Terminals or Honors (`mcr.nine_gates_terminal_pungs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NineGatesPungs {
    /// None (WMCC 2006 ruling).
    #[default]
    None,
    /// All but one (PyMahjongGB).
    AllButOne,
}

/// What a self-drawn Nine Gates, Four Concealed Pungs or special shape takes
/// (`mcr.fully_concealed_with_concealed_hands`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ConcealedSelfDraw {
    /// Fully Concealed Hand, 4 (the transcribed App. 1 notes).
    #[default]
    FullyConcealed,
    /// Self-Drawn, 1 (PyMahjongGB and Chinese practice).
    SelfDrawn,
}

/// Rule options; [`Options::default`] is the digest's choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Nine Gates and Pung of Terminals or Honors.
    pub nine_gates_terminal_pungs: NineGatesPungs,
    /// Self-drawn hands that are concealed by definition.
    pub fully_concealed_with_concealed_hands: ConcealedSelfDraw,
}
