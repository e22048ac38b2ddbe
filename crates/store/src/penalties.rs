//! Penalties: points deducted from a player, with reason, referee and time. Revoking one is audited; nothing
//! is deleted.

use super::db::params;
use super::guards::{player_of, writable};
use super::{Record, Store, StoreError, StoreResult, now};
use crate::msg;
use crate::tournament::Id;

/// A stored penalty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Penalty {
    /// Id.
    pub id: Id,
    /// The player.
    pub player_id: Id,
    /// The session it was given in, if any.
    pub session: Option<u32>,
    /// Points deducted (positive).
    pub points: i64,
    /// Why.
    pub reason: String,
    /// Who gave it.
    pub referee: String,
    /// When.
    pub at: String,
    /// Revoked penalties stay listed but no longer count.
    pub revoked: bool,
}

impl Store {
    /// Gives a penalty to a player of `tournament`.
    pub fn add_penalty(
        &mut self,
        tournament: Id,
        player: Id,
        session: Option<u32>,
        points: i64,
        reason: &str,
        referee: &str,
    ) -> StoreResult<Id> {
        if points <= 0 {
            return Err(StoreError::Refused(msg!("error.penalty.points", points = points)));
        }
        if reason.trim().is_empty() {
            return Err(StoreError::Refused(msg!("error.penalty.reason")));
        }
        let tx = self.write()?;
        writable(&tx, tournament)?;
        player_of(&tx, tournament, player)?;
        let id = tx.insert(
            "INSERT INTO penalty (tournament_id, player_id, session_number, points, reason, referee, at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![tournament, player, session, points, reason.trim(), referee, now()],
        )?;
        let after =
            serde_json::json!({"player": player, "session": session, "points": points, "reason": reason.trim()});
        super::audit::Change {
            tournament,
            referee,
            entity: "penalty",
            entity_id: id,
            action: "give",
            before: None,
            after: Some(&after.to_string()),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(id)
    }

    /// Revokes a penalty of `tournament` (it stays in the list, marked).
    pub fn revoke_penalty(&mut self, tournament: Id, id: Id, referee: &str) -> StoreResult<()> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        tx.query_opt(
            "SELECT 1 FROM penalty WHERE id = ?1 AND tournament_id = ?2 AND revoked = 0",
            params![id, tournament],
            |_| Ok(()),
        )?
        .ok_or(StoreError::NotFound(Record::Penalty))?;
        tx.execute("UPDATE penalty SET revoked = 1 WHERE id = ?1", params![id])?;
        super::audit::Change {
            tournament,
            referee,
            entity: "penalty",
            entity_id: id,
            action: "revoke",
            before: Some("active"),
            after: Some("revoked"),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Every penalty of the tournament, oldest first.
    pub fn penalties(&self, tournament: Id) -> StoreResult<Vec<Penalty>> {
        self.db.query_map(
            "SELECT id, player_id, session_number, points, reason, referee, at, revoked FROM penalty \
             WHERE tournament_id = ?1 ORDER BY id",
            params![tournament],
            |row| {
                Ok(Penalty {
                    id: row.get("id")?,
                    player_id: row.get("player_id")?,
                    session: row.get("session_number")?,
                    points: row.get("points")?,
                    reason: row.get("reason")?,
                    referee: row.get("referee")?,
                    at: row.get("at")?,
                    revoked: row.get("revoked")?,
                })
            },
        )
    }
}
