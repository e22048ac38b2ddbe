//! The tables' phones from the seating on (issue "The table enters its own hands"): seating a session makes its
//! tables' links, the seating sheet prints each table's slip (its players' PINs, its link as a QR code and
//! written out), and the command line prints, revokes and reissues the links and lists, shows, confirms and
//! rejects the manches the phones sent.

use std::path::Path;

use stecca::desk::{self, Desk, ProposalState, Sent};
use stecca::store::Store;
use stecca::tournament::TournamentSettings;

use crate::common::cli::{ok, seated_tournament, stecca};
use crate::common::digest_entry;
use crate::common::pdf::pages;

const BOARD: &str = "http://sala:8080/";

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
    assert_eq!(live(&desk, id), links, "a table seated again with the same players keeps its link");
    let mut plan = String::from("session,table,seat,player\n");
    for (i, player) in players.iter().rev().enumerate() {
        plan.push_str(&format!("2,{},{},{}\n", i / 4 + 1, i % 4 + 1, player.data.federation_id));
    }
    desk.import_seating(id, &plan, "Rossi").expect("session 2 imported");
    let after = live(&desk, id);
    assert_eq!(after[..2], links[..2], "session 1 keeps its links");
    for (old, new) in links[2..].iter().zip(&after[2..]) {
        assert_eq!((old.0, old.1), (new.0, new.1));
        assert_ne!(old.2, new.2, "a table seated with other players gets a new link: its old slip names others");
        assert!(desk.phone_table(&old.2).is_err(), "the old slip opens nothing");
    }
    let log = desk.store().audit_log(id).expect("audit");
    assert_eq!(log.iter().filter(|e| e.entity == "table_link" && e.action == "issue").count(), 6, "4, then 2 anew");
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

/// What `stecca table-links` printed: each table's (session, table, address, [(seat line)]).
fn printed_links(out: &str) -> Vec<(u32, u32, String, Vec<String>)> {
    let mut links: Vec<(u32, u32, String, Vec<String>)> = Vec::new();
    for line in out.lines() {
        if let Some(player) = line.strip_prefix("  ") {
            links.last_mut().expect("a table first").3.push(player.to_owned());
            continue;
        }
        let (place, url) = line.split_once(": ").expect("session, table: address");
        let numbers: Vec<u32> = place.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
        links.push((numbers[0], numbers[1], url.to_owned(), Vec::new()));
    }
    links
}

fn token(url: &str) -> &str {
    url.rsplit('/').next().expect("token")
}

/// A seated tournament of the command line (16 players, 2 sessions) in `dir`.
fn seated(dir: &Path) -> (std::path::PathBuf, i64) {
    let db = dir.join("telefoni.db");
    let id = seated_tournament(&db, 16, 2);
    (db, id)
}

#[test]
fn table_links_prints_each_tables_link_and_pins_and_reissues_one() {
    let dir = tempfile::tempdir().expect("dir");
    let (db, id) = seated(dir.path());
    let t = id.to_string();
    let out = ok(&db, &["table-links", "--tournament", &t, "--session", "1", "--board-url", BOARD]);
    let links = printed_links(&out);
    assert_eq!(links.iter().map(|l| l.1).collect::<Vec<_>>(), [1, 2, 3, 4], "{out}");
    let desk = Desk::open_at(db.to_str().expect("path")).expect("desk");
    for (session, table, url, players) in &links {
        assert!(url.starts_with("http://sala:8080/t/"), "{url}");
        let phone = desk.phone_table(token(url)).expect("the printed link opens its table");
        assert_eq!((phone.link.session, phone.link.table), (*session, *table));
        assert_eq!(players.len(), 4, "{players:?}");
        for ((player, pin), line) in phone.state.players.iter().zip(&phone.link.pins).zip(players) {
            assert!(line.contains(&player.name) && line.ends_with(&format!("PIN {pin}")), "{line}");
        }
    }
    assert!(links[0].3[0].starts_with("East: "), "by seat: {:?}", links[0].3);
    let again = ok(&db, &["table-links", "--tournament", &t, "--session", "1", "--board-url", BOARD]);
    assert_eq!(again, out, "asked again, the same links: a slip printed twice stays good");

    let reissued =
        ok(&db, &["table-links", "--tournament", &t, "--session", "1", "--board-url", BOARD, "--reissue", "2"]);
    let new = printed_links(&reissued);
    assert_eq!(new.len(), 1, "only the table reissued: {reissued}");
    assert_eq!(new[0].1, 2);
    assert_ne!(new[0].2, links[1].2);
    assert!(desk.phone_table(token(&links[1].2)).is_err(), "the old slip opens nothing");
    assert_eq!(desk.phone_table(token(&new[0].2)).expect("the new one does").link.table, 2);

    let revoked = ok(&db, &["table-links", "--tournament", &t, "--session", "1", "--revoke", "3"]);
    assert!(revoked.contains("table 3: link revoked"), "{revoked}");
    assert!(desk.phone_table(token(&links[2].2)).is_err());
    let twice = stecca(&db, &["table-links", "--tournament", &t, "--session", "1", "--revoke", "3"]);
    assert!(!twice.status.success());
    let said = String::from_utf8_lossy(&twice.stderr);
    assert!(said.contains("Table 3 of session 1 has no link in force"), "{said}");
    let italian = stecca(&db, &["--lang", "it", "table-links", "--tournament", &t, "--session", "1", "--revoke", "3"]);
    let detto = String::from_utf8_lossy(&italian.stderr);
    assert!(detto.contains("Il tavolo 3 della sessione 1 non ha un collegamento in vigore"), "{detto}");
}

#[test]
fn proposals_are_listed_shown_confirmed_and_rejected_from_the_command_line() {
    let dir = tempfile::tempdir().expect("dir");
    let (db, id) = seated(dir.path());
    let t = id.to_string();
    let links = printed_links(&ok(&db, &["table-links", "--tournament", &t, "--session", "1", "--board-url", BOARD]));
    let mut desk = Desk::open_at(db.to_str().expect("path")).expect("desk");
    let Sent::Queued(first) =
        desk.propose(token(&links[0].2), 1, &digest_entry(), &[], "10.0.0.7 phone").expect("sent")
    else {
        panic!("queued")
    };
    let Sent::Queued(second) =
        desk.propose(token(&links[1].2), 1, &digest_entry(), &[], "10.0.0.8 phone").expect("sent")
    else {
        panic!("queued")
    };

    let list = ok(&db, &["proposals", "list", "--tournament", &t]);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 2, "{list}");
    assert!(lines[0].starts_with(&format!("#{first} · session 1, table 1, manche 1 · waiting · sent ")), "{list}");
    assert!(lines[0].contains("by 10.0.0.7 phone") && lines[1].contains("table 2"), "{list}");

    let shown = ok(&db, &["proposals", "show", "--tournament", &t, "--id", &first.to_string()]);
    let table = desk.seating(id).expect("seating").into_iter().find(|t| t.session == 1 && t.number == 1).expect("t1");
    let state = desk.table_state(table.id).expect("table");
    let (_, outcome) = state.preview(1, &digest_entry()).expect("scores");
    assert!(shown.contains("As sent:") && shown.contains("As it scores:"), "{shown}");
    let winner = &state.players[1].name;
    assert!(shown.contains(&format!("  {winner}: [555b] RRR 123c 456d EE 2f — Mah Jong self_drawn")), "{shown}");
    for payment in &outcome.payments {
        let pays = format!("{} pays {} to {}", payment.from, payment.amount, payment.to);
        assert!(shown.contains(&pays), "{pays} in {shown}");
    }
    for (name, net) in &outcome.net {
        assert!(shown.contains(&format!("  {name}: {net:+}\n")), "{name} {net:+} in {shown}");
    }

    let confirmed =
        ok(&db, &["proposals", "confirm", "--tournament", &t, "--id", &first.to_string(), "--referee", "Bianchi"]);
    assert!(confirmed.starts_with("session 1, table 1: manche 1 saved"), "{confirmed}");
    for (name, net) in &outcome.net {
        assert!(confirmed.contains(&format!("  {name}: {net:+}\n")), "{confirmed}");
    }
    let saved = desk.table_state(table.id).expect("table").manches;
    assert_eq!((saved.len(), saved[0].referee.as_str()), (1, "Bianchi"), "stored as the referee named");
    assert_eq!(saved[0].outcome, outcome);
    let twice = stecca(&db, &["proposals", "confirm", "--tournament", &t, "--id", &first.to_string()]);
    assert!(!twice.status.success());
    let said = String::from_utf8_lossy(&twice.stderr);
    assert!(said.contains("Table 1's manche 1 was already confirmed or rejected"), "{said}");

    let s = second.to_string();
    let no_reason = stecca(&db, &["proposals", "reject", "--tournament", &t, "--id", &s]);
    assert!(!no_reason.status.success());
    assert!(String::from_utf8_lossy(&no_reason.stderr).contains("Reason: say why"), "{no_reason:?}");
    let reason = "Bruno's flowers are two, not one";
    let rejected = ok(&db, &["proposals", "reject", "--tournament", &t, "--id", &s, "--reason", reason]);
    assert!(rejected.contains(&format!("proposal #{second} rejected")), "{rejected}");
    let phone = desk.phone_table(token(&links[1].2)).expect("phone");
    assert_eq!(phone.rejected(1).map(|p| p.reason.as_str()), Some(reason), "the phone says why");
    let queue = desk.proposals(id).expect("queue");
    let states: Vec<ProposalState> = queue.iter().map(|v| v.proposal.state).collect();
    assert_eq!(states, [ProposalState::Rejected, ProposalState::Confirmed], "newest first once decided");

    let list = ok(&db, &["--lang", "it", "proposals", "list", "--tournament", &t]);
    assert!(list.contains(&format!("respinta da stecca: {reason}")), "{list}");
    assert!(list.contains("confermata da Bianchi") && list.contains("la scrivania ha questa manche"), "{list}");
    let unknown = stecca(&db, &["proposals", "show", "--tournament", &t, "--id", "999"]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("No manche sent from a table has this number"));
}

#[test]
fn the_seating_sheet_prints_each_tables_slip_and_one_slip_prints_again() {
    let dir = tempfile::tempdir().expect("dir");
    let (db, id) = seated(dir.path());
    let t = id.to_string();
    let desk = Desk::open_at(db.to_str().expect("path")).expect("desk");
    let links = desk.store().live_table_links(id).expect("links");
    assert_eq!(links.len(), 8, "the command line's seating made them");
    let sheet = dir.path().join("posti.pdf");
    let sheet_arg = sheet.to_str().expect("path");
    let base =
        ["--lang", "en", "export", "--tournament", &t, "--what", "seating", "--format", "pdf", "--out", sheet_arg];
    ok(&db, &[&base[..], &["--board-url", BOARD]].concat());
    let text = pages(&std::fs::read(&sheet).expect("pdf"));
    let slips: Vec<&String> = text.iter().filter(|p| p.contains("Point a phone at the code")).collect();
    assert_eq!(slips.len(), 4, "four tables a session, three slips a page: two pages a session");
    let all = text.join("\n");
    for link in &links {
        let url = desk::phone_url(BOARD, &link.token);
        let page = slips.iter().find(|p| p.contains(&url)).unwrap_or_else(|| panic!("{url} printed"));
        assert!(page.contains(&format!("Session {} · Table {}", link.session, link.table)), "{page}");
        for pin in &link.pins {
            assert!(page.contains(pin.as_str()), "PIN {pin} on the slip of {url}");
        }
    }
    assert!(!all.contains("board's address is missing"));

    ok(&db, &base);
    let text = pages(&std::fs::read(&sheet).expect("pdf")).join("\n");
    assert_eq!(text.matches("The board's address is missing").count(), 8, "said on each slip without it");
    assert!(!text.contains("/t/"), "no link without the board's address");
    assert!(links.iter().all(|l| l.pins.iter().all(|pin| text.contains(pin.as_str()))), "the PINs still print");

    let slip = dir.path().join("slip.pdf");
    let one = [
        "--lang",
        "en",
        "export",
        "--tournament",
        &t,
        "--what",
        "slip",
        "--session",
        "2",
        "--table",
        "3",
        "--format",
        "pdf",
        "--board-url",
        BOARD,
        "--out",
        slip.to_str().expect("path"),
    ];
    ok(&db, &one);
    let page = pages(&std::fs::read(&slip).expect("pdf"));
    assert_eq!(page.len(), 1, "one slip, one page");
    let link = links.iter().find(|l| (l.session, l.table) == (2, 3)).expect("link");
    assert!(page[0].contains(&desk::phone_url(BOARD, &link.token)), "{}", page[0]);
    assert!(link.pins.iter().all(|pin| page[0].contains(pin.as_str())), "{}", page[0]);
    let names = crate::common::cli::table_names(desk.store(), id, 2, 3);
    assert!(names.iter().all(|name| page[0].contains(name.as_str())), "{}", page[0]);

    let out = dir.path().join("x.pdf");
    let out = out.to_str().expect("path");
    let no_table = stecca(&db, &[&one[..9], &["--table", "9", "--format", "pdf", "--out", out]].concat());
    assert!(String::from_utf8_lossy(&no_table.stderr).contains("session 2 has no table 9"), "{no_table:?}");
    let no_numbers = stecca(&db, &["export", "--tournament", &t, "--what", "slip", "--format", "pdf", "--out", out]);
    let said = String::from_utf8_lossy(&no_numbers.stderr);
    assert!(!no_numbers.status.success() && said.contains("--session N --table T"), "{said}");
}
