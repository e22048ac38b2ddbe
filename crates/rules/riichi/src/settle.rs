//! A hand's payments: each winner's value (from the tiles or the score sheet), the counters, the riichi
//! deposits and who collects them; the noten payments of an exhaustive draw; a chombo; and the deposits left
//! when the game ends. Every amount is whole points; the four nets and the table's pot sum to zero.

use arrayvec::ArrayVec;

use stecca_seam::message::Message;
use stecca_seam::rules::tile_checks::{self, TileSeat};
use stecca_seam::rules::{MancheError, problems::Problems};
use stecca_seam::tiles::Wind;

use super::cost::{self, Limit, Payments};
use super::evaluate::{Refusal, Score, evaluate};
use super::input::{Conflict, RiichiKind, Situation, Win};
use super::manche::{Hand, Player, Value, Won};
use super::options::{Chombo, LeftoverPot, MultipleRon, RiichiOptions};
use super::yaku::Yaku;

/// A riichi deposit.
pub const DEPOSIT: i64 = 1000;
/// What a counter adds to a hand, in all.
pub const COUNTER: i64 = 300;

/// What a winner is paid, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinnerPaid {
    /// The winner's position.
    pub player: usize,
    /// The evaluation of the tiles (absent when the han and fu were typed from the score sheet).
    pub score: Option<Score>,
    /// Han (13 for a yakuman) and fu (absent when not given from 5 han on).
    pub han: u8,
    /// Fu.
    pub fu: Option<u8>,
    /// The limit reached.
    pub limit: Option<Limit>,
    /// The payments (counters included, deposits apart).
    pub payments: Payments,
    /// Deposits collected (1,000 each).
    pub deposits: i64,
}

/// A hand settled: the winners, every payment between players by position, the pot's moves by position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// Each winner's value.
    pub winners: Vec<WinnerPaid>,
    /// `(from, to, amount)`.
    pub payments: Vec<(usize, usize, i64)>,
    /// `(player, amount)`: put on the table (positive) or taken from it (negative).
    pub pot: Vec<(usize, i64)>,
    /// Chombo penalties off the table, `(player, points)`.
    pub penalties: Vec<(usize, i64)>,
}

impl Settled {
    /// Each player's net, by position.
    pub fn nets(&self, players: usize) -> Vec<i64> {
        let mut net = vec![0; players];
        for &(from, to, amount) in &self.payments {
            net[from] -= amount;
            net[to] += amount;
        }
        for &(player, amount) in &self.pot {
            net[player] -= amount;
        }
        net
    }
}

/// Checks the hand as a whole and settles it.
pub fn settle(hand: &Hand, options: &RiichiOptions) -> Result<Settled, Problems> {
    check_table(hand)?;
    let chombo: Vec<usize> = (0..hand.players.len()).filter(|&i| hand.players[i].chombo).collect();
    let winners: Vec<usize> = hand.winners().map(|(i, ..)| i).collect();
    if let Some(p) = hand.players.iter().find(|p| p.liable).filter(|_| winners.is_empty()) {
        return Err(MancheError::player(&p.name, crate::msg!("riichi.error.liable_without_yakuman")).into());
    }
    if !chombo.is_empty() {
        if let Some(&w) = winners.first() {
            let why = crate::msg!("riichi.error.chombo_with_win");
            return Err(MancheError::player(&hand.players[w].name, why).into());
        }
        if hand.draw {
            return Err(MancheError::general(crate::msg!("riichi.error.chombo_with_draw")).into());
        }
        return Ok(chombo_paid(hand, &chombo, options));
    }
    if hand.draw {
        return draw(hand, options);
    }
    if winners.is_empty() {
        return Err(MancheError::general(crate::msg!("riichi.error.nobody_won")).into());
    }
    wins(hand, &winners, options)
}

/// Four players, named, each at one seat wind: the check every tile ruleset makes.
fn check_table(hand: &Hand) -> Result<(), MancheError> {
    let seats: Vec<TileSeat<'_>> =
        hand.players.iter().map(|p| TileSeat { name: &p.name, wind: p.seat, hand: None }).collect();
    tile_checks::table(&seats, 4, "Riichi")
}

/// The deposits declared in this hand: each riichi player puts 1,000 on the table.
fn bets(hand: &Hand) -> Vec<(usize, i64)> {
    (0..hand.players.len()).filter(|&i| hand.players[i].riichi != RiichiKind::None).map(|i| (i, DEPOSIT)).collect()
}

fn position_of(hand: &Hand, seat: Wind) -> Option<usize> {
    hand.players.iter().position(|p| p.seat == seat)
}

fn wins(hand: &Hand, winners: &[usize], options: &RiichiOptions) -> Result<Settled, Problems> {
    let discarder = hand.discarder();
    let tsumo = winners.iter().any(|&w| hand.players[w].won.as_ref().is_some_and(|won| won.flags.self_drawn));
    match (tsumo, discarder, winners) {
        (true, _, [_, _, ..]) => {
            return Err(MancheError::general(crate::msg!("riichi.error.several_winners_tsumo")).into());
        }
        (true, Some(d), _) => {
            let why = crate::msg!("riichi.error.discarder_on_tsumo");
            return Err(MancheError::player(&hand.players[d].name, why).into());
        }
        (false, None, _) => return Err(MancheError::general(crate::msg!("riichi.error.discarder_missing")).into()),
        (false, Some(d), _) if winners.contains(&d) => {
            let why = crate::msg!("riichi.error.discarder_won");
            return Err(MancheError::player(&hand.players[d].name, why).into());
        }
        _ => {}
    }
    if hand.players.iter().filter(|p| p.discarder).count() > 1 {
        return Err(MancheError::general(crate::msg!("riichi.error.two_discarders")).into());
    }
    let discarder_seat = discarder.map(|d| hand.players[d].seat);
    // The winners in turn order after the discarder: the first collects the deposits (RCR §3.3.14, §4.1).
    let mut order: Vec<usize> = winners.to_vec();
    if let Some(seat) = discarder_seat {
        order.sort_by_key(|&w| (hand.players[w].seat.index() + 4 - seat.index()) % 4);
    }
    if options.multiple_ron == MultipleRon::HeadBump && order.len() > 1 {
        let first = &hand.players[order[0]].name;
        return Err(MancheError::general(crate::msg!("riichi.error.head_bump", name = first)).into());
    }
    if !hand.ura_dora.is_empty() && !order.iter().any(|&w| hand.players[w].riichi != RiichiKind::None) {
        return Err(MancheError::general(crate::msg!("riichi.error.ura_without_riichi")).into());
    }
    let mut found = Problems::default();
    let mut settled = Settled { pot: bets(hand), ..Settled::default() };
    let mut paid = Vec::with_capacity(order.len());
    for &w in &order {
        let player = &hand.players[w];
        let Some(won) = &player.won else { continue };
        let situation = situation(hand, player, won, discarder_seat);
        match value(won, &situation, options) {
            Ok((score, han, fu, limit, payments)) => {
                paid.push(WinnerPaid { player: w, score, han, fu, limit, payments, deposits: 0 });
            }
            Err(why) => found.push(MancheError::player(&player.name, why)),
        }
    }
    found.first().map_err(Problems::from)?;
    // Each riichi winner takes back his own deposit; everything else on the table goes to the first winner.
    let on_table = i64::from(hand.deposits) * DEPOSIT + settled.pot.iter().map(|&(_, a)| a).sum::<i64>();
    let mut left = on_table;
    for winner in paid.iter_mut().skip(1) {
        if hand.players[winner.player].riichi != RiichiKind::None {
            winner.deposits = DEPOSIT;
            left -= DEPOSIT;
        }
    }
    if let Some(first) = paid.first_mut() {
        first.deposits = left;
    }
    let liable = liability(hand, &paid)?;
    for winner in &paid {
        match liable.filter(|&(w, _)| w == winner.player) {
            Some((_, liable)) => settled.payments.extend(liable_payments(winner, liable, discarder)),
            None => {
                for seat in Wind::ALL {
                    let amount = i64::from(winner.payments.pays[seat.index()]);
                    if let (true, Some(payer)) = (amount > 0, position_of(hand, seat)) {
                        settled.payments.push((payer, winner.player, amount));
                    }
                }
            }
        }
        if winner.deposits > 0 {
            settled.pot.push((winner.player, -winner.deposits));
        }
    }
    settled.winners = paid;
    Ok(settled)
}

/// The winner whose big three dragons or big four winds a liable player (pao) pays for, and that player
/// (RCR §3.3.9); `None` when nobody is marked liable.
fn liability(hand: &Hand, paid: &[WinnerPaid]) -> Result<Option<(usize, usize)>, Problems> {
    let marked: Vec<usize> = (0..hand.players.len()).filter(|&i| hand.players[i].liable).collect();
    let liable = match marked.as_slice() {
        [] => return Ok(None),
        [one] => *one,
        [_, second, ..] => {
            let why = crate::msg!("riichi.error.two_liable");
            return Err(MancheError::player(&hand.players[*second].name, why).into());
        }
    };
    let pays_for = |w: &WinnerPaid| match &w.score {
        Some(score) => score.yaku.iter().any(|y| matches!(y, Yaku::Daisangen | Yaku::Daisuushii)),
        // A score sheet's yakuman: the referee who marks the liable player knows which it is.
        None => w.limit == Some(Limit::Yakuman),
    };
    let Some(winner) = paid.iter().find(|w| pays_for(w)) else {
        let why = crate::msg!("riichi.error.liable_without_yakuman");
        return Err(MancheError::player(&hand.players[liable].name, why).into());
    };
    Ok(Some((winner.player, liable)))
}

/// What the liable player pays for `winner`: the whole value and the counters on a tsumo (or when he
/// discarded); on another player's discard half the value, the discarder the other half and the counters.
fn liable_payments(winner: &WinnerPaid, liable: usize, discarder: Option<usize>) -> Vec<(usize, usize, i64)> {
    let value = i64::from(winner.payments.hand_value);
    let counters = i64::from(winner.payments.honba);
    match discarder {
        Some(d) if d != liable => vec![(d, winner.player, value / 2 + counters), (liable, winner.player, value / 2)],
        _ => vec![(liable, winner.player, value + counters)],
    }
}

fn situation(hand: &Hand, player: &Player, won: &Won, discarder: Option<Wind>) -> Situation {
    let flags = won.flags;
    let win = match (flags.self_drawn, discarder) {
        (false, Some(discarder)) => Win::Ron { discarder },
        _ => Win::Tsumo,
    };
    let mut situation = Situation::new(win, player.seat);
    situation.round = hand.round;
    situation.riichi = player.riichi;
    situation.ippatsu = flags.ippatsu;
    situation.haitei = flags.last_wall_tile;
    situation.houtei = flags.last_discard;
    situation.rinshan = flags.kong_replacement;
    situation.chankan = flags.robbing_kong;
    situation.tenhou = flags.dealt_hand && player.seat == Wind::East;
    // A non-dealer's first-draw win is chiihou on a tsumo, renhou on a discard.
    situation.chiihou = flags.dealt_hand && player.seat != Wind::East && flags.self_drawn;
    situation.renhou = flags.dealt_hand && player.seat != Wind::East && !flags.self_drawn;
    situation.dora_indicators = hand.dora.clone();
    if player.riichi != RiichiKind::None {
        situation.ura_indicators = hand.ura_dora.clone();
    }
    situation.honba = hand.honba;
    situation
}

type Valued = (Option<Score>, u8, Option<u8>, Option<Limit>, Payments);

fn value(won: &Won, situation: &Situation, options: &RiichiOptions) -> Result<Valued, Message> {
    match &won.value {
        Value::Tiles(tiles) => {
            let score = evaluate(tiles, situation, &options.evaluator()).map_err(|r| refusal(r, situation))?;
            let (han, fu, limit, payments) = (score.han, Some(score.fu), score.limit, score.payments);
            Ok((Some(score), han, fu.filter(|&f| f > 0), limit, payments))
        }
        Value::Sheet { han, fu, yakuman } => {
            sheet_checks(situation)?;
            let (han, fu) = (*han, *fu);
            if !*yakuman {
                check_sheet(han, fu, situation)?;
            }
            let limit = cost::limit(han, fu.unwrap_or(0), *yakuman, &options.evaluator());
            let basic = cost::basic_points(han, fu.unwrap_or(0), limit);
            Ok((None, if *yakuman { 13 } else { han }, fu, limit, cost::payments(basic, situation)))
        }
    }
}

/// The circumstances the score sheet's han cannot show, checked as for tiles.
fn sheet_checks(s: &Situation) -> Result<(), Message> {
    let riichi = s.riichi != RiichiKind::None;
    if s.ippatsu && !riichi {
        return Err(conflict(Conflict::IppatsuWithoutRiichi));
    }
    Ok(())
}

/// Han and fu that a hand can have: 1–13 han; below 5 han the fu are 20 (a tsumo of 2 han or more), 25 (seven
/// pairs, 2 han or more) or 30 to 110 in tens.
fn check_sheet(han: u8, fu: Option<u8>, situation: &Situation) -> Result<(), Message> {
    if !(1..=13).contains(&han) {
        return Err(crate::msg!("riichi.error.han_out_of_range", han = han));
    }
    match fu {
        None if han < 5 => Err(crate::msg!("riichi.error.fu_missing", han = han)),
        None => Ok(()),
        Some(fu) => {
            let exists = match fu {
                20 => situation.is_tsumo() && han >= 2,
                25 => han >= 2,
                30..=110 => fu % 10 == 0,
                _ => false,
            };
            if exists { Ok(()) } else { Err(crate::msg!("riichi.error.han_fu_impossible", han = han, fu = fu)) }
        }
    }
}

fn refusal(refusal: Refusal, situation: &Situation) -> Message {
    match refusal {
        Refusal::TileCount { counted } => crate::msg!("riichi.error.tile_count", counted = counted),
        Refusal::FifthCopy(tile) => crate::msg!("riichi.error.fifth_copy", tile = tile),
        Refusal::RedFive(_) => crate::msg!("riichi.error.red_five"),
        Refusal::Indicators => crate::msg!("riichi.error.too_many_indicators", field = super::manche::key::DORA),
        Refusal::NotComplete => crate::msg!("riichi.error.not_complete"),
        Refusal::NoYaku => crate::msg!("riichi.error.no_yaku"),
        Refusal::Conflict(Conflict::RonFromOwnSeat) if situation.is_tsumo() => conflict(Conflict::RonFromOwnSeat),
        Refusal::Conflict(c) => conflict(c),
    }
}

fn conflict(conflict: Conflict) -> Message {
    match conflict {
        Conflict::RiichiOnOpenHand => crate::msg!("riichi.error.riichi_open"),
        Conflict::IppatsuWithoutRiichi => crate::msg!("riichi.error.ippatsu_without_riichi"),
        Conflict::HaiteiOnRon => crate::msg!("riichi.error.haitei_on_ron"),
        Conflict::HouteiOnTsumo => crate::msg!("riichi.error.houtei_on_tsumo"),
        Conflict::RinshanWithoutKanTsumo => crate::msg!("riichi.error.rinshan"),
        Conflict::ChankanNotRon => crate::msg!("riichi.error.chankan"),
        Conflict::HaiteiWithRinshan => crate::msg!("riichi.error.haitei_with_rinshan"),
        Conflict::FirstDraw => crate::msg!("riichi.error.first_draw"),
        Conflict::RonFromOwnSeat => crate::msg!("riichi.error.discarder_won"),
        Conflict::UraDora => crate::msg!("riichi.error.ura_without_riichi"),
    }
}

/// An exhaustive draw: noten players pay tenpai players 3,000 in all; deposits stay; on the last deal they go
/// to the first-placed (when the dealer is noten, the game ends).
fn draw(hand: &Hand, options: &RiichiOptions) -> Result<Settled, Problems> {
    if let Some(p) = hand.players.iter().find(|p| p.riichi != RiichiKind::None && !p.tenpai) {
        return Err(MancheError::player(&p.name, crate::msg!("riichi.error.riichi_noten")).into());
    }
    if let Some(p) = hand.players.iter().find(|p| p.discarder) {
        return Err(MancheError::player(&p.name, crate::msg!("riichi.error.discarder_at_draw")).into());
    }
    if !hand.dora.is_empty() || !hand.ura_dora.is_empty() {
        return Err(MancheError::general(crate::msg!("riichi.error.dora_at_draw")).into());
    }
    let tenpai: Vec<usize> = (0..hand.players.len()).filter(|&i| hand.players[i].tenpai).collect();
    let noten: Vec<usize> = (0..hand.players.len()).filter(|&i| !hand.players[i].tenpai).collect();
    let mut settled = Settled { pot: bets(hand), ..Settled::default() };
    if !tenpai.is_empty() && !noten.is_empty() {
        // 3,000 split evenly: each noten player pays each tenpai player 3,000 / (tenpai × noten).
        let share = 3000 / (tenpai.len() * noten.len()) as i64;
        for &from in &noten {
            for &to in &tenpai {
                settled.payments.push((from, to, share));
            }
        }
    }
    let dealer_tenpai = hand.players.iter().any(|p| p.seat == Wind::East && p.tenpai);
    if hand.last_deal && !dealer_tenpai && options.leftover_pot == LeftoverPot::First {
        leftover(hand, &mut settled)?;
    }
    Ok(settled)
}

/// The deposits left on the table when the game ends go to the first-placed; equal first places split them,
/// each share rounded down to the point (RCR §3.6; the remainder goes to nobody).
fn leftover(hand: &Hand, settled: &mut Settled) -> Result<(), Problems> {
    let pot = i64::from(hand.deposits) * DEPOSIT + settled.pot.iter().map(|&(_, a)| a).sum::<i64>();
    if pot == 0 {
        return Ok(());
    }
    let Some(scores) = &hand.scores else {
        let why = crate::msg!("riichi.error.scores_missing", field = super::manche::key::SCORES);
        return Err(MancheError::general(why).into());
    };
    let nets = settled.nets(hand.players.len());
    let finals: Vec<i64> = scores.iter().zip(&nets).map(|(s, n)| s + n).collect();
    let top = finals.iter().copied().max().unwrap_or(0);
    let first: ArrayVec<usize, 4> = (0..finals.len()).filter(|&i| finals[i] == top).take(4).collect();
    let share = pot / first.len().max(1) as i64;
    if share > 0 {
        settled.pot.extend(first.iter().map(|&i| (i, -share)));
    }
    Ok(())
}

/// A chombo: the hand is dealt again, its deposits returned (none is put on the table). In a tournament the
/// offender loses the chombo points off the table; at a club he pays a reverse mangan (4,000 to the dealer and
/// 2,000 to each other player; a dealer pays 4,000 to each).
fn chombo_paid(hand: &Hand, offenders: &[usize], options: &RiichiOptions) -> Settled {
    let mut settled = Settled::default();
    for &offender in offenders {
        match options.chombo {
            Chombo::Tournament => settled.penalties.push((offender, i64::from(options.chombo_points))),
            Chombo::Table => {
                let dealer = hand.players[offender].seat == Wind::East;
                for (other, player) in hand.players.iter().enumerate().filter(|&(i, _)| i != offender) {
                    let amount = if dealer || player.seat == Wind::East { 4000 } else { 2000 };
                    settled.payments.push((offender, other, amount));
                }
            }
        }
    }
    settled
}
