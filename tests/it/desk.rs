//! Desk operations: confirming manches, refusals that save nothing, standings, seating with withdrawals,
//! the demo tournament.

use stecca::desk::{self, DemoSize, DeskError};
use stecca::message::Explain;
use stecca::store::Store;
use stecca::tournament::{Id, PlayerData, TournamentSettings};

fn an_invalid_manche_names_the_hand_and_saves_nothing(mut store: Store) {
    let (id, table) = crate::common::seated_four(&mut store);
    let mut entry = crate::common::digest_entry();
    entry.hands[2].text = "[234d] 66c 1b 4b 8b E S N VV [556b]".into();
    let error = desk::confirm_manche(&mut store, table, 1, &entry, "R").expect_err("invalid");
    let DeskError::Entry(errors) = &error else { panic!("{error}") };
    let carla = errors.hands[2].as_ref().expect("on Carla's hand");
    assert_eq!(carla.player.as_deref(), Some("Carla"));
    assert!(carla.reason.render(stecca::i18n::Lang::ENGLISH).contains("[556b]"), "{}", carla.reason);
    assert!(stecca::message::Explain::message(carla).render(stecca::i18n::Lang::ITALIAN).contains("[556b]"));
    assert!(store.table_manches(table).expect("manches").is_empty());
    assert_eq!(store.manche_count(id).expect("count"), 0);
    let audit = store.audit_log(id).expect("log");
    assert!(audit.iter().all(|e| e.entity != "manche"), "no audit entry for a refused manche");
}

fn manches_are_numbered_in_order(mut store: Store) {
    let (_, table) = crate::common::seated_four(&mut store);
    let error = desk::confirm_manche(&mut store, table, 2, &crate::common::digest_entry(), "R").expect_err("gap");
    assert!(error.to_string().contains("next one is 1"), "{error}");
}

fn standings_follow_every_saved_manche_and_penalty(mut store: Store) {
    let (id, table) = crate::common::seated_four(&mut store);
    assert!(desk::standings(&store, id).expect("standings").iter().all(|r| r.points == 0 && r.place == 1));
    let (_, outcome) = desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "R").expect("ok");
    let rows = desk::standings(&store, id).expect("standings");
    assert_eq!(rows[0].player.name, "Bruno", "the winner of the digest manche leads");
    let bruno_net = outcome.net.iter().find(|(n, _)| n == "Bruno").map(|(_, v)| *v).expect("net");
    assert_eq!(rows[0].points, bruno_net);
    assert_eq!(rows.iter().map(|r| r.points).sum::<i64>(), 0);
    assert_eq!(rows[0].mahjongs, 1);
    let bruno = rows[0].player.id;
    store.add_penalty(id, bruno, Some(1), bruno_net + 1000, "comportamento", "R").expect("penalty");
    let rows = desk::standings(&store, id).expect("standings");
    let row = rows.iter().find(|r| r.player.id == bruno).expect("Bruno");
    assert_eq!((row.points, row.penalties), (-1000, bruno_net + 1000));
    assert_eq!(rows.last().map(|r| r.player.id), Some(bruno), "penalties count");
    assert_eq!(desk::progression(&store, bruno).expect("progression"), vec![(1, 1, bruno_net)]);
}

fn a_tournament_session_is_sixteen_manches_and_then_complete(mut store: Store) {
    let (_, table) = crate::common::seated_four(&mut store);
    let mut void = crate::common::digest_entry();
    void.void = true;
    for hand in &mut void.hands {
        hand.mahjong = false;
        hand.win.clear();
    }
    for number in 1..=16 {
        let state = desk::table_state(&store, table).expect("state");
        assert_eq!(state.next_number(), Some(number));
        assert_eq!(state.winds(number).east_position, (number as usize - 1) % 4, "East rotates every manche");
        desk::confirm_manche(&mut store, table, number, &void, "R").expect("void manche");
    }
    let state = desk::table_state(&store, table).expect("state");
    assert_eq!(state.next_number(), None);
    assert_eq!(state.running_totals().last(), Some(&vec![4000; 4]), "void manches move no chips from the 4000 start");
    assert_eq!(state.winds(16).round_wind, stecca::tiles::Wind::North);
    let error = desk::confirm_manche(&mut store, table, 17, &void, "R").expect_err("complete");
    assert!(error.to_string().contains("complete"), "{error}");
}

fn seats_and_rule_options_are_fixed_once_results_exist(mut store: Store) {
    let (id, table) = crate::common::seated_four(&mut store);
    desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "R").expect("ok");
    let players = store.seating(id).expect("seating")[0].players.clone();
    let swap = store.swap_players(id, 1, players[0], players[1], "R").expect_err("played");
    assert!(swap.to_string().contains("already has results"), "{swap}");
    let mut settings = store.tournament(id).expect("t").settings;
    settings.options = serde_json::json!({"starting_points": 5000});
    let error = desk::update_settings(&mut store, id, &settings, "R").expect_err("scored under the old options");
    assert_eq!(error.message().id(), Some("error.settings.locked"), "{error}");
    settings.options = stecca::rules::ruleset("fimj").expect("fimj").default_options();
    settings.venue = "Milano".into();
    desk::update_settings(&mut store, id, &settings, "R").expect("venue may change");
    assert_eq!(store.tournament(id).expect("t").settings.venue, "Milano", "the defaults spelled out are no change");
}

fn tournament_with(store: &mut Store, players: usize, sessions: u32) -> Id {
    let settings = TournamentSettings { name: "Seating".into(), sessions, ..TournamentSettings::default() };
    let id = desk::create_tournament(store, &settings, "R").expect("t");
    let data: Vec<PlayerData> = desk::demo_players(players);
    store.import_players(id, &data, "R").expect("players");
    id
}

fn seating_then_a_withdrawal_with_a_substitute_keeps_played_sessions_and_the_guarantees(mut store: Store) {
    let id = tournament_with(&mut store, 16, 5);
    let outcome = desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    assert_eq!(outcome.sessions, 1..=5);
    assert_eq!(
        outcome.report.expect("tables of four are reported").repeat_meetings(),
        0,
        "16 players × 5 sessions: the affine plane"
    );
    let session1 = store.seating(id).expect("seating").into_iter().filter(|t| t.session == 1).collect::<Vec<_>>();
    desk::confirm_manche(&mut store, session1[0].id, 1, &crate::common::digest_entry(), "R").expect("manche");

    let leaving = session1[0].players[2];
    let mut data = store.player(leaving).expect("player").data;
    data.withdrawn = true;
    store.update_player(id, leaving, &data, "R").expect("withdraw");
    let error = desk::seat_tournament(&mut store, id, 0.0, "R").expect_err("no substitute yet");
    assert!(error.to_string().contains("register a substitute"), "{error}");
    let substitute = PlayerData { name: "Riserva Uno".into(), substitute: true, ..PlayerData::default() };
    let sub = store.add_player(id, &substitute, "R").expect("substitute");
    let outcome = desk::seat_tournament(&mut store, id, 0.0, "R").expect("reseat");
    assert_eq!(outcome.sessions, 2..=5);
    assert_eq!(
        outcome.report.expect("tables of four are reported").repeat_meetings(),
        0,
        "the substitute inherits the plan"
    );
    let tables = store.seating(id).expect("seating");
    let first: Vec<_> = tables.iter().filter(|t| t.session == 1).cloned().collect();
    assert_eq!(first, session1, "the played session is untouched");
    for t in tables.iter().filter(|t| t.session > 1) {
        assert!(!t.players.contains(&leaving));
    }
    assert_eq!(tables.iter().filter(|t| t.session > 1 && t.players.contains(&sub)).count(), 4);
    let rows = desk::standings(&store, id).expect("standings");
    assert!(rows.iter().all(|r| r.player.id != sub), "substitutes are not ranked");
    assert!(rows.iter().any(|r| r.player.id == leaving && r.player.withdrawn), "withdrawn players keep their results");
    let unplayed = session1[1].players[0];
    let mut data = store.player(unplayed).expect("player").data;
    data.withdrawn = true;
    store.update_player(id, unplayed, &data, "R").expect("withdraw");
    let rows = desk::standings(&store, id).expect("standings");
    assert!(rows.iter().all(|r| r.player.id != unplayed), "withdrawn before any game: not ranked");
}

fn the_demo_tournament_is_complete_and_balanced(mut store: Store) {
    let id = desk::create_demo(
        &mut store,
        DemoSize { players: 16, sessions: 2, club_weight: 0.0, ..DemoSize::default() },
        7,
        "demo",
    )
    .expect("demo");
    assert_eq!(store.manche_count(id).expect("count"), 4 * 2 * 16);
    let rows = desk::standings(&store, id).expect("standings");
    assert_eq!(rows.len(), 16);
    assert_eq!(rows.iter().map(|r| r.points).sum::<i64>(), 0, "every manche's payments sum to zero");
    assert!(rows.windows(2).all(|w| w[0].points >= w[1].points));
    assert!(rows.iter().all(|r| r.sessions_played == 2));
    let report = desk::stored_report(&store, id).expect("report").expect("seated");
    assert_eq!(report.repeat_meetings(), 0);
    let again = desk::create_demo(
        &mut Store::open_in_memory().expect("open"),
        DemoSize { players: 16, sessions: 2, club_weight: 0.0, ..DemoSize::default() },
        7,
        "demo",
    );
    assert!(again.is_ok());
}

fn club_rotation_keeps_east_and_refuses_a_correction_that_would_move_it(mut store: Store) {
    let (id, table) = crate::common::seated_four(&mut store);
    let mut settings = store.tournament(id).expect("t").settings;
    settings.options = serde_json::json!({"east_rotation": "club"});
    desk::update_settings(&mut store, id, &settings, "R").expect("club rotation before any result");
    let mut void = crate::common::digest_entry();
    void.void = true;
    for hand in &mut void.hands {
        hand.mahjong = false;
        hand.win.clear();
    }
    desk::confirm_manche(&mut store, table, 1, &void, "R").expect("void");
    let state = desk::table_state(&store, table).expect("state");
    assert_eq!(state.winds(2).east_position, 0, "East stays after a void manche in club play");
    desk::confirm_manche(&mut store, table, 2, &crate::common::digest_entry(), "R").expect("South wins");
    let error =
        desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "R").expect_err("moves East");
    assert!(error.message().id() == Some("error.manche.changes_east"), "{error}");
    assert!(store.table_manches(table).expect("m")[0].input.void, "nothing changed");
}

fn a_classic_american_tournament_runs_through_the_same_desk(mut store: Store) {
    let size = DemoSize { players: 16, sessions: 2, club_weight: 0.0, rules: "classic_american" };
    let id = desk::create_demo(&mut store, size, 11, "demo").expect("classic demo");
    let settings = store.tournament(id).expect("t").settings;
    assert_eq!(settings.rules, "classic_american");
    assert_eq!(settings.starting_points(), 2000, "the classic default");
    let rows = desk::standings(&store, id).expect("standings");
    assert_eq!(rows.len(), 16);
    assert_eq!(rows.iter().map(|r| r.points).sum::<i64>(), 0, "every manche's payments sum to zero");
    // East stays after an East win or a wall game, so a session takes at least 16 manches.
    let tables = store.seating(id).expect("tables");
    let mut stays = 0;
    for table in &tables {
        let state = desk::table_state(&store, table.id).expect("state");
        assert!(state.next_number().is_none(), "table {} complete", table.id);
        assert!(state.manches.len() >= 16);
        for (k, manche) in state.manches.iter().enumerate() {
            let this = state.winds(k as u32 + 1).east_position;
            let next = state.winds(k as u32 + 2).east_position;
            let east_kept = manche.outcome.void || manche.outcome.dealer_won();
            assert_eq!(this == next, east_kept, "table {} manche {}", table.id, k + 1);
            stays += usize::from(east_kept);
        }
    }
    assert!(stays > 0, "some East win or wall game kept East");
    let pdf = stecca::export::export(
        &store,
        id,
        stecca::export::What::Standings,
        stecca::export::Format::Pdf,
        stecca::i18n::Lang::ITALIAN,
        None,
    )
    .expect("standings PDF");
    let text = crate::common::pdf::text(&pdf);
    assert!(text.contains("TACOLFMJ 1924") && text.contains("partita mista"), "{text}");
}

fn a_classic_dead_hand_and_winning_tile_travel_from_the_entry_to_the_outcome(mut store: Store) {
    let (id, table) = crate::common::seated_four(&mut store);
    let mut settings = store.tournament(id).expect("t").settings;
    settings.rules = "classic_american".into();
    settings.options = serde_json::json!({"edition": "lrb"});
    desk::update_settings(&mut store, id, &settings, "R").expect("classic before any result");
    let hand = |text: &str| stecca::tournament::HandEntry { text: text.into(), ..Default::default() };
    let mut entry = stecca::tournament::MancheEntry {
        void: false,
        hands: vec![hand("RRR 1b"), hand("[444d] 999b 123c 567c 55d"), hand("111222333c 777b 2d 3d 4d"), hand("2b")],
    };
    entry.hands[1].mahjong = true;
    entry.hands[1].win = vec!["only_possible_tile".into()];
    entry.hands[1].set("winning_tile", "5d");
    entry.hands[2].set("dead", "long");
    let (input, outcome) = desk::confirm_manche(&mut store, table, 1, &entry, "R").expect("valid");
    assert_eq!(input.players[1].field::<String>("winning_tile").expect("text").as_deref(), Some("5d"));
    assert_eq!(outcome.players[1].score, 32, "Babcock's 32");
    assert_eq!(outcome.players[2].score, 0, "a dead hand scores nothing in LRB");
    let stored = store.table_manches(table).expect("manches");
    assert_eq!(
        stecca::tournament::MancheEntry::from_input(&stored[0].input),
        entry,
        "the correction form reads it back"
    );
}

crate::on_both_backends!(
    an_invalid_manche_names_the_hand_and_saves_nothing,
    manches_are_numbered_in_order,
    standings_follow_every_saved_manche_and_penalty,
    a_tournament_session_is_sixteen_manches_and_then_complete,
    seats_and_rule_options_are_fixed_once_results_exist,
    seating_then_a_withdrawal_with_a_substitute_keeps_played_sessions_and_the_guarantees,
    the_demo_tournament_is_complete_and_balanced,
    club_rotation_keeps_east_and_refuses_a_correction_that_would_move_it,
    a_classic_american_tournament_runs_through_the_same_desk,
    a_classic_dead_hand_and_winning_tile_travel_from_the_entry_to_the_outcome,
);

/// Issue 62: an invisible character (a zero-width space, a right-to-left override) would make "Zw" and "Z\u{200b}w" two
/// people who look the same; every name typed at the desk refuses it, naming the field and where it is, and
/// nothing is saved.
#[test]
fn invisible_characters_are_refused_in_every_name_typed_at_the_desk() {
    use stecca::ledger::{ChipValue, ClubSettings, MemberData};
    let dir = tempfile::tempdir().expect("dir");
    let mut desk = stecca::desk::Desk::open_at(dir.path().join("t.db").to_str().expect("path")).expect("desk");
    let said = |e: DeskError| e.message().render(stecca::i18n::Lang::ENGLISH);
    let coppa = TournamentSettings { name: "Coppa\u{202e}ignuD".into(), ..TournamentSettings::default() };
    let refused = desk.create_tournament(&coppa, "R").expect_err("an override in the name");
    assert!(
        said(refused).starts_with("Tournament name: “Coppa?ignuD” has the invisible character U+202E at position 6")
    );
    let id = desk
        .create_tournament(&TournamentSettings { name: "Coppa".into(), ..TournamentSettings::default() }, "R")
        .expect("tournament");
    let zw = |name: &str| PlayerData { name: name.into(), ..PlayerData::default() };
    let refused = desk.add_player(id, &zw("Z\u{200b}w"), "R").expect_err("a zero-width space");
    assert_eq!(said(refused), "Name: “Z?w” has the invisible character U+200B at position 2; type it again without it");
    let player = desk.add_player(id, &zw("Zw"), "R").expect("Zw");
    assert!(desk.update_player(id, player, &zw("Zw\u{feff}"), "R").is_err(), "a byte-order mark inside");
    assert!(desk.import_players(id, &[zw("Anna"), zw("\u{2067}Bruno")], "R").is_err(), "an isolate");
    let names: Vec<String> = desk.players(id).expect("players").into_iter().map(|p| p.data.name).collect();
    assert_eq!(names, ["Zw"], "nothing else saved");
    // The referee's name signs the audit log: refused as a preference, and as a signature.
    assert!(said(desk.set_preference("referee", "Ada\u{200b}").expect_err("kept")).contains("U+200B"));
    assert!(desk.add_player(id, &zw("Carla"), "Ada\u{202d}").is_err_and(|e| said(e).contains("U+202D")));
    assert_eq!(desk.players(id).expect("players").len(), 1);
    // The treasurer's book: clubs and members.
    let club = ClubSettings {
        name: "Drago".into(),
        rules: "fimj".into(),
        chip_value: ChipValue::parse("0.5").expect("0.5"),
        table_fee: 0,
        starting_chips: 4000,
        avoid_under: 0,
    };
    assert!(desk.create_club(&ClubSettings { name: "Dr\u{ad}ago".into(), ..club.clone() }).is_err(), "soft hyphen");
    let club = desk.create_club(&club).expect("club");
    let member = MemberData { name: "Ugo\u{200b}".into(), ..MemberData::default() };
    assert!(desk.add_member(club, &member).is_err_and(|e| said(e).contains("U+200B at position 4")));
    // The joiners a script needs are kept.
    desk.add_member(club, &MemberData { name: "نرگس\u{200c}ها".into(), ..MemberData::default() }).expect("ZWNJ");
}
