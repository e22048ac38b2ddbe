//! What every write goes through: a transaction that takes the write lock at its start, and the checks that
//! the tournament named may be written and that each player, table or session written belongs to it.

use super::db::{Db, Write, params};
use super::{Record, Store, StoreError, StoreResult};
use crate::message::Message;
use crate::msg;
use crate::tournament::Id;

/// What the schema's triggers refuse, by the words they raise (the same in both dialects: they are the last
/// line of defence, under the checks of the operations, and name no row), said as the desk says every refusal.
pub(crate) fn trigger_refusal(raised: &str) -> Option<Message> {
    Some(match raised {
        "the audit log is append-only" => msg!("error.guard.audit_append_only"),
        "the ledger is append-only" => msg!("error.guard.ledger_append_only"),
        "penalty: the player is not of this tournament" => msg!("error.guard.penalty_player"),
        "seat: the player is not of the tournament of this table" => msg!("error.guard.seat_player"),
        "manche: the player is not seated at the table of this manche" => msg!("error.guard.manche_player"),
        "payment: a player is not seated at the table of this manche" => msg!("error.guard.payment_player"),
        "pot: the player is not seated at the table of this manche" => msg!("error.guard.payment_player"),
        "ledger: the member, evening or entry is not of this club" => msg!("error.guard.ledger_club"),
        "evening: the member or player is not of this evening" => msg!("error.guard.evening_member"),
        "chip count: the player is not seated at this table" => msg!("error.guard.chip_count_player"),
        _ => return None,
    })
}

impl Store {
    /// Starts an operation that may write. The write lock is taken before the first read (SQLite's
    /// `BEGIN IMMEDIATE`, PostgreSQL's advisory lock), so an operation that reads and then writes never fails
    /// half-way when another station commits in between: it waits for the other writer instead. Inside
    /// [`Store::all_or_nothing`] it is a savepoint of the enclosing transaction.
    pub(super) fn write(&mut self) -> StoreResult<Write<'_>> {
        self.db.write()
    }

    /// Whether an operation runs inside [`Store::all_or_nothing`]: its writes join that transaction, so an
    /// operation that is called both alone and as a step of a larger one (seating, inside a demo made whole)
    /// groups its own writes only when alone.
    pub fn in_transaction(&self) -> bool {
        self.db.in_transaction()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text a trigger of either dialect raises, from the migrations as shipped.
    fn raised() -> Vec<String> {
        let mut found = Vec::new();
        let files = crate::MIGRATION_DIR.dirs().flat_map(|dir| dir.files());
        for file in files.filter(|f| f.path().extension().is_some_and(|e| e == "sql")) {
            let text = file.contents_utf8().expect("utf-8");
            for opener in ["RAISE(ABORT, '", "stecca_refuse('", "RAISE EXCEPTION '"] {
                for (at, _) in text.match_indices(opener) {
                    let rest = &text[at + opener.len()..];
                    let raised = &rest[..rest.find('\'').expect("closing quote")];
                    if raised != "%" {
                        found.push(raised.to_owned());
                    }
                }
            }
        }
        found
    }

    #[test]
    fn every_refusal_of_the_triggers_is_said_in_the_desks_words() {
        let raised = raised();
        assert!(raised.len() >= 18, "the migrations' triggers were read: {raised:?}");
        let unsaid: Vec<_> = raised.iter().filter(|r| trigger_refusal(r).is_none()).collect();
        assert!(unsaid.is_empty(), "triggers raise words the desk does not say: {unsaid:?}");
    }

    #[test]
    fn a_trigger_refusal_reaches_the_caller_as_a_refusal() {
        let store = Store::open_in_memory().expect("store");
        let row = "INSERT INTO tournament (name, rules, sessions, created_at) VALUES ('T', 'fimj', 1, 'now')";
        store.db.execute(row, &[]).expect("a tournament");
        let line = "INSERT INTO audit (tournament_id, at, referee, entity, entity_id, action) \
                    VALUES (1, 'now', 'R', 'player', 1, 'create')";
        store.db.execute(line, &[]).expect("a line of the audit log");
        let refused = store.db.execute("DELETE FROM audit", &[]).expect_err("append-only");
        let StoreError::Refused(why) = refused else { panic!("a refusal: {refused:?}") };
        assert_eq!(why, msg!("error.guard.audit_append_only"));
    }
}
