//! Riichi under the EMA's RCR 2016 (`docs/rules/riichi-ema.md`), hand by hand through the ruleset's door:
//! the issue's and the digest's worked examples (payments, counters, deposits, several winners), exhaustive
//! draws, chombo, the han and fu of a score sheet, what the game carries from hand to hand, and every
//! refusal naming its player and field.

use serde_json::{Value, json};

use crate::common::{manche_input as input, nets, paid, refused_json as refused, scored_json as score};
use stecca_core::i18n::Lang;
use stecca_core::message::Explain;
use stecca_core::rules::{CarryFrom, MancheOutcome, Rotation, manche_problems, ruleset, score_manche};

const SEATS: [(&str, &str); 4] = [("Anna", "E"), ("Bruno", "S"), ("Carla", "W"), ("Dario", "N")];

/// A hand at the table Anna E, Bruno S, Carla W, Dario N, in the East round; `parts` adds fields per name,
/// `extra` to the hand.
fn hand(parts: &[(&str, Value)], extra: Value) -> Value {
    let mut manche = crate::common::table_manche("riichi", &SEATS, parts, json!({"round_wind": "E", "options": {}}));
    crate::common::with(&mut manche, &extra);
    manche
}

fn pot(outcome: &MancheOutcome) -> i64 {
    outcome.pot.iter().map(|p| p.amount).sum()
}

fn figure(outcome: &MancheOutcome, player: usize, key: &str) -> Value {
    outcome.players[player].figures.get(key).cloned().unwrap_or(Value::Null)
}

fn rules() -> &'static dyn stecca_core::rules::Ruleset {
    ruleset("riichi").expect("riichi is registered")
}

fn rotation(outcome: &MancheOutcome) -> Rotation {
    rules().in_force(&json!({})).expect("defaults").rotation(outcome)
}

/// What the game carries after `value` scored `outcome` (not into the last deal).
fn carried(value: &Value, outcome: &MancheOutcome) -> Value {
    let input = input(value);
    let rules = rules().in_force(&json!({})).expect("defaults");
    let from = CarryFrom { before: Some((&input, outcome)), last_deal: false, totals: &[] };
    Value::Object(rules.carry(&from))
}

/// The issue's first example: East deals, declares riichi and wins on Bruno's discard, one counter and one
/// deposit already on the table.
fn issue_example() -> Value {
    hand(
        &[
            ("Anna", json!({"hand": "234c 567c 234d 67b 55b", "mahjong": true, "winning_tile": "8b", "riichi": true})),
            ("Bruno", json!({"discarder": true})),
        ],
        json!({"honba": 1, "deposits": 1, "dora": ["4d"], "ura_dora": ["9c"]}),
    )
}

#[test]
fn dealer_riichi_ron_collects_the_counter_and_both_deposits() {
    let value = issue_example();
    let outcome = score(&value);
    assert_eq!(nets(&outcome), [7100, -6100, 0, 0]);
    assert_eq!(pot(&outcome), -1000, "her own deposit and the old one leave the table");
    assert_eq!(paid(&outcome, "Bruno", "Anna"), 6100, "5,800 and a counter of 300");
    assert_eq!((figure(&outcome, 0, "han"), figure(&outcome, 0, "fu")), (json!(3), json!(30)));
    assert_eq!(outcome.players[0].score, 5800);
    let summary = outcome.players[0].summary.as_ref().expect("summary").render(Lang::ENGLISH);
    assert_eq!(summary, "3 han 30 fu · 5800");
    let lines: Vec<String> = outcome.players[0].items.iter().map(|i| i.label.render(Lang::ENGLISH)).collect();
    for yaku in ["Riichi", "Pinfu", "Tanyao (all simples)", "1 counter", "2 riichi deposits"] {
        assert!(lines.iter().any(|l| l == yaku), "{yaku} in {lines:?}");
    }
    assert_eq!(rotation(&outcome), Rotation::Stay, "the dealer won");
    assert_eq!(carried(&value, &outcome), json!({"honba": 2, "deposits": 0}));
}

#[test]
fn non_dealer_tsumo_with_an_open_dragon_pung_and_three_dora() {
    let value = hand(
        &[(
            "Bruno",
            json!({"hand": "123c 456d 789d 1b [RRR]", "mahjong": true, "winning_tile": "1b", "win": ["self_drawn"]}),
        )],
        json!({"dora": "V"}),
    );
    let outcome = score(&value);
    assert_eq!((figure(&outcome, 1, "han"), figure(&outcome, 1, "fu")), (json!(4), json!(30)));
    assert_eq!((paid(&outcome, "Anna", "Bruno"), paid(&outcome, "Carla", "Bruno")), (3900, 2000));
    assert_eq!(nets(&outcome), [-3900, 7900, -2000, -2000]);
    assert_eq!(rotation(&outcome), Rotation::Pass);
    assert_eq!(carried(&value, &outcome), json!({"honba": 0, "deposits": 0}));
}

#[test]
fn riichi_ippatsu_tsumo_seven_pairs_is_a_haneman_and_her_deposit_comes_back() {
    let mut value = hand(
        &[(
            "Carla",
            json!({"hand": "1199c 2288d 3366b E", "mahjong": true, "winning_tile": "E", "riichi": true,
                   "win": ["self_drawn", "ippatsu"]}),
        )],
        json!({"dora": ["2b"]}),
    );
    value["round_wind"] = json!("S");
    let outcome = score(&value);
    assert_eq!(figure(&outcome, 2, "limit"), json!("haneman"));
    assert_eq!(figure(&outcome, 2, "han"), json!(7));
    assert_eq!(nets(&outcome), [-6000, -3000, 12000, -3000]);
    assert_eq!(pot(&outcome), 0, "put on the table and taken back in the same hand");
}

#[test]
fn an_exhaustive_draw_pays_the_tenpai_players_and_adds_a_counter() {
    let value = hand(&[("Anna", json!({"tenpai": true})), ("Carla", json!({"tenpai": true}))], json!({"void": true}));
    let outcome = score(&value);
    assert_eq!(nets(&outcome), [1500, -1500, 1500, -1500]);
    assert_eq!(rotation(&outcome), Rotation::Stay, "the dealer is tenpai");
    assert_eq!(carried(&value, &outcome), json!({"honba": 1, "deposits": 0}));
    for (tenpai, each) in
        [(vec!["Bruno"], [-1000, 3000, -1000, -1000]), (vec!["Anna", "Bruno", "Dario"], [1000, 1000, -3000, 1000])]
    {
        let parts: Vec<(&str, Value)> = tenpai.iter().map(|n| (*n, json!({"tenpai": true}))).collect();
        let value = hand(&parts, json!({"void": true, "honba": 2}));
        let outcome = score(&value);
        assert_eq!(nets(&outcome), each, "{tenpai:?}");
        let dealer_tenpai = tenpai.contains(&"Anna");
        assert_eq!(rotation(&outcome), if dealer_tenpai { Rotation::Stay } else { Rotation::Pass });
        assert_eq!(carried(&value, &outcome)["honba"], json!(3), "a counter after every draw, the deal passing or not");
    }
    let nobody = score(&hand(&[], json!({"void": true})));
    assert_eq!(nets(&nobody), [0, 0, 0, 0]);
}

#[test]
fn a_riichi_at_a_draw_stays_on_the_table_for_the_next_winner() {
    let value = hand(&[("Bruno", json!({"tenpai": true, "riichi": true}))], json!({"void": true, "deposits": 1}));
    let outcome = score(&value);
    assert_eq!(nets(&outcome), [-1000, 3000 - 1000, -1000, -1000]);
    assert_eq!(pot(&outcome), 1000);
    assert_eq!(carried(&value, &outcome), json!({"honba": 1, "deposits": 2}));
    let noten = refused(&hand(&[("Bruno", json!({"riichi": true}))], json!({"void": true})));
    assert_eq!(noten.player.as_deref(), Some("Bruno"), "a riichi player noten at the draw is a chombo");
}

/// The digest's fifth example: North discards; South (3 han 30 fu, no riichi) and West (2 han 30 fu, riichi in
/// this hand) both win; one counter and one old deposit on the table.
#[test]
fn double_ron_pays_each_winner_with_counters_and_the_first_after_the_discarder_takes_the_pot() {
    let value = hand(
        &[
            ("Bruno", json!({"mahjong": true, "han": 3, "fu": 30})),
            ("Carla", json!({"mahjong": true, "han": 2, "fu": 30, "riichi": true})),
            ("Dario", json!({"discarder": true})),
        ],
        json!({"honba": 1, "deposits": 1}),
    );
    let outcome = score(&value);
    assert_eq!((paid(&outcome, "Dario", "Bruno"), paid(&outcome, "Dario", "Carla")), (4200, 2300));
    assert_eq!(nets(&outcome), [0, 5200, 2300, -6500]);
    assert_eq!(pot(&outcome), -1000);
    assert_eq!(rotation(&outcome), Rotation::Pass, "the dealer did not win");
    assert_eq!(carried(&value, &outcome), json!({"honba": 0, "deposits": 0}));
    let mut head_bump = value.clone();
    head_bump["options"] = json!({"multiple_ron": "head_bump"});
    assert!(refused(&head_bump).message().render(Lang::ENGLISH).contains("Bruno"), "the first after Dario wins alone");
}

#[test]
fn the_dealer_among_several_winners_keeps_the_deal() {
    let value = hand(
        &[
            ("Anna", json!({"mahjong": true, "han": 1, "fu": 30})),
            ("Carla", json!({"mahjong": true, "han": 2, "fu": 40})),
            ("Bruno", json!({"discarder": true})),
        ],
        json!({}),
    );
    let outcome = score(&value);
    assert_eq!(paid(&outcome, "Bruno", "Anna"), 1500, "a dealer's 1 han 30 fu");
    assert_eq!(paid(&outcome, "Bruno", "Carla"), 2600);
    assert_eq!(rotation(&outcome), Rotation::Stay);
    assert_eq!(carried(&value, &outcome)["honba"], json!(1));
}

#[test]
fn no_kiriage_unless_the_tournament_sets_it() {
    let mut value = hand(
        &[
            ("Bruno", json!({"hand": "33c 123c 123b 456b 78b", "mahjong": true, "winning_tile": "9b", "riichi": true})),
            ("Anna", json!({"discarder": true})),
        ],
        json!({}),
    );
    let outcome = score(&value);
    assert_eq!((figure(&outcome, 1, "han"), figure(&outcome, 1, "fu")), (json!(4), json!(30)));
    assert_eq!(paid(&outcome, "Anna", "Bruno"), 7700);
    value["options"] = json!({"kiriage": true});
    assert_eq!(paid(&score(&value), "Anna", "Bruno"), 8000, "4 han 30 fu paid as mangan");
}

#[test]
fn han_and_fu_from_the_score_sheet_are_paid_as_the_tables_say_and_impossible_ones_are_refused() {
    let ron = |han: Value, fu: Value| {
        hand(
            &[("Bruno", json!({"mahjong": true, "han": han, "fu": fu})), ("Anna", json!({"discarder": true}))],
            json!({}),
        )
    };
    assert_eq!(paid(&score(&ron(json!(3), json!(30))), "Anna", "Bruno"), 3900);
    assert_eq!(paid(&score(&ron(json!(1), json!(110))), "Anna", "Bruno"), 3600);
    assert_eq!(paid(&score(&ron(json!(6), Value::Null)), "Anna", "Bruno"), 12000, "haneman: fu not needed");
    assert_eq!(paid(&score(&ron(json!(13), Value::Null)), "Anna", "Bruno"), 24000, "13 han: sanbaiman (RCR)");
    let yakuman =
        hand(&[("Bruno", json!({"mahjong": true, "yakuman": true})), ("Anna", json!({"discarder": true}))], json!({}));
    assert_eq!(paid(&score(&yakuman), "Anna", "Bruno"), 32000);
    for (han, fu) in [(1, 20), (1, 25), (2, 20), (3, 35), (0, 30), (14, 30), (2, 120)] {
        let error = refused(&ron(json!(han), json!(fu)));
        assert_eq!(error.player.as_deref(), Some("Bruno"), "{han} han {fu} fu");
        let text = error.message().render(Lang::ENGLISH);
        assert!(text.contains(&han.to_string()), "{text}");
    }
    let tsumo = hand(&[("Bruno", json!({"mahjong": true, "han": 2, "fu": 20, "win": ["self_drawn"]}))], json!({}));
    assert_eq!(nets(&score(&tsumo)), [-700, 1500, -400, -400], "pinfu tsumo: 2 han 20 fu");
    let missing = refused(&ron(json!(3), Value::Null));
    assert!(missing.message().render(Lang::ENGLISH).contains("fu"), "below 5 han the fu are needed");
}

#[test]
fn a_chombo_costs_the_tournament_result_or_a_reverse_mangan_at_a_club() {
    let value = hand(&[("Carla", json!({"chombo": true}))], json!({"honba": 2, "deposits": 1}));
    let outcome = score(&value);
    assert_eq!(nets(&outcome), [0, 0, 0, 0], "off the table's scores");
    assert_eq!(outcome.warnings.len(), 1);
    assert!(outcome.warnings[0].text.render(Lang::ENGLISH).contains("20000"));
    assert_eq!(rotation(&outcome), Rotation::Stay, "the hand is dealt again");
    assert_eq!(carried(&value, &outcome), json!({"honba": 2, "deposits": 1}), "counters and deposits unchanged");
    let mut club = value.clone();
    club["options"] = json!({"chombo": "table"});
    assert_eq!(nets(&score(&club)), [4000, 2000, -8000, 2000]);
    let dealer = hand(&[("Anna", json!({"chombo": true}))], json!({"options": {"chombo": "table"}}));
    assert_eq!(nets(&score(&dealer)), [-12000, 4000, 4000, 4000]);
    let with_win = hand(
        &[
            ("Carla", json!({"chombo": true})),
            ("Bruno", json!({"mahjong": true, "han": 2, "fu": 30})),
            ("Anna", json!({"discarder": true})),
        ],
        json!({}),
    );
    assert_eq!(refused(&with_win).player.as_deref(), Some("Bruno"));
}

#[test]
fn deposits_left_on_the_last_deal_go_to_the_first_placed_and_a_tie_splits_them() {
    let scores = json!({"Anna": 20000, "Bruno": 41000, "Carla": 30000, "Dario": 28000});
    let value = hand(
        &[("Carla", json!({"tenpai": true}))],
        json!({"void": true, "deposits": 1, "last_deal": true, "scores": scores}),
    );
    let outcome = score(&value);
    // Carla tenpai alone: +3,000 → 33,000; Bruno stays first at 40,000 and takes the 1,000.
    assert_eq!(nets(&outcome), [-1000, -1000 + 1000, 3000, -1000]);
    assert_eq!(pot(&outcome), -1000);
    let tied = json!({"Anna": 30000, "Bruno": 30000, "Carla": 30000, "Dario": 28000});
    let value = hand(&[], json!({"void": true, "deposits": 1, "last_deal": true, "scores": tied}));
    let outcome = score(&value);
    assert_eq!(nets(&outcome), [333, 333, 333, 0], "three equal firsts: 333 each, a point to nobody");
    let dealer_tenpai = hand(
        &[("Anna", json!({"tenpai": true}))],
        json!({"void": true, "deposits": 1, "last_deal": true, "scores": tied}),
    );
    assert_eq!(pot(&score(&dealer_tenpai)), 0, "the dealer keeps the deal: the game goes on");
    let none = hand(
        &[],
        json!({"void": true, "deposits": 1, "last_deal": true, "scores": tied, "options": {"leftover_pot": "none"}}),
    );
    assert_eq!(pot(&score(&none)), 0);
    let missing = hand(&[], json!({"void": true, "deposits": 1, "last_deal": true}));
    assert!(refused(&missing).message().render(Lang::ENGLISH).contains("scores"));
}

#[test]
fn the_game_carries_scores_into_its_last_deal_only() {
    let rules = rules().in_force(&json!({})).expect("defaults");
    let totals = [("Anna".to_owned(), 31000), ("Bruno".to_owned(), 29000)];
    let into_last = CarryFrom { before: None, last_deal: true, totals: &totals };
    assert_eq!(
        Value::Object(rules.carry(&into_last)),
        json!({"honba": 0, "deposits": 0, "last_deal": true, "scores": {"Anna": 31000, "Bruno": 29000}})
    );
    assert_eq!(Value::Object(rules.carry(&CarryFrom::FIRST)), json!({"honba": 0, "deposits": 0}));
}

#[test]
fn bad_input_is_refused_naming_the_player_and_the_field() {
    let winner = |fields: Value, extra: Value| {
        let mut anna = json!({"mahjong": true});
        for (k, v) in fields.as_object().expect("object") {
            anna[k] = v.clone();
        }
        hand(&[("Anna", anna), ("Bruno", json!({"discarder": true}))], extra)
    };
    let plain = json!({"hand": "234c 567c 234d 67b 55b", "winning_tile": "8b"});
    let with = |extra: Value| {
        let mut fields = plain.clone();
        for (k, v) in extra.as_object().expect("object") {
            fields[k] = v.clone();
        }
        fields
    };
    let cases: Vec<(Value, &str)> = vec![
        (winner(json!({"hand": "234c 567c 234d 67b 5b", "winning_tile": "8b"}), json!({})), "13 tiles"),
        (winner(json!({"hand": "111c 1c 234d 567d 999b", "winning_tile": "1c"}), json!({})), "fifth"),
        (
            winner(
                json!({"hand": "234c 567c 234d 67b 55b", "winning_tile": "8b"}),
                json!({"dora": ["5b", "5b", "5b"]}),
            ),
            "fifth",
        ),
        (winner(json!({"hand": "[234c] 567c 234d 678b 9b", "winning_tile": "9b"}), json!({})), "yaku"),
        (
            winner(json!({"hand": "[234c] 567c 234d 67b 55b", "winning_tile": "8b", "riichi": true}), json!({})),
            "open hand",
        ),
        (winner(plain.clone(), json!({"ura_dora": ["1c"]})), "ura dora"),
        (winner(with(json!({"win": ["ippatsu"]})), json!({})), "ippatsu"),
        (winner(with(json!({"han": 2})), json!({})), "not both"),
        (winner(json!({"hand": "234c 567c 234d 67b 55b"}), json!({})), "winning tile"),
        (winner(with(json!({"win": ["nagashi"]})), json!({})), "nagashi"),
        (winner(plain.clone(), json!({"dora": ["4x"]})), "dora"),
    ];
    for (value, words) in cases {
        let error = refused(&value);
        let text = error.message().render(Lang::ENGLISH);
        assert!(text.contains(words), "{words}: {text}");
        if words != "dora" && words != "ura dora" {
            assert_eq!(error.player.as_deref(), Some("Anna"), "{text}");
        }
    }
    let tenpai_on_win = hand(
        &[
            ("Anna", json!({"mahjong": true, "han": 2, "fu": 30})),
            ("Bruno", json!({"discarder": true})),
            ("Carla", json!({"tenpai": true})),
        ],
        json!({}),
    );
    assert_eq!(refused(&tenpai_on_win).player.as_deref(), Some("Carla"));
    let italian = refused(&winner(json!({"hand": "[234c] 567c 234d 678b 9b", "winning_tile": "9b"}), json!({})));
    assert!(italian.message().render(Lang::ITALIAN).contains("senza yaku"), "in the referee's language");
    let many = manche_problems(&input(&hand(
        &[("Anna", json!({"mahjong": true, "hand": "x"})), ("Bruno", json!({"hand": "234c"}))],
        json!({}),
    )));
    let players: Vec<Option<&str>> = many.iter().map(|e| e.player.as_deref()).collect();
    assert!(players.contains(&Some("Anna")) && players.contains(&Some("Bruno")), "{many:?}");
}

#[test]
fn a_random_hand_of_every_frame_scores() {
    let rules = rules().in_force(&json!({})).expect("defaults");
    let names: Vec<String> = SEATS.iter().map(|(n, _)| (*n).to_owned()).collect();
    for seed in 0..400u64 {
        let frame = stecca_core::rules::MancheFrame {
            names: names.clone(),
            dealer: (seed % 4) as usize,
            round_wind: Some(if seed % 2 == 0 {
                stecca_core::tiles::Wind::East
            } else {
                stecca_core::tiles::Wind::South
            }),
            seat_winds: true,
            carried: rules.carry(&CarryFrom::FIRST),
            reseated: Vec::new(),
        };
        let manche = rules.random_manche(seed, &frame);
        let outcome = score_manche(&manche)
            .unwrap_or_else(|e| panic!("seed {seed}: {}: {manche:?}", e.message().render(Lang::ENGLISH)));
        assert!(outcome.is_balanced());
        assert_eq!(nets(&outcome).iter().sum::<i64>() + pot(&outcome), 0);
    }
}

/// A game reported by its totals: `scores` by seat order, `chombos` per name.
fn totals(scores: [&str; 4], chombos: &[(&str, u32)], options: Value) -> Value {
    let players: Vec<Value> = SEATS
        .iter()
        .zip(scores)
        .map(|((name, _), score)| {
            let mut player = json!({"name": name, "final_score": score});
            if let Some((_, n)) = chombos.iter().find(|(who, _)| who == name) {
                player["chombos"] = json!(n);
            }
            player
        })
        .collect();
    json!({"rules": "riichi", "players": players, "options": options})
}

#[test]
fn a_game_reported_by_its_totals_is_checked_and_ends_the_session() {
    let totals_only = json!({"entry": "totals"});
    let value = totals(["65.200", "31000", "24800", "-1000"], &[("Dario", 1)], totals_only.clone());
    let outcome = score(&value);
    assert_eq!(nets(&outcome), [35200, 1000, -5200, -31000], "final score less 30,000");
    assert_eq!(outcome.penalty_of("Dario"), 20000, "a chombo off the tournament result");
    let in_force = rules().in_force(&totals_only).expect("totals");
    assert_eq!(in_force.rotation(&outcome), Rotation::End, "the game is the session");
    assert!(in_force.entry_model().hand.is_none(), "only scores and chombos are typed");

    // One deposit left on the table: the first-placed takes it; two firsts split it.
    let left = score(&totals(["40000", "40000", "20000", "19000"], &[], totals_only.clone()));
    assert_eq!(nets(&left), [10500, 10500, -10000, -11000]);
    let none =
        score(&totals(["40000", "40000", "20000", "19000"], &[], json!({"entry": "totals", "leftover_pot": "none"})));
    assert_eq!(nets(&none), [10000, 10000, -10000, -11000]);

    let wrong = refused(&totals(["40000", "40000", "20000", "20500"], &[], totals_only.clone()));
    let text = wrong.message().render(Lang::ENGLISH);
    assert!(text.contains("120500") && text.contains("120000"), "{text}");
    let partial = refused(&totals(["40000", "40000", "20000", "19500"], &[], totals_only.clone()));
    assert!(partial.message().render(Lang::ENGLISH).contains("whole thousands"));
    let not_a_score = refused(&totals(["40k", "40000", "20000", "20000"], &[], totals_only.clone()));
    assert_eq!(not_a_score.player.as_deref(), Some("Anna"));
    let odd = refused(&totals(["40050", "39950", "20000", "20000"], &[], totals_only.clone()));
    assert_eq!(odd.player.as_deref(), Some("Anna"), "scores are whole hundreds");
    let at_table = refused(&totals(
        ["40000", "40000", "20000", "20000"],
        &[("Carla", 1)],
        json!({"entry": "totals", "chombo": "table"}),
    ));
    assert_eq!(at_table.player.as_deref(), Some("Carla"), "a table chombo is in the scores already");
    let mixed = refused(&totals(["40000", "40000", "20000", "20000"], &[], json!({})));
    assert!(mixed.message().render(Lang::ENGLISH).contains("enters every hand"));
    assert!(
        refused(&issue_example_with(json!({"entry": "totals"})))
            .message()
            .render(Lang::ENGLISH)
            .contains("final scores")
    );
}

fn issue_example_with(options: Value) -> Value {
    let mut value = issue_example();
    value["options"] = options;
    value
}

#[test]
fn the_player_liable_for_big_three_dragons_pays_as_the_rcr_says() {
    // Carla's big three dragons, the third dragon set called from Dario: one counter on the table.
    let dragons = json!({"hand": "[BBB] [VVV] [RRR] 234c 5d", "mahjong": true, "winning_tile": "5d"});
    let with = |extra: Value| {
        let mut carla = dragons.clone();
        for (k, v) in extra.as_object().expect("object") {
            carla[k] = v.clone();
        }
        carla
    };
    let tsumo = hand(
        &[("Carla", with(json!({"win": ["self_drawn"]}))), ("Dario", json!({"liable": true}))],
        json!({"honba": 1}),
    );
    let outcome = score(&tsumo);
    assert_eq!(figure(&outcome, 2, "limit"), json!("yakuman"));
    assert_eq!(nets(&outcome), [0, 0, 32_300, -32_300], "tsumo: the liable player pays it all, counters too");
    let ron = hand(
        &[("Carla", dragons.clone()), ("Anna", json!({"discarder": true})), ("Dario", json!({"liable": true}))],
        json!({"honba": 1}),
    );
    let outcome = score(&ron);
    assert_eq!(nets(&outcome), [-16_300, 0, 32_300, -16_000], "ron: half each, the discarder pays the counter");
    let own = hand(&[("Carla", dragons.clone()), ("Dario", json!({"discarder": true, "liable": true}))], json!({}));
    assert_eq!(nets(&score(&own)), [0, 0, 32_000, -32_000], "the liable discarder pays everything");
    let no_yakuman = hand(
        &[
            ("Bruno", json!({"mahjong": true, "han": 3, "fu": 30})),
            ("Anna", json!({"discarder": true})),
            ("Dario", json!({"liable": true})),
        ],
        json!({}),
    );
    assert_eq!(refused(&no_yakuman).player.as_deref(), Some("Dario"));
    let draw = hand(&[("Dario", json!({"liable": true}))], json!({"void": true}));
    assert_eq!(refused(&draw).player.as_deref(), Some("Dario"));
}

#[test]
fn renhou_is_a_flat_mangan_or_the_hands_own_higher_value() {
    // Bruno wins on Anna's discard before his first draw.
    let renhou = |tiles: &str, win: &str, extra: Value| {
        hand(
            &[
                ("Bruno", json!({"hand": tiles, "mahjong": true, "winning_tile": win, "win": ["dealt_hand"]})),
                ("Anna", json!({"discarder": true})),
            ],
            extra,
        )
    };
    // No other yaku at all: renhou is the yaku, a mangan.
    let plain = score(&renhou("123c 456c 789d 11b 55b", "5b", json!({})));
    assert_eq!(paid(&plain, "Anna", "Bruno"), 8000);
    assert_eq!(figure(&plain, 1, "limit"), json!("mangan"));
    let lines: Vec<String> = plain.players[1].items.iter().map(|i| i.label.render(Lang::ENGLISH)).collect();
    assert_eq!(lines[0], "Renhou (blessing of man): a flat mangan", "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("Dora")), "nothing adds to it: {lines:?}");
    // Its own value is higher (chinitsu, pinfu, iipeikou... a baiman): that is paid instead.
    let own = score(&renhou("112233456789c 9c", "9c", json!({})));
    assert!(paid(&own, "Anna", "Bruno") > 8000, "{:?}", own.payments);
    // Renhou and dora: the dora do not add to the mangan.
    assert_eq!(paid(&score(&renhou("123c 456c 789d 11b 55b", "5b", json!({"dora": ["4b"]}))), "Anna", "Bruno"), 8000);
    // The dealer's first-draw win is tenhou, a tsumo: on a discard it is refused.
    let dealer = hand(
        &[
            (
                "Anna",
                json!({"hand": "123c 456c 789d 11b 55b", "mahjong": true, "winning_tile": "5b", "win": ["dealt_hand"]}),
            ),
            ("Bruno", json!({"discarder": true})),
        ],
        json!({}),
    );
    assert_eq!(refused(&dealer).player.as_deref(), Some("Anna"));
    let open = renhou("[123c] 456c 789d 11b 55b", "5b", json!({}));
    assert_eq!(refused(&open).player.as_deref(), Some("Bruno"), "a call before it");
    let mut riichi = renhou("123c 456c 789d 11b 55b", "5b", json!({}));
    riichi["players"][1]["riichi"] = json!(true);
    assert_eq!(refused(&riichi).player.as_deref(), Some("Bruno"), "no riichi before the first draw");
}
