//! The tournament list: open one, create one, or create the demo tournament.

use crate::text_id;
use egui::RichText;

use crate::desk::DemoSize;
use crate::desk::TournamentSummary;
use crate::frame::{Frame, Has};
use crate::msg;
use crate::tournament::TournamentSettings;

use super::{labelled_text, parse_date, parse_number};

/// What the referee is typing on this screen.
#[derive(Default)]
pub struct State {
    name: String,
    venue: String,
    start: String,
    sessions: String,
    /// The ruleset id (empty: the default one).
    rules: String,
    list: crate::link::Fetched<(), Vec<TournamentSummary>>,
    /// A tournament whose deletion waits for the referee's confirmation.
    pending_delete: Option<TournamentSummary>,
}

/// Draws the screen.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let list = app.fetch(|app| &mut app.screens.get::<State>().list, (), |desk| desk.tournaments());
    ui.heading(app.tr(text_id!("tournaments.title")));
    let Some(list) = list else {
        // Not "no tournaments" (and no demo offered) before the list has arrived.
        super::reading(ui, app.lang);
        return new_tournament(app, ui, true);
    };
    if list.is_empty() {
        ui.label(app.tr(text_id!("tournaments.none")));
        if ui.button(RichText::new(app.tr(text_id!("tournaments.demo"))).strong()).clicked() {
            create_demo(app);
        }
    } else {
        egui::Grid::new("tournament-list").striped(true).num_columns(6).show(ui, |ui| {
            for key in [
                "tournaments.name",
                "tournaments.venue",
                "tournaments.start",
                "tournaments.players",
                "tournaments.manches",
            ] {
                ui.label(RichText::new(app.tr(key)).strong());
            }
            ui.end_row();
            for t in list.iter() {
                if ui.button(&t.name).on_hover_text(app.tr(text_id!("tournaments.open"))).clicked() {
                    app.open_tournament(t.id);
                }
                ui.label(&t.venue);
                ui.label(t.start_date.clone().unwrap_or_default());
                ui.label(t.players.to_string());
                ui.label(t.manches.to_string());
                row_actions(app, ui, t);
                ui.end_row();
            }
        });
        confirm_delete(app, ui);
    }
    new_tournament(app, ui, !list.is_empty());
}

/// The new tournament's form, with the demo's button beside it unless the empty list above offers it.
fn new_tournament<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, offer_demo: bool) {
    ui.add_space(16.0);
    ui.heading(app.tr(text_id!("tournaments.new")));
    // Enter in any of the form's fields creates the tournament, as its button does.
    let mut entered = false;
    let mut field = |ui: &mut egui::Ui, label: &str, text: &mut String, width: f32| {
        let response = labelled_text(ui, label, text, width);
        entered |= response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();
    };
    egui::Grid::new("new-tournament").num_columns(2).show(ui, |ui| {
        let state = app.screens.get::<State>();
        field(ui, &app.lang.tr(text_id!("tournaments.name")), &mut state.name, 320.0);
        field(ui, &app.lang.tr(text_id!("tournaments.venue")), &mut state.venue, 320.0);
        field(ui, &app.lang.tr(text_id!("tournaments.start_hint")), &mut state.start, 120.0);
        field(ui, &app.lang.tr(text_id!("tournaments.sessions")), &mut state.sessions, 60.0);
        if state.rules.is_empty() {
            state.rules = crate::rules::default_ruleset().id().to_owned();
        }
        ui.label(app.lang.tr(text_id!("settings.rules")));
        super::settings::ruleset_picker(ui, app.lang, &mut state.rules);
        ui.end_row();
    });
    ui.horizontal(|ui| {
        if ui.button(app.tr(text_id!("tournaments.create"))).clicked() || entered {
            create(app);
        }
        if offer_demo && ui.button(app.tr(text_id!("tournaments.demo"))).clicked() {
            create_demo(app);
        }
    });
}

fn create<S: Has<State>>(app: &mut Frame<S>) {
    let lang = app.lang;
    let state = app.screens.get::<State>();
    let start = match parse_date(&state.start, &lang.tr(text_id!("tournaments.start"))) {
        Ok(date) => date,
        Err(e) => return app.fail(e),
    };
    let sessions = if state.sessions.trim().is_empty() {
        4
    } else {
        match parse_number(&state.sessions, &lang.tr(text_id!("tournaments.sessions"))) {
            Ok(n) => n,
            Err(e) => return app.fail(e),
        }
    };
    let settings = TournamentSettings {
        name: state.name.clone(),
        venue: state.venue.clone(),
        start_date: start,
        end_date: start,
        sessions,
        seating_seed: chrono::Local::now().timestamp() as u64,
        ..TournamentSettings::for_rules(if state.rules.is_empty() {
            crate::rules::default_ruleset().id()
        } else {
            &state.rules
        })
    };
    let referee = app.referee_name();
    let name = settings.name.clone();
    app.write(
        move |desk| desk.create_tournament(&settings, &referee),
        move |app, id| {
            *app.screens.get::<State>() = State::default();
            let created = msg!("tournaments.created", name = name);
            app.open_tournament_saying(id, Some(created));
        },
    );
}

fn create_demo<S: Has<State>>(app: &mut Frame<S>) {
    let referee = app.referee_name();
    app.write(
        move |desk| desk.create_demo(DemoSize::default(), 2026, &referee),
        |app, id| {
            let created = msg!("tournaments.demo_created");
            app.open_tournament_saying(id, Some(created));
        },
    );
}

/// Delete (no results yet) or archive and reopen (results exist: never deleted).
fn row_actions<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, t: &TournamentSummary) {
    let referee = app.referee_name();
    ui.horizontal(|ui| {
        if t.archived {
            ui.label(RichText::new(app.tr(text_id!("tournaments.archived"))).weak());
        }
        if t.manches == 0 && !t.archived {
            if ui.small_button(app.tr(text_id!("tournaments.delete"))).clicked() {
                app.screens.get::<State>().pending_delete = Some(t.clone());
            }
            return;
        }
        let key = if t.archived { "tournaments.unarchive" } else { "tournaments.archive" };
        if ui.small_button(app.tr(key)).on_hover_text(app.tr(text_id!("tournaments.archive_hint"))).clicked() {
            let (id, archived, referee) = (t.id, !t.archived, referee.clone());
            app.write(move |desk| desk.set_archived(id, archived, &referee), |_, ()| {});
        }
    });
}

/// The confirmation of a deletion, naming the tournament and what goes with it.
fn confirm_delete<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(pending) = app.screens.get::<State>().pending_delete.clone() else { return };
    let question = msg!("tournaments.confirm_delete", name = pending.name, players = pending.players).render(app.lang);
    ui.label(RichText::new(question).strong().color(egui::Color32::from_rgb(180, 90, 0)));
    ui.horizontal(|ui| {
        if ui.button(app.tr(text_id!("tournaments.delete_yes"))).clicked() {
            app.screens.get::<State>().pending_delete = None;
            let referee = app.referee_name();
            let id = pending.id;
            app.write(
                move |desk| desk.delete_tournament(id, &referee),
                move |app, ()| {
                    if app.tournament_id() == Some(pending.id) {
                        app.tournament = None;
                    }
                    app.info(msg!("tournaments.deleted", name = pending.name));
                },
            );
        }
        if ui.button(app.tr(text_id!("standings.cancel"))).clicked() {
            app.screens.get::<State>().pending_delete = None;
        }
    });
}
