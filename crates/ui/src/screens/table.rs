//! A session table: its manches with round wind, East, each seat's net and running chip total, and what is
//! still to enter.

use crate::text_id;
use egui::RichText;

use std::sync::Arc;

use crate::Screen;
use crate::desk::TableState;
use crate::frame::{Frame, Has};
use crate::msg;
use crate::tournament::Id;

/// The cached table.
#[derive(Default)]
pub struct State {
    cache: crate::link::Fetched<Id, TableState>,
}

/// The table as stored, read again after every change.
fn table_state<S: Has<State>>(app: &mut Frame<S>, table: Id) -> Option<Arc<TableState>> {
    app.fetch(|app| &mut app.screens.get::<State>().cache, table, move |desk| desk.table_state(table))
}

/// Draws the screen.
pub fn show<S: Has<State> + Has<super::entry::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, table: Id) {
    let Some(tournament) = app.tournament_id() else { return };
    let Some(state) = table_state(app, table) else { return };
    let lang = app.lang;
    ui.horizontal(|ui| {
        if ui.button(format!("« {}", lang.tr(text_id!("nav.sessions")))).clicked() {
            app.go(Screen::Sessions);
        }
        ui.heading(format!(
            "{} {} — {} {}",
            lang.tr(text_id!("sessions.session")),
            state.table.session,
            lang.tr(text_id!("sessions.table")),
            state.table.number
        ));
    });
    if let Some(next) = state.next_number() {
        let button = egui::Button::new(RichText::new(format!("{} {next}", lang.tr(text_id!("table.enter")))).strong());
        if ui.add(button).clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            let revision = app.revision;
            let entry = app.screens.get::<super::entry::State>();
            entry.reset(table, next, None);
            entry.knows_table(table, Arc::clone(&state), revision);
            app.go(Screen::Entry { table, number: next });
        }
    } else {
        ui.label(lang.tr(text_id!("table.complete")));
    }
    let has_winds = state.settings.ruleset().seat_model().has_winds();
    if state.manches.is_empty() && has_winds {
        ui.horizontal(|ui| {
            ui.label(lang.tr(text_id!("table.start_wind")));
            for wind in crate::tiles::Wind::ALL {
                if ui.add(egui::Button::selectable(state.table.start_round_wind == wind, wind.name(lang))).clicked() {
                    let referee = app.referee_name();
                    app.write(move |desk| desk.set_start_round_wind(tournament, table, wind, &referee), |_, ()| {});
                }
            }
        });
    }
    let totals = state.running_totals();
    let rows = state.manches.len() as u32 + u32::from(state.next_number().is_some());
    let planned = state.settings.manches_per_session.max(rows);
    let mut correct: Option<u32> = None;
    let entry = app.screens.get::<super::entry::State>();
    let drafts: Vec<u32> = (1..=planned).filter(|&number| entry.has_draft(table, number)).collect();
    let start = state.settings.starting_points();
    ui.label(RichText::new(msg!("table.scale", start = start).render(lang)).weak());
    ui.scope(|ui| {
        let columns = state.players.len() + 3 + usize::from(has_winds);
        egui::Grid::new("manches").striped(true).num_columns(columns).show(ui, |ui| {
            ui.label(RichText::new(lang.tr(text_id!("table.manche"))).strong());
            if has_winds {
                ui.label(RichText::new(lang.tr(text_id!("table.round"))).strong());
                ui.label(RichText::new(lang.tr(text_id!("table.east"))).strong());
            } else {
                ui.label(RichText::new(lang.tr(text_id!("seat.dealer"))).strong());
            }
            for player in &state.players {
                ui.label(RichText::new(crate::bidi::visual(&player.name)).strong());
            }
            ui.label(RichText::new(lang.tr(text_id!("table.status"))).strong());
            ui.end_row();
            for number in 1..=planned {
                let winds = state.winds(number);
                ui.label(number.to_string());
                let entered = state.manches.get(number as usize - 1);
                if entered.is_some() || Some(number) == state.next_number() {
                    if has_winds {
                        ui.label(winds.round_wind.name(lang));
                    }
                    ui.label(state.players.get(winds.east_position).map_or("", |p| p.name.as_str()));
                } else {
                    for _ in 0..1 + usize::from(has_winds) {
                        ui.label("");
                    }
                }
                match entered {
                    Some(manche) => {
                        // One scale with the standings (points from 0), the chips on the table in brackets.
                        for (net, total) in manche.nets.iter().zip(&totals[number as usize - 1]) {
                            let text = format!("{net:+} · {:+} ({total})", total - start);
                            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                                ui.label(RichText::new(text).monospace())
                            });
                        }
                    }
                    None => {
                        for _ in 0..state.players.len() {
                            ui.label("");
                        }
                    }
                }
                // A manche typed here and left unconfirmed is a draft, kept by this station until confirmed.
                let draft = drafts.contains(&number);
                match entered {
                    Some(manche) => {
                        let mut text = if manche.input.void {
                            lang.tr(text_id!("table.void"))
                        } else {
                            lang.tr(text_id!("table.entered"))
                        };
                        if draft {
                            text = format!("{text} · {}", lang.tr(text_id!("table.draft")));
                        }
                        if ui.button(format!("{text} · {}", lang.tr(text_id!("table.correct")))).clicked() {
                            correct = Some(number);
                        }
                    }
                    None if draft => {
                        ui.label(lang.tr(text_id!("table.draft")));
                    }
                    None if Some(number) == state.next_number() => {
                        ui.label(lang.tr(text_id!("table.next")));
                    }
                    None => {
                        ui.label(RichText::new(lang.tr(text_id!("table.pending"))).weak());
                    }
                }
                ui.end_row();
            }
        });
    });
    if let Some(number) = correct {
        let entry = state
            .manches
            .get(number as usize - 1)
            .map(|m| (crate::tournament::MancheEntry::from_input(&m.input), m.revision));
        let revision = app.revision;
        let entry_state = app.screens.get::<super::entry::State>();
        entry_state.reset(table, number, entry);
        entry_state.knows_table(table, state, revision);
        app.go(Screen::Entry { table, number });
    }
}
