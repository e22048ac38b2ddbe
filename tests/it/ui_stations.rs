//! Stations sharing a PostgreSQL server, through the desk's widgets: another station's manche shows in the
//! table and the standings without a restart; a correction another station made first is refused with who
//! and when and the form shows the saved values; a lost server is said, the confirmed manche kept and saved
//! once when the server is back.

use std::time::Duration;

use crate::common::desk::{harness, retype, type_digest_manche};
use egui::{Key, Modifiers, Role};
use egui_kittest::kittest::Queryable;
use kittest_soft_render::SoftRenderer;
use stecca::desk::{self, SaveAs};
use stecca::store::Store;
use stecca::tournament::Id;
use stecca::ui::{DeskApp, Screen};

/// Longer than the desk's poll interval.
const A_POLL: Duration = Duration::from_millis(1200);

/// A station's desk on `url`, showing `screen` of tournament `id`.
fn station(url: &str, id: Id, screen: Screen) -> egui_kittest::Harness<'static, DeskApp> {
    let mut app = DeskApp::new(Store::open_server(url).expect("station"));
    app.open_tournament(id);
    app.go(screen);
    let mut harness = harness(app);
    harness.run();
    harness
}

#[test]
fn another_stations_manche_shows_in_the_table_and_the_standings() {
    let url = crate::common::pg::url();
    let mut other = Store::open_server(&url).expect("the other station");
    let (id, table) = crate::common::seated_four(&mut other);
    let mut harness = station(&url, id, Screen::Table(table));
    harness.get_by_label("Inserisci la manche 1");
    desk::confirm_manche(&mut other, table, 1, &crate::common::digest_entry(), "Mario Rossi")
        .expect("entered elsewhere");
    std::thread::sleep(A_POLL);
    harness.run();
    harness.get_by_label("Inserisci la manche 2");
    harness.get_by_label_contains("inserita");
    harness.state_mut().go(Screen::Standings);
    harness.run();
    let leader = &desk::standings(&other, id).expect("standings")[0];
    assert!(leader.points > 0);
    harness.get_by_label(&leader.points.to_string());
}

#[test]
fn a_correction_made_first_elsewhere_is_refused_and_its_values_shown() {
    let url = crate::common::pg::url();
    let mut other = Store::open_server(&url).expect("the other station");
    let (id, table) = crate::common::seated_four(&mut other);
    desk::confirm_manche(&mut other, table, 1, &crate::common::digest_entry(), "Mario Rossi").expect("entered");
    let mut harness = station(&url, id, Screen::Table(table));
    harness.get_by_role_and_label(Role::Button, "inserita · correggi").click();
    harness.run();
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 1, .. }));

    // Mario corrects manche 1 first (Anna's hand gets a flower), from the revision both stations read.
    let mut marios = crate::common::digest_entry();
    marios.hands[0].text = "[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f 3f".into();
    desk::confirm_manche_as(&mut other, table, 1, &marios, "Mario Rossi", &SaveAs::fresh(Some(1))).expect("first");

    // This station's referee changes Carla's hand and confirms: refused, nothing overwritten.
    retype(&mut harness, "Mano 3", "[234d] 66c 1b 4b 8b E S N VV 4f");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    harness.get_by_label_contains("modificata da Mario Rossi alle");
    harness.get_by_label_contains("su un'altra postazione");
    let saved = &other.table_manches(table).expect("manches")[0];
    assert_eq!(
        saved.input.players[2].hand.as_deref(),
        Some(crate::common::digest_entry().hands[2].text.as_str()),
        "Carla's hand is Mario's"
    );
    assert_eq!(saved.revision, 2);
    // The form now shows the saved values: Anna's hand as Mario typed it.
    let anna = harness.get_by_role_and_label(Role::TextInput, "Mano 1");
    assert_eq!(anna.value().as_deref(), Some(marios.hands[0].text.as_str()));

    // Confirmed again, from what is saved now, the correction lands.
    retype(&mut harness, "Mano 3", "[234d] 66c 1b 4b 8b E S N VV 4f");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    let saved = &other.table_manches(table).expect("manches")[0];
    assert_eq!((saved.revision, saved.input.players[2].hand.as_deref()), (3, Some("[234d] 66c 1b 4b 8b E S N VV 4f")));
    assert_eq!(saved.input.players[0].hand.as_deref(), Some(marios.hands[0].text.as_str()), "Mario's correction kept");
}

#[test]
fn a_lost_server_is_said_and_the_confirmed_manche_is_saved_once_when_it_is_back() {
    let server = crate::common::pg::own_server();
    let url = server.fresh_database();
    let (id, table) = crate::common::seated_four(&mut Store::open_server(&url).expect("open"));
    let mut harness = station(&url, id, Screen::Entry { table, number: 1 });
    type_digest_manche(&mut harness);
    server.stop();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    harness.get_by_label_contains("la manche 1 è conservata e sarà salvata");
    assert!(harness.state().has_pending_manche());
    std::thread::sleep(A_POLL);
    harness.run();
    assert!(harness.state().is_offline(), "the poll finds the server still gone");
    harness.get_by_label_contains("non è raggiungibile");

    server.restart();
    // The store tries a server it found gone again after two seconds; the desk polls every second.
    std::thread::sleep(A_POLL + Duration::from_secs(2));
    harness.run();
    assert!(!harness.state().is_offline());
    assert!(!harness.state().has_pending_manche(), "saved on the first poll after the server came back");
    harness.get_by_label("Manche 1 salvata.");
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 2, .. }), "on to the next manche");
    let store = Store::open_server(&url).expect("open");
    assert_eq!(store.manche_count(id).expect("count"), 1, "saved once");
    let manche = &store.table_manches(table).expect("manches")[0];
    assert_eq!(store.record_history("manche", manche.id).expect("history").len(), 1);
}

#[test]
fn the_desk_asks_for_a_password_none_was_found_for_and_says_a_wrong_one() {
    let url = crate::common::pg::server().password_database("giusta");
    // No password in the address, the environment or a password file: the server's question reaches the desk.
    let error = match Store::open_server(&format!("{url}?sslmode=require")) {
        Err(error @ stecca::store::StoreError::Password { wrong: false, .. }) => error,
        other => panic!("a server that asks for a password: {other:?}"),
    };
    let prompt = stecca::ui::PasswordPrompt::new(&url, &stecca::desk::DeskError::Store(error));
    let mut harness =
        egui_kittest::Harness::builder().with_size([1000.0, 600.0]).renderer(SoftRenderer::new()).build_ui_state(
            |ui, state: &mut (stecca::ui::PasswordPrompt, Option<stecca::desk::Desk>)| {
                if let Some(desk) = state.0.show(ui) {
                    state.1 = Some(desk);
                }
            },
            (prompt, None),
        );
    harness.run();
    harness.get_by_label_contains("chiede la password delle postazioni");
    let field = harness.get_by_role_and_label(Role::PasswordInput, "Password");
    field.focus();
    field.type_text("sbagliata");
    harness.run();
    harness.key_press(Key::Enter);
    harness.step();
    // The server answers on the prompt's own thread: meanwhile the window draws and says it is connecting.
    harness.get_by_label_contains("in corso");
    let answered =
        |harness: &mut egui_kittest::Harness<'_, (stecca::ui::PasswordPrompt, Option<stecca::desk::Desk>)>| {
            while harness.state().0.is_connecting() {
                std::thread::sleep(Duration::from_millis(20));
                harness.step();
            }
            // The spinner's last repaint settles over the next frames.
            harness.run_steps(2);
        };
    answered(&mut harness);
    harness.get_by_label_contains("ha rifiutato la password");
    assert!(harness.state().1.is_none());
    let field = harness.get_by_role_and_label(Role::PasswordInput, "Password");
    field.focus();
    field.type_text("giusta");
    harness.run();
    harness.get_by_role_and_label(Role::Button, "Connetti").click();
    harness.step();
    answered(&mut harness);
    let desk = harness.state().1.as_ref().expect("connected with the typed password");
    assert!(desk.is_shared());
}

/// The desk never waits: with the cable to the hall's server pulled, every frame is drawn at once (none waits
/// for the answer the desk is waiting for), the status line says what waits and for how long, the screens
/// still move and show what they last read; with the cable back, the desk catches up by itself.
#[test]
fn with_the_cable_pulled_every_frame_is_drawn_and_the_desk_says_what_waits() {
    use crate::common::cable::Cable;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let url = crate::common::pg::url();
    let cable = Arc::new(Cable::in_front_of(&url));
    let mut store = Store::open_server(cable.url()).expect("station through the cable");
    let (id, table) = crate::common::seated_four(&mut store);
    desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "R").expect("a manche");
    let mut app = DeskApp::new(store);
    app.open_tournament(id);
    app.go(Screen::Standings);
    // No settling here: frames are drawn as a window draws them, whatever the desk is doing.
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1400.0, 900.0])
        .with_max_steps(12)
        .renderer(SoftRenderer::new())
        .build_ui_state(|ui, app: &mut DeskApp| app.show(ui), app);
    harness.run();
    harness.state_mut().settle();
    harness.run();
    harness.get_by_role_and_label(Role::Button, "Anna");

    cable.pull();
    // Should a frame wait for the server, this puts the cable back after a while, and the check below fails.
    let released = Arc::new(AtomicBool::new(false));
    let (rescue_cable, rescue_flag) = (Arc::clone(&cable), Arc::clone(&released));
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(30));
        rescue_flag.store(true, Ordering::SeqCst);
        rescue_cable.put_back();
    });
    harness.get_by_role_and_label(Role::Button, "Giocatori").click();
    for _ in 0..40 {
        harness.step();
        std::thread::sleep(Duration::from_millis(25));
    }
    assert!(!released.load(Ordering::SeqCst), "every frame was drawn while the cable was out");
    assert!(harness.state().waiting() > 0, "the players' list waits for the server");
    harness.get_by_label_contains("In attesa del database da");
    // The players' list is said to be on its way, not shown as empty.
    harness.get_by_label_contains("Lettura dal database in corso");
    assert!(harness.query_by_label_contains("Giocatori (0)").is_none());
    // The standings already read are still there to show.
    harness.get_by_role_and_label(Role::Button, "Classifica").click();
    harness.step();
    harness.step();
    harness.get_by_role_and_label(Role::Button, "Anna");
    assert!(!released.load(Ordering::SeqCst));

    cable.put_back();
    harness.state_mut().settle();
    harness.run();
    assert_eq!(harness.state().waiting(), 0);
    assert!(harness.query_by_label_contains("In attesa del database").is_none(), "nothing waits any more");
    harness.get_by_role_and_label(Role::Button, "Giocatori").click();
    harness.run();
    harness.state_mut().settle();
    harness.run();
    harness.get_by_label_contains("Giocatori (4)");
}
