//! Nothing typed is lost on close: this station's unconfirmed manches (the drafts, and the manche on screen) are
//! written to its drafts file by the desk's thread a moment after they change, so a restart or a crash finds
//! them again; closing the window with a manche typed and not confirmed asks first (keep it as a draft, throw
//! it away, or go back to it), and any drafts not yet written are written before the window closes.

use std::time::{Duration, Instant};

use egui::{RichText, ViewportCommand};

use crate::Screen;
use crate::desk::StationDraft;
use crate::frame::{Frame, Has};
use crate::message::Explain;
use crate::screens::entry;
use crate::{msg, text_id};

/// How long drafts wait after a change before they are written (typing is not a write per key).
const SETTLE: Duration = Duration::from_secs(1);

/// What was last written, and where the window's closing stands.
#[derive(Default)]
pub struct Keeper {
    /// The drafts as last sent to the desk to write.
    written: Vec<StationDraft>,
    /// When the drafts first differed from `written`.
    changed_at: Option<Instant>,
    /// The window asked to close with manche N typed and not confirmed: the question is on screen.
    asking: Option<u32>,
    /// The drafts are written: the next close request closes.
    may_close: bool,
}

impl Keeper {
    /// A keeper that knows `drafts` are what the file holds.
    pub fn written(drafts: Vec<StationDraft>) -> Keeper {
        Keeper { written: drafts, ..Keeper::default() }
    }
}

impl<S: Has<entry::State> + Has<Keeper>> Frame<S> {
    /// Writes the drafts once they have stopped changing for a moment.
    pub(crate) fn keep_drafts(&mut self, ctx: &egui::Context) {
        let now = self.screens.get::<entry::State>().station_drafts();
        let keeper = self.screens.get::<Keeper>();
        if now == keeper.written {
            keeper.changed_at = None;
            return;
        }
        let elapsed = keeper.changed_at.get_or_insert_with(Instant::now).elapsed();
        if elapsed < SETTLE {
            ctx.request_repaint_after(SETTLE - elapsed);
            return;
        }
        self.write_drafts(now, false);
    }

    /// Sends `drafts` to the desk to write; with `close`, the window closes once they are written (and stays
    /// open, saying why, if they could not be).
    fn write_drafts(&mut self, drafts: Vec<StationDraft>, close: bool) {
        let keeper = self.screens.get::<Keeper>();
        keeper.written = drafts.clone();
        keeper.changed_at = None;
        self.run(
            move |desk| desk.keep_station_drafts(&drafts).map_err(|e| e.message()),
            move |app: &mut Frame<S>, written| match written {
                Ok(()) if close => {
                    app.screens.get::<Keeper>().may_close = true;
                    if let Some(ctx) = &app.ctx {
                        ctx.send_viewport_cmd(ViewportCommand::Close);
                    }
                }
                Ok(()) => {}
                Err(why) => {
                    // Not written: try again at the next change, and say why.
                    app.screens.get::<Keeper>().written.clear();
                    app.fail(why);
                }
            },
        );
    }

    /// A close request with a manche typed and not confirmed asks first; one with drafts not yet written
    /// writes them first; otherwise the window closes.
    pub(crate) fn ask_before_closing(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.screens.get::<Keeper>().may_close {
            let on_screen = matches!(self.screen, Screen::Entry { .. })
                .then(|| self.screens.get::<entry::State>().unsaved_on_screen())
                .flatten();
            let now = self.screens.get::<entry::State>().station_drafts();
            if let Some(number) = on_screen {
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.screens.get::<Keeper>().asking = Some(number);
            } else if now != self.screens.get::<Keeper>().written {
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.write_drafts(now, true);
            }
        }
        let Some(number) = self.screens.get::<Keeper>().asking else { return };
        let lang = self.lang;
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("closing")).show(ctx, |ui| {
            ui.heading(lang.tr(text_id!("closing.title")));
            ui.label(msg!("closing.unsaved", number = number).render(lang));
            ui.horizontal(|ui| {
                if ui.button(RichText::new(lang.tr(text_id!("closing.keep"))).strong()).clicked() {
                    choice = Some(Closing::Keep);
                }
                if ui.button(lang.tr(text_id!("closing.discard"))).clicked() {
                    choice = Some(Closing::Discard);
                }
                if ui.button(lang.tr(text_id!("closing.back"))).clicked() {
                    choice = Some(Closing::Back);
                }
            });
        });
        let Some(choice) = choice else { return };
        self.screens.get::<Keeper>().asking = None;
        if matches!(choice, Closing::Back) {
            return;
        }
        if matches!(choice, Closing::Discard) {
            self.screens.get::<entry::State>().discard_on_screen();
        }
        let drafts = self.screens.get::<entry::State>().station_drafts();
        self.write_drafts(drafts, true);
    }
}

/// The referee's answer to closing with a manche typed.
#[derive(Clone, Copy)]
enum Closing {
    Keep,
    Discard,
    Back,
}
