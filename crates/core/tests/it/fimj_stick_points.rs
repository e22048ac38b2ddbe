//! Every stick-point line of `shared/rules/fimj.md`, one test each. Non-winners sit South in the East round.

use crate::common::*;
use stecca_core::tiles::Wind;

#[test]
fn own_flower_scores_4_and_doubles() {
    let h = loser("2f");
    assert_hand(&h, 8, 4, 1);
    assert_eq!(lines(&h), ["Proprio fiore (2f) = 4", "Raddoppio: proprio fiore ×1"]);
}

#[test]
fn own_season_scores_4_and_doubles() {
    assert_hand(&loser("2s"), 8, 4, 1);
}

#[test]
fn other_players_flowers_and_seasons_score_nothing() {
    assert_hand(&loser("1f 3f 4s"), 0, 0, 0);
}

#[test]
fn pair_of_dragons_scores_2() {
    assert_hand(&loser("RR"), 2, 2, 0);
    assert_hand(&loser("BB"), 2, 2, 0);
}

#[test]
fn pair_of_own_wind_scores_2() {
    assert_hand(&loser("SS"), 2, 2, 0);
}

#[test]
fn pair_of_round_wind_scores_2() {
    assert_hand(&loser("EE"), 2, 2, 0);
}

#[test]
fn pair_of_other_wind_scores_nothing() {
    assert_hand(&loser("WW NN"), 0, 0, 0);
}

#[test]
fn pair_of_own_wind_that_is_also_round_wind_scores_4() {
    let h = hand("EE", Wind::East, Wind::East, false, &[]);
    assert_hand(&h, 4, 4, 0);
    assert_eq!(lines(&h), ["Coppia del proprio vento (EE) = 2", "Coppia del vento di giro (EE) = 2"]);
}

#[test]
fn a_non_winner_scores_every_scoring_pair() {
    assert_hand(&loser("RR VV SS EE"), 8, 8, 0);
}

#[test]
fn suited_pairs_score_nothing() {
    assert_hand(&loser("55d 99c"), 0, 0, 0);
}

#[test]
fn exposed_pung_of_simples_scores_2() {
    assert_hand(&loser("[555b]"), 2, 2, 0);
}

#[test]
fn concealed_pung_of_simples_scores_4() {
    assert_hand(&loser("555b"), 4, 4, 0);
}

#[test]
fn exposed_pung_of_head_tiles_scores_4() {
    assert_hand(&loser("[999c]"), 4, 4, 0);
    assert_hand(&loser("[NNN]"), 4, 4, 0);
}

#[test]
fn concealed_pung_of_head_tiles_scores_8() {
    assert_hand(&loser("111d"), 8, 8, 0);
}

#[test]
fn exposed_kong_of_simples_scores_8() {
    assert_hand(&loser("[5555b]"), 8, 8, 0);
}

#[test]
fn concealed_kong_of_simples_scores_16() {
    assert_hand(&loser("5555b"), 16, 16, 0);
}

#[test]
fn exposed_kong_of_head_tiles_scores_16() {
    assert_hand(&loser("[9999c]"), 16, 16, 0);
}

#[test]
fn concealed_kong_of_head_tiles_scores_32() {
    let h = loser("WWWW");
    assert_hand(&h, 32, 32, 0);
    assert_eq!(lines(&h), ["Poker coperto di testa (WWWW) = 32"]);
}

#[test]
fn chows_score_no_points() {
    assert_hand(&loser("123d [456b]"), 0, 0, 0);
}

#[test]
fn going_mah_jong_scores_20_for_the_winner_only() {
    let h = winner("123d 345d 678b 234c 55c", &[]);
    assert_hand(&h, 20, 20, 0);
    assert_eq!(lines(&h), ["Mah Jong (chiusura) = 20"]);
}

#[test]
fn the_worked_example_hands() {
    let bruno = winner("[555b] RRR 123c 456d EE 2f", &["self_drawn"]);
    assert_hand(&bruno, 144, 36, 2);
    let anna = hand("[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f", Wind::East, Wind::East, false, &[]);
    assert_hand(&anna, 16, 8, 1);
    let carla = hand("[234d] 66c 1b 4b 8b E S N VV", Wind::West, Wind::East, false, &[]);
    assert_hand(&carla, 2, 2, 0);
    let dario = hand("1c 2c 4c 5d 6d 8d 9b 1d 3b 5b 7b W W", Wind::North, Wind::East, false, &[]);
    assert_hand(&dario, 0, 0, 0);
}

#[test]
fn leftover_tiles_score_nothing_but_a_pung_among_them_does() {
    assert_hand(&loser("1c 2c 4c 777d 9b"), 4, 4, 0);
}

#[test]
fn four_loose_identical_tiles_of_a_non_winner_make_the_better_pung() {
    // Four red dragons typed as separate tiles (not a declared kong): pung (8 + double) beats two pairs (4).
    assert_hand(&loser("RR RR"), 16, 8, 1);
}

#[test]
fn explanations_carry_both_languages() {
    let h = winner("[555b] RRR 123c 456d EE 2f", &[]);
    let english: Vec<String> =
        h.lines.iter().map(|(l, _)| l.label().render(stecca_core::i18n::Lang::ENGLISH)).collect();
    assert!(english.contains(&"Concealed pung of head tiles (RRR)".to_owned()), "{english:?}");
    assert!(english.contains(&"Double: pung of dragons (RRR)".to_owned()), "{english:?}");
}
