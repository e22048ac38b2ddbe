//! The session's clock at the desk, under the session's tables: the time left, what the hall is told, and
//! the referee's buttons (start, pause, resume, five more minutes, end). The clock is the one the store keeps:
//! every station shows the same; the frame only reads what the worker read and the desk's own clock.

use egui::RichText;

use crate::desk::ClockRequest;
use crate::frame::Frame;
use crate::text_id;
use crate::tournament::Id;
use crate::tournament::clock::{ClockCall, ClockState, SessionClock, call_of, state_of};

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
    let now = chrono::Utc::now();
    let state = state_of(clock, now);
    let call = call_of(clock, now);
    let mut request = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new(lang.tr(text_id!("clock.title"))).strong());
        if let Some(time) = state.shown() {
            let text = RichText::new(time).monospace().size(18.0);
            let text = match call {
                ClockCall::Time => text.color(super::RED),
                ClockCall::LastMinutes | ClockCall::LastHand => text.color(egui::Color32::from_rgb(200, 140, 0)),
                _ => text,
            };
            ui.label(text);
            // The time left moves by itself: drawn again each second while it runs.
            ui.ctx().request_repaint_after(std::time::Duration::from_secs(1));
        }
        let warning = clock.map_or(0, |c| c.warning_minutes);
        let said = match (state, call) {
            (ClockState::NotStarted, _) => Some(crate::msg!("clock.not_started")),
            (_, ClockCall::Over) => Some(crate::msg!("clock.over")),
            (_, ClockCall::Time) => Some(crate::msg!("clock.time")),
            (_, ClockCall::LastHand) => Some(crate::msg!("clock.last_hand")),
            (_, ClockCall::LastMinutes) => Some(crate::msg!("clock.last_minutes", minutes = warning)),
            (ClockState::Paused { .. }, _) => Some(crate::msg!("clock.paused")),
            _ => None,
        };
        if let Some(said) = said {
            ui.label(RichText::new(said.render(lang)).weak());
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
