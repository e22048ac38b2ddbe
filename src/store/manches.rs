//! Manches: each confirmed manche is one IMMEDIATE transaction (the row, its nets, the audit entry), so a
//! crash loses at most the manche being typed. Re-confirming a manche is a correction with before and after.

use rusqlite::{OptionalExtension, params};

use super::guards::{table_of, writable};
use super::{Record, SeatedTable, Store, StoreError, StoreResult, now};
use crate::ENGINE_VERSION;
use crate::msg;
use crate::rules::{MancheInput, MancheOutcome, OUTCOME_VERSION};
use crate::tournament::{Id, TableResult};

/// Whether a save means a new manche or a correction of a saved one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveKind {
    /// The next manche of the table.
    New,
    /// A manche already saved.
    Correction,
}

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
    pub nets: Vec<i64>,
    /// Every payment, in the ruleset's order.
    pub payments: Vec<StoredPayment>,
}

/// A payment of a stored manche, between two players of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredPayment {
    /// Who pays.
    pub from: Id,
    /// Who collects.
    pub to: Id,
    /// How much (positive).
    pub amount: i64,
}

/// The outcome's payments as rows between player ids: a name is the player at its index in the outcome.
fn payment_rows(players: &[Id], outcome: &MancheOutcome) -> StoreResult<Vec<StoredPayment>> {
    let id_of = |name: &str| {
        let position = outcome.players.iter().position(|p| p.name == name);
        position
            .and_then(|i| players.get(i).copied())
            .ok_or_else(|| StoreError::Refused(msg!("error.manche.payment_stranger", name = name)))
    };
    outcome
        .payments
        .iter()
        .filter(|p| p.amount > 0)
        .map(|p| {
            let amount = i64::try_from(p.amount)
                .map_err(|_| StoreError::Refused(msg!("error.manche.payment_too_large", amount = p.amount)))?;
            Ok(StoredPayment { from: id_of(&p.from)?, to: id_of(&p.to)?, amount })
        })
        .collect()
}

impl Store {
    /// Saves manche `number` of a seated table: a new one (the next number) or a correction of an earlier one.
    /// The table's players by position match the order of `input.players` and `outcome.players`; the nets
    /// and payments are written as rows keyed by those ids. Refused unless the table is of `table.tournament`
    /// and its seats are still those players, and when `kind` no longer matches the table (a new manche that
    /// another station saved first, a correction of a manche that does not exist).
    pub fn save_manche(
        &mut self,
        table: &SeatedTable,
        number: u32,
        kind: SaveKind,
        input: &MancheInput,
        outcome: &MancheOutcome,
        referee: &str,
    ) -> StoreResult<Id> {
        let (tournament, players) = (table.tournament, table.players.as_slice());
        let table = table.id;
        let tx = self.write()?;
        writable(&tx, tournament)?;
        table_of(&tx, tournament, table)?;
        let count: u32 = tx.query_row("SELECT count(*) FROM manche WHERE table_id = ?1", [table], |row| row.get(0))?;
        if number == 0 || number > count + 1 {
            return Err(StoreError::Refused(msg!(
                "error.manche.not_next",
                number = number,
                count = count,
                next = count + 1
            )));
        }
        let seated: Vec<Id> = tx
            .prepare_cached("SELECT player_id FROM seat WHERE table_id = ?1 ORDER BY position")?
            .query_map([table], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        if seated != players || outcome.players.len() != players.len() {
            return Err(StoreError::Refused(msg!("error.manche.not_seated", count = seated.len())));
        }
        let payments = payment_rows(players, outcome)?;
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
            Some(_) if kind == SaveKind::New => {
                return Err(StoreError::Refused(msg!("error.manche.saved_elsewhere", number = number)));
            }
            None if kind == SaveKind::Correction => return Err(StoreError::NotFound(Record::Manche)),
            Some((id, before)) => {
                if before == input_json {
                    return Ok(id);
                }
                tx.execute(
                    "UPDATE manche SET input = ?2, outcome = ?3, outcome_version = ?4, engine_version = ?5, \
                     referee = ?6, entered_at = ?7 WHERE id = ?1",
                    params![id, input_json, outcome_json, OUTCOME_VERSION, ENGINE_VERSION, referee, now()],
                )?;
                tx.execute("DELETE FROM payment WHERE manche_id = ?1", [id])?;
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
                    "INSERT INTO manche (table_id, number, input, outcome, outcome_version, engine_version, referee, \
                     entered_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![table, number, input_json, outcome_json, OUTCOME_VERSION, ENGINE_VERSION, referee, now()],
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
        for (seq, payment) in payments.iter().enumerate() {
            tx.prepare_cached(
                "INSERT INTO payment (manche_id, seq, from_player, to_player, amount) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![id, seq as i64, payment.from, payment.to, payment.amount])?;
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
        let mut payments = self.table_payments(table)?;
        for row in rows {
            let (id, number, input, outcome, engine_version, referee, entered_at, nets) = row?;
            let parsed = nets.unwrap_or_default().split(',').map(|net| net.parse().unwrap_or(0)).collect();
            manches.push(StoredManche {
                id,
                number,
                input: serde_json::from_str(&input)?,
                outcome: serde_json::from_str(&outcome)?,
                engine_version,
                referee,
                entered_at,
                nets: parsed,
                payments: payments.remove(&id).unwrap_or_default(),
            });
        }
        Ok(manches)
    }

    /// A table's payment rows by manche id, each manche's in order.
    fn table_payments(&self, table: Id) -> StoreResult<std::collections::HashMap<Id, Vec<StoredPayment>>> {
        let mut statement = self.conn.prepare_cached(
            "SELECT p.manche_id, p.from_player, p.to_player, p.amount FROM payment p \
             JOIN manche m ON m.id = p.manche_id WHERE m.table_id = ?1 ORDER BY p.manche_id, p.seq",
        )?;
        let rows = statement.query_map([table], |row| {
            Ok((row.get::<_, Id>(0)?, StoredPayment { from: row.get(1)?, to: row.get(2)?, amount: row.get(3)? }))
        })?;
        let mut payments: std::collections::HashMap<Id, Vec<StoredPayment>> = std::collections::HashMap::new();
        for row in rows {
            let (manche, payment) = row?;
            payments.entry(manche).or_default().push(payment);
        }
        Ok(payments)
    }

    /// Per session table that has at least one manche: each player's points and Mah Jongs so far.
    pub fn table_results(&self, tournament: Id) -> StoreResult<Vec<TableResult>> {
        // One pass over the nets, grouped by table and seat (a correlated sum per seat was ~50× slower at 400
        // players × 12 sessions).
        let mut statement = self.conn.prepare_cached(
            "SELECT s.number, m.table_id, mn.player_id, sum(mn.net), sum(mn.mahjong) \
             FROM manche m JOIN manche_net mn ON mn.manche_id = m.id \
             JOIN session_table st ON st.id = m.table_id JOIN session s ON s.id = st.session_id \
             JOIN seat ON seat.table_id = m.table_id AND seat.player_id = mn.player_id \
             WHERE s.tournament_id = ?1 GROUP BY m.table_id, seat.position ORDER BY m.table_id, seat.position",
        )?;
        let rows = statement.query_map([tournament], |row| {
            Ok((
                row.get::<_, u32>(0)?,
                row.get::<_, Id>(1)?,
                row.get::<_, Id>(2)?,
                row.get::<_, i64>(3)?,
                row.get::<_, u32>(4)?,
            ))
        })?;
        let mut results: Vec<TableResult> = Vec::new();
        let mut current: Option<Id> = None;
        for row in rows {
            // Rows come in position order within each table.
            let (session, table, player, points, mahjongs) = row?;
            if current != Some(table) {
                current = Some(table);
                results.push(TableResult { session, players: Vec::new() });
            }
            if let Some(last) = results.last_mut() {
                last.players.push((player, points, mahjongs));
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
