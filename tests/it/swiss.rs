//! Seating a session by the standings (issue "Seating at the frontier"): table 1 the leaders, meetings parted
//! by swaps with the next table, nobody more than one table from their place, winds balanced, what remains
//! reported; refusals name the session or table; tables of three alike; the `stecca seat --by-standings` contract.

use std::collections::HashMap;

use stecca::desk;
use stecca::store::Store;
use stecca::tournament::{MancheEntry, TournamentSettings};

/// A tournament of `players` seated for `sessions`, every table of the sessions up to `played` with one
/// random manche.
fn tournament(store: &mut Store, rules: &str, players: usize, sessions: u32, played: u32) -> i64 {
    let settings = TournamentSettings {
        name: "Finale alla svizzera".into(),
        sessions,
        rules: rules.into(),
        seating_seed: 5,
        ..TournamentSettings::default()
    };
    let id = desk::create_tournament(store, &settings, "Arbitro").expect("tournament");
    store.import_players(id, &desk::demo_players(players), "Arbitro").expect("players");
    desk::seat_tournament(store, id, 0.0, "Arbitro").expect("seated");
    let mut seed = 11;
    for table in store.seating(id).expect("seating").into_iter().filter(|t| t.session <= played) {
        let state = desk::table_state(store, table.id).expect("table");
        let entry = loop {
            seed += 1;
            let entry = MancheEntry::from_input(&state.rules.random_manche(seed, &state.frame(1)));
            if state.preview(1, &entry).is_ok() {
                break entry;
            }
        };
        desk::confirm_manche(store, table.id, 1, &entry, "Arbitro").expect("manche");
    }
    id
}

/// How often each pair met in the sessions before `session`.
fn meetings(store: &Store, id: i64, session: u32) -> HashMap<(i64, i64), u32> {
    let mut met = HashMap::new();
    for table in store.seating(id).expect("seating").iter().filter(|t| t.session < session) {
        for &a in &table.players {
            for &b in &table.players {
                if a < b {
                    *met.entry((a, b)).or_default() += 1;
                }
            }
        }
    }
    met
}

fn tables_of(store: &Store, id: i64, session: u32) -> Vec<Vec<i64>> {
    store.seating(id).expect("seating").into_iter().filter(|t| t.session == session).map(|t| t.players).collect()
}

fn check_swiss(store: &mut Store, id: i64, session: u32, size: usize) -> desk::StandingsSeating {
    let standings = desk::standings(store, id).expect("standings");
    let met = meetings(store, id, session);
    let outcome = desk::seat_by_standings(store, id, session, "Arbitro").expect("seated by the standings");
    let tables = tables_of(store, id, session);
    let table_of: HashMap<i64, usize> =
        tables.iter().enumerate().flat_map(|(t, players)| players.iter().map(move |&p| (p, t))).collect();
    let names: HashMap<i64, String> =
        store.players(id).expect("players").into_iter().map(|p| (p.id, p.data.name)).collect();
    let mut moved = Vec::new();
    for (rank, row) in standings.iter().enumerate() {
        let by_rank = rank / size;
        let seated = table_of[&row.player.id];
        assert!(seated.abs_diff(by_rank) <= 1, "{} ranked {} sits at table {}", row.player.name, rank + 1, seated + 1);
        if seated != by_rank {
            moved.push((row.player.name.clone(), by_rank + 1, seated + 1));
        }
    }
    assert_eq!(outcome.moved, moved, "the report names exactly who moved");
    let mut repeats = Vec::new();
    for players in &tables {
        for &a in players {
            for &b in players {
                if let Some(&times) = met.get(&(a, b)) {
                    repeats.push(pair(&names[&a], &names[&b], times));
                }
            }
        }
    }
    let mut said: Vec<_> = outcome.repeats.iter().map(|(a, b, times)| pair(a, b, *times)).collect();
    said.sort();
    repeats.sort();
    assert_eq!(said, repeats, "the report lists exactly the meetings that remained");
    // No single swap between neighbouring tables that keeps everyone within one table of their place parts a
    // remaining meeting without making another.
    let rank_table: HashMap<i64, usize> =
        standings.iter().enumerate().map(|(rank, row)| (row.player.id, rank / size)).collect();
    let table_of_rank = |p: i64| rank_table.get(&p).copied().unwrap_or(usize::MAX / 2);
    let cost = |players: &[i64]| -> u32 {
        players.iter().flat_map(|&a| players.iter().map(move |&b| (a, b))).filter_map(|k| met.get(&k)).sum()
    };
    for k in 0..tables.len() - 1 {
        let total = cost(&tables[k]) + cost(&tables[k + 1]);
        for x in 0..tables[k].len() {
            for y in 0..tables[k + 1].len() {
                let (a, b) = (tables[k][x], tables[k + 1][y]);
                if table_of_rank(a).abs_diff(k + 1) > 1 || table_of_rank(b).abs_diff(k) > 1 {
                    continue;
                }
                let (mut tk, mut tj) = (tables[k].clone(), tables[k + 1].clone());
                tk[x] = b;
                tj[y] = a;
                assert!(
                    cost(&tk) + cost(&tj) >= total,
                    "swapping {} and {} would part a meeting",
                    names[&a],
                    names[&b]
                );
            }
        }
    }
    outcome
}

/// A pair of names in one order, with the meetings before.
fn pair(a: &str, b: &str, times: u32) -> (String, String, u32) {
    (a.min(b).to_owned(), a.max(b).to_owned(), times)
}

#[test]
fn the_final_session_seats_the_leaders_at_table_1_and_parts_meetings() {
    let mut store = Store::open_in_memory().expect("store");
    let id = tournament(&mut store, "fimj", 32, 4, 3);
    let before = tables_of(&store, id, 4);
    let outcome = check_swiss(&mut store, id, 4, 4);
    assert_eq!(outcome.session, 4);
    let leader = desk::standings(&store, id).expect("standings")[0].player.id;
    assert!(tables_of(&store, id, 4)[0].contains(&leader), "the leader plays at table 1");
    assert_ne!(tables_of(&store, id, 4), before, "session 4 was seated anew");
    // Ranked in order, 32 players after three repeat-free sessions meet again somewhere; the swaps part
    // most of it.
    assert!(outcome.repeats.len() <= 2, "{:?}", outcome.repeats);
    let Some(stecca::seating::Quality::Four(report)) = outcome.report else { panic!("a four-seat report") };
    // The three sessions before are fixed, so two players of a table may both lack the same wind: at most one
    // wind twice, and only for a few.
    assert!(report.max_wind_deviation <= 2, "{report:?}");
    let uneven = report.wind_counts.iter().filter(|c| c.iter().max() != c.iter().min()).count();
    assert!(uneven <= 8, "{uneven} of 32 players lack a wind after four sessions");
    // The change is in the audit trail like every seating.
    // (The tables seated with other players get new phone links with it.)
    let audit = store.audit_log(id).expect("audit");
    let seating = audit.iter().find(|e| e.entity != "table_link").expect("an entry");
    assert!(
        seating.entity == "seating" && seating.entity_id == 4 && seating.before.is_some(),
        "the last entry reseats session 4: {seating:?}"
    );
}

#[test]
fn tables_of_three_are_seated_by_the_standings_alike() {
    let mut store = Store::open_in_memory().expect("store");
    let id = tournament(&mut store, "mayumi", 17, 3, 2);
    check_swiss(&mut store, id, 3, 3);
    let sizes: Vec<usize> = tables_of(&store, id, 3).iter().map(Vec::len).collect();
    assert_eq!(sizes, [3, 3, 3, 3, 3, 2], "the table of two is the last");
}

#[test]
fn refusals_name_the_session_or_the_table() {
    let mut store = Store::open_in_memory().expect("store");
    let id = tournament(&mut store, "fimj", 16, 3, 1);
    let said = |store: &mut Store, session: u32| {
        desk::seat_by_standings(store, id, session, "Arbitro").expect_err("refused").to_string()
    };
    assert!(said(&mut store, 1).contains("Session 1 cannot be seated by the standings"), "{}", said(&mut store, 1));
    assert!(said(&mut store, 4).contains("(2 to 3)"));
    let unplayed = said(&mut store, 3);
    assert!(unplayed.starts_with("Session 2, table 1 has no results yet"), "{unplayed}");
    let before = tables_of(&store, id, 3);
    assert_eq!(tables_of(&store, id, 3), before, "nothing saved");
    // Session 2 can be seated from session 1; once it has results, it cannot be seated again.
    check_swiss(&mut store, id, 2, 4);
    let table = store.seating(id).expect("seating").into_iter().find(|t| t.session == 2).expect("table");
    let state = desk::table_state(&store, table.id).expect("table");
    let entry = MancheEntry::from_input(&state.rules.random_manche(3, &state.frame(1)));
    desk::confirm_manche(&mut store, table.id, 1, &entry, "Arbitro").expect("manche");
    assert!(said(&mut store, 2).contains("Session 2 already has results"));
}

#[test]
fn the_command_line_seats_a_session_by_the_standings() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("svizzera.db");
    let id = {
        let mut store = Store::open(&db).expect("store");
        tournament(&mut store, "fimj", 16, 3, 2)
    };
    let out = crate::common::cli::command()
        .args(["seat", "--db", db.to_str().expect("utf-8"), "--tournament", &id.to_string()])
        .args(["--sessions", "3", "--by-standings", "--lang", "en"])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["session"], 3);
    assert_eq!(v["tables"].as_array().map(Vec::len), Some(4));
    assert!(v["repeats"].is_array() && v["moved"].is_array());
    assert!(v["report"]["repeat_meetings"].is_u64());
    let range = crate::common::cli::command()
        .args(["seat", "--db", db.to_str().expect("utf-8"), "--tournament", &id.to_string()])
        .args(["--sessions", "2..3", "--by-standings", "--lang", "en"])
        .output()
        .expect("runs");
    assert!(!range.status.success());
    let said = String::from_utf8_lossy(&range.stderr);
    assert!(said.contains("--sessions 2..3: seating by the standings seats one session at a time"), "{said}");
}

/// The sessions screen seats the selected session by the standings and says who moved and what remained.
#[test]
fn the_sessions_screen_seats_a_session_by_the_standings() {
    use crate::common::desk::{click, harness};
    use egui::Role;
    use egui_kittest::kittest::Queryable;
    use stecca::ui::{DeskApp, Screen};
    let mut store = Store::open_in_memory().expect("store");
    let id = tournament(&mut store, "fimj", 16, 3, 2);
    let leader = desk::standings(&store, id).expect("standings")[0].player.id;
    let mut app = DeskApp::new(store);
    app.open_tournament(id);
    app.go(Screen::Sessions);
    let mut harness = harness(app);
    harness.run();
    assert!(harness.query_by_label("Assegna la sessione 1 dalla classifica").is_none(), "not for session 1");
    click(&mut harness, Role::Button, "Sessione 3");
    click(&mut harness, Role::Button, "Assegna la sessione 3 dalla classifica");
    harness.get_by_label_contains("Sessione 3 assegnata dalla classifica");
    let seating = harness.state().desk().store().seating(id).expect("seating");
    let table_1 = seating.iter().find(|t| t.session == 3 && t.number == 1).expect("table 1");
    assert!(table_1.players.contains(&leader), "the leader plays at table 1");
}
