//! Random valid hands for demo tournaments and tests: mostly legal wins (every fan family, self-drawn or on a
//! discard, the win's circumstances, flowers), sometimes a draw, now and then a False Hu. The same seed gives
//! the same hand.

use stecca_seam::rng::Rng;
use stecca_seam::rules::{Fields, MancheFrame, MancheInput, PlayerInput};
use stecca_seam::tiles::Wind;

use super::evaluate::evaluate;
use super::manche::{ID, flag, key};
use super::options::McrOptions;
use super::parse::notation;
use super::random::random_win;

/// Flowers and seasons in the order a random hand shows them.
const BONUS: [&str; 8] = ["1f", "2f", "3f", "4f", "1s", "2s", "3s", "4s"];

/// A random valid hand at `frame` (its prevalent wind, its seats).
pub fn random_manche(seed: u64, frame: &MancheFrame, options: &McrOptions) -> MancheInput {
    let mut rng = Rng::new(seed);
    let round = frame.round_wind.unwrap_or(Wind::East);
    let seats = frame.names.len();
    let mut players: Vec<PlayerInput> = frame
        .names
        .iter()
        .enumerate()
        .map(|(position, name)| PlayerInput {
            name: name.clone(),
            seat: Some(frame.seat_wind(position)),
            ..PlayerInput::default()
        })
        .collect();
    let draw = rng.chance(10) || seats != 4;
    if rng.chance(3) && seats > 0 {
        let offender = rng.below(seats);
        players[offender] = std::mem::take(&mut players[offender]).with(key::FALSE_HU, true);
    }
    if draw {
        return envelope(round, true, players);
    }
    let candidates: Vec<usize> = (0..seats).filter(|&p| !is_false_hu(&players[p])).collect();
    let winner = candidates[rng.below(candidates.len())];
    let evaluator = options.evaluator();
    let (hand, situation) = loop {
        let mut win = random_win(&mut rng);
        win.situation.seat = frame.seat_wind(winner);
        win.situation.prevalent = round;
        if evaluate(&win.hand, &win.situation, &evaluator).is_ok_and(|score| score.legal) {
            break (win.hand, win.situation);
        }
    };
    let mut flags = Vec::new();
    for (on, name) in [
        (situation.self_drawn, flag::SELF_DRAWN),
        (situation.last_wall_tile, flag::LAST_WALL_TILE),
        (situation.last_discard, flag::LAST_DISCARD),
        (situation.kong_replacement, flag::KONG_REPLACEMENT),
        (situation.robbing_kong, flag::ROBBING_KONG),
        (situation.fourth_tile, flag::FOURTH_TILE),
    ] {
        if on {
            flags.push(name.to_owned());
        }
    }
    let (text, win_tile) = notation(&hand);
    let flowers = BONUS.iter().take(usize::from(hand.flowers)).copied().collect::<Vec<_>>().join(" ");
    let text = if flowers.is_empty() { text } else { format!("{text} {flowers}") };
    players[winner] = std::mem::take(&mut players[winner]).with(key::WINNING_TILE, win_tile);
    players[winner].hand = Some(text);
    players[winner].mahjong = true;
    players[winner].win = flags;
    if !situation.self_drawn {
        let others: Vec<usize> = (0..seats).filter(|&p| p != winner).collect();
        let discarder = others[rng.below(others.len())];
        players[discarder] = std::mem::take(&mut players[discarder]).with(key::DISCARDER, true);
    }
    envelope(round, false, players)
}

fn is_false_hu(player: &PlayerInput) -> bool {
    player.fields.get(key::FALSE_HU).and_then(serde_json::Value::as_bool).unwrap_or(false)
}

fn envelope(round: Wind, void: bool, players: Vec<PlayerInput>) -> MancheInput {
    MancheInput {
        rules: ID.to_owned(),
        round_wind: Some(round),
        void,
        players,
        options: serde_json::json!({}),
        fields: Fields::new(),
    }
}
