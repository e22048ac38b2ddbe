//! The fan as a table's score sheet lists them, typed by the referee: each fan by its number in the book's
//! table (`28`), its pinyin (`qing long`, tones optional), its Chinese name or its name in Italian or English,
//! a repeat as `70x2` (or the fan written twice); separated by commas, or by spaces between numbers.
//! Checked as the book counts: a fan counts at most as many times as a hand can hold it, and never beside a fan
//! that implies it (MCR §3.9.1.5); the message names the clash. The 8-point minimum is the settlement's check.

use unicode_normalization::UnicodeNormalization;

use stecca_seam::i18n::Lang;
use stecca_seam::message::Message;

use super::evaluate::IMPLIED;
use super::fan::Fan;

/// The most fan a sheet may list (a bound on outside input; a real hand has far fewer).
const MAX_ENTRIES: usize = 40;

/// Fan that cannot count together although neither is in the other's "not counted" list: the win's
/// circumstances contradict each other (a discard win against a self-draw), one wait only, and the winds a
/// Big Four Winds already holds.
const CONTRADICTIONS: &[(Fan, &[Fan])] = {
    use Fan::*;
    &[
        (ZiMo, &[MenQianQing, QuanQiuRen, HaiDiLaoYue, QiangGangHu]),
        (BuQiuRen, &[QuanQiuRen, HaiDiLaoYue, QiangGangHu]),
        (MenQianQing, &[QuanQiuRen, MiaoShouHuiChun, GangShangKaiHua]),
        (QuanQiuRen, &[MiaoShouHuiChun, GangShangKaiHua]),
        (HaiDiLaoYue, &[MiaoShouHuiChun, GangShangKaiHua]),
        (QiangGangHu, &[MiaoShouHuiChun, GangShangKaiHua]),
        (BianZhang, &[KanZhang, DanDiaoJiang]),
        (KanZhang, &[DanDiaoJiang]),
        (DaSiXi, &[MenFengKe, QuanFengKe]),
        (JiuLianBaoDeng, &[QingYiSe, MenQianQing, QueYiMen, WuZi]),
    ]
};

/// How many times `fan` may count in one hand: a fan of one set or tile once per set or tile, a fan of two sets
/// as often as the account-once principle lets four sets combine; every other fan once.
pub(crate) fn max_times(fan: Fan) -> u8 {
    use Fan::*;
    match fan {
        YaoJiuKe => 4,
        SiGuiYi | YiBanGao | XiXiangFeng | LianLiu | LaoShaoFu => 3,
        ShuangTongKe | JianKe => 2,
        HuaPai => 8,
        _ => 1,
    }
}

/// Reads the fan typed from the score sheet: a text, or a list of numbers and names.
pub fn read(value: &serde_json::Value) -> Result<Vec<(Fan, u8)>, Message> {
    let mut counts = [0u32; Fan::ALL.len()];
    let mut entries = 0usize;
    let mut add = |token: &str| -> Result<(), Message> {
        entries += 1;
        if entries > MAX_ENTRIES {
            return Err(crate::msg!("mcr.error.sheet_too_long", max = MAX_ENTRIES));
        }
        let (fan, times) = entry(token)?;
        counts[fan as usize] += times;
        Ok(())
    };
    match value {
        serde_json::Value::String(text) => {
            for piece in text.split([',', ';', '+', '\n']).map(str::trim).filter(|p| !p.is_empty()) {
                // Numbers may stand apart with spaces alone; a name keeps its spaces (`qing long`).
                if piece.split_whitespace().all(starts_with_digit) {
                    piece.split_whitespace().try_for_each(&mut add)?;
                } else {
                    add(piece)?;
                }
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                match item {
                    serde_json::Value::String(text) => add(text)?,
                    serde_json::Value::Number(n) => add(&n.to_string())?,
                    other => {
                        return Err(crate::msg!("mcr.error.fan_unknown", text = other.to_string()));
                    }
                }
            }
        }
        serde_json::Value::Number(n) => add(&n.to_string())?,
        other => return Err(crate::msg!("mcr.error.fan_unknown", text = other.to_string())),
    }
    let fans: Vec<(Fan, u8)> = Fan::ALL
        .iter()
        .filter(|&&f| counts[f as usize] > 0)
        .map(|&f| (f, u8::try_from(counts[f as usize]).unwrap_or(u8::MAX)))
        .collect();
    check(&fans)?;
    Ok(fans)
}

/// Refuses a sheet the book would not count: a fan more often than a hand can hold it, or two that exclude
/// each other.
pub fn check(fans: &[(Fan, u8)]) -> Result<(), Message> {
    if fans.is_empty() {
        return Err(crate::msg!("mcr.error.sheet_empty"));
    }
    for &(fan, times) in fans {
        if fan == Fan::HuaPai {
            return Err(crate::msg!("mcr.error.flowers_in_sheet"));
        }
        if times > max_times(fan) {
            return Err(crate::msg!("mcr.error.fan_too_often", times = times, max = max_times(fan))
                .arg_message("fan", Message::new(fan.name_id())));
        }
    }
    let typed = |fan: Fan| fans.iter().any(|&(f, _)| f == fan);
    for &(fan, excluded) in IMPLIED.iter().chain(CONTRADICTIONS) {
        if !typed(fan) {
            continue;
        }
        if let Some(&other) = excluded.iter().find(|&&other| typed(other)) {
            return Err(crate::msg!("mcr.error.fans_clash")
                .arg_message("fan", Message::new(fan.name_id()))
                .arg_message("other", Message::new(other.name_id())));
        }
    }
    Ok(())
}

fn starts_with_digit(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_digit())
}

/// One fan with its repeat (`70x2`, `70×2`, `70*2`).
fn entry(token: &str) -> Result<(Fan, u32), Message> {
    let token = token.trim();
    let (name, times) = match token.rsplit_once(['x', 'X', '×', '*']) {
        Some((name, times)) if !name.trim().is_empty() && times.trim().parse::<u32>().is_ok() => {
            (name.trim(), times.trim().parse::<u32>().unwrap_or(1))
        }
        _ => (token, 1),
    };
    if times == 0 || times > 8 {
        return Err(crate::msg!("mcr.error.fan_unknown", text = token));
    }
    fan_named(name).map(|fan| (fan, times)).ok_or_else(|| crate::msg!("mcr.error.fan_unknown", text = token))
}

/// The fan a referee means by `name`: its number, pinyin, Chinese, Italian or English name.
pub fn fan_named(name: &str) -> Option<Fan> {
    if let Ok(number) = name.trim().parse::<usize>() {
        return number.checked_sub(1).and_then(|i| Fan::ALL.get(i)).copied();
    }
    let wanted = key(name);
    if wanted.is_empty() {
        return None;
    }
    Fan::ALL.iter().copied().find(|&fan| {
        [fan.pinyin(), fan.chinese(), fan.english()].iter().any(|n| key(n) == wanted)
            || Lang::all().any(|lang| key(&lang.tr(fan.name_id())) == wanted)
            // The Closed Wait's other writing, as PyMahjongGB has it.
            || (fan == Fan::KanZhang && wanted == key("嵌张"))
    })
}

/// A name as compared: without tone marks, case, spaces or punctuation; `ü` and `v` both as `u`.
fn key(name: &str) -> String {
    name.nfd()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'v' { 'u' } else { c })
        .collect()
}
