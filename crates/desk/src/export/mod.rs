//! Printing and exporting: plain functions over a stored tournament. [`Snapshot::load`] reads what a sheet
//! needs once; [`csv`] and [`pdf`] turn it into bytes; [`export`] picks one by name for the CLI and the desk.

pub mod club;
pub mod csv;
mod file;
pub mod pdf;

pub use file::{WriteError, is_database_file, write_export};

use std::collections::HashMap;
use std::sync::Arc;

use thiserror::Error;

use crate::i18n::Lang;
use crate::message::{Explain, Message};
use crate::msg;
use crate::rules::RulesInForce;
use crate::store::{Player, SeatedTable, Store, StoredManche, Tournament};
use crate::tournament::{Id, StandingRow};
use crate::{self as desk, DeskError};

/// What to export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum What {
    /// The standings.
    Standings,
    /// Each session's seating, by table and by player name.
    Seating,
    /// One score sheet per table per session, to fill by hand.
    Scoresheets,
    /// The registered players.
    Players,
    /// Every manche, one row per player.
    Manches,
    /// Every payment.
    Payments,
    /// One player's manches and running total (needs a player).
    Card,
    /// The team standings.
    Teams,
    /// The tournament report for the federation.
    Report,
    /// The results file a federation asks for after a ranked tournament, with the MERS base rank (CSV).
    Ranking,
    /// One table's slip for a session: its players' PINs and its phone's link (needs a session and a table).
    Slip,
}

/// The file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// A4 PDF.
    Pdf,
    /// UTF-8 CSV with a header row.
    Csv,
}

/// Why an export could not be made.
#[derive(Debug, Error)]
pub enum ExportError {
    /// Reading the tournament failed.
    Desk(#[from] DeskError),
    /// This combination does not exist (e.g. score sheets as CSV).
    Unsupported(Message),
    /// The bundled font could not be read.
    Font(#[from] pdf::writer::FontError),
    /// Writing CSV failed.
    Csv(#[from] ::csv::Error),
}

impl Explain for ExportError {
    fn message(&self) -> Message {
        match self {
            ExportError::Desk(e) => e.message(),
            ExportError::Unsupported(why) => why.clone(),
            ExportError::Font(_) => msg!("error.export.font"),
            ExportError::Csv(e) => msg!("error.export.csv", detail = e),
        }
    }
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

/// Everything the sheets need, read once.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The tournament.
    pub tournament: Tournament,
    /// Its players.
    pub players: Vec<Player>,
    /// Every seated table.
    pub tables: Vec<SeatedTable>,
    /// Manches by table id.
    pub manches: HashMap<Id, Vec<StoredManche>>,
    /// The standings now.
    pub standings: Vec<StandingRow>,
    /// The tournament's ruleset bound to its options, read once.
    pub rules: Arc<dyn RulesInForce>,
    /// Every started session clock, by session number.
    pub clocks: Vec<(u32, crate::tournament::clock::SessionClock)>,
}

impl Snapshot {
    /// The team standings now (empty when nobody plays for a team).
    pub fn teams(&self) -> Vec<crate::tournament::TeamRow> {
        crate::teams_of(&self.tournament.settings, &self.players, &self.standings)
    }

    /// Reads a tournament; `with_manches` also reads every manche (not needed for seating and score sheets).
    pub fn load(store: &Store, tournament: Id, with_manches: bool) -> Result<Snapshot, DeskError> {
        let tables = store.seating(tournament)?;
        let mut manches = HashMap::new();
        if with_manches {
            for table in &tables {
                manches.insert(table.id, store.table_manches(table.id)?);
            }
        }
        Snapshot::with(store, tournament, tables, manches, with_manches)
    }

    /// The same tournament read again after a change, reading again only the tables whose manches changed
    /// since `previous` was read (added, corrected or removed) and keeping the others' as they were: the hall's
    /// board, refreshing a tournament of 400 players after each manche, reads one table rather than 1,200.
    pub fn refresh(store: &Store, mut previous: Snapshot) -> Result<Snapshot, DeskError> {
        let tournament = previous.tournament.id;
        let tables = store.seating(tournament)?;
        let mut now: HashMap<Id, Vec<(Id, i64)>> = HashMap::new();
        for (table, manche, revision) in store.manche_revisions(tournament)? {
            now.entry(table).or_default().push((manche, revision));
        }
        let mut manches = HashMap::new();
        for table in &tables {
            let now = now.remove(&table.id).unwrap_or_default();
            let kept = previous.manches.remove(&table.id).unwrap_or_default();
            let mut kept_revisions: Vec<(Id, i64)> = kept.iter().map(|m| (m.id, m.revision)).collect();
            kept_revisions.sort_unstable();
            let read = if kept_revisions == now {
                kept
            } else if now.is_empty() {
                Vec::new()
            } else {
                store.table_manches(table.id)?
            };
            manches.insert(table.id, read);
        }
        Snapshot::with(store, tournament, tables, manches, true)
    }

    /// The snapshot of `tables` and their `manches`, with the tournament, its players and, with `standings`,
    /// the standings read beside them.
    fn with(
        store: &Store,
        tournament: Id,
        tables: Vec<SeatedTable>,
        manches: HashMap<Id, Vec<StoredManche>>,
        standings: bool,
    ) -> Result<Snapshot, DeskError> {
        let read = store.tournament(tournament)?;
        Ok(Snapshot {
            rules: read.settings.in_force()?,
            tournament: read,
            players: store.players(tournament)?,
            tables,
            manches,
            standings: if standings { desk::standings(store, tournament)? } else { Vec::new() },
            clocks: store.session_clocks(tournament)?,
        })
    }

    /// The clock the hall watches: the latest session's whose clock was started (ended or not).
    pub fn clock(&self) -> Option<&(u32, crate::tournament::clock::SessionClock)> {
        self.clocks.iter().max_by_key(|(session, _)| *session)
    }

    /// A player's name by id.
    pub fn name(&self, id: Id) -> &str {
        self.players.iter().find(|p| p.id == id).map_or("?", |p| p.data.name.as_str())
    }

    /// Whether every table of `session` has played all its manches (the deal has gone round as often as the
    /// settings say), as the desk's table screen counts it.
    pub fn session_complete(&self, session: u32) -> bool {
        let settings = &self.tournament.settings;
        let mut tables = self.tables.iter().filter(|t| t.session == session).peekable();
        // A session the referee ended on its clock is over with the hands it played.
        let ended = self.clocks.iter().any(|(s, clock)| *s == session && clock.ended_at.is_some());
        tables.peek().is_some()
            && (ended
                || tables.all(|table| {
                    let manches = self.manches.get(&table.id).map_or(&[][..], Vec::as_slice);
                    desk::winds_after(&*self.rules, table, manches).session_over(settings.manches_per_session)
                }))
    }

    /// Manches entered in `session`, over all its tables.
    pub fn manches_in(&self, session: u32) -> usize {
        self.tables.iter().filter(|t| t.session == session).map(|t| self.manches.get(&t.id).map_or(0, Vec::len)).sum()
    }

    /// The highest session number with at least one manche (0 before the first).
    pub fn session_reached(&self) -> u32 {
        self.tables
            .iter()
            .filter(|t| self.manches.get(&t.id).is_some_and(|m| !m.is_empty()))
            .map(|t| t.session)
            .max()
            .unwrap_or(0)
    }
}

/// How an export reads for whoever opens it: the language of its sheets and the separator of its CSV files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// The language of PDF sheets.
    pub lang: Lang,
    /// The separator (and decimal mark) of CSV files.
    pub separator: csv::Separator,
    /// The hall board's address while one runs: the seating sheet prints it with its QR code.
    pub board: Option<String>,
}

/// Sheets in `lang`, CSV files with commas (as scripts expect).
impl From<Lang> for Style {
    fn from(lang: Lang) -> Style {
        Style { lang, separator: csv::Separator::Comma, board: None }
    }
}

/// Produces one export as bytes. `player` is needed for [`What::Card`].
pub fn export(
    store: &Store,
    tournament: Id,
    what: What,
    format: Format,
    style: impl Into<Style>,
    player: Option<Id>,
) -> Result<Vec<u8>, ExportError> {
    let Style { lang, separator: sep, board } = style.into();
    let with_manches = !matches!(what, What::Seating | What::Scoresheets | What::Players | What::Slip);
    let snapshot = Snapshot::load(store, tournament, with_manches)?;
    match (what, format) {
        (What::Standings, Format::Csv) => Ok(csv::standings(&snapshot, sep)?),
        (What::Ranking, Format::Csv) => Ok(csv::ranking(&snapshot, sep)?),
        (What::Players, Format::Csv) => Ok(csv::players(&snapshot, sep)?),
        (What::Manches, Format::Csv) => Ok(csv::manches(&snapshot, sep)?),
        (What::Payments, Format::Csv) => Ok(csv::payments(&snapshot, sep)?),
        (What::Seating, Format::Csv) => Ok(csv::seating(&snapshot, sep)?),
        (What::Standings, Format::Pdf) => Ok(pdf::standings(&snapshot, lang)?),
        (What::Teams, Format::Csv) => Ok(csv::teams(&snapshot, sep)?),
        (What::Teams, Format::Pdf) => Ok(pdf::teams(&snapshot, lang)?),
        (What::Report, Format::Pdf) => {
            let notes = desk::notebook::notebook(store, tournament)?;
            let penalties = store.penalties(tournament).map_err(DeskError::from)?;
            let scored = store.manche_penalties(tournament).map_err(DeskError::from)?;
            let records = pdf::ReportRecords { notes: &notes, penalties: &penalties, scored: &scored };
            Ok(pdf::report(&snapshot, &records, lang)?)
        }
        (What::Seating, Format::Pdf) => {
            let links = store.live_table_links(tournament).map_err(DeskError::from)?;
            Ok(pdf::seating(&snapshot, lang, board.as_deref(), &links)?)
        }
        (What::Slip, Format::Pdf) => Err(ExportError::Unsupported(msg!("error.export.slip_table"))),
        (What::Scoresheets, Format::Pdf) => Ok(pdf::scoresheets(&snapshot, lang)?),
        (What::Card, Format::Pdf) => {
            let Some(player) = player else {
                return Err(ExportError::Unsupported(msg!("error.export.card_player")));
            };
            if !snapshot.players.iter().any(|p| p.id == player) {
                return Err(ExportError::Unsupported(msg!("error.player.other_tournament")));
            }
            Ok(pdf::card(&snapshot, player, lang)?)
        }
        (what, format) => {
            Err(ExportError::Unsupported(msg!("error.export.unsupported", what = what.name(), format = format.name())))
        }
    }
}

/// Table `table`'s slip for session `session` as a PDF page: printed again after its link was reissued.
/// Refused, naming the table, when it has no live link (the session seated before tables had links: making
/// them is a write, which an export never is).
pub fn export_slip(
    store: &Store,
    tournament: Id,
    session: u32,
    table: u32,
    style: impl Into<Style>,
) -> Result<Vec<u8>, ExportError> {
    let Style { lang, board, .. } = style.into();
    let snapshot = Snapshot::load(store, tournament, false)?;
    let Some(seated) = snapshot.tables.iter().find(|t| t.session == session && t.number == table) else {
        return Err(DeskError::Refused(msg!("error.enter.no_table", session = session, table = table)).into());
    };
    let links = store.live_table_links(tournament).map_err(DeskError::from)?;
    let Some(link) = links.iter().find(|l| l.session == session && l.table == table) else {
        return Err(DeskError::Refused(msg!("error.link.none", session = session, table = table)).into());
    };
    Ok(pdf::slip(&snapshot, lang, board.as_deref(), seated, link)?)
}

impl What {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            What::Standings => "standings",
            What::Seating => "seating",
            What::Scoresheets => "scoresheets",
            What::Players => "players",
            What::Manches => "manches",
            What::Payments => "payments",
            What::Card => "card",
            What::Teams => "teams",
            What::Report => "report",
            What::Ranking => "ranking",
            What::Slip => "slip",
        }
    }
}

impl Format {
    /// The name used on the command line, also the file extension.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Csv => "csv",
        }
    }
}
