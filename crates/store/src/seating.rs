//! Sessions, tables and seats. A session's seating may be replaced or edited only while none of its tables
//! has a manche; each change is audited with the seating before and after.

use super::db::{Db, Row, Value, grouped, params};

use super::guards::{player_of, table_of, writable};
use super::{Record, Store, StoreError, StoreResult};
use crate::msg;
use crate::tiles::Wind;
use crate::tournament::Id;

/// A table of a session with its players in seat order (position 0 = the dealer of the first manche).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatedTable {
    /// Id.
    pub id: Id,
    /// The tournament.
    pub tournament: Id,
    /// Session number (1-based).
    pub session: u32,
    /// Table number (1-based).
    pub number: u32,
    /// Round wind of the first manche.
    pub start_round_wind: Wind,
    /// Player ids by position (as many as the ruleset seats at a table).
    pub players: Vec<Id>,
}

fn wind_from_letter(letter: &str) -> Wind {
    match letter {
        "S" => Wind::South,
        "W" => Wind::West,
        "N" => Wind::North,
        _ => Wind::East,
    }
}

const TABLES: &str = "SELECT st.id, s.tournament_id, s.number AS session, st.number, st.start_round_wind \
     FROM session_table st JOIN session s ON s.id = st.session_id";

const SEATS: &str = "SELECT seat.table_id, seat.player_id FROM seat \
     JOIN session_table st ON st.id = seat.table_id JOIN session s ON s.id = st.session_id";

fn table_from_row(row: &Row) -> StoreResult<SeatedTable> {
    Ok(SeatedTable {
        id: row.get("id")?,
        tournament: row.get("tournament_id")?,
        session: row.get("session")?,
        number: row.get("number")?,
        start_round_wind: wind_from_letter(&row.get::<String>("start_round_wind")?),
        players: Vec::new(),
    })
}

/// The tables `condition` selects (on `s`, `st`), in `order`, each with its players by position.
fn seated_tables(db: &Db, condition: &str, order: &str, params: &[Value]) -> StoreResult<Vec<SeatedTable>> {
    let mut tables = db.query_map(&format!("{TABLES} WHERE {condition} ORDER BY {order}"), params, table_from_row)?;
    let seats =
        db.query_map(&format!("{SEATS} WHERE {condition} ORDER BY seat.table_id, seat.position"), params, |row| {
            Ok((row.get::<Id>("table_id")?, row.get::<Id>("player_id")?))
        })?;
    let mut players = grouped(seats);
    for table in &mut tables {
        table.players = players.remove(&table.id).unwrap_or_default();
    }
    Ok(tables)
}

fn session_has_manches(tx: &Db, tournament: Id, session: u32) -> StoreResult<bool> {
    tx.value(
        "SELECT EXISTS (SELECT 1 FROM manche m JOIN session_table st ON st.id = m.table_id \
         JOIN session s ON s.id = st.session_id WHERE s.tournament_id = ?1 AND s.number = ?2)",
        params![tournament, session],
    )
}

fn session_json(tx: &Db, tournament: Id, session: u32) -> StoreResult<String> {
    let tables =
        seated_tables(tx, "s.tournament_id = ?1 AND s.number = ?2", "st.number", params![tournament, session])?;
    let players: Vec<Vec<Id>> = tables.into_iter().map(|t| t.players).collect();
    Ok(serde_json::to_string(&players)?)
}

impl Store {
    /// Writes the seating of sessions `first_session`, `first_session + 1`, …, replacing any earlier plan for
    /// them. Refused for a session that already has a manche.
    pub fn save_seating(
        &mut self,
        tournament: Id,
        first_session: u32,
        sessions: &[Vec<Vec<Id>>],
        referee: &str,
    ) -> StoreResult<()> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        for player in sessions.iter().flatten().flatten() {
            player_of(&tx, tournament, *player)?;
        }
        for (offset, tables) in sessions.iter().enumerate() {
            let number = first_session + offset as u32;
            if session_has_manches(&tx, tournament, number)? {
                return Err(StoreError::Refused(msg!("error.seating.session_played", session = number)));
            }
            let before = session_json(&tx, tournament, number)?;
            let session_id: Option<Id> = tx.query_opt(
                "SELECT id FROM session WHERE tournament_id = ?1 AND number = ?2",
                params![tournament, number],
                |row| row.only(),
            )?;
            let session_id = match session_id {
                Some(id) => {
                    tx.execute(
                        "DELETE FROM seat WHERE table_id IN (SELECT id FROM session_table WHERE session_id = ?1)",
                        params![id],
                    )?;
                    tx.execute("DELETE FROM session_table WHERE session_id = ?1", params![id])?;
                    id
                }
                None => tx.insert(
                    "INSERT INTO session (tournament_id, number) VALUES (?1, ?2)",
                    params![tournament, number],
                )?,
            };
            for (t, players) in tables.iter().enumerate() {
                let table_id = tx.insert(
                    "INSERT INTO session_table (session_id, number) VALUES (?1, ?2)",
                    params![session_id, t + 1],
                )?;
                for (position, player) in players.iter().enumerate() {
                    tx.execute(
                        "INSERT INTO seat (table_id, position, player_id) VALUES (?1, ?2, ?3)",
                        params![table_id, position, player],
                    )?;
                }
            }
            let after = serde_json::to_string(tables)?;
            let before = (before != "[]").then_some(before);
            super::audit::Change {
                tournament,
                referee,
                entity: "seating",
                entity_id: i64::from(number),
                action: "seat",
                before: before.as_deref(),
                after: Some(&after),
            }
            .append(&tx)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Every seated table of the tournament, by session then table number.
    pub fn seating(&self, tournament: Id) -> StoreResult<Vec<SeatedTable>> {
        seated_tables(&self.db, "s.tournament_id = ?1", "s.number, st.number", params![tournament])
    }

    /// Table `number` of session `session`, if the session has it: read alone (a table's phone asks on every
    /// request, and a tournament's whole seating is hundreds of tables).
    pub fn seated_table(&self, tournament: Id, session: u32, number: u32) -> StoreResult<Option<SeatedTable>> {
        let condition = "s.tournament_id = ?1 AND s.number = ?2 AND st.number = ?3";
        Ok(seated_tables(&self.db, condition, "st.id", params![tournament, session, number])?.pop())
    }

    /// One table.
    pub fn table(&self, table: Id) -> StoreResult<SeatedTable> {
        seated_tables(&self.db, "st.id = ?1", "st.id", params![table])?.pop().ok_or(StoreError::NotFound(Record::Table))
    }

    /// Swaps two players within one session (different tables or seats). Refused once the session has a manche.
    pub fn swap_players(&mut self, tournament: Id, session: u32, a: Id, b: Id, referee: &str) -> StoreResult<()> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        if session_has_manches(&tx, tournament, session)? {
            return Err(StoreError::Refused(msg!("error.seating.session_played", session = session)));
        }
        let before = session_json(&tx, tournament, session)?;
        let seat_of = |player: Id| -> StoreResult<(Id, i64)> {
            tx.query_opt(
                "SELECT seat.table_id, seat.position FROM seat JOIN session_table st ON st.id = seat.table_id \
                 JOIN session s ON s.id = st.session_id WHERE s.tournament_id = ?1 AND s.number = ?2 \
                 AND seat.player_id = ?3",
                params![tournament, session, player],
                |row| Ok((row.get("table_id")?, row.get("position")?)),
            )?
            .ok_or_else(|| StoreError::Refused(msg!("error.seating.not_seated", session = session)))
        };
        let (seat_a, seat_b) = (seat_of(a)?, seat_of(b)?);
        let set = "UPDATE seat SET player_id = ?3 WHERE table_id = ?1 AND position = ?2";
        tx.execute(set, params![seat_a.0, seat_a.1, b])?;
        tx.execute(set, params![seat_b.0, seat_b.1, a])?;
        let after = session_json(&tx, tournament, session)?;
        super::audit::Change {
            tournament,
            referee,
            entity: "seating",
            entity_id: i64::from(session),
            action: "swap",
            before: Some(&before),
            after: Some(&after),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Sets the round wind of the first manche of a table of `tournament` (the wall where the breach was
    /// opened). Refused once the table has a manche.
    pub fn set_start_round_wind(&mut self, tournament: Id, table: Id, wind: Wind, referee: &str) -> StoreResult<()> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        table_of(&tx, tournament, table)?;
        let (before, manches): (String, i64) = tx.query_row(
            "SELECT start_round_wind, (SELECT count(*) FROM manche WHERE table_id = id) AS manches FROM session_table \
             WHERE id = ?1",
            params![table],
            |row| Ok((row.get("start_round_wind")?, row.get("manches")?)),
        )?;
        if manches > 0 {
            return Err(StoreError::Refused(msg!("error.seating.wind_fixed")));
        }
        let letter = wind.letter().to_string();
        tx.execute("UPDATE session_table SET start_round_wind = ?2 WHERE id = ?1", params![table, letter])?;
        super::audit::Change {
            tournament,
            referee,
            entity: "table",
            entity_id: table,
            action: "round_wind",
            before: Some(&before),
            after: Some(&letter),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }
}
