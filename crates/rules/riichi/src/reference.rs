//! The differential test's two halves that need no I/O: a win as a JSON line for
//! `scripts/riichi_reference.py` (the `mahjong` library), and the comparison of its answer with ours.
//!
//! The library is configured as RCR 2016: open tanyao, no double yakuman, 13+ han as sanbaiman, pinfu tsumo
//! 20 fu, open pinfu 30 fu, kiriage and red fives as the win's options. The deliberate differences, counted
//! apart and never hidden:
//! * [`Deliberate::CumulativeYakuman`] — the library adds yakuman up (two yakuman are 26 han and a double
//!   payment); RCR 2016 pays one yakuman whatever combines.

use serde_json::{Value, json};

use stecca_seam::tiles::{Hand, Meld, MeldKind, Tile, TileKind};

use super::evaluate::{Refusal, Score};
use super::input::{KazoeLimit, RiichiKind, Win};
use super::random::RandomWin;
use super::tiles::five;

/// A difference that the RCR choose on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deliberate {
    /// More than one yakuman: the library pays each, RCR one.
    CumulativeYakuman,
}

/// The outcome of one comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same han, fu and payments (or the same refusal).
    Same,
    /// A difference listed in [`Deliberate`].
    Deliberate(Deliberate),
    /// Anything else: what differs, for the report.
    Differs(String),
}

/// The library's 34-index of a tile: man 0–8, pin 9–17, sou 18–26, E S W N, haku hatsu chun.
pub fn library_index(tile: Tile) -> usize {
    match tile.kind() {
        TileKind::Suited(suit, n) => {
            let base = match suit {
                stecca_seam::tiles::Suit::Characters => 0,
                stecca_seam::tiles::Suit::Dots => 9,
                stecca_seam::tiles::Suit::Bamboo => 18,
            };
            base + usize::from(n) - 1
        }
        _ => match tile.index() {
            31 => 33,
            33 => 31,
            i => i,
        },
    }
}

fn meld_json(meld: &Meld) -> Value {
    let kind = match meld.kind {
        MeldKind::Chow => "chi",
        MeldKind::Kong => "kan",
        _ => "pon",
    };
    let mut tiles = [0u8; stecca_seam::tiles::KINDS];
    meld.add_to(&mut tiles);
    let list: Vec<usize> =
        Tile::all().flat_map(|t| std::iter::repeat_n(library_index(t), usize::from(tiles[t.index()]))).collect();
    json!({ "type": kind, "tiles": list, "opened": !meld.concealed })
}

/// The notation of the hand (red fives aside), for reports.
pub fn notation(win: &RandomWin) -> String {
    let hand = &win.hand;
    let text = Hand {
        exposed: hand.melds.iter().copied().filter(|m| !m.concealed).collect(),
        concealed_kongs: hand.melds.iter().filter(|m| m.concealed).map(|m| m.tile).collect(),
        bonus: Vec::new(),
        concealed: hand.concealed,
    };
    format!("{text} + {}", hand.win)
}

/// One JSON line for the reference script.
pub fn to_json(id: usize, win: &RandomWin) -> Value {
    let hand = &win.hand;
    let s = &win.situation;
    let concealed: Vec<usize> = Tile::all()
        .flat_map(|t| std::iter::repeat_n(library_index(t), usize::from(hand.concealed[t.index()])))
        .collect();
    let red: Vec<usize> = stecca_seam::tiles::Suit::ALL
        .iter()
        .filter(|&&suit| hand.red_fives[suit as usize] > 0)
        .filter_map(|&suit| five(suit).map(library_index))
        .collect();
    let list = |tiles: &[Tile]| tiles.iter().map(|&t| library_index(t)).collect::<Vec<_>>();
    json!({
        "id": id,
        "text": notation(win),
        "concealed": concealed,
        "win": library_index(hand.win),
        "melds": hand.melds.iter().map(meld_json).collect::<Vec<_>>(),
        "red": red,
        "dora": list(&s.dora_indicators),
        "ura": list(&s.ura_indicators),
        "tsumo": s.is_tsumo(),
        "riichi": s.riichi == RiichiKind::Riichi,
        "double_riichi": s.riichi == RiichiKind::Double,
        "ippatsu": s.ippatsu,
        "haitei": s.haitei,
        "houtei": s.houtei,
        "rinshan": s.rinshan,
        "chankan": s.chankan,
        "tenhou": s.tenhou,
        "chiihou": s.chiihou,
        "seat": library_index(s.seat.tile()),
        "round": library_index(s.round.tile()),
        "honba": s.honba,
        "deposits": s.deposits,
        "aka": win.options.red_fives,
        "kiriage": win.options.kiriage,
        "kazoe_yakuman": win.options.kazoe == KazoeLimit::Yakuman,
    })
}

/// Compares our result with the library's answer line.
pub fn compare(win: &RandomWin, ours: &Result<Score, Refusal>, reference: &Value) -> Verdict {
    let theirs_error = reference.get("error").and_then(Value::as_str);
    let number = |key: &str| reference.get(key).and_then(Value::as_u64).unwrap_or(u64::MAX);
    let score = match (ours, theirs_error) {
        (Err(Refusal::NoYaku), Some("no_yaku")) | (Err(Refusal::NotComplete), Some("hand_not_winning")) => {
            return Verdict::Same;
        }
        (Err(e), theirs) => return Verdict::Differs(format!("ours {e:?}, library {theirs:?} {reference}")),
        (Ok(score), Some(e)) => return Verdict::Differs(format!("ours {}, library {e}", summary(score))),
        (Ok(score), None) => score,
    };
    let (han, fu, total, main) = (number("han"), number("fu"), number("total"), number("main"));
    let our_main = u64::from(main_payment(win, score));
    if score.yakuman > 0 {
        let yakuman_han = 13 * u64::from(score.yakuman);
        if han != yakuman_han {
            return Verdict::Differs(format!("ours {}, library {reference}", summary(score)));
        }
        if score.yakuman > 1 {
            return Verdict::Deliberate(Deliberate::CumulativeYakuman);
        }
        if total == u64::from(score.payments.total) && main == our_main {
            return Verdict::Same;
        }
        return Verdict::Differs(format!("ours {}, library {reference}", summary(score)));
    }
    let same = han == u64::from(score.han)
        && fu == u64::from(score.fu)
        && total == u64::from(score.payments.total)
        && main == our_main;
    if same { Verdict::Same } else { Verdict::Differs(format!("ours {}, library {reference}", summary(score))) }
}

/// The library's `main`: the discarder's payment on ron, the dealer's (or each player's when the dealer
/// wins) on tsumo, honba aside.
fn main_payment(win: &RandomWin, score: &Score) -> u32 {
    let s = &win.situation;
    let payer = match s.win {
        Win::Ron { discarder } => discarder,
        Win::Tsumo if s.is_dealer() => stecca_seam::tiles::Wind::South,
        Win::Tsumo => stecca_seam::tiles::Wind::East,
    };
    let honba = u32::from(s.honba) * if s.is_tsumo() { 100 } else { 300 };
    score.payments.pays[payer.index()].saturating_sub(honba)
}

fn summary(score: &Score) -> String {
    format!(
        "{:?} han {} fu {} {:?} total {} pays {:?}",
        score.yaku, score.han, score.fu, score.fu_parts, score.payments.total, score.payments.pays
    )
}
