//! Classic American at the desk: a wall game is only ever an explicit choice (issue "The desk at the table,
//! round two", major 1). After a manche is confirmed, Ctrl+Enter on the next, blank one saves nothing; ticking
//! "Muro esaurito" and confirming saves it as a wall game.

use crate::common::desk::{click, seated_desk_playing};
use egui::{Key, Modifiers, Role};
use egui_kittest::kittest::Queryable;
use stecca::ui::{DeskApp, Screen};

#[test]
fn a_blank_classic_manche_is_never_saved_by_a_second_ctrl_enter() {
    let mut harness = seated_desk_playing(Some("Americano classico"));
    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = |harness: &egui_kittest::Harness<'static, DeskApp>| {
        harness.state().desk().store().table_manches(table).expect("manches")
    };

    // Manche 1: marked a wall game, confirmed.
    click(&mut harness, Role::CheckBox, "Muro esaurito");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    assert_eq!(saved(&harness).len(), 1, "a marked wall game is saved");
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 2, .. }), "on to manche 2");

    // Manche 2 left blank: Ctrl+Enter again saves nothing and says why.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    assert_eq!(saved(&harness).len(), 1, "a blank manche is not saved");
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 2, .. }), "still on manche 2");
    assert!(harness.query_all_by_label_contains("nessuno ha fatto Mah Jong").next().is_some(), "and says why");

    // The wall game chosen explicitly is saved, as one.
    click(&mut harness, Role::CheckBox, "Muro esaurito");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    let manches = saved(&harness);
    assert_eq!(manches.len(), 2);
    assert!(manches.iter().all(|m| m.outcome.void), "both are wall games, marked");
    // The table lists them as what they are.
    harness.key_press(Key::Escape);
    harness.run();
    assert_eq!(harness.get_all_by_label("a monte · correggi").count(), 2, "listed as wall games");
    assert!(harness.query_by_label("inserita · correggi").is_none());
}

/// A refusal is about the form as it was: Ctrl+Enter with no winner says "nessuno ha fatto Mah Jong"; once F1
/// marks a winner the status line no longer says it (issue 62), while the form still shows what is left to type.
#[test]
fn the_refusal_goes_from_the_status_line_once_f1_marks_a_winner() {
    let mut harness = seated_desk_playing(Some("Americano classico"));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    let refusal = harness.state().status_text().unwrap_or_default();
    assert!(refusal.contains("nessuno ha fatto Mah Jong"), "{refusal}");
    harness.key_press(Key::F1);
    harness.run();
    let status = harness.state().status_text();
    assert!(status.as_deref().is_none_or(|s| !s.contains("nessuno ha fatto Mah Jong")), "{status:?}");
    assert!(harness.query_by_label_contains("nessuno ha fatto Mah Jong").is_none(), "said nowhere any more");

    // A refusal whose cause stays stays: Ctrl+Enter again names what is still missing, and typing elsewhere
    // that does not mend it leaves it.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    let again = harness.state().status_text().expect("refused again");
    assert!(again.starts_with("Non si può confermare"), "{again}");
    crate::common::desk::type_into(&mut harness, "Mano 2", "RRR");
    assert_eq!(harness.state().status_text().as_deref(), Some(again.as_str()), "the cause is still there");
}
