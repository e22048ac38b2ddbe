//! Each session's clock, kept on its session row as the core's JSON: started, paused, time added, ended. An
//! action reads the row under the write lock and writes what the core makes of it, audited, so two stations
//! pressing at once act one after the other and agree on the result.

use chrono::{DateTime, Utc};

use super::db::params;
use super::guards::writable;
use super::{Store, StoreError, StoreResult};
use crate::msg;
use crate::tournament::Id;
use crate::tournament::clock::{ClockAction, SessionClock, apply};

impl Store {
    /// The clock of session `session` (`None`: not started); a session that does not exist is refused.
    pub fn session_clock(&self, tournament: Id, session: u32) -> StoreResult<Option<SessionClock>> {
        let row: Option<Option<String>> = self.db.query_opt(
            "SELECT clock FROM session WHERE tournament_id = ?1 AND number = ?2",
            params![tournament, session],
            |row| row.get("clock"),
        )?;
        let Some(clock) = row else {
            return Err(StoreError::Refused(msg!("clock.error.no_session", session = session)));
        };
        Ok(clock.as_deref().map(serde_json::from_str).transpose()?)
    }

    /// Every started clock of the tournament, by session number.
    pub fn session_clocks(&self, tournament: Id) -> StoreResult<Vec<(u32, SessionClock)>> {
        let rows: Vec<(u32, String)> = self.db.query_map(
            "SELECT number, clock FROM session WHERE tournament_id = ?1 AND clock IS NOT NULL ORDER BY number",
            params![tournament],
            |row| Ok((row.get("number")?, row.get("clock")?)),
        )?;
        rows.into_iter().map(|(number, clock)| Ok((number, serde_json::from_str(&clock)?))).collect()
    }

    /// Applies the referee's `action` to session `session`'s clock at `now` and returns the clock as it is
    /// now (audited); an action out of order (a clock started twice, paused before it began, changed after
    /// the end) is refused by name and changes nothing.
    pub fn clock_action(
        &mut self,
        tournament: Id,
        session: u32,
        action: ClockAction,
        now: DateTime<Utc>,
        referee: &str,
    ) -> StoreResult<SessionClock> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        let row: Option<(Id, Option<String>)> = tx.query_opt(
            "SELECT id, clock FROM session WHERE tournament_id = ?1 AND number = ?2",
            params![tournament, session],
            |row| Ok((row.get("id")?, row.get("clock")?)),
        )?;
        let Some((id, before)) = row else {
            return Err(StoreError::Refused(msg!("clock.error.no_session", session = session)));
        };
        let clock: Option<SessionClock> = before.as_deref().map(serde_json::from_str).transpose()?;
        let mut after = apply(clock.as_ref(), action, now).map_err(|why| StoreError::Refused(why.message(session)))?;
        if clock.is_none() {
            // The calls are the tournament's when the clock starts: every station reads them from the record.
            let (warning, last_hand): (i64, i64) = tx.query_row(
                "SELECT clock_warning_minutes, last_hand_minutes FROM tournament WHERE id = ?1",
                params![tournament],
                |row| Ok((row.get("clock_warning_minutes")?, row.get("last_hand_minutes")?)),
            )?;
            after.warning_minutes = u32::try_from(warning).unwrap_or(after.warning_minutes);
            after.last_hand_minutes = u32::try_from(last_hand).unwrap_or(0);
        }
        let json = serde_json::to_string(&after)?;
        tx.execute("UPDATE session SET clock = ?1 WHERE id = ?2", params![json, id])?;
        super::audit::Change {
            tournament,
            referee,
            entity: "clock",
            entity_id: id,
            action: action_name(action),
            before: before.as_deref(),
            after: Some(&json),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(after)
    }
}

fn action_name(action: ClockAction) -> &'static str {
    match action {
        ClockAction::Start(_) => "start",
        ClockAction::Pause => "pause",
        ClockAction::Resume => "resume",
        ClockAction::Add(_) => "add",
        ClockAction::End => "end",
    }
}
