//! The tables' phones at the desk, through its widgets (issue "The table enters its own hands"): a manche a
//! phone sends shows in the referee's queue by itself (the count in the navigation), opens on the entry screen as
//! a typed manche would, and is confirmed in the referee's name, edited then confirmed, or rejected with a reason;
//! one the desk entered first is withdrawn with what the desk has; the table's link is shown with its QR code and
//! PINs, and revoked or renewed from the table's screen.

use std::time::Duration;

use egui::{Key, Modifiers, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use stecca::desk::{ProposalState, SaveAs, Sent};
use stecca::store::Store;
use stecca::tournament::Id;
use stecca::ui::{DeskApp, Screen};

use crate::common::desk::{click, harness, retype, type_into};
use crate::common::digest_entry;

/// Longer than the desk's poll interval.
const A_POLL: Duration = Duration::from_millis(1200);

/// A desk refereed by Rossi on a tournament of four seated players, its board running on this computer, showing
/// the table; the temporary folder holds the database.
fn desk_with_board() -> (Harness<'static, DeskApp>, tempfile::TempDir, Id, Id) {
    let dir = tempfile::tempdir().expect("dir");
    let mut store = Store::open(&dir.path().join("sala.db")).expect("store");
    let (tournament, table) = crate::common::seated_four(&mut store);
    store.set_preference("referee", "Rossi").expect("referee");
    let mut app = DeskApp::new(store);
    app.open_tournament(tournament);
    app.go(Screen::Table(table));
    let mut harness = harness(app);
    harness.run();
    click(&mut harness, Role::Button, "Tabellone");
    click(&mut harness, Role::RadioButton, "Solo su questo computer");
    // Port 0: any free one (the tests run side by side).
    retype(&mut harness, "Porta", "0");
    click(&mut harness, Role::Button, "Avvia il tabellone");
    assert!(harness.state().board_running(), "the board runs");
    // The board's window closes; the board goes on.
    click(&mut harness, Role::Button, "● Tabellone");
    (harness, dir, tournament, table)
}

/// The table's link as the table's screen shows it: its address (the board's, with the token), read off the
/// screen.
fn link_on_screen(harness: &mut Harness<'static, DeskApp>) -> String {
    if harness.query_by_label("Revoca il collegamento").is_none() {
        click(harness, Role::DisclosureTriangle, "Telefono del tavolo");
        harness.run();
    }
    let board = harness.state().board_url().expect("the board's address");
    let prefix = format!("{}/t/", board.trim_end_matches('/'));
    let node = harness.get_by_label_contains(&prefix);
    let url = node.accesskit_node().label().or(node.accesskit_node().value()).expect("the address");
    url.trim_start_matches(&prefix).to_owned()
}

/// Waits past the desk's poll, so that what a phone sent through the board shows.
fn after_a_poll(harness: &mut Harness<'static, DeskApp>) {
    std::thread::sleep(A_POLL);
    harness.run();
    harness.run();
}

fn send(harness: &Harness<'static, DeskApp>, token: &str, number: u32, entry: &stecca::tournament::MancheEntry) -> Id {
    let sent = harness.state().desk().propose(token, number, entry, &[], "10.0.0.7 Mozilla/5.0 (Android 14; Mobile)");
    match sent.expect("sent") {
        Sent::Queued(id) => id,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_sent_manche_waits_in_the_queue_opens_as_typed_and_is_confirmed_by_the_referee() {
    let (mut harness, _dir, tournament, table) = desk_with_board();
    let token = link_on_screen(&mut harness);
    assert_eq!(token.len(), 40, "{token}");
    let pins = harness.state().desk().table_links(tournament, 1, "Rossi").expect("links")[0].players.clone();
    for (_, pin) in &pins {
        harness.get_by_label(pin);
    }
    assert!(harness.query_by_label_contains("Proposte").is_none(), "no queue before a table sends anything");

    let first = send(&harness, &token, 1, &digest_entry());
    after_a_poll(&mut harness);
    click(&mut harness, Role::Button, "Proposte (1)");
    assert_eq!(harness.state().screen(), Screen::Proposals);
    harness.get_by_label("In attesa: 1");
    harness.get_by_label_contains("10.0.0.7 Mozilla/5.0 (Android 14");

    click(&mut harness, Role::Button, "Apri");
    assert_eq!(harness.state().screen(), Screen::Entry { table, number: 1 });
    harness.get_by_label_contains("Proposta dal telefono del tavolo 1 (10.0.0.7");
    for (position, hand) in digest_entry().hands.iter().enumerate() {
        let label = format!("Mano {}", position + 1);
        let field = harness.get_by_role_and_label(Role::TextInput, &label);
        assert_eq!(field.value().as_deref(), Some(hand.text.as_str()), "hand {}", position + 1);
    }
    let scored = harness.state().desk().table_state(table).expect("table").preview(1, &digest_entry()).expect("scores");
    let bruno = &scored.1.players[1];
    assert!(harness.query_all_by_label(&format!("Valore: {}", bruno.score)).next().is_some(), "Bruno's breakdown");
    assert_eq!(harness.query_all_by_label_contains(" a Bruno").count(), 3, "the payments, as for a typed manche");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Proposals, "back to the queue");
    harness.get_by_label("Manche 1 del tavolo 1 confermata e salvata.");
    let state = harness.state().desk().table_state(table).expect("table");
    assert_eq!(state.manches.len(), 1);
    assert_eq!(state.manches[0].referee, "Rossi");
    assert_eq!(state.manches[0].outcome, scored.1, "as if typed at the desk");
    let queue = harness.state().desk().proposals(tournament).expect("queue");
    assert_eq!(queue[0].proposal.id, first);
    assert_eq!((queue[0].proposal.state, queue[0].proposal.decided_by.as_str()), (ProposalState::Confirmed, "Rossi"));
    harness.get_by_label_contains("confermata da Rossi alle");
    harness.get_by_label("Proposte");
}

#[test]
fn the_referee_rejects_with_a_reason_confirms_an_edit_and_withdraws_what_the_desk_entered() {
    let (mut harness, _dir, tournament, table) = desk_with_board();
    let token = link_on_screen(&mut harness);
    let rejected = send(&harness, &token, 1, &digest_entry());
    after_a_poll(&mut harness);
    click(&mut harness, Role::Button, "Proposte (1)");
    click(&mut harness, Role::Button, "Apri");
    click(&mut harness, Role::Button, "Rifiuta");
    harness.get_by_label_contains("Motivo: dire perché la manche è rifiutata");
    assert_eq!(harness.state().desk().proposals(tournament).expect("queue")[0].proposal.state, ProposalState::Waiting);
    type_into(&mut harness, "Motivo del rifiuto", "I fiori di Bruno sono due");
    click(&mut harness, Role::Button, "Rifiuta");
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Proposals);
    let queue = harness.state().desk().proposals(tournament).expect("queue");
    assert_eq!(queue[0].proposal.id, rejected);
    assert_eq!(queue[0].proposal.state, ProposalState::Rejected);
    assert_eq!(queue[0].proposal.reason, "I fiori di Bruno sono due", "the reason the phone shows");
    harness.get_by_label_contains("rifiutata da Rossi alle");
    assert!(harness.state().desk().table_state(table).expect("table").manches.is_empty(), "nothing saved");

    // Sent again; the referee adds Bruno's second flower and confirms: the edit is what is saved.
    send(&harness, &token, 1, &digest_entry());
    after_a_poll(&mut harness);
    click(&mut harness, Role::Button, "Apri");
    retype(&mut harness, "Mano 2", "[555b] RRR 123c 456d EE 2f 3f");
    harness.get_by_label_contains("Modificata dall'arbitro");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    harness.run();
    let saved = &harness.state().desk().table_state(table).expect("table").manches[0];
    assert_eq!(saved.referee, "Rossi");
    assert!(saved.input.players[1].hand.as_deref().is_some_and(|h| h.ends_with("3f")), "{:?}", saved.input.players[1]);

    // Manche 2 is sent, and typed at the desk first by another referee: the queue can only withdraw it.
    send(&harness, &token, 2, &digest_entry());
    let save = SaveAs::fresh(Some(SaveAs::NEW));
    harness.state().desk().confirm_manche_as(table, 2, &digest_entry(), "Bianchi", &save).expect("typed");
    after_a_poll(&mut harness);
    harness.get_by_label("già inserita al banco");
    assert!(harness.query_by_label("Apri").is_none(), "nothing to open");
    click(&mut harness, Role::Button, "Ritira");
    harness.run();
    harness.get_by_label_contains("Bianchi");
    let queue = harness.state().desk().proposals(tournament).expect("queue");
    assert!(queue.iter().all(|p| p.proposal.state != ProposalState::Waiting), "{queue:?}");
    assert!(queue.iter().any(|p| p.proposal.state == ProposalState::Withdrawn));
    harness.get_by_label("Nessuna manche attende l'arbitro.");
}

#[test]
fn the_table_screen_revokes_the_link_and_gives_a_new_one() {
    let (mut harness, _dir, _tournament, _table) = desk_with_board();
    let old = link_on_screen(&mut harness);
    harness.state().desk().phone_table(&old).expect("the slip's link opens the table");
    click(&mut harness, Role::Button, "Revoca il collegamento");
    harness.get_by_label_contains("Revocare il collegamento del tavolo 1?");
    click(&mut harness, Role::Button, "Annulla");
    harness.state().desk().phone_table(&old).expect("nothing revoked without a yes");
    click(&mut harness, Role::Button, "Revoca il collegamento");
    click(&mut harness, Role::Button, "Sì, revoca");
    harness.run();
    assert!(harness.state().desk().phone_table(&old).is_err(), "the old slip opens nothing");
    harness.get_by_label_contains("Il tavolo 1 non ha un collegamento in vigore");

    click(&mut harness, Role::Button, "Nuovo collegamento");
    harness.run();
    let new = link_on_screen(&mut harness);
    assert_ne!(new, old);
    harness.state().desk().phone_table(&new).expect("the new link opens the table");
    click(&mut harness, Role::Button, "Nuovo collegamento");
    click(&mut harness, Role::Button, "Sì, nuovo collegamento");
    harness.run();
    let newer = link_on_screen(&mut harness);
    assert_ne!(newer, new);
    assert!(harness.state().desk().phone_table(&new).is_err(), "a new link revokes the one it replaces");
    harness.state().desk().phone_table(&newer).expect("the newest opens the table");
}

/// A stored time at `hh:mm` today in this computer's zone, as the store writes them: the screens show it so,
/// whatever zone the tests run in.
fn at(hour: u32, minute: u32) -> String {
    use chrono::TimeZone;
    let day = chrono::Local::now().date_naive();
    let time = day.and_hms_opt(hour, minute, 0).expect("a time");
    chrono::Local.from_local_datetime(&time).earliest().expect("a local time").to_rfc3339()
}

/// The queue with one proposal every player vouched for and one rejected before, and that proposal opened, as the
/// referee sees them (times fixed so that the pictures compare).
#[test]
fn the_queue_and_an_opened_proposal_look_as_the_referee_needs() {
    let mut store = Store::open_in_memory().expect("store");
    let (tournament, _) = crate::common::seated_four(&mut store);
    store.set_preference("referee", "Rossi").expect("referee");
    let mut desk = stecca::desk::Desk::new(store);
    let link = desk.table_links(tournament, 1, "Rossi").expect("links").remove(0);
    let pins: Vec<String> = link.players.iter().map(|(_, pin)| pin.clone()).collect();
    let phone = "192.168.1.31 Mozilla/5.0 (Linux; Android 14; Pixel 8) Firefox/130.0";
    let Sent::Queued(first) = desk.propose(&link.token, 1, &digest_entry(), &[], phone).expect("sent") else {
        panic!("queued")
    };
    desk.reject_proposal(tournament, first, "Manca il secondo fiore di Bruno", "Rossi").expect("rejected");
    let mut again = digest_entry();
    again.hands[1].text = "[555b] RRR 123c 456d EE 2f 3f".into();
    let Sent::Queued(second) = desk.propose(&link.token, 1, &again, &pins, phone).expect("sent again") else {
        panic!("queued: the referee confirms by default")
    };
    let store = desk.store();
    store
        .execute_sql(&format!("UPDATE proposal SET sent_at = '{}' WHERE id = {first}", at(10, 42)), &[])
        .expect("time");
    store
        .execute_sql(&format!("UPDATE proposal SET decided_at = '{}' WHERE id = {first}", at(10, 44)), &[])
        .expect("t");
    store.execute_sql(&format!("UPDATE proposal SET sent_at = '{}' WHERE id = {second}", at(10, 47)), &[]).expect("t");
    let mut app = DeskApp::new(desk);
    app.open_tournament(tournament);
    app.go(Screen::Proposals);
    let mut harness = harness(app);
    harness.run();
    harness.get_by_label("Proposte (1)");
    harness.get_by_label("tutti i PIN");
    harness.get_by_label_contains("rifiutata da Rossi alle 10:44: Manca il secondo fiore di Bruno");
    harness.snapshot("proposals-queue");

    click(&mut harness, Role::Button, "Apri");
    let banner = harness.get_by_label_contains("Proposta dal telefono del tavolo 1 (192.168.1.31 Mozilla/5.0");
    let said = banner.accesskit_node().label().or(banner.accesskit_node().value()).unwrap_or_default();
    assert!(said.ends_with("…), inviata alle 10:47"), "the phone's name cut short, the time it sent: {said}");
    harness.get_by_label("· tutti i giocatori hanno dato il PIN");
    harness.get_by_label_contains("Esc = torna alle proposte");
    let bruno = harness.get_by_role_and_label(Role::TextInput, "Mano 2");
    assert_eq!(bruno.value().as_deref(), Some("[555b] RRR 123c 456d EE 2f 3f"), "as the phone sent it");
    harness.snapshot("proposal-open");

    // Esc goes back to the queue; nothing was decided, nothing became a draft of the station.
    harness.key_press(Key::Escape);
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Proposals);
    assert!(!harness.state().has_pending_manche());
    let queue = harness.state().desk().proposals(tournament).expect("queue");
    assert_eq!(queue[0].proposal.state, ProposalState::Waiting);
    assert!(harness.state().desk().station_drafts().is_empty());
}

/// With the board run apart (`stecca board` on the same file, another program), what a phone sends reaches the
/// desk's queue by itself too: a desk on a file reads again whenever another program wrote to it.
#[test]
fn a_manche_sent_through_a_board_run_apart_shows_in_the_queue_by_itself() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("sala.db");
    let mut store = Store::open(&path).expect("store");
    let (tournament, table) = crate::common::seated_four(&mut store);
    let mut app = DeskApp::new(store);
    app.open_tournament(tournament);
    app.go(Screen::Table(table));
    let mut harness = harness(app);
    harness.run();
    assert!(!harness.state().board_running());
    assert!(harness.query_by_label_contains("Proposte").is_none(), "nothing sent yet");
    // The other program: its own connection to the file, as `stecca board` has.
    let mut apart = stecca::desk::Desk::open_at(path.to_str().expect("path")).expect("another program");
    let token = apart.table_links(tournament, 1, "Rossi").expect("links")[0].token.clone();
    apart.propose(&token, 1, &digest_entry(), &[], "10.0.0.7 phone").expect("sent");
    after_a_poll(&mut harness);
    harness.get_by_label("Proposte (1)");
}
