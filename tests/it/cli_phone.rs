//! The tables' phones from the seating on (issue "The table enters its own hands"): seating a session makes its
//! tables' links, the seating sheet prints each table's slip (its players' PINs, its link as a QR code and
//! written out), and the command line prints, revokes and reissues the links and lists, shows, confirms and
//! rejects the manches the phones sent.

use stecca::desk::{self, Desk};
use stecca::store::Store;
use stecca::tournament::TournamentSettings;

/// Eight players over two sessions, not seated yet.
fn eight_players(store: &mut Store) -> i64 {
    let settings =
        TournamentSettings { name: "Coppa dei telefoni".into(), sessions: 2, ..TournamentSettings::default() };
    let id = desk::create_tournament(store, &settings, "Arbitro").expect("tournament");
    store.import_players(id, &desk::demo_players(8), "Arbitro").expect("players");
    id
}

/// The live links' (session, table, token), in order.
fn live(desk: &Desk, tournament: i64) -> Vec<(u32, u32, String)> {
    let links = desk.store().live_table_links(tournament).expect("links");
    links.into_iter().map(|l| (l.session, l.table, l.token)).collect()
}

fn seating_a_session_gives_each_table_its_link(mut store: Store) {
    let id = eight_players(&mut store);
    let players = store.players(id).expect("players");
    let mut desk = Desk::new(store);
    assert!(live(&desk, id).is_empty(), "no table, no link");
    desk.seat_tournament(id, 1.0, "Rossi").expect("seated");
    let links = live(&desk, id);
    let tables: Vec<(u32, u32)> = links.iter().map(|(s, t, _)| (*s, *t)).collect();
    assert_eq!(tables, [(1, 1), (1, 2), (2, 1), (2, 2)], "every table of every session seated");
    for (session, table, token) in &links {
        let phone = desk.phone_table(token).expect("each link opens its table");
        assert_eq!((phone.link.session, phone.link.table, phone.link.pins.len()), (*session, *table, 4));
    }

    desk.seat_sessions(id, Some(2..=2), 1.0, "Rossi").expect("session 2 seated again");
    assert_eq!(live(&desk, id), links, "a table seated again with as many players keeps its link");
    let mut plan = String::from("session,table,seat,player\n");
    for (i, player) in players.iter().rev().enumerate() {
        plan.push_str(&format!("2,{},{},{}\n", i / 4 + 1, i % 4 + 1, player.data.federation_id));
    }
    desk.import_seating(id, &plan, "Rossi").expect("session 2 imported");
    assert_eq!(live(&desk, id), links, "an imported plan keeps the links too");
    let log = desk.store().audit_log(id).expect("audit");
    assert_eq!(log.iter().filter(|e| e.entity == "table_link" && e.action == "issue").count(), 4, "made once");
}

fn a_demo_made_whole_has_its_tables_links(mut store: Store) {
    // The demo seats inside its own transaction: the links join it rather than refusing to nest.
    let size = desk::DemoSize { players: 8, sessions: 1, ..desk::DemoSize::default() };
    let id = desk::create_demo(&mut store, size, 7, "Rossi").expect("demo");
    let desk = Desk::new(store);
    let tables: Vec<(u32, u32)> = live(&desk, id).iter().map(|(s, t, _)| (*s, *t)).collect();
    assert_eq!(tables, [(1, 1), (1, 2)]);
}

crate::on_both_backends!(seating_a_session_gives_each_table_its_link, a_demo_made_whole_has_its_tables_links);
