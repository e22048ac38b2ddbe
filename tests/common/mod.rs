//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod cli;
pub mod desk;
pub mod pg;
pub mod tre;

use serde_json::{Value, json};
use stecca::rules::fimj::{FimjOptions, HandContext, HandScore, WinFlags, score_hand};
use stecca::rules::{MancheError, MancheInput, MancheOutcome, score_manche};
use stecca::tiles::{Wind, parse_hand};

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

/// The Italian labels of a scored hand with their amounts, e.g. `Tris coperto di testa (RRR) = 8`.
pub fn lines(score: &HandScore) -> Vec<String> {
    score
        .lines
        .iter()
        .map(|(line, amount)| {
            let (it, _) = line.labels();
            match amount {
                stecca::rules::fimj::Amount::Points(p) => format!("{it} = {p}"),
                stecca::rules::fimj::Amount::Doubles(d) => format!("{it} ×{d}"),
                stecca::rules::fimj::Amount::Limit(v) => format!("{it} = {v}"),
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

/// Net per player name.
pub fn net(outcome: &MancheOutcome, name: &str) -> i64 {
    outcome.net.iter().find(|(n, _)| n == name).map(|(_, v)| *v).expect("player in net")
}

/// Payments as (from, to, amount).
pub fn payments(outcome: &MancheOutcome) -> Vec<(String, String, u64)> {
    outcome.payments.iter().map(|p| (p.from.clone(), p.to.clone(), p.amount)).collect()
}

/// A tournament with four players (Anna, Bruno, Carla, Dario) seated for one session; returns
/// (tournament, table of session 1).
pub fn seated_four(store: &mut stecca::store::Store) -> (i64, i64) {
    use stecca::tournament::{PlayerData, TournamentSettings};
    let settings = TournamentSettings { name: "Coppa di prova".into(), sessions: 1, ..TournamentSettings::default() };
    let id = stecca::desk::create_tournament(store, &settings, "Arbitro").expect("tournament");
    for name in ["Anna", "Bruno", "Carla", "Dario"] {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "Arbitro").expect("player");
    }
    let players: Vec<i64> = store.players(id).expect("players").iter().map(|p| p.id).collect();
    store.save_seating(id, 1, &[vec![players[..4].to_vec()]], "Arbitro").expect("seating");
    let table = store.seating(id).expect("seating")[0].id;
    (id, table)
}

/// The digest's example manche as typed at a table (Bruno, South, self-drawn Mah Jong).
pub fn digest_entry() -> stecca::tournament::MancheEntry {
    use stecca::tournament::{HandEntry, MancheEntry};
    let hand = |text: &str| HandEntry { text: text.to_owned(), ..HandEntry::default() };
    MancheEntry {
        void: false,
        hands: vec![
            hand("[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f"),
            HandEntry {
                text: "[555b] RRR 123c 456d EE 2f".into(),
                mahjong: true,
                win: vec!["self_drawn".into()],
                ..HandEntry::default()
            },
            hand("[234d] 66c 1b 4b 8b E S N VV"),
            hand("1c 2c 4c 5d 6d 8d 9b 1d 3b 5b 7b W W"),
        ],
    }
}
