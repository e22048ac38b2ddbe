//! What a checked game gives: the payments of club play (with the bettor's mirror) or the tournament
//! convention's points, and each player's explanation lines.

use crate::rules::{Item, MancheOutcome, PaymentOutcome, PlayerOutcome};

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
            stick_points: 0,
            doubles: 0,
            limit: None,
            arrangement: if seat.mahjong { seat.card_hand.clone().unwrap_or_default() } else { String::new() },
            items: items(s, game, options),
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
        net: names.into_iter().zip(net).collect(),
        next_oya: None,
        warnings: Vec::new(),
    }
}

fn item(label_it: String, label_en: String, points: Option<u64>) -> Item {
    Item { label_ja: None, label_it, label_en, points, doubles: None, limit: None }
}

/// Why a player scored what it did, one line per figure.
fn items(seat: usize, game: &Game, options: &NmjlOptions) -> Vec<Item> {
    let figures = options.tournament;
    let tournament = options.mode == Mode::Tournament;
    let mut lines = Vec::new();
    if game.dead[seat] {
        lines.push(item("Mano morta".to_owned(), "Dead hand".to_owned(), None));
        if tournament {
            return lines;
        }
    }
    let Some(winner) = game.winner else {
        if tournament {
            let wall = figures.wall_game;
            lines.push(item(
                format!("Muro esaurito, mano viva: +{wall}"),
                format!("Wall game, live hand: +{wall}"),
                Some(wall),
            ));
        }
        return lines;
    };
    if seat == winner.seat {
        let value = winner.value;
        lines.push(item(format!("Valore della carta: {value}"), format!("Card value: {value}"), Some(value)));
        let self_picked = winner.flags.is_self_picked();
        let how = match (winner.flags.joker_exchange, self_picked) {
            (true, _) => Some(("Mah Jongg con scambio del jolly", "Mah Jongg by a joker exchange")),
            (false, true) => Some(("Pescata dal muro", "Self-picked")),
            _ => None,
        };
        match (tournament, how) {
            (true, Some((it, en))) => {
                let bonus = figures.self_picked;
                lines.push(item(format!("{it}: +{bonus}"), format!("{en}: +{bonus}"), Some(bonus)));
            }
            (false, Some((it, en))) => {
                lines.push(item(format!("{it}: ognuno paga il doppio"), format!("{en}: everyone pays double"), None));
            }
            (false, None) => lines.push(item(
                "Su scarto: chi ha scartato paga il doppio".to_owned(),
                "On a discard: the discarder pays double".to_owned(),
                None,
            )),
            (true, None) => {}
        }
        if winner.flags.jokerless {
            let line = match (tournament, winner.flags.singles_and_pairs) {
                (true, false) => {
                    let bonus = figures.jokerless;
                    item(format!("Senza jolly: +{bonus}"), format!("Jokerless: +{bonus}"), Some(bonus))
                }
                (false, false) => {
                    item("Senza jolly: valore raddoppiato".to_owned(), "Jokerless: value doubled".to_owned(), None)
                }
                (false, true) => item(
                    "Senza jolly, ma Singles & Pairs: non raddoppia".to_owned(),
                    "Jokerless, but Singles & Pairs: not doubled".to_owned(),
                    None,
                ),
                (true, true) => item(
                    "Senza jolly, ma Singles & Pairs: nessun bonus".to_owned(),
                    "Jokerless, but Singles & Pairs: no bonus".to_owned(),
                    None,
                ),
            };
            lines.push(line);
        }
    } else if game.discarder == Some(seat) {
        let exposures = winner.exposures;
        if tournament {
            let loss = figures.discarder_loss(exposures);
            lines.push(item(
                format!("Ha scartato la tessera vincente ({exposures} esposizioni del vincitore): −{loss}"),
                format!("Discarded the winning tile (winner's exposures: {exposures}): −{loss}"),
                None,
            ));
        } else {
            lines.push(item(
                "Ha scartato la tessera vincente: paga il doppio".to_owned(),
                "Discarded the winning tile: pays double".to_owned(),
                None,
            ));
        }
    }
    if let Some((bettor, on)) = &game.bettor
        && *on == seat
        && !tournament
    {
        lines.push(item(
            format!("{bettor} scommette su questo posto: paga e incassa come questo posto"),
            format!("{bettor} bets on this seat: pays and collects as this seat does"),
            None,
        ));
    }
    lines
}
