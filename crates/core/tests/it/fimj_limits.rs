//! The eight limits (massimi): values, precedence, and that a limit takes no further doubles.

use crate::common::*;
use stecca_core::tiles::Wind;
use stecca_rules_fimj::{EastRotation, FimjOptions, Limit};

#[track_caller]
fn assert_limit(score: &stecca_rules_fimj::HandScore, limit: Limit, value: u64) {
    assert_eq!((score.limit, score.value), (Some(limit), value), "lines: {:?}", lines(score));
    assert_eq!((score.stick_points, score.doubles), (0, 0));
}

#[test]
fn coppie_seven_pairs_is_300() {
    let h = winner("11d 22d 33b 44b 55c 66c RR", &[]);
    assert_limit(&h, Limit::Coppie, 300);
    assert_eq!(lines(&h), ["Massimo: Coppie = 300"]);
}

#[test]
fn coppie_needs_seven_distinct_pairs() {
    // Interpretation: four identical tiles are not two pairs (see `decompose::Shape::SevenPairs`).
    let parsed = stecca_core::tiles::parse_hand("11d 11d 33b 44b 55c 66c RR").expect("notation");
    let ctx = stecca_rules_fimj::HandContext {
        seat: Wind::South,
        round: Wind::East,
        winner: true,
        flags: stecca_rules_fimj::WinFlags::NONE,
    };
    let result = stecca_rules_fimj::score_hand(&parsed, &ctx, &FimjOptions::default());
    assert_eq!(result.err(), Some(stecca_rules_fimj::HandError::Incomplete));
}

#[test]
fn tutti_tris_only_head_pungs_is_400() {
    assert_limit(&winner("[111d] 999b EEE NNN RR", &[]), Limit::TuttiTris, 400);
}

#[test]
fn purezza_one_suit_only_is_500() {
    assert_limit(&winner("123d 456d 789d 111d 55d", &[]), Limit::Purezza, 500);
}

#[test]
fn purezza_beats_coppie_for_one_suit_pairs() {
    assert_limit(&winner("11d 22d 33d 44d 55d 66d 77d", &[]), Limit::Purezza, 500);
}

#[test]
fn nove_fiori_nel_bambu_is_600_and_east_collects_1200() {
    let options = FimjOptions { east_rotation: EastRotation::Club, ..FimjOptions::default() };
    let h = hand_with("123d 345d 678b 234c 55c", Wind::East, Wind::East, true, &["ninth_east_win"], &options);
    assert_limit(&h, Limit::NoveFiori, 600);
    let mut input = manche(vec![
        winner_entry("Anna", "E", "123d 345d 678b 234c 55c", &["ninth_east_win"]),
        player("Bruno", "S", ""),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]);
    input["options"] = serde_json::json!({"east_rotation": "club"});
    let out = scored(input);
    assert_eq!(net(&out, "Anna"), 3600);
    assert_eq!(payments(&out)[0], ("Bruno".into(), "Anna".into(), 1200));
}

#[test]
fn tutti_poker_four_kongs_is_700() {
    assert_limit(&winner("[1111d] [2222b] 3333c [6666c] 55c", &[]), Limit::TuttiPoker, 700);
}

#[test]
fn tredici_lanterne_thirteen_orphans_is_700() {
    assert_limit(&winner("19d 19b 19c ESWN RVB 9c", &[]), Limit::TrediciLanterne, 700);
}

#[test]
fn uscita_degli_dei_east_dealt_hand_is_800() {
    let h = hand("123d 345d 678b 234c 55c", Wind::East, Wind::East, true, &["dealt_hand"]);
    assert_limit(&h, Limit::UscitaDegliDei, 800);
}

#[test]
fn uscita_degli_dei_on_easts_first_discard_is_800() {
    assert_limit(&winner("123d 345d 678b 234c 55c", &["dealt_hand"]), Limit::UscitaDegliDei, 800);
}

#[test]
fn quattro_benedizioni_all_four_winds_is_1000() {
    assert_limit(&winner("[EEE] [SSS] WWW NNN 55d", &[]), Limit::QuattroBenedizioni, 1000);
}

#[test]
fn the_highest_of_several_limits_counts() {
    // All head tiles (tutti tris 400) and all four winds (1000).
    assert_limit(&winner("EEE SSS WWW NNN RR", &[]), Limit::QuattroBenedizioni, 1000);
}

#[test]
fn a_limit_takes_no_further_doubles_not_even_own_flower() {
    let h = winner("123d 456d 789d 111d 55d 2f 2s", &["last_discard"]);
    assert_limit(&h, Limit::Purezza, 500);
    assert_eq!(lines(&h), ["Massimo: Purezza = 500"]);
}

#[test]
fn a_limit_is_scored_even_where_the_count_would_be_larger() {
    // Counted normally: 84 stick points × 2^6 = 5376; as tutti poker it is 700.
    assert_limit(&winner("[EEEE] [SSSS] [WWWW] [RRRR] 99d", &[]), Limit::TuttiPoker, 700);
}

#[test]
fn limits_are_for_the_winner_only() {
    let h = loser("11d 22d 33b 44b 55c 66c R");
    assert_hand(&h, 0, 0, 0);
}

#[test]
fn limit_values_are_configurable() {
    let mut options = FimjOptions::default();
    options.limits.coppie = 1000;
    let h = hand_with("11d 22d 33b 44b 55c 66c RR", Wind::South, Wind::East, true, &[], &options);
    assert_limit(&h, Limit::Coppie, 1000);
}

#[test]
fn configured_values_decide_which_limit_is_highest() {
    let mut options = FimjOptions::default();
    options.limits.coppie = 900;
    let h = hand_with("11d 22d 33d 44d 55d 66d 77d", Wind::South, Wind::East, true, &[], &options);
    assert_limit(&h, Limit::Coppie, 900);
}

#[test]
fn east_collects_a_limit_double() {
    let out = scored(manche(vec![
        winner_entry("Anna", "E", "11d 22d 33b 44b 55c 66c RR", &["self_drawn"]),
        player("Bruno", "S", "[999c]"),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]));
    assert_eq!(out.players[0].figures.get("limit"), Some(&serde_json::json!("coppie")));
    assert_eq!(net(&out, "Anna"), 1800);
    // Bruno's 4 points against Carla's and Dario's 0 are differences of 4, which round to 0.
    assert_eq!(net(&out, "Bruno"), -600);
}
