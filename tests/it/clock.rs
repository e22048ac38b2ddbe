//! The session clock (issue "A federation's tournament day"): kept on the session, the same for every station,
//! driven at the desk and by `stecca clock`; actions out of order refused by name, nothing changed.

use chrono::{DateTime, Utc};
use stecca::desk::{self, ClockRequest, Desk};
use stecca::store::Store;
use stecca::tournament::clock::{ClockAction, ClockCall, ClockState};
use stecca::tournament::{PlayerData, TournamentSettings};

use crate::common::cli::{ok, seated_tournament, stecca};

fn at(minute: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000 + minute * 60, 0).expect("an instant")
}

/// A tournament of 8 players seated for two sessions, with sessions of `minutes` on the clock.
fn seated(store: &mut Store, minutes: u32) -> i64 {
    let settings = TournamentSettings {
        name: "Orologio".into(),
        sessions: 2,
        session_minutes: minutes,
        ..TournamentSettings::default()
    };
    let id = desk::create_tournament(store, &settings, "R").expect("create");
    for i in 0..8 {
        store.add_player(id, &PlayerData { name: format!("P{i}"), ..PlayerData::default() }, "R").expect("player");
    }
    desk::seat_tournament(store, id, 0.0, "R").expect("seat");
    id
}

fn a_session_clock_is_kept_with_the_session(mut store: Store) {
    let id = seated(&mut store, 90);
    assert_eq!(store.session_clock(id, 1).expect("read"), None, "not started");
    let started = store.clock_action(id, 1, ClockAction::Start(90), at(0), "Rossi").expect("start");
    assert_eq!(store.session_clock(id, 1).expect("read").as_ref(), Some(&started), "read back as written");
    assert_eq!(store.session_clock(id, 2).expect("read"), None, "each session its own");
    store.clock_action(id, 1, ClockAction::Pause, at(10), "Rossi").expect("pause");
    let again = store.clock_action(id, 1, ClockAction::Pause, at(11), "Bianchi").expect_err("paused twice");
    assert!(again.to_string().contains("already paused"), "{again}");
    store.clock_action(id, 1, ClockAction::Resume, at(20), "Rossi").expect("resume");
    let clock = store.clock_action(id, 1, ClockAction::Add(5), at(20), "Rossi").expect("add");
    assert_eq!(clock.state(at(80)), ClockState::Running { left: 25 * 60 }, "90 + 5, less 70 run, less the pause");
    assert_eq!(clock.call(at(95)), ClockCall::LastMinutes);
    assert_eq!(store.session_clocks(id).expect("all").len(), 1);
    let ended = store.clock_action(id, 1, ClockAction::End, at(110), "Rossi").expect("end");
    assert_eq!(ended.state(at(200)), ClockState::Ended);
    let after = store.clock_action(id, 1, ClockAction::Add(5), at(111), "Rossi").expect_err("after the end");
    assert!(after.to_string().contains("over"), "{after}");
    assert_eq!(store.session_clock(id, 1).expect("read"), Some(ended), "a refused action changes nothing");
    let nowhere = store.clock_action(id, 7, ClockAction::Start(90), at(0), "Rossi").expect_err("no session 7");
    assert!(nowhere.to_string().contains("no session 7"), "{nowhere}");
    let audit = store.audit_log(id).expect("audit");
    let clock_entries = audit.iter().filter(|e| e.entity == "clock").count();
    assert_eq!(clock_entries, 5, "start, pause, resume, add, end: each with who and when");
}

/// The tournament sets when the clock warns and calls "last hand"; the clock keeps them from its start, so every
/// station calls the same.
fn the_clock_calls_at_the_tournaments_minutes(mut store: Store) {
    let id = seated(&mut store, 90);
    let mut settings = store.tournament(id).expect("t").settings;
    settings.clock_warning_minutes = 20;
    settings.last_hand_minutes = 5;
    desk::update_settings(&mut store, id, &settings, "R").expect("settings");
    let clock = store.clock_action(id, 1, ClockAction::Start(90), at(0), "Rossi").expect("start");
    assert_eq!((clock.warning_minutes, clock.last_hand_minutes), (20, 5));
    assert_eq!(clock.call(at(71)), ClockCall::LastMinutes, "19 minutes left");
    assert_eq!(clock.call(at(86)), ClockCall::LastHand, "4 minutes left");
    assert_eq!(store.session_clock(id, 1).expect("read").expect("kept").call(at(86)), ClockCall::LastHand);
    let wrong = TournamentSettings { last_hand_minutes: 2000, ..settings };
    assert!(wrong.validate().is_err(), "more than a day");
}

crate::on_both_backends!(a_session_clock_is_kept_with_the_session, the_clock_calls_at_the_tournaments_minutes);

#[test]
fn two_stations_see_one_clock_and_a_start_without_minutes_takes_the_tournaments() {
    let url = crate::common::pg::url();
    let id = seated(&mut Store::open_server(&url).expect("open"), 75);
    let mut first = Desk::open_at(&url).expect("station 1");
    first.clock(id, 1, ClockRequest::Start(None), "Rossi").expect("started at one station");
    let mut second = Desk::open_at(&url).expect("station 2");
    let seen = second.session_clock(id, 1).expect("read").expect("started");
    assert_eq!(seen.minutes, 75, "the tournament's session length");
    let twice = second.clock(id, 1, ClockRequest::Start(None), "Bianchi").expect_err("started twice");
    assert!(twice.to_string().contains("already started"), "{twice}");
    second.clock(id, 1, ClockRequest::Pause, "Bianchi").expect("paused at the other station");
    assert!(matches!(
        first.session_clock(id, 1).expect("read").expect("clock").state(Utc::now()),
        ClockState::Paused { .. }
    ));
}

#[test]
fn the_clock_by_the_command_line() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("clock.db");
    let id = seated_tournament(&db, 8, 1).to_string();
    let args = |action: &[&str]| -> Vec<String> {
        let mut all: Vec<String> = vec!["clock".into()];
        all.extend(action.iter().map(|s| (*s).to_owned()));
        all.extend(["--tournament".into(), id.clone(), "--session".into(), "1".into()]);
        all
    };
    let run = |action: &[&str]| {
        let all = args(action);
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        stecca(&db, &refs)
    };
    let shown: serde_json::Value =
        serde_json::from_str(&ok(&db, &args(&["show"]).iter().map(String::as_str).collect::<Vec<_>>())).expect("json");
    assert_eq!(shown["state"], "not_started");
    let no_length = run(&["start"]);
    assert!(!no_length.status.success());
    assert!(String::from_utf8_lossy(&no_length.stderr).contains("--minutes"), "the tournament sets no length");
    let started: serde_json::Value = serde_json::from_str(&ok(
        &db,
        &args(&["start", "--minutes", "90"]).iter().map(String::as_str).collect::<Vec<_>>(),
    ))
    .expect("json");
    assert_eq!((started["state"].as_str(), started["minutes"].as_u64()), (Some("running"), Some(90)));
    assert!(started["left"].as_i64().is_some_and(|left| (5390..=5400).contains(&left)), "{started}");
    let added: serde_json::Value =
        serde_json::from_str(&ok(&db, &args(&["add", "10"]).iter().map(String::as_str).collect::<Vec<_>>()))
            .expect("json");
    assert!(added["shown"].as_str().is_some_and(|s| s.starts_with("1:39:") || s == "1:40:00"), "{added}");
    let twice = run(&["start", "--minutes", "90"]);
    assert!(String::from_utf8_lossy(&twice.stderr).contains("already started"));
    let ended: serde_json::Value =
        serde_json::from_str(&ok(&db, &args(&["end"]).iter().map(String::as_str).collect::<Vec<_>>())).expect("json");
    assert_eq!((ended["state"].as_str(), ended["call"].as_str()), (Some("ended"), Some("over")));
}

/// A session ended on its clock (MCR and Riichi sessions live by it): the tables take no new manche, the hands
/// played stand (a correction still goes in), and the session counts as complete in the sheets.
#[test]
fn a_session_ended_on_the_clock_takes_no_new_manche_and_is_complete() {
    let mut store = Store::open_in_memory().expect("open");
    let id = seated(&mut store, 90);
    let table = store.seating(id).expect("seating")[0].id;
    let void = stecca::tournament::MancheEntry { void: true, ..stecca::tournament::MancheEntry::blank(4) };
    store.clock_action(id, 1, ClockAction::Start(90), at(0), "Rossi").expect("start");
    let at_table = desk::TableAddress { tournament: id, session: 1, table: 1 };
    for number in 1..=3 {
        let state = desk::table_state(&store, table).expect("state");
        // A script leaves the options out: the tournament's are used.
        let input = stecca::rules::MancheInput {
            options: serde_json::Value::Null,
            ..state.rules.random_manche(u64::from(number), &state.frame(number))
        };
        desk::enter_manche(&mut store, at_table, Some(number), &input, "R").expect("a manche");
    }
    assert_eq!(desk::table_state(&store, table).expect("state").next_number(), Some(4));
    store.clock_action(id, 1, ClockAction::End, at(95), "Rossi").expect("end");
    let state = desk::table_state(&store, table).expect("state");
    assert_eq!(state.next_number(), None, "no hand after the time");
    let refused = desk::confirm_manche(&mut store, table, 4, &void, "R").expect_err("a fourth manche");
    assert_eq!(
        stecca::message::Explain::message(&refused).render(stecca::i18n::Lang::ENGLISH),
        "Table 1: session 1 was ended on the clock after 3 manches: no new manche (a correction is still possible)"
    );
    desk::confirm_manche(&mut store, table, 2, &void, "R").expect("a correction of a played hand");
    assert_eq!(store.table_manches(table).expect("manches")[1].revision, 2);
    let snapshot = stecca::export::Snapshot::load(&store, id, true).expect("snapshot");
    assert!(snapshot.session_complete(1), "complete with the hands it played");
}

/// The demo tournament's sessions were played against the clock: each one's started and ended in turn.
#[test]
fn the_demo_tournament_has_its_sessions_clocks() {
    let mut store = Store::open_in_memory().expect("open");
    let size = desk::DemoSize { players: 8, sessions: 3, club_weight: 0.0, ..desk::DemoSize::default() };
    let id = desk::create_demo(&mut store, size, 2, "demo").expect("demo");
    let clocks = store.session_clocks(id).expect("clocks");
    assert_eq!(clocks.len(), 3);
    let now = chrono::Utc::now();
    for window in clocks.windows(2) {
        assert!(window[0].1.started_at < window[1].1.started_at, "the sessions in turn");
    }
    for (_, clock) in &clocks {
        assert_eq!(clock.state(now), ClockState::Ended);
        assert_eq!(clock.minutes, 90);
    }
}
