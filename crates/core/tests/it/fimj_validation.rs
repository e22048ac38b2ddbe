//! Every validation error of a manche: rejected, with a message that names the player (or tile) and the reason.

use crate::common::*;
use serde_json::json;

fn table(anna: &str, bruno: &str, carla: &str, dario: &str) -> serde_json::Value {
    manche(vec![
        player("Anna", "E", anna),
        winner_entry("Bruno", "S", bruno, &[]),
        player("Carla", "W", carla),
        player("Dario", "N", dario),
    ])
}

const WIN: &str = "123d 345d 678b 234c 55c";

#[test]
fn more_than_four_copies_across_the_hands() {
    let msg = rejected(table("[555c] 5c", WIN, "", ""));
    assert_eq!(msg, "5c: 6 copies across the manche (Anna 4, Bruno 2); a set has 4");
}

#[test]
fn a_bonus_tile_held_by_two_players() {
    let msg = rejected(table("2f", WIN, "2f", ""));
    assert_eq!(msg, "2f is held by both Anna and Carla; there is one of each bonus tile");
}

#[test]
fn a_bonus_tile_written_twice_by_one_player() {
    assert_eq!(rejected(table("3s 3s", WIN, "", "")), "Anna: 3s is written twice; there is one of each bonus tile");
}

#[test]
fn a_winner_without_a_complete_hand() {
    let msg = rejected(table("", "123d 345d 678b 234c 5c 7c", "", ""));
    assert!(msg.starts_with("Bruno: the tiles do not form a complete hand"), "{msg}");
}

#[test]
fn a_winner_with_too_few_tiles() {
    let msg = rejected(table("", "123d 345d 678b 55c", "", ""));
    assert_eq!(msg, "Bruno: a winning hand has 14 tiles plus one per kong (14 here), found 11");
}

#[test]
fn a_winner_with_a_kong_needs_fifteen_tiles() {
    let msg = rejected(table("", "[5555b] 345d 678b 234c 5c", "", ""));
    assert_eq!(msg, "Bruno: a winning hand has 14 tiles plus one per kong (15 here), found 14");
}

#[test]
fn a_winner_with_a_kong_and_fifteen_tiles_is_accepted() {
    let out = scored(table("", "[5555b] 345d 678b 234c 55c", "", ""));
    assert_eq!(out.players[1].score, 28);
}

#[test]
fn a_non_winner_with_too_many_tiles() {
    let msg = rejected(table("123d 345d 678b 234c 55c", "[555b] RRR 123c 456b EE", "", ""));
    assert!(msg.starts_with("Anna: 14 tiles is too many for a hand that did not win (at most 13"), "{msg}");
}

#[test]
fn two_players_on_one_seat() {
    let input = manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", WIN, &[]),
        player("Carla", "S", ""),
        player("Dario", "N", ""),
    ]);
    assert_eq!(rejected(input), "Carla: sits at S, like Bruno: each seat wind is held by one player");
}

#[test]
fn two_players_with_one_name() {
    let input = manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", WIN, &[]),
        player("Anna", "W", ""),
        player("Dario", "N", ""),
    ]);
    assert_eq!(rejected(input), "two players are named Anna");
}

#[test]
fn an_empty_name() {
    let input = manche(vec![
        player(" ", "E", ""),
        winner_entry("Bruno", "S", WIN, &[]),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]);
    assert_eq!(rejected(input), "player 1: the name is empty");
}

#[test]
fn three_players_are_not_a_fimj_table() {
    let input = manche(vec![player("Anna", "E", ""), winner_entry("Bruno", "S", WIN, &[]), player("Carla", "W", "")]);
    assert_eq!(rejected(input), "a FIMJ manche has 4 players, got 3");
}

fn with_flags(flags: &[&str]) -> serde_json::Value {
    manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", WIN, flags),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ])
}

#[test]
fn robbing_a_kong_contradicts_self_drawn() {
    let msg = rejected(with_flags(&["self_drawn", "robbing_kong"]));
    assert_eq!(
        msg,
        "Bruno: win flags self_drawn + robbing_kong contradict: robbing a kong is a win on another player's tile, not self-drawn"
    );
}

#[test]
fn last_discard_contradicts_self_drawn() {
    assert!(rejected(with_flags(&["self_drawn", "last_discard"])).contains("contradict"));
}

#[test]
fn last_wall_tile_contradicts_last_discard_and_robbing() {
    assert!(rejected(with_flags(&["last_wall_tile", "last_discard"])).starts_with("Bruno: win flags"));
    assert!(rejected(with_flags(&["last_wall_tile", "robbing_kong"])).starts_with("Bruno: win flags"));
    assert!(rejected(with_flags(&["last_discard", "robbing_kong"])).starts_with("Bruno: win flags"));
}

#[test]
fn dealt_hand_contradicts_the_end_of_the_wall() {
    assert!(rejected(with_flags(&["dealt_hand", "last_wall_tile"])).contains("first turn"));
    assert!(rejected(with_flags(&["dealt_hand", "robbing_kong"])).contains("before any kong"));
}

#[test]
fn dealt_hand_for_a_player_other_than_east_is_not_self_drawn() {
    let msg = rejected(with_flags(&["dealt_hand", "self_drawn"]));
    assert!(msg.starts_with("Bruno: dealt_hand for a player other than East"), "{msg}");
}

#[test]
fn easts_dealt_hand_has_no_exposed_group() {
    let input = manche(vec![
        winner_entry("Anna", "E", "[123d] 345d 678b 234c 55c", &["dealt_hand"]),
        player("Bruno", "S", ""),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]);
    assert_eq!(rejected(input), "Anna: East's dealt hand (dealt_hand) cannot hold an exposed group or a kong");
}

#[test]
fn a_win_on_easts_first_discard_has_no_exposed_group_or_kong_either() {
    for hand in ["[123d] 345d 678b 234c 55c", "1111d 345d 678b 234c 55c"] {
        let msg = rejected(manche(vec![
            player("Anna", "E", ""),
            winner_entry("Bruno", "S", hand, &["dealt_hand"]),
            player("Carla", "W", ""),
            player("Dario", "N", ""),
        ]));
        assert_eq!(
            msg,
            "Bruno: a win on East's first discard (dealt_hand) cannot hold an exposed group or a kong: nothing could \
             be claimed or declared before it",
            "{hand}"
        );
    }
    // The same concealed hand is a valid win on East's first discard.
    let outcome = scored(with_flags(&["dealt_hand"]));
    assert!(outcome.players[1].mahjong);
}

#[test]
fn win_flags_belong_to_the_winner() {
    let input = manche(vec![
        json!({"name": "Anna", "seat": "E", "hand": "", "win": ["last_discard"]}),
        winner_entry("Bruno", "S", WIN, &[]),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]);
    assert_eq!(rejected(input), "Anna: win flags (last_discard) are for the winner only");
}

#[test]
fn an_unknown_win_flag_is_named() {
    let msg = rejected(with_flags(&["selfdrawn"]));
    assert!(msg.starts_with("Bruno: unknown win flag `selfdrawn` (expected one of: self_drawn,"), "{msg}");
}

#[test]
fn ninth_east_win_is_club_play_only() {
    let input = manche(vec![
        winner_entry("Anna", "E", WIN, &["ninth_east_win"]),
        player("Bruno", "S", ""),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]);
    assert!(rejected(input).contains("only in club play"));
}

#[test]
fn ninth_east_win_is_for_east_only() {
    let mut input = with_flags(&["ninth_east_win"]);
    input["options"] = json!({"east_rotation": "club"});
    assert!(rejected(input).contains("Bruno is not East"));
}

#[test]
fn several_winners_cannot_have_drawn_the_tile() {
    let input = manche(vec![
        player("Anna", "E", ""),
        winner_entry("Bruno", "S", WIN, &["self_drawn"]),
        winner_entry("Carla", "W", "123b 456b 789c 234b 66d", &[]),
        player("Dario", "N", ""),
    ]);
    assert!(rejected(input).starts_with("Bruno: self_drawn is impossible with several winners"));
}

#[test]
fn four_winners_are_impossible() {
    let input = manche(vec![
        winner_entry("Anna", "E", WIN, &[]),
        winner_entry("Bruno", "S", WIN, &[]),
        winner_entry("Carla", "W", WIN, &[]),
        winner_entry("Dario", "N", WIN, &[]),
    ]);
    assert_eq!(rejected(input), "all four players cannot go Mah Jong");
}

#[test]
fn a_void_manche_has_no_winner() {
    let mut input = with_flags(&[]);
    input["void"] = json!(true);
    assert_eq!(rejected(input), "Bruno: a void manche (a monte) has no winner");
}

#[test]
fn a_manche_without_winner_must_be_marked_void() {
    let input = manche(vec![
        player("Anna", "E", ""),
        player("Bruno", "S", ""),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]);
    assert!(rejected(input).starts_with("nobody went Mah Jong"));
}

#[test]
fn a_missing_hand_is_named() {
    let input = manche(vec![
        json!({"name": "Anna", "seat": "E"}),
        winner_entry("Bruno", "S", WIN, &[]),
        player("Carla", "W", ""),
        player("Dario", "N", ""),
    ]);
    assert_eq!(rejected(input), "Anna: the hand is missing");
}

#[test]
fn bad_notation_names_the_player_and_the_token() {
    let msg = rejected(table("[556b]", WIN, "", ""));
    assert_eq!(msg, "Anna: \"[556b]\": an exposed group must be a pung, kong or chow");
}

#[test]
fn the_round_wind_is_required() {
    let mut input = with_flags(&[]);
    input.as_object_mut().map(|o| o.remove("round_wind"));
    assert_eq!(rejected(input), "round_wind is missing");
}

#[test]
fn unknown_options_are_rejected_by_name() {
    let mut input = with_flags(&[]);
    input["options"] = json!({"limts": {}});
    let message = rejected(input);
    assert!(message.starts_with("options.limts: unknown field `limts`"), "{message}");
}

#[test]
fn option_values_out_of_range_are_rejected_by_name() {
    let mut input = with_flags(&[]);
    input["options"] = json!({"limits": {"coppie": 0}});
    assert_eq!(rejected(input), "options.limits.coppie: must be between 1 and 1000000, got 0");
}

#[test]
fn an_unknown_ruleset_is_named() {
    let mut input = with_flags(&[]);
    input["rules"] = json!("mahjong_x");
    assert_eq!(
        rejected(input),
        "rules: unknown ruleset `mahjong_x` (known: fimj, classic_american, nmjl, mayumi, riichi, mcr)"
    );
}

#[test]
fn errors_are_available_in_italian() {
    let input: stecca_core::rules::MancheInput = serde_json::from_value(table("[556b]", WIN, "", "")).expect("shape");
    let err = stecca_core::rules::score_manche(&input).expect_err("invalid");
    assert_eq!(
        stecca_core::message::Explain::message(&err).render(stecca_core::i18n::Lang::ITALIAN),
        "Anna: «[556b]»: una combinazione esposta deve essere un tris, un poker o una scala"
    );
}
