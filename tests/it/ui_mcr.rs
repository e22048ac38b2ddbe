//! MCR at the desk's entry screen: a tournament made from the ruleset picker, the issue's hand typed with the
//! keyboard — F2 marks South's Hu, the tiles and winning tile, Shift+F1 names the discarder — its fan listed
//! with their Chinese names and pinyin, Ctrl+Enter; then a hand typed from the score sheet's fan, refused while
//! two of them clash, and the deal passing to the next player.

use crate::common::desk::{click, harness, retype, seat_and_open_manche_1, type_into, wait_until_editable};
use egui::{Event, Key, Modifiers, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use stecca::store::Store;
use stecca::ui::{DeskApp, Screen};

/// The ruleset's button at the desk.
const MCR: &str = "MCR — Cinese ufficiale";

/// A one-session MCR tournament, its seating seed fixed at 7, four players seated and manche 1 open.
fn mcr_desk() -> Harness<'static, DeskApp> {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    type_into(&mut harness, "Nome", "MCR Open");
    type_into(&mut harness, "Sessioni", "1");
    click(&mut harness, Role::RadioButton, MCR);
    click(&mut harness, Role::Button, "Crea torneo");
    click(&mut harness, Role::Button, "Impostazioni");
    wait_until_editable(&mut harness, "Seme dei posti");
    assert!(harness.query_by_label("Punti iniziali").is_none(), "MCR's session scores start from nothing");
    harness.get_by_label("Falso Hu: punti pagati agli altri tre");
    retype(&mut harness, "Seme dei posti", "7");
    click(&mut harness, Role::Button, "Salva impostazioni");
    assert!(harness.state().status().is_some_and(|s| !s.error), "{:?}", harness.state().status_text());
    click(&mut harness, Role::Button, "Giocatori");
    seat_and_open_manche_1(&mut harness, &["Anna", "Bruno", "Carla", "Dario"]);
    harness
}

fn saved_nets(harness: &Harness<'static, DeskApp>) -> Vec<Vec<i64>> {
    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = harness.state().desk().store().table_manches(table).expect("manches");
    saved.iter().map(|m| m.outcome.net.iter().map(|(_, n)| *n).collect()).collect()
}

#[test]
fn the_issues_hand_is_typed_with_the_keyboard_and_its_fan_are_listed_in_three_scripts() {
    let mut harness = mcr_desk();
    harness.key_press(Key::F2);
    harness.run();
    harness.event(Event::Text("123c 456c 789c 234b 5d 2f".into()));
    harness.run();
    type_into(&mut harness, "Tessera vincente", "5d");
    harness.key_press_modifiers(Modifiers::SHIFT, Key::F1);
    harness.run();
    harness.get_by_label_contains("28. Scala pura · 清龙 qīng lóng");
    harness.get_by_label_contains("22 fan (21 + 1 fiore)");
    harness.snapshot("mcr-entry");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    assert_eq!(saved_nets(&harness), [vec![-30, 46, -8, -8]], "{:?}", harness.state().status());
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 2, .. }), "on to hand 2");
}

#[test]
fn a_hand_from_the_score_sheet_is_refused_while_two_fan_clash_then_saved() {
    let mut harness = mcr_desk();
    harness.key_press(Key::F3);
    harness.run();
    type_into(&mut harness, "Fan dal foglio punti", "22, 76, 49");
    harness.key_press_modifiers(Modifiers::SHIFT, Key::F4);
    harness.run();
    harness.get_by_label_contains("Nessun onore non si conta insieme a Colore pieno");
    retype(&mut harness, "Fan dal foglio punti", "22, 49");
    harness.get_by_label_contains("30 fan: 8 + 30");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    assert_eq!(saved_nets(&harness), [vec![-8, -8, 54, -38]], "{:?}", harness.state().status());
}
