//! What every write goes through: a transaction that takes the write lock at its start, and the checks that
//! the tournament named may be written and that each player, table or session written belongs to it.

use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};

use super::{Store, StoreError, StoreResult, not_found};
use crate::tournament::Id;

impl Store {
    /// A transaction that may write. `BEGIN IMMEDIATE` takes the write lock before the first read, so an
    /// operation that reads and then writes never fails half-way with "database is locked" when another
    /// process commits in between: it waits (busy timeout) for the other writer instead.
    pub(super) fn write(&mut self) -> StoreResult<Transaction<'_>> {
        Ok(self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?)
    }
}

/// Refuses a write to a tournament that does not exist, was deleted or is archived.
pub(super) fn writable(tx: &Transaction<'_>, tournament: Id) -> StoreResult<()> {
    let state: Option<(Option<String>, Option<String>)> = tx
        .query_row("SELECT archived_at, deleted_at FROM tournament WHERE id = ?1", [tournament], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()?;
    match state {
        None | Some((_, Some(_))) => Err(not_found("tournament", tournament)),
        Some((Some(_), None)) => Err(StoreError::Refused(format!(
            "tournament {tournament} is archived: it can be read and exported, not changed"
        ))),
        Some((None, None)) => Ok(()),
    }
}

/// Refuses a player who is not registered in `tournament`.
pub(super) fn player_of(tx: &Transaction<'_>, tournament: Id, player: Id) -> StoreResult<()> {
    let owner: Option<Id> =
        tx.query_row("SELECT tournament_id FROM player WHERE id = ?1", [player], |row| row.get(0)).optional()?;
    match owner {
        None => Err(not_found("player", player)),
        Some(owner) if owner == tournament => Ok(()),
        Some(_) => Err(StoreError::Refused(format!("player {player} is not registered in tournament {tournament}"))),
    }
}

/// Refuses a table that is not of a session of `tournament`.
pub(super) fn table_of(tx: &Transaction<'_>, tournament: Id, table: Id) -> StoreResult<()> {
    let owner: Option<Id> = tx
        .query_row(
            "SELECT s.tournament_id FROM session_table st JOIN session s ON s.id = st.session_id WHERE st.id = ?1",
            params![table],
            |row| row.get(0),
        )
        .optional()?;
    match owner {
        None => Err(not_found("table", table)),
        Some(owner) if owner == tournament => Ok(()),
        Some(_) => Err(StoreError::Refused(format!("table {table} is not of tournament {tournament}"))),
    }
}
