//! The evaluator: checks the input, scores every reading and keeps the one worth most (MCR §3.9.1.5).
//!
//! Each reading fills a [`Table`] the way the book counts: the fan of the sets and their combinations, of the
//! whole hand's tiles, of the win; then the fan that a counted fan implies are struck ("not counted" in the
//! digest's table). Flowers are added last and never toward the minimum.

use thiserror::Error;

use stecca_seam::tiles::{Counts, KINDS, Meld, MeldKind, Suit, Tile};

use super::fan::{self, FAN_COUNT, Fan, Table, add, drop, has, set};
use super::input::{ConcealedSelfDraw, Conflict, NineGatesPungs, Options, Situation, WinningHand};
use super::reading::{Reading, for_each_reading, is_complete};
use super::sets::{chow_fans, pung_fans};

/// The least a Hu must score, flowers not counted (MCR §3.9.1.1).
pub const MINIMUM: u32 = 8;

/// Why a win cannot be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// Not 14 tiles, counting each kong as 3 and the winning tile included (the count found).
    #[error("{counted} tiles instead of 14")]
    TileCount {
        /// Tiles counted.
        counted: usize,
    },
    /// More than four copies of a tile.
    #[error("a fifth {0}")]
    FifthCopy(Tile),
    /// More than the eight flowers and seasons.
    #[error("{0} flowers")]
    Flowers(u8),
    /// The tiles form no complete hand.
    #[error("not a complete hand")]
    NotComplete,
    /// Circumstances the hand cannot have.
    #[error("{0:?}")]
    Conflict(Conflict),
}

/// The value of a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The fan counted and how many times each, in the book's order; flowers last ([`Fan::HuaPai`]).
    pub fans: Vec<(Fan, u8)>,
    /// Points without flowers.
    pub points: u32,
    /// Flowers and seasons (1 point each).
    pub flowers: u8,
    /// Points with flowers: what is paid.
    pub total: u32,
    /// The points without flowers reach [`MINIMUM`]: a legal Hu (otherwise a False Hu).
    pub legal: bool,
}

/// Scores the win of `hand` in `situation` under `options`.
pub fn evaluate(hand: &WinningHand, situation: &Situation, options: &Options) -> Result<Score, Refusal> {
    check_tiles(hand)?;
    check_situation(hand, situation).map_err(Refusal::Conflict)?;
    let facts = Facts::of(hand, situation, options);
    let bag = hand.bag_with_win();
    let mut best: Option<(Key, Table)> = None;
    for_each_reading(&bag, &hand.melds, |reading| {
        let table = score_reading(&facts, reading);
        let key = Key::of(&table, reading);
        if best.as_ref().is_none_or(|(b, _)| key > *b) {
            best = Some((key, table));
        }
    });
    let (_, mut table) = best.ok_or(Refusal::NotComplete)?;
    let points = fan::points(&table);
    table[Fan::HuaPai as usize] = hand.flowers;
    let fans = Fan::ALL.iter().filter(|&&f| has(&table, f)).map(|&f| (f, table[f as usize])).collect();
    Ok(Score { fans, points, flowers: hand.flowers, total: points + u32::from(hand.flowers), legal: points >= MINIMUM })
}

/// The order between readings: the most points. Readings of equal points are equally right; among them the
/// library's choice is taken, so that the differential compares fan names too: a standard split before Seven
/// Pairs, one with Pure Triple Chow or Triple Pung, then the split that puts the lowest tiles in sets (the
/// library's search order), i.e. the highest pair.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    points: u32,
    standard: bool,
    triple: bool,
    pair: usize,
}

impl Key {
    fn of(table: &Table, reading: &Reading) -> Key {
        Key {
            points: fan::points(table),
            standard: matches!(reading, Reading::Standard { .. }),
            triple: has(table, Fan::YiSeSanTongShun) || has(table, Fan::SanTongKe),
            pair: match reading {
                Reading::Standard { pair, .. } => pair.index(),
                _ => 0,
            },
        }
    }
}

/// What every reading of the hand shares.
struct Facts {
    all: Counts,
    win: Tile,
    situation: Situation,
    options: Options,
    melded: usize,
    kongs: usize,
    /// The winning tile is the only tile that completes the 13 others (any shape).
    unique_wait: bool,
    /// Last Tile applies (flagged, or the winner's exposed sets hold the other three).
    last_tile: bool,
    nine_gates: bool,
}

impl Facts {
    fn of(hand: &WinningHand, situation: &Situation, options: &Options) -> Facts {
        let exposed = hand.exposed_counts()[hand.win.index()];
        Facts {
            all: hand.all_counts(),
            win: hand.win,
            situation: *situation,
            options: *options,
            melded: hand.melded_sets(),
            kongs: hand.kongs(),
            unique_wait: is_sole_wait(hand),
            last_tile: (situation.fourth_tile || exposed == 3) && hand.concealed[hand.win.index()] == 0,
            nine_gates: is_nine_gates(hand),
        }
    }

    fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().filter(|t| self.all[t.index()] > 0)
    }
}

/// The tiles that complete the 13 tiles before the win (MCR App. 1 fan 77–79, digest "Waits"): any shape, a
/// tile of which the winner already holds four left out. The evaluator asks [`is_sole_wait`], which finds the
/// same answer without trying every tile; this is its reference in the tests.
#[cfg(test)]
pub(super) fn waits(hand: &WinningHand) -> Vec<Tile> {
    let mut held = hand.all_counts();
    held[hand.win.index()] -= 1;
    Tile::all()
        .filter(|t| held[t.index()] < 4)
        .filter(|t| {
            let mut bag = hand.concealed;
            bag[t.index()] += 1;
            is_complete(&bag, &hand.melds)
        })
        .collect()
}

/// Whether the winning tile is the only tile that completes the 13 before it ([`waits`] is exactly the winning
/// tile). The time of an evaluation was mostly this test, once per tile kind; now it stops at the first other
/// tile that completes the hand, and tries only the tiles that can: a tile held, or one within two of a held
/// tile of its suit (a pair, a pung or a chow needs one of those), unless the concealed tiles may be read as
/// Thirteen Orphans, the Honors and Knitted hands or a Knitted Straight, where any tile of theirs may.
pub(super) fn is_sole_wait(hand: &WinningHand) -> bool {
    let mut held = hand.all_counts();
    let win = hand.win;
    held[win.index()] -= 1;
    if held[win.index()] >= 4 {
        return false;
    }
    let bag = &hand.concealed;
    let special = hand.melds.is_empty()
        && (bag.iter().all(|&c| c <= 1) || Tile::all().all(|t| bag[t.index()] == 0 || t.is_head()));
    let knitted = hand.melds.len() <= 1
        && super::reading::knitted_straights().any(|ks| ks.iter().filter(|t| bag[t.index()] > 0).count() >= 8);
    let can_complete = |t: Tile| special || knitted || near_a_held_tile(bag, t);
    !Tile::all().filter(|&t| t != win && held[t.index()] < 4 && can_complete(t)).any(|t| {
        let mut with = *bag;
        with[t.index()] += 1;
        is_complete(&with, &hand.melds)
    })
}

/// `tile` is held, or a held tile of its suit is at most two numbers away.
fn near_a_held_tile(bag: &Counts, tile: Tile) -> bool {
    if bag[tile.index()] > 0 {
        return true;
    }
    let (Some(suit), Some(number)) = (tile.suit(), tile.number()) else { return false };
    (number.saturating_sub(2).max(1)..=(number + 2).min(9))
        .filter_map(|n| Tile::suited(suit, n))
        .any(|t| bag[t.index()] > 0)
}

/// Concealed `1112345678999` of one suit before the win, won on a tile of that suit (fan 4).
fn is_nine_gates(hand: &WinningHand) -> bool {
    let Some(suit) = hand.win.suit() else {
        return false;
    };
    hand.melds.is_empty()
        && Tile::all().all(|t| {
            let want = match (t.suit(), t.number()) {
                (Some(s), Some(1 | 9)) if s == suit => 3,
                (Some(s), _) if s == suit => 1,
                _ => 0,
            };
            hand.concealed[t.index()] == want
        })
}

fn score_reading(f: &Facts, reading: &Reading) -> Table {
    let mut t: Table = [0; FAN_COUNT];
    win_flags(f, &mut t);
    match *reading {
        Reading::Standard { sets, from_bag, pair } => standard(f, &sets, from_bag, pair, &mut t),
        Reading::SevenPairs => seven_pairs(f, &mut t),
        Reading::ThirteenOrphans => {
            set(&mut t, Fan::ShiSanYao);
            concealed_self_draw(f, &mut t);
            exclusions(&mut t);
        }
        Reading::HonorsKnitted { greater, all_nine } => {
            if greater {
                set(&mut t, Fan::QiXingBuKao);
            } else {
                set(&mut t, Fan::QuanBuKao);
                if all_nine {
                    set(&mut t, Fan::ZuHeLong);
                }
            }
            concealed_self_draw(f, &mut t);
            exclusions(&mut t);
        }
        Reading::Knitted { set: fourth, pair, .. } => knitted(f, fourth, pair, &mut t),
    }
    if t.iter().all(|&n| n == 0) {
        set(&mut t, Fan::WuFanHu);
    }
    t
}

/// Last Tile, Last Tile Draw, Last Tile Claim, Out with Replacement Tile, Robbing the Kong, Self-Drawn.
fn win_flags(f: &Facts, t: &mut Table) {
    let s = &f.situation;
    if f.last_tile && !s.robbing_kong {
        set(t, Fan::HuJueZhang);
    }
    if s.self_drawn {
        set(t, Fan::ZiMo);
        if s.last_wall_tile {
            set(t, Fan::MiaoShouHuiChun);
        }
        if s.kong_replacement {
            set(t, Fan::GangShangKaiHua);
        }
    } else {
        if s.last_discard {
            set(t, Fan::HaiDiLaoYue);
        }
        if s.robbing_kong {
            set(t, Fan::QiangGangHu);
        }
    }
}

/// A hand concealed by definition (Nine Gates, Four Concealed Pungs, the special shapes), self-drawn: Fully
/// Concealed Hand or Self-Drawn as the option says; on a discard, nothing (Concealed Hand is implied).
fn concealed_self_draw(f: &Facts, t: &mut Table) {
    if f.situation.self_drawn && f.options.fully_concealed_with_concealed_hands == ConcealedSelfDraw::FullyConcealed {
        set(t, Fan::BuQiuRen);
    }
    drop(t, &[Fan::MenQianQing]);
}

fn standard(f: &Facts, sets: &[Meld; 4], from_bag: usize, pair: Tile, t: &mut Table) {
    let win = f.win;
    let wait = wait_fan(f, &sets[..from_bag], pair);
    // A concealed pung completed by the winning discard counts as melded, unless the tile can be read in
    // a concealed chow or the pair instead (the reading that scores most).
    let pung_only = !f.situation.self_drawn && pair != win && !in_concealed_chow(&sets[..from_bag], win);
    let (mut concealed, mut melded_kongs, mut concealed_kongs) = (0, 0, 0);
    let mut chows = Vec::with_capacity(4);
    let mut pungs = Vec::with_capacity(4);
    for (i, s) in sets.iter().enumerate() {
        match s.kind {
            MeldKind::Chow => chows.push(s.tile),
            MeldKind::Pung => {
                pungs.push(s.tile);
                let completed_by_discard = pung_only && i < from_bag && s.tile == win;
                if s.concealed && !completed_by_discard {
                    concealed += 1;
                }
            }
            _ => {
                pungs.push(s.tile);
                if s.concealed {
                    concealed_kongs += 1;
                } else {
                    melded_kongs += 1;
                }
            }
        }
    }
    kong_fans(concealed, melded_kongs, concealed_kongs, t);
    if pungs.len() == 4 {
        set(t, Fan::PengPengHu);
    }
    for &p in &pungs {
        if p.is_dragon() {
            add(t, Fan::JianKe);
        } else if p.is_head() {
            add(t, Fan::YaoJiuKe);
        }
    }
    if !terminal_chows(&chows, pair, t) {
        chow_fans(&chows, t);
    }
    pung_fans(&pungs, t);
    match (f.melded, f.situation.self_drawn) {
        (0, true) => set(t, Fan::BuQiuRen),
        (0, false) => set(t, Fan::MenQianQing),
        (4, false) => set(t, Fan::QuanQiuRen),
        _ => {}
    }
    if chows.len() == 4 && pair.suit().is_some() {
        set(t, Fan::PingHu);
    }
    if has(t, Fan::ShuangJianKe) && pair.is_dragon() {
        drop(t, &[Fan::ShuangJianKe]);
        set(t, Fan::XiaoSanYuan);
    }
    if has(t, Fan::SanFengKe) && pair.wind().is_some() {
        drop(t, &[Fan::SanFengKe]);
        set(t, Fan::XiaoSiXi);
    }
    group_traits(sets, pair, t);
    tile_fans(f, t);
    if !has(t, Fan::YiSeSiTongShun) {
        tile_hog(f, t);
    }
    if let Some(wait) = wait {
        set(t, wait);
    }
    if f.nine_gates {
        set(t, Fan::JiuLianBaoDeng);
        let pungs = t[Fan::YaoJiuKe as usize];
        drop(t, &[Fan::QingYiSe, Fan::MenQianQing, Fan::QueYiMen, Fan::WuZi, Fan::YaoJiuKe]);
        if f.options.nine_gates_terminal_pungs == NineGatesPungs::AllButOne {
            t[Fan::YaoJiuKe as usize] = pungs.saturating_sub(1);
        }
    }
    if (f.nine_gates || has(t, Fan::SiAnKe)) && has(t, Fan::BuQiuRen) {
        drop(t, &[Fan::BuQiuRen]);
        concealed_self_draw(f, t);
    }
    exclusions(t);
    if !has(t, Fan::DaSiXi) {
        for &p in pungs.iter().filter(|p| p.wind().is_some()) {
            wind_pung(f, p, t);
        }
    }
}

fn in_concealed_chow(concealed: &[Meld], win: Tile) -> bool {
    concealed.iter().any(|s| s.kind == MeldKind::Chow && (0..3).any(|o| s.tile.index() + o == win.index()))
}

/// Edge, Closed or Single Wait when the winning tile is the only one that completes the hand: by its role in
/// the split (at most one of the three: Edge, then Closed, then Single; Melded Hand and Four Kongs strike
/// Single Wait).
fn wait_fan(f: &Facts, concealed: &[Meld], pair: Tile) -> Option<Fan> {
    if !f.unique_wait {
        return None;
    }
    let win = f.win;
    let chows = || concealed.iter().filter(|s| s.kind == MeldKind::Chow);
    let edge = chows().any(|s| match s.tile.number() {
        Some(1) => win.index() == s.tile.index() + 2,
        Some(7) => win == s.tile,
        _ => false,
    });
    let closed = chows().any(|s| win.index() == s.tile.index() + 1);
    [(edge, Fan::BianZhang), (closed, Fan::KanZhang), (pair == win, Fan::DanDiaoJiang)]
        .into_iter()
        .find_map(|(yes, fan)| yes.then_some(fan))
}

/// Kongs (fan 5, 17, 48, 57, 67, 74) and concealed pungs (12, 33, 66), concealed kongs counting as concealed
/// pungs except the two that Two Concealed Kongs already covers.
fn kong_fans(concealed_pungs: usize, melded: usize, concealed: usize, t: &mut Table) {
    match (melded + concealed, concealed) {
        (4, _) => set(t, Fan::SiGang),
        (3, _) => set(t, Fan::SanGang),
        (2, 0) => set(t, Fan::ShuangMingGang),
        (2, 1) => {
            set(t, Fan::ShuangMingGang);
            set(t, Fan::AnGang);
        }
        (2, _) => set(t, Fan::ShuangAnGang),
        (1, 1) => set(t, Fan::AnGang),
        (1, _) => set(t, Fan::MingGang),
        _ => {}
    }
    let covered = melded == 0 && concealed == 2;
    match concealed_pungs + concealed {
        4 => set(t, Fan::SiAnKe),
        3 => set(t, Fan::SanAnKe),
        2 if !covered => set(t, Fan::ShuangAnKe),
        _ => {}
    }
}

/// Pure Terminal Chows and Three-Suited Terminal Chows (123, 789 twice and a pair of 5s), which leave no
/// chow fan to count.
fn terminal_chows(chows: &[Tile], pair: Tile, t: &mut Table) -> bool {
    let (Some(pair_suit), Some(5)) = (pair.suit(), pair.number()) else {
        return false;
    };
    if chows.len() != 4 || chows.iter().any(|c| !matches!(c.number(), Some(1 | 7))) {
        return false;
    }
    let count = |suit: Suit, n: u8| chows.iter().filter(|c| c.suit() == Some(suit) && c.number() == Some(n)).count();
    if count(pair_suit, 1) == 2 && count(pair_suit, 7) == 2 {
        set(t, Fan::YiSeShuangLongHui);
        return true;
    }
    let others: Vec<Suit> = Suit::ALL.into_iter().filter(|&s| s != pair_suit).collect();
    if others.iter().all(|&s| count(s, 1) == 1 && count(s, 7) == 1) {
        set(t, Fan::SanSeShuangLongHui);
        return true;
    }
    false
}

/// Outside Hand, All Fives, All Even Pungs: a property of every set and the pair.
fn group_traits(sets: &[Meld; 4], pair: Tile, t: &mut Table) {
    let groups = sets.iter().map(|s| (s.kind == MeldKind::Chow, s.tile)).chain([(false, pair)]);
    let (mut outside, mut fives, mut even) = (0, 0, 0);
    for (chow, tile) in groups {
        match (chow, tile.number()) {
            (_, None) => outside += 1,
            (true, Some(1 | 7)) | (false, Some(1 | 9)) => outside += 1,
            (true, Some(3..=5)) | (false, Some(5)) => fives += 1,
            (false, Some(2 | 4 | 6 | 8)) => even += 1,
            _ => {}
        }
    }
    if outside == 5 {
        set(t, Fan::QuanDaiYao);
    } else if fives == 5 {
        set(t, Fan::QuanDaiWu);
    } else if even == 5 {
        set(t, Fan::QuanShuangKe);
    }
}

/// The fan of the whole hand's tiles: suits (75, 76, 50, 22, 52), kinds (68, 40, 3, 11, 8, 18) and ranges
/// (36, 37, 25–27).
fn tile_fans(f: &Facts, t: &mut Table) {
    let tiles: Vec<Tile> = f.tiles().collect();
    let suits: Vec<Suit> = Suit::ALL.into_iter().filter(|&s| tiles.iter().any(|t| t.suit() == Some(s))).collect();
    let honors = tiles.iter().any(|t| t.is_honour());
    match (suits.len(), honors) {
        (1, true) => set(t, Fan::HunYiSe),
        (1, false) => set(t, Fan::QingYiSe),
        (2, _) => set(t, Fan::QueYiMen),
        _ => {}
    }
    if !honors {
        set(t, Fan::WuZi);
    }
    let winds = tiles.iter().any(|t| t.wind().is_some());
    let dragons = tiles.iter().any(|t| t.is_dragon());
    if suits.len() == 3 && winds && dragons {
        set(t, Fan::WuMenQi);
    }
    let all = |p: fn(&Tile) -> bool| tiles.iter().all(p);
    if all(|t| !t.is_head()) {
        set(t, Fan::DuanYao);
    }
    if all(is_reversible) {
        set(t, Fan::TuiBuDao);
    }
    if all(is_green) {
        set(t, Fan::LvYiSe);
    }
    if all(|t| t.is_honour()) {
        set(t, Fan::ZiYiSe);
    } else if all(|t| t.is_terminal()) {
        set(t, Fan::QingYaoJiu);
    } else if all(|t| t.is_head()) {
        set(t, Fan::HunYaoJiu);
    }
    if honors {
        return;
    }
    let within = |lo: u8, hi: u8| tiles.iter().all(|t| t.number().is_some_and(|n| (lo..=hi).contains(&n)));
    let holds = |n: u8| tiles.iter().any(|t| t.number() == Some(n));
    if within(1, 4) {
        set(t, if holds(4) { Fan::XiaoYuWu } else { Fan::QuanXiao });
    } else if within(6, 9) {
        set(t, if holds(6) { Fan::DaYuWu } else { Fan::QuanDa });
    } else if within(4, 6) {
        set(t, Fan::QuanZhong);
    }
}

fn is_reversible(tile: &Tile) -> bool {
    match (tile.suit(), tile.number()) {
        (Some(Suit::Dots), Some(n)) => matches!(n, 1..=5 | 8 | 9),
        (Some(Suit::Bamboo), Some(n)) => matches!(n, 2 | 4 | 5 | 6 | 8 | 9),
        _ => *tile == Tile::dragon(stecca_seam::tiles::Dragon::White),
    }
}

fn is_green(tile: &Tile) -> bool {
    match (tile.suit(), tile.number()) {
        (Some(Suit::Bamboo), Some(n)) => matches!(n, 2 | 3 | 4 | 6 | 8),
        _ => *tile == Tile::dragon(stecca_seam::tiles::Dragon::Green),
    }
}

/// Tile Hog: each kind whose four tiles are used without being a kong.
fn tile_hog(f: &Facts, t: &mut Table) {
    let fours = (0..KINDS).filter(|&i| f.all[i] == 4).count();
    t[Fan::SiGuiYi as usize] = u8::try_from(fours.saturating_sub(f.kongs)).unwrap_or(u8::MAX);
}

fn seven_pairs(f: &Facts, t: &mut Table) {
    let pairs: Vec<Tile> = f.tiles().collect();
    let shifted = pairs.len() == 7
        && pairs.iter().all(|p| p.suit().is_some() && p.suit() == pairs[0].suit())
        && pairs.windows(2).all(|w| w[0].index() + 1 == w[1].index());
    if shifted {
        set(t, Fan::LianQiDui);
        if pairs.iter().all(|p| !p.is_terminal()) {
            set(t, Fan::DuanYao);
        }
    } else {
        set(t, Fan::QiDui);
        tile_fans(f, t);
        // WMCC 2006: no Tile Hog with All Green or All Terminals.
        if !has(t, Fan::LvYiSe) && !has(t, Fan::QingYaoJiu) {
            tile_hog(f, t);
        }
    }
    concealed_self_draw(f, t);
    exclusions(t);
}

fn knitted(f: &Facts, fourth: Meld, pair: Tile, t: &mut Table) {
    set(t, Fan::ZuHeLong);
    match fourth.kind {
        MeldKind::Chow if pair.suit().is_some() => set(t, Fan::PingHu),
        MeldKind::Chow => {}
        _ if fourth.tile.is_dragon() => set(t, Fan::JianKe),
        _ if fourth.tile.is_head() => set(t, Fan::YaoJiuKe),
        _ => {}
    }
    match (fourth.kind, fourth.concealed) {
        (MeldKind::Kong, true) => set(t, Fan::AnGang),
        (MeldKind::Kong, false) => set(t, Fan::MingGang),
        _ => {}
    }
    match (f.melded, f.situation.self_drawn) {
        (0, true) => set(t, Fan::BuQiuRen),
        (0, false) => set(t, Fan::MenQianQing),
        _ => {}
    }
    tile_fans(f, t);
    tile_hog(f, t);
    // Never Edge or Closed Wait with a Knitted Straight (WMCC 2006); Single Wait when the winning tile is the
    // sole wait and can be read as the pair's (even if a tile of its kind is in the straight).
    if f.unique_wait && pair == f.win {
        set(t, Fan::DanDiaoJiang);
    }
    exclusions(t);
    if fourth.kind != MeldKind::Chow && fourth.tile.wind().is_some() {
        wind_pung(f, fourth.tile, t);
    }
}

/// Prevalent and Seat Wind for a wind pung, which then is no Pung of Terminals or Honors (unless a fan that
/// already excludes those pungs is counted).
fn wind_pung(f: &Facts, tile: Tile, t: &mut Table) {
    let deducted = [Fan::SanFengKe, Fan::HunYaoJiu, Fan::ZiYiSe, Fan::XiaoSiXi].iter().any(|&x| has(t, x));
    let s = &f.situation;
    if tile == s.prevalent.tile() {
        set(t, Fan::QuanFengKe);
        if !deducted {
            t[Fan::YaoJiuKe as usize] = t[Fan::YaoJiuKe as usize].saturating_sub(1);
        }
    }
    if tile == s.seat.tile() {
        set(t, Fan::MenFengKe);
        if s.seat != s.prevalent && !deducted {
            t[Fan::YaoJiuKe as usize] = t[Fan::YaoJiuKe as usize].saturating_sub(1);
        }
    }
}

/// The fan implied by a counted fan (the digest's "not counted" column): struck when it counts, and never
/// typed beside it on a score sheet.
pub(crate) const IMPLIED: &[(Fan, &[Fan])] = {
    use Fan::*;
    &[
        (DaSiXi, &[PengPengHu, YaoJiuKe, SanFengKe, XiaoSiXi]),
        (DaSanYuan, &[JianKe, ShuangJianKe, XiaoSanYuan]),
        (LvYiSe, &[QueYiMen]),
        (SiGang, &[DanDiaoJiang, PengPengHu]),
        (QingYaoJiu, &[PengPengHu, QuanDaiYao, YaoJiuKe, WuZi, HunYaoJiu]),
        (XiaoSiXi, &[YaoJiuKe, SanFengKe]),
        (XiaoSanYuan, &[JianKe, ShuangJianKe]),
        (ZiYiSe, &[PengPengHu, QuanDaiYao, YaoJiuKe, QueYiMen, HunYaoJiu]),
        (SiAnKe, &[PengPengHu, MenQianQing]),
        (YiSeShuangLongHui, &[QingYiSe, PingHu, WuZi, QueYiMen]),
        (YiSeSiJieGao, &[PengPengHu]),
        (HunYaoJiu, &[PengPengHu, QuanDaiYao, YaoJiuKe]),
        (QuanShuangKe, &[PengPengHu, DuanYao, WuZi]),
        (QuanDa, &[WuZi]),
        (QuanZhong, &[DuanYao, WuZi]),
        (QuanXiao, &[WuZi]),
        (SanSeShuangLongHui, &[PingHu, WuZi]),
        (QuanDaiWu, &[DuanYao, WuZi]),
        (DaYuWu, &[WuZi]),
        (XiaoYuWu, &[WuZi]),
        (TuiBuDao, &[QueYiMen]),
        (MiaoShouHuiChun, &[ZiMo]),
        (GangShangKaiHua, &[ZiMo]),
        (QiangGangHu, &[HuJueZhang]),
        (QuanQiuRen, &[DanDiaoJiang]),
        (ShuangJianKe, &[JianKe]),
        (BuQiuRen, &[ZiMo, MenQianQing]),
        (PingHu, &[WuZi]),
        (DuanYao, &[WuZi]),
        (QingYiSe, &[WuZi, QueYiMen]),
        (HunYiSe, &[QueYiMen]),
        (LianQiDui, &[QiDui, QingYiSe, MenQianQing, DanDiaoJiang, QueYiMen, WuZi]),
        (ShiSanYao, &[WuMenQi, MenQianQing, DanDiaoJiang]),
        (QiDui, &[MenQianQing, DanDiaoJiang]),
        (QiXingBuKao, &[QuanBuKao, WuMenQi, MenQianQing]),
        (QuanBuKao, &[WuMenQi, MenQianQing]),
        (ZuHeLong, &[BianZhang, KanZhang]),
    ]
};

/// Strikes the fan that counted fan imply.
fn exclusions(t: &mut Table) {
    use Fan::*;
    // Big Three Winds: its three pungs are no Pungs of Terminals or Honors, unless a fan above struck them all.
    if has(t, SanFengKe) && !has(t, ZiYiSe) && !has(t, HunYaoJiu) {
        t[YaoJiuKe as usize] = t[YaoJiuKe as usize].saturating_sub(3);
    }
    for &(fan, implied) in IMPLIED {
        if has(t, fan) {
            drop(t, implied);
        }
    }
}

fn check_tiles(hand: &WinningHand) -> Result<(), Refusal> {
    let counted = hand.counted_tiles();
    if counted != 14 {
        return Err(Refusal::TileCount { counted });
    }
    let all = hand.all_counts();
    if let Some(tile) = Tile::all().find(|t| all[t.index()] > 4) {
        return Err(Refusal::FifthCopy(tile));
    }
    if hand.flowers > 8 {
        return Err(Refusal::Flowers(hand.flowers));
    }
    Ok(())
}

fn check_situation(hand: &WinningHand, s: &Situation) -> Result<(), Conflict> {
    let held_elsewhere = hand.all_counts()[hand.win.index()] > 1;
    let checks = [
        (s.last_wall_tile && !s.self_drawn, Conflict::LastWallTileOnDiscard),
        (s.last_discard && s.self_drawn, Conflict::LastDiscardSelfDrawn),
        (s.kong_replacement && (!s.self_drawn || hand.kongs() == 0), Conflict::KongReplacement),
        (s.robbing_kong && (s.self_drawn || held_elsewhere), Conflict::RobbingKong),
        (s.fourth_tile && hand.concealed[hand.win.index()] > 0, Conflict::FourthTileHeld),
    ];
    match checks.into_iter().find(|(wrong, _)| *wrong) {
        Some((_, conflict)) => Err(conflict),
        None => Ok(()),
    }
}
