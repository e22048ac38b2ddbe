//! Classic American at the desk: a wall game is only ever an explicit choice (issue "The desk at the table,
//! round two", major 1). After a manche is confirmed, Ctrl+Enter on the next, blank one saves nothing; ticking
//! "A monte" and confirming saves it as a wall game.

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
    click(&mut harness, Role::CheckBox, "A monte");
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
    click(&mut harness, Role::CheckBox, "A monte");
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

/// Classic American says "a monte" for a manche without a winner wherever the referee and the players read it
/// (issue 62: the box said "Muro esaurito", the refusal "a monte", the board "a monte"): the box, the refusal,
/// the table screen and the hall board's player card, and in English "void (a monte)" in each.
#[test]
fn classic_american_calls_a_manche_without_a_winner_a_monte_everywhere() {
    use crate::common::desk::{harness, retype, seat_and_open_manche_1, type_into};
    let dir = tempfile::tempdir().expect("dir");
    let store = stecca::store::Store::open(&dir.path().join("monte.db")).expect("store");
    let mut harness = harness(DeskApp::new(store));
    harness.run();
    type_into(&mut harness, "Nome", "Coppa a monte");
    type_into(&mut harness, "Sessioni", "1");
    click(&mut harness, Role::RadioButton, "Americano classico");
    click(&mut harness, Role::Button, "Crea torneo");
    seat_and_open_manche_1(&mut harness, &["Anna", "Bruno", "Carla", "Dario"]);

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    let refusal = harness.state().status_text().unwrap_or_default();
    assert!(refusal.contains("segnare la manche a monte"), "{refusal}");
    harness.state_mut().set_lang(stecca::ui::Lang::ENGLISH);
    harness.run();
    let refusal = harness.state().status_text().unwrap_or_default();
    assert!(refusal.contains("mark the manche void (a monte)"), "{refusal}");
    click(&mut harness, Role::CheckBox, "Void (a monte)");
    harness.state_mut().set_lang(stecca::ui::Lang::ITALIAN);
    harness.run();
    assert!(harness.query_by_label_contains("Muro esaurito").is_none(), "one term");
    harness.get_by_role_and_label(Role::CheckBox, "A monte");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    harness.key_press(Key::Escape);
    harness.run();
    harness.get_by_label("a monte · correggi");

    click(&mut harness, Role::Button, "Tabellone");
    click(&mut harness, Role::RadioButton, "Solo su questo computer");
    retype(&mut harness, "Porta", "0");
    click(&mut harness, Role::Button, "Avvia il tabellone");
    let url = harness.state().board_url().expect("the board runs");
    let address = url.trim_start_matches("http://").trim_end_matches('/').parse().expect("address");
    let id = harness.state().tournament_id().expect("tournament");
    let anna = harness.state().desk().store().players(id).expect("players")[0].id;
    let card = |lang: &str| crate::common::http::get(address, &format!("/player/{anna}?lang={lang}")).body;
    let mut page = card("it");
    for _ in 0..100 {
        if page.contains("Anna") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        page = card("it");
    }
    assert!(page.contains("<td class=\"n\">a monte</td>"), "{page}");
    assert!(card("en").contains("<td class=\"n\">void</td>"), "English says void");
    click(&mut harness, Role::Button, "Ferma il tabellone");
}
