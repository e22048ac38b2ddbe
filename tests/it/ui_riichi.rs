//! Riichi at the desk's entry screen: a tournament made from the ruleset picker, a hand typed with the
//! keyboard — F1 marks the dealer's agari, her tiles and winning tile, her riichi, Shift+F2 names the
//! discarder — its preview, Ctrl+Enter, and the next hand starting from the counter the game carries.

use crate::common::desk::{
    click, harness, retype, seat_and_open_manche_1, seated_desk_playing, type_into, wait_until_editable,
};
use egui::{Event, Key, Modifiers, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use stecca::store::Store;
use stecca::ui::{DeskApp, Screen};

/// The ruleset's button at the desk.
const RIICHI: &str = "Riichi — regole EMA (RCR 2016)";

/// A one-session Riichi tournament called `name`, its seating seed fixed at 7 (a new tournament's is the clock's:
/// fixed, the snapshots show the same seats) and `settings` done on the settings screen before it is saved,
/// four players seated and manche 1 open.
fn riichi_desk(name: &str, settings: impl FnOnce(&mut Harness<'static, DeskApp>)) -> Harness<'static, DeskApp> {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    type_into(&mut harness, "Nome", name);
    type_into(&mut harness, "Sessioni", "1");
    click(&mut harness, Role::RadioButton, RIICHI);
    click(&mut harness, Role::Button, "Crea torneo");
    click(&mut harness, Role::Button, "Impostazioni");
    wait_until_editable(&mut harness, "Seme dei posti");
    retype(&mut harness, "Seme dei posti", "7");
    settings(&mut harness);
    click(&mut harness, Role::Button, "Salva impostazioni");
    click(&mut harness, Role::Button, "Giocatori");
    seat_and_open_manche_1(&mut harness, &["Anna", "Bruno", "Carla", "Dario"]);
    harness
}

#[test]
fn a_dealer_riichi_win_is_typed_with_the_keyboard_and_the_next_hand_starts_from_its_counter() {
    let mut harness = riichi_desk("Riichi Open", |_| {});

    harness.key_press(Key::F1);
    harness.run();
    harness.event(Event::Text("234c 567c 234d 67b 55b".into()));
    harness.run();
    type_into(&mut harness, "Tessera vincente", "8b");
    // Every player has a riichi tick (a loser's deposit counts too): the dealer's is the first.
    harness.get_all_by_role_and_label(Role::CheckBox, "Riichi").next().expect("Anna's riichi").click();
    harness.run();
    harness.key_press_modifiers(Modifiers::SHIFT, Key::F2);
    harness.run();
    harness.get_by_label_contains("3 han 30 fu");
    harness.get_by_label("Bastoncini (honba): 0");
    harness.snapshot("riichi-entry");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();

    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = harness.state().desk().store().table_manches(table).expect("manches");
    assert_eq!(saved.len(), 1, "confirmed: {:?}", harness.state().status());
    let nets: Vec<i64> = saved[0].outcome.net.iter().map(|(_, n)| *n).collect();
    assert_eq!(nets, [5800, -5800, 0, 0], "the dealer (the first column) on the second's discard");
    assert!(matches!(harness.state().screen(), Screen::Entry { number: 2, .. }), "on to hand 2");
    let state = stecca::desk::table_state(harness.state().desk().store(), table).expect("state");
    assert_eq!(state.frame(2).carried.get("honba"), Some(&serde_json::json!(1)), "the dealer won: a counter");
    assert_eq!(state.frame(2).dealer, 0, "and keeps the deal");
    harness.get_by_label("Bastoncini (honba): 1");
    harness.get_by_label("Depositi di riichi sul tavolo: 0");
}

#[test]
fn a_game_is_entered_by_its_four_final_scores_when_the_tournament_reports_totals() {
    let mut harness = riichi_desk("Riichi Cup", |harness| {
        click(harness, Role::RadioButton, "con i punteggi finali");
        harness.snapshot("riichi-settings");
    });

    assert!(harness.query_by_label("Tessera vincente").is_none(), "no tiles: only the final scores");
    let scores = ["48.300", "31000", "22700", "17000"];
    for (position, score) in scores.into_iter().enumerate() {
        harness.get_all_by_role_and_label(Role::TextInput, "Punteggio finale").nth(position).expect("a field").focus();
        harness.run();
        harness.event(Event::Text(score.into()));
        harness.run();
    }
    harness.get_all_by_role_and_label(Role::TextInput, "Chombo").nth(3).expect("the fourth player's").focus();
    harness.run();
    harness.event(Event::Text("1".into()));
    harness.run();
    harness.snapshot("riichi-totals");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();

    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = harness.state().desk().store().table_manches(table).expect("manches");
    assert_eq!(saved.len(), 1, "confirmed: {:?}", harness.state().status());
    let nets: Vec<i64> = saved[0].outcome.net.iter().map(|(_, n)| *n).collect();
    assert_eq!(nets, [18_300 + 1_000, 1_000, -7_300, -13_000], "the deposit left goes to the first");
    assert_eq!(saved[0].outcome.penalties.len(), 1, "the chombo, off the tournament result");
    let state = stecca::desk::table_state(harness.state().desk().store(), table).expect("state");
    assert_eq!(state.next_number(), None, "the game is the session");
}

#[test]
fn a_tournament_moved_to_riichi_in_its_settings_plays_games_and_ranks_with_the_uma() {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    type_into(&mut harness, "Nome", "Da FIMJ a Riichi");
    click(&mut harness, Role::Button, "Crea torneo");
    click(&mut harness, Role::Button, "Impostazioni");
    click(&mut harness, Role::RadioButton, RIICHI);
    click(&mut harness, Role::Button, "Salva impostazioni");
    let id = harness.state().tournament_id().expect("tournament");
    let settings = harness.state().desk().store().tournament(id).expect("tournament").settings;
    assert_eq!((settings.rules.as_str(), settings.manches_per_session), ("riichi", 8));
    assert_eq!(settings.ranking.placement_points, [15_000, 5_000, -5_000, -15_000]);
    assert_eq!(settings.starting_points(), 30_000, "the ruleset's own defaults");
}

#[test]
fn tiles_typed_for_a_winner_then_unmarked_do_not_block_the_hand() {
    let mut harness = seated_desk_playing(Some(RIICHI));
    // The referee marks the second player as winning, types tiles, then sees it was a draw.
    harness.key_press(Key::F2);
    harness.run();
    harness.event(Event::Text("234c 567c 234d 67b 55b".into()));
    harness.run();
    harness.key_press(Key::F2);
    harness.run();
    click(&mut harness, Role::CheckBox, "Ryuukyoku (muro esaurito)");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run();
    let id = harness.state().tournament_id().expect("tournament");
    let table = harness.state().desk().store().seating(id).expect("seating")[0].id;
    let saved = harness.state().desk().store().table_manches(table).expect("manches");
    assert_eq!(saved.len(), 1, "saved: {:?}", harness.state().status());
    assert!(saved[0].input.players.iter().all(|p| p.hand.is_none()), "the hidden tiles are left out");
}
