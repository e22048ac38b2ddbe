//! The session's clock at the desk, under the session's tables: the time left, what the hall is told, and
//! the referee's buttons (start, pause, resume, five more minutes, end). The clock is the one the store keeps:
//! every station shows the same; the frame only reads what the worker read and the desk's own clock.

use egui::RichText;

use crate::desk::ClockRequest;
use crate::frame::Frame;
use crate::text_id;
use crate::tournament::Id;
use crate::tournament::clock::{ClockCall, ClockState, SessionClock, state_of};

/// Minutes the "+5" button adds.
const ADDED: u32 = 5;

/// Draws session `session`'s clock; `minutes` is the length a start runs for when the tournament sets none.
pub fn show<S: crate::frame::Parts>(
    app: &mut Frame<S>,
    ui: &mut egui::Ui,
    tournament: Id,
    session: u32,
    clock: Option<&SessionClock>,
    minutes: &mut u32,
    preset: u32,
) {
    let lang = app.lang;
    let state = state_of(clock, chrono::Utc::now());
    let mut request = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new(lang.tr(text_id!("clock.title"))).strong());
        if let Some(time) = state.shown() {
            let text = RichText::new(time).monospace().size(18.0);
            let text = match state.call() {
                ClockCall::Time => text.color(super::RED),
                ClockCall::LastMinutes => text.color(egui::Color32::from_rgb(200, 140, 0)),
                _ => text,
            };
            ui.label(text);
            // The time left moves by itself: drawn again each second while it runs.
            ui.ctx().request_repaint_after(std::time::Duration::from_secs(1));
        }
        let said = match (state, state.call()) {
            (ClockState::NotStarted, _) => Some(text_id!("clock.not_started")),
            (_, ClockCall::Over) => Some(text_id!("clock.over")),
            (_, ClockCall::Time) => Some(text_id!("clock.time")),
            (_, ClockCall::LastMinutes) => Some(text_id!("clock.last_minutes")),
            (ClockState::Paused { .. }, _) => Some(text_id!("clock.paused")),
            _ => None,
        };
        if let Some(said) = said {
            ui.label(RichText::new(lang.tr(said)).weak());
        }
        match state {
            ClockState::NotStarted => {
                if preset == 0 {
                    let label = ui.label(lang.tr(text_id!("clock.minutes")));
                    ui.add(egui::DragValue::new(minutes).range(1..=crate::tournament::clock::MAX_MINUTES))
                        .labelled_by(label.id);
                }
                if ui.button(lang.tr(text_id!("clock.start"))).clicked() {
                    request = Some(ClockRequest::Start((preset == 0).then_some(*minutes)));
                }
            }
            ClockState::Running { .. } | ClockState::Paused { .. } => {
                let running = matches!(state, ClockState::Running { .. });
                let (word, action) = if running {
                    (text_id!("clock.pause"), ClockRequest::Pause)
                } else {
                    (text_id!("clock.resume"), ClockRequest::Resume)
                };
                if ui.button(lang.tr(word)).clicked() {
                    request = Some(action);
                }
                if ui.button(lang.tr(text_id!("clock.add_five"))).clicked() {
                    request = Some(ClockRequest::Add(ADDED));
                }
                if ui.button(lang.tr(text_id!("clock.end"))).clicked() {
                    request = Some(ClockRequest::End);
                }
            }
            ClockState::Ended => {}
        }
    });
    if let Some(request) = request {
        let referee = app.referee_name();
        app.write(move |desk| desk.clock(tournament, session, request, &referee), |_, _| {});
    }
}
