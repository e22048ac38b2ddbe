//! Classic American rules (`shared/rules/classic-american.md`), line by line: base points, doubles, the
//! game-type table, limit hands, dead hands, settlement, Babcock's chapter 6 examples and every
//! Interpretation.

use serde_json::{Value, json};

use crate::common::nets;
use stecca_core::rules::{MancheError, MancheInput, MancheOutcome, score_manche};
use stecca_core::tiles::{Wind, parse_hand};
use stecca_rules_classic_american::{
    Amount, ClassicOptions, Dead, HandContext, HandError, HandScore, Limit, Win, score_hand,
};

fn options(value: Value) -> ClassicOptions {
    ClassicOptions::from_json(&value).expect("valid options")
}

fn lrb() -> ClassicOptions {
    options(json!({"edition": "lrb"}))
}

fn tacolfmj() -> ClassicOptions {
    ClassicOptions::default()
}

fn try_hand(
    text: &str,
    seat: Wind,
    winner: bool,
    flags: &[&str],
    options: &ClassicOptions,
) -> Result<HandScore, HandError> {
    let parsed = parse_hand(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut win = Win::default();
    for flag in flags {
        assert!(win.set(flag), "{flag}");
    }
    let ctx = HandContext { seat, round: Wind::East, winner, win, winning_tile: None, dead: None };
    score_hand(&parsed, &ctx, options)
}

/// A hand in the East round.
fn hand(text: &str, seat: Wind, winner: bool, flags: &[&str], options: &ClassicOptions) -> HandScore {
    try_hand(text, seat, winner, flags, options).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn south_wins(text: &str, flags: &[&str], options: &ClassicOptions) -> HandScore {
    hand(text, Wind::South, true, flags, options)
}

fn lines(score: &HandScore) -> Vec<String> {
    crate::common::texts();
    score
        .lines
        .iter()
        .map(|(line, amount)| {
            let en = line.label().render(stecca_core::i18n::Lang::ENGLISH);
            match amount {
                Amount::Points(p) => format!("{en} = {p}"),
                Amount::Doubles(d) => format!("{en} x{d}"),
                Amount::Limit(v) => format!("{en} = {v}"),
            }
        })
        .collect()
}

#[track_caller]
fn assert_value(score: &HandScore, value: u64, points: u64, doubles: u32) {
    assert_eq!(
        (score.value, score.points, score.doubles, score.limit),
        (value, points, doubles, None),
        "{:#?}",
        lines(score)
    );
}

#[track_caller]
fn assert_limit(score: &HandScore, limit: Limit, value: u64) {
    assert_eq!((score.limit, score.value), (Some(limit), value), "{:#?}", lines(score));
}

fn manche(options: Value, players: Value) -> Result<MancheOutcome, MancheError> {
    let input: MancheInput = serde_json::from_value(json!({
        "rules": "classic_american", "round_wind": "E", "players": players, "options": options
    }))
    .expect("input shape");
    score_manche(&input)
}

fn payments(outcome: &MancheOutcome) -> Vec<(String, String, u64)> {
    outcome.payments.iter().map(|p| (p.from.clone(), p.to.clone(), p.amount)).collect()
}

// ---- Babcock, chapter 6 ----

#[test]
fn babcock_32_exposed_pung_concealed_terminal_pung_only_possible_place() {
    let h = south_wins("[444d] 999b 123c 567c 55d", &["only_possible_tile"], &lrb());
    assert_value(&h, 32, 32, 0);
    assert_eq!(
        lines(&h),
        [
            "Exposed pung of simples (444d) = 2",
            "Concealed pung of terminals/honours (999b) = 8",
            "Mah Jong = 20",
            "Only possible tile = 2"
        ]
    );
}

#[test]
fn babcock_42_doubled_by_the_dragon_pung_is_84_and_168_for_east() {
    let text = "[8888d] [VVV] EEE BB 234c";
    assert_value(&south_wins(text, &[], &lrb()), 84, 42, 1);
    assert_value(&hand(text, Wind::East, true, &[], &lrb()), 168, 42, 2);
}

#[test]
fn babcock_east_receives_336_from_each_player() {
    let outcome = manche(
        json!({"edition": "lrb"}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "[8888d] [VVV] EEE BB 234c", "mahjong": true},
            {"name": "Bruno", "seat": "S", "hand": "1d 4d 7d 2b 5b 8b 3c 6c 9c"},
            {"name": "Carla", "seat": "W", "hand": "2d 5d 9d 3b 6b 9b 1c 5c 7c"},
            {"name": "Dario", "seat": "N", "hand": "3d 6d 1b 4b 7b 8c"}
        ]),
    )
    .expect("valid");
    assert_eq!(outcome.players[0].score, 168);
    assert_eq!(
        payments(&outcome),
        [
            ("Bruno".into(), "Anna".into(), 336),
            ("Carla".into(), "Anna".into(), 336),
            ("Dario".into(), "Anna".into(), 336)
        ]
    );
    assert_eq!(nets(&outcome), [1008, -336, -336, -336]);
}

// ---- base points ----

#[test]
fn pungs_score_2_4_8_and_kongs_four_times_as_much() {
    let pungs = hand("[222d] 333d [111b] 999b", Wind::South, false, &[], &tacolfmj());
    assert_value(&pungs, 2 + 4 + 4 + 8, 18, 0);
    let kongs = hand("[5555c] 6666c [NNNN] 1111d", Wind::South, false, &[], &tacolfmj());
    assert_value(&kongs, 8 + 16 + 16 + 32, 72, 0);
}

#[test]
fn chows_score_nothing_and_pairs_of_dragons_or_own_wind_score_2() {
    assert_value(&hand("123c 456d 789b", Wind::South, false, &[], &tacolfmj()), 0, 0, 0);
    assert_value(&hand("RR 3b", Wind::South, false, &[], &tacolfmj()), 2, 2, 0);
    assert_value(&hand("SS 3b", Wind::South, false, &[], &tacolfmj()), 2, 2, 0);
    assert_value(&hand("WW 3b", Wind::South, false, &[], &tacolfmj()), 0, 0, 0);
}

#[test]
fn the_prevailing_wind_counts_like_own_wind_in_tacolfmj_only() {
    // Interpretation: Babcock's examples give the prevailing wind nothing; TACOLFMJ counts it.
    assert_value(&hand("EE 3b", Wind::South, false, &[], &tacolfmj()), 2, 2, 0);
    assert_value(&hand("EE 3b", Wind::South, false, &[], &lrb()), 0, 0, 0);
    assert_value(&hand("EEE", Wind::South, false, &[], &tacolfmj()), 16, 8, 1);
    assert_value(&hand("EEE", Wind::South, false, &[], &lrb()), 8, 8, 0);
}

#[test]
fn own_wind_that_is_also_prevailing_counts_twice_in_tacolfmj() {
    assert_value(&hand("EE 3b", Wind::East, false, &[], &tacolfmj()), 4, 4, 0);
    assert_value(&hand("EEE", Wind::East, false, &[], &tacolfmj()), 32, 8, 2);
    assert_value(&hand("EEE", Wind::East, false, &[], &lrb()), 16, 8, 1);
}

#[test]
fn flowers_and_seasons_4_points_own_ones_a_double_and_the_bouquet_4_doubles_in_both_codes() {
    assert_value(&hand("1f 3s", Wind::South, false, &[], &tacolfmj()), 8, 8, 0);
    assert_value(&hand("2f 2s", Wind::South, false, &[], &tacolfmj()), 32, 8, 2);
    for options in [tacolfmj(), lrb()] {
        let bouquet = hand("1f 2f 3f 4f", Wind::South, false, &[], &options);
        assert_value(&bouquet, 16 << 4, 16, 4);
    }
}

#[test]
fn the_winner_adds_20_for_mah_jong_2_for_a_drawn_tile_and_2_for_the_only_possible_tile() {
    let base = "[444d] 999b 123c 567c 55d";
    assert_value(&south_wins(base, &[], &lrb()), 30, 30, 0);
    assert_value(&south_wins(base, &["self_drawn"], &lrb()), 32, 32, 0);
    assert_value(&south_wins(base, &["self_drawn", "only_possible_tile"], &lrb()), 34, 34, 0);
}

// ---- doubles and the game-type table ----

#[test]
fn winner_bonuses_are_doubles_in_mixed_and_one_double_games_and_10_points_in_cleared_games() {
    let text = "[222d] 555d 888d NNN 99d";
    let mixed = south_wins(text, &["last_discard"], &tacolfmj());
    // 20 + 2 + 4 + 4 + 8; doubles: last discard, no chows, one suit plus honours.
    assert_value(&mixed, 38 << 3, 38, 3);
    let cleared = south_wins(text, &["last_discard"], &options(json!({"game_type": "cleared"})));
    assert_value(&cleared, 58 * 2, 58, 1);
    let one_double = south_wins(text, &["last_discard"], &options(json!({"game_type": "one_double"})));
    assert_value(&one_double, 38 << 3, 38, 3);
}

#[test]
fn last_wall_tile_and_kong_replacement_are_winner_bonuses_and_drawn_tiles() {
    let text = "[444d] 999b 123c 567c 55d";
    assert_value(&south_wins(text, &["last_wall_tile"], &lrb()), 64, 32, 1);
    let with_kong = "[4444d] 999b 123c 567c 55d";
    assert_value(&south_wins(with_kong, &["kong_replacement"], &lrb()), (20 + 8 + 8 + 2) * 2, 38, 1);
}

#[test]
fn robbing_a_kong_is_10_points_in_lrb_and_the_column_in_tacolfmj() {
    let text = "[444d] 999b 123c 567c 55d";
    assert_value(&south_wins(text, &["robbing_kong"], &lrb()), 40, 40, 0);
    assert_value(&south_wins(text, &["robbing_kong"], &tacolfmj()), 60, 30, 1);
}

#[test]
fn all_chows_and_a_pair_scoring_nothing_is_a_double_not_spoilt_by_bonus_tiles_or_drawn_points() {
    let poor = south_wins("123d 456d 789b 234c 55c 1f", &["self_drawn"], &tacolfmj());
    assert_value(&poor, 26 * 2, 26, 1);
    assert!(lines(&poor).contains(&"Bonus: all chows, pair scoring nothing x1".to_owned()));
    let dragon_pair = south_wins("123d 456d 789b 234c RR", &[], &tacolfmj());
    assert_value(&dragon_pair, 22, 22, 0);
}

#[test]
fn all_pungs_no_chow_is_a_double() {
    assert_value(&south_wins("[222d] 555b 888c NNN 99d", &[], &tacolfmj()), 76, 38, 1);
}

#[test]
fn one_suit_plus_honours_and_terminals_plus_honours_add_up() {
    // 8 + 8 + 8 + 8 + 2 (own wind pair) + 20; doubles: dragon pung, no chows, the two rows.
    let h = south_wins("111b 999b EEE RRR SS", &[], &lrb());
    assert_value(&h, 54 << 4, 54, 4);
    let shown = lines(&h);
    assert!(shown.contains(&"Bonus: one suit plus honours x1".to_owned()), "{shown:?}");
    assert!(shown.contains(&"Bonus: terminals plus honours only x1".to_owned()), "{shown:?}");
}

#[test]
fn one_suit_without_honours_is_3_doubles_not_1_plus_3() {
    let h = south_wins("234b 345b 678b 999b 11b", &[], &tacolfmj());
    assert_value(&h, 28 << 3, 28, 3);
    assert!(!lines(&h).iter().any(|l| l.contains("one suit plus honours")));
}

#[test]
fn three_little_sages_and_four_little_blessings_are_winner_bonuses() {
    // 8 + 8 + 2 + 20; dragon pungs 2, little sages 1, one suit plus honours 1.
    assert_value(&south_wins("RRR VVV BB 123c 456c", &[], &lrb()), 38 << 4, 38, 4);
    // 8 × 3 + 20; own wind pung 1, little blessings 1, one suit plus honours 1.
    assert_value(&south_wins("EEE SSS WWW NN 234c", &[], &lrb()), 44 << 3, 44, 3);
}

#[test]
fn delayed_call_is_a_double_for_anyone_but_east() {
    assert_value(&south_wins("[444d] 999b 123c 567c 55d", &["delayed_call"], &lrb()), 60, 30, 1);
    let refused = manche(
        json!({}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "[444d] 999b 123c 567c 55d", "mahjong": true, "win": ["delayed_call"]},
            {"name": "Bruno", "seat": "S", "hand": "1b"},
            {"name": "Carla", "seat": "W", "hand": "2b"},
            {"name": "Dario", "seat": "N", "hand": "3b"}
        ]),
    )
    .expect_err("East cannot call late");
    assert_eq!(refused.player.as_deref(), Some("Anna"));
    assert!(refused.reason.render(stecca_core::i18n::Lang::ENGLISH).contains("delayed_call"), "{}", refused.reason);
}

#[test]
fn non_winners_get_the_suit_rows_only_in_cleared_and_one_double_games_over_all_their_tiles() {
    let text = "111b 999b 5b 7b E";
    assert_value(&hand(text, Wind::South, false, &[], &tacolfmj()), 16, 16, 0);
    for game in ["cleared", "one_double"] {
        let h = hand(text, Wind::South, false, &[], &options(json!({"game_type": game})));
        assert_value(&h, 32, 16, 1);
    }
    let terminals = hand("111b 999d 1c", Wind::South, false, &[], &options(json!({"game_type": "cleared"})));
    assert_value(&terminals, 16 << 3, 16, 3);
    let one_suit = hand("111b 999b 5b", Wind::South, false, &[], &options(json!({"game_type": "cleared"})));
    assert_value(&one_suit, 16 << 3, 16, 3);
}

// ---- game types ----

#[test]
fn a_cleared_game_refuses_a_two_suit_mah_jong_with_the_reason() {
    let outcome = manche(
        json!({"game_type": "cleared"}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "1b"},
            {"name": "Bruno", "seat": "S", "hand": "[444d] 999b 123d 567d 55d", "mahjong": true},
            {"name": "Carla", "seat": "W", "hand": "2b"},
            {"name": "Dario", "seat": "N", "hand": "3b"}
        ]),
    );
    let error = outcome.expect_err("two suits");
    assert_eq!(error.player.as_deref(), Some("Bruno"));
    assert!(
        error
            .reason
            .render(stecca_core::i18n::Lang::ITALIAN)
            .starts_with("partita a mani sgomberate: la mano contiene due semi"),
        "{}",
        error.reason.render(stecca_core::i18n::Lang::ITALIAN)
    );
    let cleared = options(json!({"game_type": "cleared"}));
    assert_eq!(
        try_hand("EEE SSS WWW RRR BB", Wind::South, true, &[], &cleared).map(|h| h.limit),
        Ok(Some(Limit::AllHonours))
    );
    assert_eq!(
        try_hand("[111d] 999b EEE NNN RR", Wind::South, true, &[], &cleared).err(),
        Some(HandError::NotCleared(2)),
        "limit hands are held to the rule too"
    );
}

#[test]
fn lrb_with_the_optional_rule_requires_a_cleared_hand() {
    let required = options(json!({"edition": "lrb", "lrb_cleared_required": true}));
    assert_eq!(
        try_hand("[444d] 999b 123c 567c 55d", Wind::South, true, &[], &required).err(),
        Some(HandError::NotCleared(3))
    );
    assert!(try_hand("[444d] 999d 123d 567d 55d", Wind::South, true, &[], &required).is_ok());
}

#[test]
fn a_one_double_game_needs_a_double_other_than_own_flowers() {
    let game = options(json!({"game_type": "one_double"}));
    assert_eq!(
        try_hand("[444d] 999b 123c 567c 55d 2f", Wind::South, true, &[], &game).err(),
        Some(HandError::NoDouble)
    );
    // A winner bonus counts, so does a dragon pung.
    assert!(try_hand("[444d] 999b 123c 567c 55d", Wind::South, true, &["last_discard"], &game).is_ok());
    assert!(try_hand("[444d] RRR 123c 567c 55d", Wind::South, true, &[], &game).is_ok());
    // The bouquet's extra doubles count.
    assert!(try_hand("[444d] 999b 123c 567c 55d 1f 2f 3f 4f", Wind::South, true, &[], &game).is_ok());
}

#[test]
fn a_one_double_game_admits_a_hand_when_some_reading_holds_a_double() {
    let game = options(json!({"game_type": "one_double"}));
    // 111222333c reads as three pungs (16 points, no double) or three chows (all chows and a plain pair: a
    // double); the chow reading admits the hand.
    let h = south_wins("111222333c 789d 55b", &[], &game);
    assert_value(&h, 40, 20, 1);
    assert_eq!(try_hand("[111c] 222333c 789d 55b", Wind::South, true, &[], &game).err(), Some(HandError::NoDouble));
}

// ---- limit hands ----

fn limit_of(text: &str, seat: Wind, flags: &[&str], tile: Option<&str>) -> Option<Limit> {
    let parsed = parse_hand(text).expect("notation");
    let mut win = Win::default();
    for flag in flags {
        win.set(flag);
    }
    let winning_tile = tile.map(|t| {
        let h = parse_hand(t).expect("tile");
        stecca_core::tiles::Tile::all().find(|x| h.concealed[x.index()] > 0).expect("one tile")
    });
    let ctx = HandContext { seat, round: Wind::East, winner: true, win, winning_tile, dead: None };
    let score = score_hand(&parsed, &ctx, &tacolfmj()).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    assert!(score.limit.is_none() || score.value == 500, "{text}: {}", score.value);
    score.limit
}

#[test]
fn every_limit_hand_is_worth_the_limit() {
    let s = Wind::South;
    for (text, seat, flags, tile, limit) in [
        ("222d 555b 888c NNN 99d", s, &["self_drawn"][..], None, Limit::HiddenTreasure),
        ("EEE SSS WWW RRR BB", s, &[], None, Limit::AllHonours),
        ("111d 999d 111b 999c 11c", s, &[], None, Limit::AllTerminals),
        ("234b 666b 888b VVV 33b", s, &[], None, Limit::AllGreen),
        ("RRR VVV BBB 123c 55c", s, &[], None, Limit::ThreeGreatSages),
        ("EEE SSS WWW NNN 55c", s, &[], None, Limit::FourGreatBlessings),
        ("[1111d] [2222b] [3333c] [5555d] 99c", s, &[], None, Limit::AllKongs),
        ("1112345678999d 5d", s, &[], None, Limit::NineGates),
        ("19d 19b 19c ESWN RVB 1d", s, &[], None, Limit::ThirteenOrphans),
        ("123d 456d 789b 234c 55c", Wind::East, &["dealt_hand"], None, Limit::HeavenlyHand),
        ("123d 456d 789b 234c 55c", s, &["dealt_hand"], None, Limit::EarthlyHand),
        ("123d 456d 789b 234c 55c", s, &["last_wall_tile"], Some("1d"), Limit::MoonFromTheBottomOfTheSea),
        ("[4444b] 345d 789b 234c 55c", s, &["kong_replacement"], Some("5d"), Limit::PlumBlossomOnTheRoof),
        ("123d 456d 234b 234c 55c", s, &["robbing_kong"], Some("2b"), Limit::ScratchingACarryingPole),
        ("[4444c] [7777d] 789b 123b 55c", s, &["kong_upon_kong"], None, Limit::KongUponKong),
        ("EE SS WW NN RR VV BB", s, &[], None, Limit::DivineTwins),
        ("11223344556677d", s, &[], None, Limit::DivineTwins),
    ] {
        assert_eq!(limit_of(text, seat, flags, tile), Some(limit), "{text}");
    }
}

#[test]
fn seven_twins_are_half_the_limit_and_other_seven_pairs_are_not_mah_jong() {
    assert_limit(&south_wins("1122334455d EE RR", &[], &tacolfmj()), Limit::SevenTwins, 250);
    assert_limit(&south_wins("1122334455d EE RR", &[], &lrb()), Limit::SevenTwins, 250);
    assert_eq!(
        try_hand("11d 22b 33c 44d 55b EE RR", Wind::South, true, &[], &tacolfmj()).err(),
        Some(HandError::PlainSevenPairs)
    );
    assert_eq!(
        try_hand("11d 11d 33d 44d 55d EE RR", Wind::South, true, &[], &tacolfmj()).err(),
        Some(HandError::Incomplete),
        "four identical tiles are not two pairs"
    );
}

#[test]
fn seven_twins_keep_the_half_limit_when_bonus_tiles_push_their_doubles_past_it() {
    // Digest: seven twins is a fixed value, whatever its points and doubles (bonus tiles included) come to.
    let east = hand("BB 447788c WW RR NN 1f 1s 4s", Wind::East, true, &[], &tacolfmj());
    assert_limit(&east, Limit::SevenTwins, 250);
    let lrb_no_limit = options(json!({"edition": "lrb", "limit_hand_value": 40}));
    assert_limit(&south_wins("1122334455d EE RR", &[], &lrb_no_limit), Limit::SevenTwins, 20);
}

#[test]
fn hidden_treasure_needs_a_drawn_tile_and_no_exposed_group() {
    assert_eq!(limit_of("222d 555b 888c NNN 99d", Wind::South, &[], None), None);
    assert_eq!(limit_of("[222d] 555b 888c NNN 99d", Wind::South, &["self_drawn"], None), None);
}

#[test]
fn tile_dependent_limits_need_the_winning_tile() {
    assert_eq!(limit_of("123d 456d 789b 234c 55c", Wind::South, &["last_wall_tile"], None), None);
    assert_eq!(limit_of("123d 456d 789b 234c 55c", Wind::South, &["last_wall_tile"], Some("4d")), None);
}

#[test]
fn a_limit_caps_every_hand_and_without_one_a_limit_hand_has_the_agreed_value() {
    let big = "111b 999b EEE RRR SS";
    assert_value(&south_wins(big, &[], &tacolfmj()), 500, 54, 5);
    assert_value(&south_wins(big, &[], &options(json!({"limit": null}))), 54 << 5, 54, 5);
    assert_limit(&south_wins("EEE SSS WWW RRR BB", &[], &lrb()), Limit::AllHonours, 500);
    let agreed = options(json!({"edition": "lrb", "limit_hand_value": 1000}));
    assert_limit(&south_wins("EEE SSS WWW RRR BB", &[], &agreed), Limit::AllHonours, 1000);
    assert_limit(&south_wins("1122334455d EE RR", &[], &agreed), Limit::SevenTwins, 500);
}

#[test]
fn with_a_limit_no_payment_exceeds_it_and_east_pays_twice_the_limit() {
    let outcome = manche(
        json!({}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "1d 4d 7d 2c 5c 8c 3c 6c 9c"},
            {"name": "Bruno", "seat": "S", "hand": "111b 999b EEE RRR SS", "mahjong": true},
            {"name": "Carla", "seat": "W", "hand": "2d 5d 9d 3b 6b 8b"},
            {"name": "Dario", "seat": "N", "hand": "VVVV BBBB 2b"}
        ]),
    )
    .expect("valid");
    // Dario: two concealed dragon kongs, 64 points and 2 doubles = 256; Carla 0; Anna 0.
    assert_eq!(outcome.players[3].score, 256);
    assert_eq!(
        payments(&outcome),
        [
            ("Anna".into(), "Bruno".into(), 1000),
            ("Carla".into(), "Bruno".into(), 500),
            ("Dario".into(), "Bruno".into(), 500),
            ("Anna".into(), "Dario".into(), 512),
            ("Carla".into(), "Dario".into(), 256)
        ]
    );
    let lrb_outcome = manche(
        json!({"edition": "lrb"}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "1d 4d 7d 2c 5c 8c 3c 6c 9c"},
            {"name": "Bruno", "seat": "S", "hand": "111b 999b EEE RRR SS", "mahjong": true},
            {"name": "Carla", "seat": "W", "hand": "2d 5d 9d 3b 6b 8b"},
            {"name": "Dario", "seat": "N", "hand": "1c"}
        ]),
    )
    .expect("valid");
    assert_eq!(payments(&lrb_outcome)[0], ("Anna".into(), "Bruno".into(), 864 * 2), "LRB: no limit");
}

// ---- dead hands and wall games ----

fn dead_manche(edition: &str, dead: &str, text: &str) -> MancheOutcome {
    manche(
        json!({"edition": edition}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "RRR 1b"},
            {"name": "Bruno", "seat": "S", "hand": "[444d] 999b 123c 567c 55d", "mahjong": true, "win": ["only_possible_tile"]},
            {"name": "Carla", "seat": "W", "hand": text, "dead": dead},
            {"name": "Dario", "seat": "N", "hand": "2b"}
        ]),
    )
    .unwrap_or_else(|e| panic!("{edition} {dead}: {e}"))
}

#[test]
fn a_long_hand_scores_nothing_and_still_pays_and_settles_as_zero() {
    let outcome = dead_manche("tacolfmj", "long", "111222333c 777b 2d 3d 4d");
    assert_eq!(outcome.players[2].score, 0);
    assert_eq!(
        outcome.players[2].items[0].label.render(stecca_core::i18n::Lang::ENGLISH),
        "Dead hand (long): scores nothing"
    );
    // Bruno 32: Anna pays 64, Carla 32, Dario 32; Anna (RRR: 8 × 2 = 16) collects 32 from Carla and Dario.
    assert_eq!(nets(&outcome), [0, 128, -64, -64]);
}

#[test]
fn irregular_and_short_hands_score_their_valid_sets_in_tacolfmj_and_nothing_in_lrb() {
    for dead in ["irregular", "short"] {
        let outcome = dead_manche("tacolfmj", dead, "VVV 4b");
        assert_eq!(outcome.players[2].score, 16, "{dead}");
        let lrb = dead_manche("lrb", dead, "VVV 4b");
        assert_eq!(lrb.players[2].score, 0, "LRB {dead}");
    }
}

#[test]
fn a_dead_hand_cannot_win_and_unknown_dead_kinds_are_named() {
    let refused = manche(
        json!({}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "[444d] 999b 123c 567c 55d", "mahjong": true, "dead": "short"},
            {"name": "Bruno", "seat": "S", "hand": "1b"},
            {"name": "Carla", "seat": "W", "hand": "2b"},
            {"name": "Dario", "seat": "N", "hand": "3b"}
        ]),
    )
    .expect_err("dead winner");
    assert!(
        refused.reason.render(stecca_core::i18n::Lang::ENGLISH).contains("dead hand cannot go Mah Jong"),
        "{}",
        refused.reason
    );
    let unknown = manche(
        json!({}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "1b", "dead": "sleepy"},
            {"name": "Bruno", "seat": "S", "hand": "[444d] 999b 123c 567c 55d", "mahjong": true},
            {"name": "Carla", "seat": "W", "hand": "2b"},
            {"name": "Dario", "seat": "N", "hand": "3b"}
        ]),
    )
    .expect_err("unknown dead");
    assert!(unknown.reason.render(stecca_core::i18n::Lang::ENGLISH).contains("`sleepy`"), "{}", unknown.reason);
}

#[test]
fn a_wall_game_scores_nothing_and_is_only_ever_marked() {
    for void in [true, false] {
        let input: MancheInput = serde_json::from_value(json!({
            "rules": "classic_american", "round_wind": "S", "void": void,
            "players": [
                {"name": "Anna", "seat": "E", "hand": "RRR"},
                {"name": "Bruno", "seat": "S", "hand": "1b"},
                {"name": "Carla", "seat": "W", "hand": "2b"},
                {"name": "Dario", "seat": "N", "hand": "3b"}
            ]
        }))
        .expect("shape");
        if void {
            let outcome = score_manche(&input).expect("wall game");
            assert!(outcome.void && outcome.payments.is_empty());
            assert_eq!(nets(&outcome), [0, 0, 0, 0]);
        } else {
            // The digest: a manche with neither a winner nor the mark is refused.
            let error = score_manche(&input).expect_err("no winner, no mark");
            assert!(error.player.is_none(), "about the manche as a whole");
            let said = error.reason.render(stecca_core::i18n::Lang::ENGLISH);
            assert!(said.contains("mark the winner, or mark the manche void (a monte)"), "{said}");
        }
    }
}

#[test]
fn one_winner_per_manche() {
    let error = manche(
        json!({}),
        json!([
            {"name": "Anna", "seat": "E", "hand": "[444d] 999b 123c 567c 55d", "mahjong": true},
            {"name": "Bruno", "seat": "S", "hand": "[555d] 888b 123c 567c 66d", "mahjong": true},
            {"name": "Carla", "seat": "W", "hand": "2b"},
            {"name": "Dario", "seat": "N", "hand": "3b"}
        ]),
    )
    .expect_err("two winners");
    assert_eq!(error.player.as_deref(), Some("Bruno"));
}

// ---- settlement options and input checks ----

#[test]
fn no_rounding_by_default_and_nearest_ten_when_chosen() {
    let players = json!([
        {"name": "Anna", "seat": "E", "hand": "1c"},
        {"name": "Bruno", "seat": "S", "hand": "[444d] 999b 123c 567c 55d", "mahjong": true, "win": ["only_possible_tile"]},
        {"name": "Carla", "seat": "W", "hand": "RR 1b"},
        {"name": "Dario", "seat": "N", "hand": "3b"}
    ]);
    let exact = manche(json!({}), players.clone()).expect("valid");
    // Anna (East) pays Bruno 64 and Carla (a dragon pair, 2) 4; Dario pays Carla 2.
    assert_eq!(nets(&exact), [-68, 128, -26, -34]);
    let rounded = manche(json!({"rounding": "nearest_ten"}), players).expect("valid");
    assert_eq!(nets(&rounded), [-60, 120, -30, -30]);
}

#[test]
fn flags_and_winning_tile_are_checked_with_the_reason() {
    let base = |winner: Value| {
        manche(
            json!({}),
            json!([winner, {"name": "Bruno", "seat": "S", "hand": "1b"}, {"name": "Carla", "seat": "W", "hand": "2b"},
                   {"name": "Dario", "seat": "N", "hand": "3b"}]),
        )
        .expect_err("refused")
        .reason
    };
    let hand = "[444d] 999b 123c 567c 55d";
    for (winner, expected) in [
        (
            json!({"name": "Anna", "seat": "E", "hand": hand, "mahjong": true, "win": ["self_drawn", "last_discard"]}),
            "contradict",
        ),
        (
            json!({"name": "Anna", "seat": "E", "hand": hand, "mahjong": true, "win": ["kong_replacement"]}),
            "needs a kong",
        ),
        (
            json!({"name": "Anna", "seat": "E", "hand": hand, "mahjong": true, "win": ["flying"]}),
            "unknown win flag `flying`",
        ),
        (
            json!({"name": "Anna", "seat": "E", "hand": hand, "mahjong": true, "winning_tile": "9c"}),
            "9c is not in the hand",
        ),
        (json!({"name": "Anna", "seat": "E", "hand": hand, "mahjong": true, "winning_tile": "44d"}), "is not one tile"),
        (
            json!({"name": "Anna", "seat": "E", "hand": "[444d] 999b 123c 567c 55d", "mahjong": true, "win": ["dealt_hand"]}),
            "no exposed group",
        ),
    ] {
        let reason = base(winner.clone());
        assert!(reason.render(stecca_core::i18n::Lang::ENGLISH).contains(expected), "{winner}: {reason}");
    }
}

#[test]
fn options_are_refused_by_name() {
    for (options, field) in [
        (json!({"edition": "lrb", "game_type": "one_double"}), "game_type"),
        (json!({"lrb_cleared_required": true}), "lrb_cleared_required"),
        (json!({"limit": -1}), "limit"),
        (json!({"mystery": 1}), "mystery"),
    ] {
        let error = manche(options.clone(), json!([])).expect_err("refused");
        assert!(error.reason.render(stecca_core::i18n::Lang::ENGLISH).contains(field), "{options}: {}", error.reason);
    }
}

#[test]
fn fimj_refuses_the_classic_fields() {
    let input: MancheInput = serde_json::from_value(json!({
        "rules": "fimj", "round_wind": "E",
        "players": [{"name": "Anna", "seat": "E", "hand": "1b", "dead": "long"}]
    }))
    .expect("shape");
    let error = score_manche(&input).expect_err("not FIMJ");
    assert!(
        error.reason.render(stecca_core::i18n::Lang::ENGLISH).contains("`dead` is not a FIMJ field"),
        "{}",
        error.reason
    );
}

#[test]
fn dead_kinds_parse() {
    assert_eq!(Dead::parse("long"), Some(Dead::Long));
    assert_eq!(Dead::parse("Long"), None);
}
