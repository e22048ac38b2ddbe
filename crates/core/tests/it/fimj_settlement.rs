//! Settlement of whole manches: one, two and three winners, East winning and losing, rounding, void.

use crate::common::*;

#[test]
fn the_digest_worked_example_settles_exactly() {
    let out = scored(manche(vec![
        player("Anna", "E", "[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f"),
        winner_entry("Bruno", "S", "[555b] RRR 123c 456d EE 2f", &["self_drawn"]),
        player("Carla", "W", "[234d] 66c 1b 4b 8b E S N VV"),
        player("Dario", "N", "1c 2c 4c 5d 6d 8d 9b 1d 3b 5b 7b W W"),
    ]));
    let scores: Vec<i64> = out.players.iter().map(|p| p.score).collect();
    assert_eq!(scores, [16, 144, 2, 0]);
    assert_eq!(
        payments(&out),
        [
            ("Anna".into(), "Bruno".into(), 290),
            ("Carla".into(), "Bruno".into(), 140),
            ("Dario".into(), "Bruno".into(), 140),
            ("Carla".into(), "Anna".into(), 30),
            ("Dario".into(), "Anna".into(), 30),
        ]
    );
    assert_eq!(out.net, [("Anna".into(), -230), ("Bruno".into(), 570), ("Carla".into(), -170), ("Dario".into(), -170)]);
}

#[test]
fn east_winning_collects_double_from_everyone() {
    // Anna (East) wins with 20 points: each pays 40.
    let out = scored(manche(vec![
        winner_entry("Anna", "E", "123d 345d 678b 234c 55c", &[]),
        player("Bruno", "S", ""),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]));
    assert_eq!(net(&out, "Anna"), 120);
    assert!(payments(&out).iter().all(|p| p.2 == 40));
}

#[test]
fn east_losing_pays_double_to_the_winner_and_to_better_non_winners() {
    let out = scored(manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", "123d 345d 678b 234c 55c", &[]),
        player("Carla", "W", "[555b]"),
        player("Dario", "N", ""),
    ]));
    // Anna pays Bruno 20×2 = 40; Carla 20; Dario 20. Anna pays Carla (2−0)×2 = 4 → 0; Dario pays Carla 2 → 0.
    assert_eq!(net(&out, "Anna"), -40);
    assert_eq!(net(&out, "Carla"), -20);
}

#[test]
fn payments_round_to_tens_after_doubling() {
    // Bruno: own flower 4 + [555b] 2 + round-wind pair 2 + Mah Jong 20 = 28; own flower and snake: ×4.
    let out = scored(manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", "[555b] 123c 456d 789b EE 2f", &[]),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]));
    assert_eq!(out.players[1].score, 112);
    // 112: East pays 224 → 220, the others 112 → 110.
    assert_eq!(payments(&out)[0].2, 220);
    assert_eq!(payments(&out)[1].2, 110);
}

#[test]
fn rounding_of_a_difference_with_units_below_five_goes_down_and_above_goes_up() {
    let out = scored(manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", "123d 345d 678b 234c 55c", &[]),
        player("Carla", "W", "[999c] [RRR]"),
        player("Dario", "N", "[111b]"),
    ]));
    // Carla 16, Dario 4: Dario pays Carla 12 → 10; Anna pays Carla 32 → 30 and Dario 8 → 10.
    let p = payments(&out);
    assert!(p.contains(&("Dario".into(), "Carla".into(), 10)), "{p:?}");
    assert!(p.contains(&("Anna".into(), "Carla".into(), 30)), "{p:?}");
    assert!(p.contains(&("Anna".into(), "Dario".into(), 10)), "{p:?}");
}

#[test]
fn equal_non_winners_pay_each_other_nothing() {
    let out = scored(manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", "123d 345d 678b 234c 55c", &[]),
        player("Carla", "W", "[999c]"),
        player("Dario", "N", "[111b]"),
    ]));
    assert!(!payments(&out).iter().any(|(f, t, _)| (f == "Carla" && t == "Dario") || (f == "Dario" && t == "Carla")));
}

#[test]
fn two_winners_settle_their_difference_then_collect() {
    // Bruno and Carla both claim a discard. Bruno 20, Carla 40 (snake).
    let out = scored(manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", "123d 345d 678b 234c 55c", &[]),
        winner_entry("Carla", "W", "123b 456b 789c 234b 66d", &[]),
        player("Dario", "N", "[RRR]"),
    ]));
    let p = payments(&out);
    assert_eq!(p[0], ("Bruno".into(), "Carla".into(), 20), "winners first: {p:?}");
    assert!(p.contains(&("Anna".into(), "Bruno".into(), 40)));
    assert!(p.contains(&("Anna".into(), "Carla".into(), 80)));
    assert!(p.contains(&("Dario".into(), "Bruno".into(), 20)));
    assert!(p.contains(&("Dario".into(), "Carla".into(), 40)));
    // The two non-winners still settle: Dario 8 vs Anna 0, East doubles: 16 → 20.
    assert!(p.contains(&("Anna".into(), "Dario".into(), 20)));
    assert_eq!(out.net.iter().map(|(_, v)| v).sum::<i64>(), 0);
}

#[test]
fn three_winners_and_one_payer() {
    let out = scored(manche(vec![
        winner_entry("Anna", "E", "123d 345d 678b 234c 55c", &["last_discard"]),
        winner_entry("Bruno", "S", "123b 456b 789c 234b 66d", &["last_discard"]),
        winner_entry("Carla", "W", "[RRR] 111c 999c 567d 88b", &["last_discard"]),
        player("Dario", "N", ""),
    ]));
    // Anna 20×2 = 40; Bruno 20×2^2 = 80; Carla (4+8+8+20) × 2^3 (dragon, three head pungs, last discard) = 320.
    let values: Vec<i64> = out.players.iter().map(|p| p.score).collect();
    assert_eq!(values, [40, 80, 320, 0]);
    let p = payments(&out);
    assert!(p.contains(&("Anna".into(), "Bruno".into(), 80)), "{p:?}");
    assert!(p.contains(&("Anna".into(), "Carla".into(), 560)), "{p:?}");
    assert!(p.contains(&("Bruno".into(), "Carla".into(), 240)), "{p:?}");
    assert!(p.contains(&("Dario".into(), "Anna".into(), 80)), "{p:?}");
    assert_eq!(net(&out, "Dario"), -(80 + 80 + 320));
    assert_eq!(out.net.iter().map(|(_, v)| v).sum::<i64>(), 0);
}

#[test]
fn a_void_manche_pays_nothing() {
    let mut input = manche(vec![
        player("Anna", "E", "[999c]"),
        player("Bruno", "S", "[RRR]"),
        serde_json::json!({"name": "Carla", "seat": "W"}),
        serde_json::json!({"name": "Dario", "seat": "N"}),
    ]);
    input["void"] = serde_json::json!(true);
    let out = scored(input);
    assert!(out.void);
    assert!(out.payments.is_empty());
    assert!(out.net.iter().all(|(_, v)| *v == 0));
    assert!(out.players.iter().all(|p| p.score == 0 && p.items.is_empty()));
}

#[test]
fn the_winner_arrangement_is_reported_in_notation() {
    let out = scored(manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", "[555b] RRR 123c 456d EE 2f", &[]),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]));
    assert_eq!(out.players[1].arrangement, "[555b] 456d 123c EE RRR 2f");
}
