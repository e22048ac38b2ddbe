//! The tournament list: open one, create one, or create the demo tournament.

use egui::RichText;

use crate::desk::{self, DemoSize};
use crate::store::TournamentSummary;
use crate::tournament::TournamentSettings;
use crate::ui::DeskApp;

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
    list: Option<(u64, Vec<TournamentSummary>)>,
}

/// Draws the screen.
pub fn show(app: &mut DeskApp, ui: &mut egui::Ui) {
    if app.tournaments.list.as_ref().is_none_or(|(rev, _)| *rev != app.revision) {
        match app.store.list_tournaments() {
            Ok(list) => app.tournaments.list = Some((app.revision, list)),
            Err(e) => app.fail(e),
        }
    }
    let list = app.tournaments.list.as_ref().map(|(_, l)| l.clone()).unwrap_or_default();
    ui.heading(app.tr("tournaments.title"));
    if list.is_empty() {
        ui.label(app.tr("tournaments.none"));
        if ui.button(RichText::new(app.tr("tournaments.demo")).strong()).clicked() {
            create_demo(app);
        }
    } else {
        egui::Grid::new("tournament-list").striped(true).num_columns(5).show(ui, |ui| {
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
            for t in &list {
                if ui.button(&t.name).on_hover_text(app.tr("tournaments.open")).clicked() {
                    app.open_tournament(t.id);
                }
                ui.label(&t.venue);
                ui.label(t.start_date.clone().unwrap_or_default());
                ui.label(t.players.to_string());
                ui.label(t.manches.to_string());
                ui.end_row();
            }
        });
    }
    ui.add_space(16.0);
    ui.heading(app.tr("tournaments.new"));
    egui::Grid::new("new-tournament").num_columns(2).show(ui, |ui| {
        let state = &mut app.tournaments;
        labelled_text(ui, &app.lang.tr("tournaments.name"), &mut state.name, 320.0);
        ui.end_row();
        labelled_text(ui, &app.lang.tr("tournaments.venue"), &mut state.venue, 320.0);
        ui.end_row();
        labelled_text(ui, &app.lang.tr("tournaments.start_hint"), &mut state.start, 120.0);
        ui.end_row();
        labelled_text(ui, &app.lang.tr("tournaments.sessions"), &mut state.sessions, 60.0);
        ui.end_row();
        if state.rules.is_empty() {
            state.rules = crate::rules::default_ruleset().id().to_owned();
        }
        ui.label(app.lang.tr("settings.rules"));
        super::settings::ruleset_picker(ui, &mut state.rules);
        ui.end_row();
    });
    ui.horizontal(|ui| {
        if ui.button(app.tr("tournaments.create")).clicked() {
            create(app);
        }
        if !list.is_empty() && ui.button(app.tr("tournaments.demo")).clicked() {
            create_demo(app);
        }
    });
}

fn create(app: &mut DeskApp) {
    let state = &app.tournaments;
    let start = match parse_date(app.lang, &state.start, &app.tr("tournaments.start")) {
        Ok(date) => date,
        Err(e) => return app.fail(e),
    };
    let sessions = if state.sessions.trim().is_empty() {
        4
    } else {
        match parse_number(app.lang, &state.sessions, &app.tr("tournaments.sessions")) {
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
        rules: if state.rules.is_empty() {
            crate::rules::default_ruleset().id().to_owned()
        } else {
            state.rules.clone()
        },
        ..TournamentSettings::default()
    };
    let referee = app.referee_name();
    match desk::create_tournament(&mut app.store, &settings, &referee) {
        Ok(id) => {
            app.tournaments = State::default();
            app.info(format!("{} — {}", app.tr("tournaments.created"), settings.name));
            app.open_tournament(id);
        }
        Err(e) => app.fail(e),
    }
}

fn create_demo(app: &mut DeskApp) {
    let referee = app.referee_name();
    match desk::create_demo(&mut app.store, DemoSize::default(), 2026, &referee) {
        Ok(id) => {
            app.info(app.tr("tournaments.demo_created"));
            app.open_tournament(id);
        }
        Err(e) => app.fail(e),
    }
}
