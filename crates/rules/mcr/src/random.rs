//! Random valid wins for the differential test against PyMahjongGB: four sets and a pair drawn to reach every
//! fan family (chow and pung patterns, flushes, ranges, terminals and honors, green, reversible, winds and
//! dragons, kongs melded and concealed), Seven Pairs (with four-of-a-kind, shifted), Thirteen Orphans, Nine
//! Gates, the Honors and Knitted hands and Knitted Straights; any seat and prevalent wind, self-drawn or on a
//! discard, the win's circumstances and flowers. The tiles are always physically possible; a hand may score
//! under 8, which both sides score anyway.

use arrayvec::ArrayVec;

use stecca_seam::rng::Rng;
use stecca_seam::tiles::{Counts, Dragon, KINDS, Meld, MeldKind, Suit, Tile, Wind};

use super::input::{Situation, WinningHand};
use super::reading::knitted_straights;

/// A random win and its circumstances.
#[derive(Clone, Debug)]
pub struct RandomWin {
    /// The tiles.
    pub hand: WinningHand,
    /// How it was won.
    pub situation: Situation,
}

/// A random valid win.
pub fn random_win(rng: &mut Rng) -> RandomWin {
    loop {
        let hand = match rng.below(100) {
            0..=6 => seven_pairs(rng),
            7..=8 => Some(thirteen_orphans(rng)),
            9..=10 => Some(nine_gates(rng)),
            11..=13 => honors_knitted(rng),
            14..=18 => knitted_straight(rng),
            _ => standard(rng),
        };
        if let Some(mut hand) = hand {
            hand.flowers = random_flowers(rng);
            let situation = situation(rng, &hand);
            return RandomWin { hand, situation };
        }
    }
}

/// Which tiles the sets of a hand are drawn from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Theme {
    Any,
    Simples,
    HalfFlush,
    FullFlush,
    Outside,
    Terminals,
    HonorsAndTerminals,
    Honors,
    Green,
    Reversible,
    Even,
    Fives,
    Lower,
    Middle,
    Upper,
    Chows,
}

fn pick_theme(rng: &mut Rng) -> Theme {
    use Theme::*;
    const THEMES: [Theme; 16] = [
        Any,
        Any,
        Any,
        Any,
        Simples,
        HalfFlush,
        FullFlush,
        Outside,
        Terminals,
        HonorsAndTerminals,
        Honors,
        Green,
        Reversible,
        Even,
        Chows,
        Any,
    ];
    match rng.below(20) {
        16 => Fives,
        17 => Lower,
        18 => Middle,
        19 => Upper,
        i => THEMES[i],
    }
}

fn allowed(theme: Theme, suit: Suit, tile: Tile) -> bool {
    let n = tile.number().unwrap_or(0);
    match theme {
        Theme::Any | Theme::Chows => true,
        Theme::Simples => !tile.is_head(),
        Theme::HalfFlush => tile.is_honour() || tile.suit() == Some(suit),
        Theme::FullFlush => tile.suit() == Some(suit),
        Theme::Outside | Theme::HonorsAndTerminals => tile.is_head(),
        Theme::Terminals => tile.is_terminal(),
        Theme::Honors => tile.is_honour(),
        Theme::Green => {
            tile == Tile::dragon(Dragon::Green) || (tile.suit() == Some(Suit::Bamboo) && matches!(n, 2 | 3 | 4 | 6 | 8))
        }
        Theme::Reversible => match tile.suit() {
            Some(Suit::Dots) => matches!(n, 1..=5 | 8 | 9),
            Some(Suit::Bamboo) => matches!(n, 2 | 4 | 5 | 6 | 8 | 9),
            Some(Suit::Characters) => false,
            None => tile == Tile::dragon(Dragon::White),
        },
        Theme::Even => matches!(n, 2 | 4 | 6 | 8),
        Theme::Fives => (3..=7).contains(&n),
        Theme::Lower => (1..=4).contains(&n),
        Theme::Middle => (4..=6).contains(&n),
        Theme::Upper => (6..=9).contains(&n),
    }
}

/// Whether `meld` belongs to the theme (outside hands take 123 and 789 chows, even and five hands their own sets).
fn fits(theme: Theme, suit: Suit, meld: Meld) -> bool {
    let chow = meld.kind == MeldKind::Chow;
    let n = meld.tile.number().unwrap_or(0);
    match theme {
        Theme::Outside | Theme::Terminals if chow => matches!(n, 1 | 7),
        Theme::Chows => chow,
        Theme::Even if chow => false,
        Theme::Fives if chow => (3..=5).contains(&n),
        Theme::Fives => n == 5,
        _ if chow => (0..3).all(|o| Tile::from_index(meld.tile.index() + o).is_some_and(|t| allowed(theme, suit, t))),
        _ => allowed(theme, suit, meld.tile),
    }
}

fn random_suit(rng: &mut Rng) -> Suit {
    Suit::ALL[rng.below(3)]
}

/// Sets that make the rarer combinations likely, and sometimes the pair that goes with them.
fn pattern(rng: &mut Rng) -> (ArrayVec<Meld, 4>, Option<Tile>) {
    let set = |kind, tile| Meld { kind, tile, concealed: true };
    let chow = |s: Suit, n: u8| Tile::suited(s, n).map(|t| set(MeldKind::Chow, t));
    let pung = |s: Suit, n: u8| Tile::suited(s, n).map(|t| set(MeldKind::Pung, t));
    let mut suits = Suit::ALL;
    rng.shuffle(&mut suits);
    let [a, b, c] = suits;
    let n = 1 + rng.below(7) as u8;
    let step = 1 + rng.below(2) as u8;
    let mut out = ArrayVec::new();
    let mut pair = None;
    let list: Vec<Option<Meld>> = match rng.below(30) {
        0 => vec![chow(a, n), chow(b, n), chow(c, n)],
        1 => vec![chow(a, 1), chow(a, 4), chow(a, 7)],
        2 => vec![chow(a, 1), chow(b, 4), chow(c, 7)],
        3 => vec![chow(a, n), chow(a, n)],
        4 => vec![chow(a, n), chow(a, n), chow(a, n)],
        5 => vec![chow(a, n); 4],
        6 => (0..3).map(|k| chow(a, 1 + rng.below(3) as u8 + k * step)).collect(),
        7 => (0..4).map(|k| chow(a, 1 + k * step)).collect(),
        8 => vec![chow(a, n), chow(b, n.min(6) + 1), chow(c, n.min(5) + 2)],
        9 => {
            pair = Tile::suited(a, 5);
            vec![chow(a, 1), chow(a, 1), chow(a, 7), chow(a, 7)]
        }
        10 => {
            pair = Tile::suited(c, 5);
            vec![chow(a, 1), chow(a, 7), chow(b, 1), chow(b, 7)]
        }
        11 => vec![chow(a, n), chow(a, n.min(4) + 3)],
        12 => vec![chow(a, 1), chow(a, 7)],
        13 => vec![pung(a, n), pung(b, n), pung(c, n)],
        14 => vec![pung(a, n), pung(b, n)],
        15 => vec![pung(a, n), pung(a, n + 1), pung(a, n + 2)],
        16 => (0..4).map(|k| pung(a, n.min(6) + k)).collect(),
        17 => vec![pung(a, n), pung(b, n + 1), pung(c, n + 2)],
        18 | 19 => {
            let mut dragons = [Dragon::Red, Dragon::Green, Dragon::White];
            rng.shuffle(&mut dragons);
            let count = 2 + rng.below(2);
            pair = Some(Tile::dragon(dragons[2])).filter(|_| rng.chance(50));
            dragons.iter().take(count).map(|&d| Some(set(MeldKind::Pung, Tile::dragon(d)))).collect()
        }
        20 | 21 => {
            let mut winds = Wind::ALL;
            rng.shuffle(&mut winds);
            let count = 3 + rng.below(2);
            pair = Some(winds[3].tile()).filter(|_| rng.chance(50));
            winds.iter().take(count).map(|w| Some(set(MeldKind::Pung, w.tile()))).collect()
        }
        22 | 23 => (0..2 + rng.below(3)).map(|_| random_kind(rng, MeldKind::Kong)).collect(),
        24 | 25 => (0..3).map(|_| random_kind(rng, MeldKind::Pung)).collect(),
        26 => vec![chow(a, n), chow(a, n), chow(b, n.min(4) + 3), chow(b, n.min(4) + 3)],
        _ => Vec::new(),
    };
    out.extend(list.into_iter().flatten().take(4));
    (out, pair)
}

fn random_kind(rng: &mut Rng, kind: MeldKind) -> Option<Meld> {
    Tile::from_index(rng.below(KINDS)).map(|tile| Meld { kind, tile, concealed: true })
}

/// Removes `meld`'s tiles from `pool`, if they are all there.
fn take(pool: &mut Counts, meld: Meld) -> bool {
    let mut need: Counts = [0; KINDS];
    meld.add_to(&mut need);
    if (0..KINDS).any(|i| need[i] > pool[i]) {
        return false;
    }
    (0..KINDS).for_each(|i| pool[i] -= need[i]);
    true
}

fn standard(rng: &mut Rng) -> Option<WinningHand> {
    let theme = pick_theme(rng);
    let suit = random_suit(rng);
    let mut pool: Counts = [4; KINDS];
    let mut sets: ArrayVec<Meld, 4> = ArrayVec::new();
    let (preferred, pattern_pair) = if rng.chance(60) { pattern(rng) } else { (ArrayVec::new(), None) };
    for meld in preferred {
        if sets.len() < 4 && take(&mut pool, meld) {
            sets.push(meld);
        }
    }
    for _ in 0..80 {
        if sets.len() == 4 {
            break;
        }
        let tile = Tile::from_index(rng.below(KINDS))?;
        let kind = match rng.below(100) {
            0..=49 if tile.starts_chow() => MeldKind::Chow,
            0..=49 => continue,
            50..=89 => MeldKind::Pung,
            _ => MeldKind::Kong,
        };
        let meld = Meld { kind, tile, concealed: true };
        if fits(theme, suit, meld) && take(&mut pool, meld) {
            sets.push(meld);
        }
    }
    if sets.len() < 4 {
        return None;
    }
    let stray = rng.chance(10);
    let pair = match pattern_pair.filter(|p| pool[p.index()] >= 2) {
        Some(p) => p,
        None => (0..80)
            .map(|_| rng.below(KINDS))
            .find(|&i| pool[i] >= 2 && Tile::from_index(i).is_some_and(|t| stray || allowed(theme, suit, t)))
            .and_then(Tile::from_index)?,
    };
    let open = rng.chance(45);
    let all_open = open && rng.chance(10);
    for s in sets.iter_mut() {
        if all_open || (open && rng.chance(50)) {
            s.concealed = false;
        }
    }
    let bag: ArrayVec<Meld, 5> = sets
        .iter()
        .copied()
        .filter(|m| m.concealed && m.kind != MeldKind::Kong)
        .chain([Meld { kind: MeldKind::Pair, tile: pair, concealed: true }])
        .collect();
    let group = bag[rng.below(bag.len())];
    let win = match group.kind {
        MeldKind::Chow => Tile::from_index(group.tile.index() + rng.below(3))?,
        _ => group.tile,
    };
    let mut hand = WinningHand::empty(win);
    for meld in &bag {
        meld.add_to(&mut hand.concealed);
    }
    hand.concealed[win.index()] -= 1;
    hand.melds = sets.into_iter().filter(|m| !m.concealed || m.kind == MeldKind::Kong).collect();
    Some(hand)
}

fn from_bag(rng: &mut Rng, bag: Counts) -> WinningHand {
    let tiles: Vec<Tile> = Tile::all().filter(|t| bag[t.index()] > 0).collect();
    let win = tiles[rng.below(tiles.len())];
    let mut hand = WinningHand::empty(win);
    hand.concealed = bag;
    hand.concealed[win.index()] -= 1;
    hand
}

fn seven_pairs(rng: &mut Rng) -> Option<WinningHand> {
    let mut bag: Counts = [0; KINDS];
    if rng.chance(15) {
        let suit = random_suit(rng);
        let start = 1 + rng.below(3) as u8;
        (start..start + 7).filter_map(|n| Tile::suited(suit, n)).for_each(|t| bag[t.index()] = 2);
        return Some(from_bag(rng, bag));
    }
    let theme = pick_theme(rng);
    let suit = random_suit(rng);
    let mut pairs = 0;
    for _ in 0..300 {
        let tile = Tile::from_index(rng.below(KINDS))?;
        let room = if rng.chance(15) { 4 } else { 2 };
        if pairs < 7 && bag[tile.index()] + 2 <= room && (allowed(theme, suit, tile) || rng.chance(5)) {
            bag[tile.index()] += 2;
            pairs += 1;
        }
    }
    (pairs == 7).then(|| from_bag(rng, bag))
}

fn thirteen_orphans(rng: &mut Rng) -> WinningHand {
    let heads: Vec<Tile> = Tile::all().filter(|t| t.is_head()).collect();
    let mut bag: Counts = [0; KINDS];
    heads.iter().for_each(|t| bag[t.index()] = 1);
    bag[heads[rng.below(13)].index()] += 1;
    from_bag(rng, bag)
}

fn nine_gates(rng: &mut Rng) -> WinningHand {
    let suit = random_suit(rng);
    let mut bag: Counts = [0; KINDS];
    for n in 1..=9 {
        if let Some(t) = Tile::suited(suit, n) {
            bag[t.index()] = if n == 1 || n == 9 { 3 } else { 1 };
        }
    }
    let extra = Tile::suited(suit, 1 + rng.below(9) as u8).unwrap_or(Wind::East.tile());
    bag[extra.index()] += 1;
    // The hand before the win must be 1112345678999: the winning tile is the extra one.
    let mut hand = WinningHand::empty(extra);
    hand.concealed = bag;
    hand.concealed[extra.index()] -= 1;
    hand
}

fn straight(rng: &mut Rng) -> [Tile; 9] {
    let all: Vec<[Tile; 9]> = knitted_straights().collect();
    all[rng.below(all.len())]
}

fn honors_knitted(rng: &mut Rng) -> Option<WinningHand> {
    let mut tiles: Vec<Tile> = straight(rng).to_vec();
    rng.shuffle(&mut tiles);
    let honors_wanted = if rng.chance(30) { 7 } else { 5 + rng.below(3) };
    let mut honors: Vec<Tile> = Tile::all().filter(|t| t.is_honour()).collect();
    rng.shuffle(&mut honors);
    let mut bag: Counts = [0; KINDS];
    honors.iter().take(honors_wanted).for_each(|t| bag[t.index()] = 1);
    tiles.iter().take(14 - honors_wanted).for_each(|t| bag[t.index()] = 1);
    Some(from_bag(rng, bag))
}

fn knitted_straight(rng: &mut Rng) -> Option<WinningHand> {
    let mut pool: Counts = [4; KINDS];
    let mut bag: Counts = [0; KINDS];
    for t in straight(rng) {
        pool[t.index()] -= 1;
        bag[t.index()] += 1;
    }
    let tile = Tile::from_index(rng.below(KINDS))?;
    let kind = match rng.below(10) {
        0..=4 if tile.starts_chow() => MeldKind::Chow,
        0..=7 => MeldKind::Pung,
        _ => MeldKind::Kong,
    };
    let fourth = Meld { kind, tile, concealed: !rng.chance(35) };
    if !take(&mut pool, fourth) {
        return None;
    }
    let pair = Tile::from_index((0..60).map(|_| rng.below(KINDS)).find(|&i| pool[i] >= 2)?)?;
    bag[pair.index()] += 2;
    let declared = fourth.kind == MeldKind::Kong || !fourth.concealed;
    if !declared {
        fourth.add_to(&mut bag);
    }
    let mut hand = from_bag(rng, bag);
    if declared {
        hand.melds.push(fourth);
    }
    Some(hand)
}

fn situation(rng: &mut Rng, hand: &WinningHand) -> Situation {
    let seat = Wind::ALL[rng.below(4)];
    let prevalent = Wind::ALL[rng.below(4)];
    let mut s = Situation::new(rng.chance(45), seat, prevalent);
    let win = hand.win.index();
    if s.self_drawn {
        s.last_wall_tile = rng.chance(5);
        s.kong_replacement = hand.kongs() > 0 && rng.chance(30);
    } else {
        s.last_discard = rng.chance(5);
        s.robbing_kong = hand.all_counts()[win] == 1 && rng.chance(6);
    }
    s.fourth_tile = hand.concealed[win] == 0 && rng.chance(15);
    s
}

/// Flowers for a random win (0–8, mostly few).
fn random_flowers(rng: &mut Rng) -> u8 {
    if rng.chance(80) { rng.below(4) as u8 } else { rng.below(9) as u8 }
}
