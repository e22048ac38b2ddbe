//! A Riichi game (hanchan) at one table through the desk, on SQLite and PostgreSQL: the hands typed as the
//! entry screen types them, what the game carries from hand to hand (counters, deposits, the dealer), a chombo
//! off the table, a correction that replays the hands after it, the game's end after the South round with the
//! deposits left going to the first-placed, and the standings with the uma and the chombo.

use serde_json::json;
use stecca::desk;
use stecca::store::Store;
use stecca::tournament::{HandEntry, Id, MancheEntry, PlayerData, TournamentSettings};

const NAMES: [&str; 4] = ["Anna", "Bruno", "Carla", "Dario"];

/// A win on a discard typed from the score sheet: `winner` (a position) on `discarder`'s tile.
fn ron(winner: usize, discarder: usize, han: u32, fu: u32) -> MancheEntry {
    let mut entry = MancheEntry::blank(4);
    entry.hands[winner].mahjong = true;
    entry.hands[winner].set("han", han.to_string());
    entry.hands[winner].set("fu", fu.to_string());
    entry.hands[discarder].set_flag("discarder", true);
    entry
}

/// An exhaustive draw with these positions tenpai, and these of them in riichi.
fn draw(tenpai: &[usize], riichi: &[usize]) -> MancheEntry {
    let mut entry = MancheEntry { void: true, ..MancheEntry::blank(4) };
    for &p in tenpai {
        entry.hands[p].set_flag("tenpai", true);
    }
    for &p in riichi {
        entry.hands[p].set_flag("riichi", true);
    }
    entry
}

fn carried(store: &Store, table: Id, number: u32) -> serde_json::Value {
    serde_json::Value::Object(desk::table_state(store, table).expect("state").frame(number).carried)
}

fn nets(store: &Store, table: Id, number: u32) -> Vec<i64> {
    desk::table_state(store, table).expect("state").manches[number as usize - 1].nets.clone()
}

#[test]
fn a_riichi_game_runs_at_the_desk_on_sqlite() {
    a_riichi_game(Store::open_in_memory().expect("open"));
}

#[test]
fn a_riichi_game_runs_at_the_desk_on_postgres() {
    a_riichi_game(crate::common::pg::store());
}

fn a_riichi_game(mut store: Store) {
    let settings = TournamentSettings { name: "Riichi".into(), sessions: 1, ..TournamentSettings::for_rules("riichi") };
    assert_eq!(settings.manches_per_session, 8, "a game: East and South rounds");
    assert_eq!(settings.starting_points(), 30_000);
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    for name in NAMES {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "R").expect("player");
    }
    desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    let table = store.seating(id).expect("seating")[0].id;
    let names: Vec<String> =
        desk::table_state(&store, table).expect("state").players.into_iter().map(|p| p.name).collect();
    assert_eq!(carried(&store, table, 1), json!({"honba": 0, "deposits": 0}));

    // 1. The dealer (position 0) declares riichi and wins on position 1's discard: riichi, pinfu, tanyao.
    let mut first = MancheEntry::blank(4);
    first.hands[0] = HandEntry { text: "234c 567c 234d 67b 55b".into(), mahjong: true, ..HandEntry::default() };
    first.hands[0].set("winning_tile", "8b");
    first.hands[0].set_flag("riichi", true);
    first.hands[1].set_flag("discarder", true);
    let (input, outcome) = desk::confirm_manche(&mut store, table, 1, &first, "R").expect("hand 1");
    assert_eq!(input.field::<u64>("honba").expect("read"), Some(0), "the table filled in the counters");
    assert_eq!(outcome.net[0].1, 5800);
    assert_eq!(carried(&store, table, 2), json!({"honba": 1, "deposits": 0}), "the dealer won: one counter");
    assert_eq!(desk::table_state(&store, table).expect("state").frame(2).dealer, 0, "the dealer repeats");

    // 2. A draw: position 2 tenpai in riichi, the dealer noten: the deal passes, the deposit stays.
    desk::confirm_manche(&mut store, table, 2, &draw(&[2], &[2]), "R").expect("hand 2");
    assert_eq!(nets(&store, table, 2), [-1000, -1000, 2000, -1000], "3,000 less the deposit");
    assert_eq!(carried(&store, table, 3), json!({"honba": 2, "deposits": 1}));
    assert_eq!(desk::table_state(&store, table).expect("state").frame(3).dealer, 1);

    // 3. Position 3 commits a chombo: nothing moves at the table, 20,000 off the tournament result, the hand
    // is dealt again with the same counters and deposits.
    let mut chombo = MancheEntry::blank(4);
    chombo.hands[3].set_flag("chombo", true);
    let (_, outcome) = desk::confirm_manche(&mut store, table, 3, &chombo, "R").expect("hand 3");
    assert_eq!(outcome.penalty_of(&names[3]), 20_000);
    assert_eq!(nets(&store, table, 3), [0, 0, 0, 0]);
    assert_eq!(carried(&store, table, 4), json!({"honba": 2, "deposits": 1}));
    assert_eq!(desk::table_state(&store, table).expect("state").frame(4).dealer, 1, "not a hand played");

    // 4. Position 2 wins 1 han 30 fu on position 3: 1,000 + 2 counters + the deposit.
    desk::confirm_manche(&mut store, table, 4, &ron(2, 3, 1, 30), "R").expect("hand 4");
    assert_eq!(nets(&store, table, 4), [0, 0, 2600, -1600]);
    assert_eq!(carried(&store, table, 5), json!({"honba": 0, "deposits": 0}));

    // A correction of hand 2 (nobody tenpai, no riichi) replays hand 4: no deposit for its winner any more.
    desk::confirm_manche(&mut store, table, 2, &draw(&[], &[]), "R").expect("correction");
    assert_eq!(nets(&store, table, 2), [0, 0, 0, 0]);
    assert_eq!(carried(&store, table, 4), json!({"honba": 2, "deposits": 0}));
    assert_eq!(nets(&store, table, 4), [0, 0, 1600, -1600], "replayed from what it now starts with");
    assert_eq!(store.table_manches(table).expect("manches")[3].revision, 2, "the replay is a new revision");

    // 5–9. Non-dealers win until the deal has passed seven times: South 4 is the last deal.
    let mut number = 5;
    while desk::table_state(&store, table).expect("state").winds(number).passes < 7 {
        let dealer = desk::table_state(&store, table).expect("state").frame(number).dealer;
        desk::confirm_manche(&mut store, table, number, &ron((dealer + 1) % 4, dealer, 2, 30), "R").expect("win");
        number += 1;
    }
    let last = carried(&store, table, number);
    assert_eq!(last["last_deal"], json!(true), "{last}");
    let totals = desk::table_state(&store, table).expect("state").running_totals().last().cloned().expect("totals");
    for (name, total) in names.iter().zip(&totals) {
        assert_eq!(last["scores"][name], json!(total), "the scores the last deal starts from");
    }

    // The last deal: a draw, position 1 alone tenpai in riichi, the dealer noten: the game ends, the deposit
    // goes to the first-placed.
    let dealer = desk::table_state(&store, table).expect("state").frame(number).dealer;
    let tenpai = (dealer + 1) % 4;
    let (_, outcome) = desk::confirm_manche(&mut store, table, number, &draw(&[tenpai], &[tenpai]), "R").expect("last");
    let state = desk::table_state(&store, table).expect("state");
    assert_eq!(state.next_number(), None, "the game is over after the South round");
    let finals = state.running_totals().last().cloned().expect("finals");
    assert_eq!(finals.iter().sum::<i64>(), 4 * 30_000, "the deposit left the table");
    let top = finals.iter().copied().max().expect("top");
    let first = finals.iter().position(|&t| t == top).expect("first");
    assert!(outcome.pot.iter().any(|p| p.player == names[first] && p.amount == -1000), "{:?}", outcome.pot);

    // Standings: final score − 30,000 + uma − the chombo.
    let standings = desk::standings(&store, id).expect("standings");
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(finals[p]));
    let uma = [15_000, 5_000, -5_000, -15_000];
    for (place, &p) in order.iter().enumerate() {
        let row = standings.iter().find(|r| r.player.name == names[p]).expect("ranked");
        let chombo = if p == 3 { 20_000 } else { 0 };
        assert_eq!(row.points, finals[p] - 30_000 + uma[place] - chombo, "{}", names[p]);
        assert_eq!(row.penalties, chombo);
    }
}

#[test]
fn a_tournament_of_games_reported_by_their_totals_on_sqlite() {
    games_by_their_totals(Store::open_in_memory().expect("open"));
}

#[test]
fn a_tournament_of_games_reported_by_their_totals_on_postgres() {
    games_by_their_totals(crate::common::pg::store());
}

/// Two sessions of one table, each game entered as its four final scores: the session ends with it, the
/// standings add the uma (equal places sharing theirs) and take off a chombo.
fn games_by_their_totals(mut store: Store) {
    let settings = TournamentSettings {
        name: "Riichi (totals)".into(),
        sessions: 2,
        options: json!({"entry": "totals"}),
        ..TournamentSettings::for_rules("riichi")
    };
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    for name in NAMES {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "R").expect("player");
    }
    desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    let tables = store.seating(id).expect("seating");
    let game = |scores: [&str; 4], chombos: [u32; 4]| {
        let mut entry = MancheEntry::blank(4);
        for (hand, (score, chombo)) in entry.hands.iter_mut().zip(scores.iter().zip(chombos)) {
            hand.set("final_score", *score);
            if chombo > 0 {
                hand.set("chombos", chombo.to_string());
            }
        }
        entry
    };
    let wrong =
        desk::confirm_manche(&mut store, tables[0].id, 1, &game(["40000", "40000", "20000", "20500"], [0; 4]), "R");
    assert!(wrong.is_err(), "120,500 is refused, nothing saved");
    assert!(store.table_manches(tables[0].id).expect("manches").is_empty());
    desk::confirm_manche(&mut store, tables[0].id, 1, &game(["50000", "30000", "30000", "10000"], [0, 0, 0, 1]), "R")
        .expect("game 1");
    assert_eq!(desk::table_state(&store, tables[0].id).expect("state").next_number(), None, "one game, one session");
    let progress = desk::table_progress(&store, id).expect("progress");
    assert_eq!(progress[&tables[0].id].counted, settings.manches_per_session, "shown as complete");
    let names: Vec<String> =
        desk::table_state(&store, tables[0].id).expect("state").players.into_iter().map(|p| p.name).collect();
    let standings = desk::standings(&store, id).expect("standings");
    let points = |name: &str| standings.iter().find(|r| r.player.name == name).expect("ranked").points;
    assert_eq!(points(&names[0]), 20_000 + 15_000);
    assert_eq!(points(&names[1]), 0, "two seconds share +5,000 and −5,000");
    assert_eq!(points(&names[2]), 0);
    assert_eq!(points(&names[3]), -20_000 - 15_000 - 20_000, "last, and a chombo");
}

/// A script names the players as registered whatever the case and however an accent was typed.
#[test]
fn a_script_names_players_whatever_the_case_and_the_accents_typing() {
    let mut store = Store::open_in_memory().expect("open");
    let settings = TournamentSettings { name: "Riichi".into(), sessions: 1, ..TournamentSettings::for_rules("riichi") };
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    for name in ["Ànna", "Bruno", "Carla", "Dario"] {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "R").expect("player");
    }
    desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    let script: stecca::rules::MancheInput =
        serde_json::from_value(json!({"rules": "riichi", "void": true, "players": [
        {"name": "A\u{300}nna", "tenpai": true}, {"name": "BRUNO"}, {"name": "carla"}, {"name": " Dario "}]}))
        .expect("input");
    let at = desk::TableAddress { tournament: id, session: 1, table: 1 };
    let entered = desk::enter_manche(&mut store, at, None, &script, "R").expect("entered");
    let anna = entered.nets.iter().find(|(name, _)| name == "Ànna").expect("the registered spelling");
    assert_eq!(anna.1, 3000, "tenpai alone");
}

/// A Riichi tournament printed and exported: score sheets with a row for each of a game's likely repeats and
/// the han and fu columns, the standings with the ruleset and the uma, the manches with their draws.
#[test]
fn a_riichi_tournament_is_printed_and_exported() {
    use crate::export::{flat, pdf_pages};
    use stecca::export::{Format, What, export};
    use stecca::i18n::Lang;
    let mut store = Store::open_in_memory().expect("open");
    let size = desk::DemoSize { players: 8, sessions: 1, club_weight: 0.0, rules: "riichi" };
    let id = desk::create_demo(&mut store, size, 11, "demo").expect("demo");
    let sheets = pdf_pages(&export(&store, id, What::Scoresheets, Format::Pdf, Lang::ENGLISH, None).expect("sheets"));
    let sheet = flat(&sheets[0]);
    for needle in ["Han", "Fu", "Tsumo", "Riichi — EMA rules (RCR 2016)", "12"] {
        assert!(sheet.contains(needle), "{needle} in {sheet}");
    }
    assert!(!sheet.contains(" 13 "), "8 counted hands and half again: 12 rows");
    let standings = desk::standings(&store, id).expect("standings");
    assert_eq!(standings.iter().map(|r| r.points).sum::<i64>(), 0, "the uma sums to zero, as the nets do");
    let csv = String::from_utf8(export(&store, id, What::Standings, Format::Csv, Lang::ENGLISH, None).expect("csv"))
        .expect("utf-8");
    assert!(csv.lines().nth(1).is_some_and(|l| l.ends_with(",riichi,RCR 2016")), "{csv}");
    let pdf = pdf_pages(&export(&store, id, What::Standings, Format::Pdf, Lang::ENGLISH, None).expect("pdf"));
    assert!(flat(&pdf[0]).contains(&standings[0].player.name));
}
