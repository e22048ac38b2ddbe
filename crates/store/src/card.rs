//! A tournament's card (the hands its rules score from): read in order, replaced whole in one audited
//! transaction.

use super::db::{Db, params};
use super::guards::writable;
use super::{Store, StoreError, StoreResult};
use crate::tournament::{CardHand, Id, card_problem};

impl Store {
    /// The card of `tournament`, in its order (empty when none is kept).
    pub fn card(&self, tournament: Id) -> StoreResult<Vec<CardHand>> {
        read_card(&self.db, tournament)
    }

    /// Replaces the card of `tournament` with `card` (checked whole first), audited with both lists.
    pub fn set_card(&mut self, tournament: Id, card: &[CardHand], referee: &str) -> StoreResult<()> {
        if let Some(problem) = card_problem(card) {
            return Err(StoreError::Refused(problem));
        }
        let tx = self.write()?;
        writable(&tx, tournament)?;
        // Read inside the write transaction: the audit's "before" is what this write replaces.
        let before = read_card(&tx, tournament)?;
        tx.execute("DELETE FROM card_hand WHERE tournament_id = ?1", params![tournament])?;
        for (position, hand) in card.iter().enumerate() {
            let value = i64::try_from(hand.value).unwrap_or(i64::MAX);
            tx.execute(
                "INSERT INTO card_hand (tournament_id, position, section, line, value, concealed, jokers) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    tournament,
                    position as i64,
                    hand.section.trim(),
                    hand.line.trim(),
                    value,
                    hand.concealed,
                    hand.jokers
                ],
            )?;
        }
        let json = |card: &[CardHand]| serde_json::to_string(card).unwrap_or_default();
        super::audit::Change {
            tournament,
            referee,
            entity: "card",
            entity_id: tournament,
            action: "set",
            before: Some(&json(&before)),
            after: Some(&json(card)),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }
}

fn read_card(db: &Db, tournament: Id) -> StoreResult<Vec<CardHand>> {
    db.query_map(
        "SELECT section, line, value, concealed, jokers FROM card_hand WHERE tournament_id = ?1 \
         ORDER BY position",
        params![tournament],
        |row| {
            Ok(CardHand {
                section: row.get("section")?,
                line: row.get("line")?,
                value: row.get::<i64>("value")?.try_into().unwrap_or(0),
                concealed: row.get("concealed")?,
                jokers: row.get("jokers")?,
            })
        },
    )
}
