//! Random valid wins for the differential test against the `mahjong` library: open and closed hands with
//! chi, pon and kans, the shapes every yaku family needs (flushes, simples, outside hands, sanshoku, ittsu,
//! peikou, dragons, winds, seven pairs, the yakuman), dora, riichi, ippatsu, tsumo or ron, any seat, honba.
//! The tiles are always physically possible (four copies at most, indicators included); a hand may still lack
//! a yaku, which both sides must then refuse.

use arrayvec::ArrayVec;

use stecca_seam::rng::Rng;
use stecca_seam::tiles::{Counts, Dragon, KINDS, Meld, MeldKind, Suit, Tile, Wind};

use super::input::{KazoeLimit, Options, RiichiKind, Situation, Win, WinningHand};
use super::tiles::five;

/// A random win with the options it is scored under.
#[derive(Clone, Debug)]
pub struct RandomWin {
    /// The hand.
    pub hand: WinningHand,
    /// How it was won.
    pub situation: Situation,
    /// The options (red fives and kiriage vary; the rest is RCR).
    pub options: Options,
}

/// A random valid win.
pub fn random_win(rng: &mut Rng) -> RandomWin {
    loop {
        if let Some(win) = try_win(rng) {
            return win;
        }
    }
}

/// Which tiles a hand is drawn from, to reach every yaku family often enough.
#[derive(Clone, Copy)]
enum Theme {
    Any,
    Simples,
    HalfFlush,
    FullFlush,
    Outside,
    Terminals,
    HonoursAndTerminals,
    Green,
    Chows,
}

/// Whether `meld` belongs to the theme: outside hands take chows 123 and 789 and head pungs, the chows theme
/// takes no pung.
fn fits(theme: Theme, suit: Suit, meld: Meld) -> bool {
    match (theme, meld.kind) {
        (Theme::Outside | Theme::Terminals, MeldKind::Chow) => matches!(meld.tile.number(), Some(1 | 7)),
        (Theme::Chows, MeldKind::Chow) => true,
        (Theme::Chows, _) => false,
        (_, MeldKind::Chow) => {
            (0..3).all(|o| Tile::from_index(meld.tile.index() + o).is_some_and(|t| allowed(theme, suit, t)))
        }
        _ => allowed(theme, suit, meld.tile),
    }
}

fn allowed(theme: Theme, suit: Suit, tile: Tile) -> bool {
    match theme {
        Theme::Any | Theme::Chows => true,
        Theme::Terminals => tile.is_terminal(),
        Theme::Simples => !tile.is_head(),
        Theme::HalfFlush => tile.is_honour() || tile.suit() == Some(suit),
        Theme::FullFlush => tile.suit() == Some(suit),
        Theme::Outside | Theme::HonoursAndTerminals => tile.is_head(),
        Theme::Green => {
            tile == Tile::dragon(Dragon::Green)
                || (tile.suit() == Some(Suit::Bamboo) && matches!(tile.number(), Some(2 | 3 | 4 | 6 | 8)))
        }
    }
}

fn try_win(rng: &mut Rng) -> Option<RandomWin> {
    let roll = rng.below(100);
    let hand = match roll {
        0..=6 => seven_pairs(rng)?,
        7..=8 => thirteen_orphans(rng),
        9..=10 => nine_gates(rng),
        _ => standard(rng)?,
    };
    let mut win = RandomWin { hand, situation: Situation::new(Win::Tsumo, Wind::East), options: Options::default() };
    situation(rng, &mut win)?;
    red_fives(rng, &mut win);
    Some(win)
}

fn pick_theme(rng: &mut Rng) -> Theme {
    match rng.below(100) {
        0..=34 => Theme::Any,
        35..=46 => Theme::Simples,
        47..=56 => Theme::HalfFlush,
        57..=64 => Theme::FullFlush,
        65..=76 => Theme::Outside,
        77..=80 => Theme::Terminals,
        81..=86 => Theme::HonoursAndTerminals,
        87..=89 => Theme::Green,
        _ => Theme::Chows,
    }
}

fn random_suit(rng: &mut Rng) -> Suit {
    Suit::ALL[rng.below(3)]
}

/// Four sets and a pair, some of them called; the winning tile taken from a concealed group.
fn standard(rng: &mut Rng) -> Option<WinningHand> {
    let theme = pick_theme(rng);
    let suit = random_suit(rng);
    let mut pool: Counts = [4; KINDS];
    let mut sets: ArrayVec<Meld, 4> = ArrayVec::new();
    let (preferred, dragon_pair) = pattern(rng);
    for meld in preferred {
        if sets.len() < 4 && take(&mut pool, meld) {
            sets.push(meld);
        }
    }
    let mut tries = 0;
    while sets.len() < 4 {
        tries += 1;
        if tries > 60 {
            return None;
        }
        let tile = Tile::from_index(rng.below(KINDS))?;
        let kind = match rng.below(100) {
            0..=49 if tile.starts_chow() => MeldKind::Chow,
            0..=49 => continue,
            50..=87 => MeldKind::Pung,
            _ => MeldKind::Kong,
        };
        let meld = Meld { kind, tile, concealed: true };
        if fits(theme, suit, meld) && take(&mut pool, meld) {
            sets.push(meld);
        }
    }
    let stray = rng.chance(10);
    let pair = (0..60)
        .map(|_| rng.below(KINDS))
        .find(|&i| pool[i] >= 2 && Tile::from_index(i).is_some_and(|t| stray || allowed(theme, suit, t)))?;
    let pair = match dragon_pair.filter(|d| pool[d.index()] >= 2) {
        Some(dragon) => dragon,
        None => Tile::from_index(pair)?,
    };
    call_some(rng, &mut sets);
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

/// Sets that make the rarer yaku likely (sanshoku, ittsu, peikou, dragons, winds, concealed pungs, kans), and
/// a dragon pair for shousangen.
fn pattern(rng: &mut Rng) -> (ArrayVec<Meld, 4>, Option<Tile>) {
    let set = |kind, tile| Meld { kind, tile, concealed: true };
    let suited = |s: Suit, n: u8| Tile::suited(s, n);
    let mut out = ArrayVec::new();
    let n = 1 + rng.below(7) as u8;
    let suit = random_suit(rng);
    match rng.below(100) {
        0..=9 => out.extend(Suit::ALL.iter().filter_map(|&s| suited(s, n)).map(|t| set(MeldKind::Chow, t))),
        10..=17 => out.extend([1, 4, 7].iter().filter_map(|&k| suited(suit, k)).map(|t| set(MeldKind::Chow, t))),
        18..=27 => out.extend(suited(suit, n).map(|t| [set(MeldKind::Chow, t); 2]).into_iter().flatten()),
        28..=31 => out.extend(Suit::ALL.iter().filter_map(|&s| suited(s, n + 1)).map(|t| set(MeldKind::Pung, t))),
        32..=39 => {
            let mut dragons = [Dragon::Red, Dragon::Green, Dragon::White];
            rng.shuffle(&mut dragons);
            let pungs = 2 + rng.below(2);
            out.extend(dragons.iter().take(pungs).map(|&d| set(MeldKind::Pung, Tile::dragon(d))));
            return (out, Some(Tile::dragon(dragons[2])));
        }
        40..=45 => out.extend(Wind::ALL.iter().take(3 + rng.below(2)).map(|w| set(MeldKind::Pung, w.tile()))),
        56..=61 => {
            let chows = (suited(suit, n), suited(random_suit(rng), 1 + rng.below(7) as u8));
            if let (Some(a), Some(b)) = chows {
                out.extend([
                    set(MeldKind::Chow, a),
                    set(MeldKind::Chow, a),
                    set(MeldKind::Chow, b),
                    set(MeldKind::Chow, b),
                ]);
            }
        }
        62..=64 => {
            let mut kans = || set(MeldKind::Kong, Tile::from_index(rng.below(KINDS)).unwrap_or(Wind::East.tile()));
            out.extend([kans(), kans(), kans(), kans()].into_iter().take(3 + rng.below(2)));
        }
        46..=55 => {
            let mut pungs = || set(MeldKind::Pung, Tile::from_index(rng.below(KINDS)).unwrap_or(Wind::East.tile()));
            out.extend([pungs(), pungs(), pungs()]);
        }
        _ => {}
    }
    (out, None)
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

/// Calls some sets (an open hand) or none; kans not called are concealed kans.
fn call_some(rng: &mut Rng, sets: &mut ArrayVec<Meld, 4>) {
    let open_hand = rng.chance(40);
    for set in sets.iter_mut() {
        if open_hand && rng.chance(55) {
            set.concealed = false;
        }
    }
}

fn seven_pairs(rng: &mut Rng) -> Option<WinningHand> {
    let theme = pick_theme(rng);
    let suit = random_suit(rng);
    let mut kinds: ArrayVec<Tile, 7> = ArrayVec::new();
    for _ in 0..200 {
        let tile = Tile::from_index(rng.below(KINDS))?;
        if kinds.len() < 7 && !kinds.contains(&tile) && (allowed(theme, suit, tile) || rng.chance(5)) {
            kinds.push(tile);
        }
    }
    if kinds.len() < 7 {
        return None;
    }
    let win = kinds[rng.below(7)];
    let mut hand = WinningHand::empty(win);
    kinds.iter().for_each(|t| hand.concealed[t.index()] = 2);
    hand.concealed[win.index()] -= 1;
    Some(hand)
}

fn thirteen_orphans(rng: &mut Rng) -> WinningHand {
    let heads: ArrayVec<Tile, 13> = Tile::all().filter(|t| t.is_head()).collect();
    let double = heads[rng.below(13)];
    let win = heads[rng.below(13)];
    let mut hand = WinningHand::empty(win);
    heads.iter().for_each(|t| hand.concealed[t.index()] = 1);
    hand.concealed[double.index()] += 1;
    hand.concealed[win.index()] -= 1;
    hand
}

fn nine_gates(rng: &mut Rng) -> WinningHand {
    let suit = random_suit(rng);
    let tiles: ArrayVec<Tile, 9> = (1..=9).filter_map(|n| Tile::suited(suit, n)).collect();
    let extra = tiles[rng.below(9)];
    let mut counts: Counts = [0; KINDS];
    for (i, t) in tiles.iter().enumerate() {
        counts[t.index()] = if i == 0 || i == 8 { 3 } else { 1 };
    }
    counts[extra.index()] += 1;
    let win = tiles[rng.below(9)];
    let mut hand = WinningHand::empty(win);
    hand.concealed = counts;
    hand.concealed[win.index()] -= 1;
    hand
}

/// Seat, round, tsumo or ron, riichi and the other circumstances, dora, counters, options.
fn situation(rng: &mut Rng, win: &mut RandomWin) -> Option<()> {
    let hand = &win.hand;
    let s = &mut win.situation;
    s.seat = Wind::ALL[rng.below(4)];
    s.round = match rng.below(10) {
        0..=5 => Wind::East,
        6..=8 => Wind::South,
        _ => Wind::ALL[2 + rng.below(2)],
    };
    s.win = if rng.chance(45) { Win::Tsumo } else { Win::Ron { discarder: s.seat.next() } };
    if let Win::Ron { .. } = s.win {
        let others: ArrayVec<Wind, 3> = Wind::ALL.into_iter().filter(|&w| w != s.seat).collect();
        s.win = Win::Ron { discarder: others[rng.below(3)] };
    }
    let tsumo = s.is_tsumo();
    if !hand.is_open() && rng.chance(45) {
        s.riichi = if rng.chance(10) { RiichiKind::Double } else { RiichiKind::Riichi };
        s.ippatsu = rng.chance(25);
    }
    s.haitei = tsumo && rng.chance(4);
    s.houtei = !tsumo && rng.chance(4);
    s.rinshan = tsumo && hand.kans() > 0 && !s.haitei && rng.chance(40);
    s.chankan = !tsumo && !s.houtei && rng.chance(3);
    if tsumo && hand.melds.is_empty() && rng.chance(3) {
        s.riichi = RiichiKind::None;
        s.ippatsu = false;
        s.haitei = false;
        s.tenhou = s.is_dealer();
        s.chiihou = !s.is_dealer();
    }
    let mut seen = hand.all_counts();
    let indicators = (1 + hand.kans() + rng.below(2)).min(5);
    for _ in 0..indicators {
        s.dora_indicators.push(shown_tile(rng, &mut seen)?);
    }
    if s.riichi != RiichiKind::None && rng.chance(70) {
        for _ in 0..indicators {
            s.ura_indicators.push(shown_tile(rng, &mut seen)?);
        }
    }
    s.honba = rng.below(4) as u8;
    s.deposits = rng.below(3) as u8 + u8::from(s.riichi != RiichiKind::None);
    win.options.kiriage = rng.chance(20);
    win.options.kazoe = KazoeLimit::Sanbaiman;
    Some(())
}

/// A tile still available (fewer than four seen), marked as seen.
fn shown_tile(rng: &mut Rng, seen: &mut Counts) -> Option<Tile> {
    let i = (0..100).map(|_| rng.below(KINDS)).find(|&i| seen[i] < 4)?;
    seen[i] += 1;
    Tile::from_index(i)
}

/// With red fives in play, a hand holding fives often holds the red one (always when it holds all four).
fn red_fives(rng: &mut Rng, win: &mut RandomWin) {
    if !rng.chance(30) {
        return;
    }
    win.options.red_fives = true;
    let counts = win.hand.all_counts();
    for suit in Suit::ALL {
        let fives = five(suit).map_or(0, |t| counts[t.index()]);
        if fives == 4 || (fives > 0 && rng.chance(50)) {
            win.hand.red_fives[suit as usize] = 1;
        }
    }
}
