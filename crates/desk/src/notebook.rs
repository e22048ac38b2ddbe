//! The audit log read as a referee's notebook: each entry placed at its session, table and manche, in local
//! time, saying what happened to whom ("S1 · T3 · M5 corrected by Mario Rossi at 10:12 — Bruno: 144 → 160"),
//! with the raw record kept for whoever wants the JSON behind it. The words are the screen's; this module gives
//! them typed facts.

use std::collections::HashMap;

use chrono::{DateTime, Local};
use serde::Deserialize;

use super::DeskResult;
use super::notebook_detail::{DetailRow, manche_rows, record_rows};
use crate::rules::{self, MancheInput};
use crate::store::{AuditEntry, Place, Store};
use crate::tournament::Id;

/// What an entry records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A manche confirmed for the first time.
    MancheEntered,
    /// A confirmed manche changed.
    MancheCorrected,
    /// A penalty given.
    PenaltyGiven {
        /// Points deducted.
        points: i64,
        /// Why.
        reason: String,
    },
    /// A penalty taken back.
    PenaltyRevoked,
    /// A player registered.
    PlayerAdded,
    /// A player's details changed.
    PlayerEdited,
    /// A player withdrawn.
    PlayerWithdrawn,
    /// A withdrawn player back in.
    PlayerReinstated,
    /// A player registered by mistake, deleted.
    PlayerDeleted,
    /// A session's seating generated (or replaced).
    SessionSeated,
    /// Two players swapped seats by hand.
    SeatsSwapped,
    /// A table's first round wind set.
    RoundWind {
        /// The wind's letter.
        wind: String,
    },
    /// The tournament created.
    TournamentCreated,
    /// The settings changed.
    SettingsChanged,
    /// The tournament's book replaced (its card, for modern American).
    BookChanged {
        /// Lines before.
        before: usize,
        /// Lines after.
        after: usize,
    },
    /// A table's phone link revoked (or revoked and given anew).
    LinkRevoked,
    /// A manche sent from a table's phone confirmed: the manche entered with it is the line before.
    ProposalConfirmed,
    /// A manche sent from a table's phone rejected.
    ProposalRejected {
        /// Why, as the phone shows it.
        reason: String,
    },
    /// A manche sent from a table's phone withdrawn: the desk had entered that manche first.
    ProposalWithdrawn,
    /// The tournament archived.
    Archived,
    /// The tournament reopened.
    Reopened,
    /// The tournament deleted.
    Deleted,
    /// An entry of a kind this build does not describe (written by a newer one).
    Other,
}

/// One line of the notebook.
#[derive(Clone, Debug)]
pub struct NoteLine {
    /// The entry as stored: the raw JSON behind the line.
    pub entry: AuditEntry,
    /// When, in the desk's local time (`None` if the stored time cannot be read).
    pub at: Option<DateTime<Local>>,
    /// The session, table and manche it concerns, if any.
    pub place: Option<Place>,
    /// What happened.
    pub note: Note,
    /// The players it is about, by name (for the filter and the sentence).
    pub players: Vec<String>,
    /// A manche's input before (for a correction) and after.
    manche: Option<(Option<MancheInput>, MancheInput)>,
    /// The rows of any other record (a manche's are made when asked: a notebook holds thousands).
    record: Vec<DetailRow>,
}

/// A hand's value after the change, and before it for a correction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreChange {
    /// The player.
    pub name: String,
    /// The value before a correction.
    pub before: Option<i64>,
    /// The value now.
    pub after: i64,
}

impl NoteLine {
    /// The record behind the line as a referee reads it: each field set or changed, before and after.
    pub fn detail(&self) -> Vec<DetailRow> {
        match &self.manche {
            Some((before, after)) => manche_rows(before.as_ref(), after),
            None => self.record.clone(),
        }
    }

    /// For a manche: each hand's value as the ruleset scores the stored input (after, and before for a
    /// correction); a correction lists only the hands whose value changed. Empty for anything else.
    pub fn score_changes(&self) -> Vec<ScoreChange> {
        let Some((before, after)) = &self.manche else { return Vec::new() };
        let Ok(after) = rules::score_manche(after) else { return Vec::new() };
        let before = before.as_ref().and_then(|b| rules::score_manche(b).ok());
        after
            .players
            .iter()
            .map(|p| ScoreChange {
                name: p.name.clone(),
                before: before.as_ref().and_then(|b| b.players.iter().find(|q| q.name == p.name)).map(|q| q.score),
                after: p.score,
            })
            .filter(|change| before.is_none() || change.before != Some(change.after))
            .collect()
    }

    /// Whether the line matches the filters: a place (`S1`, `T3`, `S1 T3`), a player's name, a referee's
    /// name (each a case-insensitive part; empty matches everything).
    pub fn matches(&self, table: &str, player: &str, referee: &str) -> bool {
        let contains = |text: &str, part: &str| text.to_lowercase().contains(&part.trim().to_lowercase());
        let place_ok = table.split_whitespace().all(|part| {
            let part = part.to_uppercase();
            let number = |prefix: char| part.strip_prefix(prefix).and_then(|n| n.parse::<u32>().ok());
            match (self.place, number('S'), number('T'), number('M')) {
                (Some(place), Some(s), _, _) => place.session == s,
                (Some(place), _, Some(t), _) => place.table == t,
                (Some(place), _, _, Some(m)) => place.manche == Some(m),
                (None, ..) => false,
                // A bare number is a table.
                (Some(place), None, None, None) => part.parse::<u32>().is_ok_and(|t| place.table == t),
            }
        });
        place_ok
            && (player.trim().is_empty() || self.players.iter().any(|p| contains(p, player)))
            && contains(&self.entry.referee, referee)
    }
}

/// A penalty as its "give" entry records it.
#[derive(Deserialize)]
struct GivenPenalty {
    player: Id,
    points: i64,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    session: Option<u32>,
}

/// Where a table's link or a proposal was, as their audit lines keep it.
#[derive(Deserialize)]
struct Where {
    #[serde(default)]
    session: u32,
    #[serde(default)]
    table: u32,
    #[serde(default)]
    manche: Option<u32>,
    #[serde(default)]
    reason: String,
}

/// The players of a stored record (`{"name": …}`).
#[derive(Deserialize)]
struct Named {
    name: String,
}

/// The tournament's notebook, newest first.
pub fn notebook(store: &Store, tournament: Id) -> DeskResult<Vec<NoteLine>> {
    let log = store.audit_log(tournament)?;
    let (manches, tables) = store.places(tournament)?;
    let names: HashMap<Id, String> = store.players(tournament)?.into_iter().map(|p| (p.id, p.data.name)).collect();
    let name_of = |id: Id| names.get(&id).cloned().unwrap_or_else(|| format!("#{id}"));
    let penalties: HashMap<Id, GivenPenalty> = log
        .iter()
        .filter(|e| e.entity == "penalty" && e.action == "give")
        .filter_map(|e| Some((e.entity_id, serde_json::from_str(e.after.as_deref()?).ok()?)))
        .collect();
    let lines = log
        .into_iter()
        // A link is made for every table seated: the seating's own line says it; only a revocation is the
        // referee's act worth a line.
        .filter(|entry| !(entry.entity == "table_link" && entry.action == "issue"))
        .map(|entry| {
            let json =
                |text: &Option<String>| text.as_deref().and_then(|t| serde_json::from_str::<MancheInput>(t).ok());
            let named = |text: &Option<String>| {
                text.as_deref().and_then(|t| serde_json::from_str::<Named>(t).ok()).map(|n| n.name)
            };
            let mut place = None;
            let mut players = Vec::new();
            let mut manche = None;
            let note = match (entry.entity.as_str(), entry.action.as_str()) {
                ("manche", action @ ("enter" | "correct")) => {
                    place = manches.get(&entry.entity_id).copied();
                    if let Some(after) = json(&entry.after) {
                        players = after.players.iter().map(|p| p.name.clone()).collect();
                        manche = Some((json(&entry.before), after));
                    }
                    if action == "enter" { Note::MancheEntered } else { Note::MancheCorrected }
                }
                ("penalty", action) => {
                    let given = penalties.get(&entry.entity_id);
                    players.extend(given.map(|g| name_of(g.player)));
                    place = given.and_then(|g| g.session).map(|session| Place { session, table: 0, manche: None });
                    match (action, given) {
                        ("give", Some(g)) => Note::PenaltyGiven { points: g.points, reason: g.reason.clone() },
                        ("revoke", _) => Note::PenaltyRevoked,
                        _ => Note::Other,
                    }
                }
                ("player", action) => {
                    players.extend(named(&entry.after).or_else(|| named(&entry.before)));
                    match action {
                        "add" => Note::PlayerAdded,
                        "withdraw" => Note::PlayerWithdrawn,
                        "reinstate" => Note::PlayerReinstated,
                        "delete" => Note::PlayerDeleted,
                        _ => Note::PlayerEdited,
                    }
                }
                ("seating", action) => {
                    let session = u32::try_from(entry.entity_id).unwrap_or(0);
                    place = Some(Place { session, table: 0, manche: None });
                    if action == "swap" {
                        players = swapped(&entry).into_iter().map(name_of).collect();
                        Note::SeatsSwapped
                    } else {
                        Note::SessionSeated
                    }
                }
                ("table", "round_wind") => {
                    place = tables.get(&entry.entity_id).copied();
                    Note::RoundWind { wind: entry.after.clone().unwrap_or_default() }
                }
                ("tournament", "create") => Note::TournamentCreated,
                ("tournament", "settings") => Note::SettingsChanged,
                // Before schema 9 the card was audited as "card", with the same list shape.
                ("book" | "card", _) => {
                    let count = |text: &Option<String>| {
                        text.as_deref()
                            .and_then(|t| serde_json::from_str::<Vec<serde_json::Value>>(t).ok())
                            .map_or(0, |hands| hands.len())
                    };
                    Note::BookChanged { before: count(&entry.before), after: count(&entry.after) }
                }
                ("table_link", _) => {
                    let link = entry.before.as_deref().and_then(|t| serde_json::from_str::<Where>(t).ok());
                    place = link.map(|w| Place { session: w.session, table: w.table, manche: None });
                    Note::LinkRevoked
                }
                ("proposal", action) => {
                    let sent = entry.after.as_deref().and_then(|t| serde_json::from_str::<Where>(t).ok());
                    place = sent.as_ref().map(|w| Place { session: w.session, table: w.table, manche: w.manche });
                    match action {
                        "confirmed" => Note::ProposalConfirmed,
                        "rejected" => Note::ProposalRejected { reason: sent.map(|w| w.reason).unwrap_or_default() },
                        "withdrawn" => Note::ProposalWithdrawn,
                        _ => Note::Other,
                    }
                }
                ("tournament", "archive") => Note::Archived,
                ("tournament", "unarchive") => Note::Reopened,
                ("tournament", "delete") => Note::Deleted,
                _ => Note::Other,
            };
            let at = DateTime::parse_from_rfc3339(&entry.at).ok().map(|t| t.with_timezone(&Local));
            let record = if manche.is_some() {
                Vec::new()
            } else {
                record_rows(&entry.entity, entry.before.as_deref(), entry.after.as_deref(), &names)
            };
            NoteLine { entry, at, place, note, players, manche, record }
        })
        .collect();
    Ok(lines)
}

/// The two players whose seats a swap exchanged: the ids that moved between the session's plan before and
/// after.
fn swapped(entry: &AuditEntry) -> Vec<Id> {
    let plan = |text: &Option<String>| -> Vec<Vec<Id>> {
        text.as_deref().and_then(|t| serde_json::from_str(t).ok()).unwrap_or_default()
    };
    let (before, after) = (plan(&entry.before), plan(&entry.after));
    before.iter().flatten().zip(after.iter().flatten()).filter(|(a, b)| a != b).map(|(a, _)| *a).collect()
}
