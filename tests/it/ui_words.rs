//! Every word in the referee's language: errors from the core, the store and the desk reach the status line in
//! Italian in the Italian desk and in English in the English one (the ids are checked against both locale
//! files by the library's own test).

use crate::common::desk::{click, harness, seated_desk, type_into};
use egui::Role;
use egui_kittest::kittest::Queryable;
use stecca::store::Store;
use stecca::ui::{DeskApp, Lang};

fn status(harness: &egui_kittest::Harness<'static, DeskApp>) -> String {
    harness.state().status_text().unwrap_or_default()
}

#[test]
fn a_tournament_without_a_name_is_refused_in_the_desks_language() {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    click(&mut harness, Role::Button, "Crea torneo");
    assert_eq!(status(&harness), "Nome: un torneo deve avere un nome");
    harness.state_mut().set_lang(Lang::ENGLISH);
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

/// The Italian a referee reads (issue "The desk at the table, round two", Italian): a count agrees with its
/// noun ("1 tavolo", "1 giocatore attivo"), an empty tournament asks for players instead of "4 riserve", the
/// unseated session names the button to press, the club weight has a decimal comma, and the rulesets are named
/// in Italian.
#[test]
fn the_italian_desk_speaks_italian_in_the_singular_too() {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    harness.get_by_label("Americano classico");
    harness.get_by_label("Americano (NMJL)");
    type_into(&mut harness, "Nome", "Coppa del singolare");
    type_into(&mut harness, "Sessioni", "1");
    click(&mut harness, Role::Button, "Crea torneo");
    harness.get_by_label("Nessun giocatore iscritto: aggiungili qui sotto o importa un elenco CSV.");
    assert!(harness.query_by_label_contains("riserve").is_none(), "no substitutes asked of an empty tournament");
    type_into(&mut harness, "Nome", "Anna");
    click(&mut harness, Role::Button, "Aggiungi giocatore");
    harness.get_by_label("1 giocatore attivo: aggiungi 3 riserve per completare i tavoli da 4.");
    for name in ["Bruno", "Carla", "Dario"] {
        type_into(&mut harness, "Nome", name);
        click(&mut harness, Role::Button, "Aggiungi giocatore");
    }
    harness.get_by_label("4 giocatori attivi: 1 tavolo da 4.");
    click(&mut harness, Role::Button, "Sessioni");
    harness.get_by_label("Questa sessione non ha ancora i posti: premi «Genera i posti delle sessioni non giocate».");
    assert_eq!(harness.get_by_label("Peso club").value().as_deref(), Some("1,0"), "a decimal comma");
    harness.state_mut().set_lang(Lang::ENGLISH);
    harness.run();
    assert_eq!(harness.get_by_label("Club weight").value().as_deref(), Some("1.0"), "a decimal point");
}

/// The status line speaks the desk's language as it is now: a refusal and a word of what was done said in
/// Italian read in English once the referee switches (issue 62: they stayed Italian).
#[test]
fn the_status_line_follows_the_language_switch() {
    let mut harness = seated_desk();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    harness.run();
    assert!(status(&harness).starts_with("Non si può confermare: "), "{}", status(&harness));
    click(&mut harness, Role::Button, "EN");
    assert!(status(&harness).starts_with("Cannot confirm: "), "{}", status(&harness));
    harness.get_by_label_contains("Cannot confirm: ");

    click(&mut harness, Role::Button, "IT");
    click(&mut harness, Role::Button, "Giocatori");
    type_into(&mut harness, "Nome", "Elena");
    click(&mut harness, Role::Button, "Aggiungi giocatore");
    assert_eq!(status(&harness), "Giocatore salvato: Elena");
    click(&mut harness, Role::Button, "EN");
    assert_eq!(status(&harness), "Player saved: Elena");
    harness.get_by_label("Player saved: Elena");
}

/// Placement points are labelled by place in the desk's language: "1° 2° 3° 4°" in Italian, "1st 2nd 3rd 4th"
/// in English (issue 62: English showed the Italian "1°").
#[test]
fn placement_points_are_labelled_by_ordinals_in_the_desks_language() {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    type_into(&mut harness, "Nome", "Coppa ordinale");
    click(&mut harness, Role::Button, "Crea torneo");
    click(&mut harness, Role::Button, "Impostazioni");
    for place in ["1°", "2°", "3°", "4°"] {
        harness.get_by_role_and_label(Role::TextInput, place);
    }
    click(&mut harness, Role::Button, "EN");
    for place in ["1st", "2nd", "3rd", "4th"] {
        harness.get_by_role_and_label(Role::TextInput, place);
    }
    assert!(harness.query_by_label("1°").is_none(), "no Italian ordinal left");
}
