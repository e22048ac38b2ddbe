use super::*;
use stecca_seam::rules::{MancheFrame, RulesInForce, Ruleset};

fn in_force(options: serde_json::Value) -> std::sync::Arc<dyn RulesInForce> {
    Nmjl.in_force(&options).expect("options")
}
use stecca_seam::tiles::Wind;

fn frame(dealer: usize) -> MancheFrame {
    MancheFrame {
        names: ["A", "B", "C", "D"].map(str::to_owned).to_vec(),
        dealer,
        round_wind: None,
        seat_winds: true,
        ..MancheFrame::default()
    }
}

#[test]
fn random_games_score_in_both_modes_and_their_payments_sum_to_zero() {
    for mode in ["payments", "tournament"] {
        let rules = in_force(serde_json::json!({"mode": mode}));
        let mut walls = 0;
        for seed in 0..300 {
            let input = rules.random_manche(seed, &frame((seed % 4) as usize));
            let outcome = Ruleset::score(&crate::Nmjl, &input).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            walls += usize::from(outcome.void);
            if mode == "payments" {
                assert_eq!(outcome.net.iter().map(|(_, n)| n).sum::<i64>(), 0, "seed {seed}");
            }
        }
        assert!((5..100).contains(&walls), "{walls} wall games in 300");
    }
}

#[test]
fn seat_winds_follow_the_deal_without_a_round_wind() {
    let input = in_force(serde_json::json!({})).random_manche(7, &frame(2));
    assert_eq!(input.round_wind, None);
    assert_eq!(input.players[2].seat, Some(Wind::East));
    assert_eq!(input.players[3].seat, Some(Wind::South));
}

#[test]
fn the_deal_passes_every_game_unless_a_club_keeps_east_on_a_win() {
    let east_wins = |options: serde_json::Value| {
        let rules = in_force(options);
        let mut input = rules.random_manche(1, &frame(0));
        input.void = false;
        for (i, p) in input.players.iter_mut().enumerate() {
            *p = stecca_seam::rules::PlayerInput {
                name: p.name.clone(),
                seat: p.seat,
                mahjong: i == 0,
                win: if i == 0 { vec!["self_picked".into()] } else { Vec::new() },
                ..Default::default()
            }
            .with(super::VALUE, (i == 0).then_some(25));
        }
        let outcome = Ruleset::score(&crate::Nmjl, &input).expect("valid");
        rules.rotation(&outcome)
    };
    assert_eq!(east_wins(serde_json::json!({})), Rotation::Pass);
    assert_eq!(east_wins(serde_json::json!({"rotation": "east_keeps_on_win"})), Rotation::Stay);
    assert_eq!(east_wins(serde_json::json!({"mode": "tournament", "rotation": "east_keeps_on_win"})), Rotation::Pass);
    assert!(in_force(serde_json::json!({"mode": "tournament"})).deal_always_passes());
    assert!(!in_force(serde_json::json!({"rotation": "east_keeps_on_win"})).deal_always_passes());
}
