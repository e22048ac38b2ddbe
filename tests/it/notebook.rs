//! The Registro as a referee's notebook: every change placed at its session, table and manche, corrections
//! saying whose hand value changed from what to what, penalties naming the player, filters by table, player
//! and referee.

use stecca::desk::{self, Note};
use stecca::store::{Place, Store};

fn corrections_penalties_and_swaps_read_as_a_notebook_and_filter(mut store: Store) {
    let (id, table) = crate::common::seated_four(&mut store);
    let players = store.players(id).expect("players");
    store.swap_players(id, 1, players[0].id, players[3].id, "Lucia Bianchi").expect("Anna and Dario swap seats");
    desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "Mario Rossi").expect("entered");
    // The correction: the third hand's exposed group was a pung of 2 dots, not a chow.
    let mut corrected = crate::common::digest_entry();
    corrected.hands[2].text = "[222d] 66c 1b 4b 8b E S N VV".into();
    desk::confirm_manche(&mut store, table, 1, &corrected, "Lucia Bianchi").expect("corrected");
    let bruno = store.players(id).expect("players").into_iter().find(|p| p.data.name == "Bruno").expect("Bruno");
    store.add_penalty(id, bruno.id, Some(1), 30, "ritardo", "Mario Rossi").expect("penalty");

    let lines = desk::notebook(&store, id).expect("notebook");
    let penalty = &lines[0];
    assert_eq!(penalty.note, Note::PenaltyGiven { points: 30, reason: "ritardo".into() });
    assert_eq!(penalty.players, ["Bruno"]);
    let correction = &lines[1];
    assert_eq!(correction.note, Note::MancheCorrected);
    assert_eq!(correction.place, Some(Place { session: 1, table: 1, manche: Some(1) }));
    assert_eq!(correction.entry.referee, "Lucia Bianchi");
    assert!(correction.at.is_some(), "local time read back");
    let changes = correction.score_changes();
    assert_eq!(changes.len(), 1, "only Carla's value changed: {changes:?}");
    assert_eq!(changes[0].name, "Carla");
    let (before, after) = (changes[0].before.expect("before"), changes[0].after);
    assert!(before < after, "a pung is worth more than a chow: {before} → {after}");
    let entered = &lines[2];
    assert_eq!(entered.note, Note::MancheEntered);
    assert_eq!(entered.score_changes().len(), 4, "a new manche lists every hand");

    let find = |table: &str, player: &str, referee: &str| {
        lines.iter().filter(|l| l.matches(table, player, referee)).map(|l| l.note.clone()).collect::<Vec<_>>()
    };
    assert_eq!(find("S1 T1", "", ""), [Note::MancheCorrected, Note::MancheEntered]);
    assert_eq!(find("M1", "", "lucia"), [Note::MancheCorrected]);
    assert_eq!(find("T2", "", ""), Vec::<Note>::new());
    assert_eq!(find("", "bru", "mario").first(), Some(&Note::PenaltyGiven { points: 30, reason: "ritardo".into() }));
    assert!(find("", "", "").len() > 6, "registration and seating are there too");
    assert!(lines.iter().any(|l| l.note == Note::SessionSeated && l.place.is_some_and(|p| p.session == 1)));
    assert!(lines.iter().any(|l| l.note == Note::PlayerAdded && l.players == ["Anna"]));
    let swap = lines.iter().find(|l| l.note == Note::SeatsSwapped).expect("the swap");
    assert_eq!(swap.players, ["Anna", "Dario"]);
    assert_eq!(find("", "dario", "lucia").last(), Some(&Note::SeatsSwapped));
}

crate::on_both_backends!(corrections_penalties_and_swaps_read_as_a_notebook_and_filter,);
