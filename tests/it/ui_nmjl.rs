//! Modern American at the desk (issue "Modern American (NMJL)"): the card kept through its screen, then a game
//! entered with the keyboard alone — F2 marks the winner, a few letters pick its hand from the card, Enter
//! moves to the exposures, Shift+F1 names the discarder, Ctrl+Enter confirms.

use crate::common::desk::{click, harness, seat_and_open_manche_1, type_into};
use egui::{Event, Key, Modifiers, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use stecca::store::Store;
use stecca::ui::{DeskApp, Screen};

/// A desk with an NMJL tournament (tournament points) whose card has three hands, four players seated, showing
/// game 1 of their table.
fn nmjl_desk() -> Harness<'static, DeskApp> {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    type_into(&mut harness, "Nome", "Mahjongg Open");
    type_into(&mut harness, "Sessioni", "1");
    click(&mut harness, Role::RadioButton, "Americano (NMJL)");
    click(&mut harness, Role::Button, "Crea torneo");
    let id = harness.state().tournament_id().expect("open tournament");

    click(&mut harness, Role::Button, "Carta");
    assert_eq!(harness.state().screen(), Screen::Book);
    for (section, line, value) in [
        ("2468", "FF 2222 44 6666 88", "25"),
        ("Singles and Pairs", "NN EW SS 11 22 33 44", "75"),
        ("Winds", "NNNN EEE WWW SSSS", "25"),
    ] {
        type_into(&mut harness, "Sezione", section);
        type_into(&mut harness, "Mano", line);
        type_into(&mut harness, "Valore", value);
        if section.starts_with("Singles") {
            click(&mut harness, Role::CheckBox, "Coperta (C)");
            click(&mut harness, Role::CheckBox, "Jolly ammessi");
        }
        click(&mut harness, Role::Button, "Aggiungi mano");
        for _ in 0..3 {
            // The section is kept for the next hand; clear it before typing another.
            harness.get_by_role_and_label(Role::TextInput, "Sezione").focus();
            harness.run();
            harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
            harness.key_press(Key::Backspace);
            harness.run();
        }
    }
    let card = stecca::desk::book(harness.state().desk().store(), id).expect("card");
    assert_eq!(card.len(), 3, "{card:?}");
    let concealed_jokers = |line: &stecca::rules::book::BookLine| (line.flag("concealed"), line.flag("jokers"));
    assert_eq!(concealed_jokers(&card[1]), (true, false), "{:?}", card[1]);
    assert!(stecca_rules_nmjl::is_singles_and_pairs(card[1].text("section")));
    assert_eq!(concealed_jokers(&card[2]), (false, true), "the ticks went back after the hand before: {:?}", card[2]);

    click(&mut harness, Role::Button, "Impostazioni");
    click(&mut harness, Role::RadioButton, "punti da torneo");
    click(&mut harness, Role::Button, "Salva impostazioni");
    click(&mut harness, Role::Button, "Giocatori");
    seat_and_open_manche_1(&mut harness, &["Ada", "Bea", "Cy", "Dot"]);
    harness
}

#[test]
fn a_game_is_entered_by_keyboard_with_the_hand_picked_from_the_card() {
    let mut harness = nmjl_desk();
    let mut keys = 0;
    let mut press = |harness: &mut Harness<'static, DeskApp>, modifiers: Modifiers, key: Key| {
        harness.key_press_modifiers(modifiers, key);
        harness.run();
        keys += 1 + usize::from(modifiers.any());
    };
    assert!(harness.query_by_label("Mah Jong (F2)").is_none(), "one spelling per ruleset: the card's own");
    assert!(harness.query_all_by_label_contains("Mah Jongg della mano").next().is_some(), "in the keys' help too");
    press(&mut harness, Modifiers::NONE, Key::F2);
    harness.get_by_role_and_label(Role::CheckBox, "Mah Jongg (F2)");
    assert!(harness.get_by_role_and_label(Role::TextInput, "Mano della carta o valore").is_focused());
    harness.event(Event::Text("2468".into()));
    harness.run();
    harness.get_by_label_contains("2468 · FF 2222 44 6666 88 — 25");
    press(&mut harness, Modifiers::NONE, Key::Enter);
    assert!(harness.get_by_role_and_label(Role::TextInput, "Esposizioni").is_focused(), "exposures come next");
    harness.event(Event::Text("2".into()));
    harness.run();
    press(&mut harness, Modifiers::SHIFT, Key::F1);
    press(&mut harness, Modifiers::COMMAND, Key::Enter);
    let keys = keys + "2468".len() + 1;

    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = harness.state().desk().store().table_manches(table).expect("manches");
    assert_eq!(saved.len(), 1, "confirmed: {:?}", harness.state().status());
    let winner = &saved[0].input.players[1];
    let number = |key: &str| winner.field::<u64>(key).expect("a number");
    assert_eq!((winner.mahjong, number("value"), number("exposures")), (true, Some(25), Some(2)));
    assert_eq!(winner.field::<String>("card_hand").expect("text").as_deref(), Some("2468 · FF 2222 44 6666 88"));
    assert!(saved[0].input.players[0].flag("discarder").expect("tick"));
    let nets: Vec<i64> = saved[0].outcome.net.iter().map(|(_, n)| *n).collect();
    assert_eq!(nets, [-20, 25, 0, 0], "tournament points: two exposures cost the discarder 20");
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 2, .. }), "on to game 2");
    assert_eq!(keys, 11, "F2, 2468, Enter, 2, Shift+F1 (two), Ctrl+Enter (two)");
}

#[test]
fn a_singles_and_pairs_hand_fills_its_flag_and_no_exposures() {
    let mut harness = nmjl_desk();
    harness.key_press(Key::F3);
    harness.run();
    harness.event(Event::Text("sing".into()));
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
    harness.key_press(Key::F5);
    harness.run();
    let flag = harness.get_by_role_and_label(Role::CheckBox, "Singles & Pairs (F8)");
    assert_eq!(flag.accesskit_node().toggled(), Some(egui::accesskit::Toggled::True));
    let exposures = harness.get_by_role_and_label(Role::TextInput, "Esposizioni");
    let typed = exposures.accesskit_node().value().unwrap_or_default();
    assert_eq!(typed, "", "a concealed hand's exposures are left empty (none), not a 0 a typed digit would follow");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = harness.state().desk().store().table_manches(table).expect("manches");
    assert_eq!(saved.len(), 1, "{:?}", harness.state().status());
    assert_eq!(saved[0].outcome.net[2].1, 85, "75 + 10 self-picked (F5), Singles & Pairs flagged from the card");
}

#[test]
fn the_card_screen_reads_in_both_languages() {
    let mut harness = nmjl_desk();
    click(&mut harness, Role::Button, "Carta");
    harness.get_by_label_contains("Carta del torneo (3 mani)");
    harness.get_by_label("senza jolly");
    harness.snapshot("card-it");
    click(&mut harness, Role::Button, "EN");
    harness.get_by_label_contains("The tournament's card (3 hands)");
    harness.get_by_label("no jokers");
    harness.snapshot("card-en");
}
