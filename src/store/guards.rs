//! What every write goes through: a transaction that takes the write lock at its start, and the checks that
//! the tournament named may be written and that each player, table or session written belongs to it.

use std::ops::Deref;

use rusqlite::{Connection, OptionalExtension, Savepoint, Transaction, TransactionBehavior, params};

use super::{Record, Store, StoreError, StoreResult};
use crate::msg;
use crate::tournament::Id;

/// One operation's writes: its own transaction, or a savepoint inside [`Store::all_or_nothing`]. Dropped
/// without [`Write::commit`], everything it wrote is rolled back.
pub(super) enum Write<'a> {
    Transaction(Transaction<'a>),
    Nested(Savepoint<'a>),
}

impl Deref for Write<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        match self {
            Write::Transaction(tx) => tx,
            Write::Nested(savepoint) => savepoint,
        }
    }
}

impl Write<'_> {
    /// Makes the operation's writes durable (or, nested, part of the enclosing batch).
    pub(super) fn commit(self) -> StoreResult<()> {
        match self {
            Write::Transaction(tx) => tx.commit()?,
            Write::Nested(savepoint) => savepoint.commit()?,
        }
        Ok(())
    }
}

impl Store {
    /// Starts an operation that may write. `BEGIN IMMEDIATE` takes the write lock before the first read, so
    /// an operation that reads and then writes never fails half-way with "database is locked" when another
    /// process commits in between: it waits (busy timeout) for the other writer instead.
    pub(super) fn write(&mut self) -> StoreResult<Write<'_>> {
        if self.conn.is_autocommit() {
            Ok(Write::Transaction(self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?))
        } else {
            Ok(Write::Nested(self.conn.savepoint()?))
        }
    }

    /// Runs `operations` as one transaction: every write in it lands, or (on an error) none does.
    pub fn all_or_nothing<T, E: From<StoreError>>(
        &mut self,
        operations: impl FnOnce(&mut Store) -> Result<T, E>,
    ) -> Result<T, E> {
        if !self.conn.is_autocommit() {
            return Err(StoreError::Refused(msg!("error.store.nested")).into());
        }
        self.conn.execute_batch("BEGIN IMMEDIATE").map_err(StoreError::from)?;
        let result = operations(self);
        let end = if result.is_ok() { "COMMIT" } else { "ROLLBACK" };
        let ended = self.conn.execute_batch(end).map_err(StoreError::from);
        match (result, ended) {
            (Ok(value), Ok(())) => Ok(value),
            (Ok(_), Err(e)) => {
                // A failed COMMIT may leave the transaction open: end it so the store stays usable.
                let _ = self.conn.execute_batch("ROLLBACK");
                Err(e.into())
            }
            (Err(e), _) => Err(e),
        }
    }
}

/// Refuses a write to a tournament that does not exist, was deleted or is archived.
pub(super) fn writable(tx: &Connection, tournament: Id) -> StoreResult<()> {
    let state: Option<(Option<String>, Option<String>)> = tx
        .query_row("SELECT archived_at, deleted_at FROM tournament WHERE id = ?1", [tournament], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()?;
    match state {
        None | Some((_, Some(_))) => Err(StoreError::NotFound(Record::Tournament)),
        Some((Some(_), None)) => Err(StoreError::Refused(msg!("error.tournament.archived"))),
        Some((None, None)) => Ok(()),
    }
}

/// Refuses a player who is not registered in `tournament`.
pub(super) fn player_of(tx: &Connection, tournament: Id, player: Id) -> StoreResult<()> {
    let owner: Option<Id> =
        tx.query_row("SELECT tournament_id FROM player WHERE id = ?1", [player], |row| row.get(0)).optional()?;
    match owner {
        None => Err(StoreError::NotFound(Record::Player)),
        Some(owner) if owner == tournament => Ok(()),
        Some(_) => Err(StoreError::Refused(msg!("error.player.other_tournament"))),
    }
}

/// Refuses a table that is not of a session of `tournament`.
pub(super) fn table_of(tx: &Connection, tournament: Id, table: Id) -> StoreResult<()> {
    let owner: Option<Id> = tx
        .query_row(
            "SELECT s.tournament_id FROM session_table st JOIN session s ON s.id = st.session_id WHERE st.id = ?1",
            params![table],
            |row| row.get(0),
        )
        .optional()?;
    match owner {
        None => Err(StoreError::NotFound(Record::Table)),
        Some(owner) if owner == tournament => Ok(()),
        Some(_) => Err(StoreError::Refused(msg!("error.seating.other_tournament"))),
    }
}
