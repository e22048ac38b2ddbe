//! Modern American rules (`shared/rules/nmjl.md`), line by line: the payments table, Singles & Pairs, dead
//! hands, wall games, the bettor, the tournament convention (and its figures as options), and every refusal.

use serde_json::{Value, json};
use stecca_core::rules::{MancheError, MancheOutcome, manche_problems, score_manche};

const SEATS: [(&str, &str); 4] = [("Ada", "E"), ("Bea", "S"), ("Cy", "W"), ("Dot", "N")];

/// A game at the table Ada E, Bea S, Cy W, Dot N; `parts` adds fields per name.
fn input(parts: &[(&str, Value)], extra: Value) -> Value {
    crate::common::table_manche("nmjl", &SEATS, parts, extra)
}

fn try_score(manche: Value) -> Result<MancheOutcome, MancheError> {
    score_manche(&serde_json::from_value(manche).expect("input shape"))
}

fn score(manche: Value) -> MancheOutcome {
    try_score(manche).unwrap_or_else(|e| panic!("{e}"))
}

fn refusal(manche: Value) -> MancheError {
    try_score(manche).expect_err("refused")
}

fn net(outcome: &MancheOutcome) -> Vec<(&str, i64)> {
    outcome.net.iter().map(|(n, v)| (n.as_str(), *v)).collect()
}

fn paid(outcome: &MancheOutcome) -> Vec<(&str, &str, u64)> {
    outcome.payments.iter().map(|p| (p.from.as_str(), p.to.as_str(), p.amount)).collect()
}

fn ada_wins(value: u64, win: &[&str], discarder: Option<&str>) -> Vec<(&'static str, Value)> {
    let mut parts = vec![("Ada", json!({"mahjong": true, "value": value, "exposures": 1, "win": win}))];
    if let Some(who) = discarder {
        let who = SEATS.iter().find(|(n, _)| *n == who).expect("seat").0;
        parts.push((who, json!({"discarder": true})));
    }
    parts
}

fn tournament() -> Value {
    json!({"options": {"mode": "tournament"}})
}

#[test]
fn on_a_discard_the_discarder_pays_twice_the_value_and_the_others_once() {
    let outcome = score(input(&ada_wins(30, &[], Some("Bea")), json!({})));
    assert_eq!(paid(&outcome), [("Bea", "Ada", 60), ("Cy", "Ada", 30), ("Dot", "Ada", 30)]);
    assert_eq!(net(&outcome), [("Ada", 120), ("Bea", -60), ("Cy", -30), ("Dot", -30)]);
    assert_eq!(outcome.players[0].score, 30, "payments mode: the winner's score is the hand's value");
    assert_eq!(outcome.players[1].score, 0);
}

#[test]
fn self_picked_everyone_pays_twice_the_value() {
    let outcome = score(input(&ada_wins(25, &["self_picked"], None), json!({})));
    assert_eq!(net(&outcome), [("Ada", 150), ("Bea", -50), ("Cy", -50), ("Dot", -50)]);
}

#[test]
fn a_joker_exchange_mah_jongg_is_paid_as_self_picked() {
    let outcome = score(input(&ada_wins(25, &["joker_exchange"], None), json!({})));
    assert_eq!(net(&outcome), [("Ada", 150), ("Bea", -50), ("Cy", -50), ("Dot", -50)]);
}

#[test]
fn jokerless_doubles_again_on_a_discard_and_self_picked() {
    let discard = score(input(&ada_wins(30, &["jokerless"], Some("Cy")), json!({})));
    assert_eq!(net(&discard), [("Ada", 240), ("Bea", -60), ("Cy", -120), ("Dot", -60)]);
    let picked = score(input(&ada_wins(30, &["jokerless", "self_picked"], None), json!({})));
    assert_eq!(net(&picked), [("Ada", 360), ("Bea", -120), ("Cy", -120), ("Dot", -120)]);
}

#[test]
fn singles_and_pairs_hands_are_not_doubled_for_jokerless() {
    let parts = vec![
        ("Ada", json!({"mahjong": true, "value": 50, "exposures": 0, "win": ["jokerless", "singles_and_pairs"]})),
        ("Dot", json!({"discarder": true})),
    ];
    let outcome = score(input(&parts, json!({})));
    assert_eq!(net(&outcome), [("Ada", 200), ("Bea", -50), ("Cy", -50), ("Dot", -100)]);
}

#[test]
fn dead_hands_still_pay_the_winner() {
    let mut parts = ada_wins(25, &["self_picked"], None);
    parts.push(("Cy", json!({"dead": true})));
    let outcome = score(input(&parts, json!({})));
    assert_eq!(net(&outcome), [("Ada", 150), ("Bea", -50), ("Cy", -50), ("Dot", -50)]);
    assert!(outcome.players[2].items.iter().any(|i| i.label.render(stecca_core::i18n::Lang::ENGLISH) == "Dead hand"));
}

#[test]
fn a_wall_game_pays_nothing() {
    let outcome = score(input(&[("Bea", json!({"dead": true}))], json!({"void": true})));
    assert!(outcome.void);
    assert!(outcome.payments.is_empty());
    assert!(net(&outcome).iter().all(|(_, n)| *n == 0));
}

#[test]
fn east_does_not_pay_or_collect_double() {
    let east_wins = score(input(&ada_wins(30, &[], Some("Cy")), json!({})));
    let mut parts = vec![("Bea", json!({"mahjong": true, "value": 30, "exposures": 1}))];
    parts.push(("Cy", json!({"discarder": true})));
    let south_wins = score(input(&parts, json!({})));
    assert_eq!(net(&east_wins)[0].1, net(&south_wins)[1].1, "the same hand is worth the same from any seat");
    assert_eq!(net(&south_wins)[0].1, -30, "East pays single");
}

#[test]
fn a_bettor_on_the_winner_takes_as_much_as_the_winner_and_every_payer_pays_double() {
    let bettor = json!({"bettor": {"name": "Eve", "on": "Ada"}});
    let outcome = score(input(&ada_wins(30, &[], Some("Bea")), bettor));
    assert_eq!(net(&outcome), [("Ada", 120), ("Bea", -120), ("Cy", -60), ("Dot", -60), ("Eve", 120)]);
    assert_eq!(
        paid(&outcome),
        [
            ("Bea", "Ada", 60),
            ("Bea", "Eve", 60),
            ("Cy", "Ada", 30),
            ("Cy", "Eve", 30),
            ("Dot", "Ada", 30),
            ("Dot", "Eve", 30)
        ]
    );
}

#[test]
fn a_bettor_on_a_payer_pays_the_winner_as_much_as_its_player() {
    let bettor = json!({"bettor": {"name": "Eve", "on": "Bea"}});
    let outcome = score(input(&ada_wins(30, &["jokerless"], Some("Bea")), bettor.clone()));
    assert_eq!(net(&outcome), [("Ada", 360), ("Bea", -120), ("Cy", -60), ("Dot", -60), ("Eve", -120)]);
    let wall = score(input(&[], json!({"void": true, "bettor": {"name": "Eve", "on": "Bea"}})));
    assert_eq!(net(&wall).last(), Some(&("Eve", 0)), "the bettor is in the nets even when nothing is paid");
}

#[test]
fn tournament_points_winner_value_plus_bonuses() {
    let discard = score(input(&ada_wins(30, &[], Some("Bea")), tournament()));
    assert_eq!(net(&discard), [("Ada", 30), ("Bea", -10), ("Cy", 0), ("Dot", 0)]);
    assert!(discard.payments.is_empty(), "tournament mode has no payments");
    assert_eq!(discard.players[1].score, -10, "the discarder's score is its points");
    let picked = score(input(&ada_wins(30, &["self_picked", "jokerless"], None), tournament()));
    assert_eq!(net(&picked), [("Ada", 60), ("Bea", 0), ("Cy", 0), ("Dot", 0)]);
    let exchange = score(input(&ada_wins(30, &["joker_exchange"], None), tournament()));
    assert_eq!(net(&exchange)[0], ("Ada", 40), "a joker exchange is self-picked");
}

#[test]
fn tournament_singles_and_pairs_get_no_jokerless_bonus() {
    let parts = vec![(
        "Ada",
        json!({"mahjong": true, "value": 50, "exposures": 0, "win": ["jokerless", "singles_and_pairs", "self_picked"]}),
    )];
    let outcome = score(input(&parts, tournament()));
    assert_eq!(net(&outcome)[0], ("Ada", 60), "card value + self-picked, no +20 (digest: not for Singles & Pairs)");
    let labels: Vec<String> =
        outcome.players[0].items.iter().map(|i| i.label.render(stecca_core::i18n::Lang::ENGLISH)).collect();
    assert_eq!(labels, ["Card value: 50", "Self-picked: +10", "Jokerless, but Singles & Pairs: no bonus"]);
}

#[test]
fn tournament_discarder_loses_by_the_winners_exposures() {
    for (exposures, loss) in [(0, -10), (1, -10), (2, -20), (3, -25), (4, -25)] {
        let parts = vec![
            ("Ada", json!({"mahjong": true, "value": 25, "exposures": exposures})),
            ("Dot", json!({"discarder": true})),
        ];
        let outcome = score(input(&parts, tournament()));
        assert_eq!(net(&outcome)[3], ("Dot", loss), "{exposures} exposures");
    }
}

#[test]
fn tournament_wall_game_gives_every_live_hand_its_points_and_dead_hands_nothing() {
    let outcome =
        score(input(&[("Cy", json!({"dead": true}))], json!({"void": true, "options": {"mode": "tournament"}})));
    assert_eq!(net(&outcome), [("Ada", 10), ("Bea", 10), ("Cy", 0), ("Dot", 10)]);
    let mut parts = ada_wins(25, &[], Some("Bea"));
    parts[1] = ("Bea", json!({"discarder": true, "dead": true}));
    let dead_discarder = score(input(&parts, tournament()));
    assert_eq!(net(&dead_discarder)[1], ("Bea", 0), "digest: a dead hand scores 0");
}

#[test]
fn tournament_figures_are_options() {
    let options = json!({"options": {"mode": "tournament", "tournament": {
        "self_picked": 15, "jokerless": 30, "discarder_up_to_one_exposure": 5,
        "discarder_two_exposures": 7, "discarder_three_exposures": 9, "wall_game": 4}}});
    let picked = score(input(&ada_wins(30, &["self_picked", "jokerless"], None), options.clone()));
    assert_eq!(net(&picked)[0], ("Ada", 75));
    let discard = score(input(&ada_wins(30, &[], Some("Cy")), options.clone()));
    assert_eq!(net(&discard)[2], ("Cy", -5));
    let wall = score(input(&[], json!({"void": true, "options": options["options"].clone()})));
    assert_eq!(net(&wall)[0], ("Ada", 4));
}

#[test]
fn the_explanation_names_each_figure() {
    let outcome = score(input(&ada_wins(30, &["self_picked", "jokerless"], None), tournament()));
    let labels: Vec<String> =
        outcome.players[0].items.iter().map(|i| i.label.render(stecca_core::i18n::Lang::ENGLISH)).collect();
    assert_eq!(labels, ["Card value: 30", "Self-picked: +10", "Jokerless: +20"]);
    let payments = score(input(&ada_wins(30, &[], Some("Bea")), json!({})));
    assert!(
        payments.players[1].items[0].label.render(stecca_core::i18n::Lang::ITALIAN).contains("paga il doppio"),
        "{:?}",
        payments.players[1].items
    );
}

/// Every refusal names the player (or the field) and says why.
#[test]
fn bad_games_are_refused_with_the_player_and_the_reason() {
    let cases: Vec<(Value, Option<&str>, &str)> = vec![
        (input(&[], json!({})), None, "nobody went Mah Jongg"),
        (
            input(
                &[
                    ("Ada", json!({"mahjong": true, "value": 25, "win": ["self_picked"]})),
                    ("Bea", json!({"mahjong": true, "value": 25})),
                ],
                json!({}),
            ),
            None,
            "exactly one winner",
        ),
        (input(&[("Ada", json!({"mahjong": true, "value": 25}))], json!({})), None, "Mark the discarder"),
        (
            input(
                &[
                    ("Ada", json!({"mahjong": true, "value": 25})),
                    ("Bea", json!({"discarder": true})),
                    ("Cy", json!({"discarder": true})),
                ],
                json!({}),
            ),
            Some("Cy"),
            "one player discards",
        ),
        (input(&ada_wins(25, &["self_picked"], Some("Dot")), json!({})), Some("Dot"), "self-picked"),
        (
            input(
                &[("Ada", json!({"mahjong": true, "value": 25, "discarder": true, "win": ["self_picked"]}))],
                json!({}),
            ),
            Some("Ada"),
            "cannot be the one who discarded",
        ),
        (
            input(&[("Ada", json!({"mahjong": true, "value": 25, "dead": true, "win": ["self_picked"]}))], json!({})),
            Some("Ada"),
            "dead hand cannot win",
        ),
        (
            input(&[("Ada", json!({"mahjong": true, "win": ["self_picked"]}))], json!({})),
            Some("Ada"),
            "value of the hand is missing",
        ),
        (
            input(&[("Ada", json!({"mahjong": true, "value": 0, "win": ["self_picked"]}))], json!({})),
            Some("Ada"),
            "positive",
        ),
        (
            input(&[("Ada", json!({"mahjong": true, "value": 99999, "win": ["self_picked"]}))], json!({})),
            Some("Ada"),
            "beyond any card",
        ),
        (
            input(&[("Ada", json!({"mahjong": true, "value": 25, "exposures": 5, "win": ["self_picked"]}))], json!({})),
            Some("Ada"),
            "at most 4",
        ),
        (
            input(
                &[(
                    "Ada",
                    json!({"mahjong": true, "value": 25, "exposures": 1, "win": ["self_picked", "singles_and_pairs"]}),
                )],
                json!({}),
            ),
            Some("Ada"),
            "concealed",
        ),
        (
            input(&[("Ada", json!({"mahjong": true, "value": 25, "win": ["lucky"]}))], json!({})),
            Some("Ada"),
            "unknown win flag `lucky`",
        ),
        (
            input(&[("Bea", json!({"value": 25}))], json!({"void": true})),
            Some("Bea"),
            "only the winner's hand has a value",
        ),
        (input(&[("Bea", json!({"win": ["jokerless"]}))], json!({"void": true})), Some("Bea"), "winner only"),
        (
            input(&[("Bea", json!({"mahjong": true, "value": 25}))], json!({"void": true})),
            Some("Bea"),
            "wall game has no winner",
        ),
        (input(&[("Bea", json!({"discarder": true}))], json!({"void": true})), Some("Bea"), "nobody discarded"),
        (input(&[("Bea", json!({"dead": "short"}))], json!({"void": true})), Some("Bea"), "dead: `short`"),
        (input(&[("Bea", json!({"hand": "1b2b3b"}))], json!({"void": true})), Some("Bea"), "card value, not by tiles"),
        (input(&[], json!({"void": true, "round_wind": "E"})), None, "round wind"),
        (input(&[], json!({"void": true, "bettor": {"name": "Cy", "on": "Ada"}})), None, "Cy plays at the table"),
        (
            input(&[], json!({"void": true, "bettor": {"name": "Eve", "on": "Zed"}})),
            None,
            "Zed, who is not at the table",
        ),
        (input(&[], json!({"void": true, "bettor": {"name": " ", "on": "Ada"}})), None, "name is empty"),
        (
            input(
                &[],
                json!({"void": true, "bettor": {"name": "Eve", "on": "Ada"}, "options": {"mode": "tournament"}}),
            ),
            None,
            "no bets",
        ),
        (input(&[], json!({"void": true, "options": {"mode": "league"}})), None, "options.mode"),
    ];
    for (manche, player, words) in cases {
        let error = refusal(manche.clone());
        assert_eq!(error.player.as_deref(), player, "{manche}: {error}");
        assert!(
            error.reason.render(stecca_core::i18n::Lang::ENGLISH).contains(words),
            "{manche}: «{}» lacks «{words}»",
            error.reason
        );
        // Options errors come from serde and read the same in both languages (as for every ruleset).
        if !words.starts_with("options.") {
            assert!(
                error.reason.render(stecca_core::i18n::Lang::ITALIAN)
                    != error.reason.render(stecca_core::i18n::Lang::ENGLISH),
                "{error}: Italian text"
            );
        }
    }
}

#[test]
fn a_table_of_four_with_one_player_per_seat_wind() {
    let mut three = input(&[], json!({"void": true}));
    three["players"].as_array_mut().expect("players").pop();
    assert!(refusal(three).reason.render(stecca_core::i18n::Lang::ENGLISH).contains("4 players"));
    let mut twice = input(&[], json!({"void": true}));
    twice["players"][1]["seat"] = json!("E");
    assert_eq!(refusal(twice).player.as_deref(), Some("Bea"));
}

#[test]
fn every_problem_at_once_one_per_player() {
    let parts = vec![
        ("Ada", json!({"mahjong": true, "value": 0})),
        ("Bea", json!({"value": 5})),
        ("Cy", json!({"exposures": 2})),
    ];
    let manche = serde_json::from_value(input(&parts, json!({}))).expect("shape");
    let problems = manche_problems(&manche);
    let who: Vec<Option<&str>> = problems.iter().map(|p| p.player.as_deref()).collect();
    assert_eq!(who, [Some("Ada"), Some("Bea"), Some("Cy"), None], "{problems:?}");
}

#[test]
fn other_rulesets_refuse_the_card_fields_and_the_bettor() {
    let mut fimj = json!({"rules": "fimj", "round_wind": "E", "void": true, "players": [
        {"name": "A", "seat": "E", "value": 25}, {"name": "B", "seat": "S"},
        {"name": "C", "seat": "W"}, {"name": "D", "seat": "N"}]});
    assert!(
        refusal(fimj.clone()).reason.render(stecca_core::i18n::Lang::ENGLISH).contains("`value` is not a FIMJ field")
    );
    fimj["players"][0] = json!({"name": "A", "seat": "E"});
    fimj["bettor"] = json!({"name": "E", "on": "A"});
    assert!(refusal(fimj.clone()).reason.render(stecca_core::i18n::Lang::ENGLISH).contains("`bettor`"));
    fimj["rules"] = json!("classic_american");
    assert!(
        refusal(fimj)
            .reason
            .render(stecca_core::i18n::Lang::ENGLISH)
            .contains("`bettor` is not a classic American field")
    );
}
