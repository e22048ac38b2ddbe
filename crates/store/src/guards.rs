//! What every write goes through: a transaction that takes the write lock at its start, and the checks that
//! the tournament named may be written and that each player, table or session written belongs to it.

use super::db::{Db, Write, params};
use super::{Record, Store, StoreError, StoreResult};
use crate::msg;
use crate::tournament::Id;

impl Store {
    /// Starts an operation that may write. The write lock is taken before the first read (SQLite's
    /// `BEGIN IMMEDIATE`, PostgreSQL's advisory lock), so an operation that reads and then writes never fails
    /// half-way when another station commits in between: it waits for the other writer instead. Inside
    /// [`Store::all_or_nothing`] it is a savepoint of the enclosing transaction.
    pub(super) fn write(&mut self) -> StoreResult<Write<'_>> {
        self.db.write()
    }

    /// Runs `operations` as one transaction: every write in it lands, or (on an error) none does.
    pub fn all_or_nothing<T, E: From<StoreError>>(
        &mut self,
        operations: impl FnOnce(&mut Store) -> Result<T, E>,
    ) -> Result<T, E> {
        if self.db.in_transaction() {
            return Err(StoreError::Refused(msg!("error.store.nested")).into());
        }
        let outer = self.db.begin_outer().map_err(E::from)?;
        let result = operations(self);
        let ended = self.db.end_outer(outer, result.is_ok());
        match (result, ended) {
            (Ok(value), Ok(())) => Ok(value),
            (Ok(_), Err(e)) => Err(e.into()),
            (Err(e), _) => Err(e),
        }
    }
}

/// Refuses a write to a tournament that does not exist, was deleted or is archived.
pub(super) fn writable(tx: &Db, tournament: Id) -> StoreResult<()> {
    let state: Option<(Option<String>, Option<String>)> =
        tx.query_opt("SELECT archived_at, deleted_at FROM tournament WHERE id = ?1", params![tournament], |row| {
            Ok((row.get("archived_at")?, row.get("deleted_at")?))
        })?;
    match state {
        None | Some((_, Some(_))) => Err(StoreError::NotFound(Record::Tournament)),
        Some((Some(_), None)) => Err(StoreError::Refused(msg!("error.tournament.archived"))),
        Some((None, None)) => Ok(()),
    }
}

/// Refuses a player who is not registered in `tournament`.
pub(super) fn player_of(tx: &Db, tournament: Id, player: Id) -> StoreResult<()> {
    let owner: Option<Id> =
        tx.query_opt("SELECT tournament_id FROM player WHERE id = ?1", params![player], |row| row.only())?;
    match owner {
        None => Err(StoreError::NotFound(Record::Player)),
        Some(owner) if owner == tournament => Ok(()),
        Some(_) => Err(StoreError::Refused(msg!("error.player.other_tournament"))),
    }
}

/// Refuses a table that is not of a session of `tournament`.
pub(super) fn table_of(tx: &Db, tournament: Id, table: Id) -> StoreResult<()> {
    let owner: Option<Id> = tx.query_opt(
        "SELECT s.tournament_id FROM session_table st JOIN session s ON s.id = st.session_id WHERE st.id = ?1",
        params![table],
        |row| row.only(),
    )?;
    match owner {
        None => Err(StoreError::NotFound(Record::Table)),
        Some(owner) if owner == tournament => Ok(()),
        Some(_) => Err(StoreError::Refused(msg!("error.seating.other_tournament"))),
    }
}
