//! An MCR session at one table through the desk, on SQLite and PostgreSQL: a hand typed as tiles, one typed as
//! the score sheet's fan, a False Hu and a referee's deduction, the deal passing after every hand and the seats
//! changing at each round (App. 4), the session over after 16 hands, and the standings by table points 4/2/1/0
//! and then score. Then a demo tournament printed and exported, and `stecca score` on the example.

use serde_json::{Value, json};
use stecca::desk;
use stecca::store::Store;
use stecca::tiles::Wind;
use stecca::tournament::{HandEntry, Id, MancheEntry, PlayerData, RankingMethod, TournamentSettings};

const NAMES: [&str; 4] = ["Anna", "Bruno", "Carla", "Dario"];

fn nets(store: &Store, table: Id, number: u32) -> Vec<i64> {
    desk::table_state(store, table).expect("state").manches[number as usize - 1].nets.clone()
}

fn draw() -> MancheEntry {
    MancheEntry { void: true, ..MancheEntry::blank(4) }
}

#[test]
fn an_mcr_session_runs_at_the_desk_on_sqlite() {
    an_mcr_session(Store::open_in_memory().expect("open"));
}

#[test]
fn an_mcr_session_runs_at_the_desk_on_postgres() {
    an_mcr_session(crate::common::pg::store());
}

fn an_mcr_session(mut store: Store) {
    let settings = TournamentSettings { name: "MCR".into(), sessions: 1, ..TournamentSettings::for_rules("mcr") };
    assert_eq!(settings.manches_per_session, 16);
    assert_eq!(settings.ranking.method, RankingMethod::PlacementPoints);
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    for name in NAMES {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "R").expect("player");
    }
    desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    let table = store.seating(id).expect("seating")[0].id;
    let state = desk::table_state(&store, table).expect("state");
    let names: Vec<String> = state.players.iter().map(|p| p.name.clone()).collect();
    assert_eq!(state.winds(1).seat_winds(), [Wind::East, Wind::South, Wind::West, Wind::North]);

    // 1. Position 1 (South) wins the hand on position 0's discard: 22 fan.
    let mut first = MancheEntry::blank(4);
    first.hands[1] = HandEntry { text: "123c 456c 789c 234b 5d 2f".into(), mahjong: true, ..HandEntry::default() };
    first.hands[1].set("winning_tile", "5d");
    first.hands[0].set_flag("discarder", true);
    let (_, outcome) = desk::confirm_manche(&mut store, table, 1, &first, "R").expect("hand 1");
    assert_eq!(outcome.players[1].score, 22);
    assert_eq!(nets(&store, table, 1), [-30, 46, -8, -8]);
    assert_eq!(desk::table_state(&store, table).expect("state").frame(2).dealer, 1, "the deal passes");

    // 2. Position 0 self-draws a hand typed from the score sheet: All Pungs 6, Two Concealed Pungs 2, Self-Drawn.
    let mut second = MancheEntry::blank(4);
    second.hands[0].mahjong = true;
    second.hands[0].set("fans", "49, 66, 80");
    second.hands[0].win.push("self_drawn".into());
    desk::confirm_manche(&mut store, table, 2, &second, "R").expect("hand 2");
    assert_eq!(nets(&store, table, 2), [51, -17, -17, -17]);

    // A sheet that does not reach 8 is refused, nothing saved.
    let mut short = MancheEntry::blank(4);
    short.hands[2].mahjong = true;
    short.hands[2].set("fans", "62, 63");
    short.hands[3].set_flag("discarder", true);
    assert!(desk::confirm_manche(&mut store, table, 3, &short, "R").is_err());
    assert_eq!(store.table_manches(table).expect("manches").len(), 2);

    // 3. A draw with a False Hu by position 3 and a deduction of 5 for position 2.
    let mut third = draw();
    third.hands[3].set_flag("false_hu", true);
    third.hands[2].set("penalty", "5");
    desk::confirm_manche(&mut store, table, 3, &third, "R").expect("hand 3");
    assert_eq!(nets(&store, table, 3), [10, 10, 10 - 5, -30]);

    // 4. A draw: the East round is over; hand 5 starts the South round with the seats of App. 4.
    desk::confirm_manche(&mut store, table, 4, &draw(), "R").expect("hand 4");
    let winds = desk::table_state(&store, table).expect("state").winds(5);
    assert_eq!(winds.round_wind, Wind::South);
    assert_eq!(winds.seat_winds(), [Wind::South, Wind::East, Wind::North, Wind::West], "App. 4, the South round");
    for number in 5..=16 {
        desk::confirm_manche(&mut store, table, number, &draw(), "R").expect("a draw");
    }
    let state = desk::table_state(&store, table).expect("state");
    assert_eq!(state.next_number(), None, "16 hands: the session is over");
    let totals = state.running_totals().last().cloned().expect("totals");
    assert_eq!(totals, [-30 + 51 + 10, 46 - 17 + 10, -8 - 17 + 5, -8 - 17 - 30]);

    // Table points by the session's score (31, 39, -20, -55): 2, 4, 1, 0; then the score.
    let standings = desk::standings(&store, id).expect("standings");
    let order: Vec<&str> = standings.iter().map(|r| r.player.name.as_str()).collect();
    assert_eq!(order, [&names[1], &names[0], &names[2], &names[3]].map(String::as_str));
    let table_points: Vec<f64> = standings.iter().map(|r| r.placement()).collect();
    assert_eq!(table_points, [4.0, 2.0, 1.0, 0.0]);
    assert_eq!(standings[0].points, 39);
}

/// Two players level on a session's score share the table points of the places they hold.
#[test]
fn level_session_scores_share_their_table_points() {
    let mut store = Store::open_in_memory().expect("open");
    let settings = TournamentSettings { name: "MCR".into(), sessions: 1, ..TournamentSettings::for_rules("mcr") };
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    for name in NAMES {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "R").expect("player");
    }
    desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    let table = store.seating(id).expect("seating")[0].id;
    // Position 0 self-draws a Chicken Hand (8): each other player pays 16 and the three are level.
    let mut win = MancheEntry::blank(4);
    win.hands[0].mahjong = true;
    win.hands[0].set("fans", "43");
    win.hands[0].win.push("self_drawn".into());
    desk::confirm_manche(&mut store, table, 1, &win, "R").expect("hand 1");
    let standings = desk::standings(&store, id).expect("standings");
    let table_points: Vec<f64> = standings.iter().map(|r| r.placement()).collect();
    assert_eq!(table_points[0], 4.0);
    assert!(table_points[1..].iter().all(|&p| (p - 1.0).abs() < 1e-9), "(2 + 1 + 0) / 3 each: {table_points:?}");
    assert!(standings[1..].iter().all(|r| r.place == 2), "level records share a place");
}

/// A demo MCR tournament printed and exported: the score sheets with the fan column and a dealer printed for
/// every hand, the standings with the table points and the ruleset.
#[test]
fn an_mcr_tournament_is_printed_and_exported() {
    use crate::export::{flat, pdf_pages};
    use stecca::export::{Format, What, export};
    use stecca::i18n::Lang;
    let mut store = Store::open_in_memory().expect("open");
    let size = desk::DemoSize { players: 8, sessions: 2, club_weight: 0.0, rules: "mcr" };
    let id = desk::create_demo(&mut store, size, 11, "demo").expect("demo");
    let sheets = pdf_pages(&export(&store, id, What::Scoresheets, Format::Pdf, Lang::ENGLISH, None).expect("sheets"));
    let sheet = flat(&sheets[0]);
    for needle in ["Fan", "Discarder", "MCR — Chinese Official", "16"] {
        assert!(sheet.contains(needle), "{needle} in {sheet}");
    }
    let standings = desk::standings(&store, id).expect("standings");
    let table_points: f64 = standings.iter().map(|r| r.placement()).sum();
    assert!((table_points - 2.0 * 2.0 * 7.0).abs() < 1e-9, "7 table points a table and session: {table_points}");
    let csv = String::from_utf8(export(&store, id, What::Standings, Format::Csv, Lang::ENGLISH, None).expect("csv"))
        .expect("utf-8");
    assert!(csv.lines().nth(1).is_some_and(|l| l.ends_with(",mcr,MCR 2006")), "{csv}");
    let pdf = pdf_pages(&export(&store, id, What::Standings, Format::Pdf, Lang::ENGLISH, None).expect("pdf"));
    assert!(flat(&pdf[0]).contains(&standings[0].player.name));
}

/// `stecca score` answers the example with each fan in the referee's language, Chinese and pinyin.
#[test]
fn stecca_score_answers_an_mcr_hand() {
    let input = json!({"rules": "mcr", "round_wind": "E", "players": [
        {"name": "Anna", "seat": "E", "discarder": true},
        {"name": "Bruno", "seat": "S", "mahjong": true, "hand": "123c 456c 789c 234b 5d 2f", "winning_tile": "5d"},
        {"name": "Carla", "seat": "W"},
        {"name": "Dario", "seat": "N"}]});
    let out = crate::common::cli::stecca_stdin(&["score"], input.to_string().as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["net"], json!({"Anna": -30, "Bruno": 46, "Carla": -8, "Dario": -8}));
    let bruno = &v["players"][1];
    assert_eq!(bruno["fans"], 22);
    assert_eq!(bruno["items"][0]["label_en"], "28. Pure Straight · 清龙 qīng lóng");
    assert_eq!(bruno["items"][0]["label_it"], "28. Scala pura · 清龙 qīng lóng");
}
