//! The desk's frame as the screens see it: the open tournament, the screen showing, the status line, language and
//! referee name, and the way to the desk ([`Frame::run`], [`Frame::fetch`], [`Frame::write`]).
//!
//! The screens' own states are an `S` the frame holds but does not know: each screen names only its own part
//! ([`Has`]), and the application that puts the screens together (`app.rs`) says where each part is. So a screen
//! depends on the frame, never on the application that draws it.

use std::sync::Arc;
use std::time::Instant;

use crate::desk::{Desk, DeskError, DeskResult, Tournament};
use crate::export::csv::Separator;
use crate::i18n::Lang;
use crate::link::{Fetched, Link};
use crate::message::{Explain, Message};
use crate::tournament::Id;

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// The manches the tables' phones sent, waiting for the referee.
    Proposals,
    /// Standings, penalties, progression.
    Standings,
    /// The audit log.
    Audit,
    /// The tournament's book (rules scored from one, such as modern American's card).
    Book,
    /// The treasurer's book: clubs, members, evenings, ledger, settle-up.
    Club,
}

/// A message on the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// Whether it reports a failure.
    pub error: bool,
    /// What it says: kept as an id with arguments and rendered as it is drawn, so that it follows the language.
    pub message: Message,
    /// The screen it was first shown on: moving to another screen clears it.
    pub(crate) shown_on: Option<Screen>,
}

impl Status {
    /// What it says in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        self.message.render(lang)
    }
}

/// The screens' states as the frame sees them.
pub trait Parts: 'static {
    /// Another tournament was opened: every state that belongs to a tournament starts again, so that no
    /// selection, form or draft of one tournament can act on another.
    fn tournament_opened(&mut self);

    /// The part a screen keeps its state in.
    fn get<T>(&mut self) -> &mut T
    where
        Self: Has<T>,
    {
        Has::part(self)
    }
}

/// Where the screens' states keep a `T`: a screen asks for its own state through this, not through the type that
/// holds all of them.
pub trait Has<T>: Parts {
    /// The part.
    fn part(&mut self) -> &mut T;
}

/// The desk's frame holding the screens' states `S`.
pub struct Frame<S> {
    /// The desk on its own thread, and the way its answers come back.
    pub(crate) link: Link<Frame<S>>,
    /// The window's context, once a frame was drawn (to wake it when an answer arrives).
    pub(crate) ctx: Option<egui::Context>,
    pub(crate) lang: Lang,
    /// The CSV separator chosen at this desk (`None`: the one the language's spreadsheets split on).
    pub(crate) csv_separator: Option<Separator>,
    pub(crate) referee: String,
    pub(crate) tournament: Option<Tournament>,
    pub(crate) screen: Screen,
    /// How many times a screen was chosen: a tournament being opened shows its first screen only if none was
    /// chosen meanwhile.
    pub(crate) moves: u64,
    pub(crate) status: Option<Status>,
    /// Bumped on every write, so that screens read their views again.
    pub(crate) revision: u64,
    /// Every screen's state.
    pub(crate) screens: S,
    /// Where exports go without asking (tests); `None` opens the system's save dialog.
    pub export_dir: Option<std::path::PathBuf>,
    /// Why the server cannot be reached, while it cannot.
    pub(crate) offline: Option<Message>,
    /// The change stamp last read, and when (stations sharing a server poll it).
    pub(crate) seen_stamp: Option<i64>,
    pub(crate) last_poll: Option<Instant>,
    /// The fallback font is in the context (the window installs it before the first frame; a desk drawn in
    /// someone else's context installs it on its first frame and draws from the next).
    pub(crate) fonts_ready: bool,
    /// The hall's board, started and stopped from its window.
    pub(crate) board: BoardPanel,
}

impl<S: Parts> Frame<S> {
    /// A frame on `desk` in `lang`, for `referee`, showing the tournaments; the desk moves to its own thread.
    pub(crate) fn start(desk: Desk, lang: Lang, referee: String, screens: S) -> Frame<S> {
        Frame {
            link: Link::new(desk),
            ctx: None,
            lang,
            csv_separator: None,
            referee,
            tournament: None,
            screen: Screen::Tournaments,
            moves: 0,
            status: None,
            revision: 1,
            screens,
            export_dir: None,
            offline: None,
            seen_stamp: None,
            last_poll: None,
            fonts_ready: false,
            board: BoardPanel::default(),
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

    /// The status line's message as it reads now, in the desk's language.
    pub fn status_text(&self) -> Option<String> {
        self.status.as_ref().map(|status| status.text(self.lang))
    }

    /// Whether the server could not be reached at the last try (a shared store only).
    pub fn is_offline(&self) -> bool {
        self.offline.is_some()
    }

    /// How many jobs the desk has queued or running.
    pub fn waiting(&self) -> usize {
        self.link.worker.waiting()
    }

    /// Switches the language (and remembers it).
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        // A read-only database keeps the choice for this session only.
        if !self.link.worker.facts().read_only {
            self.run(move |desk| desk.set_preference("language", lang.code()), |app, kept| app.failed(kept));
        }
    }

    /// The separator of CSV exports: the one chosen at this desk, else `;` in Italian and `,` in English.
    pub fn csv_separator(&self) -> Separator {
        self.csv_separator.unwrap_or_else(|| Separator::for_lang(self.lang))
    }

    /// Chooses the separator of CSV exports (and remembers it).
    pub fn set_csv_separator(&mut self, separator: Separator) {
        self.csv_separator = Some(separator);
        if !self.link.worker.facts().read_only {
            let code = separator.as_str();
            self.run(move |desk| desk.set_preference("csv_separator", code), |app, kept| app.failed(kept));
        }
    }

    /// Opens a tournament and shows its sessions (or its players while it has none), unless another screen
    /// was chosen after this call.
    pub fn open_tournament(&mut self, id: Id) {
        self.open_tournament_saying(id, None);
    }

    /// [`Frame::open_tournament`], with a word for the status line once it is open.
    pub(crate) fn open_tournament_saying(&mut self, id: Id, said: Option<Message>) {
        let moves_then = self.moves;
        self.run(
            move |desk| Ok::<_, DeskError>((desk.tournament(id)?, !desk.seating(id)?.is_empty())),
            move |app, answer| match answer {
                Ok((tournament, seated)) => {
                    app.tournament = Some(tournament);
                    app.screens.tournament_opened();
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

    /// Something was written: views are read again, the tournament too.
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
    pub(crate) fn failed<E: Explain>(&mut self, result: Result<(), E>) {
        if let Err(e) = result {
            self.fail(e);
        }
    }

    /// Shows what went wrong, in the desk's language.
    pub(crate) fn fail(&mut self, error: impl Explain) {
        self.status = Some(Status { error: true, message: error.message(), shown_on: None });
    }

    /// Shows what was done, in the desk's language.
    pub(crate) fn info(&mut self, message: Message) {
        self.status = Some(Status { error: false, message, shown_on: None });
    }

    /// Takes `refusal` off the status line if it is still what the line says: its cause is gone.
    pub(crate) fn withdraw(&mut self, refusal: &Message) {
        if self.status.as_ref().is_some_and(|status| status.error && &status.message == refusal) {
            self.status = None;
        }
    }

    /// Sends `job` to the desk; `then` gets its answer on the window's thread, in the order jobs were sent.
    pub(crate) fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Desk) -> T + Send + 'static,
        then: impl FnOnce(&mut Frame<S>, T) + Send + 'static,
    ) {
        self.link.send(job, then);
        if let Some(ctx) = &self.ctx {
            ctx.request_repaint();
        }
    }

    /// Sends a change to the desk, one at a time: while an earlier change waits for its answer, this one is
    /// refused with a word; `then` gets the answer as it is.
    pub(crate) fn change<T: Send + 'static>(
        &mut self,
        job: impl FnOnce(&mut Desk) -> T + Send + 'static,
        then: impl FnOnce(&mut Frame<S>, T) + Send + 'static,
    ) {
        if self.link.writing > 0 {
            self.fail(crate::msg!("desk.still_writing"));
            return;
        }
        self.link.writing += 1;
        self.run(job, move |app, answer| {
            app.link.writing -= 1;
            then(app, answer);
        });
    }

    /// [`Frame::change`] for the usual change: when it is done, every view is read again and `done` gets its
    /// value; a refusal is shown on the status line.
    pub(crate) fn write<T: Send + 'static>(
        &mut self,
        job: impl FnOnce(&mut Desk) -> DeskResult<T> + Send + 'static,
        done: impl FnOnce(&mut Frame<S>, T) + Send + 'static,
    ) {
        self.change(job, move |app, answer| match answer {
            Ok(value) => {
                app.changed();
                done(app, value);
            }
            Err(error) => app.fail(error),
        });
    }

    /// The view in `slot` for `key`, asking the desk for it when it was not asked at this revision yet. `None`
    /// until the first answer for this key arrives; a refusal is shown on the status line.
    pub(crate) fn fetch<K, T>(
        &mut self,
        slot: fn(&mut Frame<S>) -> &mut Fetched<K, T>,
        key: K,
        load: impl FnOnce(&Desk) -> DeskResult<T> + Send + 'static,
    ) -> Option<Arc<T>>
    where
        K: Clone + PartialEq + Send + 'static,
        T: Send + 'static,
    {
        let revision = self.revision;
        if slot(self).ask(&key, revision) {
            let answered = key.clone();
            self.run(
                move |desk| load(desk),
                move |app, answer| match answer {
                    Ok(value) => slot(app).answer(answered, value),
                    Err(error) => app.fail(error),
                },
            );
        }
        slot(self).shown(&key)
    }

    /// Applies the answers that arrived since the last frame.
    pub(crate) fn receive(&mut self) {
        while let Some(reply) = self.link.next_reply() {
            reply(self);
        }
    }

    /// Blocks until the desk has answered everything sent so far and applies the answers (tests and scripted
    /// runs, so that each frame they draw shows what the last one asked for; a window never calls it).
    pub fn settle(&mut self) {
        loop {
            self.link.worker.wait_idle();
            let Some(reply) = self.link.next_reply() else { return };
            reply(self);
        }
    }

    /// The desk itself, once it has answered everything, for the tests that check what it wrote.
    #[cfg(feature = "inspect")]
    pub fn desk(&self) -> std::sync::MutexGuard<'_, Desk> {
        self.link.worker.desk()
    }
}

/// The hall board's window state, and the board while it runs (drawn by `board.rs`; kept here, where the
/// exports read its address).
pub struct BoardPanel {
    /// The window is open.
    pub(crate) open: bool,
    /// Listen on every network of this computer (the hall's), not only on this computer.
    pub(crate) everywhere: bool,
    /// The port as typed.
    pub(crate) port: String,
    /// The board, while it runs.
    pub(crate) running: Option<stecca_board::RunningBoard>,
    /// The second connection is being opened.
    pub(crate) starting: bool,
    /// Why it did not start.
    pub(crate) problem: Option<Message>,
    /// The address's QR code, made once per start.
    pub(crate) code: Option<crate::desk::qr::Qr>,
}

impl Default for BoardPanel {
    fn default() -> BoardPanel {
        BoardPanel {
            open: false,
            everywhere: true,
            port: stecca_board::DEFAULT_LISTEN.port().to_string(),
            running: None,
            starting: false,
            problem: None,
            code: None,
        }
    }
}

impl BoardPanel {
    /// The board's address for the players, while it runs.
    pub fn url(&self) -> Option<String> {
        self.running.as_ref().map(stecca_board::RunningBoard::url)
    }

    /// Whether the board runs.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }
}
