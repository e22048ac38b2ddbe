//! From han and fu to points: the limits, the basic points, and who pays what (honba and deposits included).

use stecca_seam::tiles::Wind;

use super::input::{KazoeLimit, Options, Situation, Win};

/// A limit hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Limit {
    /// 5 han, or fewer han whose basic points pass 2,000 (with kiriage, also 4 han 30 fu and 3 han 60 fu).
    Mangan,
    /// 6–7 han.
    Haneman,
    /// 8–10 han.
    Baiman,
    /// 11 han or more (13 or more too, unless the kazoe option makes them a yakuman).
    Sanbaiman,
    /// A yakuman: one, whatever combines (RCR 2016).
    Yakuman,
}

impl Limit {
    /// The basic points of the limit.
    pub fn basic_points(self) -> u32 {
        match self {
            Limit::Mangan => 2000,
            Limit::Haneman => 3000,
            Limit::Baiman => 4000,
            Limit::Sanbaiman => 6000,
            Limit::Yakuman => 8000,
        }
    }
}

/// The limit reached by `han` and `fu` (`yakuman` when a yakuman was found), if any.
pub(crate) fn limit(han: u8, fu: u8, yakuman: bool, options: &Options) -> Option<Limit> {
    if yakuman {
        return Some(Limit::Yakuman);
    }
    Some(match han {
        13.. if options.kazoe == KazoeLimit::Yakuman => Limit::Yakuman,
        11.. => Limit::Sanbaiman,
        8..=10 => Limit::Baiman,
        6..=7 => Limit::Haneman,
        5 => Limit::Mangan,
        _ if options.kiriage && matches!((han, fu), (4, 30) | (3, 60)) => Limit::Mangan,
        _ if unlimited_basic(han, fu) > 2000 => Limit::Mangan,
        _ => return None,
    })
}

/// Basic points: the limit's, or fu × 2^(2 + han).
pub(crate) fn basic_points(han: u8, fu: u8, limit: Option<Limit>) -> u32 {
    limit.map_or_else(|| unlimited_basic(han, fu), Limit::basic_points)
}

fn unlimited_basic(han: u8, fu: u8) -> u32 {
    u32::from(fu) << (2 + u32::from(han.min(4)))
}

/// Who pays the winner what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Payments {
    /// What each seat pays (index [`Wind::index`]; the winner's is 0), honba included.
    pub pays: [u32; 4],
    /// The hand's value: the sum of the payments before honba.
    pub hand_value: u32,
    /// The honba part of the payments (300 per counter in all).
    pub honba: u32,
    /// The riichi deposits the winner collects (1,000 each).
    pub deposits: u32,
    /// Everything the winner receives.
    pub total: u32,
}

/// The payments for `basic` points: ron ×6 for the dealer, ×4 otherwise, from the discarder; tsumo ×2 from
/// the dealer (or from everyone when the dealer wins) and ×1 from the others; each rounded up to 100.
pub(crate) fn payments(basic: u32, situation: &Situation) -> Payments {
    let round = |points: u32| points.div_ceil(100) * 100;
    let honba = u32::from(situation.honba);
    let mut pays = [0u32; 4];
    let mut hand_value = 0;
    match situation.win {
        Win::Ron { discarder } => {
            let value = round(basic * if situation.is_dealer() { 6 } else { 4 });
            hand_value = value;
            pays[discarder.index()] = value + 300 * honba;
        }
        Win::Tsumo => {
            for payer in Wind::ALL.into_iter().filter(|&w| w != situation.seat) {
                let share = if situation.is_dealer() || payer == Wind::East { 2 } else { 1 };
                let value = round(basic * share);
                hand_value += value;
                pays[payer.index()] = value + 100 * honba;
            }
        }
    }
    let deposits = 1000 * u32::from(situation.deposits);
    let total = pays.iter().sum::<u32>() + deposits;
    Payments { pays, hand_value, honba: 300 * honba, deposits, total }
}
