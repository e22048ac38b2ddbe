//! Driving the desk through its widgets (egui_kittest): a harness, typing into a labelled field, clicking.

use egui::{Key, Modifiers, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kittest_soft_render::SoftRenderer;
use stecca::store::Store;
use stecca::ui::{DeskApp, Screen};

/// The desk in a window of 1400 × 900. A view that depends on another (a club's members on its list of clubs)
/// arrives a frame after it, so a step may take a few more frames to settle than egui's own four.
pub fn harness(app: DeskApp) -> Harness<'static, DeskApp> {
    harness_sized(app, [1400.0, 900.0])
}

/// The desk in a window of `size` points (a small laptop is 800×600).
pub fn harness_sized(app: DeskApp, size: [f32; 2]) -> Harness<'static, DeskApp> {
    Harness::builder().with_size(size).with_max_steps(12).renderer(SoftRenderer::new()).build_ui_state(
        |ui, app: &mut DeskApp| {
            // Each frame shows what the last one asked the desk for, as a window does a moment later.
            app.settle();
            app.show(ui)
        },
        app,
    )
}

/// Types `text` into the field labelled `label`.
pub fn type_into(harness: &mut Harness<'static, DeskApp>, label: &str, text: &str) {
    let field = harness.get_by_role_and_label(Role::TextInput, label);
    field.focus();
    field.type_text(text);
    harness.run();
}

/// Waits, frame by frame, until the text field labelled `label` takes input: a settings field stays fixed until
/// the desk has said the tournament has no results yet, which a loaded machine may answer a few frames late.
pub fn wait_until_editable(harness: &mut Harness<'static, DeskApp>, label: &str) {
    for _ in 0..200 {
        if !harness.get_by_role_and_label(Role::TextInput, label).accesskit_node().is_disabled() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.run();
    }
    panic!("{label} stayed fixed");
}

/// Clicks the widget of `role` labelled `label`.
pub fn click(harness: &mut Harness<'static, DeskApp>, role: Role, label: &str) {
    harness.get_by_role_and_label(role, label).click();
    harness.run();
}

/// A desk with a new tournament of four seated players, showing manche 1 of their table.
pub fn seated_desk() -> Harness<'static, DeskApp> {
    seated_desk_playing(None)
}

/// [`seated_desk`] with the ruleset chosen by its Italian name (`None`: the default one).
pub fn seated_desk_playing(ruleset: Option<&str>) -> Harness<'static, DeskApp> {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    type_into(&mut harness, "Nome", "Coppa Kittest");
    type_into(&mut harness, "Sessioni", "1");
    if let Some(ruleset) = ruleset {
        click(&mut harness, Role::RadioButton, ruleset);
    }
    click(&mut harness, Role::Button, "Crea torneo");
    assert_eq!(harness.state().screen(), Screen::Players);
    seat_and_open_manche_1(&mut harness, &["Anna", "Bruno", "Carla", "Dario"]);
    let id = harness.state().tournament_id().expect("open tournament");
    assert_eq!(harness.state().desk().store().players(id).expect("players").len(), 4);
    assert_eq!(harness.state().desk().store().seating(id).expect("seating").len(), 1);
    harness
}

/// From the players' screen of a new one-session tournament: adds `names`, seats them and opens manche 1 of the
/// first table.
pub fn seat_and_open_manche_1(harness: &mut Harness<'static, DeskApp>, names: &[&str]) {
    for name in names {
        type_into(harness, "Nome", name);
        click(harness, Role::Button, "Aggiungi giocatore");
    }
    click(harness, Role::Button, "Sessioni");
    click(harness, Role::Button, "Genera i posti delle sessioni non giocate");
    click(harness, Role::Button, "Apri tavolo");
    click(harness, Role::Button, "Inserisci la manche 1");
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 1, .. }));
}

/// Types the digest's manche by keyboard: the four hands, F2 for Bruno's Mah Jong, then from his hand Tab, Tab
/// reaches the first win flag and Space ticks it (self-drawn).
pub fn type_digest_manche(harness: &mut Harness<'static, DeskApp>) {
    for (position, hand) in crate::common::digest_entry().hands.iter().enumerate() {
        type_into(harness, &format!("Mano {}", position + 1), &hand.text);
    }
    harness.key_press(Key::F2);
    harness.run();
    harness.get_by_role_and_label(Role::TextInput, "Mano 2").focus();
    harness.run();
    for key in [Key::Tab, Key::Tab, Key::Space] {
        harness.key_press(key);
        harness.run();
    }
}

/// Replaces a field's text: select all, then type.
pub fn retype(harness: &mut Harness<'static, DeskApp>, label: &str, text: &str) {
    harness.get_by_role_and_label(Role::TextInput, label).focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    type_into(harness, label, text);
}
