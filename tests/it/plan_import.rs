//! Importing a seating plan from a file (issue "Seating at the frontier"): checked whole, saved all or none,
//! with the quality report; bad values named; on the desk, the command line and the sessions screen.

use stecca::desk;
use stecca::store::Store;
use stecca::tournament::TournamentSettings;

/// A tournament of sixteen players over three sessions, nobody seated yet.
fn tournament(store: &mut Store) -> i64 {
    let settings = TournamentSettings { name: "Piano federale".into(), sessions: 3, ..TournamentSettings::default() };
    let id = desk::create_tournament(store, &settings, "Arbitro").expect("tournament");
    store.import_players(id, &desk::demo_players(16), "Arbitro").expect("players");
    id
}

/// A repeat-free plan for sixteen players (the affine plane of order 4's first three parallel classes), the
/// players by registration number in session 1 and by name after.
fn plan_file() -> String {
    let players = desk::demo_players(16);
    let mut text = String::from("session,table,seat,player\n");
    for session in 1..=3u32 {
        for x in 0..4u32 {
            for y in 0..4u32 {
                // Session 1: rows; 2: columns; 3: the diagonals x + y (mod 4) — no pair meets twice.
                let (table, seat) = match session {
                    1 => (x, y),
                    2 => (y, x),
                    _ => ((x + y) % 4, x),
                };
                let p = &players[(4 * x + y) as usize];
                let who = if session == 1 { p.federation_id.clone() } else { p.name.clone() };
                text.push_str(&format!("{session},{},{},\"{who}\"\n", table + 1, seat + 1));
            }
        }
    }
    text
}

#[test]
fn a_whole_plan_is_imported_with_its_report() {
    let mut store = Store::open_in_memory().expect("store");
    let id = tournament(&mut store);
    let preview = desk::preview_seating_import(&store, id, &plan_file()).expect("preview");
    assert!(preview.problems.is_empty(), "{:?}", preview.problems);
    assert!(store.seating(id).expect("seating").is_empty(), "a preview writes nothing");
    let outcome = desk::import_seating(&mut store, id, &plan_file(), "Arbitro").expect("imported");
    assert_eq!(outcome.sessions, 1..=3);
    let report = outcome.report.expect("report");
    assert_eq!(report.repeat_meetings(), 0);
    let seating = store.seating(id).expect("seating");
    assert_eq!(seating.len(), 12);
    let players = store.players(id).expect("players");
    let name = |pid: i64| players.iter().find(|p| p.id == pid).map(|p| p.data.name.clone()).expect("player");
    let table_1: Vec<String> = seating[0].players.iter().map(|&p| name(p)).collect();
    let expected: Vec<String> = desk::demo_players(4).into_iter().map(|p| p.name).collect();
    assert_eq!(table_1, expected, "session 1, table 1, seats 1–4 as the file says");
}

#[test]
fn a_file_with_bad_values_or_over_played_sessions_changes_nothing() {
    let mut store = Store::open_in_memory().expect("store");
    let id = tournament(&mut store);
    let bad = plan_file().replace("\"FIMJ-1000\"", "\"FIMJ-9999\"");
    let said = desk::import_seating(&mut store, id, &bad, "Arbitro").expect_err("refused").to_string();
    assert!(said.contains("no player is registered as “FIMJ-9999”"), "{said}");
    assert!(store.seating(id).expect("seating").is_empty(), "nothing saved");
    // Seated and session 1 played: the file may not replace session 1.
    desk::import_seating(&mut store, id, &plan_file(), "Arbitro").expect("imported");
    let table = store.seating(id).expect("seating")[0].id;
    let state = desk::table_state(&store, table).expect("table");
    let entry = stecca::tournament::MancheEntry::from_input(&state.rules.random_manche(1, &state.frame(1)));
    desk::confirm_manche(&mut store, table, 1, &entry, "Arbitro").expect("manche");
    let before = store.seating(id).expect("seating");
    let preview = desk::preview_seating_import(&store, id, &plan_file()).expect("preview");
    let problems: Vec<String> = preview.problems.iter().map(ToString::to_string).collect();
    assert_eq!(problems, ["Session 1 already has results: an imported plan may only seat sessions without results"]);
    assert!(desk::import_seating(&mut store, id, &plan_file(), "Arbitro").is_err());
    assert_eq!(store.seating(id).expect("seating"), before, "all or none");
    // Sessions 2–3 alone are fine.
    let later: String = plan_file().lines().filter(|l| !l.starts_with("1,")).collect::<Vec<_>>().join("\n");
    let outcome = desk::import_seating(&mut store, id, &later, "Arbitro").expect("sessions 2–3");
    assert_eq!(outcome.sessions, 2..=3);
}

#[test]
fn the_command_line_imports_a_plan_or_names_every_problem() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("piano.db");
    let id = tournament(&mut Store::open(&db).expect("store"));
    let run = |file: &std::path::Path| {
        crate::common::cli::command()
            .args(["seat", "--db", db.to_str().expect("utf-8"), "--tournament", &id.to_string(), "--lang", "en"])
            .arg("--import")
            .arg(file)
            .output()
            .expect("runs")
    };
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, plan_file().replace("3,1,1,", "3,1,9,").replace("2,4,4,", "2,4,3,")).expect("write");
    let out = run(&bad);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("Seat: “9” is not a number from 1 to 4"), "{said}");
    assert!(said.contains("session 2, table 4, seat 3 is given twice"), "{said}");
    assert!(Store::open(&db).expect("store").seating(id).expect("seating").is_empty());
    let good = dir.path().join("plan.csv");
    std::fs::write(&good, plan_file()).expect("write");
    let out = run(&good);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((v["first_session"].as_u64(), v["last_session"].as_u64()), (Some(1), Some(3)));
    assert_eq!(v["report"]["repeat_meetings"], 0);
}

/// The desk open on the sessions screen of `tournament`, with `file` previewed in "Import a plan".
fn preview_on_the_sessions_screen(
    store: Store,
    tournament: i64,
    file: &std::path::Path,
) -> egui_kittest::Harness<'static, stecca::ui::DeskApp> {
    use crate::common::desk::{click, harness, type_into};
    use egui::Role;
    use egui_kittest::kittest::Queryable;
    use stecca::ui::{DeskApp, Screen};
    let mut app = DeskApp::new(store);
    app.open_tournament(tournament);
    app.go(Screen::Sessions);
    let mut harness = harness(app);
    harness.run();
    harness.get_by_label("Importa un piano (CSV)").click();
    harness.run();
    type_into(&mut harness, "File", file.to_str().expect("utf-8"));
    click(&mut harness, Role::Button, "Anteprima");
    harness
}

#[test]
fn the_sessions_screen_previews_and_imports_a_plan() {
    use crate::common::desk::click;
    use egui::Role;
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("piano.csv");
    std::fs::write(&file, plan_file()).expect("write");
    let mut store = Store::open_in_memory().expect("store");
    let id = tournament(&mut store);
    let mut harness = preview_on_the_sessions_screen(store, id, &file);
    harness.get_by_label_contains("Sessioni 1–3: incontri ripetuti 0");
    click(&mut harness, Role::Button, "Importa il piano per le sessioni 1–3");
    harness.get_by_label_contains("Piano importato per le sessioni 1–3.");
    assert_eq!(harness.state().desk().store().seating(id).expect("seating").len(), 12);
}

/// Sixteen players over six sessions (one more than the five a repeat-free plan allows), every session at the
/// same four tables: 120 repeated meetings where 24 are the least possible.
fn same_tables_every_session(store: &mut Store) -> (i64, String) {
    let settings = TournamentSettings { name: "Sei sessioni".into(), sessions: 6, ..TournamentSettings::default() };
    let id = desk::create_tournament(store, &settings, "Arbitro").expect("tournament");
    let players = desk::demo_players(16);
    store.import_players(id, &players, "Arbitro").expect("players");
    let mut text = String::from("session,table,seat,player\n");
    for session in 1..=6 {
        for (i, p) in players.iter().enumerate() {
            text.push_str(&format!("{session},{},{},{}\n", i / 4 + 1, i % 4 + 1, p.federation_id));
        }
    }
    (id, text)
}

#[test]
fn a_plan_above_the_bound_says_how_far_on_the_command_line_and_the_screen() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("sei.db");
    let (id, text) = same_tables_every_session(&mut Store::open(&db).expect("store"));
    let file = dir.path().join("sei.csv");
    std::fs::write(&file, &text).expect("write");
    let out = crate::common::cli::command()
        .args(["seat", "--db", db.to_str().expect("utf-8"), "--tournament", &id.to_string(), "--import"])
        .arg(&file)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let report = &v["report"];
    assert_eq!((report["repeat_meetings"].as_u64(), report["lower_bound"].as_u64()), (Some(120), Some(24)));
    assert_eq!(report["above_bound"], serde_json::json!({"meetings": 96, "percent": 400}));

    let mut store = Store::open_in_memory().expect("store");
    let (id, _) = same_tables_every_session(&mut store);
    let harness = preview_on_the_sessions_screen(store, id, &file);
    harness.get_by_label_contains("incontri ripetuti 120 (minimo possibile 24)");
    harness.get_by_label_contains("96 oltre il minimo possibile (400 % in più)");
}
