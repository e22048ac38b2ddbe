//! The yaku of the RCR list and their han, and which of them a reading has.

use arrayvec::ArrayVec;

use stecca_seam::tiles::{Counts, Dragon, MeldKind, Suit, Tile};

use super::fu::{pair_fu, set_is_concealed};
use super::input::{Options, RiichiKind, Situation, WinningHand};
use super::reading::Standard;
use super::reading::Wait;

/// A yaku (or yakuman) of the EMA list. Its han depend on whether the hand is open ([`Yaku::han`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Yaku {
    /// Riichi (closed, 1).
    Riichi,
    /// Double riichi (closed, 2; instead of riichi).
    DoubleRiichi,
    /// Ippatsu (closed, 1).
    Ippatsu,
    /// Menzen tsumo: tsumo with a closed hand (1).
    MenzenTsumo,
    /// Pinfu: closed, four chows, a pair worth no fu, a two-sided wait (1).
    Pinfu,
    /// Iipeikou: two identical chows (closed, 1).
    Iipeikou,
    /// Tanyao: simples only (1, open too when kuitan is allowed).
    Tanyao,
    /// Pung or kan of white dragons (1).
    Haku,
    /// Pung or kan of green dragons (1).
    Hatsu,
    /// Pung or kan of red dragons (1).
    Chun,
    /// Pung or kan of the seat wind (1).
    SeatWind,
    /// Pung or kan of the round wind (1).
    RoundWind,
    /// Tsumo on the last wall tile (1).
    Haitei,
    /// Ron on the last discard (1).
    Houtei,
    /// Tsumo on a kan's replacement tile (1).
    Rinshan,
    /// Ron on a tile added to a kan (1).
    Chankan,
    /// Seven pairs (closed, 2).
    Chiitoitsu,
    /// The same chow in the three suits (2, open 1).
    Sanshoku,
    /// 123 456 789 of one suit (2, open 1).
    Ittsu,
    /// Every group holds a terminal or honour, with a chow and an honour (2, open 1).
    Chanta,
    /// Four pungs or kans (2).
    Toitoi,
    /// Three concealed pungs or kans (2).
    Sanankou,
    /// The same pung in the three suits (2).
    SanshokuDoukou,
    /// Three kans (2).
    Sankantsu,
    /// Terminals and honours only (2).
    Honroutou,
    /// Two dragon pungs and a dragon pair (2).
    Shousangen,
    /// One suit with honours (3, open 2).
    Honitsu,
    /// Every group holds a terminal, with a chow, no honours (3, open 2).
    Junchan,
    /// Two pairs of identical chows (closed, 3).
    Ryanpeikou,
    /// One suit only (6, open 5).
    Chinitsu,
    /// Renhou: a non-dealer's ron before his first draw, paid as a flat mangan alone (RCR §4.2.4); listed
    /// alone, with 5 han for the mangan it pays.
    Renhou,
    /// Yakuman: thirteen orphans.
    Kokushi,
    /// Yakuman: four concealed pungs.
    Suuankou,
    /// Yakuman: three dragon pungs.
    Daisangen,
    /// Yakuman: three wind pungs and a wind pair.
    Shousuushii,
    /// Yakuman: four wind pungs.
    Daisuushii,
    /// Yakuman: honours only.
    Tsuuiisou,
    /// Yakuman: terminals only.
    Chinroutou,
    /// Yakuman: green tiles only (2 3 4 6 8 bamboo, green dragon).
    Ryuuiisou,
    /// Yakuman: nine gates (1112345678999 + one of the suit, closed).
    ChuurenPoutou,
    /// Yakuman: four kans.
    Suukantsu,
    /// Yakuman: the dealer's tsumo on the first draw.
    Tenhou,
    /// Yakuman: a non-dealer's tsumo on the first draw.
    Chiihou,
}

/// Han of a yakuman in the count (one yakuman, whatever else the hand holds: RCR 2016).
pub const YAKUMAN_HAN: u8 = 13;

/// Han shown for renhou: the 5 of the mangan it pays (it adds to nothing).
pub const RENHOU_HAN: u8 = 5;

impl Yaku {
    /// A yakuman.
    pub fn is_yakuman(self) -> bool {
        self >= Yaku::Kokushi
    }

    /// Han with a closed hand (`open` false) or an open one; 13 for a yakuman.
    pub fn han(self, open: bool) -> u8 {
        use Yaku::*;
        match self {
            Riichi | Ippatsu | MenzenTsumo | Pinfu | Iipeikou | Tanyao | Haku | Hatsu | Chun | SeatWind | RoundWind
            | Haitei | Houtei | Rinshan | Chankan => 1,
            DoubleRiichi | Chiitoitsu | Toitoi | Sanankou | SanshokuDoukou | Sankantsu | Honroutou | Shousangen => 2,
            Sanshoku | Ittsu | Chanta => 2 - u8::from(open),
            Honitsu | Junchan => 3 - u8::from(open),
            Ryanpeikou => 3,
            Chinitsu => 6 - u8::from(open),
            Renhou => RENHOU_HAN,
            _ => YAKUMAN_HAN,
        }
    }
}

/// The yaku found in one reading.
pub type YakuList = ArrayVec<Yaku, 24>;

/// Facts that hold for the whole hand, whatever its reading.
pub(crate) struct HandFacts {
    pub open: bool,
    tanyao: bool,
    honroutou: bool,
    tsuuiisou: bool,
    chinroutou: bool,
    ryuuiisou: bool,
    chuuren: bool,
    flush: Flush,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Flush {
    None,
    Half,
    Full,
}

impl HandFacts {
    pub(crate) fn of(hand: &WinningHand) -> HandFacts {
        let counts = hand.all_counts();
        let present = || Tile::all().filter(|t| counts[t.index()] > 0);
        let suits = Suit::ALL.map(|s| present().any(|t| t.suit() == Some(s)));
        let suit_count = suits.iter().filter(|&&s| s).count();
        let honours = present().any(Tile::is_honour);
        let flush = match (suit_count, honours) {
            (1, false) => Flush::Full,
            (1, true) => Flush::Half,
            _ => Flush::None,
        };
        HandFacts {
            open: hand.is_open(),
            tanyao: present().all(|t| !t.is_head()),
            honroutou: present().all(Tile::is_head) && honours && suit_count > 0,
            tsuuiisou: present().all(Tile::is_honour),
            chinroutou: present().all(Tile::is_terminal),
            ryuuiisou: present().all(is_green),
            chuuren: hand.melds.is_empty() && flush == Flush::Full && is_nine_gates(&counts),
            flush,
        }
    }
}

fn is_green(tile: Tile) -> bool {
    tile == Tile::dragon(Dragon::Green)
        || (tile.suit() == Some(Suit::Bamboo) && matches!(tile.number(), Some(2 | 3 | 4 | 6 | 8)))
}

/// 1112345678999 plus one tile of the suit (the hand is known to be of one suit).
fn is_nine_gates(counts: &Counts) -> bool {
    let Some(suit) = Tile::all().find(|t| counts[t.index()] > 0).and_then(Tile::suit) else {
        return false;
    };
    let need = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    (1..=9u8).all(|n| Tile::suited(suit, n).is_some_and(|t| counts[t.index()] >= need[usize::from(n - 1)]))
}

/// Yaku from the circumstances of the win, whatever the reading.
pub(crate) fn situational(facts: &HandFacts, situation: &Situation, list: &mut YakuList) {
    match situation.riichi {
        RiichiKind::None => {}
        RiichiKind::Riichi => list.push(Yaku::Riichi),
        RiichiKind::Double => list.push(Yaku::DoubleRiichi),
    }
    let flags = [
        (situation.ippatsu, Yaku::Ippatsu),
        (situation.is_tsumo() && !facts.open, Yaku::MenzenTsumo),
        (situation.haitei, Yaku::Haitei),
        (situation.houtei, Yaku::Houtei),
        (situation.rinshan, Yaku::Rinshan),
        (situation.chankan, Yaku::Chankan),
    ];
    list.extend(flags.into_iter().filter(|(on, _)| *on).map(|(_, yaku)| yaku));
}

/// Yaku that depend on the tiles only (tanyao, flushes, honroutou).
fn tile_yaku(facts: &HandFacts, options: &Options, list: &mut YakuList) {
    if facts.tanyao && (!facts.open || options.open_tanyao) {
        list.push(Yaku::Tanyao);
    }
    match facts.flush {
        Flush::Full => list.push(Yaku::Chinitsu),
        Flush::Half => list.push(Yaku::Honitsu),
        Flush::None => {}
    }
    if facts.honroutou {
        list.push(Yaku::Honroutou);
    }
}

/// Yakuman from the tiles and the first draw, whatever the reading (the list is cleared of other yaku later).
fn tile_yakuman(facts: &HandFacts, situation: &Situation, list: &mut YakuList) {
    let flags = [
        (facts.tsuuiisou, Yaku::Tsuuiisou),
        (facts.chinroutou, Yaku::Chinroutou),
        (facts.ryuuiisou, Yaku::Ryuuiisou),
        (situation.tenhou, Yaku::Tenhou),
        (situation.chiihou, Yaku::Chiihou),
    ];
    list.extend(flags.into_iter().filter(|(on, _)| *on).map(|(_, yaku)| yaku));
}

/// Seven pairs: its own yaku with those of the circumstances and of the tiles.
pub(crate) fn seven_pairs_yaku(facts: &HandFacts, situation: &Situation, options: &Options) -> YakuList {
    let mut list = YakuList::new();
    tile_yakuman(facts, situation, &mut list);
    if list.is_empty() {
        situational(facts, situation, &mut list);
        list.push(Yaku::Chiitoitsu);
        tile_yaku(facts, options, &mut list);
    }
    list
}

/// Thirteen orphans (with tenhou or chiihou when they apply).
pub(crate) fn thirteen_orphans_yaku(situation: &Situation) -> YakuList {
    let mut list = YakuList::new();
    list.push(Yaku::Kokushi);
    if situation.tenhou {
        list.push(Yaku::Tenhou);
    }
    if situation.chiihou {
        list.push(Yaku::Chiihou);
    }
    list
}

/// The yaku of a standard reading, and whether it is pinfu (which drops the tsumo fu).
pub(crate) fn standard_yaku(
    facts: &HandFacts,
    reading: &Standard,
    situation: &Situation,
    options: &Options,
) -> (YakuList, bool) {
    let shape = Shape::of(reading, situation);
    let mut list = YakuList::new();
    tile_yakuman(facts, situation, &mut list);
    shape.yakuman(facts, &mut list);
    if !list.is_empty() {
        return (list, false);
    }
    situational(facts, situation, &mut list);
    tile_yaku(facts, options, &mut list);
    let pinfu = !facts.open
        && shape.chows.len() == 4
        && reading.wait == Wait::Ryanmen
        && pair_fu(reading.pair, situation, options) == 0;
    if pinfu {
        list.push(Yaku::Pinfu);
    }
    shape.set_yaku(facts, reading, situation, &mut list);
    (list, pinfu)
}

/// The sets of a standard reading, sorted out once.
struct Shape {
    /// First tiles of the chows.
    chows: ArrayVec<Tile, 4>,
    /// Tiles of the pungs and kans.
    pungs: ArrayVec<Tile, 4>,
    pair: Tile,
    concealed_pungs: usize,
    kans: usize,
}

impl Shape {
    fn of(reading: &Standard, situation: &Situation) -> Shape {
        let mut shape =
            Shape { chows: ArrayVec::new(), pungs: ArrayVec::new(), pair: reading.pair, concealed_pungs: 0, kans: 0 };
        for (i, set) in reading.sets.iter().enumerate() {
            if set.kind == MeldKind::Chow {
                shape.chows.push(set.tile);
                continue;
            }
            shape.pungs.push(set.tile);
            shape.kans += usize::from(set.kind == MeldKind::Kong);
            shape.concealed_pungs += usize::from(set_is_concealed(reading, i, situation));
        }
        shape
    }

    fn count_pungs(&self, wanted: impl Fn(Tile) -> bool) -> usize {
        self.pungs.iter().filter(|&&t| wanted(t)).count()
    }

    fn yakuman(&self, facts: &HandFacts, list: &mut YakuList) {
        let dragons = self.count_pungs(Tile::is_dragon);
        let winds = self.count_pungs(|t| t.wind().is_some());
        let flags = [
            (self.concealed_pungs == 4, Yaku::Suuankou),
            (dragons == 3, Yaku::Daisangen),
            (winds == 3 && self.pair.wind().is_some(), Yaku::Shousuushii),
            (winds == 4, Yaku::Daisuushii),
            (facts.chuuren, Yaku::ChuurenPoutou),
            (self.kans == 4, Yaku::Suukantsu),
        ];
        list.extend(flags.into_iter().filter(|(on, _)| *on).map(|(_, yaku)| yaku));
    }

    fn set_yaku(&self, facts: &HandFacts, reading: &Standard, situation: &Situation, list: &mut YakuList) {
        if !facts.open {
            match identical_chow_pairs(&self.chows) {
                0 => {}
                1 => list.push(Yaku::Iipeikou),
                _ => list.push(Yaku::Ryanpeikou),
            }
        }
        for &tile in &self.pungs {
            let dragon = [(Dragon::White, Yaku::Haku), (Dragon::Green, Yaku::Hatsu), (Dragon::Red, Yaku::Chun)]
                .into_iter()
                .find(|(d, _)| Tile::dragon(*d) == tile);
            if let Some((_, yaku)) = dragon {
                list.push(yaku);
            }
            if tile == situation.seat.tile() {
                list.push(Yaku::SeatWind);
            }
            if tile == situation.round.tile() {
                list.push(Yaku::RoundWind);
            }
        }
        let flags = [
            (self.same_in_three_suits(&self.chows), Yaku::Sanshoku),
            (self.straight(), Yaku::Ittsu),
            (self.pungs.len() == 4, Yaku::Toitoi),
            (self.concealed_pungs == 3, Yaku::Sanankou),
            (self.same_in_three_suits(&self.pungs), Yaku::SanshokuDoukou),
            (self.kans == 3, Yaku::Sankantsu),
            (self.count_pungs(Tile::is_dragon) == 2 && self.pair.is_dragon(), Yaku::Shousangen),
        ];
        list.extend(flags.into_iter().filter(|(on, _)| *on).map(|(_, yaku)| yaku));
        self.outside_hand(reading, list);
    }

    /// Chanta or junchan: every group holds a terminal (or an honour), with at least one chow.
    fn outside_hand(&self, reading: &Standard, list: &mut YakuList) {
        if self.chows.is_empty() {
            return;
        }
        let chows_outside = self.chows.iter().all(|t| matches!(t.number(), Some(1 | 7)));
        let rest_outside = self.pungs.iter().all(|t| t.is_head()) && reading.pair.is_head();
        if !(chows_outside && rest_outside) {
            return;
        }
        let honours = self.pungs.iter().any(|t| t.is_honour()) || reading.pair.is_honour();
        list.push(if honours { Yaku::Chanta } else { Yaku::Junchan });
    }

    /// A number whose group (chow start or pung) is there in all three suits.
    fn same_in_three_suits(&self, tiles: &[Tile]) -> bool {
        tiles.iter().any(|t| {
            let Some(n) = t.number() else {
                return false;
            };
            Suit::ALL.iter().all(|&s| Tile::suited(s, n).is_some_and(|x| tiles.contains(&x)))
        })
    }

    fn straight(&self) -> bool {
        Suit::ALL
            .iter()
            .any(|&s| [1, 4, 7].iter().all(|&n| Tile::suited(s, n).is_some_and(|x| self.chows.contains(&x))))
    }
}

/// How many pairs of identical chows there are (two for ryanpeikou).
fn identical_chow_pairs(chows: &[Tile]) -> usize {
    let mut sorted: ArrayVec<Tile, 4> = chows.iter().copied().collect();
    sorted.sort_unstable();
    let mut pairs = 0;
    let mut i = 0;
    while i + 1 < sorted.len() {
        if sorted[i] == sorted[i + 1] {
            pairs += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    pairs
}
