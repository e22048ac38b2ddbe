//! What a checked game gives: the payments of club play (with the bettor's mirror) or the tournament
//! convention's points, and each player's explanation lines.

use stecca_seam::message::Message;
use stecca_seam::rules::{Figures, Item, MancheOutcome, PaymentOutcome, PlayerOutcome};

use super::manche::{Game, NmjlManche, Winner};
use super::options::{Mode, NmjlOptions};

/// One payment between parties by index: the seats in input order, then the bettor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    /// Who pays.
    pub from: usize,
    /// Who collects.
    pub to: usize,
    /// How much.
    pub amount: u64,
}

/// The hand's value after the jokerless doubling (which Singles & Pairs hands never get).
pub fn paid_value(winner: &Winner) -> u64 {
    let doubled = winner.flags.jokerless && !winner.flags.singles_and_pairs;
    winner.value * if doubled { 2 } else { 1 }
}

/// The payments of club play: a discard win — the discarder pays 2V, the others V; self-picked (or by a
/// joker exchange) — everyone pays 2V; V doubled when jokerless (not Singles & Pairs). A bettor mirrors the
/// seat bet on: when it wins, every payer pays the same again to the bettor (the winnings doubled and split);
/// when it pays, the bettor pays the winner as much. Seats are `0..seats`, the bettor is `seats`.
pub fn payments(game: &Game, seats: usize) -> Vec<Payment> {
    let Some(winner) = game.winner else { return Vec::new() };
    let value = paid_value(&winner);
    let self_picked = winner.flags.is_self_picked();
    let mut out = Vec::new();
    for from in (0..seats).filter(|&s| s != winner.seat) {
        let amount = if self_picked || game.discarder == Some(from) { 2 * value } else { value };
        out.push(Payment { from, to: winner.seat, amount });
        match game.bettor {
            Some((_, on)) if on == winner.seat => out.push(Payment { from, to: seats, amount }),
            Some((_, on)) if on == from => out.push(Payment { from: seats, to: winner.seat, amount }),
            _ => {}
        }
    }
    out
}

/// Each player's points under the tournament convention: the winner the card value plus the self-picked
/// and jokerless bonuses (no jokerless bonus for Singles & Pairs hands, which never use jokers), the discarder minus the figure for the winner's exposures, a wall game the wall figure to
/// every live hand, everyone else 0; a dead hand scores 0 whatever else happened.
pub fn tournament_points(game: &Game, options: &NmjlOptions) -> Vec<i64> {
    let figures = options.tournament;
    (0..game.dead.len())
        .map(|seat| {
            if game.dead[seat] {
                return 0;
            }
            let Some(winner) = game.winner else { return signed(figures.wall_game) };
            if seat == winner.seat {
                let mut points = winner.value;
                if winner.flags.is_self_picked() {
                    points += figures.self_picked;
                }
                if winner.flags.jokerless && !winner.flags.singles_and_pairs {
                    points += figures.jokerless;
                }
                signed(points)
            } else if game.discarder == Some(seat) {
                -signed(figures.discarder_loss(winner.exposures))
            } else {
                0
            }
        })
        .collect()
}

/// A figure as points (values and figures are checked far below `i64::MAX`; the cap only keeps it total).
fn signed(figure: u64) -> i64 {
    i64::try_from(figure).unwrap_or(i64::MAX)
}

/// Scores a checked game into the generic outcome.
pub fn outcome(rules: &str, manche: &NmjlManche, game: &Game, options: &NmjlOptions) -> MancheOutcome {
    let seats = manche.seats.len();
    let mut names: Vec<String> = manche.seats.iter().map(|s| s.name.clone()).collect();
    if let Some((bettor, _)) = &game.bettor {
        names.push(bettor.clone());
    }
    let (scores, payments, net) = match options.mode {
        Mode::Payments => {
            let payments = payments(game, seats);
            let mut net = vec![0i64; names.len()];
            for p in &payments {
                let amount = signed(p.amount);
                net[p.from] -= amount;
                net[p.to] += amount;
            }
            let scores = (0..seats)
                .map(|s| match game.winner {
                    Some(w) if w.seat == s => signed(w.value),
                    _ => 0,
                })
                .collect();
            (scores, payments, net)
        }
        Mode::Tournament => {
            let points = tournament_points(game, options);
            (points.clone(), Vec::new(), points)
        }
    };
    let players = manche
        .seats
        .iter()
        .enumerate()
        .map(|(s, seat)| PlayerOutcome {
            name: seat.name.clone(),
            seat: Some(seat.wind),
            mahjong: seat.mahjong && !manche.void,
            score: scores[s],
            figures: Figures::none(),
            arrangement: if seat.mahjong { seat.card_hand.clone().unwrap_or_default() } else { String::new() },
            items: items(s, game, options),
            summary: None,
        })
        .collect();
    let payments = payments
        .iter()
        .map(|p| PaymentOutcome { from: names[p.from].clone(), to: names[p.to].clone(), amount: p.amount })
        .collect();
    MancheOutcome {
        rules: rules.to_owned(),
        void: game.winner.is_none(),
        players,
        payments,
        pot: Vec::new(),
        net: names.into_iter().zip(net).collect(),
        penalties: Vec::new(),
        next_dealer: None,
        warnings: Vec::new(),
    }
}

fn item(label: Message, points: Option<u64>) -> Item {
    Item { term: None, label, points, doubles: None, limit: None, quantity: None }
}

/// Why a player scored what it did, one line per figure.
fn items(seat: usize, game: &Game, options: &NmjlOptions) -> Vec<Item> {
    let figures = options.tournament;
    let tournament = options.mode == Mode::Tournament;
    let mut lines = Vec::new();
    if game.dead[seat] {
        lines.push(item(crate::msg!("nmjl.item.dead_hand"), None));
        if tournament {
            return lines;
        }
    }
    let Some(winner) = game.winner else {
        if tournament {
            let wall = figures.wall_game;
            lines.push(item(crate::msg!("nmjl.item.wall_game_live_hand_wall", wall = wall), Some(wall)));
        }
        return lines;
    };
    if seat == winner.seat {
        let value = winner.value;
        lines.push(item(crate::msg!("nmjl.item.card_value_value", value = value), Some(value)));
        let self_picked = winner.flags.is_self_picked();
        let how = match (winner.flags.joker_exchange, self_picked) {
            (true, _) => Some(crate::msg!("nmjl.item.joker_exchange")),
            (false, true) => Some(crate::msg!("nmjl.item.self_picked")),
            _ => None,
        };
        match (tournament, how) {
            (true, Some(how)) => {
                let bonus = figures.self_picked;
                lines
                    .push(item(crate::msg!("nmjl.item.how_bonus", bonus = bonus).arg_message("how", how), Some(bonus)));
            }
            (false, Some(how)) => {
                lines.push(item(crate::msg!("nmjl.item.how_everyone_pays_double").arg_message("how", how), None));
            }
            (false, None) => lines.push(item(crate::msg!("nmjl.item.on_discard_discarder_pays_double"), None)),
            (true, None) => {}
        }
        if winner.flags.jokerless {
            let line = match (tournament, winner.flags.singles_and_pairs) {
                (true, false) => {
                    let bonus = figures.jokerless;
                    item(crate::msg!("nmjl.item.jokerless_bonus", bonus = bonus), Some(bonus))
                }
                (false, false) => item(crate::msg!("nmjl.item.jokerless_value_doubled"), None),
                (false, true) => item(crate::msg!("nmjl.item.jokerless_but_singles_pairs_not_doubled"), None),
                (true, true) => item(crate::msg!("nmjl.item.jokerless_but_singles_pairs_no_bonus"), None),
            };
            lines.push(line);
        }
    } else if game.discarder == Some(seat) {
        let exposures = winner.exposures;
        if tournament {
            let loss = figures.discarder_loss(exposures);
            lines.push(item(
                crate::msg!(
                    "nmjl.item.discarded_winning_tile_winners_exposures_exposures",
                    exposures = exposures,
                    loss = loss
                ),
                None,
            ));
        } else {
            lines.push(item(crate::msg!("nmjl.item.discarded_winning_tile_pays_double"), None));
        }
    }
    if let Some((bettor, on)) = &game.bettor
        && *on == seat
        && !tournament
    {
        lines.push(item(crate::msg!("nmjl.item.bettor_bets_on_this_seat_pays", bettor = bettor), None));
    }
    lines
}
