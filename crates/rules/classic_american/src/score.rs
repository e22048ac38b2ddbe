//! Scoring of one classic American hand: every arrangement of the concealed tiles is valued under the
//! edition and game type in force, and the one worth most (and admissible, in a one-double game) is kept.

use stecca_seam::rules::decompose::{self, Arrangement, Shape, TileSet};
use stecca_seam::tiles::{Bonus, Counts, Hand, Meld, MeldKind, Suit, Tile, Wind};

use super::flags::{Dead, Win};
use super::lines::{Amount, Limit, Line};
use super::options::{ClassicOptions, GameType};

/// Who holds the hand and how the manche ended for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandContext {
    /// Seat wind.
    pub seat: Wind,
    /// The prevailing (round) wind.
    pub round: Wind,
    /// Went Mah Jong.
    pub winner: bool,
    /// How the winner went out.
    pub win: Win,
    /// The tile the winner went out on, when given.
    pub winning_tile: Option<Tile>,
    /// A dead hand (non-winners only).
    pub dead: Option<Dead>,
}

/// A scored hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandScore {
    /// Base points (0 for a limit hand).
    pub points: u64,
    /// Doubles (0 for a limit hand).
    pub doubles: u32,
    /// The limit hand scored, if any.
    pub limit: Option<Limit>,
    /// The value before East's doubling, capped at the limit in force.
    pub value: u64,
    /// The arrangement's shape.
    pub shape: Shape,
    /// Every group scored: fixed groups, then the concealed arrangement.
    pub melds: Vec<Meld>,
    /// The explanation.
    pub lines: Vec<(Line, Amount)>,
}

/// Why a hand cannot be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandError {
    /// A winner whose tiles form no complete hand.
    Incomplete,
    /// A winner whose only complete reading is seven pairs that are neither divine twins nor seven twins.
    PlainSevenPairs,
    /// More fixed groups than a hand can hold.
    TooManyGroups,
    /// A cleared hand is required and the winner's tiles hold this many suits.
    NotCleared(usize),
    /// A one-double game and no complete arrangement holds a double.
    NoDouble,
}

/// What every arrangement shares, computed once from all the hand's tiles (bonus tiles aside).
struct Facts {
    tiles: usize,
    suits: usize,
    honours: bool,
    terminals: bool,
    all_head: bool,
    all_green: bool,
    counts: Counts,
}

impl Facts {
    fn of(hand: &Hand) -> Facts {
        let counts = hand.all_counts();
        let held = || Tile::all().filter(|t| counts[t.index()] > 0);
        let suits = Suit::ALL.iter().filter(|&&s| held().any(|t| t.suit() == Some(s))).count();
        let green = |t: Tile| {
            t == Tile::dragon(stecca_seam::tiles::Dragon::Green)
                || (t.suit() == Some(Suit::Bamboo) && matches!(t.number(), Some(2 | 3 | 4 | 6 | 8)))
        };
        Facts {
            tiles: counts.iter().map(|&c| usize::from(c)).sum(),
            suits,
            honours: held().any(Tile::is_honour),
            terminals: held().any(Tile::is_terminal),
            all_head: held().all(Tile::is_head),
            all_green: held().all(green),
            counts,
        }
    }

    fn all_honours(&self) -> bool {
        self.tiles > 0 && self.suits == 0
    }

    fn all_terminals(&self) -> bool {
        self.tiles > 0 && self.all_head && !self.honours
    }
}

/// Scores one hand under `options`.
pub fn score_hand(hand: &Hand, ctx: &HandContext, options: &ClassicOptions) -> Result<HandScore, HandError> {
    if let Some(dead) = ctx.dead
        && (dead == Dead::Long || !options.prevailing_wind_counts())
    {
        return Ok(HandScore {
            points: 0,
            doubles: 0,
            limit: None,
            value: 0,
            shape: Shape::Standard,
            melds: Vec::new(),
            lines: vec![(Line::DeadHand(dead), Amount::Points(0))],
        });
    }
    let fixed: Vec<Meld> = hand.fixed_melds().collect();
    if fixed.len() > 4 {
        return Err(HandError::TooManyGroups);
    }
    let facts = Facts::of(hand);
    if ctx.winner && options.cleared_required() && facts.suits > 1 {
        return Err(HandError::NotCleared(facts.suits));
    }
    let mut best: Option<(Eval, Arrangement)> = None;
    let (mut complete, mut plain_pairs) = (false, false);
    // The lines of an arrangement not kept, and the groups, go back into these for the next arrangement: a
    // non-winner's tiles have dozens of arrangements, and two lists for each were a tenth of a manche.
    let mut spare: Vec<(Line, Amount)> = Vec::new();
    let mut melds: Vec<Meld> = Vec::new();
    let mut consider = |arrangement: &Arrangement| {
        let mut lines = std::mem::take(&mut spare);
        lines.clear();
        melds.clear();
        melds.extend(fixed.iter().chain(&arrangement.melds).copied());
        let eval = evaluate(hand, ctx, options, &facts, &melds, arrangement, lines);
        let kept = if ctx.winner && arrangement.shape == Shape::SevenPairs && eval.limit.is_none() {
            plain_pairs = true;
            false
        } else {
            complete |= ctx.winner;
            !(ctx.winner && options.column() == GameType::OneDouble && !eval.admissible)
                && best.as_ref().is_none_or(|(b, _)| eval.key() > b.key())
        };
        if kept {
            if let Some((old, _)) = best.replace((eval, arrangement.clone())) {
                spare = old.lines;
            }
        } else {
            spare = eval.lines;
        }
    };
    if ctx.winner {
        decompose::complete(&hand.concealed, 4 - fixed.len(), &mut consider);
    } else {
        let scoring_pairs =
            Tile::all().filter(|&t| pair_points(t, ctx, options) > 0).fold(TileSet::EMPTY, TileSet::with);
        decompose::partial(&hand.concealed, scoring_pairs, &mut consider);
    }
    let Some((eval, arrangement)) = best else {
        return Err(match (complete, plain_pairs) {
            (true, _) => HandError::NoDouble,
            (false, true) => HandError::PlainSevenPairs,
            (false, false) => HandError::Incomplete,
        });
    };
    let mut melds = fixed;
    melds.extend(arrangement.melds.iter().copied());
    Ok(HandScore {
        points: eval.points,
        doubles: eval.doubles,
        limit: eval.limit,
        value: eval.value,
        shape: arrangement.shape,
        melds,
        lines: eval.lines,
    })
}

/// One arrangement's worth.
struct Eval {
    points: u64,
    doubles: u32,
    limit: Option<Limit>,
    value: u64,
    /// Holds a double other than the own flower's or season's, or is a limit hand (one-double admission).
    admissible: bool,
    lines: Vec<(Line, Amount)>,
}

impl Eval {
    fn key(&self) -> (u64, u32, u64) {
        (self.value, self.doubles, self.points)
    }
}

/// Base points of a pung or kong: 2 for an exposed pung of simples, doubled for terminals/honours, doubled
/// when concealed, four times for a kong.
fn set_points(meld: Meld) -> u32 {
    let head = if meld.tile.is_head() { 2 } else { 1 };
    let concealed = if meld.concealed { 2 } else { 1 };
    let kong = if meld.kind == MeldKind::Kong { 4 } else { 1 };
    2 * head * concealed * kong
}

/// Points of a pair of `tile`: dragons 2, own wind 2, the prevailing wind 2 in TACOLFMJ (own and prevailing
/// both count).
fn pair_points(tile: Tile, ctx: &HandContext, options: &ClassicOptions) -> u32 {
    pair_lines(tile, ctx, options).count() as u32 * 2
}

/// The lines a pair of `tile` scores, without a list for them: every tile's pair is asked for each non-winner.
fn pair_lines(tile: Tile, ctx: &HandContext, options: &ClassicOptions) -> impl Iterator<Item = Line> {
    [
        tile.is_dragon().then_some(Line::DragonPair(tile)),
        (tile == ctx.seat.tile()).then_some(Line::OwnWindPair(tile)),
        (options.prevailing_wind_counts() && tile == ctx.round.tile()).then_some(Line::PrevailingWindPair(tile)),
    ]
    .into_iter()
    .flatten()
}

fn evaluate(
    hand: &Hand,
    ctx: &HandContext,
    options: &ClassicOptions,
    facts: &Facts,
    melds: &[Meld],
    arrangement: &Arrangement,
    mut lines: Vec<(Line, Amount)>,
) -> Eval {
    let column = options.column();
    for &bonus in &hand.bonus {
        lines.push((Line::Bonus(bonus), Amount::Points(4)));
    }
    let mut pair_scores = false;
    for &meld in melds {
        match meld.kind {
            MeldKind::Pung | MeldKind::Kong => {
                lines.push((Line::Set(meld), Amount::Points(set_points(meld))));
                if meld.tile.is_dragon() {
                    lines.push((Line::DragonSet(meld.tile), Amount::Doubles(1)));
                }
                if meld.tile == ctx.seat.tile() {
                    lines.push((Line::OwnWindSet(meld.tile), Amount::Doubles(1)));
                }
                if options.prevailing_wind_counts() && meld.tile == ctx.round.tile() {
                    lines.push((Line::PrevailingWindSet(meld.tile), Amount::Doubles(1)));
                }
            }
            MeldKind::Pair if arrangement.shape == Shape::Standard => {
                for line in pair_lines(meld.tile, ctx, options) {
                    pair_scores = true;
                    lines.push((line, Amount::Points(2)));
                }
            }
            MeldKind::Pair | MeldKind::Chow => {}
        }
    }
    for &bonus in &hand.bonus {
        if bonus.wind() == ctx.seat {
            let line = match bonus {
                Bonus::Flower(_) => Line::OwnFlower(bonus),
                Bonus::Season(_) => Line::OwnSeason(bonus),
            };
            lines.push((line, Amount::Doubles(1)));
        }
    }
    let flowers = hand.bonus.iter().filter(|b| matches!(b, Bonus::Flower(_))).count();
    let seasons = hand.bonus.len() - flowers;
    if flowers == 4 {
        lines.push((Line::BouquetOfFlowers, Amount::Doubles(3)));
    }
    if seasons == 4 {
        lines.push((Line::BouquetOfSeasons, Amount::Doubles(3)));
    }
    let mut limit = None;
    if ctx.winner {
        winner_lines(ctx, options, facts, melds, arrangement, pair_scores, &mut lines);
        limit = limit_hand(hand, ctx, facts, melds, arrangement);
    } else if column != GameType::Mixed && facts.tiles > 0 {
        // Non-winners of cleared and one-double games: the rows marked ¹ and ², over all their tiles.
        if facts.all_terminals() {
            lines.push((Line::TerminalsOnly, Amount::Doubles(3)));
        } else if facts.all_honours() {
            lines.push((Line::HonoursOnly, Amount::Doubles(3)));
        } else {
            suit_lines(facts, &mut lines);
        }
    }
    let points: u64 = lines.iter().map(|(_, a)| if let Amount::Points(p) = a { u64::from(*p) } else { 0 }).sum();
    let doubles: u32 = lines.iter().map(|(_, a)| if let Amount::Doubles(d) = a { *d } else { 0 }).sum();
    let counted = lines.iter().any(|(line, amount)| {
        matches!(amount, Amount::Doubles(d) if *d > 0) && !matches!(line, Line::OwnFlower(_) | Line::OwnSeason(_))
    });
    let multiplier = 1u64.checked_shl(doubles.min(63)).unwrap_or(u64::MAX);
    let capped = |value: u64| options.limit_in_force().map_or(value, |cap| value.min(cap));
    let computed = capped(points.saturating_mul(multiplier));
    let admissible = counted || limit.is_some();
    // A limit hand is worth a fixed value (the limit, half of it for seven twins, or the agreed value), whatever
    // its points and doubles would come to (digest, Interpretations): seven twins whose bonus tiles push the
    // computed figure past the half limit are still seven twins, not plain seven pairs.
    if let Some(hand_limit) = limit {
        let full = options.limit_value();
        let worth = capped(if hand_limit == Limit::SevenTwins { full / 2 } else { full });
        return Eval {
            points: 0,
            doubles: 0,
            limit,
            value: worth,
            admissible,
            lines: {
                lines.clear();
                lines.push((Line::Limit(hand_limit), Amount::Limit(worth)));
                lines
            },
        };
    }
    Eval { points, doubles, limit: None, value: computed, admissible, lines }
}

/// The winner's points and the bonuses of the game-type table.
fn winner_lines(
    ctx: &HandContext,
    options: &ClassicOptions,
    facts: &Facts,
    melds: &[Meld],
    arrangement: &Arrangement,
    pair_scores: bool,
    lines: &mut Vec<(Line, Amount)>,
) {
    lines.push((Line::MahJong, Amount::Points(20)));
    if ctx.win.drawn() {
        lines.push((Line::Drawn, Amount::Points(2)));
    }
    if ctx.win.only_possible_tile {
        lines.push((Line::OnlyPossibleTile, Amount::Points(2)));
    }
    // The rows whose cleared-game column gives 10 points instead of a double.
    let column_bonus = if options.column() == GameType::Cleared { Amount::Points(10) } else { Amount::Doubles(1) };
    let win = ctx.win;
    for (set, line) in [
        (win.last_wall_tile, Line::LastWallTile),
        (win.last_discard, Line::LastDiscard),
        (win.kong_replacement || win.kong_upon_kong, Line::KongReplacement),
    ] {
        if set {
            lines.push((line, column_bonus));
        }
    }
    if win.robbing_kong {
        // LRB's running text: robbing a kong is worth 10 points.
        let amount = if options.prevailing_wind_counts() { column_bonus } else { Amount::Points(10) };
        lines.push((Line::RobbingKong, amount));
    }
    if arrangement.shape == Shape::Standard {
        let sets = melds.iter().filter(|m| m.is_set()).count();
        let chows = melds.iter().filter(|m| m.kind == MeldKind::Chow).count();
        if chows == 4 && !pair_scores {
            lines.push((Line::AllChows, column_bonus));
        }
        if sets == 4 {
            lines.push((Line::NoChows, column_bonus));
        }
        let pair = melds.iter().find(|m| m.kind == MeldKind::Pair).map(|m| m.tile);
        let dragon_sets = melds.iter().filter(|m| m.is_set() && m.tile.is_dragon()).count();
        let wind_sets = melds.iter().filter(|m| m.is_set() && m.tile.wind().is_some()).count();
        if dragon_sets == 2 && pair.is_some_and(Tile::is_dragon) {
            lines.push((Line::ThreeLittleSages, column_bonus));
        }
        if wind_sets == 3 && pair.is_some_and(|t| t.wind().is_some()) {
            lines.push((Line::FourLittleBlessings, column_bonus));
        }
    }
    if !facts.all_honours() && !facts.all_terminals() {
        suit_lines(facts, lines);
    }
    if win.delayed_call {
        lines.push((Line::DelayedCall, Amount::Doubles(1)));
    }
}

/// One suit with no honour (3 doubles), else one suit plus honours and terminals plus honours (1 each, they
/// add up).
fn suit_lines(facts: &Facts, lines: &mut Vec<(Line, Amount)>) {
    if facts.suits == 1 && !facts.honours {
        lines.push((Line::OneSuit, Amount::Doubles(3)));
        return;
    }
    if facts.suits == 1 && facts.honours {
        lines.push((Line::OneSuitAndHonours, Amount::Doubles(1)));
    }
    if facts.all_head && facts.terminals && facts.honours {
        lines.push((Line::TerminalsAndHonours, Amount::Doubles(1)));
    }
}

/// The limit hand this winning arrangement makes, if any.
fn limit_hand(
    hand: &Hand,
    ctx: &HandContext,
    facts: &Facts,
    melds: &[Meld],
    arrangement: &Arrangement,
) -> Option<Limit> {
    let win = ctx.win;
    let winning = |suit: Suit, number: u8| ctx.winning_tile.is_some() && ctx.winning_tile == Tile::suited(suit, number);
    match arrangement.shape {
        Shape::ThirteenOrphans => return Some(Limit::ThirteenOrphans),
        Shape::SevenPairs => {
            return if facts.all_honours() || (facts.suits == 1 && !facts.honours) {
                Some(Limit::DivineTwins)
            } else if facts.suits == 1 {
                Some(Limit::SevenTwins)
            } else {
                None
            };
        }
        Shape::Standard => {}
    }
    let sets = |pred: &dyn Fn(Tile) -> bool| melds.iter().filter(|m| m.is_set() && pred(m.tile)).count();
    let concealed_hand = hand.exposed.is_empty();
    let candidates = [
        (win.dealt_hand && ctx.seat == Wind::East, Limit::HeavenlyHand),
        (win.dealt_hand && ctx.seat != Wind::East, Limit::EarthlyHand),
        (win.kong_upon_kong, Limit::KongUponKong),
        (win.last_wall_tile && winning(Suit::Dots, 1), Limit::MoonFromTheBottomOfTheSea),
        (win.kong_replacement && winning(Suit::Dots, 5), Limit::PlumBlossomOnTheRoof),
        (win.robbing_kong && winning(Suit::Bamboo, 2), Limit::ScratchingACarryingPole),
        (facts.all_honours(), Limit::AllHonours),
        (facts.all_terminals(), Limit::AllTerminals),
        (facts.all_green, Limit::AllGreen),
        (sets(&Tile::is_dragon) == 3, Limit::ThreeGreatSages),
        (sets(&|t: Tile| t.wind().is_some()) == 4, Limit::FourGreatBlessings),
        (melds.iter().filter(|m| m.kind == MeldKind::Kong).count() == 4, Limit::AllKongs),
        (concealed_hand && nine_gates(facts), Limit::NineGates),
        (concealed_hand && win.drawn() && sets(&|_| true) == 4, Limit::HiddenTreasure),
    ];
    candidates.into_iter().find(|(holds, _)| *holds).map(|(_, limit)| limit)
}

/// 1-1-1, 2 to 8, 9-9-9 of one suit plus one more tile of it: 14 tiles, no kong.
fn nine_gates(facts: &Facts) -> bool {
    if facts.suits != 1 || facts.honours || facts.tiles != 14 {
        return false;
    }
    let held = |suit: Suit| (1..=9).any(|n| Tile::suited(suit, n).is_some_and(|t| facts.counts[t.index()] > 0));
    let Some(suit) = Suit::ALL.into_iter().find(|&s| held(s)) else {
        return false;
    };
    (1..=9u8).all(|n| {
        let need = if n == 1 || n == 9 { 3 } else { 1 };
        Tile::suited(suit, n).is_some_and(|t| facts.counts[t.index()] >= need)
    })
}
