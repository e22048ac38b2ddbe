//! The desk: Stecca's application layer. The referee's and treasurer's operations, each one checked by the core
//! and written by the store (create a tournament, seat it, read a table, preview and confirm a manche, compute the
//! standings, keep a club's book, build a demo), and the exports (PDF, CSV) drawn from what they read. The UI and
//! the CLI call these; they never score a hand or write SQL themselves.

// The core's modules and the store under the names the desk's files use (`crate::tournament::…`, `crate::msg!`).
use stecca_core::{i18n, ledger, message, msg, rules, seating, text_id, tiles, tournament};
use stecca_store as store;

pub mod export;
pub mod fonts;
pub mod form;
pub mod qr;

mod door;
pub use door::{ClockRequest, Desk};

mod worker;
pub use worker::{Facts, Worker};

/// What the store keeps, as the desk's commands answer it: plain rows the screens and the command line read.
pub use stecca_store::{
    AuditEntry, Club, Conflict, CopyReport, Evening, LedgerEntry, Member, NewEntry, Penalty, Place, Player, Proposal,
    ProposalState, Record, SeatedTable, StoreError, StoredManche, StoredPayment, TableLink, Tournament,
    TournamentSummary, location,
    postgres::{is_url, redacted},
};

mod book;
mod club_ledger;
mod demo;
mod enter;
mod evening;
mod notebook;
mod notebook_detail;
mod phone;
mod plan_import;
mod seats;
mod station_drafts;
mod swiss;
mod table;

use thiserror::Error;

pub use book::{book, import_book, preview_book_import, set_book};
pub use club_ledger::{
    Balances, Cash, MemberBalance, Party, PlannedTransfer, Scope, Settlement, balances, correct_entry, mark_paid,
    record_cash, scope_balances, settle_up,
};
pub use demo::{DemoSize, create_demo, demo_players};
pub use enter::{Entered, TableAddress, enter_manche};
pub use evening::{
    EveningSeat, EveningTable, EveningView, TableSource, close_evening, closing_entries, create_club,
    enter_chip_counts, evening_view, open_evening,
};
pub use notebook::{Note, NoteLine, ScoreChange, notebook};
pub use notebook_detail::DetailRow;
pub use phone::{PhoneTable, ProposalView, Sent, TableLinkView, phone_url};
pub use plan_import::{PlanPreview, import_seating, preview_seating_import};
pub use seats::{SeatingOutcome, Weights, seat_sessions, seat_tournament, stored_plan, stored_report};
pub use station_drafts::{StationDraft, drafts_file, read_drafts, write_drafts};
pub use swiss::{StandingsSeating, seat_by_standings};
pub use table::{
    SaveAs, TableProgress, TableState, confirm_manche, confirm_manche_as, table_progress, table_state, winds_after,
};

use crate::message::{Explain, Message};
use crate::seating::SeatingError;
use crate::store::Store;
use crate::tournament::{EntryErrors, Id, SettingsError, StandingRow, TournamentSettings};

/// Why a desk operation did not happen. Nothing was saved.
#[derive(Debug, Error)]
pub enum DeskError {
    /// The database failed (or cannot be reached, or another station changed the record first).
    Store(StoreError),
    /// Tournament settings that cannot be used.
    Settings(#[from] SettingsError),
    /// The seating could not be made.
    Seating(#[from] SeatingError),
    /// The manche as typed is not valid.
    Entry(Box<EntryErrors>),
    /// An operation the data does not allow, wherever it was decided (here, in the store's transaction, or by
    /// the schema's triggers): every business refusal reaches the screens and the CLI as this one variant, said by
    /// its message id in the locale files.
    Refused(Message),
}

impl From<StoreError> for DeskError {
    fn from(error: StoreError) -> DeskError {
        match error {
            StoreError::Refused(why) => DeskError::Refused(why),
            error => DeskError::Store(error),
        }
    }
}

impl DeskError {
    /// Whether the server could not be reached: nothing was saved, and the same work may be tried again.
    pub fn is_offline(&self) -> bool {
        matches!(self, DeskError::Store(StoreError::Offline { .. }))
    }
}

impl Explain for DeskError {
    fn message(&self) -> Message {
        match self {
            DeskError::Store(e) => e.message(),
            DeskError::Settings(e) => e.message(),
            DeskError::Seating(e) => e.message(),
            DeskError::Entry(errors) => errors.first().map_or_else(|| msg!("error.manche.invalid"), Explain::message),
            DeskError::Refused(why) => why.clone(),
        }
    }
}

impl std::fmt::Display for DeskError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

/// Result of a desk operation.
pub type DeskResult<T> = Result<T, DeskError>;

/// Validates the settings and creates the tournament.
pub fn create_tournament(store: &mut Store, settings: &TournamentSettings, referee: &str) -> DeskResult<Id> {
    settings.validate()?;
    Ok(store.create_tournament(settings, referee)?)
}

/// Validates the settings and replaces them. Changing the ruleset or its options once manches exist is
/// refused: stored results would no longer match.
pub fn update_settings(store: &mut Store, id: Id, settings: &TournamentSettings, referee: &str) -> DeskResult<()> {
    settings.validate()?;
    let before = store.tournament(id)?.settings;
    let rules_changed = before.rules != settings.rules
        || crate::rules::effective_options(&before.rules, &before.options)
            != crate::rules::effective_options(&settings.rules, &settings.options);
    if rules_changed && store.manche_count(id)? > 0 {
        return Err(DeskError::Refused(msg!("error.settings.locked")));
    }
    Ok(store.update_settings(id, settings, referee)?)
}

/// The standings as they stand now.
pub fn standings(store: &Store, id: Id) -> DeskResult<Vec<StandingRow>> {
    standings_before(store, id, u32::MAX)
}

/// The standings from the sessions before session `session` (the referee's penalties all count: they carry no
/// session; those scored with a hand count with its session).
pub fn standings_before(store: &Store, id: Id, session: u32) -> DeskResult<Vec<StandingRow>> {
    let settings = store.tournament(id)?.settings;
    let players: Vec<tournament::PlayerRecord> = store
        .players(id)?
        .into_iter()
        .map(|p| tournament::PlayerRecord {
            id: p.id,
            name: p.data.name,
            club: p.data.club,
            country: p.data.country,
            substitute: p.data.substitute,
            withdrawn: p.data.withdrawn,
        })
        .collect();
    let tables: Vec<_> = store.table_results(id)?.into_iter().filter(|t| t.session < session).collect();
    let mut penalties: Vec<(Id, i64)> =
        store.penalties(id)?.into_iter().filter(|p| !p.revoked).map(|p| (p.player_id, p.points)).collect();
    // A ruleset's penalties scored with a hand belong to that hand's session.
    let scored = store.manche_penalties(id)?.into_iter().filter(|&(_, s, _)| s < session);
    penalties.extend(scored.map(|(player, _, points)| (player, points)));
    Ok(tournament::standings(&players, &tables, &penalties, &settings.ranking))
}

/// The team standings as they stand now (empty when nobody plays for a team).
pub fn team_standings(store: &Store, id: Id) -> DeskResult<Vec<tournament::TeamRow>> {
    let settings = store.tournament(id)?.settings;
    let players = store.players(id)?;
    Ok(teams_of(&settings, &players, &standings(store, id)?))
}

/// The team standings from the individual ones and the players' teams.
pub(crate) fn teams_of(
    settings: &TournamentSettings,
    players: &[store::Player],
    rows: &[StandingRow],
) -> Vec<tournament::TeamRow> {
    let team_of: std::collections::HashMap<Id, String> =
        players.iter().filter(|p| !p.data.team.is_empty()).map(|p| (p.id, p.data.team.clone())).collect();
    let by_placement = settings.ranking.method == tournament::RankingMethod::PlacementPoints;
    tournament::team_standings(rows, &team_of, settings.team_best as usize, by_placement)
}

/// A player's running total after each of their manches: `(session, manche, total)`.
pub fn progression(store: &Store, player: Id) -> DeskResult<Vec<(u32, u32, i64)>> {
    let mut total = 0;
    Ok(store
        .player_nets(player)?
        .into_iter()
        .map(|(session, manche, net)| {
            total += net;
            (session, manche, total)
        })
        .collect())
}
