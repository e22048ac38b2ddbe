//! Storage: migrations, every entity round-trips, audit entries, refusal of a newer schema, backup before a
//! migration.

use rusqlite::Connection;
use stecca::export::{Format, What};
use stecca::i18n::Lang;
use stecca::message::Explain;
use stecca::store::{Store, StoreError, schema_version};
use stecca::tiles::Wind;
use stecca::tournament::{PlayerData, Ranking, RankingMethod, TieBreak, TournamentSettings};

fn temp_db() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("stecca.db");
    (dir, path)
}

#[test]
fn a_new_database_is_migrated_with_wal_and_foreign_keys() {
    let (_dir, path) = temp_db();
    let store = Store::open(&path).expect("open");
    let conn = store.connection().expect("sqlite");
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).expect("version");
    assert_eq!(version, schema_version());
    let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).expect("mode");
    assert_eq!(mode, "wal");
    let fk: bool = conn.pragma_query_value(None, "foreign_keys", |r| r.get(0)).expect("fk");
    assert!(fk);
    assert!(store.integrity_ok().expect("check"));
    assert!(store.backup_written().is_none(), "a new database needs no backup");
}

fn settings_players_seating_and_penalties_round_trip(mut store: Store) {
    let settings = TournamentSettings {
        name: "Campionato Italiano".into(),
        venue: "Bologna".into(),
        start_date: chrono::NaiveDate::from_ymd_opt(2026, 11, 21),
        end_date: chrono::NaiveDate::from_ymd_opt(2026, 11, 22),
        options: serde_json::json!({"starting_points": 5000, "east_rotation": "club"}),
        sessions: 6,
        manches_per_session: 16,
        ranking: Ranking {
            method: RankingMethod::PlacementPoints,
            placement_points: vec![3, 1, 0, 0],
            tie_breaks: vec![TieBreak::MahJongs],
        },
        seating_seed: 77,
        ..TournamentSettings::default()
    };
    let id = stecca::desk::create_tournament(&mut store, &settings, "Rossi").expect("create");
    assert_eq!(store.tournament(id).expect("read").settings, settings);
    let niccolo = PlayerData {
        name: "Niccolò Bàrtoli-Dell'Acqua".into(),
        club: "Drago".into(),
        country: "IT".into(),
        federation_id: "FIMJ-0042".into(),
        substitute: true,
        withdrawn: false,
        team: "Draghi".into(),
    };
    let pid = store.add_player(id, &niccolo, "Rossi").expect("add");
    assert_eq!(store.player(pid).expect("player").data, niccolo);
    let others: Vec<i64> = ["A", "B", "C"]
        .iter()
        .map(|n| {
            store.add_player(id, &PlayerData { name: (*n).into(), ..PlayerData::default() }, "Rossi").expect("add")
        })
        .collect();
    store.save_seating(id, 1, &[vec![vec![pid, others[0], others[1], others[2]]]], "Rossi").expect("seat");
    let tables = store.seating(id).expect("seating");
    assert_eq!((tables.len(), tables[0].session, tables[0].number), (1, 1, 1));
    assert_eq!(tables[0].players, [pid, others[0], others[1], others[2]]);
    store.set_start_round_wind(id, tables[0].id, Wind::West, "Rossi").expect("wind");
    assert_eq!(store.table(tables[0].id).expect("table").start_round_wind, Wind::West);
    let penalty = store.add_penalty(id, pid, Some(1), 100, "ritardo", "Rossi").expect("penalty");
    let stored = &store.penalties(id).expect("penalties")[0];
    assert_eq!((stored.id, stored.points, stored.reason.as_str(), stored.revoked), (penalty, 100, "ritardo", false));
    store.revoke_penalty(id, penalty, "Bianchi").expect("revoke");
    assert!(store.penalties(id).expect("penalties")[0].revoked);
    store.set_preference("language", "en").expect("pref");
    assert_eq!(store.preference("language").expect("pref").as_deref(), Some("en"));
}

/// A stored manche's payment rows with player names.
fn payment_names(store: &Store, tournament: i64, manche: &stecca::store::StoredManche) -> Vec<(String, String, i64)> {
    let players = store.players(tournament).expect("players");
    let name = |id: i64| players.iter().find(|p| p.id == id).expect("a player of the tournament").data.name.clone();
    manche.payments.iter().map(|p| (name(p.from), name(p.to), p.amount)).collect()
}

fn a_manche_round_trips_and_a_correction_is_audited(mut store: Store) {
    let (id, table) = crate::common::seated_four(&mut store);
    let (input, outcome) =
        stecca::desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "Rossi").expect("ok");
    let manches = store.table_manches(table).expect("manches");
    assert_eq!(manches.len(), 1);
    assert_eq!(manches[0].input, input, "stored exactly as typed");
    assert_eq!(manches[0].engine_version, stecca::ENGINE_VERSION);
    let nets: Vec<i64> = outcome.net.iter().map(|(_, n)| *n).collect();
    assert_eq!(manches[0].nets.to_vec(), nets);
    assert_eq!(manches[0].outcome.net[1], ("Bruno".to_owned(), nets[1]));
    let names: Vec<(String, String, i64)> = payment_names(&store, id, &manches[0]);
    let expected: Vec<(String, String, i64)> =
        outcome.payments.iter().map(|p| (p.from.clone(), p.to.clone(), p.amount as i64)).collect();
    assert_eq!(names, expected, "payments are rows between the table's players");

    let mut corrected = crate::common::digest_entry();
    corrected.hands[1].win.clear();
    stecca::desk::confirm_manche(&mut store, table, 1, &corrected, "Bianchi").expect("correction");
    let history = store.record_history("manche", manches[0].id).expect("history");
    let actions: Vec<&str> = history.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["enter", "correct"]);
    assert_eq!(history[1].referee, "Bianchi");
    assert!(history[1].before.as_deref().is_some_and(|b| b.contains("self_drawn")));
    assert!(history[1].after.as_deref().is_some_and(|a| !a.contains("self_drawn")));
    let after = store.table_manches(table).expect("manches");
    assert_eq!(after.len(), 1, "a correction replaces, never adds");
    let (_, outcome) = stecca::desk::table_state(&store, table).expect("state").preview(1, &corrected).expect("ok");
    let expected: Vec<(String, String, i64)> =
        outcome.payments.iter().map(|p| (p.from.clone(), p.to.clone(), p.amount as i64)).collect();
    assert_eq!(payment_names(&store, id, &after[0]), expected, "a correction rewrites the payment rows");
    let mut void = stecca::tournament::MancheEntry { void: true, ..crate::common::digest_entry() };
    void.hands[1].mahjong = false;
    void.hands[1].win.clear();
    stecca::desk::confirm_manche(&mut store, table, 1, &void, "Bianchi").expect("void");
    assert!(store.table_manches(table).expect("manches")[0].payments.is_empty(), "a void manche pays nothing");
    assert!(store.audit_log(id).expect("log").len() >= 8);
}

fn the_audit_log_is_append_only(mut store: Store) {
    crate::common::seated_four(&mut store);
    // The trigger's refusal reaches the desk as a refusal in its words, on either backend.
    for sql in ["UPDATE audit SET referee = 'x'", "DELETE FROM audit"] {
        let refused = store.execute_sql(sql, &[]).expect_err("append-only");
        assert!(matches!(refused, StoreError::Refused(_)), "{refused:?}");
        assert_eq!(refused.message().id(), Some("error.guard.audit_append_only"));
        assert!(refused.message().render(Lang::ITALIAN).contains("registro delle modifiche"));
    }
}

#[test]
fn a_database_from_a_newer_stecca_is_refused_and_left_alone() {
    let (_dir, path) = temp_db();
    drop(Store::open(&path).expect("create"));
    let conn = Connection::open(&path).expect("raw");
    conn.pragma_update(None, "user_version", 99).expect("bump");
    drop(conn);
    let before = std::fs::read(&path).expect("bytes");
    let error = Store::open(&path).expect_err("refused");
    assert!(matches!(error, StoreError::TooNew { found: 99, .. }), "{error}");
    assert!(error.to_string().contains("newer Stecca"), "{error}");
    assert_eq!(std::fs::read(&path).expect("bytes"), before, "the file is not touched");
}

#[test]
fn an_older_database_is_backed_up_before_it_is_migrated() {
    let (dir, path) = temp_db();
    let conn = Connection::open(&path).expect("raw");
    conn.execute_batch(include_str!("../../crates/store/migrations/01-initial/up.sql")).expect("schema 1");
    conn.pragma_update(None, "user_version", 1).expect("version 1");
    conn.execute(
        "INSERT INTO tournament (name, rules, sessions, created_at) VALUES ('Vecchio', 'fimj', 4, '2025-01-01')",
        [],
    )
    .expect("row");
    drop(conn);
    let store = Store::open(&path).expect("migrate");
    let backup = store.backup_written().expect("backup written").to_owned();
    assert_eq!(backup.parent(), Some(dir.path()), "beside the database");
    let old = Connection::open(&backup).expect("backup opens");
    let version: i64 = old.pragma_query_value(None, "user_version", |r| r.get(0)).expect("version");
    assert_eq!(version, 1);
    let name: String = old.query_row("SELECT name FROM tournament", [], |r| r.get(0)).expect("row");
    assert_eq!(name, "Vecchio");
    assert_eq!(store.list_tournaments().expect("list")[0].name, "Vecchio");
}

fn a_bad_player_is_refused_and_an_import_saves_all_or_nothing(mut store: Store) {
    let id = stecca::desk::create_tournament(
        &mut store,
        &TournamentSettings { name: "T".into(), ..TournamentSettings::default() },
        "R",
    )
    .expect("t");
    let p = |name: &str| PlayerData { name: name.into(), ..PlayerData::default() };
    let error = store.import_players(id, &[p("Anna"), p("  "), p("Carla")], "R").expect_err("row 2 bad");
    assert!(error.to_string().starts_with("Line 2: Name"), "{error}");
    assert!(store.players(id).expect("players").is_empty(), "nothing saved half-way");
    store.add_player(id, &p("Anna"), "R").expect("add");
    let duplicate = store.add_player(id, &p("Anna"), "R").expect_err("duplicate");
    assert!(duplicate.to_string().contains("already registered"), "{duplicate}");
}

/// A database made by Stecca at schema 2 (payments only inside each outcome's JSON): `stecca demo` of an
/// 8-player FIMJ tournament and a classic American one, with its CSVs exported by that version. Opened now, it
/// is backed up, migrated, and exports exactly the same standings, manches and payments (now read from rows).
#[test]
fn a_schema_2_database_migrates_with_a_backup_and_identical_results() {
    let (dir, path) = temp_db();
    std::fs::copy("tests/fixtures/schema2.db", &path).expect("copy the fixture");
    let store = Store::open(&path).expect("migrate");
    let backup = store.backup_written().expect("a backup is written").to_owned();
    let old = Connection::open(&backup).expect("backup opens");
    assert_eq!(old.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0)).expect("version"), 2);
    let rows: i64 =
        store.connection().expect("sqlite").query_row("SELECT count(*) FROM payment", [], |r| r.get(0)).expect("rows");
    let mut expected_rows = 0;
    for tournament in [1, 2] {
        for what in [What::Standings, What::Manches, What::Payments] {
            let name = format!("tests/fixtures/schema2-t{tournament}-{}.csv", format!("{what:?}").to_lowercase());
            let before = std::fs::read_to_string(&name).expect("fixture CSV");
            let after =
                stecca::export::export(&store, tournament, what, Format::Csv, Lang::ITALIAN, None).expect("export");
            // Every column the previous version wrote is identical; this version adds the ruleset and edition,
            // and the standings the MERS base rank before them.
            let added = if what == What::Standings { 3 } else { 2 };
            let without_rules: Vec<String> = String::from_utf8(after)
                .expect("utf-8")
                .lines()
                .map(|line| line.rsplitn(added + 1, ',').nth(added).unwrap_or_default().to_owned())
                .collect();
            assert_eq!(without_rules, before.lines().collect::<Vec<_>>(), "{name}");
            if what == What::Payments {
                expected_rows += before.lines().count() as i64 - 1;
            }
        }
    }
    assert!(expected_rows > 400, "the fixture has payments to migrate");
    assert_eq!(rows, expected_rows, "every payment of every outcome is a row");
    // Every saved outcome scores the same today: each is rewritten with text ids (schema 8), words and all.
    let conn = store.connection().expect("sqlite");
    let version_1: i64 =
        conn.query_row("SELECT count(*) FROM manche WHERE outcome_version = 1", [], |r| r.get(0)).expect("count");
    assert_eq!(version_1, 0, "no outcome left with its words written out");
    let outcomes: Vec<String> = conn
        .prepare("SELECT outcome FROM manche")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .expect("outcomes");
    let outcomes: Vec<stecca::rules::MancheOutcome> =
        outcomes.iter().map(|o| serde_json::from_str(o).expect("outcome")).collect();
    let labels: Vec<_> = outcomes.iter().flat_map(|o| &o.players).flat_map(|p| &p.items).map(|i| &i.label).collect();
    assert!(labels.len() > 100, "the fixture explains its hands");
    assert!(labels.iter().all(|label| label.id().is_some()), "every line an id");
    drop(store);
    assert!(dir.path().join("stecca.db").exists());
}

crate::on_both_backends!(
    settings_players_seating_and_penalties_round_trip,
    a_manche_round_trips_and_a_correction_is_audited,
    the_audit_log_is_append_only,
    a_bad_player_is_refused_and_an_import_saves_all_or_nothing,
    federation_numbers_are_checked_and_unique,
);

/// A federation number: of the shape the tournament sets, nobody else's, at registration, import and
/// correction; nothing saved on a refusal.
fn federation_numbers_are_checked_and_unique(mut store: Store) {
    let settings = TournamentSettings {
        name: "EMA".into(),
        federation_format: "########".into(),
        ..TournamentSettings::default()
    };
    let id = stecca::desk::create_tournament(&mut store, &settings, "R").expect("create");
    let player = |name: &str, number: &str| PlayerData {
        name: name.into(),
        federation_id: number.into(),
        ..PlayerData::default()
    };
    let anna = store.add_player(id, &player("Anna", "04170001"), "R").expect("fits");
    let wrong = store.add_player(id, &player("Bruno", "417-0002"), "R").expect_err("not the shape");
    assert!(wrong.to_string().contains("Bruno") && wrong.to_string().contains("417-0002"), "{wrong}");
    let taken = store.add_player(id, &player("Carla", "04170001"), "R").expect_err("Anna's");
    assert!(taken.to_string().contains("Anna") && taken.to_string().contains("Carla"), "{taken}");
    let import = store.import_players(id, &[player("Dario", "04170004"), player("Elsa", "04170001")], "R");
    assert!(import.is_err(), "one number taken: nothing imported");
    assert_eq!(store.players(id).expect("players").len(), 1);
    let bruno = store.add_player(id, &player("Bruno", "04170002"), "R").expect("fits");
    let moved = store.update_player(id, bruno, &player("Bruno", "04170001"), "R").expect_err("Anna's");
    assert!(moved.to_string().contains("Anna"), "{moved}");
    store.update_player(id, anna, &player("Anna", "04170001"), "R").expect("her own number again");
    store.add_player(id, &player("Fede", ""), "R").expect("no number is no problem");
}
