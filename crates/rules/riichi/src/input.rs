//! What the evaluator is told: the winning hand, how and when it was won, and the options in force.

use arrayvec::ArrayVec;

use stecca_seam::tiles::{Counts, KINDS, Meld, MeldKind, Tile, Wind};

use super::tiles::RedFives;

/// A winner's tiles: the concealed tiles before the winning tile, the declared groups, the winning tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningHand {
    /// Concealed tiles before the winning tile (concealed kans aside).
    pub concealed: Counts,
    /// Called groups (chi, pon, open kan: `concealed: false`) and concealed kans (`Kong`, `concealed: true`).
    pub melds: ArrayVec<Meld, 4>,
    /// The tile that completed the hand.
    pub win: Tile,
    /// Red fives among all the hand's tiles, winning tile included, per suit.
    pub red_fives: RedFives,
}

impl WinningHand {
    /// Every tile of the hand, groups and winning tile included.
    pub fn all_counts(&self) -> Counts {
        let mut counts = self.concealed;
        counts[self.win.index()] += 1;
        for meld in &self.melds {
            meld.add_to(&mut counts);
        }
        counts
    }

    /// Whether a group was called (a concealed kan keeps the hand closed).
    pub fn is_open(&self) -> bool {
        self.melds.iter().any(|m| !m.concealed)
    }

    /// Tiles counted as the rules count them: a kan as three, the winning tile included (14 when valid).
    pub fn counted_tiles(&self) -> usize {
        let bag: usize = self.concealed.iter().map(|&c| usize::from(c)).sum();
        bag + 1 + 3 * self.melds.len()
    }

    /// Kans, open or concealed.
    pub fn kans(&self) -> usize {
        self.melds.iter().filter(|m| m.kind == MeldKind::Kong).count()
    }

    /// The concealed tiles with the winning tile added: the bag that the readings split.
    pub fn bag_with_win(&self) -> Counts {
        let mut counts = self.concealed;
        counts[self.win.index()] += 1;
        counts
    }

    /// An empty hand (for builders).
    pub fn empty(win: Tile) -> WinningHand {
        WinningHand { concealed: [0; KINDS], melds: ArrayVec::new(), win, red_fives: [0; 3] }
    }
}

/// How the hand was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// Self-drawn.
    Tsumo,
    /// On the discard of the player in seat `discarder` (for chankan, the player who added to the kan).
    Ron {
        /// The discarder's seat wind.
        discarder: Wind,
    },
}

/// Whether and how the winner declared riichi.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RiichiKind {
    /// No riichi.
    #[default]
    None,
    /// Riichi.
    Riichi,
    /// Double riichi (declared on the first uninterrupted discard).
    Double,
}

/// The circumstances of the win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    /// Tsumo or ron (and from whom).
    pub win: Win,
    /// The winner's seat wind (East is the dealer).
    pub seat: Wind,
    /// The round (prevalent) wind.
    pub round: Wind,
    /// Riichi or double riichi declared.
    pub riichi: RiichiKind,
    /// Won within one uninterrupted go-around after riichi.
    pub ippatsu: bool,
    /// Tsumo on the last tile of the wall (haitei).
    pub haitei: bool,
    /// Ron on the last discard (houtei).
    pub houtei: bool,
    /// Tsumo on the replacement tile after a kan (rinshan kaihou).
    pub rinshan: bool,
    /// Ron on a tile added to a pon to make a kan (chankan).
    pub chankan: bool,
    /// The dealer's tsumo on the first draw (tenhou).
    pub tenhou: bool,
    /// A non-dealer's tsumo on the first uninterrupted draw (chiihou).
    pub chiihou: bool,
    /// A non-dealer's ron before his first draw, with no call before it (renhou).
    pub renhou: bool,
    /// Dora indicators shown (kan dora included).
    pub dora_indicators: ArrayVec<Tile, 5>,
    /// Ura-dora indicators (only with riichi).
    pub ura_indicators: ArrayVec<Tile, 5>,
    /// Honba (counters): 300 points each on top of the hand's value.
    pub honba: u8,
    /// Riichi deposits on the table when the hand is won, the ones declared in this hand included (1,000 each).
    pub deposits: u8,
}

impl Situation {
    /// A plain win in `seat` of the East round: no riichi, no circumstance, no dora, no counters.
    pub fn new(win: Win, seat: Wind) -> Situation {
        Situation {
            win,
            seat,
            round: Wind::East,
            riichi: RiichiKind::None,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            dora_indicators: ArrayVec::new(),
            ura_indicators: ArrayVec::new(),
            honba: 0,
            deposits: 0,
        }
    }

    /// East is the dealer.
    pub fn is_dealer(&self) -> bool {
        self.seat == Wind::East
    }

    /// Won by self-draw.
    pub fn is_tsumo(&self) -> bool {
        self.win == Win::Tsumo
    }
}

/// What 13 or more han without a yakuman are worth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KazoeLimit {
    /// Sanbaiman (RCR 2016: "a hand with 13+ han is scored as a sanbaiman").
    #[default]
    Sanbaiman,
    /// A counted yakuman.
    Yakuman,
}

/// Rule options. [`Options::default`] is the RCR 2016 choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Kiriage mangan: 4 han 30 fu and 3 han 60 fu are paid as mangan (RCR: no).
    pub kiriage: bool,
    /// Red fives in play, one per suit, each worth a dora (RCR 2016: no).
    pub red_fives: bool,
    /// Tanyao counts on an open hand (kuitan; RCR 2016: yes).
    pub open_tanyao: bool,
    /// Fu for a pair of a wind that is both the seat and the round wind (RCR: 4 — each role counts 2).
    pub double_wind_pair_fu: u8,
    /// 13+ han without yakuman.
    pub kazoe: KazoeLimit,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            kiriage: false,
            red_fives: false,
            open_tanyao: true,
            double_wind_pair_fu: 4,
            kazoe: KazoeLimit::Sanbaiman,
        }
    }
}

/// Circumstances that cannot go together, or that the hand cannot have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conflict {
    /// Riichi declared with a called group.
    RiichiOnOpenHand,
    /// Ippatsu without riichi.
    IppatsuWithoutRiichi,
    /// Haitei is a tsumo.
    HaiteiOnRon,
    /// Houtei is a ron.
    HouteiOnTsumo,
    /// Rinshan is a tsumo after the winner's own kan.
    RinshanWithoutKanTsumo,
    /// Chankan is a ron, and not on the last discard.
    ChankanNotRon,
    /// Haitei and rinshan are different last tiles.
    HaiteiWithRinshan,
    /// Tenhou is the dealer's first tsumo, chiihou a non-dealer's, both with no call.
    FirstDraw,
    /// The discarder is the winner.
    RonFromOwnSeat,
    /// Ura-dora indicators without riichi, or more of them than dora indicators.
    UraDora,
}
