//! Random valid modern American games from a seed, for demo tournaments and tests: one winner with a
//! plausible card value (a wall game now and then), self-picked or a discarder, now and then jokerless,
//! Singles & Pairs or a dead hand.

use stecca_seam::rng::Rng;
use stecca_seam::rules::{Fields, MancheFrame, MancheInput, PlayerInput, TickOrKind};

use super::{DEAD, DISCARDER, EXPOSURES, ID, NmjlOptions, VALUE};

/// Values printed on recent cards.
const VALUES: [u64; 6] = [25, 30, 35, 40, 50, 75];

/// A random game at `frame` that scores under any options.
pub fn random_manche(seed: u64, frame: &MancheFrame, _options: &NmjlOptions) -> MancheInput {
    let mut rng = Rng::new(seed);
    let n = frame.names.len();
    let wall_game = rng.chance(10);
    let winner = if wall_game || n == 0 { None } else { Some(rng.below(n)) };
    let singles_and_pairs = rng.chance(6);
    let self_picked = rng.chance(30);
    let discarder = match winner {
        Some(w) if !self_picked && n > 1 => Some((w + 1 + rng.below(n - 1)) % n),
        _ => None,
    };
    let players = (0..n)
        .map(|position| {
            let won = Some(position) == winner;
            let mut win = Vec::new();
            if won {
                if self_picked {
                    win.push(if rng.chance(15) { "joker_exchange" } else { "self_picked" }.to_owned());
                }
                if singles_and_pairs || rng.chance(10) {
                    win.push("jokerless".to_owned());
                }
                if singles_and_pairs {
                    win.push("singles_and_pairs".to_owned());
                }
            }
            let dead = !won && rng.chance(8);
            PlayerInput {
                name: frame.names[position].clone(),
                seat: Some(frame.seat_wind(position)),
                mahjong: won,
                win,
                ..PlayerInput::default()
            }
            .with(DEAD, dead.then_some(TickOrKind::Flag(true)))
            .with(VALUE, won.then(|| VALUES[rng.below(VALUES.len())]))
            .with(EXPOSURES, won.then(|| if singles_and_pairs { 0 } else { rng.below(4) as u32 }))
            .with(DISCARDER, discarder == Some(position))
        })
        .collect();
    MancheInput {
        rules: ID.to_owned(),
        round_wind: None,
        void: wall_game,
        players,
        fields: Fields::new(),
        // The adapter gives it the options in force.
        options: serde_json::json!({}),
    }
}
