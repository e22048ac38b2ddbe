//! The differential test's two halves that need no I/O: a win as a JSON line for `scripts/mcr_reference.py`
//! (PyMahjongGB), and the comparison of its fan with ours.
//!
//! The comparison is by Chinese name and points. Where the digest follows the rule book against the library
//! (`docs/rules/mcr.md`, "Differential reference", each an **Interpretation**), our fan are first restated in
//! the library's terms; a hand that then agrees is a [`Deliberate`] difference, counted apart, never hidden.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use stecca_seam::tiles::{Meld, MeldKind, Tile, TileKind};

use super::evaluate::{Refusal, Score, evaluate};
use super::fan::Fan;
use super::input::{ConcealedSelfDraw, NineGatesPungs, Options};
use super::random::RandomWin;

/// A difference the digest chooses on purpose (the numbers are the digest's list of differences).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Deliberate {
    /// 1. Two Concealed Kongs: the book's 8, the library's 6.
    TwoConcealedKongs,
    /// 2. One melded and one concealed kong: the book's 4 + 2, the library's 明暗杠 5.
    MeldedAndConcealedKong,
    /// 3. All Terminals adds Double Pung in the book, not in the library.
    AllTerminalsDoublePung,
    /// 4. Nine Gates: no Pung of Terminals or Honors in the book, all but one in the library.
    NineGatesTerminalPungs,
    /// 5. Fully Concealed Hand for self-drawn Nine Gates, Four Concealed Pungs and special shapes; the library
    ///    gives Self-Drawn.
    FullyConcealedSpecial,
    /// 6. All Green adds Half Flush in the book, not in the library.
    AllGreenHalfFlush,
    /// 7. Knitted Straight: never Edge or Closed Wait in the book; the library may add them.
    KnittedStraightWait,
    /// 8. Seven Pairs with All Green or All Terminals: no Tile Hog in the book; the library adds it.
    SevenPairsTileHog,
    /// Digest "Waits": a tile of which the winner holds all four is no wait; the library counts it, and so
    /// finds no sole wait.
    WaitOnHeldFour,
}

/// The outcome of one comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The same fan and points.
    Same,
    /// The same once the listed deliberate differences are restated.
    Deliberate(Vec<Deliberate>),
    /// Anything else: what differs, for the report.
    Differs(String),
}

/// The library's code of a tile: `W1`–`W9` characters, `T1`–`T9` bamboo, `B1`–`B9` dots, `F1`–`F4` winds,
/// `J1` red, `J2` green, `J3` white.
pub fn library_code(tile: Tile) -> String {
    match tile.kind() {
        TileKind::Suited(suit, n) => {
            let letter = match suit {
                stecca_seam::tiles::Suit::Characters => 'W',
                stecca_seam::tiles::Suit::Bamboo => 'T',
                stecca_seam::tiles::Suit::Dots => 'B',
            };
            format!("{letter}{n}")
        }
        TileKind::Wind(w) => format!("F{}", w.index() + 1),
        TileKind::Dragon(d) => format!("J{}", d as usize + 1),
    }
}

fn pack_json(meld: &Meld) -> Value {
    let (kind, tile) = match meld.kind {
        MeldKind::Chow => ("CHI", Tile::from_index(meld.tile.index() + 1).unwrap_or(meld.tile)),
        MeldKind::Kong => ("GANG", meld.tile),
        _ => ("PENG", meld.tile),
    };
    json!([kind, library_code(tile), if meld.concealed { 0 } else { 1 }])
}

/// The notation of the win, for reports.
pub fn notation(win: &RandomWin) -> String {
    let hand = &win.hand;
    let (text, _) = super::parse::notation(hand);
    let s = &win.situation;
    let how = if s.self_drawn { "self-drawn" } else { "discard" };
    let flags = [
        (s.last_wall_tile, " last-wall"),
        (s.last_discard, " last-discard"),
        (s.kong_replacement, " kong-replacement"),
        (s.robbing_kong, " robbing"),
        (s.fourth_tile, " fourth-tile"),
    ];
    let flags: String = flags.iter().filter(|(on, _)| *on).map(|(_, name)| *name).collect();
    format!(
        "{text} + {} ({how}, seat {:?}, prevalent {:?}{flags}, {} flowers)",
        hand.win, s.seat, s.prevalent, hand.flowers
    )
}

/// One JSON line for the reference script.
pub fn to_json(id: usize, win: &RandomWin) -> Value {
    let hand = &win.hand;
    let s = &win.situation;
    let concealed: Vec<String> = Tile::all()
        .flat_map(|t| std::iter::repeat_n(library_code(t), usize::from(hand.concealed[t.index()])))
        .collect();
    json!({
        "id": id,
        "pack": hand.melds.iter().map(pack_json).collect::<Vec<_>>(),
        "hand": concealed,
        "win": library_code(hand.win),
        "flowers": hand.flowers,
        "self_drawn": s.self_drawn,
        "fourth_tile": s.fourth_tile,
        "about_kong": s.kong_replacement || s.robbing_kong,
        "wall_last": s.last_wall_tile || s.last_discard,
        "seat": s.seat.index(),
        "prevalent": s.prevalent.index(),
    })
}

/// The library's names for the sole-wait fan, as the digest (and [`Fan::chinese`]) writes them.
fn normalise(name: &str) -> &str {
    match name {
        "独听・边张" => "边张",
        "独听・嵌张" | "嵌张" => "坎张",
        "独听・单钓" => "单钓将",
        other => other,
    }
}

/// Compares our result with the library's answer line.
pub fn compare(win: &RandomWin, ours: &Result<Score, Refusal>, reference: &Value) -> Verdict {
    let theirs_error = reference.get("error").and_then(Value::as_str);
    let score = match (ours, theirs_error) {
        (Err(Refusal::NotComplete), Some(e)) if e.contains("NOT_WIN") => return Verdict::Same,
        (Err(e), theirs) => return Verdict::Differs(format!("ours {e:?}, library {theirs:?}")),
        (Ok(score), Some(e)) => return Verdict::Differs(format!("ours {:?}, library {e}", score.fans)),
        (Ok(score), None) => score,
    };
    let mut theirs: BTreeMap<String, u64> = BTreeMap::new();
    for item in reference.get("fans").and_then(Value::as_array).into_iter().flatten() {
        let points = item.get(0).and_then(Value::as_u64).unwrap_or(0);
        let name = item.get(1).and_then(Value::as_str).unwrap_or("?");
        *theirs.entry(normalise(name).to_owned()).or_default() += points;
    }
    let has = |fan: Fan| score.fans.iter().any(|(f, _)| *f == fan);
    if has(Fan::ZuHeLong) {
        let removed = theirs.remove("边张").is_some() | theirs.remove("坎张").is_some();
        if removed {
            // The library read the winning tile in the fourth chow (Edge or Closed, which the book strikes);
            // we may read it as the pair's (Single Wait): the same sole wait.
            let (mut view, mut deliberate) = restated(win, score);
            view.remove(Fan::DanDiaoJiang.chinese());
            deliberate.push(Deliberate::KnittedStraightWait);
            return verdict(view, theirs, deliberate, score);
        }
    }
    let (mut view, mut deliberate) = restated(win, score);
    let wait_fans = [Fan::BianZhang, Fan::KanZhang, Fan::DanDiaoJiang];
    let wait = wait_fans.into_iter().find(|&f| has(f));
    if let Some(fan) = wait.filter(|f| !theirs.contains_key(f.chinese())) {
        // The library looks for waits in the concealed tiles alone and does not count copies: a tile the
        // winner holds four of (concealed or in a set) may be a wait to it.
        let mut held = win.hand.all_counts();
        held[win.hand.win.index()] -= 1;
        let held_four = Tile::all().any(|t| held[t.index()] == 4);
        if held_four {
            view.remove(fan.chinese());
            deliberate.push(Deliberate::WaitOnHeldFour);
        }
    }
    match verdict(view, theirs.clone(), deliberate, score) {
        Verdict::Differs(what) => library_choice(win, theirs).unwrap_or(Verdict::Differs(what)),
        same => same,
    }
}

/// The book's Fully Concealed Hand (4, against the library's Self-Drawn 1) can make another reading the
/// best one (Seven Pairs before a split): scored with the library's options, the hand then agrees.
fn library_choice(win: &RandomWin, theirs: BTreeMap<String, u64>) -> Option<Verdict> {
    let options = Options {
        nine_gates_terminal_pungs: NineGatesPungs::AllButOne,
        fully_concealed_with_concealed_hands: ConcealedSelfDraw::SelfDrawn,
    };
    let score = evaluate(&win.hand, &win.situation, &options).ok()?;
    let (view, _) = restated(win, &score);
    (view == theirs).then(|| Verdict::Deliberate(vec![Deliberate::FullyConcealedSpecial]))
}

fn verdict(
    view: BTreeMap<String, u64>,
    theirs: BTreeMap<String, u64>,
    mut deliberate: Vec<Deliberate>,
    score: &Score,
) -> Verdict {
    if view != theirs {
        let ours: Vec<String> = score.fans.iter().map(|(f, n)| format!("{}×{n}", f.english())).collect();
        return Verdict::Differs(format!("ours {} = {}, library {theirs:?}", ours.join(" "), score.total));
    }
    deliberate.sort();
    deliberate.dedup();
    if deliberate.is_empty() { Verdict::Same } else { Verdict::Deliberate(deliberate) }
}

/// Our fan in the library's terms: name → points, with the deliberate differences that were restated.
fn restated(win: &RandomWin, score: &Score) -> (BTreeMap<String, u64>, Vec<Deliberate>) {
    let mut fans: BTreeMap<Fan, u64> = score.fans.iter().map(|&(f, n)| (f, u64::from(n))).collect();
    let has = |fans: &BTreeMap<Fan, u64>, f: Fan| fans.contains_key(&f);
    let mut deliberate = Vec::new();
    let mut extra: BTreeMap<String, u64> = BTreeMap::new();
    if let Some(n) = fans.get(&Fan::ShuangAnGang).copied() {
        deliberate.push(Deliberate::TwoConcealedKongs);
        fans.remove(&Fan::ShuangAnGang);
        extra.insert(Fan::ShuangAnGang.chinese().to_owned(), 6 * n);
    }
    if has(&fans, Fan::ShuangMingGang) && has(&fans, Fan::AnGang) {
        deliberate.push(Deliberate::MeldedAndConcealedKong);
        fans.remove(&Fan::ShuangMingGang);
        fans.remove(&Fan::AnGang);
        extra.insert("明暗杠".to_owned(), 5);
    }
    if has(&fans, Fan::QingYaoJiu) && fans.remove(&Fan::ShuangTongKe).is_some() {
        deliberate.push(Deliberate::AllTerminalsDoublePung);
    }
    if has(&fans, Fan::JiuLianBaoDeng) && matches!(win.hand.win.number(), Some(2 | 5 | 8)) {
        deliberate.push(Deliberate::NineGatesTerminalPungs);
        *fans.entry(Fan::YaoJiuKe).or_default() += 1;
    }
    let concealed_by_definition = [
        Fan::JiuLianBaoDeng,
        Fan::SiAnKe,
        Fan::QiDui,
        Fan::LianQiDui,
        Fan::ShiSanYao,
        Fan::QiXingBuKao,
        Fan::QuanBuKao,
    ];
    if has(&fans, Fan::BuQiuRen) && concealed_by_definition.iter().any(|&f| has(&fans, f)) {
        deliberate.push(Deliberate::FullyConcealedSpecial);
        fans.remove(&Fan::BuQiuRen);
        if !has(&fans, Fan::MiaoShouHuiChun) && !has(&fans, Fan::GangShangKaiHua) {
            fans.insert(Fan::ZiMo, 1);
        }
    }
    if has(&fans, Fan::LvYiSe) && fans.remove(&Fan::HunYiSe).is_some() {
        deliberate.push(Deliberate::AllGreenHalfFlush);
    }
    if has(&fans, Fan::QiDui) && (has(&fans, Fan::LvYiSe) || has(&fans, Fan::QingYaoJiu)) {
        let fours = win.hand.all_counts().iter().filter(|&&c| c == 4).count() as u64;
        if fours > 0 {
            deliberate.push(Deliberate::SevenPairsTileHog);
            fans.insert(Fan::SiGuiYi, fours);
        }
    }
    let mut view: BTreeMap<String, u64> =
        fans.into_iter().map(|(f, n)| (f.chinese().to_owned(), u64::from(f.points()) * n)).collect();
    view.extend(extra);
    (view, deliberate)
}
