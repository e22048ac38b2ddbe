//! The fan made by combining sets: chows (fan 13–16, 23, 28–30, 39, 41, 51, 69–72) and pungs (fan 1, 2, 14–15,
//! 24, 32, 38, 42, 54, 65), under the non-identical and account-once principles (MCR §3.9.1.5, principles 3
//! and 5). The digest's interpretation is the library's: a fan of four sets leaves nothing to combine; a fan of
//! three leaves the fourth set to combine once; otherwise the 2-set fan form a forest over the sets, so four
//! chows give at most three of them (`exclude_repeats`).

use stecca_seam::tiles::Tile;

use super::fan::{Fan, Table, add, set};

fn suit_number(tile: Tile) -> (usize, u8) {
    (tile.suit().map_or(3, |s| s as usize), tile.number().unwrap_or(0))
}

/// The fan of two chows (by their first tiles), if any: same suit first (Short Straight, Two Terminal Chows,
/// Pure Double Chow), then Mixed Double Chow.
fn two_chows(a: Tile, b: Tile) -> Option<Fan> {
    let ((sa, na), (sb, nb)) = (suit_number(a), suit_number(b));
    if sa != sb {
        return (na == nb).then_some(Fan::XiXiangFeng);
    }
    match (na.min(nb), na.max(nb)) {
        (x, y) if x + 3 == y => Some(Fan::LianLiu),
        (1, 7) => Some(Fan::LaoShaoFu),
        (x, y) if x == y => Some(Fan::YiBanGao),
        _ => None,
    }
}

fn three_chows(chows: [Tile; 3]) -> Option<Fan> {
    let mut c = chows.map(suit_number);
    c.sort_by_key(|&(s, n)| (n, s));
    let [(s0, n0), (s1, n1), (s2, n2)] = c;
    let mixed = s0 != s1 && s0 != s2 && s1 != s2;
    let same = s0 == s1 && s1 == s2;
    let step = |d: u8| n0 + d == n1 && n1 + d == n2;
    if mixed {
        if step(1) {
            return Some(Fan::SanSeSanBuGao);
        }
        if step(0) {
            return Some(Fan::SanSeSanTongShun);
        }
        if n0 == 1 && n1 == 4 && n2 == 7 {
            return Some(Fan::HuaLong);
        }
    } else if same {
        if n0 == 1 && n1 == 4 && n2 == 7 {
            return Some(Fan::QingLong);
        }
        if step(1) || step(2) {
            return Some(Fan::YiSeSanBuGao);
        }
        if step(0) {
            return Some(Fan::YiSeSanTongShun);
        }
    }
    None
}

fn four_chows(chows: [Tile; 4]) -> Option<Fan> {
    let mut c = chows.map(suit_number);
    c.sort_by_key(|&(s, n)| (s, n));
    let same = c.iter().all(|&(s, _)| s == c[0].0);
    let step = |d: u8| c.windows(2).all(|w| w[0].1 + d == w[1].1);
    match same {
        true if step(1) || step(2) => Some(Fan::YiSeSiBuGao),
        true if step(0) => Some(Fan::YiSeSiTongShun),
        _ => None,
    }
}

/// The fan of the chows of a reading (first tiles), added to `table`.
pub(crate) fn chow_fans(chows: &[Tile], table: &mut Table) {
    match *chows {
        [a, b, c, d] => four(a, b, c, d, table),
        [a, b, c] => {
            if let Some(fan) = three_chows([a, b, c]) {
                add(table, fan);
            } else {
                exclude_repeats(&[two_chows(a, b), two_chows(a, c), two_chows(b, c)], 2, table);
            }
        }
        [a, b] => {
            if let Some(fan) = two_chows(a, b) {
                add(table, fan);
            }
        }
        _ => {}
    }
}

fn four(a: Tile, b: Tile, c: Tile, d: Tile, table: &mut Table) {
    if let Some(fan) = four_chows([a, b, c, d]) {
        add(table, fan);
        return;
    }
    // A fan of three chows, the fourth combined once with one of them; the most valuable choice (principle 4).
    let all = [a, b, c, d];
    let mut best: Option<(u32, Fan, Option<Fan>)> = None;
    for free in 0..4 {
        let three: Vec<Tile> = (0..4).filter(|&i| i != free).map(|i| all[i]).collect();
        let Some(fan) = three_chows([three[0], three[1], three[2]]) else {
            continue;
        };
        let extras: Vec<Fan> = three.iter().filter_map(|&t| two_chows(t, all[free])).collect();
        let order = [Fan::YiBanGao, Fan::XiXiangFeng, Fan::LianLiu, Fan::LaoShaoFu];
        let extra = order.into_iter().find(|f| extras.contains(f));
        let value = fan.points() + extra.map_or(0, Fan::points);
        if best.is_none_or(|(v, _, _)| value > v) {
            best = Some((value, fan, extra));
        }
    }
    if let Some((_, fan, extra)) = best {
        add(table, fan);
        if let Some(extra) = extra {
            add(table, extra);
        }
        return;
    }
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let fans = pairs.map(|(i, j)| two_chows(all[i], all[j]));
    // Each chow that combines with none of the others lowers the most 2-chow fan by one.
    let lonely = (0..4).filter(|&k| pairs.iter().zip(&fans).all(|(&(i, j), f)| f.is_none() || (i != k && j != k)));
    let most = 3usize.saturating_sub(lonely.count());
    if most > 0 {
        exclude_repeats(&fans, most, table);
    }
}

/// Keeps at most `most` of the 2-chow fan `fans`, dropping repeated ones first, the cheapest kinds first (the
/// library's reading of "account once" and "non-identical").
fn exclude_repeats(fans: &[Option<Fan>], most: usize, table: &mut Table) {
    let kinds = [Fan::YiBanGao, Fan::XiXiangFeng, Fan::LianLiu, Fan::LaoShaoFu];
    let mut counts = kinds.map(|k| fans.iter().filter(|&&f| f == Some(k)).count());
    let mut total: usize = counts.iter().sum();
    for keep in [1, 0] {
        for i in (0..4).rev() {
            while counts[i] > keep && total > most {
                counts[i] -= 1;
                total -= 1;
            }
        }
    }
    for (kind, count) in kinds.into_iter().zip(counts) {
        table[kind as usize] = table[kind as usize].saturating_add(count as u8);
    }
}

fn two_pungs(a: Tile, b: Tile) -> Option<Fan> {
    match (a.number(), b.number()) {
        (Some(x), Some(y)) if x == y => Some(Fan::ShuangTongKe),
        (None, None) if a.is_dragon() && b.is_dragon() => Some(Fan::ShuangJianKe),
        _ => None,
    }
}

fn three_pungs(pungs: [Tile; 3]) -> Option<Fan> {
    let mut p = pungs;
    p.sort();
    if p.iter().all(|t| t.suit().is_some()) {
        let c = p.map(suit_number);
        let mut by_number = c;
        by_number.sort_by_key(|&(s, n)| (n, s));
        let [(s0, n0), (s1, n1), (s2, n2)] = by_number;
        let mixed = s0 != s1 && s0 != s2 && s1 != s2;
        if mixed && n0 + 1 == n1 && n1 + 1 == n2 {
            return Some(Fan::SanSeSanJieGao);
        }
        if mixed && n0 == n1 && n1 == n2 {
            return Some(Fan::SanTongKe);
        }
        if s0 == s1 && s1 == s2 && n0 + 1 == n1 && n1 + 1 == n2 {
            return Some(Fan::YiSeSanJieGao);
        }
        return None;
    }
    if p.iter().all(|t| t.wind().is_some()) {
        return Some(Fan::SanFengKe);
    }
    p.iter().all(|t| t.is_dragon()).then_some(Fan::DaSanYuan)
}

fn four_pungs(pungs: [Tile; 4]) -> Option<Fan> {
    let mut p = pungs;
    p.sort();
    if p.iter().all(|t| t.wind().is_some()) {
        return Some(Fan::DaSiXi);
    }
    let c = p.map(suit_number);
    let pure = c.iter().all(|&(s, _)| s == c[0].0 && s < 3) && c.windows(2).all(|w| w[0].1 + 1 == w[1].1);
    pure.then_some(Fan::YiSeSiJieGao)
}

/// The fan of the pungs and kongs of a reading (their tiles), added to `table`.
pub(crate) fn pung_fans(pungs: &[Tile], table: &mut Table) {
    match *pungs {
        [a, b, c, d] => {
            if let Some(fan) = four_pungs([a, b, c, d]) {
                add(table, fan);
                return;
            }
            let all = [a, b, c, d];
            for free in (0..4).rev() {
                let three: Vec<Tile> = (0..4).filter(|&i| i != free).map(|i| all[i]).collect();
                if let Some(fan) = three_pungs([three[0], three[1], three[2]]) {
                    set(table, fan);
                    // The fourth pung combines once.
                    if let Some(extra) = three.iter().find_map(|&t| two_pungs(t, all[free])) {
                        add(table, extra);
                    }
                    return;
                }
            }
            pairwise(&all, table);
        }
        [a, b, c] => match three_pungs([a, b, c]) {
            Some(fan) => add(table, fan),
            None => pairwise(&[a, b, c], table),
        },
        [a, b] => pairwise(&[a, b], table),
        _ => {}
    }
}

fn pairwise(pungs: &[Tile], table: &mut Table) {
    for (i, &a) in pungs.iter().enumerate() {
        for &b in &pungs[i + 1..] {
            if let Some(fan) = two_pungs(a, b) {
                add(table, fan);
            }
        }
    }
}
