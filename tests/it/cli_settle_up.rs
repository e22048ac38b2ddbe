//! The `stecca settle-up` command-line contract (issue "The treasurer's book"), tested on the real binary.

use std::process::Output;

use crate::common::cli::stecca_stdin;
use serde_json::{Value, json};

fn settle(stdin: &str) -> Output {
    stecca_stdin(&["settle-up"], stdin.as_bytes())
}

fn refused(stdin: &str) -> String {
    let out = settle(stdin);
    assert_eq!(out.status.code(), Some(2), "{stdin}");
    assert!(out.stdout.is_empty(), "nothing on standard output for {stdin}");
    String::from_utf8(out.stderr).expect("utf-8")
}

#[test]
fn the_issue_example_prints_two_transfers() {
    let out = settle(r#"{"balances": {"Anna": 1250, "Bruno": -300, "Carla": -950}}"#);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        v,
        json!({
            "transfers": [{"from": "Carla", "to": "Anna", "amount": 950}, {"from": "Bruno", "to": "Anna", "amount": 300}],
            "count": 2, "lower_bound": 2, "optimal": true
        })
    );
}

#[test]
fn a_file_argument_and_planted_pairs_among_many() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("balances.json");
    // 60 members: 30 planted pairs; the fewest is 30, where matching the largest amounts first is not.
    let balances: serde_json::Map<String, Value> = (0..30)
        .flat_map(|i| [(format!("M{i:02}a"), json!(100 + i * 13)), (format!("M{i:02}b"), json!(-(100 + i * 13)))])
        .collect();
    std::fs::write(&path, json!({"balances": balances}).to_string()).expect("write");
    let out = stecca_stdin(&["settle-up", path.to_str().expect("path")], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (v["count"].as_u64(), v["lower_bound"].as_u64(), v["optimal"].as_bool()),
        (Some(30), Some(30), Some(true))
    );
    let mut left: std::collections::HashMap<String, i64> =
        balances.iter().map(|(k, v)| (k.clone(), v.as_i64().expect("cents"))).collect();
    for t in v["transfers"].as_array().expect("transfers") {
        let amount = t["amount"].as_i64().expect("amount");
        *left.get_mut(t["from"].as_str().expect("from")).expect("a member") += amount;
        *left.get_mut(t["to"].as_str().expect("to")).expect("a member") -= amount;
    }
    assert!(left.values().all(|&b| b == 0), "every balance settled: {left:?}");
}

#[test]
fn bad_balances_exit_2_with_the_reason() {
    let why = refused(r#"{"balances": {"Anna": 1250, "Bruno": -300}}"#);
    assert!(why.contains("add up to 950 cents"), "{why}");
    let why = refused(r#"{"balances": {"Anna": 12.5, "Bruno": -12.5}}"#);
    assert!(why.contains("Anna: 12.5 is not a whole number of cents"), "{why}");
    let why = refused(r#"{"balances": {"Anna": 100, "Anna": -100}}"#);
    assert!(why.contains("Anna is given twice"), "{why}");
    let why = refused(r#"{"balances": {"Anna": "100", "Bruno": -100}}"#);
    assert!(why.contains("Anna"), "{why}");
    let why = refused(r#"{"saldi": {}}"#);
    assert!(why.contains("not a balances document"), "{why}");
    let why = refused("not json");
    assert!(why.contains("not a balances document"), "{why}");
}

#[test]
fn avoid_under_keeps_the_count_and_drops_the_small_remainder() {
    let balances = r#"{"balances": {"Anna": -200, "Bruno": -100, "Carla": 175, "Dario": 125}}"#;
    let amounts = |args: &[&str]| -> Vec<i64> {
        let out = stecca_stdin(args, balances.as_bytes());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        v["transfers"].as_array().expect("transfers").iter().map(|t| t["amount"].as_i64().expect("cents")).collect()
    };
    assert_eq!(amounts(&["settle-up"]), [175, 100, 25]);
    assert_eq!(amounts(&["settle-up", "--avoid-under", "50"]), [125, 100, 75]);
    let out = stecca_stdin(&["settle-up", "--avoid-under", "-5"], balances.as_bytes());
    assert_eq!(out.status.code(), Some(2), "a negative amount is a usage error");
}
