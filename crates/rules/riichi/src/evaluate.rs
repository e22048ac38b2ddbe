//! The evaluator: checks the input, scores every reading and keeps the one the winner is paid most for (then
//! the most han, then the most fu, as the `mahjong` library and tenhou choose).

use thiserror::Error;

use stecca_seam::tiles::{Suit, Tile};

use super::cost::{self, Limit, Payments};
use super::fu::{self, FuParts};
use super::input::{Conflict, Options, RiichiKind, Situation, Win, WinningHand};
use super::reading::Wait;
use super::reading::{Reading, for_each_reading};
use super::tiles::{dora_after, five};
use super::yaku::{self, HandFacts, RENHOU_HAN, YAKUMAN_HAN, Yaku, YakuList};

/// Why a win cannot be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// Not 14 tiles, counting each kan as 3 and the winning tile included (the count found).
    #[error("{counted} tiles instead of 14")]
    TileCount {
        /// Tiles counted.
        counted: usize,
    },
    /// More than four copies of a tile, counting the dora and ura-dora indicators.
    #[error("a fifth {0}")]
    FifthCopy(Tile),
    /// A red five while they are not in play, a second one in a suit, or one without a five of its suit.
    #[error("red five of {0:?}")]
    RedFive(Suit),
    /// More than five dora indicators.
    #[error("more than five dora indicators")]
    Indicators,
    /// The tiles form no complete hand.
    #[error("not a complete hand")]
    NotComplete,
    /// A complete hand without a yaku (dora do not count).
    #[error("no yaku")]
    NoYaku,
    /// Circumstances that cannot go together.
    #[error("{0:?}")]
    Conflict(Conflict),
}

/// The value of a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The yaku, or only the yakuman when there is one.
    pub yaku: YakuList,
    /// The hand has a called group (for [`Yaku::han`]).
    pub open: bool,
    /// Dora counted (none with a yakuman).
    pub dora: u8,
    /// Ura dora counted (riichi only; none with a yakuman).
    pub ura_dora: u8,
    /// Red fives counted (when in play; none with a yakuman).
    pub red_fives: u8,
    /// Han in all, dora included; 13 for a yakuman.
    pub han: u8,
    /// Yakuman found (paid as one whatever their number: RCR 2016).
    pub yakuman: u8,
    /// Fu, rounded (25 for seven pairs, 0 for thirteen orphans).
    pub fu: u8,
    /// The fu lines.
    pub fu_parts: FuParts,
    /// The wait of the chosen reading (none for seven pairs and thirteen orphans).
    pub wait: Option<Wait>,
    /// The limit reached.
    pub limit: Option<Limit>,
    /// Basic points (fu × 2^(2+han), or the limit's).
    pub basic_points: u32,
    /// Who pays what.
    pub payments: Payments,
}

/// Scores the win of `hand` in `situation` under `options`.
pub fn evaluate(hand: &WinningHand, situation: &Situation, options: &Options) -> Result<Score, Refusal> {
    check_tiles(hand, situation, options)?;
    check_situation(hand, situation).map_err(Refusal::Conflict)?;
    if situation.renhou {
        return renhou(hand, situation, options);
    }
    let facts = HandFacts::of(hand);
    let bonus = Bonus::of(hand, situation, options);
    let mut best: Option<Score> = None;
    let mut complete = false;
    for_each_reading(hand, |reading| {
        complete = true;
        let Some(score) = score_reading(reading, &facts, &bonus, situation, options) else {
            return;
        };
        let key = |s: &Score| (s.basic_points, s.han, s.fu);
        if best.as_ref().is_none_or(|b| key(&score) > key(b)) {
            best = Some(score);
        }
    });
    best.ok_or(if complete { Refusal::NoYaku } else { Refusal::NotComplete })
}

/// Renhou pays a flat mangan, adding to no other yaku and no dora (RCR §4.2.4); the winner gets the higher of
/// that and the hand's own value without it (the digest's Interpretation: a renhou yakuman pays the yakuman).
fn renhou(hand: &WinningHand, situation: &Situation, options: &Options) -> Result<Score, Refusal> {
    let own = evaluate(hand, &Situation { renhou: false, ..situation.clone() }, options);
    if let Ok(own) = &own
        && own.basic_points > Limit::Mangan.basic_points()
    {
        return Ok(own.clone());
    }
    let mut complete = false;
    for_each_reading(hand, |_| complete = true);
    if !complete {
        return Err(Refusal::NotComplete);
    }
    let basic_points = Limit::Mangan.basic_points();
    let mut yaku = YakuList::new();
    yaku.push(Yaku::Renhou);
    Ok(Score {
        yaku,
        open: false,
        dora: 0,
        ura_dora: 0,
        red_fives: 0,
        han: RENHOU_HAN,
        yakuman: 0,
        fu: 0,
        fu_parts: FuParts::new(),
        wait: None,
        limit: Some(Limit::Mangan),
        basic_points,
        payments: cost::payments(basic_points, situation),
    })
}

/// Dora, ura dora and red fives of the hand (the same in every reading).
struct Bonus {
    dora: u8,
    ura: u8,
    red: u8,
}

impl Bonus {
    fn of(hand: &WinningHand, situation: &Situation, options: &Options) -> Bonus {
        let counts = hand.all_counts();
        let count = |indicators: &[Tile]| indicators.iter().map(|&i| counts[dora_after(i).index()]).sum::<u8>();
        let ura = if situation.riichi == RiichiKind::None { 0 } else { count(&situation.ura_indicators) };
        let red = if options.red_fives { hand.red_fives.iter().sum() } else { 0 };
        Bonus { dora: count(&situation.dora_indicators), ura, red }
    }
}

fn score_reading(
    reading: &Reading,
    facts: &HandFacts,
    bonus: &Bonus,
    situation: &Situation,
    options: &Options,
) -> Option<Score> {
    let (list, (fu_parts, fu), wait) = match reading {
        Reading::Standard(standard) => {
            let (list, pinfu) = yaku::standard_yaku(facts, standard, situation, options);
            (list, fu::standard_fu(standard, facts.open, pinfu, situation, options), Some(standard.wait))
        }
        Reading::SevenPairs => (yaku::seven_pairs_yaku(facts, situation, options), fu::seven_pairs_fu(), None),
        Reading::ThirteenOrphans => (yaku::thirteen_orphans_yaku(situation), (FuParts::new(), 0), None),
    };
    if list.is_empty() {
        return None;
    }
    let yakuman = u8::try_from(list.iter().filter(|y| y.is_yakuman()).count()).unwrap_or(u8::MAX);
    let (han, dora, ura_dora, red_fives) = if yakuman > 0 {
        (YAKUMAN_HAN, 0, 0, 0)
    } else {
        let yaku_han: u8 = list.iter().map(|y| y.han(facts.open)).sum();
        (yaku_han + bonus.dora + bonus.ura + bonus.red, bonus.dora, bonus.ura, bonus.red)
    };
    let limit = cost::limit(han, fu, yakuman > 0, options);
    let basic_points = cost::basic_points(han, fu, limit);
    let payments = cost::payments(basic_points, situation);
    Some(Score {
        yaku: list,
        open: facts.open,
        dora,
        ura_dora,
        red_fives,
        han,
        yakuman,
        fu,
        fu_parts,
        wait,
        limit,
        basic_points,
        payments,
    })
}

fn check_tiles(hand: &WinningHand, situation: &Situation, options: &Options) -> Result<(), Refusal> {
    let counted = hand.counted_tiles();
    if counted != 14 {
        return Err(Refusal::TileCount { counted });
    }
    if situation.dora_indicators.len() > 5 {
        return Err(Refusal::Indicators);
    }
    let mut counts = hand.all_counts();
    for &indicator in situation.dora_indicators.iter().chain(&situation.ura_indicators) {
        counts[indicator.index()] = counts[indicator.index()].saturating_add(1);
    }
    if let Some(tile) = Tile::all().find(|t| counts[t.index()] > 4) {
        return Err(Refusal::FifthCopy(tile));
    }
    let all = hand.all_counts();
    for suit in Suit::ALL {
        let red = hand.red_fives[suit as usize];
        let fives = five(suit).map_or(0, |t| all[t.index()]);
        if red > 0 && (!options.red_fives || red > 1 || fives == 0) {
            return Err(Refusal::RedFive(suit));
        }
    }
    Ok(())
}

fn check_situation(hand: &WinningHand, s: &Situation) -> Result<(), Conflict> {
    let tsumo = s.is_tsumo();
    let riichi = s.riichi != RiichiKind::None;
    let checks = [
        (riichi && hand.is_open(), Conflict::RiichiOnOpenHand),
        (s.ippatsu && !riichi, Conflict::IppatsuWithoutRiichi),
        (s.haitei && !tsumo, Conflict::HaiteiOnRon),
        (s.houtei && tsumo, Conflict::HouteiOnTsumo),
        (s.rinshan && (!tsumo || hand.kans() == 0), Conflict::RinshanWithoutKanTsumo),
        (s.chankan && (tsumo || s.houtei), Conflict::ChankanNotRon),
        (s.haitei && s.rinshan, Conflict::HaiteiWithRinshan),
        (s.tenhou && (!s.is_dealer() || s.chiihou), Conflict::FirstDraw),
        (s.chiihou && s.is_dealer(), Conflict::FirstDraw),
        ((s.tenhou || s.chiihou) && (!tsumo || !hand.melds.is_empty()), Conflict::FirstDraw),
        // Renhou comes before the winner's first draw: no call, no riichi, no kan to rob, not the last discard.
        (
            s.renhou
                && (s.is_dealer()
                    || tsumo
                    || !hand.melds.is_empty()
                    || s.tenhou
                    || s.chiihou
                    || s.riichi != RiichiKind::None
                    || s.chankan
                    || s.houtei),
            Conflict::FirstDraw,
        ),
        (s.win == Win::Ron { discarder: s.seat }, Conflict::RonFromOwnSeat),
        (!s.ura_indicators.is_empty() && !riichi, Conflict::UraDora),
        (s.ura_indicators.len() > s.dora_indicators.len(), Conflict::UraDora),
    ];
    match checks.into_iter().find(|(wrong, _)| *wrong) {
        Some((_, conflict)) => Err(conflict),
        None => Ok(()),
    }
}
