//! The Registro at the desk: a correction reads as a sentence with the hand values before and after, the
//! filters narrow the lines, a click shows what changed field by field in the referee's words (the stored JSON
//! folded beneath it).

use crate::common::desk::{harness, type_into};
use egui::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use stecca::store::Store;
use stecca::ui::{DeskApp, Lang, Screen};

#[test]
fn a_correction_reads_as_a_sentence_and_opens_its_record() {
    let mut store = Store::open_in_memory().expect("store");
    let (id, table) = crate::common::seated_four(&mut store);
    stecca::desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "Mario Rossi").expect("entered");
    let mut corrected = crate::common::digest_entry();
    corrected.hands[2].text = "[222d] 66c 1b 4b 8b E S N VV".into();
    stecca::desk::confirm_manche(&mut store, table, 1, &corrected, "Mario Rossi").expect("corrected");
    let mut app = DeskApp::new(store);
    app.open_tournament(id);
    app.go(Screen::Audit);
    let mut harness = harness(app);
    harness.run();
    let line = harness.get_by_label_contains("S1 · T1 · M1 corretta da Mario Rossi alle ");
    let text = line.accesskit_node().label().or(line.accesskit_node().value()).unwrap_or_default();
    assert!(text.contains(" — Carla: "), "{text}");
    assert!(text.contains(" → "), "{text}");
    harness.get_by_label_contains("S1 · T1 · M1 inserita da Mario Rossi");

    type_into(&mut harness, "Giocatore", "nessuno");
    assert!(harness.query_by_label_contains("corretta da").is_none(), "filtered out");
    harness.get_by_label_contains("(0 di ");
    let field = harness.get_by_role_and_label(Role::TextInput, "Giocatore");
    field.focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.key_press(egui::Key::Backspace);
    harness.run();
    type_into(&mut harness, "Tavolo (es. S1 T3)", "S1 T1");
    harness.get_by_label_contains("(2 di ");

    harness.get_by_label_contains("corretta da Mario Rossi").click();
    harness.run();
    harness.get_by_label("Cosa è cambiato");
    // Carla's hand, before and after, under the ruleset's own name for the field; no JSON key on show.
    let carla = harness.get_by_label_contains("Carla · ");
    let field = carla.accesskit_node().label().unwrap_or_default();
    assert!(!field.contains("hand"), "{field}");
    harness.get_by_label("[222d] 66c 1b 4b 8b E S N VV");
    assert!(harness.query_by_label_contains("\"hand\"").is_none(), "the JSON stays folded");
    harness.get_by_label("Dati registrati (JSON)").click();
    harness.run();
    harness.get_by_label_contains("\"[222d] 66c 1b 4b 8b E S N VV\"");

    harness.state_mut().set_lang(Lang::ENGLISH);
    harness.run();
    harness.get_by_label_contains("S1 · T1 · M1 corrected by Mario Rossi at ");
}

/// The desk asks who referees as it opens: the last name is offered (Enter keeps it), an empty one cannot
/// start, and the name given signs the changes that follow.
#[test]
fn the_desk_asks_who_referees_and_signs_with_that_name() {
    let store = Store::open_in_memory().expect("store");
    let mut app = DeskApp::new(store);
    app.ask_referee();
    let mut harness = harness(app);
    harness.run();
    harness.get_by_label("Chi arbitra questa sessione?");
    let field = harness.get_by_role_and_label(Role::TextInput, "Nome dell'arbitro");
    assert!(field.is_focused(), "the name takes the keyboard");
    assert!(harness.get_by_role_and_label(Role::Button, "Inizia").accesskit_node().is_disabled(), "no name yet");
    harness.snapshot("referee-prompt");
    harness.event(egui::Event::Text("Giulia Neri".into()));
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    harness.run();
    assert!(harness.query_by_label("Chi arbitra questa sessione?").is_none(), "asked once");
    let kept = harness.state().desk().preference("referee").expect("read");
    assert_eq!(kept.as_deref(), Some("Giulia Neri"));
    assert_eq!(harness.get_by_role_and_label(Role::TextInput, "Arbitro").value().as_deref(), Some("Giulia Neri"));

    // The next session offers the last name: Enter keeps it.
    let store = Store::open_in_memory().expect("store");
    store.set_preference("referee", "Mario Rossi").expect("kept");
    let mut app = DeskApp::new(store);
    app.ask_referee();
    let mut harness = crate::common::desk::harness(app);
    harness.run();
    let offered = harness.get_by_role_and_label(Role::TextInput, "Nome dell'arbitro").value();
    assert_eq!(offered.as_deref(), Some("Mario Rossi"));
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(harness.query_by_label("Chi arbitra questa sessione?").is_none());
    assert_eq!(harness.get_by_role_and_label(Role::TextInput, "Arbitro").value().as_deref(), Some("Mario Rossi"));
}
