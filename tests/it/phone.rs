//! The table's own phone at the desk (issue "The table enters its own hands"): each table's link and PINs, the
//! manches a phone sends waiting as proposals, the referee confirming (the manche as if typed at the desk, and
//! both land or neither), rejecting with a reason, a manche the desk entered first; on both backends.

use stecca::desk::{Desk, DeskError, ProposalState, Sent, StoreError};
use stecca::i18n::Lang;
use stecca::message::Explain;
use stecca::store::Store;
use stecca::tournament::MancheEntry;

use crate::common::{digest_entry, seated_four};

/// A desk over `store` with the four players seated, and the token of table 1's link for session 1.
fn linked(mut store: Store) -> (Desk, i64, i64, String) {
    let (tournament, table) = seated_four(&mut store);
    let mut desk = Desk::new(store);
    let links = desk.table_links(tournament, 1, "Rossi").expect("links");
    (desk, tournament, table, links[0].token.clone())
}

fn said(error: &DeskError) -> String {
    error.message().render(Lang::ENGLISH)
}

fn every_table_gets_a_secret_link_with_its_players_pins(store: Store) {
    let (mut desk, tournament, _, token) = linked(store);
    let links = desk.table_links(tournament, 1, "Rossi").expect("asked again");
    assert_eq!(links.len(), 1);
    let link = &links[0];
    assert_eq!(link.token, token, "the same link until it is revoked: a slip printed twice stays good");
    assert_eq!(link.token.len(), 40, "160 random bits in hexadecimal");
    assert!(link.token.bytes().all(|b| b.is_ascii_hexdigit()));
    let names: Vec<&str> = link.players.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["Anna", "Bruno", "Carla", "Dario"]);
    let mut pins: Vec<&str> = link.players.iter().map(|(_, pin)| pin.as_str()).collect();
    assert!(pins.iter().all(|pin| pin.len() == 4 && pin.bytes().all(|b| b.is_ascii_digit())), "{pins:?}");
    pins.dedup();
    assert_eq!(pins.len(), 4, "each player their own PIN");
    assert_eq!(link.url("http://sala:8080/"), format!("http://sala:8080/t/{token}"));
    let phone = desk.phone_table(&token).expect("the token opens its table");
    assert_eq!((phone.link.session, phone.link.table, phone.next), (1, 1, Some(1)));
    for wrong in ["", "x", &token[..39], &token.to_uppercase().replace('A', "G"), &"0".repeat(40)] {
        let refused = desk.phone_table(wrong).expect_err("opens nothing");
        assert!(matches!(refused, DeskError::Store(StoreError::NotFound(_))), "{wrong}: {refused:?}");
    }
    let new = desk.revoke_table_link(tournament, 1, 1, true, "Rossi").expect("reissued").expect("a new link");
    assert_ne!(new.token, token);
    assert!(desk.phone_table(&token).is_err(), "the old slip opens nothing any more");
    desk.phone_table(&new.token).expect("the new slip does");
    desk.revoke_table_link(tournament, 1, 1, false, "Rossi").expect("revoked");
    assert!(desk.phone_table(&new.token).is_err());
    let none = desk.revoke_table_link(tournament, 1, 1, false, "Rossi").expect_err("nothing left to revoke");
    assert!(said(&none).contains("no link in force"), "{}", said(&none));
    let log = desk.store().audit_log(tournament).expect("audit");
    let logged: Vec<&str> = log.iter().rev().filter(|e| e.entity == "table_link").map(|e| e.action.as_str()).collect();
    assert_eq!(logged, ["issue", "revoke", "issue", "revoke"], "oldest first: {logged:?}");
    assert!(log.iter().all(|e| !e.after.as_deref().unwrap_or_default().contains(&token)), "no token in the log");
}

fn a_sent_manche_waits_once_and_the_referee_confirms_it(store: Store) {
    let (mut desk, tournament, table, token) = linked(store);
    let sent = desk.propose(&token, 1, &digest_entry(), &[], "10.0.0.7 phone").expect("sent");
    let Sent::Queued(id) = sent else { panic!("{sent:?}") };
    let again = desk.propose(&token, 1, &digest_entry(), &[], "10.0.0.8 phone").expect("sent again");
    assert_eq!(again, Sent::AlreadyQueued(id), "two phones, one proposal");
    let mut other = digest_entry();
    other.hands[1].win.clear();
    let refused = desk.propose(&token, 1, &other, &[], "10.0.0.8 phone").expect_err("another manche 1 waits");
    assert!(said(&refused).contains("Table 1 already sent manche 1"), "{}", said(&refused));
    let queue = desk.proposals(tournament).expect("queue");
    assert_eq!(queue.len(), 1);
    assert_eq!(
        (queue[0].proposal.state, queue[0].table, queue[0].entered),
        (ProposalState::Waiting, Some(table), false)
    );
    assert_eq!(queue[0].entry, digest_entry(), "as the phone typed it");
    assert_eq!(queue[0].proposal.sender, "10.0.0.7 phone");
    assert!(desk.table_state(table).expect("table").manches.is_empty(), "a proposal is not a manche");

    let (_, outcome) = desk.confirm_proposal(tournament, id, None, "Rossi").expect("confirmed");
    let state = desk.table_state(table).expect("table");
    assert_eq!(state.manches.len(), 1);
    assert_eq!(state.manches[0].referee, "Rossi");
    assert_eq!(state.manches[0].outcome, outcome);
    let typed_at_the_desk = state.preview(1, &digest_entry()).expect("scores").1;
    assert_eq!(outcome, typed_at_the_desk, "the same outcome as typed at the desk");
    let twice = desk.confirm_proposal(tournament, id, None, "Bianchi").expect_err("confirmed once");
    assert!(said(&twice).contains("already confirmed or rejected"), "{}", said(&twice));
    let queue = desk.proposals(tournament).expect("queue");
    assert_eq!((queue[0].proposal.state, queue[0].proposal.decided_by.as_str()), (ProposalState::Confirmed, "Rossi"));
    assert_eq!(queue[0].proposal.manche, Some(state.manches[0].id));
    let log = desk.store().audit_log(tournament).expect("audit");
    assert!(log.iter().any(|e| e.entity == "manche" && e.action == "enter" && e.referee == "Rossi"));
    assert!(log.iter().any(|e| e.entity == "proposal" && e.action == "confirmed" && e.referee == "Rossi"));
    // The notebook says it: the manche entered, and that it came from the table's phone and who confirmed it.
    let notes = desk.notebook(tournament).expect("notebook");
    let confirmed = notes.iter().find(|n| n.note == stecca::desk::Note::ProposalConfirmed).expect("a line");
    assert_eq!(confirmed.place, Some(stecca::desk::Place { session: 1, table: 1, manche: Some(1) }));
    assert_eq!(confirmed.entry.referee, "Rossi");
    assert!(notes.iter().any(|n| n.note == stecca::desk::Note::MancheEntered && n.entry.referee == "Rossi"));
    assert!(notes.iter().all(|n| n.entry.entity != "table_link"), "a link made with the seating is no line of its own");

    let phone = desk.phone_table(&token).expect("phone");
    assert_eq!((phone.next, phone.state.manches.len()), (Some(2), 1), "the phone goes on to manche 2");
    let late = desk.propose(&token, 1, &digest_entry(), &[], "10.0.0.8 phone").expect_err("manche 1 is entered");
    let DeskError::Store(StoreError::Conflict(conflict)) = &late else { panic!("{late:?}") };
    assert_eq!(conflict.current.number, 1, "refused with what the desk has");
    let ahead = desk.propose(&token, 3, &digest_entry(), &[], "p").expect_err("manche 2 comes first");
    assert!(said(&ahead).contains('2'), "{}", said(&ahead));
}

fn a_rejected_manche_says_why_and_may_be_sent_again(store: Store) {
    let (mut desk, tournament, table, token) = linked(store);
    let Sent::Queued(id) = desk.propose(&token, 1, &digest_entry(), &[], "p").expect("sent") else { panic!() };
    let blank = desk.reject_proposal(tournament, id, "  ", "Rossi").expect_err("a reason is needed");
    assert!(said(&blank).contains("Reason"), "{}", said(&blank));
    desk.reject_proposal(tournament, id, "Bruno's flowers are two, not one", "Rossi").expect("rejected");
    let notes = desk.notebook(tournament).expect("notebook");
    assert!(
        notes
            .iter()
            .any(|n| n.note
                == stecca::desk::Note::ProposalRejected { reason: "Bruno's flowers are two, not one".into() })
    );
    let phone = desk.phone_table(&token).expect("phone");
    assert_eq!(phone.rejected(1).map(|p| p.reason.as_str()), Some("Bruno's flowers are two, not one"));
    assert!(phone.waiting(1).is_none());
    let Sent::Queued(second) = desk.propose(&token, 1, &digest_entry(), &[], "p").expect("sent again") else {
        panic!()
    };
    assert_ne!(second, id);
    let mut edited = digest_entry();
    edited.hands[1].text = "[555b] RRR 123c 456d EE 2f 3f".into();
    let (input, _) = desk.confirm_proposal(tournament, second, Some(&edited), "Rossi").expect("edited and confirmed");
    let saved = &desk.table_state(table).expect("table").manches[0];
    assert_eq!(saved.input, input, "the referee's edit is what is saved");
    assert!(saved.input.players[1].hand.as_deref().is_some_and(|h| h.contains("3f")), "{:?}", saved.input.players[1]);
}

fn a_manche_the_desk_entered_first_is_withdrawn_with_what_the_desk_has(store: Store) {
    let (mut desk, tournament, table, token) = linked(store);
    let Sent::Queued(id) = desk.propose(&token, 1, &digest_entry(), &[], "p").expect("sent") else { panic!() };
    let mut typed = digest_entry();
    typed.hands[1].win.clear();
    let save = stecca::desk::SaveAs::fresh(Some(stecca::desk::SaveAs::NEW));
    desk.confirm_manche_as(table, 1, &typed, "Bianchi", &save).expect("typed at the desk");
    assert!(desk.proposals(tournament).expect("queue")[0].entered, "the queue says the desk has it");
    let refused = desk.confirm_proposal(tournament, id, None, "Rossi").expect_err("the desk has manche 1");
    assert!(matches!(refused, DeskError::Store(StoreError::Conflict(_))), "{refused:?}");
    let queue = desk.proposals(tournament).expect("queue");
    assert_eq!(queue[0].proposal.state, ProposalState::Withdrawn);
    assert_eq!(desk.table_state(table).expect("table").manches[0].referee, "Bianchi", "nothing overwritten");
}

fn a_manche_every_player_vouched_for_is_saved_where_the_tournament_allows_it(store: Store) {
    let (mut desk, tournament, table, token) = linked(store);
    let pins: Vec<String> =
        desk.table_links(tournament, 1, "Rossi").expect("links")[0].players.iter().map(|(_, p)| p.clone()).collect();
    let mut wrong = pins.clone();
    wrong[2] = if pins[2] == "0000" { "0001".into() } else { "0000".into() };
    let refused = desk.propose(&token, 1, &digest_entry(), &wrong, "p").expect_err("Carla's PIN is wrong");
    assert!(said(&refused).starts_with("Carla"), "{}", said(&refused));
    assert!(desk.proposals(tournament).expect("queue").is_empty(), "nothing saved");
    // By default the referee confirms even a manche every player vouched for.
    let Sent::Queued(_) = desk.propose(&token, 1, &digest_entry(), &pins, "p").expect("sent") else { panic!() };
    assert!(desk.proposals(tournament).expect("queue")[0].proposal.pins_given);
    assert!(desk.table_state(table).expect("table").manches.is_empty());

    let mut settings = desk.tournament(tournament).expect("tournament").settings;
    settings.proposals_by_pins = true;
    desk.update_settings(tournament, &settings, "Rossi").expect("allowed");
    let mut next = digest_entry();
    next.void = true;
    next.hands.iter_mut().for_each(|h| *h = stecca::tournament::HandEntry::default());
    let proposals = desk.proposals(tournament).expect("queue");
    desk.confirm_proposal(tournament, proposals[0].proposal.id, None, "Rossi").expect("manche 1");
    assert_eq!(desk.propose(&token, 2, &next, &pins, "p").expect("sent"), Sent::Saved(2));
    let state = desk.table_state(table).expect("table");
    assert_eq!(state.manches.len(), 2);
    assert_eq!(state.manches[1].referee, "T1 PIN", "saved in the table's name");
    let partial = vec![pins[0].clone(), String::new(), String::new(), String::new()];
    let refused = desk.propose(&token, 3, &next, &partial, "p").expect_err("Bruno gave no PIN");
    assert!(said(&refused).starts_with("Bruno"), "{}", said(&refused));
}

fn a_manche_that_does_not_score_is_refused_by_hand_and_the_clocks_end_closes_the_links(store: Store) {
    let (mut desk, tournament, _, token) = linked(store);
    let mut bad = digest_entry();
    bad.hands[1].text = "[555b] RRR 123c".into();
    let refused = desk.propose(&token, 1, &bad, &[], "p").expect_err("not a hand");
    assert!(matches!(&refused, DeskError::Entry(errors) if errors.hands[1].is_some()), "{refused:?}");
    let empty = desk.propose(&token, 1, &MancheEntry::default(), &[], "p").expect_err("no hands");
    assert!(matches!(empty, DeskError::Entry(_)), "{empty:?}");
    assert!(desk.proposals(tournament).expect("queue").is_empty());
    desk.clock(tournament, 1, stecca::desk::ClockRequest::Start(Some(90)), "Rossi").expect("started");
    desk.phone_table(&token).expect("still open while the clock runs");
    desk.clock(tournament, 1, stecca::desk::ClockRequest::End, "Rossi").expect("ended");
    assert!(desk.phone_table(&token).is_err(), "the session is closed: its links open nothing");
    assert!(desk.propose(&token, 1, &digest_entry(), &[], "p").is_err());
}

crate::on_both_backends!(
    every_table_gets_a_secret_link_with_its_players_pins,
    a_sent_manche_waits_once_and_the_referee_confirms_it,
    a_rejected_manche_says_why_and_may_be_sent_again,
    a_manche_the_desk_entered_first_is_withdrawn_with_what_the_desk_has,
    a_manche_every_player_vouched_for_is_saved_where_the_tournament_allows_it,
    a_manche_that_does_not_score_is_refused_by_hand_and_the_clocks_end_closes_the_links,
);
