//! Tournaments: create, list, read, change settings, archive, delete while without results (all audited).

use super::db::{Row, Value, params};

use super::guards::writable;
use super::{Record, Store, StoreError, StoreResult, now};
use crate::message::Explain;
use crate::msg;
use crate::tournament::{Id, TournamentSettings};

/// A stored tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// Id.
    pub id: Id,
    /// Its settings.
    pub settings: TournamentSettings,
    /// When it was created.
    pub created_at: String,
    /// Archived tournaments are read-only: shown and exported, never changed.
    pub archived: bool,
}

/// A line of the tournament list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSummary {
    /// Id.
    pub id: Id,
    /// Name.
    pub name: String,
    /// Venue.
    pub venue: String,
    /// First day (ISO 8601) if set.
    pub start_date: Option<String>,
    /// Players registered.
    pub players: i64,
    /// Manches entered.
    pub manches: i64,
    /// Read-only (see [`Tournament::archived`]).
    pub archived: bool,
}

const COLUMNS: &str = "id, name, venue, start_date, end_date, rules, options, sessions, manches_per_session, \
                       ranking, seating_seed, session_minutes, federation_format, team_size, team_best, \
                       clock_warning_minutes, last_hand_minutes, proposals_by_pins, created_at, \
                       archived_at IS NOT NULL AS archived";

type TournamentRow = (Id, TournamentSettings, String, String, String, bool);

fn tournament_from_row(row: &Row) -> StoreResult<TournamentRow> {
    let settings = TournamentSettings {
        name: row.get("name")?,
        venue: row.get("venue")?,
        start_date: row.get("start_date")?,
        end_date: row.get("end_date")?,
        rules: row.get("rules")?,
        options: serde_json::Value::Null,
        sessions: row.get("sessions")?,
        manches_per_session: row.get("manches_per_session")?,
        ranking: Default::default(),
        seating_seed: row.get::<i64>("seating_seed")? as u64,
        session_minutes: row.get("session_minutes")?,
        federation_format: row.get("federation_format")?,
        team_size: row.get("team_size")?,
        team_best: row.get("team_best")?,
        clock_warning_minutes: row.get("clock_warning_minutes")?,
        last_hand_minutes: row.get("last_hand_minutes")?,
        proposals_by_pins: row.get("proposals_by_pins")?,
    };
    Ok((
        row.get("id")?,
        settings,
        row.get("options")?,
        row.get("ranking")?,
        row.get("created_at")?,
        row.get("archived")?,
    ))
}

/// The settings as the columns name, venue, start_date, end_date, rules, options, sessions,
/// manches_per_session, ranking, seating_seed, session_minutes, federation_format, team_size, team_best,
/// clock_warning_minutes, last_hand_minutes, proposals_by_pins — in that order, for both INSERT and UPDATE.
fn settings_values(settings: &TournamentSettings) -> StoreResult<Vec<Value>> {
    let date = |d: Option<chrono::NaiveDate>| d.map_or(Value::Null, |d| Value::Text(d.to_string()));
    Ok(vec![
        Value::Text(settings.name.trim().to_owned()),
        Value::Text(settings.venue.trim().to_owned()),
        date(settings.start_date),
        date(settings.end_date),
        Value::Text(settings.rules.clone()),
        Value::Text(serde_json::to_string(&settings.options)?),
        Value::Int(settings.sessions.into()),
        Value::Int(settings.manches_per_session.into()),
        Value::Text(serde_json::to_string(&settings.ranking)?),
        // Stored as the same 64 bits, read back with `as u64`.
        Value::Int(settings.seating_seed as i64),
        Value::Int(settings.session_minutes.into()),
        Value::Text(settings.federation_format.trim().to_owned()),
        Value::Int(settings.team_size.into()),
        Value::Int(settings.team_best.into()),
        Value::Int(settings.clock_warning_minutes.into()),
        Value::Int(settings.last_hand_minutes.into()),
        Value::Int(settings.proposals_by_pins.into()),
    ])
}

impl Store {
    /// Creates a tournament (the settings must have been validated).
    pub fn create_tournament(&mut self, settings: &TournamentSettings, referee: &str) -> StoreResult<Id> {
        let tx = self.write()?;
        let mut values = settings_values(settings)?;
        values.push(Value::Text(now()));
        let id = tx.insert(
            "INSERT INTO tournament (name, venue, start_date, end_date, rules, options, sessions, \
             manches_per_session, ranking, seating_seed, session_minutes, federation_format, team_size, team_best, \
             clock_warning_minutes, last_hand_minutes, proposals_by_pins, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
            &values,
        )?;
        super::audit::Change {
            tournament: id,
            referee,
            entity: "tournament",
            entity_id: id,
            action: "create",
            before: None,
            after: Some(&serde_json::to_string(settings)?),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(id)
    }

    /// Every tournament, newest first.
    pub fn list_tournaments(&self) -> StoreResult<Vec<TournamentSummary>> {
        self.db.query_map(
            "SELECT t.id, t.name, t.venue, t.start_date, \
               (SELECT count(*) FROM player p WHERE p.tournament_id = t.id) AS players, \
               (SELECT count(*) FROM manche m JOIN session_table st ON st.id = m.table_id \
                  JOIN session s ON s.id = st.session_id WHERE s.tournament_id = t.id) AS manches, \
               t.archived_at IS NOT NULL AS archived \
             FROM tournament t WHERE t.deleted_at IS NULL \
               AND NOT EXISTS (SELECT 1 FROM evening e WHERE e.tournament_id = t.id) ORDER BY t.id DESC",
            &[],
            |row| {
                Ok(TournamentSummary {
                    id: row.get("id")?,
                    name: row.get("name")?,
                    venue: row.get("venue")?,
                    start_date: row.get("start_date")?,
                    players: row.get("players")?,
                    manches: row.get("manches")?,
                    archived: row.get("archived")?,
                })
            },
        )
    }

    /// One tournament.
    pub fn tournament(&self, id: Id) -> StoreResult<Tournament> {
        let found = self.db.query_opt(
            &format!("SELECT {COLUMNS} FROM tournament WHERE id = ?1 AND deleted_at IS NULL"),
            params![id],
            tournament_from_row,
        )?;
        let Some((id, mut settings, options, ranking, created_at, archived)) = found else {
            return Err(StoreError::NotFound(Record::Tournament));
        };
        // A tournament of rules this build does not know (written by a newer Stecca, or by hand) is refused by
        // name before anything scores, seats or exports it with other rules.
        if crate::rules::ruleset(&settings.rules).is_none() {
            return Err(StoreError::Refused(msg!(
                "error.tournament.unknown_rules",
                name = settings.name,
                rules = settings.rules,
                known = crate::rules::known_ids()
            )));
        }
        settings.options = serde_json::from_str(&options)?;
        settings.ranking = serde_json::from_str(&ranking)?;
        // Options its ruleset refuses (written by hand, or by a version with other options) are refused by name
        // too: nothing scores a tournament with options replaced by the defaults.
        if let Err(why) = settings.in_force() {
            return Err(StoreError::Refused(
                msg!("error.tournament.bad_options", name = settings.name).arg_message("why", why.message()),
            ));
        }
        Ok(Tournament { id, settings, created_at, archived })
    }

    /// Replaces the settings (validated by the caller); the change is audited.
    pub fn update_settings(&mut self, id: Id, settings: &TournamentSettings, referee: &str) -> StoreResult<()> {
        let before = self.tournament(id)?;
        if &before.settings == settings {
            return Ok(());
        }
        let tx = self.write()?;
        writable(&tx, id)?;
        let mut values = settings_values(settings)?;
        values.push(Value::Int(id));
        tx.execute(
            "UPDATE tournament SET name = ?1, venue = ?2, start_date = ?3, end_date = ?4, rules = ?5, options = ?6, \
             sessions = ?7, manches_per_session = ?8, ranking = ?9, seating_seed = ?10, session_minutes = ?11, \
             federation_format = ?12, team_size = ?13, team_best = ?14, clock_warning_minutes = ?15, \
             last_hand_minutes = ?16, proposals_by_pins = ?17 WHERE id = ?18",
            &values,
        )?;
        super::audit::Change {
            tournament: id,
            referee,
            entity: "tournament",
            entity_id: id,
            action: "settings",
            before: Some(&serde_json::to_string(&before.settings)?),
            after: Some(&serde_json::to_string(settings)?),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Deletes a tournament that has no results: its players, seating and penalties go; the tournament row
    /// stays, marked deleted and out of every list, so that the audit log keeps the record of what was there.
    /// A tournament with manches is refused: archive it instead.
    pub fn delete_tournament(&mut self, id: Id, referee: &str) -> StoreResult<()> {
        let tx = self.write()?;
        let (name, archived, deleted): (String, bool, bool) = tx
            .query_opt(
                "SELECT name, archived_at IS NOT NULL AS archived, deleted_at IS NOT NULL AS deleted FROM tournament \
                 WHERE id = ?1",
                params![id],
                |row| Ok((row.get("name")?, row.get("archived")?, row.get("deleted")?)),
            )?
            .ok_or(StoreError::NotFound(Record::Tournament))?;
        if deleted {
            return Err(StoreError::NotFound(Record::Tournament));
        }
        let manches: i64 = tx.value(
            "SELECT count(*) FROM manche m JOIN session_table st ON st.id = m.table_id \
             JOIN session s ON s.id = st.session_id WHERE s.tournament_id = ?1",
            params![id],
        )?;
        if manches > 0 || archived {
            return Err(StoreError::Refused(msg!("error.tournament.has_results", name = name, manches = manches)));
        }
        let players: i64 = tx.value("SELECT count(*) FROM player WHERE tournament_id = ?1", params![id])?;
        let sessions = "SELECT id FROM session WHERE tournament_id = ?1";
        let tables = format!("SELECT id FROM session_table WHERE session_id IN ({sessions})");
        tx.execute("DELETE FROM proposal WHERE tournament_id = ?1", params![id])?;
        tx.execute("DELETE FROM table_link WHERE tournament_id = ?1", params![id])?;
        tx.execute(&format!("DELETE FROM seat WHERE table_id IN ({tables})"), params![id])?;
        tx.execute(&format!("DELETE FROM session_table WHERE session_id IN ({sessions})"), params![id])?;
        tx.execute("DELETE FROM session WHERE tournament_id = ?1", params![id])?;
        tx.execute("DELETE FROM penalty WHERE tournament_id = ?1", params![id])?;
        tx.execute("DELETE FROM player WHERE tournament_id = ?1", params![id])?;
        tx.execute("UPDATE tournament SET deleted_at = ?2 WHERE id = ?1", params![id, now()])?;
        let before = serde_json::json!({"name": name, "players": players}).to_string();
        super::audit::Change {
            tournament: id,
            referee,
            entity: "tournament",
            entity_id: id,
            action: "delete",
            before: Some(&before),
            after: None,
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Archives a tournament (read-only from now on) or, with `archived` false, opens it again for changes.
    pub fn set_archived(&mut self, id: Id, archived: bool, referee: &str) -> StoreResult<()> {
        let tx = self.write()?;
        let was: bool = tx
            .query_opt(
                "SELECT archived_at IS NOT NULL FROM tournament WHERE id = ?1 AND deleted_at IS NULL",
                params![id],
                |row| row.only(),
            )?
            .ok_or(StoreError::NotFound(Record::Tournament))?;
        if was == archived {
            return Ok(());
        }
        let at = archived.then(now);
        tx.execute("UPDATE tournament SET archived_at = ?2 WHERE id = ?1", params![id, at])?;
        super::audit::Change {
            tournament: id,
            referee,
            entity: "tournament",
            entity_id: id,
            action: if archived { "archive" } else { "unarchive" },
            before: None,
            after: None,
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }
}
