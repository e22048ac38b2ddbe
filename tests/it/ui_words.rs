//! Every word in the referee's language: errors from the core, the store and the desk reach the status line in
//! Italian in the Italian desk and in English in the English one (the ids are checked against both locale
//! files by the library's own test).

use crate::common::desk::{click, harness, seated_desk, type_into};
use egui::Role;
use stecca::store::Store;
use stecca::ui::{DeskApp, Lang};

fn status(harness: &egui_kittest::Harness<'static, DeskApp>) -> String {
    harness.state().status().map(|s| s.text.clone()).unwrap_or_default()
}

#[test]
fn a_tournament_without_a_name_is_refused_in_the_desks_language() {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    click(&mut harness, Role::Button, "Crea torneo");
    assert_eq!(status(&harness), "Nome: un torneo deve avere un nome");
    harness.state_mut().set_lang(Lang::En);
    harness.run();
    click(&mut harness, Role::Button, "Create tournament");
    assert_eq!(status(&harness), "Name: a tournament needs a name");
}

#[test]
fn store_and_desk_refusals_are_said_in_italian() {
    let mut harness = seated_desk();
    // A player already registered: the store refuses, the desk says it in Italian without quotes from code.
    click(&mut harness, Role::Button, "Giocatori");
    type_into(&mut harness, "Nome", "Anna");
    click(&mut harness, Role::Button, "Aggiungi giocatore");
    assert_eq!(status(&harness), "«Anna» è già iscritto a questo torneo");
    // A bad number in a field names the field by its Italian label.
    click(&mut harness, Role::Button, "Tornei");
    type_into(&mut harness, "Sessioni", "quattro");
    click(&mut harness, Role::Button, "Crea torneo");
    let text = status(&harness);
    assert!(text.contains("«quattro» non è un numero"), "{text}");
}
