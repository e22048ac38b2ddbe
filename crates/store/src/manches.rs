//! Manches: each confirmed manche is one write transaction (the row, its nets, the audit entry), so a crash
//! loses at most the manche being typed. Re-confirming a manche is a correction with before and after.
//!
//! Several stations may save at once. A correction names the revision of the manche its station read, and
//! the UPDATE only changes the row while it still has that revision: a second station correcting the same
//! manche is refused with who changed it and when ([`Conflict`]), never overwriting it. Every save carries a
//! key chosen by its station; a save repeated with the same key (its answer was lost with the network) finds
//! its own row and is not made twice.

use std::collections::HashMap;

use super::db::{grouped, params};

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
    /// A manche already saved, as read at `revision` by the station correcting it.
    Correction {
        /// The revision the station read ([`StoredManche::revision`]).
        revision: i64,
    },
}

/// A save as a station makes it: what it means, and the key that names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Save<'a> {
    /// A new manche, or a correction of the revision the station read.
    pub kind: SaveKind,
    /// Chosen by the station for this save and kept when it tries the same save again.
    pub key: &'a str,
}

/// A save refused because another writer saved the manche after this one read it: a new manche that another
/// station (or script) entered first, or a correction of a revision that is no longer the manche's.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    /// The manche as it is saved now (its values).
    pub current: StoredManche,
    /// The refused save meant a new manche (another writer entered it first), not a correction.
    pub new: bool,
}

impl Conflict {
    /// "Manche 3 was changed by Mario Rossi at 10:12 on another station …", or "… entered by …" for a new one.
    pub fn message(&self) -> crate::message::Message {
        let at = chrono::DateTime::parse_from_rfc3339(&self.current.entered_at)
            .map(|t| t.format("%H:%M").to_string())
            .unwrap_or_else(|_| self.current.entered_at.clone());
        let (number, referee) = (self.current.number, &self.current.referee);
        if self.new {
            msg!("error.manche.entered_elsewhere", number = number, referee = referee, time = at)
        } else {
            msg!("error.manche.changed_elsewhere", number = number, referee = referee, time = at)
        }
    }
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
    /// 1 when entered, one more at each correction.
    pub revision: i64,
    /// Chip change by seat position.
    pub nets: Vec<i64>,
    /// Every payment, in the ruleset's order.
    pub payments: Vec<StoredPayment>,
    /// What players put on the table or collected from it, in the ruleset's order.
    pub pot: Vec<StoredPot>,
}

/// A player's deposit on the table (positive) or collection from it (negative) in a stored manche.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredPot {
    /// The player.
    pub player: Id,
    /// Put on the table (positive) or collected from it (negative).
    pub amount: i64,
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

/// The outcome's payments as rows between player ids, and its deposits and collections as rows of the table's
/// pot: a name is the player at its index in the outcome.
fn payment_rows(players: &[Id], outcome: &MancheOutcome) -> StoreResult<(Vec<StoredPayment>, Vec<StoredPot>)> {
    let id_of = |name: &str| {
        let position = outcome.players.iter().position(|p| p.name == name);
        position
            .and_then(|i| players.get(i).copied())
            .ok_or_else(|| StoreError::Refused(msg!("error.manche.payment_stranger", name = name)))
    };
    let payments = outcome
        .payments
        .iter()
        .filter(|p| p.amount > 0)
        .map(|p| {
            let amount = i64::try_from(p.amount)
                .map_err(|_| StoreError::Refused(msg!("error.manche.payment_too_large", amount = p.amount)))?;
            Ok(StoredPayment { from: id_of(&p.from)?, to: id_of(&p.to)?, amount })
        })
        .collect::<StoreResult<_>>()?;
    let pot = outcome
        .pot
        .iter()
        .filter(|p| p.amount != 0)
        .map(|p| Ok(StoredPot { player: id_of(&p.player)?, amount: p.amount }))
        .collect::<StoreResult<_>>()?;
    Ok((payments, pot))
}

impl Store {
    /// Saves manche `number` of a seated table: a new one (the next number) or a correction of an earlier one.
    /// The table's players by position match the order of `input.players` and `outcome.players`; the nets
    /// and payments are written as rows keyed by those ids. Refused unless the table is of `table.tournament`
    /// and its seats are still those players, and when `kind` no longer matches the table (a new manche that
    /// another station saved first, a correction of a manche that does not exist, a correction of a revision
    /// that is no longer the manche's: [`StoreError::Conflict`]). Repeated with the same key, a save that
    /// already landed returns its manche without writing again.
    pub fn save_manche(
        &mut self,
        table: &SeatedTable,
        number: u32,
        save: Save<'_>,
        input: &MancheInput,
        outcome: &MancheOutcome,
        referee: &str,
    ) -> StoreResult<Id> {
        let Save { kind, key } = save;
        let (tournament, players) = (table.tournament, table.players.as_slice());
        let table = table.id;
        let tx = self.write()?;
        writable(&tx, tournament)?;
        table_of(&tx, tournament, table)?;
        let count: u32 = tx.value("SELECT count(*) FROM manche WHERE table_id = ?1", params![table])?;
        if number == 0 || number > count + 1 {
            return Err(StoreError::Refused(msg!(
                "error.manche.not_next",
                number = number,
                count = count,
                next = count + 1
            )));
        }
        let seated: Vec<Id> =
            tx.query_map("SELECT player_id FROM seat WHERE table_id = ?1 ORDER BY position", params![table], |row| {
                row.only()
            })?;
        if seated != players || outcome.players.len() != players.len() {
            return Err(StoreError::Refused(msg!("error.manche.not_seated", count = seated.len())));
        }
        let (payments, pot) = payment_rows(players, outcome)?;
        let input_json = serde_json::to_string(input)?;
        let outcome_json = serde_json::to_string(outcome)?;
        let existing: Option<(Id, String, String)> = tx.query_opt(
            "SELECT id, input, save_key FROM manche WHERE table_id = ?1 AND number = ?2",
            params![table, number],
            |row| Ok((row.get("id")?, row.get("input")?, row.get("save_key")?)),
        )?;
        let id = match (existing, kind) {
            // This very save landed before its answer was lost: nothing to write again.
            (Some((id, _, saved_by)), _) if !key.is_empty() && saved_by == key => return Ok(id),
            (Some(_), SaveKind::New) => {
                drop(tx);
                return Err(self.conflict(table, number, true));
            }
            (None, SaveKind::Correction { .. }) => return Err(StoreError::NotFound(Record::Manche)),
            (Some((id, before, _)), SaveKind::Correction { revision }) => {
                if before == input_json {
                    return Ok(id);
                }
                let changed = tx.execute(
                    "UPDATE manche SET input = ?2, outcome = ?3, outcome_version = ?4, engine_version = ?5, \
                     referee = ?6, entered_at = ?7, save_key = ?8, revision = revision + 1 \
                     WHERE id = ?1 AND revision = ?9",
                    params![
                        id,
                        input_json,
                        outcome_json,
                        OUTCOME_VERSION,
                        ENGINE_VERSION,
                        referee,
                        now(),
                        key,
                        revision
                    ],
                )?;
                if changed == 0 {
                    drop(tx);
                    return Err(self.conflict(table, number, false));
                }
                tx.execute("DELETE FROM payment WHERE manche_id = ?1", params![id])?;
                tx.execute("DELETE FROM pot_payment WHERE manche_id = ?1", params![id])?;
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
            (None, SaveKind::New) => {
                let id = tx.insert(
                    "INSERT INTO manche (table_id, number, input, outcome, outcome_version, engine_version, referee, \
                     entered_at, save_key) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                    params![
                        table,
                        number,
                        input_json,
                        outcome_json,
                        OUTCOME_VERSION,
                        ENGINE_VERSION,
                        referee,
                        now(),
                        key
                    ],
                )?;
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
            let name = outcome.net.get(position).map(|(name, _)| name.as_str());
            let penalty = outcome.penalty_of(name.unwrap_or_default());
            tx.execute(
                "INSERT INTO manche_net (manche_id, player_id, net, mahjong, penalty) VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (manche_id, player_id) DO UPDATE SET net = ?3, mahjong = ?4, penalty = ?5",
                params![id, player, net, mahjong, penalty],
            )?;
        }
        for (seq, payment) in payments.iter().enumerate() {
            tx.execute(
                "INSERT INTO payment (manche_id, seq, from_player, to_player, amount) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, seq, payment.from, payment.to, payment.amount],
            )?;
        }
        for (seq, deposit) in pot.iter().enumerate() {
            tx.execute(
                "INSERT INTO pot_payment (manche_id, seq, player_id, amount) VALUES (?1, ?2, ?3, ?4)",
                params![id, seq, deposit.player, deposit.amount],
            )?;
        }
        tx.commit()?;
        Ok(id)
    }

    /// The refusal of a save that another writer overtook, with the manche as it is saved now.
    fn conflict(&self, table: Id, number: u32, new: bool) -> StoreError {
        match self.table_manches(table).map(|manches| manches.into_iter().find(|m| m.number == number)) {
            Ok(Some(current)) => StoreError::Conflict(Box::new(Conflict { current, new })),
            Ok(None) => StoreError::NotFound(Record::Manche),
            Err(error) => error,
        }
    }

    /// A table's manches in order.
    pub fn table_manches(&self, table: Id) -> StoreResult<Vec<StoredManche>> {
        let rows = self.db.query_map(
            // Driven by the table's seats and its manches' ids (an index), never by the manche rows themselves: a
            // join through `manche` let SQLite walk every manche of each player in every session, reading their
            // JSON, on each confirmation.
            "SELECT mn.manche_id, mn.net FROM manche_net mn \
             JOIN seat ON seat.table_id = ?1 AND seat.player_id = mn.player_id \
             WHERE mn.manche_id IN (SELECT id FROM manche WHERE table_id = ?1) ORDER BY mn.manche_id, seat.position",
            params![table],
            |row| Ok((row.get::<Id>("manche_id")?, row.get::<i64>("net")?)),
        )?;
        let mut nets = grouped(rows);
        let mut payments = self.table_payments(table)?;
        let mut pot = self.table_pot(table)?;
        self.db.query_map(
            "SELECT id, number, input, outcome, engine_version, referee, entered_at, revision FROM manche \
             WHERE table_id = ?1 ORDER BY number",
            params![table],
            |row| {
                let id: Id = row.get("id")?;
                Ok(StoredManche {
                    id,
                    number: row.get("number")?,
                    input: serde_json::from_str(&row.get::<String>("input")?)?,
                    outcome: serde_json::from_str(&row.get::<String>("outcome")?)?,
                    engine_version: row.get("engine_version")?,
                    referee: row.get("referee")?,
                    entered_at: row.get("entered_at")?,
                    revision: row.get("revision")?,
                    nets: nets.remove(&id).unwrap_or_default(),
                    payments: payments.remove(&id).unwrap_or_default(),
                    pot: pot.remove(&id).unwrap_or_default(),
                })
            },
        )
    }

    /// A table's payment rows by manche id, each manche's in order.
    fn table_payments(&self, table: Id) -> StoreResult<HashMap<Id, Vec<StoredPayment>>> {
        let rows = self.db.query_map(
            "SELECT p.manche_id, p.from_player, p.to_player, p.amount FROM payment p \
             JOIN manche m ON m.id = p.manche_id WHERE m.table_id = ?1 ORDER BY p.manche_id, p.seq",
            params![table],
            |row| {
                Ok((
                    row.get::<Id>("manche_id")?,
                    StoredPayment {
                        from: row.get("from_player")?,
                        to: row.get("to_player")?,
                        amount: row.get("amount")?,
                    },
                ))
            },
        )?;
        Ok(grouped(rows))
    }

    /// A table's pot rows by manche id, each manche's in order.
    fn table_pot(&self, table: Id) -> StoreResult<HashMap<Id, Vec<StoredPot>>> {
        let rows = self.db.query_map(
            "SELECT p.manche_id, p.player_id, p.amount FROM pot_payment p \
             JOIN manche m ON m.id = p.manche_id WHERE m.table_id = ?1 ORDER BY p.manche_id, p.seq",
            params![table],
            |row| {
                Ok((
                    row.get::<Id>("manche_id")?,
                    StoredPot { player: row.get("player_id")?, amount: row.get("amount")? },
                ))
            },
        )?;
        Ok(grouped(rows))
    }

    /// Every manche of a tournament as `(table, manche, revision)`, by table then manche: a reader that keeps
    /// the manches it read knows from this which tables to read again (a manche added, corrected or removed).
    pub fn manche_revisions(&self, tournament: Id) -> StoreResult<Vec<(Id, Id, i64)>> {
        self.db.query_map(
            "SELECT m.table_id, m.id, m.revision FROM manche m \
             JOIN session_table st ON st.id = m.table_id JOIN session s ON s.id = st.session_id \
             WHERE s.tournament_id = ?1 ORDER BY m.table_id, m.id",
            params![tournament],
            |row| Ok((row.get("table_id")?, row.get("id")?, row.get("revision")?)),
        )
    }

    /// Per session table that has at least one manche: each player's points and Mah Jongs so far.
    pub fn table_results(&self, tournament: Id) -> StoreResult<Vec<TableResult>> {
        // One pass over the nets, grouped by table and seat (a correlated sum per seat was ~50× slower at 400
        // players × 12 sessions).
        let rows = self.db.query_map(
            "SELECT s.number AS session, m.table_id, mn.player_id, CAST(sum(mn.net) AS BIGINT) AS points, \
               CAST(sum(mn.mahjong) AS BIGINT) AS mahjongs \
             FROM manche m JOIN manche_net mn ON mn.manche_id = m.id \
             JOIN session_table st ON st.id = m.table_id JOIN session s ON s.id = st.session_id \
             JOIN seat ON seat.table_id = m.table_id AND seat.player_id = mn.player_id \
             WHERE s.tournament_id = ?1 GROUP BY s.number, m.table_id, seat.position, mn.player_id \
             ORDER BY m.table_id, seat.position",
            params![tournament],
            |row| {
                Ok((
                    row.get::<u32>("session")?,
                    row.get::<Id>("table_id")?,
                    row.get::<Id>("player_id")?,
                    row.get::<i64>("points")?,
                    row.get::<u32>("mahjongs")?,
                ))
            },
        )?;
        let mut results: Vec<TableResult> = Vec::new();
        let mut current: Option<Id> = None;
        for (session, table, player, points, mahjongs) in rows {
            // Rows come in position order within each table.
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

    /// The points manches took off players' tournament results (a ruleset's penalty scored with a hand), one
    /// `(player, session, points)` per player and session that has any.
    pub fn manche_penalties(&self, tournament: Id) -> StoreResult<Vec<(Id, u32, i64)>> {
        self.db.query_map(
            "SELECT mn.player_id, s.number AS session, CAST(sum(mn.penalty) AS BIGINT) AS points \
             FROM manche_net mn JOIN manche m ON m.id = mn.manche_id \
             JOIN session_table st ON st.id = m.table_id JOIN session s ON s.id = st.session_id \
             WHERE s.tournament_id = ?1 AND mn.penalty > 0 GROUP BY mn.player_id, s.number",
            params![tournament],
            |row| Ok((row.get::<Id>("player_id")?, row.get::<u32>("session")?, row.get::<i64>("points")?)),
        )
    }

    /// A player's nets in order: `(session, manche, net)`.
    pub fn player_nets(&self, player: Id) -> StoreResult<Vec<(u32, u32, i64)>> {
        self.db.query_map(
            "SELECT s.number AS session, m.number AS manche, mn.net FROM manche_net mn JOIN manche m ON m.id = mn.manche_id \
             JOIN session_table st ON st.id = m.table_id JOIN session s ON s.id = st.session_id \
             WHERE mn.player_id = ?1 ORDER BY s.number, m.number",
            params![player],
            |row| Ok((row.get("session")?, row.get("manche")?, row.get("net")?)),
        )
    }

    /// How many manches each seated table of the tournament has (tables without any are absent).
    pub fn manche_counts(&self, tournament: Id) -> StoreResult<HashMap<Id, usize>> {
        let rows = self.db.query_map(
            "SELECT m.table_id, count(*) AS manches FROM manche m JOIN session_table st ON st.id = m.table_id \
             JOIN session s ON s.id = st.session_id WHERE s.tournament_id = ?1 GROUP BY m.table_id",
            params![tournament],
            |row| Ok((row.get::<Id>("table_id")?, row.get::<usize>("manches")?)),
        )?;
        Ok(rows.into_iter().collect())
    }

    /// How many manches the tournament has.
    pub fn manche_count(&self, tournament: Id) -> StoreResult<i64> {
        self.db.value(
            "SELECT count(*) FROM manche m JOIN session_table st ON st.id = m.table_id \
             JOIN session s ON s.id = st.session_id WHERE s.tournament_id = ?1",
            params![tournament],
        )
    }
}
