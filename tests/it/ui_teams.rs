//! Teams at the desk: a player's team typed in the players' form and listed, a team too many refused with the
//! store's words, and the standings screen's switch to the team standings.

use crate::common::desk::{click, harness, type_into};
use egui::Role;
use egui_kittest::kittest::Queryable;
use stecca::store::Store;
use stecca::ui::DeskApp;

#[test]
fn teams_are_typed_with_the_players_and_ranked_on_the_standings_screen() {
    let mut harness = harness(DeskApp::new(Store::open_in_memory().expect("store")));
    harness.run();
    type_into(&mut harness, "Nome", "Coppa a squadre");
    click(&mut harness, Role::Button, "Crea torneo");
    click(&mut harness, Role::Button, "Giocatori");
    for (name, team) in [("Anna", "Draghi"), ("Bruno", "Draghi"), ("Carla", "Venti"), ("Dario", "Draghi")] {
        type_into(&mut harness, "Nome", name);
        type_into(&mut harness, "Squadra", team);
        click(&mut harness, Role::Button, "Aggiungi giocatore");
    }
    let id = harness.state().tournament_id().expect("tournament");
    let players = harness.state().desk().store().players(id).expect("players");
    let teams: Vec<&str> = players.iter().map(|p| p.data.team.as_str()).collect();
    assert_eq!(teams, ["Draghi", "Draghi", "Venti", "Draghi"]);
    assert_eq!(harness.get_all_by_label("Draghi").count(), 3, "the list shows each player's team");
    // A fifth Drago is one too many for teams of four.
    type_into(&mut harness, "Nome", "Elena");
    type_into(&mut harness, "Squadra", "Draghi");
    click(&mut harness, Role::Button, "Aggiungi giocatore");
    type_into(&mut harness, "Nome", "Franco");
    type_into(&mut harness, "Squadra", "Draghi");
    click(&mut harness, Role::Button, "Aggiungi giocatore");
    harness.get_by_label_contains("la squadra “Draghi” ha già 4 giocatori");
    assert_eq!(harness.state().desk().store().players(id).expect("players").len(), 5);

    click(&mut harness, Role::Button, "Classifica");
    harness.get_by_label("Classifica a squadre").click();
    harness.run();
    harness.get_by_label_contains("Anna, Bruno, Dario, Elena");
    harness.get_by_label("Venti");
}
