//! The desk application: the frame with every screen's state, the navigation bar, the status line, and the poll
//! of a shared server. It is the one place that knows all the screens; each screen knows only the frame.

use crate::text_id;
use std::time::{Duration, Instant};

use egui::{Color32, RichText};

use super::Lang;
use super::screens;
use crate::desk::Desk;
use crate::frame::{Frame, Has, Parts};

pub use crate::frame::{Screen, Status};

/// How often a station sharing a server asks whether another station wrote something (and tries again a
/// manche kept while the server could not be reached): another station's manche shows within this.
const POLL: Duration = Duration::from_secs(1);

/// How long the desk may take over a job before the status line says the window is waiting for it.
const SAY_WAITING: Duration = Duration::from_millis(500);

/// How often the window redraws while the desk works, so that the waiting line counts on.
const WAITING_TICK: Duration = Duration::from_millis(250);

/// The state of the screens of one open tournament.
#[derive(Default)]
struct TournamentScreens {
    settings: screens::settings::State,
    players: screens::players::State,
    sessions: screens::sessions::State,
    table: screens::table::State,
    entry: screens::entry::State,
    proposals: screens::proposals::State,
    standings: screens::standings::State,
    audit: screens::audit::State,
    book: screens::book::State,
}

/// Every screen's state.
#[derive(Default)]
pub struct Screens {
    tournaments: screens::tournaments::State,
    /// The treasurer's screens (not of a tournament: kept while tournaments open and close).
    club: screens::club::State,
    /// A confirmed manche waiting for the server (kept while tournaments open and close: it is saved anyway).
    outbox: screens::entry::Outbox,
    /// Every screen's state that belongs to the open tournament; replaced whole when another one opens.
    of_tournament: TournamentScreens,
    /// This station's unconfirmed manches as last written to its drafts file, and the window's closing.
    keeper: crate::keeper::Keeper,
    /// Who referees: asked when the window opens.
    referee: crate::referee::RefereePrompt,
}

impl Parts for Screens {
    fn tournament_opened(&mut self) {
        // Drafts are this station's, of every tournament: they outlive the screens of the one closing.
        let drafts = self.of_tournament.entry.station_drafts();
        self.of_tournament = TournamentScreens::default();
        self.of_tournament.entry.take_up_drafts(drafts);
    }
}

/// Says where [`Screens`] keeps each screen's part.
macro_rules! parts {
    ($($state:ty => $($field:ident).+;)*) => {
        $(impl Has<$state> for Screens {
            fn part(&mut self) -> &mut $state {
                &mut self.$($field).+
            }
        })*
    };
}

parts! {
    screens::tournaments::State => tournaments;
    screens::club::State => club;
    screens::entry::Outbox => outbox;
    screens::settings::State => of_tournament.settings;
    screens::players::State => of_tournament.players;
    screens::sessions::State => of_tournament.sessions;
    screens::plan_import::State => of_tournament.sessions.import;
    screens::table::State => of_tournament.table;
    screens::entry::State => of_tournament.entry;
    screens::proposals::State => of_tournament.proposals;
    screens::standings::State => of_tournament.standings;
    screens::audit::State => of_tournament.audit;
    screens::book::State => of_tournament.book;
    crate::keeper::Keeper => keeper;
    crate::referee::RefereePrompt => referee;
}

/// The desk application.
pub type DeskApp = Frame<Screens>;

impl DeskApp {
    /// A desk on an open database; language and referee name come from its preferences. The desk moves to its
    /// own thread: from here on the window only sends it jobs.
    pub fn new(desk: impl Into<Desk>) -> DeskApp {
        let desk = desk.into();
        let lang = desk.preference("language").ok().flatten().map(|c| Lang::from_code(&c)).unwrap_or_default();
        let referee = desk.preference("referee").ok().flatten().unwrap_or_default();
        let csv_separator =
            desk.preference("csv_separator").ok().flatten().and_then(|c| crate::export::csv::Separator::parse(&c));
        // Read before the desk moves to its thread, like the preferences: a small file of this station's.
        let drafts = desk.station_drafts();
        let mut screens = Screens::default();
        screens.of_tournament.entry.take_up_drafts(drafts.clone());
        screens.keeper = crate::keeper::Keeper::written(drafts);
        let mut frame = Frame::start(desk, lang, referee, screens);
        frame.csv_separator = csv_separator;
        frame
    }

    /// Whether a confirmed manche waits for the server.
    pub fn has_pending_manche(&self) -> bool {
        self.screens.outbox.pending.is_some()
    }

    /// On a shared server, at most every [`POLL`] and only while the desk is not busy: reads the change stamp
    /// (another station's write makes the screens read again), notes whether the server can be reached, and
    /// tries a kept manche again.
    fn poll_shared(&mut self) {
        if self.link.worker.waiting() > 0 || self.last_poll.is_some_and(|at| at.elapsed() < POLL) {
            return;
        }
        self.last_poll = Some(Instant::now());
        self.run(
            |desk| desk.change_stamp(),
            |app, answer| match answer {
                Ok(stamp) => {
                    app.offline = None;
                    if app.seen_stamp.replace(stamp).is_some_and(|seen| seen != stamp) {
                        app.changed();
                    }
                    if let Some(pending) = app.screens.outbox.pending.clone() {
                        screens::entry::save_manche(app, pending);
                    }
                }
                Err(error) => app.offline = Some(crate::message::Explain::message(&error)),
            },
        );
    }

    /// Draws the whole desk.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if self.ctx.is_none() {
            let ctx = ui.ctx().clone();
            self.link.worker.set_wake({
                let ctx = ctx.clone();
                move || ctx.request_repaint()
            });
            self.ctx = Some(ctx);
        }
        self.receive();
        // A shared server's other stations write, and so do the tables' phones through a board (this desk's, on
        // its second connection, or `stecca board` run apart on the same file) and scripts (`stecca enter`):
        // their manches and proposals reach the screens by the poll. Only a database in memory is this desk's
        // alone.
        let facts = self.link.worker.facts();
        if facts.shared || facts.path.is_some() || self.board_running() {
            self.poll_shared();
            ui.ctx().request_repaint_after(POLL);
        }
        if self.link.worker.waiting() > 0 {
            // The status line counts the seconds the desk has been waiting.
            ui.ctx().request_repaint_after(WAITING_TICK);
        }
        if !self.fonts_ready {
            self.fonts_ready = true;
            // Fonts set now apply from the next frame: nothing is drawn until then, so no text meets a font
            // without its glyphs.
            if !ui.ctx().fonts(|f| f.definitions().font_data.contains_key("dejavu")) {
                super::fonts::install(ui.ctx());
                ui.ctx().request_repaint();
                return;
            }
        }
        self.keep_drafts(ui.ctx());
        self.ask_before_closing(ui.ctx());
        self.referee_question(ui.ctx());
        self.board_window(ui.ctx());
        egui::Panel::top("nav").show(ui, |ui| self.nav_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_line(ui));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            // Every screen scrolls both ways when the window is smaller than it (a laptop at 800×600): the last
            // player's column, a correction's button and the Confirm button are always within reach. Each screen
            // (each manche) keeps its own offset. Lists with their own scroll area keep it inside this one.
            let screen = self.screen;
            egui::ScrollArea::both().id_salt(("screen", screen)).auto_shrink([false, false]).show(ui, |ui| {
                let focused_before = ui.ctx().memory(|m| m.focused());
                match screen {
                    Screen::Tournaments => screens::tournaments::show(self, ui),
                    Screen::Settings => screens::settings::show(self, ui),
                    Screen::Players => screens::players::show(self, ui),
                    Screen::Sessions => screens::sessions::show(self, ui),
                    Screen::Table(table) => screens::table::show(self, ui, table),
                    Screen::Entry { table, number } => screens::entry::show(self, ui, table, number),
                    Screen::Proposals => screens::proposals::show(self, ui),
                    Screen::Standings => screens::standings::show(self, ui),
                    Screen::Audit => screens::audit::show(self, ui),
                    Screen::Book => screens::book::show(self, ui),
                    Screen::Club => screens::club::show(self, ui),
                }
                scroll_to_new_focus(ui, focused_before);
            });
        });
    }

    fn nav_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.heading(RichText::new("Stecca").strong());
            if let Some(t) = &self.tournament {
                ui.label(RichText::new(&t.settings.name).strong());
            }
            ui.separator();
            let mut target = None;
            let book = self.tournament.as_ref().and_then(|t| t.settings.ruleset().entry_model().book());
            let open = self.tournament.is_some();
            // A proposal on the entry screen belongs to the queue it was opened from.
            let proposal =
                self.screens.of_tournament.entry.shows_proposal() && matches!(self.screen, Screen::Entry { .. });
            // The queue of the tables' phones shows once a table sent something, with how many wait.
            let queue = screens::proposals::nav_label(self, self.screen == Screen::Proposals || proposal);
            let entries: [(Screen, Option<String>, bool); 9] = [
                (Screen::Tournaments, Some(self.tr("nav.tournaments")), true),
                (Screen::Settings, Some(self.tr("nav.settings")), open),
                // The book's button (the card, for modern American) shows only where the rules keep one.
                (Screen::Book, book.map(|b| self.tr(b.name)), book.is_some()),
                (Screen::Players, Some(self.tr("nav.players")), open),
                (Screen::Sessions, Some(self.tr("nav.sessions")), open),
                (Screen::Proposals, queue, open),
                (Screen::Standings, Some(self.tr("nav.standings")), open),
                (Screen::Audit, Some(self.tr("nav.audit")), open),
                (Screen::Club, Some(self.tr("nav.club")), true),
            ];
            for (screen, label, enabled) in entries {
                let Some(label) = label else { continue };
                let current = self.screen == screen
                    || (screen == Screen::Proposals && proposal)
                    || (screen == Screen::Sessions
                        && !proposal
                        && matches!(self.screen, Screen::Table(_) | Screen::Entry { .. }));
                if ui.add_enabled(enabled, egui::Button::selectable(current, label)).clicked() {
                    target = Some(screen);
                }
            }
            if let Some(screen) = target {
                self.go(screen);
            }
            // The hall's board is a window beside the screens, not a screen: it keeps running while they change.
            let board = if self.board_running() { "● " } else { "" };
            let label = format!("{board}{}", self.tr(text_id!("nav.board")));
            if ui.add(egui::Button::selectable(self.board.open, label)).clicked() {
                self.toggle_board_window();
            }
            ui.separator();
            let label = ui.label(self.tr(text_id!("nav.referee")));
            let response =
                ui.add(egui::TextEdit::singleline(&mut self.referee).desired_width(140.0)).labelled_by(label.id);
            if response.lost_focus() && !self.link.worker.facts().read_only {
                let referee = self.referee.trim().to_owned();
                self.run(move |desk| desk.set_preference("referee", &referee), |app, kept| app.failed(kept));
            }
            ui.separator();
            let lang = self.lang;
            for other in Lang::all() {
                let button = egui::Button::selectable(lang == other, other.code().to_uppercase());
                if ui.add(button).on_hover_text(other.name()).clicked() {
                    self.set_lang(other);
                }
            }
        });
    }

    fn status_line(&mut self, ui: &mut egui::Ui) {
        // A message belongs to the screen it was first shown on (a message set just before moving to another
        // screen is shown there); leaving that screen clears it.
        if let Some(status) = &mut self.status {
            match status.shown_on {
                None => status.shown_on = Some(self.screen),
                Some(screen) if screen != self.screen => self.status = None,
                Some(_) => {}
            }
        }
        let red = Color32::from_rgb(200, 40, 40);
        let facts = self.link.worker.facts();
        if facts.read_only {
            let text = crate::msg!("nav.read_only", location = facts.location).render(self.lang);
            ui.label(RichText::new(text).color(Color32::from_rgb(190, 110, 0)).strong());
        }
        if let Some(why) = &self.offline {
            let mut text = why.render(self.lang);
            if let Some(pending) = &self.screens.outbox.pending {
                text = format!("{text} — {}", crate::msg!("entry.pending", n = pending.number()).render(self.lang));
            }
            ui.label(RichText::new(text).color(red).strong());
        }
        if let Some(waited) = self.link.worker.running_for().filter(|waited| *waited >= SAY_WAITING) {
            let text = crate::msg!("desk.waiting", seconds = waited.as_secs(), jobs = self.link.worker.waiting());
            ui.label(RichText::new(text.render(self.lang)).color(Color32::from_rgb(190, 110, 0)).strong());
        }
        ui.horizontal(|ui| match &self.status {
            Some(status) => {
                let color = if status.error { red } else { Color32::from_rgb(30, 130, 60) };
                ui.label(RichText::new(status.text(self.lang)).color(color));
            }
            None => {
                ui.label(RichText::new(&self.link.worker.facts().location).weak());
            }
        });
    }
}

/// Scrolls the screen to a widget that took the keyboard while it was drawn (F1 giving the winner's first field the
/// keyboard, Enter moving to the next hand, Tab, a form's first field): at 800×600 it may lie below the fold, and
/// typing into a field the referee cannot see goes nowhere they know of (egui scrolls a text field into view only
/// as it is typed in). Focus taken in the navigation bar, drawn before the screen, moves nothing.
fn scroll_to_new_focus(ui: &egui::Ui, focused_before: Option<egui::Id>) {
    let ctx = ui.ctx();
    let Some(id) = ctx.memory(|m| m.focused()).filter(|&id| Some(id) != focused_before) else { return };
    if let Some(widget) = ctx.read_response(id) {
        ui.scroll_to_rect(widget.rect, None);
    }
}
