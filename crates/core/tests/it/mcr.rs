//! MCR (`docs/rules/mcr.md`) hand by hand through the ruleset's door: the issue's and the digest's worked
//! examples (payments on a discard and self-drawn), the fan typed from a score sheet and its checks, draws, a
//! False Hu, a referee's deduction, the deal passing and the seats changing, the table points a tournament
//! ranks by, and every refusal naming its player and field. The evaluator's own answers must pass the score
//! sheet's checks (so that the checks never refuse a real hand).

use serde_json::{Value, json};

use crate::common::{nets, paid, refused_json as refused, scored_json as score};
use stecca_core::i18n::Lang;
use stecca_core::message::Explain;
use stecca_core::rng::Rng;
use stecca_core::rules::{Rotation, ruleset, score_manche};
use stecca_core::tournament::{RankingMethod, TournamentSettings};
use stecca_rules_mcr::random::random_win;
use stecca_rules_mcr::{Fan, Options, evaluate, sheet};

const SEATS: [(&str, &str); 4] = [("Anna", "E"), ("Bruno", "S"), ("Carla", "W"), ("Dario", "N")];

/// A hand at the table Anna E, Bruno S, Carla W, Dario N; `parts` adds fields per name, `extra` to the hand.
fn hand(parts: &[(&str, Value)], extra: Value) -> Value {
    let mut manche = crate::common::table_manche("mcr", &SEATS, parts, json!({"round_wind": "E", "options": {}}));
    crate::common::with(&mut manche, &extra);
    manche
}

/// The refusal in English, with the player it names.
fn refusal(value: &Value) -> (Option<String>, String) {
    let error = refused(value);
    (error.player.clone(), error.reason.render(Lang::ENGLISH))
}

/// Bruno (South) wins on Anna's (East's) discard: the issue's example.
fn issue_example() -> Value {
    hand(
        &[
            ("Bruno", json!({"hand": "123c 456c 789c 234b 5d 2f", "mahjong": true, "winning_tile": "5d"})),
            ("Anna", json!({"discarder": true})),
        ],
        json!({}),
    )
}

#[test]
fn the_issues_example_pure_straight_on_a_discard_pays_eight_plus_22_and_eight_each() {
    let outcome = score(&issue_example());
    let bruno = &outcome.players[1];
    assert_eq!(bruno.score, 22);
    assert_eq!(bruno.figures.get("fans"), Some(&json!(22)));
    let lines: Vec<String> = bruno.items.iter().map(|i| i.label.render(Lang::ENGLISH)).collect();
    assert_eq!(
        lines,
        [
            "28. Pure Straight · 清龙 qīng lóng",
            "62. Concealed Hand · 门前清 mén qián qīng",
            "63. All Chows · 平和 píng hú",
            "79. Single Wait · 单钓将 dān diào jiàng",
            "81. Flower Tiles · 花牌 huā pái",
        ]
    );
    let values: Vec<i64> = bruno.items.iter().filter_map(|i| i.quantity.as_ref()).map(|q| q.value).collect();
    assert_eq!(values, [16, 2, 2, 1, 1]);
    assert_eq!(bruno.items[0].label.render(Lang::ITALIAN), "28. Scala pura · 清龙 qīng lóng");
    assert_eq!(paid(&outcome, "Anna", "Bruno"), 30);
    assert_eq!(paid(&outcome, "Carla", "Bruno"), 8);
    assert_eq!(paid(&outcome, "Dario", "Bruno"), 8);
    assert_eq!(nets(&outcome), [-30, 46, -8, -8]);
    assert_eq!(bruno.arrangement, "5d 234b 123456789c + 5d");
}

#[test]
fn a_self_drawn_big_four_winds_is_paid_eight_plus_98_by_each() {
    // The digest's example 2: North self-draws in the South round.
    let value = hand(
        &[(
            "Dario",
            json!({"hand": "[EEE] [SSS] WWW NNN 5d", "mahjong": true, "winning_tile": "5d", "win": ["self_drawn"]}),
        )],
        json!({"round_wind": "S"}),
    );
    let outcome = score(&value);
    assert_eq!(outcome.players[3].score, 98);
    assert_eq!(nets(&outcome), [-106, -106, -106, 318]);
}

#[test]
fn the_fan_typed_from_a_score_sheet_pay_as_the_tiles_do_by_number_pinyin_or_name() {
    let tiles = score(&issue_example());
    for fans in [
        json!("28, 62, 63, 79"),
        json!("28 62 63 79"),
        json!("qing long, men qian qing, ping hu, dan diao jiang"),
        json!("Scala pura, Mano nascosta, Tutti chow, Attesa singola"),
        json!(["清龙", "Concealed Hand", 63, "79"]),
    ] {
        let value = hand(
            &[("Bruno", json!({"mahjong": true, "fans": fans, "flowers": 1})), ("Anna", json!({"discarder": true}))],
            json!({}),
        );
        let outcome = score(&value);
        assert_eq!(nets(&outcome), nets(&tiles), "{fans}");
        assert_eq!(outcome.players[1].items.len(), 5, "{fans}");
    }
    // A repeat counts as often as it is written: Pung of Terminals or Honors twice.
    let value = hand(&[("Bruno", json!({"mahjong": true, "fans": "49, 73x2, 80"})), ("Anna", json!({}))], json!({}));
    let value = with_win(value, "Bruno", &["self_drawn"]);
    assert_eq!(score(&value).players[1].score, 6 + 2 + 1);
}

fn with_win(mut value: Value, name: &str, flags: &[&str]) -> Value {
    for player in value["players"].as_array_mut().expect("players") {
        if player["name"] == name {
            player["win"] = json!(flags);
        }
    }
    value
}

#[test]
fn a_score_sheet_that_the_book_would_not_count_is_refused_naming_the_clash() {
    let sheet = |fans: Value, flags: &[&str]| {
        let value = hand(
            &[
                ("Bruno", json!({"mahjong": true, "fans": fans})),
                ("Anna", json!({"discarder": !flags.contains(&"self_drawn")})),
            ],
            json!({}),
        );
        refusal(&with_win(value, "Bruno", flags))
    };
    let (who, why) = sheet(json!("22, 76"), &[]);
    assert_eq!(who.as_deref(), Some("Bruno"));
    assert_eq!(why, "Full Flush and No Honors: No Honors does not count beside Full Flush (MCR §3.9.1.5)");
    let (_, why) = sheet(json!("28x2"), &[]);
    assert_eq!(why, "Pure Straight counted 2 times: a hand holds it 1 time at most");
    let (_, why) = sheet(json!("62, 63, 79"), &[]);
    assert_eq!(why, "5 fan without flowers: a Hu needs 8 (a False Hu)");
    let (_, why) = sheet(json!("28, 99"), &[]);
    assert_eq!(why, "`99` is no fan: write its number (1–81), its pinyin or its name");
    let (_, why) = sheet(json!("28, 77, 79"), &[]);
    assert!(why.starts_with("Edge Wait and Single Wait"), "{why}");
    let (_, why) = sheet(json!("28, 80"), &[]);
    assert_eq!(why, "the score sheet has Self-Drawn, which is self-drawn: tick “Self-drawn”");
    let (_, why) = sheet(json!("28, 62"), &["self_drawn"]);
    assert!(why.starts_with("the score sheet has Concealed Hand, which is won on a discard"), "{why}");
    let (_, why) = sheet(json!("28, 81"), &[]);
    assert_eq!(why, "flowers go in their own field, not among the fan");
}

#[test]
fn a_hand_below_eight_without_flowers_is_refused_as_a_false_hu() {
    // The digest's example 3 won on a discard: 7 points and a flower.
    let value = hand(
        &[
            ("Dario", json!({"hand": "[123c] 123c 123d 789b E 4f", "mahjong": true, "winning_tile": "E"})),
            ("Anna", json!({"discarder": true})),
        ],
        json!({}),
    );
    let (who, why) = refusal(&value);
    assert_eq!(who.as_deref(), Some("Dario"));
    assert_eq!(why, "7 fan without flowers: a Hu needs 8 (a False Hu)");
    // Self-drawn it is 8 + a flower: legal.
    let value = hand(
        &[(
            "Dario",
            json!({"hand": "[123c] 123c 123d 789b E 4f", "mahjong": true, "winning_tile": "E", "win": ["self_drawn"]}),
        )],
        json!({}),
    );
    assert_eq!(nets(&score(&value)), [-17, -17, -17, 51]);
}

#[test]
fn bad_tiles_and_contradicting_flags_are_refused_naming_the_player() {
    let win = |hand_text: &str, tile: &str, flags: &[&str], discarder: bool| {
        hand(
            &[
                ("Carla", json!({"hand": hand_text, "mahjong": true, "winning_tile": tile, "win": flags})),
                ("Anna", json!({"discarder": discarder})),
            ],
            json!({}),
        )
    };
    let cases = [
        (win("5555c 123c 456c 789c 1d", "1d", &[], true), "a fifth 5c"),
        (win("123c 456c 789c 234b 5d", "6d", &[], true), "not a complete hand"),
        (win("123c 456c 789c 234b", "5d", &[], true), "13 tiles instead of 14 (a kong counts as three)"),
        (
            win("123c 456c 789c 234b 5d", "5d", &["robbing_kong", "self_drawn"], false),
            "robbing the kong is a win on another player's tile, which the winner holds no copy of",
        ),
        (
            win("123c 456c 789c 234b 5d", "5d", &["fourth_tile"], true),
            "the last tile of its kind cannot be one the winner also holds",
        ),
        (
            win("123c 456c 789c 234b 5d", "5d", &["self_drawn", "last_discard"], false),
            "the last discard is won on a discard, not self-drawn",
        ),
    ];
    for (value, expected) in cases {
        let (who, why) = refusal(&value);
        assert_eq!((who.as_deref(), why.as_str()), (Some("Carla"), expected));
    }
    let (who, why) = refusal(&win("123c 456c 789c 234b 5d", "5d", &[], false));
    assert_eq!(
        (who.as_deref(), why.as_str()),
        (Some("Carla"), "won on a discard: mark who discarded (or whose kong was robbed)")
    );
    let (who, why) = refusal(&win("123c 456c 789c 234b 5d", "5d", &["self_drawn"], true));
    assert_eq!((who.as_deref(), why.as_str()), (Some("Anna"), "the winner drew the winning tile: nobody discarded it"));
    let two = hand(
        &[
            ("Carla", json!({"hand": "123c 456c 789c 234b 5d", "mahjong": true, "winning_tile": "5d"})),
            ("Dario", json!({"hand": "123c 456c 789c 234b 5d", "mahjong": true, "winning_tile": "5d"})),
            ("Anna", json!({"discarder": true})),
        ],
        json!({}),
    );
    assert!(refusal(&two).1.starts_with("only one player wins a hand"));
    let (who, why) = refusal(&hand(&[("Anna", json!({"winning_tile": "5d"}))], json!({"void": true})));
    assert_eq!((who.as_deref(), why.as_str()), (Some("Anna"), "`winning_tile` is for the winner only"));
    assert!(refusal(&hand(&[], json!({}))).1.starts_with("nobody is marked Hu"));
}

#[test]
fn a_draw_pays_nothing_a_false_hu_pays_ten_to_each_and_a_deduction_leaves_the_score() {
    let outcome = score(&hand(&[], json!({"void": true})));
    assert!(outcome.payments.is_empty());
    assert_eq!(nets(&outcome), [0, 0, 0, 0]);
    let outcome = score(&hand(&[("Carla", json!({"false_hu": true}))], json!({"void": true})));
    assert_eq!(nets(&outcome), [10, 10, -30, 10]);
    assert_eq!(outcome.warnings.len(), 1);
    assert_eq!(
        outcome.warnings[0].text.render(Lang::ENGLISH),
        "Carla declared a False Hu: 30 points to the other players"
    );
    // With a win in the same hand, and a referee's deduction of 10 for Dario.
    let mut value = issue_example();
    crate::common::with(&mut value["players"][2], &json!({"false_hu": true}));
    crate::common::with(&mut value["players"][3], &json!({"penalty": 10}));
    let outcome = score(&value);
    assert_eq!(nets(&outcome), [-30 + 10, 46 + 10, -8 - 30, -8 + 10 - 10]);
    assert_eq!(outcome.pot.iter().map(|p| p.amount).sum::<i64>(), 10, "the deduction goes to nobody");
    // The tournament sets the False Hu's cost.
    let mut value = hand(&[("Carla", json!({"false_hu": true}))], json!({"void": true}));
    value["options"] = json!({"false_hu_penalty": 60});
    assert_eq!(nets(&score(&value)), [20, 20, -60, 20]);
    value["options"] = json!({"false_hu_penalty": 20});
    assert!(refusal(&value).1.starts_with("options.false_hu_penalty: 20 is not a multiple of 3"));
}

#[test]
fn the_deal_passes_after_every_hand_and_the_seats_change_at_each_round() {
    let rules = ruleset("mcr").expect("mcr is registered").in_force(&json!({})).expect("defaults");
    for value in [issue_example(), hand(&[], json!({"void": true}))] {
        assert_eq!(rules.rotation(&score(&value)), Rotation::Pass);
    }
    assert!(rules.deal_always_passes());
    let seating = rules.round_seating().expect("reseated");
    assert_eq!(seating.len(), 4);
    let off = ruleset("mcr").expect("mcr").in_force(&json!({"reseat_each_round": false})).expect("valid");
    assert!(off.round_seating().is_none());
}

#[test]
fn a_new_mcr_tournament_ranks_by_table_points_four_two_one_zero_over_sixteen_hands() {
    let settings = TournamentSettings::for_rules("mcr");
    assert_eq!(settings.manches_per_session, 16);
    assert_eq!(settings.ranking.method, RankingMethod::PlacementPoints);
    assert_eq!(settings.ranking.placement_points, [4, 2, 1, 0]);
}

/// Every legal hand the evaluator scores passes the score sheet's checks, and typed back as a sheet it pays
/// the same: the sheet's "counted at most" and "does not count beside" lists never refuse a real hand.
#[test]
fn every_evaluated_hand_typed_back_as_a_score_sheet_is_accepted() {
    let mut rng = Rng::new(64);
    let mut legal = 0;
    for _ in 0..20_000 {
        let win = random_win(&mut rng);
        let Ok(score) = evaluate(&win.hand, &win.situation, &Options::default()) else { continue };
        if !score.legal {
            continue;
        }
        legal += 1;
        let fans: Vec<(Fan, u8)> = score.fans.iter().copied().filter(|&(f, _)| f != Fan::HuaPai).collect();
        if let Err(why) = sheet::check(&fans) {
            panic!("{:?} refused: {}", fans, why.render(Lang::ENGLISH));
        }
        let typed: Vec<String> = fans.iter().map(|(f, n)| format!("{}x{n}", f.number())).collect();
        let read = sheet::read(&json!(typed.join(", "))).expect("read back");
        assert_eq!(read, fans);
    }
    assert!(legal > 5_000, "{legal} legal hands");
}

/// Demo hands: every one scores, and every seat wins some.
#[test]
fn random_hands_all_score_and_every_seat_wins_some() {
    let rules = ruleset("mcr").expect("mcr").in_force(&json!({})).expect("defaults");
    let frame = stecca_core::rules::MancheFrame {
        names: SEATS.iter().map(|(name, _)| (*name).to_owned()).collect(),
        round_wind: Some(stecca_core::tiles::Wind::South),
        seat_winds: true,
        ..stecca_core::rules::MancheFrame::default()
    };
    let mut wins = [0; 4];
    for seed in 0..400 {
        let input = rules.random_manche(seed, &frame);
        let outcome =
            score_manche(&input).unwrap_or_else(|e| panic!("seed {seed}: {}", e.message().render(Lang::ENGLISH)));
        if let Some(winner) = outcome.players.iter().position(|p| p.mahjong) {
            wins[winner] += 1;
        }
    }
    assert!(wins.iter().all(|&n| n > 40), "{wins:?}");
}
