//! Scoring of one FIMJ hand: every arrangement of the concealed tiles is valued and the best one is kept,
//! then re-evaluated once with its explanation lines.

use arrayvec::ArrayVec;

use stecca_seam::rules::decompose::{self, Arrangement, Shape, TileSet};
use stecca_seam::tiles::{Bonus, Hand, Meld, MeldKind, Tile, Wind};

use super::flags::WinFlags;
use super::limits::Limit;
use super::lines::{Amount, EqualChows, Line, Snake};
use super::options::FimjOptions;

/// Most groups a scored hand can show (four fixed groups and seven concealed pairs).
pub const MAX_MELDS: usize = 12;
/// Room for every explanation line a hand can earn: at most 9 stick-point lines (2 bonus, 6 groups and pairs,
/// Mah Jong) and 17 double lines (2 bonus, 2 wind, 3 dragon, 5 families, 5 closing).
pub const MAX_LINES: usize = 32;

/// Who holds the hand, and how the manche ended for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandContext {
    /// Seat wind.
    pub seat: Wind,
    /// Round wind (vento di giro).
    pub round: Wind,
    /// Whether this player went Mah Jong.
    pub winner: bool,
    /// How the winner went out.
    pub flags: WinFlags,
}

/// A scored hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandScore {
    /// Punti di stecca (0 for a limit).
    pub stick_points: u64,
    /// Raddoppi (0 for a limit).
    pub doubles: u32,
    /// The limit scored, if any.
    pub limit: Option<Limit>,
    /// The hand's value before East's doubling.
    pub value: u64,
    /// The arrangement's shape.
    pub shape: Shape,
    /// Every group scored: fixed groups, then the concealed arrangement.
    pub melds: ArrayVec<Meld, MAX_MELDS>,
    /// The explanation.
    pub lines: Lines,
}

/// Why a hand cannot be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandError {
    /// A winner whose tiles form no complete hand.
    Incomplete,
    /// More fixed groups than a hand can hold.
    TooManyGroups,
}

/// Scores one hand, choosing the arrangement of its concealed tiles that is worth most.
pub fn score_hand(hand: &Hand, ctx: &HandContext, options: &FimjOptions) -> Result<HandScore, HandError> {
    let mut fixed: ArrayVec<Meld, 4> = ArrayVec::new();
    for meld in hand.fixed_melds() {
        fixed.try_push(meld).map_err(|_| HandError::TooManyGroups)?;
    }
    let facts = Facts::of(hand, ctx);
    // Each arrangement is evaluated once into the free one of two line buffers; the best one's is kept.
    let mut buffers = [Lines::new(), Lines::new()];
    let mut free = 0;
    let mut best: Option<(Eval, Arrangement)> = None;
    let mut consider = |arrangement: &Arrangement| {
        let lines = &mut buffers[free];
        lines.clear();
        let eval = evaluate(ctx, options, &facts, &fixed, arrangement, lines);
        if best.as_ref().is_none_or(|(b, _)| eval.key() > b.key()) {
            best = Some((eval, arrangement.clone()));
            free = 1 - free;
        }
    };
    if ctx.winner {
        decompose::complete(&hand.concealed, 4 - fixed.len(), &mut consider);
    } else {
        let scoring_pairs = Tile::all()
            .filter(|t| t.is_dragon() || *t == ctx.seat.tile() || *t == ctx.round.tile())
            .fold(TileSet::EMPTY, TileSet::with);
        decompose::partial(&hand.concealed, scoring_pairs, &mut consider);
    }
    let Some((eval, arrangement)) = best else {
        return Err(HandError::Incomplete);
    };
    let [first, second] = buffers;
    let lines = if free == 0 { second } else { first };
    let mut melds: ArrayVec<Meld, MAX_MELDS> = ArrayVec::new();
    for &meld in fixed.iter().chain(&arrangement.melds) {
        // 4 fixed + 7 concealed groups at most.
        let _ = melds.try_push(meld);
    }
    Ok(HandScore {
        stick_points: eval.stick,
        doubles: eval.doubles,
        limit: eval.limit,
        value: eval.value,
        shape: arrangement.shape,
        melds,
        lines,
    })
}

/// The explanation lines of one hand.
pub type Lines = ArrayVec<(Line, Amount), MAX_LINES>;

/// Where explanation lines go.
trait Sink {
    fn add(&mut self, line: Line, amount: Amount);
}

impl Sink for Lines {
    fn add(&mut self, line: Line, amount: Amount) {
        debug_assert!(!self.is_full(), "MAX_LINES is too small");
        let _ = self.try_push((line, amount));
    }
}

/// What the arrangement search needs of the whole hand, computed once.
struct Facts {
    /// Bit per suit present.
    suits: u8,
    /// Any wind or dragon tile.
    honours: bool,
    /// Every honour tile is a dragon or the seat wind.
    honours_for_colore: bool,
    /// Every tile is a terminal or honour.
    all_head: bool,
    flowers: u8,
    seasons: u8,
    own_flower: Option<Bonus>,
    own_season: Option<Bonus>,
}

impl Facts {
    fn of(hand: &Hand, ctx: &HandContext) -> Facts {
        let counts = hand.all_counts();
        let held = |range: std::ops::Range<usize>| counts[range].iter().any(|&c| c > 0);
        let suits = (0..3).filter(|&s| held(s * 9..s * 9 + 9)).fold(0, |mask, s| mask | 1 << s);
        let seat = ctx.seat.tile().index();
        let other_winds = (27..31).filter(|&w| w != seat).any(|w| counts[w] > 0);
        let simples = (0..3).any(|s| held(s * 9 + 1..s * 9 + 8));
        let mut facts = Facts {
            suits,
            honours: held(27..34),
            honours_for_colore: !other_winds,
            all_head: !simples,
            flowers: 0,
            seasons: 0,
            own_flower: None,
            own_season: None,
        };
        for &bonus in &hand.bonus {
            let own = bonus.wind() == ctx.seat;
            match bonus {
                Bonus::Flower(_) => {
                    facts.flowers += 1;
                    facts.own_flower = facts.own_flower.or(own.then_some(bonus));
                }
                Bonus::Season(_) => {
                    facts.seasons += 1;
                    facts.own_season = facts.own_season.or(own.then_some(bonus));
                }
            }
        }
        facts
    }
}

struct Eval {
    stick: u64,
    doubles: u32,
    limit: Option<Limit>,
    value: u64,
}

impl Eval {
    /// A limit beats any counted hand (the digest's interpretation); then the higher value wins.
    fn key(&self) -> (bool, u64) {
        (self.limit.is_some(), self.value)
    }
}

/// Running totals that also feed the sink.
struct Tally<'a, S: Sink> {
    stick: u64,
    doubles: u32,
    sink: &'a mut S,
}

impl<S: Sink> Tally<'_, S> {
    fn points(&mut self, line: Line, points: u32) {
        self.stick += u64::from(points);
        self.sink.add(line, Amount::Points(points));
    }

    fn double(&mut self, line: Line, doubles: u32) {
        if doubles > 0 {
            self.doubles += doubles;
            self.sink.add(line, Amount::Doubles(doubles));
        }
    }
}

/// Summary of the groups of one arrangement, for the doubles.
#[derive(Default)]
struct Groups {
    head_sets: u8,
    concealed_pungs: u8,
    kongs: u8,
    wind_sets: u8,
    /// Per number 1–9: bit per suit holding a pung/kong of it.
    pung_suits: [u8; 9],
    /// Per suit and chow start 1–7: how many such chows.
    chows: [[u8; 7]; 3],
    chow_count: u8,
}

fn evaluate<S: Sink>(
    ctx: &HandContext,
    options: &FimjOptions,
    facts: &Facts,
    fixed: &[Meld],
    arrangement: &Arrangement,
    sink: &mut S,
) -> Eval {
    let melds = || fixed.iter().chain(&arrangement.melds).copied();
    let mut groups = Groups::default();
    for meld in melds() {
        match (meld.kind, meld.tile.suit(), meld.tile.number()) {
            (MeldKind::Chow, Some(suit), Some(n)) => {
                groups.chows[suit as usize][usize::from(n - 1)] += 1;
                groups.chow_count += 1;
            }
            (MeldKind::Pung | MeldKind::Kong, suit, number) => {
                groups.head_sets += u8::from(meld.tile.is_head());
                groups.concealed_pungs += u8::from(meld.kind == MeldKind::Pung && meld.concealed);
                groups.kongs += u8::from(meld.kind == MeldKind::Kong);
                groups.wind_sets += u8::from(meld.tile.wind().is_some());
                if let (Some(suit), Some(n)) = (suit, number) {
                    groups.pung_suits[usize::from(n - 1)] |= 1 << suit as u8;
                }
            }
            _ => {}
        }
    }

    if ctx.winner {
        if let Some(limit) = best_limit(ctx, options, facts, arrangement.shape, &groups) {
            let value = limit.value(&options.limits);
            // Limit values are checked to be at most `MAX_LIMIT`, far below u32::MAX.
            sink.add(Line::Limit(limit), Amount::Limit(u32::try_from(value).unwrap_or(u32::MAX)));
            return Eval { stick: 0, doubles: 0, limit: Some(limit), value };
        }
    }

    let mut tally = Tally { stick: 0, doubles: 0, sink };
    stick_points(ctx, facts, melds(), &mut tally);
    fundamental_doubles(ctx, facts, melds(), &groups, &mut tally);
    if ctx.winner {
        closing_doubles(ctx, options, facts, &groups, &mut tally);
    }
    let value = times_two_to_the(tally.stick, tally.doubles);
    Eval { stick: tally.stick, doubles: tally.doubles, limit: None, value }
}

/// `stick × 2^doubles`, saturating: there is no cap on a hand, but a u64 must not wrap.
fn times_two_to_the(stick: u64, doubles: u32) -> u64 {
    match 1u64.checked_shl(doubles) {
        Some(factor) if doubles < 64 => stick.saturating_mul(factor),
        _ if stick == 0 => 0,
        _ => u64::MAX,
    }
}

/// The highest-valued limit the winner's hand qualifies for; ties go to the earlier line of the table.
fn best_limit(ctx: &HandContext, options: &FimjOptions, facts: &Facts, shape: Shape, groups: &Groups) -> Option<Limit> {
    let standard = shape == Shape::Standard;
    let qualifies = |limit: Limit| match limit {
        Limit::Coppie => shape == Shape::SevenPairs,
        Limit::TuttiTris => standard && facts.all_head,
        Limit::Purezza => facts.suits.count_ones() == 1 && !facts.honours,
        Limit::NoveFiori => ctx.flags.contains(WinFlags::NINTH_EAST_WIN),
        Limit::TuttiPoker => standard && groups.kongs == 4,
        Limit::TrediciLanterne => shape == Shape::ThirteenOrphans,
        Limit::UscitaDegliDei => ctx.flags.contains(WinFlags::DEALT_HAND),
        Limit::QuattroBenedizioni => standard && groups.wind_sets == 4,
    };
    let mut best: Option<(Limit, u64)> = None;
    for limit in Limit::ALL.into_iter().filter(|&l| qualifies(l)) {
        let value = limit.value(&options.limits);
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((limit, value));
        }
    }
    best.map(|(limit, _)| limit)
}

fn stick_points<S: Sink>(
    ctx: &HandContext,
    facts: &Facts,
    melds: impl Iterator<Item = Meld>,
    tally: &mut Tally<'_, S>,
) {
    if let Some(flower) = facts.own_flower {
        tally.points(Line::OwnFlower(flower), 4);
    }
    if let Some(season) = facts.own_season {
        tally.points(Line::OwnSeason(season), 4);
    }
    for meld in melds {
        let tile = meld.tile;
        match meld.kind {
            MeldKind::Pair => {
                if tile.is_dragon() {
                    tally.points(Line::DragonPair(tile), 2);
                }
                if tile == ctx.seat.tile() {
                    tally.points(Line::OwnWindPair(tile), 2);
                }
                if tile == ctx.round.tile() {
                    tally.points(Line::RoundWindPair(tile), 2);
                }
            }
            MeldKind::Pung | MeldKind::Kong => {
                let base = if meld.kind == MeldKind::Kong { 8 } else { 2 };
                let head = if tile.is_head() { 2 } else { 1 };
                let concealed = if meld.concealed { 2 } else { 1 };
                tally.points(Line::Set(meld), base * head * concealed);
            }
            MeldKind::Chow => {}
        }
    }
    if ctx.winner {
        tally.points(Line::MahJong, 20);
    }
}

fn fundamental_doubles<S: Sink>(
    ctx: &HandContext,
    facts: &Facts,
    melds: impl Iterator<Item = Meld>,
    groups: &Groups,
    tally: &mut Tally<'_, S>,
) {
    if facts.flowers == 4 {
        tally.double(Line::Bouquet, 4);
    } else if facts.own_flower.is_some() {
        tally.double(Line::OwnFlowerDouble, 1);
    }
    if facts.seasons == 4 {
        tally.double(Line::RoseOfSeasons, 4);
    } else if facts.own_season.is_some() {
        tally.double(Line::OwnSeasonDouble, 1);
    }
    for meld in melds.filter(|m| m.is_set()) {
        if meld.tile == ctx.seat.tile() {
            tally.double(Line::OwnWindSet(meld.tile), 1);
        }
        if meld.tile == ctx.round.tile() {
            tally.double(Line::RoundWindSet(meld.tile), 1);
        }
        if meld.tile.is_dragon() {
            tally.double(Line::DragonSet(meld.tile), 1);
        }
    }
    match groups.head_sets {
        0..=2 => {}
        3 => tally.double(Line::ThreeHeadSets, 1),
        _ => tally.double(Line::FourHeadSets, 2),
    }
    if groups.pung_suits.contains(&0b111) {
        tally.double(Line::EqualPungs, 1);
    }
    match groups.concealed_pungs {
        0..=2 => {}
        3 => tally.double(Line::ThreeConcealedPungs, 1),
        _ => tally.double(Line::FourConcealedPungs, 2),
    }
    // Both chow families need at least three chows.
    if groups.chow_count >= 3 {
        if let Some((kind, doubles)) = equal_chows(&groups.chows) {
            tally.double(Line::EqualChows(kind), doubles);
        }
        if let Some((kind, doubles)) = snake(&groups.chows) {
            tally.double(Line::Snake(kind), doubles);
        }
    }
}

/// The highest line of the equal-chows family.
fn equal_chows(chows: &[[u8; 7]; 3]) -> Option<(EqualChows, u32)> {
    (0..7)
        .filter_map(|start| {
            let total: u8 = chows.iter().map(|suit| suit[start]).sum();
            let one_suit = chows.iter().map(|suit| suit[start]).max().unwrap_or(0);
            match (one_suit, total) {
                (4.., _) => Some((EqualChows::FourOneSuit, 4)),
                (3, _) => Some((EqualChows::ThreeOneSuit, 2)),
                (_, 4..) => Some((EqualChows::Four, 2)),
                (_, 3) => Some((EqualChows::Three, 1)),
                _ => None,
            }
        })
        .max_by_key(|&(kind, doubles)| (doubles, kind))
}

/// The highest line of the snake family.
fn snake(chows: &[[u8; 7]; 3]) -> Option<(Snake, u32)> {
    let in_suit = |suit: &[u8; 7], starts: &[usize]| starts.iter().all(|&s| suit[s] > 0);
    let any_suit = |starts: &[usize]| starts.iter().all(|&s| chows.iter().any(|suit| suit[s] > 0));
    const SNAKE: [usize; 3] = [0, 3, 6];
    const CHAINED: [usize; 4] = [0, 2, 4, 6];
    if chows.iter().any(|suit| in_suit(suit, &CHAINED)) {
        Some((Snake::ChainedOneSuit, 3))
    } else if chows.iter().any(|suit| in_suit(suit, &SNAKE)) {
        Some((Snake::OneSuit, 2))
    } else if any_suit(&CHAINED) {
        Some((Snake::Chained, 2))
    } else if any_suit(&SNAKE) {
        Some((Snake::Plain, 1))
    } else {
        None
    }
}

fn closing_doubles<S: Sink>(
    ctx: &HandContext,
    options: &FimjOptions,
    facts: &Facts,
    groups: &Groups,
    tally: &mut Tally<'_, S>,
) {
    let values = &options.closing_doubles;
    if groups.chow_count == 0 {
        tally.double(Line::WooPung, values.woo_pung);
    }
    if facts.suits.count_ones() == 1 && facts.honours && facts.honours_for_colore {
        tally.double(Line::Colore, values.colore);
    }
    for (flag, line, doubles) in [
        (WinFlags::ROBBING_KONG, Line::RobbingKong, values.robbing_kong),
        (WinFlags::LAST_DISCARD, Line::LastDiscard, values.last_discard),
        (WinFlags::LAST_WALL_TILE, Line::LastWallTile, values.last_wall_tile),
    ] {
        if ctx.flags.contains(flag) {
            tally.double(line, doubles);
        }
    }
}
