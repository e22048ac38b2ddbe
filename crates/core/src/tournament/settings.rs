//! A tournament's settings: what the referee fills in before the first session.

use std::sync::Arc;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::message::{Explain, Message};
use crate::msg;
use crate::rules;

/// Most sessions a tournament may have.
pub const MAX_SESSIONS: u32 = 40;

/// Everything that defines a tournament apart from its players and results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// Name shown on every sheet.
    pub name: String,
    /// Where it is played.
    pub venue: String,
    /// First day.
    pub start_date: Option<NaiveDate>,
    /// Last day.
    pub end_date: Option<NaiveDate>,
    /// Ruleset id (an id of the registry, `rules::rulesets()`).
    pub rules: String,
    /// The ruleset's options (`{}` = the digest defaults).
    pub options: serde_json::Value,
    /// Number of sessions (partite).
    pub sessions: u32,
    /// Manches per session (16 in tournament play).
    pub manches_per_session: u32,
    /// How the standings are ordered.
    pub ranking: Ranking,
    /// Seed of the seating, stored so that the schedule can be reproduced.
    pub seating_seed: u64,
    /// How long a session lasts on the clock, in minutes (0: the referee gives it when starting the clock).
    #[serde(default)]
    pub session_minutes: u32,
    /// The shape of a player's federation number (`#` a digit, `A` a letter, other characters themselves;
    /// empty: any), see [`super::registration::federation_problem`].
    #[serde(default)]
    pub federation_format: String,
    /// The most players a team may have (usually 4; 3 for tables of three).
    #[serde(default = "default_team_size")]
    pub team_size: u32,
    /// How many of a team's best members count in the team standings (0: every member).
    #[serde(default)]
    pub team_best: u32,
    /// Minutes before a session's end at which its clock warns the hall (0: no warning).
    #[serde(default = "default_clock_warning")]
    pub clock_warning_minutes: u32,
    /// Minutes before a session's end at which its clock calls "last hand" (0: no such call).
    #[serde(default)]
    pub last_hand_minutes: u32,
    /// A manche sent from a table's phone that every player of the table confirmed there with their PIN is
    /// saved without the referee (by default the referee confirms every proposal).
    #[serde(default)]
    pub proposals_by_pins: bool,
}

fn default_clock_warning() -> u32 {
    super::clock::WARNING_MINUTES
}

/// The most players a team may have (a bound on outside input).
pub const MAX_TEAM_SIZE: u32 = 12;

fn default_team_size() -> u32 {
    4
}

impl TournamentSettings {
    /// A new tournament of the ruleset `rules` (an id of the registry): the session's length and the ranking
    /// the ruleset plays by, the rest the defaults.
    pub fn for_rules(rules: &str) -> TournamentSettings {
        let mut settings = TournamentSettings { rules: rules.to_owned(), ..TournamentSettings::default() };
        if let Some(ruleset) = rules::ruleset(rules) {
            settings.manches_per_session = ruleset.manches_per_session();
            // A team is a table's worth of players.
            settings.team_size = u32::try_from(ruleset.table_size()).unwrap_or(4).clamp(1, MAX_TEAM_SIZE);
            if let Some(bonus) = ruleset.placement_bonus() {
                settings.ranking = Ranking {
                    method: RankingMethod::PointsWithPlacement,
                    placement_points: bonus.to_vec(),
                    tie_breaks: Vec::new(),
                };
            }
            if let Some(points) = ruleset.table_points() {
                settings.ranking = Ranking {
                    method: RankingMethod::PlacementPoints,
                    placement_points: points.to_vec(),
                    tie_breaks: Vec::new(),
                };
            }
        }
        settings
    }
}

impl Default for TournamentSettings {
    fn default() -> Self {
        TournamentSettings {
            name: String::new(),
            venue: String::new(),
            start_date: None,
            end_date: None,
            rules: rules::default_ruleset().id().to_owned(),
            options: serde_json::json!({}),
            sessions: 4,
            manches_per_session: 16,
            ranking: Ranking::default(),
            seating_seed: 1,
            session_minutes: 0,
            federation_format: String::new(),
            team_size: default_team_size(),
            team_best: 0,
            clock_warning_minutes: default_clock_warning(),
            last_hand_minutes: 0,
            proposals_by_pins: false,
        }
    }
}

/// A setting that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingsError {
    /// The name is empty.
    NoName,
    /// Sessions out of range.
    Sessions(u32),
    /// Manches per session out of range.
    Manches(u32),
    /// The last day is before the first.
    Dates {
        /// First day.
        start: NaiveDate,
        /// Last day.
        end: NaiveDate,
    },
    /// The ruleset is unknown.
    Rules(String),
    /// The ruleset refuses the options.
    Options(Message),
    /// A name or venue with a control character.
    Text(Message),
    /// Placement points must not increase down the table.
    Placement(Vec<i64>),
}

impl Explain for SettingsError {
    fn message(&self) -> Message {
        match self {
            SettingsError::NoName => msg!("error.settings.no_name"),
            SettingsError::Sessions(n) => msg!("error.settings.sessions", n = n, max = MAX_SESSIONS),
            SettingsError::Manches(n) => msg!("error.settings.manches", n = n),
            SettingsError::Dates { start, end } => msg!("error.settings.dates", start = start, end = end),
            SettingsError::Rules(id) => msg!("error.settings.rules", id = id, known = rules::known_ids()),
            SettingsError::Options(why) => msg!("error.settings.options").arg_message("why", why.clone()),
            SettingsError::Text(why) => why.clone(),
            SettingsError::Placement(points) => msg!(
                "error.settings.placement",
                points = points.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

impl TournamentSettings {
    /// Checks every field; the first problem found is returned.
    pub fn validate(&self) -> Result<(), SettingsError> {
        if self.name.trim().is_empty() {
            return Err(SettingsError::NoName);
        }
        for (field, text) in [
            (msg!("field.tournament_name"), &self.name),
            (msg!("field.venue"), &self.venue),
            (msg!("settings.federation_format"), &self.federation_format),
        ] {
            if let Some(problem) = super::registration::control_character(field, text) {
                return Err(SettingsError::Text(problem));
            }
        }
        if !(1..=MAX_SESSIONS).contains(&self.sessions) {
            return Err(SettingsError::Sessions(self.sessions));
        }
        if !(1..=64).contains(&self.manches_per_session) {
            return Err(SettingsError::Manches(self.manches_per_session));
        }
        if self.federation_format.chars().count() > 40 {
            return Err(SettingsError::Text(msg!("error.settings.federation_format")));
        }
        for minutes in [self.clock_warning_minutes, self.last_hand_minutes] {
            if minutes > super::clock::MAX_MINUTES {
                let max = super::clock::MAX_MINUTES;
                return Err(SettingsError::Text(msg!("clock.error.minutes", minutes = minutes, max = max)));
            }
        }
        let max = MAX_TEAM_SIZE;
        if !(1..=max).contains(&self.team_size) || self.team_best > self.team_size {
            let (size, best) = (self.team_size, self.team_best);
            return Err(SettingsError::Text(msg!("error.settings.teams", size = size, best = best, max = max)));
        }
        if self.session_minutes > super::clock::MAX_MINUTES {
            return Err(SettingsError::Text(msg!(
                "clock.error.minutes",
                minutes = self.session_minutes,
                max = super::clock::MAX_MINUTES
            )));
        }
        if let (Some(start), Some(end)) = (self.start_date, self.end_date)
            && end < start
        {
            return Err(SettingsError::Dates { start, end });
        }
        self.in_force()?;
        let p = &self.ranking.placement_points;
        if p.windows(2).any(|w| w[0] < w[1]) {
            return Err(SettingsError::Placement(p.clone()));
        }
        Ok(())
    }

    /// Points each player starts a session with: the ruleset's `starting_points` in force (0 for a ruleset
    /// without one).
    pub fn starting_points(&self) -> i64 {
        rules::effective_options(&self.rules, &self.options)
            .get("starting_points")
            .and_then(|v| v.as_i64())
            .unwrap_or(0)
    }

    /// The ruleset this tournament plays (the default one if the id is unknown: validation refuses such settings,
    /// and the store refuses a stored tournament of unknown rules by name, so only a form being typed meets it).
    pub fn ruleset(&self) -> &'static dyn rules::Ruleset {
        rules::ruleset(&self.rules).unwrap_or_else(rules::default_ruleset)
    }

    /// What a referee types for a manche of this tournament (its ruleset's model under its options).
    pub fn entry_model(&self) -> &'static rules::EntryModel {
        rules::entry_model_in(&self.rules, &self.options).unwrap_or_else(|| self.ruleset().entry_model())
    }

    /// The table sizes this tournament's rules seat (four at a time, or threes with twos where the count needs).
    pub fn table_sizes(&self) -> crate::seating::TableSizes {
        let ruleset = self.ruleset();
        crate::seating::TableSizes { max: ruleset.table_size(), min: ruleset.min_table_size() }
    }

    /// The ruleset bound to these options, read once: what depends on the options (the rotation, the edition,
    /// a random manche) is asked of it. Refuses an unknown ruleset or a bad option by name.
    pub fn in_force(&self) -> Result<Arc<dyn rules::RulesInForce>, SettingsError> {
        let Some(ruleset) = rules::ruleset(&self.rules) else {
            return Err(SettingsError::Rules(self.rules.clone()));
        };
        ruleset.in_force(&self.options).map_err(|e| SettingsError::Options(e.message()))
    }

    /// The ruleset's name and the edition the options select, in Italian or English
    /// ("Americano classico · TACOLFMJ 1924 · partita mista"); the name alone while the options are refused (a
    /// form being typed: a stored tournament's options are checked when it is read).
    pub fn rules_heading(&self, lang: crate::i18n::Lang) -> String {
        match self.in_force() {
            Ok(rules) => rules.heading(lang),
            Err(_) => self.ruleset().name(lang),
        }
    }
}

/// How the standings are ordered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Ranking {
    /// The first key.
    pub method: RankingMethod,
    /// Placement points for 1st, 2nd, … at a session table (4-2-1-0); tied players share the positions'
    /// points; a position beyond the list is worth 0.
    pub placement_points: Vec<i64>,
    /// Keys applied in order when the first is equal; players equal on every key share a place.
    pub tie_breaks: Vec<TieBreak>,
}

impl Default for Ranking {
    fn default() -> Self {
        Ranking {
            method: RankingMethod::TotalPoints,
            placement_points: vec![4, 2, 1, 0],
            tie_breaks: vec![TieBreak::PlacementPoints, TieBreak::BestSession, TieBreak::FewerPenalties],
        }
    }
}

/// The first ranking key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RankingMethod {
    /// Total points (the sum of every manche's net, minus penalties): whoever made most points wins.
    #[default]
    TotalPoints,
    /// Placement points per session table, then total points.
    PlacementPoints,
    /// Total points with each session table's placement points added to them (a bonus in points for the
    /// places at the table, as a ruleset may declare), ties sharing the places' points.
    PointsWithPlacement,
}

/// A tie-break key, higher is better unless its name says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Total points.
    TotalPoints,
    /// Placement points.
    PlacementPoints,
    /// The best single session's points.
    BestSession,
    /// Fewer penalty points.
    FewerPenalties,
    /// More Mah Jongs.
    MahJongs,
}

impl RankingMethod {
    /// Its name: a text id.
    pub fn label(self) -> &'static str {
        match self {
            RankingMethod::TotalPoints => crate::text_id!("settings.by_points"),
            RankingMethod::PlacementPoints => crate::text_id!("settings.by_placement"),
            RankingMethod::PointsWithPlacement => crate::text_id!("settings.by_points_with_placement"),
        }
    }
}

impl TieBreak {
    /// Its name: a text id.
    pub fn label(self) -> &'static str {
        match self {
            TieBreak::TotalPoints => crate::text_id!("tie.points"),
            TieBreak::PlacementPoints => crate::text_id!("tie.placement"),
            TieBreak::BestSession => crate::text_id!("tie.best_session"),
            TieBreak::FewerPenalties => crate::text_id!("tie.fewer_penalties"),
            TieBreak::MahJongs => crate::text_id!("tie.mahjongs"),
        }
    }

    /// Every key, in the order the settings screen lists them.
    pub const ALL: [TieBreak; 5] = [
        TieBreak::TotalPoints,
        TieBreak::PlacementPoints,
        TieBreak::BestSession,
        TieBreak::FewerPenalties,
        TieBreak::MahJongs,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_points_come_from_the_options_in_force() {
        let mut settings = TournamentSettings { name: "t".into(), ..TournamentSettings::default() };
        assert_eq!(settings.starting_points(), 4000, "the digest default");
        settings.options = serde_json::json!({"starting_points": 5000});
        assert_eq!(settings.starting_points(), 5000);
    }
}
