//! Players: add, edit, withdraw (all audited), list, and an all-or-nothing import.

use super::db::{Db, Row, params};

use super::guards::{player_of, writable};
use crate::msg;

use super::{Record, Store, StoreError, StoreResult};
use crate::message::Explain;
use crate::tournament::{Id, PlayerData};

/// A stored player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Id.
    pub id: Id,
    /// Tournament.
    pub tournament_id: Id,
    /// Details.
    pub data: PlayerData,
}

fn player_from_row(row: &Row) -> StoreResult<Player> {
    Ok(Player {
        id: row.get("id")?,
        tournament_id: row.get("tournament_id")?,
        data: PlayerData {
            name: row.get("name")?,
            club: row.get("club")?,
            country: row.get("country")?,
            federation_id: row.get("federation_id")?,
            substitute: row.get("substitute")?,
            withdrawn: row.get("withdrawn")?,
            team: row.get("team")?,
        },
    })
}

const COLUMNS: &str = "id, tournament_id, name, club, country, federation_id, substitute, withdrawn, team";

fn insert(tx: &Db, tournament: Id, data: &PlayerData, referee: &str) -> StoreResult<Id> {
    if let Some(problem) = data.problem() {
        return Err(StoreError::Refused(problem));
    }
    let data = data.trimmed();
    let taken: bool = tx.value(
        "SELECT EXISTS (SELECT 1 FROM player WHERE tournament_id = ?1 AND name = ?2)",
        params![tournament, data.name],
    )?;
    if taken {
        return Err(StoreError::Refused(msg!("error.player.duplicate", name = data.name)));
    }
    federation_number(tx, tournament, &data, None)?;
    room_in_team(tx, tournament, &data, None)?;
    let id = tx.insert(
        "INSERT INTO player (tournament_id, name, club, country, federation_id, substitute, withdrawn, team) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            tournament,
            data.name,
            data.club,
            data.country,
            data.federation_id,
            data.substitute,
            data.withdrawn,
            data.team
        ],
    )?;
    super::audit::Change {
        tournament,
        referee,
        entity: "player",
        entity_id: id,
        action: "add",
        before: None,
        after: Some(&serde_json::to_string(&data)?),
    }
    .append(tx)?;
    Ok(id)
}

/// A player's federation number checked in `tournament`: of the shape its settings set, and nobody else's
/// (`except`: the player being changed).
fn federation_number(tx: &Db, tournament: Id, data: &PlayerData, except: Option<Id>) -> StoreResult<()> {
    if data.federation_id.is_empty() {
        return Ok(());
    }
    let format: String = tx.value("SELECT federation_format FROM tournament WHERE id = ?1", params![tournament])?;
    if let Some(problem) = crate::tournament::federation_problem(&data.federation_id, &format) {
        let about = msg!("manche.error.about_player", player = data.name).arg_message("reason", problem);
        return Err(StoreError::Refused(about));
    }
    let other: Option<String> = tx.query_opt(
        "SELECT name FROM player WHERE tournament_id = ?1 AND federation_id = ?2 AND id <> ?3",
        params![tournament, data.federation_id, except.unwrap_or(-1)],
        |row| row.get("name"),
    )?;
    match other {
        Some(other) => Err(StoreError::Refused(msg!(
            "error.player.federation_taken",
            name = data.name,
            number = data.federation_id,
            other = other
        ))),
        None => Ok(()),
    }
}

/// A player's team checked in `tournament`: it has room for one more (`except`: the player being changed).
fn room_in_team(tx: &Db, tournament: Id, data: &PlayerData, except: Option<Id>) -> StoreResult<()> {
    if data.team.is_empty() {
        return Ok(());
    }
    let size: i64 = tx.value("SELECT team_size FROM tournament WHERE id = ?1", params![tournament])?;
    let members: i64 = tx.value(
        "SELECT COUNT(*) FROM player WHERE tournament_id = ?1 AND team = ?2 AND id <> ?3",
        params![tournament, data.team, except.unwrap_or(-1)],
    )?;
    if members >= size {
        return Err(StoreError::Refused(msg!(
            "error.player.team_full",
            name = data.name,
            team = data.team,
            size = size
        )));
    }
    Ok(())
}

impl Store {
    /// Registers a player.
    pub fn add_player(&mut self, tournament: Id, data: &PlayerData, referee: &str) -> StoreResult<Id> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        room_for(&tx, tournament, 1)?;
        let id = insert(&tx, tournament, data, referee)?;
        tx.commit()?;
        Ok(id)
    }

    /// Registers many players at once: all of them or, on the first problem, none.
    pub fn import_players(&mut self, tournament: Id, players: &[PlayerData], referee: &str) -> StoreResult<Vec<Id>> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        room_for(&tx, tournament, players.len())?;
        let mut ids = Vec::with_capacity(players.len());
        for (row, data) in players.iter().enumerate() {
            let id = insert(&tx, tournament, data, referee).map_err(|e| {
                StoreError::Refused(msg!("error.import.line", line = row + 1).arg_message("why", e.message()))
            })?;
            ids.push(id);
        }
        tx.commit()?;
        Ok(ids)
    }

    /// Changes the details of a player of `tournament` (including withdrawal); audited with before and after.
    pub fn update_player(&mut self, tournament: Id, id: Id, data: &PlayerData, referee: &str) -> StoreResult<()> {
        if let Some(problem) = data.problem() {
            return Err(StoreError::Refused(problem));
        }
        let data = data.trimmed();
        let tx = self.write()?;
        writable(&tx, tournament)?;
        player_of(&tx, tournament, id)?;
        let before =
            tx.query_row(&format!("SELECT {COLUMNS} FROM player WHERE id = ?1"), params![id], player_from_row)?;
        if before.data == data {
            return Ok(());
        }
        let clash: bool = tx.value(
            "SELECT EXISTS (SELECT 1 FROM player WHERE tournament_id = ?1 AND name = ?2 AND id <> ?3)",
            params![before.tournament_id, data.name, id],
        )?;
        if clash {
            return Err(StoreError::Refused(msg!("error.player.duplicate", name = data.name)));
        }
        if data.federation_id != before.data.federation_id {
            federation_number(&tx, before.tournament_id, &data, Some(id))?;
        }
        if data.team != before.data.team {
            room_in_team(&tx, before.tournament_id, &data, Some(id))?;
        }
        tx.execute(
            "UPDATE player SET name = ?2, club = ?3, country = ?4, federation_id = ?5, substitute = ?6, \
             withdrawn = ?7, team = ?8 WHERE id = ?1",
            params![
                id,
                data.name,
                data.club,
                data.country,
                data.federation_id,
                data.substitute,
                data.withdrawn,
                data.team
            ],
        )?;
        let action = match (before.data.withdrawn, data.withdrawn) {
            (false, true) => "withdraw",
            (true, false) => "reinstate",
            _ => "edit",
        };
        super::audit::Change {
            tournament: before.tournament_id,
            referee,
            entity: "player",
            entity_id: id,
            action,
            before: Some(&serde_json::to_string(&before.data)?),
            after: Some(&serde_json::to_string(&data)?),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Deletes a player of `tournament` who has no results, no seat and no penalty (a registration made by
    /// mistake); the audit log keeps the record. Anyone else is withdrawn instead.
    pub fn delete_player(&mut self, tournament: Id, id: Id, referee: &str) -> StoreResult<()> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        player_of(&tx, tournament, id)?;
        let before =
            tx.query_row(&format!("SELECT {COLUMNS} FROM player WHERE id = ?1"), params![id], player_from_row)?;
        let (manches, seats, penalties): (i64, i64, i64) = tx.query_row(
            "SELECT (SELECT count(*) FROM manche_net WHERE player_id = ?1) AS manches, \
                    (SELECT count(*) FROM seat WHERE player_id = ?1) AS seats, \
                    (SELECT count(*) FROM penalty WHERE player_id = ?1) AS penalties",
            params![id],
            |row| Ok((row.get("manches")?, row.get("seats")?, row.get("penalties")?)),
        )?;
        let name = &before.data.name;
        if manches > 0 || penalties > 0 {
            return Err(StoreError::Refused(msg!("error.player.has_record", name = name)));
        }
        if seats > 0 {
            return Err(StoreError::Refused(msg!("error.player.seated", name = name)));
        }
        tx.execute("DELETE FROM player WHERE id = ?1", params![id])?;
        super::audit::Change {
            tournament,
            referee,
            entity: "player",
            entity_id: id,
            action: "delete",
            before: Some(&serde_json::to_string(&before.data)?),
            after: None,
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// One player.
    pub fn player(&self, id: Id) -> StoreResult<Player> {
        self.db
            .query_opt(&format!("SELECT {COLUMNS} FROM player WHERE id = ?1"), params![id], player_from_row)?
            .ok_or(StoreError::NotFound(Record::Player))
    }

    /// The tournament's players in registration order.
    pub fn players(&self, tournament: Id) -> StoreResult<Vec<Player>> {
        self.db.query_map(
            &format!("SELECT {COLUMNS} FROM player WHERE tournament_id = ?1 ORDER BY id"),
            params![tournament],
            player_from_row,
        )
    }
}

/// A tournament holds at most as many players as a seating can seat ([`stecca_core::seating::MAX_PLAYERS`]): one
/// limit, said when players are registered rather than when the first seating is generated.
fn room_for(tx: &Db, tournament: Id, adding: usize) -> StoreResult<()> {
    let registered: i64 = tx.value("SELECT count(*) FROM player WHERE tournament_id = ?1", params![tournament])?;
    let registered = usize::try_from(registered).unwrap_or(usize::MAX);
    let max = stecca_core::seating::MAX_PLAYERS;
    if registered.saturating_add(adding) > max {
        return Err(StoreError::Refused(msg!(
            "error.player.too_many",
            max = max,
            registered = registered,
            adding = adding
        )));
    }
    Ok(())
}
