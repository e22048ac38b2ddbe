//! Property tests of modern American payments: any valid game, with or without a bettor, settles to zero;
//! the bettor's balance mirrors its player's; a game the rules refuse is refused whole (nothing scored).

use proptest::prelude::*;
use serde_json::{Value, json};
use stecca_core::rules::score_manche;

const NAMES: [&str; 4] = ["Ada", "Bea", "Cy", "Dot"];
const WINDS: [&str; 4] = ["E", "S", "W", "N"];
const FLAGS: [&str; 4] = ["self_picked", "joker_exchange", "jokerless", "singles_and_pairs"];

/// A game drawn from any choices, valid or not: the winner, value, exposures, flags, a discarder, dead hands
/// and a bettor.
#[allow(clippy::too_many_arguments)]
fn game(
    winner: usize,
    value: u64,
    exposures: u32,
    flags: u8,
    discarder: Option<usize>,
    dead: [bool; 4],
    bettor: Option<usize>,
    mode: &str,
) -> Value {
    let players: Vec<Value> = (0..4)
        .map(|i| {
            let mut p = json!({"name": NAMES[i], "seat": WINDS[i]});
            if i == winner {
                let win: Vec<&str> = (0..4).filter(|b| flags & (1 << b) != 0).map(|b| FLAGS[b]).collect();
                p["mahjong"] = json!(true);
                p["value"] = json!(value);
                p["exposures"] = json!(exposures);
                p["win"] = json!(win);
            }
            if discarder == Some(i) {
                p["discarder"] = json!(true);
            }
            if dead[i] {
                p["dead"] = json!(true);
            }
            p
        })
        .collect();
    let mut manche = json!({"rules": "nmjl", "players": players, "options": {"mode": mode}});
    if let Some(on) = bettor {
        manche["bettor"] = json!({"name": "Eve", "on": NAMES[on]});
    }
    manche
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn payments_nets_sum_to_zero_and_the_bettor_mirrors_its_player(
        winner in 0usize..4,
        value in 1u64..=10_000,
        exposures in 0u32..=4,
        flags in 0u8..16,
        discarder in proptest::option::of(0usize..4),
        dead in any::<[bool; 4]>(),
        bettor in proptest::option::of(0usize..4),
    ) {
        let manche = game(winner, value, exposures, flags, discarder, dead, bettor, "payments");
        let Ok(outcome) = score_manche(&serde_json::from_value(manche).expect("shape")) else { return Ok(()) };
        prop_assert_eq!(outcome.net.iter().map(|(_, n)| n).sum::<i64>(), 0);
        let paid: u64 = outcome.payments.iter().map(|p| p.amount).sum();
        let won: i64 = outcome.net.iter().map(|(_, n)| *n).filter(|n| *n > 0).sum();
        prop_assert_eq!(paid as i64, won, "every payment goes to a winner or its bettor");
        prop_assert!(outcome.payments.iter().all(|p| p.amount > 0 && p.from != p.to));
        if let Some(on) = bettor {
            prop_assert_eq!(outcome.net.len(), 5);
            prop_assert_eq!(outcome.net[4].1, outcome.net[on].1, "the bettor's balance mirrors {}", NAMES[on]);
        } else {
            prop_assert_eq!(outcome.net.len(), 4);
        }
        // The winner collects from each of the three others at least the value, at most eight times it.
        let collected = outcome.net[winner].1;
        prop_assert!(collected >= 3 * value as i64 && collected <= 24 * value as i64, "{}", collected);
    }

    #[test]
    fn tournament_points_give_only_the_winner_and_discarder_points(
        winner in 0usize..4,
        value in 1u64..=10_000,
        exposures in 0u32..=4,
        flags in 0u8..16,
        discarder in proptest::option::of(0usize..4),
        dead in any::<[bool; 4]>(),
    ) {
        let manche = game(winner, value, exposures, flags, discarder, dead, None, "tournament");
        let Ok(outcome) = score_manche(&serde_json::from_value(manche).expect("shape")) else { return Ok(()) };
        prop_assert!(outcome.payments.is_empty());
        for (i, (_, net)) in outcome.net.iter().enumerate() {
            if i == winner {
                prop_assert!(*net >= value as i64 && *net <= value as i64 + 30);
            } else if discarder == Some(i) && !dead[i] {
                prop_assert!([-10, -20, -25].contains(net), "{}", net);
            } else {
                prop_assert_eq!(*net, 0);
            }
            prop_assert_eq!(outcome.players[i].score, *net);
        }
    }
}
