//! The Registro, read like a referee's notebook: newest first, one sentence per change ("S1 · T3 · M5
//! corretta da Mario Rossi alle 10:12 — Bruno: 144 → 160") in local time, filtered by table, player or
//! referee; a click on a line shows what the change set or moved, field by field in the desk's words (the stored
//! JSON folded beneath).

use crate::text_id;
use std::collections::HashMap;

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::desk::Place;
use crate::desk::{DetailRow, Note, NoteLine, ScoreChange};
use crate::frame::{Frame, Has};
use crate::message::Message;
use crate::msg;
use crate::tournament::Id;

/// The notebook, the filters and the line opened.
#[derive(Default)]
pub struct State {
    cache: crate::link::Fetched<Id, Vec<NoteLine>>,
    /// Hand values of manche lines, computed when a line is first shown, for the notebook they were read from.
    scores: HashMap<Id, Vec<ScoreChange>>,
    scored: Option<std::sync::Arc<Vec<NoteLine>>>,
    table: String,
    player: String,
    referee: String,
    /// The audit id whose stored record is shown.
    open: Option<Id>,
}

/// "S1 · T3 · M5", "S1 · T3", "S2".
fn place_text(place: Place) -> String {
    let mut parts = vec![format!("S{}", place.session)];
    if place.table > 0 {
        parts.push(format!("T{}", place.table));
    }
    parts.extend(place.manche.map(|m| format!("M{m}")));
    parts.join(" · ")
}

/// What the line says, without the scores; `book` names the tournament's book (its card, for modern American).
fn sentence(line: &NoteLine, book: &Message) -> Message {
    let place = line.place.map(place_text).unwrap_or_default();
    let player = line.players.join(", ");
    let message = match &line.note {
        Note::MancheEntered => msg!("audit.manche_entered", place = place),
        Note::MancheCorrected => msg!("audit.manche_corrected", place = place),
        Note::PenaltyGiven { points, reason } => {
            msg!("audit.penalty_given", points = points, player = player, reason = reason)
        }
        Note::PenaltyRevoked => msg!("audit.penalty_revoked", player = player),
        Note::PlayerAdded => msg!("audit.player_added", player = player),
        Note::PlayerEdited => msg!("audit.player_edited", player = player),
        Note::PlayerWithdrawn => msg!("audit.player_withdrawn", player = player),
        Note::PlayerReinstated => msg!("audit.player_reinstated", player = player),
        Note::PlayerDeleted => msg!("audit.player_deleted", player = player),
        Note::SessionSeated => msg!("audit.session_seated", place = place),
        Note::SeatsSwapped => msg!("audit.seats_swapped", place = place, player = player),
        Note::RoundWind { wind } => msg!("audit.round_wind", place = place, wind = wind),
        Note::TournamentCreated => msg!("audit.tournament_created"),
        Note::SettingsChanged => msg!("audit.settings_changed"),
        Note::BookChanged { before, after } => {
            msg!("audit.book", before = before, after = after).arg_message("book", book.clone())
        }
        Note::LinkRevoked => msg!("audit.link_revoked", place = place),
        Note::ProposalConfirmed => msg!("audit.proposal_confirmed", place = place),
        Note::ProposalRejected { reason } => msg!("audit.proposal_rejected", place = place, reason = reason),
        Note::ProposalWithdrawn => msg!("audit.proposal_withdrawn", place = place),
        Note::Archived => msg!("audit.archived"),
        Note::Reopened => msg!("audit.reopened"),
        Note::Deleted => msg!("audit.deleted"),
        Note::Other => msg!("audit.other", entity = line.entry.entity, action = line.entry.action),
    };
    let time = line.at.map_or_else(|| line.entry.at.clone(), |at| at.format("%H:%M").to_string());
    message.arg("referee", &line.entry.referee).arg("time", time)
}

/// "Bruno: 144 → 160" for a correction, "Anna 12 · Bruno 160 · …" for a new manche.
fn scores_text(changes: &[ScoreChange]) -> String {
    if changes.is_empty() {
        return String::new();
    }
    let corrected = changes.iter().any(|c| c.before.is_some());
    let parts: Vec<String> = changes
        .iter()
        .map(|c| match c.before {
            Some(before) => format!("{}: {before} → {}", c.name, c.after),
            None if corrected => format!("{}: {}", c.name, c.after),
            None => format!("{} {}", c.name, c.after),
        })
        .collect();
    format!(" — {}", parts.join(" · "))
}

fn pretty(json: &Option<String>) -> String {
    let Some(text) = json else { return "—".to_owned() };
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|value| serde_json::to_string_pretty(&value).ok())
        .unwrap_or_else(|| text.clone())
}

/// Draws the screen.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament_id() else { return };
    let Some(lines) =
        app.fetch(|app| &mut app.screens.get::<State>().cache, tournament, move |desk| desk.notebook(tournament))
    else {
        return;
    };
    let lang = app.lang;
    let book = app.tournament.as_ref().and_then(|t| t.settings.ruleset().entry_model().book());
    let book = Message::new(book.map_or(text_id!("book.unnamed"), |b| b.name));
    let state = app.screens.get::<State>();
    if !state.scored.as_ref().is_some_and(|scored| std::sync::Arc::ptr_eq(scored, &lines)) {
        state.scores.clear();
        state.scored = Some(std::sync::Arc::clone(&lines));
    }
    ui.horizontal(|ui| {
        for (key, text, width) in [
            ("audit.filter_table", &mut state.table, 90.0),
            ("audit.filter_player", &mut state.player, 160.0),
            ("audit.filter_referee", &mut state.referee, 140.0),
        ] {
            super::labelled_text(ui, &lang.tr(key), text, width);
        }
    });
    let shown: Vec<&NoteLine> =
        lines.iter().filter(|line| line.matches(&state.table, &state.player, &state.referee)).collect();
    ui.heading(format!(
        "{} ({})",
        lang.tr(text_id!("audit.title")),
        msg!("audit.shown", shown = shown.len(), total = lines.len()).render(lang)
    ));
    ui.label(RichText::new(lang.tr(text_id!("audit.click_hint"))).weak());
    let opened = state.open.and_then(|id| shown.iter().find(|l| l.entry.id == id)).copied();
    let table_height = if opened.is_some() { ui.available_height() * 0.55 } else { ui.available_height() };
    TableBuilder::new(ui)
        .striped(true)
        .max_scroll_height(table_height)
        .column(Column::exact(80.0))
        .column(Column::remainder())
        .body(|body| {
            body.rows(20.0, shown.len(), |mut row| {
                let line = shown[row.index()];
                row.col(|ui| {
                    let day = line.at.map(|at| at.format("%d/%m").to_string()).unwrap_or_default();
                    ui.label(RichText::new(day).weak());
                });
                row.col(|ui| {
                    let scores = state.scores.entry(line.entry.id).or_insert_with(|| line.score_changes());
                    let text = format!("{}{}", sentence(line, &book).render(lang), scores_text(scores));
                    let selected = state.open == Some(line.entry.id);
                    if ui.selectable_label(selected, text).clicked() {
                        state.open = if selected { None } else { Some(line.entry.id) };
                    }
                });
            });
        });
    if let Some(line) = opened {
        ui.separator();
        ui.label(RichText::new(lang.tr(text_id!("audit.raw"))).strong());
        egui::ScrollArea::both().id_salt("audit-detail").show(ui, |ui| {
            detail(ui, lang, &line.detail());
            // The stored record itself, for whoever must see exactly what was written.
            egui::CollapsingHeader::new(lang.tr(text_id!("audit.json"))).id_salt("audit-json").show(ui, |ui| {
                ui.columns(2, |columns| {
                    let records = [("audit.before", &line.entry.before), ("audit.after", &line.entry.after)];
                    for (ui, (key, json)) in columns.iter_mut().zip(records) {
                        ui.label(RichText::new(lang.tr(key)).strong());
                        // Not wrapped, so that the JSON keeps its indentation.
                        ui.add(egui::Label::new(RichText::new(pretty(json)).monospace()).extend());
                    }
                });
            });
        });
    }
}

/// The change as rows: the field, what it was, what it became.
fn detail(ui: &mut egui::Ui, lang: crate::Lang, rows: &[DetailRow]) {
    let side = |value: &Option<Message>| value.as_ref().map_or_else(|| "—".to_owned(), |m| m.render(lang));
    egui::Grid::new("audit-detail-rows").striped(true).num_columns(3).show(ui, |ui| {
        for key in ["audit.field", "audit.before", "audit.after"] {
            ui.label(RichText::new(lang.tr(key)).strong());
        }
        ui.end_row();
        for row in rows {
            ui.label(row.field.render(lang));
            ui.label(RichText::new(side(&row.before)).weak());
            ui.label(side(&row.after));
            ui.end_row();
        }
    });
}
