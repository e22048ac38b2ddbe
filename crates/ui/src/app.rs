//! The desk's frame: the open tournament, navigation, the status line, language and referee name.

use std::time::{Duration, Instant};

use egui::{Color32, RichText};

use super::Lang;
use super::screens;
use crate::desk::{Desk, Tournament};
use crate::link::Link;
use crate::tournament::Id;

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// List, create, open tournaments.
    Tournaments,
    /// The open tournament's settings.
    Settings,
    /// Registration.
    Players,
    /// Seating by session.
    Sessions,
    /// One session table's manches.
    Table(Id),
    /// Entering or correcting manche `number` of a table.
    Entry {
        /// The table.
        table: Id,
        /// The manche number.
        number: u32,
    },
    /// Standings, penalties, progression.
    Standings,
    /// The audit log.
    Audit,
    /// The tournament's card (rules scored from a card).
    Card,
    /// The treasurer's book: clubs, members, evenings, ledger, settle-up.
    Club,
}

/// A message on the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// Whether it reports a failure.
    pub error: bool,
    /// The text.
    pub text: String,
    /// The screen it was first shown on: moving to another screen clears it.
    shown_on: Option<Screen>,
}

/// How often a station sharing a server asks whether another station wrote something (and tries again a
/// manche kept while the server could not be reached): another station's manche shows within this.
const POLL: Duration = Duration::from_secs(1);

/// How long the desk may take over a job before the status line says the window is waiting for it.
const SAY_WAITING: Duration = Duration::from_millis(500);

/// How often the window redraws while the desk works, so that the waiting line counts on.
const WAITING_TICK: Duration = Duration::from_millis(250);

/// The state of the screens of one open tournament.
#[derive(Default)]
pub(crate) struct TournamentScreens {
    pub(crate) settings: screens::settings::State,
    pub(crate) players: screens::players::State,
    pub(crate) sessions: screens::sessions::State,
    pub(crate) table: screens::table::State,
    pub(crate) entry: screens::entry::State,
    pub(crate) standings: screens::standings::State,
    pub(crate) audit: screens::audit::State,
    pub(crate) card: screens::card::State,
}

/// The desk application.
pub struct DeskApp {
    /// The desk on its own thread, and the way its answers come back.
    pub(crate) link: Link,
    /// The window's context, once a frame was drawn (to wake it when an answer arrives).
    pub(crate) ctx: Option<egui::Context>,
    pub(crate) lang: Lang,
    pub(crate) referee: String,
    pub(crate) tournament: Option<Tournament>,
    pub(crate) screen: Screen,
    /// How many times a screen was chosen: a tournament being opened shows its first screen only if none was
    /// chosen meanwhile.
    moves: u64,
    pub(crate) status: Option<Status>,
    /// Bumped on every write, so that screens recompute what they cache.
    pub(crate) revision: u64,
    pub(crate) tournaments: screens::tournaments::State,
    /// The treasurer's screens (not of a tournament: kept while tournaments open and close).
    pub(crate) club: screens::club::State,
    /// Every screen's state that belongs to the open tournament; replaced whole when another one opens, so
    /// that no selection, form or draft of one tournament can act on another.
    pub(crate) screens: TournamentScreens,
    /// Where exports go without asking (tests); `None` opens the system's save dialog.
    pub export_dir: Option<std::path::PathBuf>,
    /// A confirmed manche waiting for the server to be reachable again.
    pub(crate) pending: Option<screens::entry::Pending>,
    /// Why the server cannot be reached, while it cannot.
    offline: Option<crate::message::Message>,
    /// The change stamp last read, and when (stations sharing a server poll it).
    seen_stamp: Option<i64>,
    last_poll: Option<Instant>,
    /// The fallback font is in the context (the window installs it before the first frame; a desk drawn in
    /// someone else's context installs it on its first frame and draws from the next).
    fonts_ready: bool,
}

impl DeskApp {
    /// A desk on an open database; language and referee name come from its preferences. The desk moves to its
    /// own thread: from here on the window only sends it jobs.
    pub fn new(desk: impl Into<Desk>) -> DeskApp {
        let desk = desk.into();
        let lang = desk.preference("language").ok().flatten().map(|c| Lang::from_code(&c)).unwrap_or_default();
        let referee = desk.preference("referee").ok().flatten().unwrap_or_default();
        DeskApp {
            link: Link::new(desk),
            ctx: None,
            lang,
            referee,
            tournament: None,
            screen: Screen::Tournaments,
            moves: 0,
            status: None,
            revision: 1,
            tournaments: Default::default(),
            club: Default::default(),
            screens: Default::default(),
            export_dir: None,
            pending: None,
            offline: None,
            seen_stamp: None,
            last_poll: None,
            fonts_ready: false,
        }
    }

    /// The screen showing now.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The open tournament's id.
    pub fn tournament_id(&self) -> Option<Id> {
        self.tournament.as_ref().map(|t| t.id)
    }

    /// The status line's message.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// Switches the language (and remembers it).
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        // A read-only database keeps the choice for this session only.
        if !self.link.worker.facts().read_only {
            self.run(move |desk| desk.set_preference("language", lang.code()), |app, kept| app.failed(kept));
        }
    }

    /// Opens a tournament and shows its sessions (or its players while it has none), unless another screen
    /// was chosen after this call.
    pub fn open_tournament(&mut self, id: Id) {
        self.open_tournament_saying(id, None);
    }

    /// [`DeskApp::open_tournament`], with a word for the status line once it is open.
    pub(crate) fn open_tournament_saying(&mut self, id: Id, said: Option<String>) {
        let moves_then = self.moves;
        self.run(
            move |desk| Ok::<_, crate::desk::DeskError>((desk.tournament(id)?, !desk.seating(id)?.is_empty())),
            move |app, answer| match answer {
                Ok((tournament, seated)) => {
                    app.tournament = Some(tournament);
                    app.screens = TournamentScreens::default();
                    // Every view is read again (the tournament itself was just read).
                    app.revision += 1;
                    if app.moves == moves_then {
                        app.screen = if seated { Screen::Sessions } else { Screen::Players };
                    }
                    if let Some(said) = said {
                        app.info(said);
                    }
                }
                Err(e) => app.fail(e),
            },
        );
    }

    /// Shows a screen.
    pub fn go(&mut self, screen: Screen) {
        self.screen = screen;
        self.moves += 1;
    }

    /// The referee name written in the audit log ("desk" until one is typed).
    pub(crate) fn referee_name(&self) -> String {
        let name = self.referee.trim();
        if name.is_empty() { "desk".to_owned() } else { name.to_owned() }
    }

    pub(crate) fn tr(&self, key: &str) -> String {
        self.lang.tr(key)
    }

    /// Something was written: cached views recompute, the tournament is read again.
    pub(crate) fn changed(&mut self) {
        self.revision += 1;
        if let Some(id) = self.tournament_id() {
            self.run(
                move |desk| desk.tournament(id),
                move |app, answer| {
                    if let Ok(tournament) = answer
                        && app.tournament_id() == Some(id)
                    {
                        app.tournament = Some(tournament);
                    }
                },
            );
        }
    }

    /// Shows a refusal, if it is one.
    pub(crate) fn failed<E: crate::message::Explain>(&mut self, result: Result<(), E>) {
        if let Err(e) = result {
            self.fail(e);
        }
    }

    /// Shows what went wrong, in the desk's language.
    pub(crate) fn fail(&mut self, error: impl crate::message::Explain) {
        self.status = Some(Status { error: true, text: error.message().render(self.lang), shown_on: None });
    }

    pub(crate) fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status { error: false, text: text.into(), shown_on: None });
    }

    /// Whether the server could not be reached at the last try (a shared store only).
    pub fn is_offline(&self) -> bool {
        self.offline.is_some()
    }

    /// How many jobs the desk has queued or running.
    pub fn waiting(&self) -> usize {
        self.link.worker.waiting()
    }

    /// Whether a confirmed manche waits for the server.
    pub fn has_pending_manche(&self) -> bool {
        self.pending.is_some()
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
                    if let Some(pending) = app.pending.clone() {
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
        if self.link.worker.facts().shared {
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
        egui::Panel::top("nav").show(ui, |ui| self.nav_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_line(ui));
        egui::CentralPanel::default_margins().show(ui, |ui| match self.screen {
            Screen::Tournaments => screens::tournaments::show(self, ui),
            Screen::Settings => screens::settings::show(self, ui),
            Screen::Players => screens::players::show(self, ui),
            Screen::Sessions => screens::sessions::show(self, ui),
            Screen::Table(table) => screens::table::show(self, ui, table),
            Screen::Entry { table, number } => screens::entry::show(self, ui, table, number),
            Screen::Standings => screens::standings::show(self, ui),
            Screen::Audit => screens::audit::show(self, ui),
            Screen::Card => screens::card::show(self, ui),
            Screen::Club => screens::club::show(self, ui),
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
            let keeps_card = self.tournament.as_ref().is_some_and(|t| t.settings.ruleset().entry_model().card_value);
            let entries: [(Screen, &str, bool); 8] = [
                (Screen::Tournaments, "nav.tournaments", true),
                (Screen::Settings, "nav.settings", self.tournament.is_some()),
                (Screen::Card, "nav.card", keeps_card),
                (Screen::Players, "nav.players", self.tournament.is_some()),
                (Screen::Sessions, "nav.sessions", self.tournament.is_some()),
                (Screen::Standings, "nav.standings", self.tournament.is_some()),
                (Screen::Audit, "nav.audit", self.tournament.is_some()),
                (Screen::Club, "nav.club", true),
            ];
            // The card's button shows only where the rules keep one.
            for (screen, key, enabled) in entries.into_iter().filter(|(s, _, _)| *s != Screen::Card || keeps_card) {
                let current = self.screen == screen
                    || (screen == Screen::Sessions && matches!(self.screen, Screen::Table(_) | Screen::Entry { .. }));
                if ui.add_enabled(enabled, egui::Button::selectable(current, self.tr(key))).clicked() {
                    target = Some(screen);
                }
            }
            if let Some(screen) = target {
                self.go(screen);
            }
            ui.separator();
            let label = ui.label(self.tr("nav.referee"));
            let response =
                ui.add(egui::TextEdit::singleline(&mut self.referee).desired_width(140.0)).labelled_by(label.id);
            if response.lost_focus() && !self.link.worker.facts().read_only {
                let referee = self.referee.trim().to_owned();
                self.run(move |desk| desk.set_preference("referee", &referee), |app, kept| app.failed(kept));
            }
            ui.separator();
            let lang = self.lang;
            if ui.add(egui::Button::selectable(lang == Lang::It, "IT")).clicked() {
                self.set_lang(Lang::It);
            }
            if ui.add(egui::Button::selectable(lang == Lang::En, "EN")).clicked() {
                self.set_lang(Lang::En);
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
            if let Some(pending) = &self.pending {
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
                ui.label(RichText::new(&status.text).color(color));
            }
            None => {
                ui.label(RichText::new(&self.link.worker.facts().location).weak());
            }
        });
    }
}
