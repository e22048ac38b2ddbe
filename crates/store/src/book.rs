//! A tournament's book (the lines its ruleset scores from, such as modern American's card of the year): read
//! in order, replaced whole in one audited transaction. The store keeps each line as the JSON object the
//! ruleset's book model writes; what the columns are and whether a line is sound is the ruleset's to say.

use super::db::{Db, params};
use super::guards::writable;
use super::{Store, StoreError, StoreResult};
use crate::msg;
use crate::tournament::Id;

impl Store {
    /// The lines of `tournament`'s book, in order, each a JSON object (empty when none is kept).
    pub fn book(&self, tournament: Id) -> StoreResult<Vec<String>> {
        read_book(&self.db, tournament)
    }

    /// Replaces the book of `tournament` with `lines` (JSON objects), audited with both lists.
    pub fn set_book(&mut self, tournament: Id, lines: &[String], referee: &str) -> StoreResult<()> {
        if let Some(bad) = lines.iter().position(|line| serde_json::from_str::<serde_json::Map<_, _>>(line).is_err()) {
            return Err(StoreError::Refused(msg!("error.book.not_stored", position = bad + 1)));
        }
        let tx = self.write()?;
        writable(&tx, tournament)?;
        // Read inside the write transaction: the audit's "before" is what this write replaces.
        let before = read_book(&tx, tournament)?;
        tx.execute("DELETE FROM book_line WHERE tournament_id = ?1", params![tournament])?;
        for (position, data) in lines.iter().enumerate() {
            tx.execute(
                "INSERT INTO book_line (tournament_id, position, data) VALUES (?1, ?2, ?3)",
                params![tournament, position as i64, data.as_str()],
            )?;
        }
        let json = |lines: &[String]| format!("[{}]", lines.join(","));
        super::audit::Change {
            tournament,
            referee,
            entity: "book",
            entity_id: tournament,
            action: "set",
            before: Some(&json(&before)),
            after: Some(&json(lines)),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }
}

fn read_book(db: &Db, tournament: Id) -> StoreResult<Vec<String>> {
    db.query_map("SELECT data FROM book_line WHERE tournament_id = ?1 ORDER BY position", params![tournament], |row| {
        row.get("data")
    })
}
