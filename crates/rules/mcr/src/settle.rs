//! A hand's payments (MCR §3.9.1.2–3): on a discard the discarder pays 8 + the hand's points and the other two
//! 8 each; self-drawn, each pays 8 + points. A False Hu costs its offender the tournament's penalty, paid in
//! equal parts to the other three (§3.11.6); a referee's deduction for another foul leaves the offender's score
//! for nobody's (the table's pot, never paid out). Every amount is whole points.

use stecca_seam::message::Message;
use stecca_seam::rules::tile_checks::{self, TileSeat};
use stecca_seam::rules::{MancheError, problems::Problems};

use super::evaluate::{MINIMUM, Refusal, evaluate};
use super::fan::Fan;
use super::input::{Conflict, WinningHand};
use super::manche::{Hand, Value, Won};
use super::options::McrOptions;

/// What every non-winner pays before the hand's points: the base.
pub const BASE: i64 = 8;

/// What the winner is paid, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinnerPaid {
    /// The winner's position.
    pub player: usize,
    /// The fan counted and how many times, flowers last.
    pub fans: Vec<(Fan, u8)>,
    /// Points without flowers (at least 8).
    pub points: u32,
    /// Flowers and seasons.
    pub flowers: u8,
    /// The tiles, when they were entered.
    pub tiles: Option<WinningHand>,
}

impl WinnerPaid {
    /// Points with flowers: what the payments add to the base.
    pub fn total(&self) -> i64 {
        i64::from(self.points) + i64::from(self.flowers)
    }
}

/// A hand settled: the winner, every payment between players by position, the deductions by position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// The winner's value (none in a draw).
    pub winner: Option<WinnerPaid>,
    /// `(from, to, amount)`.
    pub payments: Vec<(usize, usize, i64)>,
    /// `(player, points)` deducted by the referee.
    pub deductions: Vec<(usize, i64)>,
    /// `(player, points)` a False Hu cost.
    pub false_hu: Vec<(usize, i64)>,
}

impl Settled {
    /// Each player's net, by position.
    pub fn nets(&self, players: usize) -> Vec<i64> {
        let mut net = vec![0; players];
        for &(from, to, amount) in &self.payments {
            net[from] -= amount;
            net[to] += amount;
        }
        for &(player, points) in &self.deductions {
            net[player] -= points;
        }
        net
    }
}

/// Checks the hand as a whole and settles it.
pub fn settle(hand: &Hand, options: &McrOptions) -> Result<Settled, Problems> {
    check_table(hand)?;
    let winners: Vec<(usize, &Won)> = hand.winners().map(|(i, _, won)| (i, won)).collect();
    let discarders: Vec<usize> = (0..hand.players.len()).filter(|&i| hand.players[i].discarder).collect();
    let mut settled = Settled::default();
    match winners.as_slice() {
        [] if hand.draw => {
            if let Some(&d) = discarders.first() {
                let why = crate::msg!("mcr.error.discarder_in_draw");
                return Err(MancheError::player(&hand.players[d].name, why).into());
            }
        }
        [] => return Err(MancheError::general(crate::msg!("mcr.error.nobody_won")).into()),
        [(w, won)] => {
            let paid = winner(hand, *w, won, options)?;
            pay_win(hand, &paid, won.situation.self_drawn, &discarders, &mut settled)?;
            settled.winner = Some(paid);
        }
        _ => return Err(MancheError::general(crate::msg!("mcr.error.several_winners")).into()),
    }
    let others = i64::try_from(hand.players.len().saturating_sub(1)).unwrap_or(3).max(1);
    let share = i64::from(options.false_hu_penalty) / others;
    for (i, player) in hand.players.iter().enumerate() {
        if player.false_hu {
            settled.false_hu.push((i, share * others));
            for j in (0..hand.players.len()).filter(|&j| j != i && share > 0) {
                settled.payments.push((i, j, share));
            }
        }
        if player.penalty > 0 {
            settled.deductions.push((i, i64::from(player.penalty)));
        }
    }
    Ok(settled)
}

/// Four players, named, each at one seat wind: the check every tile ruleset makes.
fn check_table(hand: &Hand) -> Result<(), MancheError> {
    let seats: Vec<TileSeat<'_>> =
        hand.players.iter().map(|p| TileSeat { name: &p.name, wind: p.seat, hand: None }).collect();
    tile_checks::table(&seats, 4, "MCR")
}

/// The winner's fan: from the tiles, or as typed; refused below the minimum.
fn winner(hand: &Hand, w: usize, won: &Won, options: &McrOptions) -> Result<WinnerPaid, Problems> {
    let name = &hand.players[w].name;
    let refuse = |why: Message| -> Problems { MancheError::player(name, why).into() };
    let paid = match &won.value {
        Value::Tiles(tiles) => {
            let score = evaluate(tiles, &won.situation, &options.evaluator()).map_err(|r| refuse(refusal(r)))?;
            let fans = score.fans.into_iter().filter(|&(f, _)| f != Fan::HuaPai).collect();
            WinnerPaid { player: w, fans, points: score.points, flowers: score.flowers, tiles: Some(tiles.clone()) }
        }
        Value::Sheet { fans, flowers } => {
            sheet_agrees_with_flags(fans, won).map_err(refuse)?;
            let points = fans.iter().map(|&(f, times)| f.points() * u32::from(times)).sum();
            WinnerPaid { player: w, fans: fans.clone(), points, flowers: *flowers, tiles: None }
        }
    };
    if paid.points < MINIMUM {
        return Err(refuse(crate::msg!("mcr.error.below_minimum", points = paid.points, minimum = MINIMUM)));
    }
    Ok(paid)
}

/// A typed sheet's fan of the win's circumstances must agree with how the hand was won.
fn sheet_agrees_with_flags(fans: &[(Fan, u8)], won: &Won) -> Result<(), Message> {
    use Fan::*;
    let self_drawn_fans = [ZiMo, BuQiuRen, MiaoShouHuiChun, GangShangKaiHua];
    let discard_fans = [MenQianQing, QuanQiuRen, HaiDiLaoYue, QiangGangHu];
    let wrong = if won.situation.self_drawn { &discard_fans } else { &self_drawn_fans };
    match fans.iter().find(|(f, _)| wrong.contains(f)) {
        Some(&(fan, _)) => {
            let id = if won.situation.self_drawn {
                crate::text_id!("mcr.error.sheet_says_discard")
            } else {
                crate::text_id!("mcr.error.sheet_says_self_drawn")
            };
            Err(Message::new(id).arg_message("fan", Message::new(fan.name_id())))
        }
        None => Ok(()),
    }
}

fn pay_win(
    hand: &Hand,
    paid: &WinnerPaid,
    self_drawn: bool,
    discarders: &[usize],
    settled: &mut Settled,
) -> Result<(), Problems> {
    let w = paid.player;
    let value = BASE + paid.total();
    if self_drawn {
        if let Some(&d) = discarders.first() {
            let why = crate::msg!("mcr.error.discarder_self_drawn");
            return Err(MancheError::player(&hand.players[d].name, why).into());
        }
        for i in (0..hand.players.len()).filter(|&i| i != w) {
            settled.payments.push((i, w, value));
        }
        return Ok(());
    }
    let d = match discarders {
        [d] => *d,
        [] => {
            let why = crate::msg!("mcr.error.discarder_missing");
            return Err(MancheError::player(&hand.players[w].name, why).into());
        }
        [_, second, ..] => {
            let why = crate::msg!("mcr.error.two_discarders");
            return Err(MancheError::player(&hand.players[*second].name, why).into());
        }
    };
    for i in (0..hand.players.len()).filter(|&i| i != w) {
        settled.payments.push((i, w, if i == d { value } else { BASE }));
    }
    Ok(())
}

fn refusal(refusal: Refusal) -> Message {
    match refusal {
        Refusal::TileCount { counted } => crate::msg!("mcr.error.tile_count", counted = counted),
        Refusal::FifthCopy(tile) => crate::msg!("mcr.error.fifth_copy", tile = tile),
        Refusal::Flowers(n) => crate::msg!("mcr.error.flowers", n = n),
        Refusal::NotComplete => crate::msg!("mcr.error.not_complete"),
        Refusal::Conflict(conflict) => match conflict {
            Conflict::LastWallTileOnDiscard => crate::msg!("mcr.error.last_wall_tile_on_discard"),
            Conflict::LastDiscardSelfDrawn => crate::msg!("mcr.error.last_discard_self_drawn"),
            Conflict::KongReplacement => crate::msg!("mcr.error.kong_replacement"),
            Conflict::RobbingKong => crate::msg!("mcr.error.robbing_kong"),
            Conflict::FourthTileHeld => crate::msg!("mcr.error.fourth_tile_held"),
        },
    }
}
