//! The one door: [`Desk`] owns the open database and offers every command and view the screens and the command
//! line use. Neither of them names the store: they open a desk, call it, and show what it answers.

use std::path::Path;

use chrono::NaiveDate;

use crate::export::club::ClubBook;
use crate::export::{ExportError, Format, What};
use crate::ledger::{Cents, ClubSettings, MemberData};
use crate::rules::Registry;
use crate::rules::book::{BookLine, BookRow};
use crate::store::{
    Club, Evening, Member, NewEntry, Penalty, Player, SeatedTable, Store, Tournament, TournamentSummary,
};
use crate::tiles::Wind;
use crate::tournament::clock::{ClockAction, SessionClock};
use crate::tournament::{Id, PlayerData, StandingRow, TournamentSettings};
use crate::{
    Balances, Cash, DemoSize, DeskResult, Entered, EveningView, NoteLine, PlannedTransfer, SaveAs, Scope,
    SeatingOutcome, Settlement, TableAddress, TableProgress, TableState,
};

/// An open database behind the desk's commands. Every command checks what it is given (the core's rules, the
/// tournament's state) before the store writes it, in one transaction.
pub struct Desk {
    store: Store,
    /// Where this station keeps its unconfirmed manches for this database (`None`: kept only while open).
    drafts: Option<std::path::PathBuf>,
    /// The rulesets this desk offers for a new tournament or club (`None`: every one the process knows).
    registry: Option<Registry>,
}

impl Desk {
    /// A desk on an open store, offering every ruleset the process knows.
    pub fn new(store: Store) -> Desk {
        Desk { store, drafts: None, registry: None }
    }

    /// The same desk, offering the rulesets of `registry` only: a tournament or club of another ruleset is
    /// refused, naming the ones it offers. Two desks of one process may offer different rulesets.
    #[must_use]
    pub fn with_registry(mut self, registry: Registry) -> Desk {
        self.registry = Some(registry);
        self
    }

    /// The rulesets this desk offers.
    pub fn registry(&self) -> Registry {
        self.registry.clone().unwrap_or_else(Registry::process)
    }

    /// Refuses a ruleset this desk does not offer, naming those it does.
    fn offers(&self, rules: &str) -> DeskResult<()> {
        match &self.registry {
            Some(registry) if registry.ruleset(rules).is_none() => Err(crate::DeskError::Refused(crate::msg!(
                "error.settings.rules",
                id = rules,
                known = registry.known_ids()
            ))),
            _ => Ok(()),
        }
    }

    /// The same desk, keeping this station's drafts in its file for `location` (when it has a data directory).
    fn with_drafts_for(self, location: &str) -> Desk {
        match crate::drafts_file(location) {
            Some(path) => self.with_station_drafts(path),
            None => self,
        }
    }

    /// The same desk, keeping this station's drafts in the file at `path`.
    pub fn with_station_drafts(mut self, path: std::path::PathBuf) -> Desk {
        self.drafts = Some(path);
        self
    }

    /// The manches this station typed on this database and did not confirm (none when it keeps no file).
    pub fn station_drafts(&self) -> Vec<crate::StationDraft> {
        self.drafts.as_deref().map(|path| crate::read_drafts(path, &self.location())).unwrap_or_default()
    }

    /// Keeps `drafts` as this station's unconfirmed manches, replacing those kept before.
    pub fn keep_station_drafts(&self, drafts: &[crate::StationDraft]) -> DeskResult<()> {
        let Some(path) = self.drafts.as_deref() else { return Ok(()) };
        crate::write_drafts(path, &self.location(), drafts).map_err(|e| {
            let at = crate::msg!("error.io.at", path = path.display());
            crate::DeskError::Refused(at.arg_message("why", crate::message::io_reason(&e)))
        })
    }

    /// Opens the database at `location` (a file, created when missing, or a `postgres://` address).
    pub fn open_at(location: &str) -> DeskResult<Desk> {
        Ok(Desk::new(Store::open_at(location)?).with_drafts_for(location))
    }

    /// Opens a shared server with the password the referee typed.
    pub fn open_server_with_password(url: &str, password: &str) -> DeskResult<Desk> {
        Ok(Desk::new(Store::open_server_with_password(url, Some(password))?).with_drafts_for(url))
    }

    /// Copies every row of this database into `target`, which must be empty (the administrator's move from a
    /// laptop's file to the hall's server, or back).
    pub fn copy_into(&mut self, target: &mut Desk) -> DeskResult<crate::store::CopyReport> {
        Ok(crate::store::copy_database(&mut self.store, &mut target.store)?)
    }

    /// A second desk on the same database, with the same credentials (a password the referee typed included),
    /// for work on another thread beside this one: the hall's board reads through it.
    pub fn another(&self) -> DeskResult<Desk> {
        Ok(Desk::new(self.store.another()?))
    }

    /// The store behind the desk, for the tests that check what it wrote.
    #[cfg(feature = "inspect")]
    pub fn store(&self) -> &Store {
        &self.store
    }

    // ---- where the database is --------------------------------------------------------------------------

    /// The database's address as shown to a referee (a server's password left out).
    pub fn location(&self) -> String {
        self.store.location().to_string()
    }

    /// The database file, when it is one.
    pub fn path(&self) -> Option<&Path> {
        self.store.path()
    }

    /// Whether nothing can be written (another user's file, a read-only mount).
    pub fn is_read_only(&self) -> bool {
        self.store.is_read_only()
    }

    /// Whether the database is a server several stations share.
    pub fn is_shared(&self) -> bool {
        self.store.is_shared()
    }

    /// The counter every write to a shared server bumps (another station's write shows as a new value).
    pub fn change_stamp(&self) -> DeskResult<i64> {
        Ok(self.store.change_stamp()?)
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> i64 {
        crate::store::schema_version()
    }

    /// A preference of this station (language, referee name).
    pub fn preference(&self, key: &str) -> DeskResult<Option<String>> {
        Ok(self.store.preference(key)?)
    }

    /// Keeps a preference of this station.
    pub fn set_preference(&self, key: &str, value: &str) -> DeskResult<()> {
        // The referee's name signs every change: one that would not read back as typed is not kept.
        if key == "referee"
            && let Some(problem) =
                crate::tournament::registration::control_character(crate::msg!("referee.name"), value)
        {
            return Err(crate::DeskError::Refused(problem));
        }
        Ok(self.store.set_preference(key, value)?)
    }

    /// The name written in the audit log for a change: the desk's referee name, or `fallback` when none is kept.
    pub fn referee_or(&self, fallback: &str) -> String {
        self.preference("referee").ok().flatten().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| fallback.into())
    }

    // ---- tournaments ------------------------------------------------------------------------------------

    /// Every tournament, newest first.
    pub fn tournaments(&self) -> DeskResult<Vec<TournamentSummary>> {
        Ok(self.store.list_tournaments()?)
    }

    /// One tournament.
    pub fn tournament(&self, id: Id) -> DeskResult<Tournament> {
        Ok(self.store.tournament(id)?)
    }

    /// Validates the settings and creates the tournament.
    pub fn create_tournament(&mut self, settings: &TournamentSettings, referee: &str) -> DeskResult<Id> {
        self.offers(&settings.rules)?;
        crate::create_tournament(&mut self.store, settings, referee)
    }

    /// Validates the settings and replaces them (the rules stay once manches exist).
    pub fn update_settings(&mut self, id: Id, settings: &TournamentSettings, referee: &str) -> DeskResult<()> {
        self.offers(&settings.rules)?;
        crate::update_settings(&mut self.store, id, settings, referee)
    }

    /// Archives a tournament, or brings it back.
    pub fn set_archived(&mut self, id: Id, archived: bool, referee: &str) -> DeskResult<()> {
        Ok(self.store.set_archived(id, archived, referee)?)
    }

    /// Deletes an archived tournament (kept in the audit log).
    pub fn delete_tournament(&mut self, id: Id, referee: &str) -> DeskResult<()> {
        Ok(self.store.delete_tournament(id, referee)?)
    }

    /// A demonstration tournament with players, seating and results.
    pub fn create_demo(&mut self, size: DemoSize, seed: u64, referee: &str) -> DeskResult<Id> {
        crate::create_demo(&mut self.store, size, seed, referee)
    }

    /// How many manches a tournament holds.
    pub fn manche_count(&self, tournament: Id) -> DeskResult<i64> {
        Ok(self.store.manche_count(tournament)?)
    }

    // ---- players ----------------------------------------------------------------------------------------

    /// A tournament's players, in registration order.
    pub fn players(&self, tournament: Id) -> DeskResult<Vec<Player>> {
        Ok(self.store.players(tournament)?)
    }

    /// Registers a player.
    pub fn add_player(&mut self, tournament: Id, data: &PlayerData, referee: &str) -> DeskResult<Id> {
        Ok(self.store.add_player(tournament, data, referee)?)
    }

    /// Changes a player's registration.
    pub fn update_player(&mut self, tournament: Id, id: Id, data: &PlayerData, referee: &str) -> DeskResult<()> {
        Ok(self.store.update_player(tournament, id, data, referee)?)
    }

    /// Removes a player who has played nothing.
    pub fn delete_player(&mut self, tournament: Id, id: Id, referee: &str) -> DeskResult<()> {
        Ok(self.store.delete_player(tournament, id, referee)?)
    }

    /// Registers a whole list, or nobody.
    pub fn import_players(&mut self, tournament: Id, players: &[PlayerData], referee: &str) -> DeskResult<Vec<Id>> {
        Ok(self.store.import_players(tournament, players, referee)?)
    }

    // ---- seating and tables -----------------------------------------------------------------------------

    /// Every session's tables.
    pub fn seating(&self, tournament: Id) -> DeskResult<Vec<SeatedTable>> {
        Ok(self.store.seating(tournament)?)
    }

    /// Seats every session without results.
    pub fn seat_tournament(
        &mut self,
        tournament: Id,
        club_weight: impl Into<crate::Weights>,
        referee: &str,
    ) -> DeskResult<SeatingOutcome> {
        crate::seat_tournament(&mut self.store, tournament, club_weight, referee)
    }

    /// Seats sessions `range` (every session without results when `None`).
    pub fn seat_sessions(
        &mut self,
        tournament: Id,
        range: Option<std::ops::RangeInclusive<u32>>,
        club_weight: impl Into<crate::Weights>,
        referee: &str,
    ) -> DeskResult<SeatingOutcome> {
        crate::seat_sessions(&mut self.store, tournament, range, club_weight, referee)
    }

    /// What importing a seating plan file would do (nothing is written).
    pub fn preview_seating_import(&self, tournament: Id, text: &str) -> DeskResult<crate::PlanPreview> {
        crate::preview_seating_import(&self.store, tournament, text)
    }

    /// Imports a seating plan file for its sessions, all or none.
    pub fn import_seating(&mut self, tournament: Id, text: &str, referee: &str) -> DeskResult<SeatingOutcome> {
        crate::import_seating(&mut self.store, tournament, text, referee)
    }

    /// Seats one session from the standings of the sessions before it (table 1 the leaders).
    pub fn seat_by_standings(
        &mut self,
        tournament: Id,
        session: u32,
        referee: &str,
    ) -> DeskResult<crate::StandingsSeating> {
        crate::seat_by_standings(&mut self.store, tournament, session, referee)
    }

    /// The stored seating's quality (repeated meetings, winds), when seated.
    pub fn seating_report(&self, tournament: Id) -> DeskResult<Option<crate::seating::Quality>> {
        crate::stored_report(&self.store, tournament)
    }

    /// How far each table has played.
    pub fn table_progress(&self, tournament: Id) -> DeskResult<std::collections::HashMap<Id, TableProgress>> {
        crate::table_progress(&self.store, tournament)
    }

    /// Swaps two players of one session without results.
    pub fn swap_players(&mut self, tournament: Id, session: u32, a: Id, b: Id, referee: &str) -> DeskResult<()> {
        Ok(self.store.swap_players(tournament, session, a, b, referee)?)
    }

    /// A table's players, manches and what comes next.
    pub fn table_state(&self, table: Id) -> DeskResult<TableState> {
        crate::table_state(&self.store, table)
    }

    /// Changes the round wind a table starts with.
    pub fn set_start_round_wind(&mut self, tournament: Id, table: Id, wind: Wind, referee: &str) -> DeskResult<()> {
        Ok(self.store.set_start_round_wind(tournament, table, wind, referee)?)
    }

    // ---- manches ----------------------------------------------------------------------------------------

    /// Scores and saves manche `number` of a table (a new one or a correction), as this station read it.
    pub fn confirm_manche_as(
        &mut self,
        table: Id,
        number: u32,
        entry: &crate::tournament::MancheEntry,
        referee: &str,
        save: &SaveAs,
    ) -> DeskResult<(crate::rules::MancheInput, crate::rules::MancheOutcome)> {
        crate::confirm_manche_as(&mut self.store, table, number, entry, referee, save)
    }

    /// Scores and saves a manche given by table address (the command line's `enter`).
    pub fn enter_manche(
        &mut self,
        at: TableAddress,
        number: Option<u32>,
        input: &crate::rules::MancheInput,
        referee: &str,
    ) -> DeskResult<Entered> {
        crate::enter_manche(&mut self.store, at, number, input, referee)
    }

    // ---- the tables' phones ------------------------------------------------------------------------------

    /// The links of session `session`'s tables (each table seated without one gets it now), for the slips.
    pub fn table_links(
        &mut self,
        tournament: Id,
        session: u32,
        referee: &str,
    ) -> DeskResult<Vec<crate::TableLinkView>> {
        crate::phone::table_links(&mut self.store, tournament, session, referee)
    }

    /// Revokes a table's link for a session; with `reissue`, gives the table a new one (for a new slip).
    pub fn revoke_table_link(
        &mut self,
        tournament: Id,
        session: u32,
        table: u32,
        reissue: bool,
        referee: &str,
    ) -> DeskResult<Option<crate::TableLinkView>> {
        crate::phone::revoke_table_link(&mut self.store, tournament, session, table, reissue, referee)
    }

    /// The table a phone's token opens, as the phone shows it (not found: wrong, revoked, or the session over).
    pub fn phone_table(&self, token: &str) -> DeskResult<crate::PhoneTable> {
        crate::phone::phone_table(&self.store, token)
    }

    /// A manche sent from a table's phone: it waits for the referee (or, vouched for by every player's PIN
    /// where the tournament allows it, is saved).
    pub fn propose(
        &mut self,
        token: &str,
        number: u32,
        entry: &crate::tournament::MancheEntry,
        pins: &[String],
        sender: &str,
    ) -> DeskResult<crate::Sent> {
        crate::phone::propose(&mut self.store, token, number, entry, pins, sender)
    }

    /// The manches sent from the tables, the waiting ones first.
    pub fn proposals(&self, tournament: Id) -> DeskResult<Vec<crate::ProposalView>> {
        crate::phone::proposals(&self.store, tournament)
    }

    /// Confirms a proposal as its manche (as sent, or as the referee edited it).
    pub fn confirm_proposal(
        &mut self,
        tournament: Id,
        id: Id,
        edited: Option<&crate::tournament::MancheEntry>,
        referee: &str,
    ) -> DeskResult<(crate::rules::MancheInput, crate::rules::MancheOutcome)> {
        crate::phone::confirm_proposal(&mut self.store, tournament, id, edited, referee)
    }

    /// Rejects a proposal with a reason the table's phone shows.
    pub fn reject_proposal(&mut self, tournament: Id, id: Id, reason: &str, referee: &str) -> DeskResult<()> {
        crate::phone::reject_proposal(&mut self.store, tournament, id, reason, referee)
    }

    // ---- standings, penalties, notebook -----------------------------------------------------------------

    /// Everything the printed sheets and the hall's board show of a tournament, read at once: settings,
    /// players, seating, and with `with_manches` every manche and the standings.
    pub fn snapshot(&self, tournament: Id, with_manches: bool) -> DeskResult<crate::export::Snapshot> {
        crate::export::Snapshot::load(&self.store, tournament, with_manches)
    }

    /// `previous` (a snapshot with its manches) brought up to date, reading again only the tables whose manches
    /// changed since it was read.
    pub fn refresh_snapshot(&self, previous: crate::export::Snapshot) -> DeskResult<crate::export::Snapshot> {
        crate::export::Snapshot::refresh(&self.store, previous)
    }

    /// The standings as they stand now.
    pub fn standings(&self, tournament: Id) -> DeskResult<Vec<StandingRow>> {
        crate::standings(&self.store, tournament)
    }

    /// The team standings as they stand now.
    pub fn team_standings(&self, tournament: Id) -> DeskResult<Vec<crate::tournament::TeamRow>> {
        crate::team_standings(&self.store, tournament)
    }

    /// A player's running total after each of their manches.
    pub fn progression(&self, player: Id) -> DeskResult<Vec<(u32, u32, i64)>> {
        crate::progression(&self.store, player)
    }

    /// Session `session`'s clock as it stands now (`None`: not started).
    pub fn session_clock(&self, tournament: Id, session: u32) -> DeskResult<Option<SessionClock>> {
        Ok(self.store.session_clock(tournament, session)?)
    }

    /// Every started session clock of a tournament, by session number.
    pub fn session_clocks(&self, tournament: Id) -> DeskResult<Vec<(u32, SessionClock)>> {
        Ok(self.store.session_clocks(tournament)?)
    }

    /// The referee's action on session `session`'s clock, now. A start without minutes runs for the
    /// tournament's session length; one without either is refused, saying so.
    pub fn clock(
        &mut self,
        tournament: Id,
        session: u32,
        action: ClockRequest,
        referee: &str,
    ) -> DeskResult<SessionClock> {
        let action = match action {
            ClockRequest::Start(Some(minutes)) => ClockAction::Start(minutes),
            ClockRequest::Start(None) => match self.store.tournament(tournament)?.settings.session_minutes {
                0 => return Err(crate::DeskError::Refused(crate::msg!("clock.error.no_length"))),
                minutes => ClockAction::Start(minutes),
            },
            ClockRequest::Pause => ClockAction::Pause,
            ClockRequest::Resume => ClockAction::Resume,
            ClockRequest::Add(minutes) => ClockAction::Add(minutes),
            ClockRequest::End => ClockAction::End,
        };
        Ok(self.store.clock_action(tournament, session, action, chrono::Utc::now(), referee)?)
    }

    /// A tournament's penalties, revoked ones included.
    pub fn penalties(&self, tournament: Id) -> DeskResult<Vec<Penalty>> {
        Ok(self.store.penalties(tournament)?)
    }

    /// Gives a penalty.
    pub fn add_penalty(
        &mut self,
        tournament: Id,
        player: Id,
        session: Option<u32>,
        points: i64,
        reason: &str,
        referee: &str,
    ) -> DeskResult<Id> {
        Ok(self.store.add_penalty(tournament, player, session, points, reason, referee)?)
    }

    /// Revokes a penalty (kept, marked revoked).
    pub fn revoke_penalty(&mut self, tournament: Id, id: Id, referee: &str) -> DeskResult<()> {
        Ok(self.store.revoke_penalty(tournament, id, referee)?)
    }

    /// The referee's notebook: every change, said in words.
    pub fn notebook(&self, tournament: Id) -> DeskResult<Vec<NoteLine>> {
        crate::notebook(&self.store, tournament)
    }

    // ---- the book (the lines a ruleset scores from) ------------------------------------------------------

    /// The tournament's book (empty when its ruleset keeps none).
    pub fn book(&self, tournament: Id) -> DeskResult<Vec<BookLine>> {
        crate::book(&self.store, tournament)
    }

    /// Replaces the book.
    pub fn set_book(&mut self, tournament: Id, lines: &[BookLine], referee: &str) -> DeskResult<()> {
        crate::set_book(&mut self.store, tournament, lines, referee)
    }

    /// Reads a book file's rows without saving anything.
    pub fn preview_book_import(&self, tournament: Id, text: &str) -> DeskResult<Vec<BookRow>> {
        crate::preview_book_import(&self.store, tournament, text)
    }

    /// Adds a book file's lines, all or none.
    pub fn import_book(&mut self, tournament: Id, text: &str, referee: &str) -> DeskResult<usize> {
        crate::import_book(&mut self.store, tournament, text, referee)
    }

    // ---- exports ----------------------------------------------------------------------------------------

    /// A tournament's export as bytes.
    pub fn export(
        &self,
        tournament: Id,
        what: What,
        format: Format,
        style: impl Into<crate::export::Style>,
        player: Option<Id>,
    ) -> Result<Vec<u8>, ExportError> {
        crate::export::export(&self.store, tournament, what, format, style, player)
    }

    /// Table `table`'s slip for session `session` (its players' PINs, its phone's link) as a PDF page.
    pub fn export_slip(
        &self,
        tournament: Id,
        session: u32,
        table: u32,
        style: impl Into<crate::export::Style>,
    ) -> Result<Vec<u8>, ExportError> {
        crate::export::export_slip(&self.store, tournament, session, table, style)
    }

    /// Writes an export's bytes to `out`, never onto the open database or anything not a regular file of ours.
    pub fn write_export(&self, out: &Path, bytes: &[u8]) -> Result<(), crate::export::WriteError> {
        crate::export::write_export(out, bytes, self.store.path())
    }

    // ---- the treasurer's book ---------------------------------------------------------------------------

    /// Every club.
    pub fn clubs(&self) -> DeskResult<Vec<Club>> {
        Ok(self.store.clubs()?)
    }

    /// Creates a club.
    pub fn create_club(&mut self, settings: &ClubSettings) -> DeskResult<Id> {
        self.offers(&settings.rules)?;
        crate::create_club(&mut self.store, settings)
    }

    /// Sets the amount under which the club's settle-ups avoid transfers.
    pub fn set_avoid_under(&mut self, club: Id, amount: Cents) -> DeskResult<()> {
        Ok(self.store.set_avoid_under(club, amount)?)
    }

    /// A club's members.
    pub fn members(&self, club: Id) -> DeskResult<Vec<Member>> {
        Ok(self.store.members(club)?)
    }

    /// Adds a member.
    pub fn add_member(&mut self, club: Id, data: &MemberData) -> DeskResult<Id> {
        Ok(self.store.add_member(club, data)?)
    }

    /// A club's evenings, newest first.
    pub fn evenings(&self, club: Id) -> DeskResult<Vec<Evening>> {
        Ok(self.store.evenings(club)?)
    }

    /// One evening.
    pub fn evening(&self, id: Id) -> DeskResult<Evening> {
        Ok(self.store.evening(id)?)
    }

    /// Opens an evening with its tables.
    pub fn open_evening(&mut self, club: Id, date: NaiveDate, tables: &[Vec<Id>], treasurer: &str) -> DeskResult<Id> {
        crate::open_evening(&mut self.store, club, date, tables, treasurer)
    }

    /// An evening's tables, counts and money as the screen shows them.
    pub fn evening_view(&self, evening: Id) -> DeskResult<EveningView> {
        crate::evening_view(&self.store, evening)
    }

    /// Keeps a table's chip counts.
    pub fn enter_chip_counts(&mut self, evening: Id, table: Id, counts: &[i64]) -> DeskResult<()> {
        crate::enter_chip_counts(&mut self.store, evening, table, counts)
    }

    /// Closes an evening: its money goes into the ledger.
    pub fn close_evening(&mut self, evening: Id, treasurer: &str) -> DeskResult<Vec<NewEntry>> {
        crate::close_evening(&mut self.store, evening, treasurer)
    }

    /// Every member's balance now.
    pub fn balances(&self, club: Id) -> DeskResult<Balances> {
        crate::balances(&self.store, club)
    }

    /// Who pays whom to settle `scope`.
    pub fn settle_up(&self, club: Id, scope: Scope, kitty_only: bool) -> DeskResult<Settlement> {
        crate::settle_up(&self.store, club, scope, kitty_only)
    }

    /// Records cash paid in or out.
    pub fn record_cash(&mut self, club: Id, cash: &Cash, treasurer: &str) -> DeskResult<Id> {
        crate::record_cash(&mut self.store, club, cash, treasurer)
    }

    /// Corrects a ledger entry by a new one that says why.
    pub fn correct_entry(
        &mut self,
        club: Id,
        corrects: Id,
        amount: Cents,
        reason: &str,
        treasurer: &str,
    ) -> DeskResult<Id> {
        crate::correct_entry(&mut self.store, club, corrects, amount, reason, treasurer)
    }

    /// Marks planned transfers paid, every one or none.
    pub fn mark_all_paid(
        &mut self,
        club: Id,
        scope: Scope,
        transfers: &[PlannedTransfer],
        method: &str,
        treasurer: &str,
    ) -> DeskResult<Vec<Id>> {
        self.store.all_or_nothing(|store| {
            let mut ids = Vec::new();
            for transfer in transfers {
                ids.extend(crate::mark_paid(store, club, scope, transfer, method, treasurer)?);
            }
            Ok(ids)
        })
    }

    /// A club's whole book (members, evenings, ledger), for its statement and receipts.
    pub fn club_book(&self, club: Id) -> DeskResult<ClubBook> {
        ClubBook::load(&self.store, club)
    }
}

impl From<Store> for Desk {
    fn from(store: Store) -> Desk {
        Desk::new(store)
    }
}

impl std::fmt::Debug for Desk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Desk").field("location", &self.location()).finish()
    }
}

/// What the referee asks of a session's clock (a start may leave the minutes to the tournament's setting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockRequest {
    /// Start, for these minutes or the tournament's session length.
    Start(Option<u32>),
    /// Pause.
    Pause,
    /// Resume.
    Resume,
    /// Add minutes.
    Add(u32),
    /// End the session.
    End,
}
