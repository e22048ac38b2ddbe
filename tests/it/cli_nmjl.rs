//! The `stecca score` contract for modern American games (issue "Modern American (NMJL)"), on the real binary.

use std::process::Output;

use serde_json::{Value, json};

fn stecca(args: &[&str], stdin: &str) -> Output {
    crate::common::cli::stecca_stdin(args, stdin.as_bytes())
}

fn scored(manche: &Value) -> Value {
    let out = stecca(&["score"], &manche.to_string());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

fn contract(mode: &str) -> Value {
    json!({"rules": "nmjl", "void": false,
     "players": [
       {"name": "Ada", "seat": "E", "mahjong": true, "value": 30, "exposures": 2, "win": ["self_picked"]},
       {"name": "Bea", "seat": "S"},
       {"name": "Cy",  "seat": "W", "dead": true},
       {"name": "Dot", "seat": "N"}],
     "options": {"mode": mode}})
}

#[test]
fn the_example_file_settles_with_its_bettor() {
    let out = stecca(&["score", "examples/nmjl-game.json"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["net"], json!({"Ada": 360, "Bea": -120, "Cy": -60, "Dot": -60, "Eve": -120}));
    assert_eq!(v["payments"][0], json!({"from": "Bea", "to": "Ada", "amount": 120}));
    assert_eq!(v["payments"][1], json!({"from": "Eve", "to": "Ada", "amount": 120}));
    assert_eq!(v["players"][0]["score"], 30);
    assert_eq!(v["players"][1]["score"], 0);
}

#[test]
fn payments_mode_prints_scores_payments_and_nets() {
    let v = scored(&contract("payments"));
    assert_eq!(v["players"][0]["score"], 30, "the hand's value");
    assert_eq!(v["players"][2]["score"], 0);
    assert_eq!(v["payments"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["net"], json!({"Ada": 180, "Bea": -60, "Cy": -60, "Dot": -60}));
}

#[test]
fn tournament_mode_prints_the_games_points() {
    let mut manche = contract("tournament");
    manche["players"][0]["win"] = json!([]);
    manche["players"][3]["discarder"] = json!(true);
    let v = scored(&manche);
    assert_eq!(v["players"][0]["score"], 30);
    assert_eq!(v["players"][3]["score"], -20, "two exposures");
    assert_eq!(v["payments"], json!([]));
    assert_eq!(v["net"], json!({"Ada": 30, "Bea": 0, "Cy": 0, "Dot": -20}));
}

#[test]
fn a_void_game_is_a_wall_game() {
    let manche = json!({"rules": "nmjl", "void": true, "players": [
        {"name": "Ada", "seat": "E"}, {"name": "Bea", "seat": "S", "dead": true},
        {"name": "Cy", "seat": "W"}, {"name": "Dot", "seat": "N"}], "options": {"mode": "tournament"}});
    let v = scored(&manche);
    assert_eq!(v["void"], true);
    assert_eq!(v["net"], json!({"Ada": 10, "Bea": 0, "Cy": 10, "Dot": 10}));
}

#[test]
fn bad_input_exits_2_naming_the_player_and_the_field() {
    let mut manche = contract("payments");
    manche["players"][0]["value"] = json!(-5);
    let out = stecca(&["score"], &manche.to_string());
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("value"), "{stderr}");

    let mut manche = contract("payments");
    manche["players"][0]["win"] = json!([]);
    let out = stecca(&["score"], &manche.to_string());
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("who discarded the tile Ada went out on"), "{stderr}");

    let mut manche = contract("payments");
    manche["players"][1]["discarder"] = json!(true);
    let out = stecca(&["score"], &manche.to_string());
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("Bea: marked as discarder, but Ada's Mah Jongg was self-picked"), "{stderr}");
}
