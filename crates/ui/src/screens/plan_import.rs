//! Importing a seating plan (a federation's plan, a best-known published table) on the sessions screen: the
//! file is previewed first — every problem listed, or the sessions it seats and the quality of the plan it
//! makes — and imported all or none.

use std::sync::Arc;

use egui::RichText;

use crate::desk::PlanPreview;
use crate::frame::{Frame, Has};
use crate::message::Explain;
use crate::msg;
use crate::text_id;
use crate::tournament::Id;

/// Largest plan file read (400 players × 40 sessions of rows are about 1 MB).
const MAX_FILE: u64 = 4_000_000;
/// Problems listed on screen; the count says how many more there are.
const SHOWN: usize = 30;

/// The file being imported and its preview (kept with the sessions screen's state).
#[derive(Default)]
pub struct State {
    path: String,
    /// The file's text and what importing it would do.
    preview: super::FilePreview<PlanPreview>,
}

/// This panel's state.
fn state<S: Has<State>>(app: &mut Frame<S>) -> &mut State {
    app.screens.get::<State>()
}

/// Draws the import panel.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id) {
    let lang = app.lang;
    ui.label(RichText::new(lang.tr(text_id!("sessions.import_hint"))).weak());
    if super::import_file_row(ui, lang, &mut state(app).path) {
        let path = state(app).path.trim().to_owned();
        app.run(
            move |desk| {
                let text = super::read_import_file(&path, MAX_FILE)?;
                let preview = desk.preview_seating_import(tournament, &text).map_err(|e| e.message())?;
                Ok(Arc::new((text, preview)))
            },
            move |app, preview| state(app).preview = Some(preview),
        );
    }
    let Some(preview) = state(app).preview.clone() else { return };
    let found = match preview {
        Ok(found) => found,
        Err(e) => {
            ui.label(RichText::new(e.render(lang)).color(super::RED));
            return;
        }
    };
    let (_, preview) = &*found;
    if !preview.problems.is_empty() {
        let n = preview.problems.len();
        ui.label(RichText::new(msg!("sessions.import_problems", n = n).render(lang)).strong());
        egui::ScrollArea::vertical().id_salt("plan-import-problems").max_height(220.0).show(ui, |ui| {
            for problem in preview.problems.iter().take(SHOWN) {
                ui.label(RichText::new(problem.render(lang)).color(super::RED));
            }
            if n > SHOWN {
                ui.label(msg!("sessions.import_more", n = n - SHOWN).render(lang));
            }
        });
        return;
    }
    let (Some(sessions), Some(report)) = (preview.sessions.clone(), preview.report.as_ref()) else { return };
    let (from, to) = (*sessions.start(), *sessions.end());
    let said = msg!(
        "sessions.import_ready",
        from = from,
        to = to,
        repeats = report.repeat_meetings(),
        bound = report.lower_bound(),
        club = report.same_club_meetings()
    );
    let mut said = match super::above_bound_note(lang, report) {
        Some(note) => format!("{} — {note}", said.render(lang)),
        None => said.render(lang),
    };
    // A plan made elsewhere may seat team mates together: the referee sees it before importing.
    if report.same_team_meetings() > 0 {
        said = format!("{said} · {}", msg!("sessions.team_meetings", n = report.same_team_meetings()).render(lang));
    }
    ui.label(said);
    if ui.button(RichText::new(msg!("sessions.import_go", from = from, to = to).render(lang)).strong()).clicked() {
        let referee = app.referee_name();
        let text = found.0.clone();
        app.write(
            move |desk| desk.import_seating(tournament, &text, &referee),
            move |app, outcome| {
                state(app).preview = None;
                let (from, to) = (outcome.sessions.start(), outcome.sessions.end());
                app.info(msg!("sessions.imported", from = from, to = to));
            },
        );
    }
}
