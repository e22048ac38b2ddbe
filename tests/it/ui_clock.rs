//! The session clock at the desk: started from the sessions screen, paused, given five minutes and ended,
//! the time left drawn and the store holding what every station reads.

use crate::common::desk::{click, seated_desk};
use egui::Role;
use egui_kittest::kittest::Queryable;
use stecca::tournament::clock::ClockState;

#[test]
fn the_referee_runs_the_session_clock_from_the_sessions_screen() {
    let mut harness = seated_desk();
    click(&mut harness, Role::Button, "Sessioni");
    harness.get_by_label("non partito");
    click(&mut harness, Role::Button, "Avvia");
    for _ in 0..5 {
        harness.run();
    }
    let id = harness.state().tournament_id().expect("tournament");
    let clock = |harness: &egui_kittest::Harness<'static, stecca::ui::DeskApp>| {
        harness.state().desk().store().session_clock(id, 1).expect("read")
    };
    let started = clock(&harness).expect("started");
    assert_eq!(started.minutes, 90, "the minutes offered when the tournament sets none");
    assert!(harness.query_by_label_contains("1:29:").is_some() || harness.query_by_label("1:30:00").is_some());
    // The referee entering a manche sees the time left too.
    click(&mut harness, Role::Button, "Apri tavolo");
    click(&mut harness, Role::Button, "Inserisci la manche 1");
    harness.get_by_label_contains("Orologio della sessione 1:");
    click(&mut harness, Role::Button, "Sessioni");
    click(&mut harness, Role::Button, "Pausa");
    for _ in 0..5 {
        harness.run();
    }
    harness.get_by_label("in pausa");
    click(&mut harness, Role::Button, "+5 minuti");
    click(&mut harness, Role::Button, "Riprendi");
    for _ in 0..5 {
        harness.run();
    }
    let now = clock(&harness).expect("clock");
    assert_eq!(now.added_seconds, 300);
    assert!(matches!(now.state(chrono::Utc::now()), ClockState::Running { .. }));
    click(&mut harness, Role::Button, "Termina la sessione");
    for _ in 0..5 {
        harness.run();
    }
    harness.get_by_label("sessione finita");
    assert!(harness.query_by_label("Avvia").is_none() && harness.query_by_label("Pausa").is_none());
}
