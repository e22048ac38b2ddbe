//! Random valid classic American manches from a seed, for demo tournaments and tests: one winner with a
//! complete hand (a wall game now and then), plausible other hands, bonus tiles, win flags, now and then a
//! short dead hand. A manche the options refuse (a cleared or one-double game) is drawn again; after a few
//! tries it becomes a wall game, which every option admits.

use stecca_seam::rng::Rng;
use stecca_seam::rules::random_tiles::{other_hand, winning_hand};
use stecca_seam::rules::{Fields, MancheFrame, MancheInput, PlayerInput, TickOrKind};
use stecca_seam::tiles::{Bonus, Counts, KINDS, Wind};

use super::{ClassicManche, ClassicOptions, ID, score_manche};

/// A random manche at `frame` that scores under `options`.
pub fn random_manche(seed: u64, frame: &MancheFrame, options: &ClassicOptions) -> MancheInput {
    let mut rng = Rng::new(seed);
    for _ in 0..40 {
        let input = draw(&mut rng, frame);
        let valid = ClassicManche::from_input(&input).is_ok_and(|m| score_manche(&m, options).is_ok());
        if valid {
            return input;
        }
    }
    let mut wall = draw(&mut rng, frame);
    wall.void = true;
    for player in &mut wall.players {
        player.mahjong = false;
        player.win.clear();
        player.fields.clear();
    }
    wall
}

/// A manche without options: the adapter gives it the options in force.
fn draw(rng: &mut Rng, frame: &MancheFrame) -> MancheInput {
    let mut pool: Counts = [4; KINDS];
    let n = frame.names.len();
    let wall_game = rng.chance(12);
    let winner = if wall_game { None } else { Some(rng.below(n.max(1))) };
    let mut hands: Vec<_> = (0..n).map(|_| None).collect();
    if let Some(w) = winner {
        hands[w] = Some(winning_hand(rng, &mut pool, false));
    }
    for (position, slot) in hands.iter_mut().enumerate() {
        if Some(position) != winner {
            *slot = Some(other_hand(rng, &mut pool));
        }
    }
    for bonus in (0..4).flat_map(|w| [Bonus::Flower(Wind::ALL[w]), Bonus::Season(Wind::ALL[w])]) {
        if rng.chance(45)
            && let Some(Some(hand)) = hands.get_mut(rng.below(n.max(1)))
        {
            hand.bonus.push(bonus);
        }
    }
    let players = hands
        .into_iter()
        .enumerate()
        .map(|(position, hand)| {
            let won = Some(position) == winner;
            let mut win = Vec::new();
            if won {
                match rng.below(6) {
                    0 | 1 => win.push("self_drawn".to_owned()),
                    2 => win.push("only_possible_tile".to_owned()),
                    3 => win.push("last_discard".to_owned()),
                    _ => {}
                }
            }
            let dead = (!won && rng.chance(20)).then(|| TickOrKind::Kind("short".to_owned()));
            PlayerInput {
                name: frame.names[position].clone(),
                seat: Some(frame.seat_wind(position)),
                hand: hand.map(|h| h.to_string()),
                mahjong: won,
                win,
                ..PlayerInput::default()
            }
            .with("dead", dead)
        })
        .collect();
    MancheInput {
        rules: ID.to_owned(),
        round_wind: frame.round_wind.or(Some(Wind::East)),
        void: wall_game,
        players,
        fields: Fields::new(),
        options: serde_json::json!({}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClassicAmerican;
    use stecca_seam::rules::{MancheError, MancheInput, MancheOutcome, Ruleset};

    fn score(input: &MancheInput) -> Result<MancheOutcome, MancheError> {
        Ruleset::score(&ClassicAmerican, input)
    }

    fn frame() -> MancheFrame {
        MancheFrame {
            names: ["A", "B", "C", "D"].map(str::to_owned).to_vec(),
            dealer: 1,
            round_wind: Some(Wind::South),
            seat_winds: true,
            ..MancheFrame::default()
        }
    }

    #[test]
    fn random_manches_score_under_every_game_type() {
        for options in [
            serde_json::json!({}),
            serde_json::json!({"edition": "lrb"}),
            serde_json::json!({"game_type": "cleared"}),
            serde_json::json!({"game_type": "one_double"}),
        ] {
            let rules = ClassicAmerican.in_force(&options).expect("options");
            let mut winners = 0;
            for seed in 0..200 {
                let input = rules.random_manche(seed, &frame());
                let outcome = score(&input).unwrap_or_else(|e| panic!("{options} seed {seed}: {e}"));
                assert_eq!(outcome.net.iter().map(|(_, n)| n).sum::<i64>(), 0);
                winners += usize::from(!outcome.void);
            }
            assert!(winners > 20, "{options}: only {winners} manches with a winner");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_manche() {
        let options = ClassicOptions::default();
        assert_eq!(random_manche(7, &frame(), &options), random_manche(7, &frame(), &options));
    }
}
