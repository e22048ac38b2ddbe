//! The append-only audit log (triggers in the schema refuse UPDATE and DELETE).

use std::collections::HashMap;

use super::db::{Db, Row, params};

use super::{Store, StoreError, StoreResult, now};
use crate::tournament::Id;
use crate::tournament::registration::control_character;

/// One audited change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    /// Sequence number.
    pub id: Id,
    /// When (RFC 3339).
    pub at: String,
    /// By which referee.
    pub referee: String,
    /// What kind of record (`manche`, `player`, `penalty`, `seating`, `tournament`).
    pub entity: String,
    /// Its id.
    pub entity_id: Id,
    /// What happened (`enter`, `correct`, `edit`, `withdraw`, `swap`, …).
    pub action: String,
    /// The record before (JSON), if it existed.
    pub before: Option<String>,
    /// The record after (JSON).
    pub after: Option<String>,
}

fn entry_from_row(row: &Row) -> StoreResult<AuditEntry> {
    Ok(AuditEntry {
        id: row.get("id")?,
        at: row.get("at")?,
        referee: row.get("referee")?,
        entity: row.get("entity")?,
        entity_id: row.get("entity_id")?,
        action: row.get("action")?,
        before: row.get("before")?,
        after: row.get("after")?,
    })
}

/// Where something happened: a session's table, and the manche at it when there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    /// Session number (1-based).
    pub session: u32,
    /// Table number in the session (1-based).
    pub table: u32,
    /// Manche number at the table (1-based).
    pub manche: Option<u32>,
}

/// A change to record: who did what to which record, with the record before and after (JSON or a short text).
pub(super) struct Change<'a> {
    pub tournament: Id,
    pub referee: &'a str,
    /// What kind of record (`manche`, `player`, …).
    pub entity: &'a str,
    pub entity_id: Id,
    /// What happened (`enter`, `correct`, …).
    pub action: &'a str,
    pub before: Option<&'a str>,
    pub after: Option<&'a str>,
}

impl Change<'_> {
    /// Appends the entry inside the caller's transaction, so that it is durable with the change itself. A
    /// referee's name that could not be read back as typed (a control or invisible character) signs nothing:
    /// the change is refused with it.
    pub(super) fn append(&self, tx: &Db) -> StoreResult<()> {
        if let Some(problem) = control_character(crate::msg!("referee.name"), self.referee) {
            return Err(StoreError::Refused(problem));
        }
        tx.execute(
            "INSERT INTO audit (tournament_id, at, referee, entity, entity_id, action, before, after) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                self.tournament,
                now(),
                self.referee,
                self.entity,
                self.entity_id,
                self.action,
                self.before,
                self.after
            ],
        )?;
        Ok(())
    }
}

impl Store {
    /// The history of one record (e.g. every entry and correction of a manche), oldest first.
    pub fn record_history(&self, entity: &str, id: Id) -> StoreResult<Vec<AuditEntry>> {
        self.db.query_map(
            "SELECT id, at, referee, entity, entity_id, action, before, after FROM audit \
             WHERE entity = ?1 AND entity_id = ?2 ORDER BY id",
            params![entity, id],
            entry_from_row,
        )
    }

    /// The tournament's audit log, newest first.
    pub fn audit_log(&self, tournament: Id) -> StoreResult<Vec<AuditEntry>> {
        self.db.query_map(
            "SELECT id, at, referee, entity, entity_id, action, before, after FROM audit \
             WHERE tournament_id = ?1 ORDER BY id DESC",
            params![tournament],
            entry_from_row,
        )
    }

    /// Where each manche (by id) and each table (by id) of the tournament is, to read the audit log by place.
    pub fn places(&self, tournament: Id) -> StoreResult<(HashMap<Id, Place>, HashMap<Id, Place>)> {
        let mut tables = HashMap::new();
        let rows = self.db.query_map(
            "SELECT st.id, s.number AS session, st.number FROM session_table st JOIN session s ON s.id = st.session_id \
             WHERE s.tournament_id = ?1",
            params![tournament],
            |row| Ok((row.get::<Id>("id")?, row.get("session")?, row.get("number")?)),
        )?;
        for (id, session, table) in rows {
            tables.insert(id, Place { session, table, manche: None });
        }
        let mut manches = HashMap::new();
        let rows = self.db.query_map(
            "SELECT m.id, m.table_id, m.number FROM manche m JOIN session_table st ON st.id = m.table_id \
             JOIN session s ON s.id = st.session_id WHERE s.tournament_id = ?1",
            params![tournament],
            |row| Ok((row.get::<Id>("id")?, row.get::<Id>("table_id")?, row.get("number")?)),
        )?;
        for (id, table, number) in rows {
            if let Some(place) = tables.get(&table) {
                manches.insert(id, Place { manche: Some(number), ..*place });
            }
        }
        Ok((manches, tables))
    }
}
