//! Manches: each confirmed manche is one IMMEDIATE transaction (the row, its nets, the audit entry), so a
//! crash loses at most the manche being typed. Re-confirming a manche is a correction with before and after.

use rusqlite::{OptionalExtension, TransactionBehavior, params};

use super::{Store, StoreError, StoreResult, now};
use crate::ENGINE_VERSION;
use crate::rules::{MancheInput, MancheOutcome};
use crate::tournament::{Id, TableResult};

/// A stored manche.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredManche {
    /// Id.
    pub id: Id,
    /// Manche number at its table (1-based).
    pub number: u32,
    /// Exactly as typed (players in seat-position order).
    pub input: MancheInput,
    /// The computed result as stored.
    pub outcome: MancheOutcome,
    /// The engine version that computed it.
    pub engine_version: String,
    /// Who confirmed it (last).
    pub referee: String,
    /// When (last).
    pub entered_at: String,
    /// Chip change by seat position.
    pub nets: [i64; 4],
}

impl Store {
    /// Saves manche `number` of a table: a new one (the next number) or a correction of an earlier one.
    /// `players` are the table's player ids by position, matching the order of `input.players`.
    pub fn save_manche(
        &mut self,
        table: Id,
        number: u32,
        players: &[Id; 4],
        input: &MancheInput,
        outcome: &MancheOutcome,
        referee: &str,
    ) -> StoreResult<Id> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (tournament, count): (Id, u32) = tx.query_row(
            "SELECT s.tournament_id, (SELECT count(*) FROM manche WHERE table_id = st.id) \
             FROM session_table st JOIN session s ON s.id = st.session_id WHERE st.id = ?1",
            [table],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        if number == 0 || number > count + 1 {
            return Err(StoreError::Refused(format!(
                "manche {number}: the table has {count} manches, the next one is {}",
                count + 1
            )));
        }
        let input_json = serde_json::to_string(input)?;
        let outcome_json = serde_json::to_string(outcome)?;
        let existing: Option<(Id, String)> = tx
            .query_row(
                "SELECT id, input FROM manche WHERE table_id = ?1 AND number = ?2",
                params![table, number],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        let id = match existing {
            Some((id, before)) => {
                if before == input_json {
                    return Ok(id);
                }
                tx.execute(
                    "UPDATE manche SET input = ?2, outcome = ?3, engine_version = ?4, referee = ?5, entered_at = ?6 \
                     WHERE id = ?1",
                    params![id, input_json, outcome_json, ENGINE_VERSION, referee, now()],
                )?;
                super::audit::Change {
                    tournament,
                    referee,
                    entity: "manche",
                    entity_id: id,
                    action: "correct",
                    before: Some(&before),
                    after: Some(&input_json),
                }
                .append(&tx)?;
                id
            }
            None => {
                tx.execute(
                    "INSERT INTO manche (table_id, number, input, outcome, engine_version, referee, entered_at) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![table, number, input_json, outcome_json, ENGINE_VERSION, referee, now()],
                )?;
                let id = tx.last_insert_rowid();
                super::audit::Change {
                    tournament,
                    referee,
                    entity: "manche",
                    entity_id: id,
                    action: "enter",
                    before: None,
                    after: Some(&input_json),
                }
                .append(&tx)?;
                id
            }
        };
        for (position, player) in players.iter().enumerate() {
            let net = outcome.net.get(position).map_or(0, |(_, n)| *n);
            let mahjong = outcome.players.get(position).is_some_and(|p| p.mahjong);
            tx.prepare_cached(
                "INSERT INTO manche_net (manche_id, player_id, net, mahjong) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT (manche_id, player_id) DO UPDATE SET net = ?3, mahjong = ?4",
            )?
            .execute(params![id, player, net, mahjong])?;
        }
        tx.commit()?;
        Ok(id)
    }

    /// A table's manches in order.
    pub fn table_manches(&self, table: Id) -> StoreResult<Vec<StoredManche>> {
        let mut statement = self.conn.prepare_cached(
            "SELECT m.id, m.number, m.input, m.outcome, m.engine_version, m.referee, m.entered_at, \
               (SELECT group_concat(mn.net) FROM (SELECT mn.net FROM seat \
                  JOIN manche_net mn ON mn.player_id = seat.player_id AND mn.manche_id = m.id \
                  WHERE seat.table_id = m.table_id ORDER BY seat.position) mn) \
             FROM manche m WHERE m.table_id = ?1 ORDER BY m.number",
        )?;
        let rows = statement.query_map([table], |row| {
            Ok((
                row.get::<_, Id>(0)?,
                row.get::<_, u32>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, String>(4)?,
                row.get::<_, String>(5)?,
                row.get::<_, String>(6)?,
                row.get::<_, Option<String>>(7)?,
            ))
        })?;
        let mut manches = Vec::new();
        for row in rows {
            let (id, number, input, outcome, engine_version, referee, entered_at, nets) = row?;
            let mut parsed = [0i64; 4];
            for (slot, net) in parsed.iter_mut().zip(nets.unwrap_or_default().split(',')) {
                *slot = net.parse().unwrap_or(0);
            }
            manches.push(StoredManche {
                id,
                number,
                input: serde_json::from_str(&input)?,
                outcome: serde_json::from_str(&outcome)?,
                engine_version,
                referee,
                entered_at,
                nets: parsed,
            });
        }
        Ok(manches)
    }

    /// Per session table that has at least one manche: each player's points and Mah Jongs so far.
    pub fn table_results(&self, tournament: Id) -> StoreResult<Vec<TableResult>> {
        // One pass over the nets, grouped by table and seat (a correlated sum per seat was ~50× slower at 400
        // players × 12 sessions).
        let mut statement = self.conn.prepare_cached(
            "SELECT s.number, m.table_id, seat.position, mn.player_id, sum(mn.net), sum(mn.mahjong) \
             FROM manche m JOIN manche_net mn ON mn.manche_id = m.id \
             JOIN session_table st ON st.id = m.table_id JOIN session s ON s.id = st.session_id \
             JOIN seat ON seat.table_id = m.table_id AND seat.player_id = mn.player_id \
             WHERE s.tournament_id = ?1 GROUP BY m.table_id, seat.position ORDER BY m.table_id, seat.position",
        )?;
        let rows = statement.query_map([tournament], |row| {
            Ok((
                row.get::<_, u32>(0)?,
                row.get::<_, Id>(1)?,
                row.get::<_, i64>(2)? as usize,
                row.get::<_, Id>(3)?,
                row.get::<_, i64>(4)?,
                row.get::<_, u32>(5)?,
            ))
        })?;
        let mut results: Vec<TableResult> = Vec::new();
        let mut current: Option<Id> = None;
        for row in rows {
            let (session, table, position, player, points, mahjongs) = row?;
            if current != Some(table) {
                current = Some(table);
                results.push(TableResult { session, players: [(0, 0, 0); 4] });
            }
            if let (Some(last), true) = (results.last_mut(), position < 4) {
                last.players[position] = (player, points, mahjongs);
            }
        }
        Ok(results)
    }

    /// A player's nets in order: `(session, manche, net)`.
    pub fn player_nets(&self, player: Id) -> StoreResult<Vec<(u32, u32, i64)>> {
        let mut statement = self.conn.prepare_cached(
            "SELECT s.number, m.number, mn.net FROM manche_net mn JOIN manche m ON m.id = mn.manche_id \
             JOIN session_table st ON st.id = m.table_id JOIN session s ON s.id = st.session_id \
             WHERE mn.player_id = ?1 ORDER BY s.number, m.number",
        )?;
        let rows = statement.query_map([player], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// How many manches each seated table of the tournament has (tables without any are absent).
    pub fn manche_counts(&self, tournament: Id) -> StoreResult<std::collections::HashMap<Id, usize>> {
        let mut statement = self.conn.prepare_cached(
            "SELECT m.table_id, count(*) FROM manche m JOIN session_table st ON st.id = m.table_id \
             JOIN session s ON s.id = st.session_id WHERE s.tournament_id = ?1 GROUP BY m.table_id",
        )?;
        let rows =
            statement.query_map([tournament], |row| Ok((row.get::<_, Id>(0)?, row.get::<_, i64>(1)? as usize)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// How many manches the tournament has.
    pub fn manche_count(&self, tournament: Id) -> StoreResult<i64> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM manche m JOIN session_table st ON st.id = m.table_id \
             JOIN session s ON s.id = st.session_id WHERE s.tournament_id = ?1",
            [tournament],
            |row| row.get(0),
        )?)
    }
}
