//! Fu (minipoints): 20 base, 10 for a concealed ron, 2 for tsumo (not with pinfu), the sets, the pair and the
//! wait, rounded up to 10; seven pairs are 25 flat; an open hand without fu is paid as 30.

use arrayvec::ArrayVec;

use stecca_seam::tiles::{MeldKind, Tile};

use super::input::{Options, Situation};
use super::reading::{Standard, Wait};

/// One line of the fu count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuPart {
    /// 20 for every hand.
    Base,
    /// 10 for a ron with a closed hand.
    ConcealedRon,
    /// 2 for tsumo (not with pinfu).
    Tsumo,
    /// 2 that make an open hand without fu worth 30.
    OpenPinfu,
    /// 25, all of it, for seven pairs.
    SevenPairs,
    /// A pung or kan: 2 for an open pung of simples, doubled for terminals and honours, doubled when
    /// concealed, four times for a kan.
    Set {
        /// The set's tile.
        tile: Tile,
        /// A kan.
        kan: bool,
        /// Concealed (a pung completed by ron counts as open).
        concealed: bool,
    },
    /// A pair of a dragon, the seat wind or the round wind.
    Pair {
        /// The pair's tile.
        tile: Tile,
        /// 2, or for a wind both seat and round the option's value.
        fu: u8,
    },
    /// Kanchan, penchan or tanki.
    Wait(Wait),
}

impl FuPart {
    /// The fu of this line.
    pub fn fu(self) -> u8 {
        match self {
            FuPart::Base => 20,
            FuPart::ConcealedRon => 10,
            FuPart::Tsumo | FuPart::OpenPinfu => 2,
            FuPart::SevenPairs => 25,
            FuPart::Set { tile, kan, concealed } => {
                let head = if tile.is_head() { 2 } else { 1 };
                let closed = if concealed { 2 } else { 1 };
                let size = if kan { 4 } else { 1 };
                2 * head * closed * size
            }
            FuPart::Pair { fu, .. } => fu,
            FuPart::Wait(wait) => wait.fu(),
        }
    }
}

/// The fu lines of a hand, at most eight.
pub type FuParts = ArrayVec<FuPart, 8>;

/// Fu of the pair `tile` for this seat and round.
pub(crate) fn pair_fu(tile: Tile, situation: &Situation, options: &Options) -> u8 {
    if tile.is_dragon() {
        return 2;
    }
    match (tile == situation.seat.tile(), tile == situation.round.tile()) {
        (true, true) => options.double_wind_pair_fu,
        (true, false) | (false, true) => 2,
        (false, false) => 0,
    }
}

/// Whether set `i` of `reading` is concealed for fu and yaku: a concealed set, unless a ron completed it.
pub(crate) fn set_is_concealed(reading: &Standard, i: usize, situation: &Situation) -> bool {
    reading.sets[i].concealed && (reading.win_set != Some(i) || situation.is_tsumo())
}

/// The fu lines and the rounded total of a standard reading; `pinfu` drops the tsumo fu.
pub(crate) fn standard_fu(
    reading: &Standard,
    open: bool,
    pinfu: bool,
    situation: &Situation,
    options: &Options,
) -> (FuParts, u8) {
    let mut parts = FuParts::new();
    parts.push(FuPart::Base);
    if !open && !situation.is_tsumo() {
        parts.push(FuPart::ConcealedRon);
    }
    for (i, set) in reading.sets.iter().enumerate() {
        if set.kind == MeldKind::Chow {
            continue;
        }
        let concealed = set_is_concealed(reading, i, situation);
        parts.push(FuPart::Set { tile: set.tile, kan: set.kind == MeldKind::Kong, concealed });
    }
    let fu = pair_fu(reading.pair, situation, options);
    if fu > 0 {
        parts.push(FuPart::Pair { tile: reading.pair, fu });
    }
    if reading.wait.fu() > 0 {
        parts.push(FuPart::Wait(reading.wait));
    }
    if situation.is_tsumo() && !pinfu {
        parts.push(FuPart::Tsumo);
    }
    if open && parts.len() == 1 {
        parts.push(FuPart::OpenPinfu);
    }
    let total = round_up(&parts);
    (parts, total)
}

/// Seven pairs: 25 fu, not rounded.
pub(crate) fn seven_pairs_fu() -> (FuParts, u8) {
    let mut parts = FuParts::new();
    parts.push(FuPart::SevenPairs);
    (parts, 25)
}

fn round_up(parts: &FuParts) -> u8 {
    let sum: u32 = parts.iter().map(|p| u32::from(p.fu())).sum();
    u8::try_from(sum.div_ceil(10) * 10).unwrap_or(u8::MAX)
}
