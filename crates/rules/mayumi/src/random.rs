//! Random valid Hanafuda hands from a seed, for demo tournaments and tests: cards are captured in pairs of a
//! month, as play captures them; two players leave eight cards in the stock; now and then a player with a
//! poor capture declares *tegarasu sanjuu*; a player who captured no pair is marked as having captured nothing.

use super::table::MayumiOptions;
use super::{CAPTURED, CAPTURED_NOTHING, OYA, TEGARASU_SANJUU};
use super::{ID, score};
use crate::hanafuda::Card;
use stecca_seam::rng::Rng;
use stecca_seam::rules::{Fields, MancheFrame, MancheInput, PlayerInput};

/// A random hand at `frame` (the frame's dealer is the oya) that scores under `options`.
pub fn random_manche(seed: u64, frame: &MancheFrame, options: &MayumiOptions) -> MancheInput {
    let mut rng = Rng::new(seed);
    let n = frame.names.len().max(1);
    let mut pairs: Vec<[Card; 2]> = (1..=12u8)
        .flat_map(|month| {
            let mut cards = Card::month_cards(month);
            rng.shuffle(&mut cards);
            [[cards[0], cards[1]], [cards[2], cards[3]]]
        })
        .collect();
    rng.shuffle(&mut pairs);
    let left = if n == 2 { 4 } else { rng.below(2) };
    let mut captured: Vec<Vec<Card>> = vec![Vec::new(); n];
    for pair in pairs.iter().skip(left) {
        captured[rng.below(n)].extend(pair);
    }
    let table = options.table().ok();
    let declarer = table.and_then(|table| {
        let kens: Vec<u64> = captured.iter().map(|c| score::total(c, &table).ken).collect();
        let poorest = (0..n).min_by_key(|&i| kens[i])?;
        (kens[poorest] <= table.threshold && rng.chance(50)).then_some(poorest)
    });
    let players = frame
        .names
        .iter()
        .enumerate()
        .map(|(position, name)| {
            let codes = captured[position].iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
            PlayerInput { name: name.clone(), ..PlayerInput::default() }
                .with(OYA, position == frame.dealer)
                // A player the pairs passed by carries the mark, as the referee ticks it.
                .with(CAPTURED_NOTHING, codes.is_empty())
                .with(CAPTURED, codes)
        })
        .collect();
    MancheInput {
        rules: ID.to_owned(),
        round_wind: None,
        void: false,
        players,
        // The adapter gives it the options in force.
        options: serde_json::json!({}),
        fields: Fields::new(),
    }
    .with(TEGARASU_SANJUU, declarer.map(|seat| frame.names[seat].clone()))
}
