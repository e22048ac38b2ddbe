//! The referee's queue of the manches the tables' phones sent: which session and table, which manche, when, from
//! which phone, whether every player gave their PIN. One is opened on the entry screen, as a typed manche would
//! be, to be confirmed (edited or not) or rejected with a reason; one whose manche the desk entered meanwhile can
//! only be withdrawn or rejected. The decided ones follow, the latest first, in short.

use std::sync::Arc;

use egui::{Color32, RichText};

use crate::Screen;
use crate::desk::{ProposalState, ProposalView};
use crate::frame::{Frame, Has};
use crate::link::Fetched;
use crate::msg;
use crate::text_id;
use crate::tournament::Id;

/// How many decided proposals the queue shows (the latest): the queue is for what waits.
const DECIDED_SHOWN: usize = 8;

/// The queue as last read, and the proposal being rejected from it with its reason as typed.
#[derive(Default)]
pub struct State {
    cache: Fetched<Id, Vec<ProposalView>>,
    rejecting: Option<(Id, String)>,
}

/// The tournament's proposals, read again after every change (another station's, or a phone's through the
/// board, noticed by the desk's poll).
pub(crate) fn queue<S: Has<State>>(app: &mut Frame<S>) -> Option<Arc<Vec<ProposalView>>> {
    let tournament = app.tournament_id()?;
    app.fetch(|app| &mut app.screens.get::<State>().cache, tournament, move |desk| desk.proposals(tournament))
}

/// The navigation's label for the queue, with the count of waiting proposals; `None` while the tournament has
/// none at all (no table sent anything: the queue stays out of the way).
pub(crate) fn nav_label<S: Has<State>>(app: &mut Frame<S>, showing: bool) -> Option<String> {
    let queue = queue(app);
    let waiting = queue.as_ref().map_or(0, |q| q.iter().filter(|p| p.proposal.state == ProposalState::Waiting).count());
    if !showing && queue.is_none_or(|q| q.is_empty()) {
        return None;
    }
    let label = if waiting > 0 { msg!("nav.proposals_waiting", n = waiting) } else { msg!("nav.proposals") };
    Some(label.render(app.lang))
}

/// What the queue asks for on one frame.
enum Action {
    Open(Box<ProposalView>),
    /// Its manche is entered: confirming it withdraws it and says what the desk has.
    Withdraw(Id),
    StartRejecting(Id),
    Reject(Id, String),
    CancelRejecting,
}

/// Draws the screen.
pub fn show<S: Has<State> + Has<super::entry::State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament_id() else { return };
    let lang = app.lang;
    ui.heading(lang.tr(text_id!("proposals.title")));
    ui.label(RichText::new(lang.tr(text_id!("proposals.explain"))).weak());
    let Some(queue) = queue(app) else {
        return super::reading(ui, lang);
    };
    let waiting: Vec<&ProposalView> = queue.iter().filter(|p| p.proposal.state == ProposalState::Waiting).collect();
    let mut action = None;
    ui.add_space(6.0);
    ui.label(RichText::new(msg!("proposals.waiting", n = waiting.len()).render(lang)).strong());
    if waiting.is_empty() {
        ui.label(RichText::new(lang.tr(text_id!("proposals.none_waiting"))).weak());
    } else {
        let rejecting = app.screens.get::<State>().rejecting.clone();
        action = waiting_grid(ui, lang, &waiting, rejecting);
        // The reason is typed under the grid, once a row's "Reject…" opened it.
        if let Some((id, reason)) = &mut app.screens.get::<State>().rejecting {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                super::labelled_text(ui, &lang.tr(text_id!("proposals.reason")), reason, 320.0);
                if ui.button(lang.tr(text_id!("proposals.reject"))).clicked() {
                    action = Some(Action::Reject(*id, reason.clone()));
                }
                if ui.button(lang.tr(text_id!("common.cancel"))).clicked() {
                    action = Some(Action::CancelRejecting);
                }
            });
        }
    }
    decided_lines(ui, lang, &queue);
    match action {
        Some(Action::Open(view)) => {
            let Some(table) = view.table else { return };
            app.screens.get::<super::entry::State>().open_proposal(table, tournament, &view);
            app.go(Screen::Entry { table, number: view.proposal.number });
        }
        Some(Action::Withdraw(id)) => {
            let referee = app.referee_name();
            app.change(
                move |desk| desk.confirm_proposal(tournament, id, None, &referee).map(|_| ()),
                |app, answer| {
                    // The desk withdraws it and says what it has (or, were the manche gone, it is confirmed).
                    app.changed();
                    match answer {
                        Ok(()) => app.info(msg!("proposals.confirmed_anyway")),
                        Err(refusal) => app.fail(refusal),
                    }
                },
            );
        }
        Some(Action::StartRejecting(id)) => app.screens.get::<State>().rejecting = Some((id, String::new())),
        Some(Action::CancelRejecting) => app.screens.get::<State>().rejecting = None,
        Some(Action::Reject(id, reason)) => {
            let referee = app.referee_name();
            let view = waiting.iter().find(|p| p.proposal.id == id).map(|p| (p.proposal.table, p.proposal.number));
            let (table, number) = view.unwrap_or_default();
            app.write(
                move |desk| desk.reject_proposal(tournament, id, &reason, &referee),
                move |app, ()| {
                    app.screens.get::<State>().rejecting = None;
                    app.info(msg!("proposals.rejected_done", table = table, number = number));
                },
            );
        }
        None => {}
    }
}

/// The waiting proposals, oldest first, with what can be done with each.
fn waiting_grid(
    ui: &mut egui::Ui,
    lang: crate::Lang,
    waiting: &[&ProposalView],
    rejecting: Option<(Id, String)>,
) -> Option<Action> {
    let mut action = None;
    let heads = [
        text_id!("sessions.session"),
        text_id!("sessions.table"),
        text_id!("table.manche"),
        text_id!("proposals.sent_at"),
        text_id!("proposals.phone"),
        text_id!("proposals.pins"),
    ];
    egui::Grid::new("proposals").striped(true).num_columns(heads.len() + 1).show(ui, |ui| {
        for head in heads {
            ui.label(RichText::new(lang.tr(head)).strong());
        }
        ui.label("");
        ui.end_row();
        for view in waiting {
            let proposal = &view.proposal;
            ui.label(proposal.session.to_string());
            ui.label(proposal.table.to_string());
            ui.label(proposal.number.to_string());
            ui.label(super::local_time(&proposal.sent_at));
            ui.label(super::short_sender(&proposal.sender)).on_hover_text(&proposal.sender);
            let pins =
                if proposal.pins_given { text_id!("proposals.pins_all") } else { text_id!("proposals.pins_none") };
            ui.label(lang.tr(pins));
            ui.horizontal(|ui| {
                let open = !view.entered && view.table.is_some();
                if open {
                    let button = egui::Button::new(RichText::new(lang.tr(text_id!("proposals.open"))).strong());
                    if ui.add(button).clicked() {
                        action = Some(Action::Open(Box::new((*view).clone())));
                    }
                } else {
                    let why = if view.entered { text_id!("proposals.entered") } else { text_id!("proposals.no_table") };
                    ui.label(RichText::new(lang.tr(why)).color(Color32::from_rgb(180, 110, 0)));
                    if view.entered && ui.button(lang.tr(text_id!("proposals.withdraw"))).clicked() {
                        action = Some(Action::Withdraw(proposal.id));
                    }
                }
                let being_rejected = rejecting.as_ref().is_some_and(|(id, _)| *id == proposal.id);
                if !open && !being_rejected && ui.button(lang.tr(text_id!("proposals.reject_one"))).clicked() {
                    action = Some(Action::StartRejecting(proposal.id));
                }
            });
            ui.end_row();
        }
    });
    action
}

/// The decided proposals, the latest first, one line each.
fn decided_lines(ui: &mut egui::Ui, lang: crate::Lang, queue: &[ProposalView]) {
    let mut decided: Vec<&ProposalView> = queue.iter().filter(|p| p.proposal.state != ProposalState::Waiting).collect();
    if decided.is_empty() {
        return;
    }
    decided.sort_by(|a, b| b.proposal.decided_at.cmp(&a.proposal.decided_at).then(b.proposal.id.cmp(&a.proposal.id)));
    ui.add_space(10.0);
    ui.label(RichText::new(msg!("proposals.decided", n = decided.len()).render(lang)).strong());
    for view in decided.iter().take(DECIDED_SHOWN) {
        let proposal = &view.proposal;
        let time = proposal.decided_at.as_deref().map(super::local_time).unwrap_or_default();
        let (by, reason) = (&proposal.decided_by, &proposal.reason);
        let outcome = match proposal.state {
            ProposalState::Confirmed => msg!("proposals.confirmed_by", referee = by, time = time),
            ProposalState::Rejected => msg!("proposals.rejected_by", referee = by, time = time, reason = reason),
            ProposalState::Withdrawn | ProposalState::Waiting => msg!("proposals.withdrawn", time = time),
        };
        let line = msg!("proposals.line", session = proposal.session, table = proposal.table, number = proposal.number)
            .arg_message("outcome", outcome);
        // A rejection is what the table is waiting to fix and send again: it stands out from the rest.
        let text = RichText::new(line.render(lang));
        ui.label(if proposal.state == ProposalState::Rejected { text } else { text.weak() });
    }
    if decided.len() > DECIDED_SHOWN {
        ui.label(RichText::new(msg!("proposals.more", n = decided.len() - DECIDED_SHOWN).render(lang)).weak());
    }
}
