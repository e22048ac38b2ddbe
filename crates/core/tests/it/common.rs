//! Helpers shared by the core's integration tests: scoring a FIMJ hand or a manche, reading its figures.
#![allow(dead_code)]

use serde_json::{Value, json};
use stecca_core::i18n::Lang;
use stecca_core::rules::{MancheError, MancheInput, MancheOutcome, score_manche};
use stecca_core::tiles::{Wind, parse_hand};
use stecca_rules_fimj::{FimjOptions, HandContext, HandScore, WinFlags, score_hand};

/// Scores one hand under the default options.
pub fn hand(text: &str, seat: Wind, round: Wind, winner: bool, flags: &[&str]) -> HandScore {
    hand_with(text, seat, round, winner, flags, &FimjOptions::default())
}

/// Scores one hand under `options`.
pub fn hand_with(
    text: &str,
    seat: Wind,
    round: Wind,
    winner: bool,
    flags: &[&str],
    options: &FimjOptions,
) -> HandScore {
    let parsed = parse_hand(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut set = WinFlags::NONE;
    for f in flags {
        set.insert(WinFlags::parse(f).expect("known flag"));
    }
    let ctx = HandContext { seat, round, winner, flags: set };
    score_hand(&parsed, &ctx, options).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// A non-winner sitting South in the East round.
pub fn loser(text: &str) -> HandScore {
    hand(text, Wind::South, Wind::East, false, &[])
}

/// A winner sitting South in the East round, with flags.
pub fn winner(text: &str, flags: &[&str]) -> HandScore {
    hand(text, Wind::South, Wind::East, true, flags)
}

/// The shipped rulesets' texts, which the registry adds on its first use: a test that scores through a ruleset's
/// own functions and shows a label asks for them first.
pub fn texts() {
    stecca_core::rules::texts_installed().expect("the shipped rulesets' texts");
}

/// The Italian labels of a scored hand with their amounts, e.g. `Tris coperto di testa (RRR) = 8`.
pub fn lines(score: &HandScore) -> Vec<String> {
    texts();
    score
        .lines
        .iter()
        .map(|(line, amount)| {
            let it = line.label().render(stecca_core::i18n::Lang::ITALIAN);
            match amount {
                stecca_rules_fimj::Amount::Points(p) => format!("{it} = {p}"),
                stecca_rules_fimj::Amount::Doubles(d) => format!("{it} ×{d}"),
                stecca_rules_fimj::Amount::Limit(v) => format!("{it} = {v}"),
            }
        })
        .collect()
}

/// Asserts value, stick points and doubles of a non-limit hand.
#[track_caller]
pub fn assert_hand(score: &HandScore, value: u64, stick: u64, doubles: u32) {
    assert_eq!(
        (score.value, score.stick_points, score.doubles, score.limit),
        (value, stick, doubles, None),
        "lines: {:#?}",
        lines(score)
    );
}

/// A player entry of a manche.
pub fn player(name: &str, seat: &str, hand: &str) -> Value {
    json!({"name": name, "seat": seat, "hand": hand})
}

/// A winning player entry.
pub fn winner_entry(name: &str, seat: &str, hand: &str, win: &[&str]) -> Value {
    json!({"name": name, "seat": seat, "hand": hand, "mahjong": true, "win": win})
}

/// A FIMJ manche in the East round with default options.
pub fn manche(players: Vec<Value>) -> Value {
    json!({"rules": "fimj", "round_wind": "E", "players": players, "options": {}})
}

/// Scores manche JSON.
pub fn score(input: Value) -> Result<MancheOutcome, MancheError> {
    let input: MancheInput = serde_json::from_value(input).expect("input has the contract's shape");
    score_manche(&input)
}

/// Scores manche JSON that must be valid.
#[track_caller]
pub fn scored(input: Value) -> MancheOutcome {
    score(input).unwrap_or_else(|e| panic!("rejected: {e}"))
}

/// Scores manche JSON that must be rejected; returns the message.
#[track_caller]
pub fn rejected(input: Value) -> String {
    match score(input) {
        Ok(outcome) => panic!("accepted: {outcome:?}"),
        Err(e) => e.to_string(),
    }
}

/// Manche JSON as the ruleset reads it.
pub fn manche_input(value: &Value) -> MancheInput {
    serde_json::from_value(value.clone()).expect("input has the contract's shape")
}

/// Scores manche JSON that must be valid, saying the refusal in English and the manche if it is not.
#[track_caller]
pub fn scored_json(value: &Value) -> MancheOutcome {
    score_manche(&manche_input(value))
        .unwrap_or_else(|e| panic!("{}: {value}", stecca_core::message::Explain::message(&e).render(Lang::ENGLISH)))
}

/// Scores manche JSON that must be refused; returns the refusal, with the player it names.
#[track_caller]
pub fn refused_json(value: &Value) -> MancheError {
    match score_manche(&manche_input(value)) {
        Ok(outcome) => panic!("accepted: {outcome:?}"),
        Err(error) => error,
    }
}

/// The nets, in the players' order.
pub fn nets(outcome: &MancheOutcome) -> Vec<i64> {
    outcome.net.iter().map(|(_, n)| *n).collect()
}

/// What `from` paid `to` in all.
pub fn paid(outcome: &MancheOutcome, from: &str, to: &str) -> u64 {
    outcome.payments.iter().filter(|p| p.from == from && p.to == to).map(|p| p.amount).sum()
}

/// Net per player name.
pub fn net(outcome: &MancheOutcome, name: &str) -> i64 {
    outcome.net.iter().find(|(n, _)| n == name).map(|(_, v)| *v).expect("player in net")
}

/// Payments as (from, to, amount).
pub fn payments(outcome: &MancheOutcome) -> Vec<(String, String, u64)> {
    outcome.payments.iter().map(|p| (p.from.clone(), p.to.clone(), p.amount)).collect()
}

/// A manche of `rules` as JSON at the table `seats` (`(name, seat wind)`): `parts` adds fields to the players it
/// names, `extra` to the manche.
pub fn table_manche(rules: &str, seats: &[(&str, &str)], parts: &[(&str, Value)], extra: Value) -> Value {
    let players: Vec<Value> = seats
        .iter()
        .map(|(name, seat)| {
            let mut player = json!({"name": name, "seat": seat});
            for (_, fields) in parts.iter().filter(|(who, _)| who == name) {
                with(&mut player, fields);
            }
            player
        })
        .collect();
    let mut manche = json!({"rules": rules, "players": players});
    with(&mut manche, &extra);
    manche
}

/// `target` with each field of the object `fields` set over it.
pub fn with(target: &mut Value, fields: &Value) {
    for (key, value) in fields.as_object().expect("an object of fields") {
        target[key] = value.clone();
    }
}

/// A number from the environment (a differential test's hand count or seed), or `default`.
pub fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Runs a reference script (`python3 SCRIPT`) on `input`, one JSON line per hand: its answer lines and what it
/// said on standard error, or why they could not be had.
pub fn python_reference(script: &str, input: String) -> Result<(Vec<Value>, String), String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("python3 cannot be started: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        return Err(stderr.trim().to_owned());
    }
    let lines = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).map_err(|e| format!("{e}: {l}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((lines, stderr))
}
