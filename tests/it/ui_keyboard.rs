//! The README's manche typed at the desk with the keyboard alone, every key counted: the referee's hands arrive
//! where the keyboard is (no clicking into fields), Enter moves to the next hand, F2 marks Bruno's Mah Jong, F5
//! his first win flag, Ctrl+Enter confirms.

use crate::common::desk::seated_desk;
use egui::{Event, Key, Modifiers, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use stecca::ui::{DeskApp, Screen};

/// Keys pressed at the desk. A typed character is one key (Shift for a capital letter is not counted); a key
/// pressed with Ctrl counts as two.
struct Keyboard<'a> {
    harness: &'a mut Harness<'static, DeskApp>,
    keys: usize,
}

impl Keyboard<'_> {
    fn text(&mut self, text: &str) {
        self.harness.event(Event::Text(text.to_owned()));
        self.harness.run();
        self.keys += text.chars().count();
    }

    fn key(&mut self, key: Key) {
        self.harness.key_press(key);
        self.harness.run();
        self.keys += 1;
    }

    fn ctrl(&mut self, key: Key) {
        self.harness.key_press_modifiers(Modifiers::COMMAND, key);
        self.harness.run();
        self.keys += 2;
    }

    fn assert_focus(&self, label: &str) {
        assert!(self.harness.get_by_role_and_label(Role::TextInput, label).is_focused(), "{label} has the keyboard");
    }
}

/// The digest's manche as a referee types it: suit letters shared, no spaces inside a concealed bag.
const HANDS: [&str; 4] =
    ["[999c] 23b579d67cSNB 1f", "[555b] RRR123c456dEE 2f", "[234d] 66c148bESNVV", "124c1568d3579bWW"];

#[test]
fn the_readme_manche_takes_88_keys_and_no_mouse() {
    let mut harness = seated_desk();
    let mut keyboard = Keyboard { harness: &mut harness, keys: 0 };
    for (position, hand) in HANDS.iter().enumerate() {
        keyboard.assert_focus(&format!("Mano {}", position + 1));
        keyboard.text(hand);
        if position + 1 < HANDS.len() {
            keyboard.key(Key::Enter);
        }
    }
    keyboard.key(Key::F2);
    keyboard.harness.get_by_label("Autopescata (F5)");
    keyboard.key(Key::F5);
    keyboard.ctrl(Key::Enter);
    let keys = keyboard.keys;

    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = harness.state().desk().store().table_manches(table).expect("manches");
    assert_eq!(saved.len(), 1, "confirmed");
    let expected = stecca::desk::table_state(harness.state().desk().store(), table)
        .expect("table")
        .preview(1, &crate::common::digest_entry())
        .expect("the digest manche is valid");
    assert_eq!(saved[0].outcome, expected.1, "the compact notation is the digest's manche");
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 2, .. }), "on to manche 2");
    assert!(harness.get_by_role_and_label(Role::TextInput, "Mano 1").is_focused(), "ready to type again");
    assert_eq!(keys, 88, "README says 88 keys");
}

/// A classic manche walked by keyboard alone (issue "The desk at the table, round two", major 5): the winner
/// sits last, so Enter in their "Tessera vincente" ends the last field of the table and the keyboard goes round
/// to the first hand instead of leaving the manche (where the next typed hand went nowhere and Tab reached the
/// navigation bar). A dead hand is chosen by Tab and Space.
#[test]
fn a_classic_manche_is_walked_by_keyboard_through_the_winning_tile() {
    let mut harness = crate::common::desk::seated_desk_playing(Some("Americano classico"));
    let hands = ["2b", "RRR 1b", "111222333c 777b 2d 3d 4d", "[444d] 999b 123c 567c 55d"];
    let mut keyboard = Keyboard { harness: &mut harness, keys: 0 };
    keyboard.assert_focus("Mano 1");
    keyboard.text(hands[0]);
    keyboard.key(Key::Enter);
    keyboard.assert_focus("Mano 2");
    keyboard.text(hands[1]);
    keyboard.key(Key::Enter);
    keyboard.assert_focus("Mano 3");
    keyboard.text(hands[2]);
    // A long hand: Tab past its Mah Jong tick to the dead-hand choices (live, irregular, short, long), Space.
    for _ in 0..5 {
        keyboard.key(Key::Tab);
    }
    keyboard.key(Key::Space);
    keyboard.key(Key::Tab);
    keyboard.assert_focus("Mano 4");
    keyboard.text(hands[3]);
    keyboard.key(Key::F4);
    keyboard.assert_focus("Tessera vincente");
    keyboard.text("5d");
    keyboard.key(Key::Enter);
    keyboard.assert_focus("Mano 1");
    keyboard.key(Key::Tab);
    assert!(
        keyboard.harness.get_by_role_and_label(Role::CheckBox, "Mah Jong (F1)").is_focused(),
        "Tab stays in the manche"
    );
    keyboard.ctrl(Key::Enter);

    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = harness.state().desk().store().table_manches(table).expect("manches");
    assert_eq!(saved.len(), 1, "confirmed by keyboard");
    let mut entry = stecca::tournament::MancheEntry {
        void: false,
        hands: hands
            .iter()
            .map(|text| stecca::tournament::HandEntry { text: (*text).into(), ..Default::default() })
            .collect(),
    };
    entry.hands[3].mahjong = true;
    entry.hands[3].set("winning_tile", "5d");
    entry.hands[2].set("dead", "long");
    let expected = stecca::desk::table_state(harness.state().desk().store(), table)
        .expect("table")
        .preview(1, &entry)
        .expect("valid");
    assert_eq!(saved[0].outcome, expected.1, "the winning tile and the dead hand as typed");
}

/// Enter in the new tournament's form creates it, as its button does (issue "The desk at the table, round two",
/// keyboard).
#[test]
fn enter_in_the_new_tournament_form_creates_it() {
    let mut harness = crate::common::desk::harness(DeskApp::new(stecca::store::Store::open_in_memory().expect("s")));
    harness.run();
    crate::common::desk::type_into(&mut harness, "Nome", "Coppa da tastiera");
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Players, "created and opened");
    let id = harness.state().tournament_id().expect("a tournament is open");
    let name = harness.state().desk().store().tournament(id).expect("stored").settings.name;
    assert_eq!(name, "Coppa da tastiera");
}

/// At 800×600 (a small laptop) F1 gives the keyboard to the winner's "Tessera vincente", below the fold: the
/// screen scrolls to it, so the referee sees where the typing goes (issue 62).
#[test]
fn at_800_by_600_the_field_f1_gives_the_keyboard_to_is_scrolled_into_view() {
    let mut harness = crate::common::desk::seated_desk_playing(Some("Americano classico"));
    let window = [800.0, 600.0];
    harness.set_size(egui::vec2(window[0], window[1]));
    harness.run();
    crate::common::desk::type_into(&mut harness, "Mano 1", "[444d] 999b 123c 567c 55d");
    harness.key_press(Key::F1);
    harness.run();
    let field = harness.get_by_role_and_label(Role::TextInput, "Tessera vincente");
    assert!(field.is_focused(), "F1 gave the winner's first field the keyboard");
    let rect = field.rect();
    // Above the status line, which shows where the data is while nothing else is said.
    let location = harness.state().desk().location();
    let status_top = harness.get_by_label(&location).rect().min.y;
    assert!(
        rect.min.x >= 0.0 && rect.min.y >= 0.0 && rect.max.x <= window[0] && rect.max.y <= status_top,
        "the focused field lies in the window, above the status line at {status_top}: {rect:?}"
    );
}
