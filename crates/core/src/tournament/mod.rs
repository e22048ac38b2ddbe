//! The tournament domain, pure: settings and their validation, who sits where with which wind in each manche,
//! the manche a referee types turned into the ruleset's input, and the standings. No I/O: the store feeds it
//! records and the views show what it returns.

pub mod clock;
pub mod entry;
pub mod mers;
pub mod plan_import;
pub mod registration;
pub mod settings;
pub mod standings;
pub mod teams;
pub mod winds;

pub use crate::rules::HandEntry;
pub use entry::{EntryErrors, MancheEntry, TablePlayer};
pub use plan_import::{ImportedPlan, PLAN_COLUMNS, PlanPlayer, parse_plan_csv};
pub use registration::{ImportRow, NameParts, PlayerData, federation_problem, name_key, name_parts, parse_players_csv};
pub use settings::{Ranking, RankingMethod, SettingsError, TieBreak, TournamentSettings};
pub use standings::{PlayerRecord, StandingRow, TableResult, standings};
pub use teams::{TeamRow, team_standings};
pub use winds::{MancheWinds, RoundSeating, manche_winds, manche_winds_reseated};

/// A database id (player, table, tournament).
pub type Id = i64;
