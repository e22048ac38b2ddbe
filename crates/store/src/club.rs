//! The treasurer's book: clubs, members, evenings (each played as a one-session tournament), final chip
//! counts, and the append-only ledger. Every row written is checked to be of the club named.

use std::collections::HashMap;

use super::db::{Db, Row, params};
use chrono::NaiveDate;

use super::{Record, Store, StoreError, StoreResult, now};
use crate::ledger::{Cents, ChipValue, ClubSettings, EntryKind, MAX_AMOUNT, MemberData, avoid_under_problem};
use crate::msg;
use crate::tournament::Id;
use crate::tournament::registration::control_character;

/// A stored club.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Club {
    /// Id.
    pub id: Id,
    /// Settings.
    pub settings: ClubSettings,
}

/// A stored member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Id.
    pub id: Id,
    /// The club.
    pub club_id: Id,
    /// Details.
    pub data: MemberData,
}

/// A stored evening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evening {
    /// Id.
    pub id: Id,
    /// The club.
    pub club_id: Id,
    /// The day it was played.
    pub date: NaiveDate,
    /// The one-session tournament its tables are played in.
    pub tournament_id: Id,
    /// When its results were posted to the ledger (`None`: still open).
    pub closed_at: Option<String>,
}

/// An entry to append to the ledger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewEntry {
    /// The member whose balance it changes.
    pub member: Id,
    /// The evening it belongs to, if any.
    pub evening: Option<Id>,
    /// What it records.
    pub kind: EntryKind,
    /// Signed amount in cents (positive: the club owes the member more).
    pub amount: Cents,
    /// How cash moved ("contanti", "bonifico"), for cash entries.
    pub method: String,
    /// Free note (a correction's reason).
    pub note: String,
    /// The entry a correction corrects.
    pub corrects: Option<Id>,
    /// The other member of a transfer.
    pub counterpart: Option<Id>,
}

impl NewEntry {
    /// An entry of `kind` for `amount`, with nothing else said.
    pub fn new(member: Id, evening: Option<Id>, kind: EntryKind, amount: Cents) -> NewEntry {
        NewEntry {
            member,
            evening,
            kind,
            amount,
            method: String::new(),
            note: String::new(),
            corrects: None,
            counterpart: None,
        }
    }
}

/// A stored ledger entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerEntry {
    /// Sequence number (the ledger's order).
    pub id: Id,
    /// The club.
    pub club_id: Id,
    /// What was appended.
    pub entry: NewEntry,
    /// The treasurer who wrote it.
    pub treasurer: String,
    /// When (RFC 3339).
    pub at: String,
}

fn club_from_row(row: &Row) -> StoreResult<Club> {
    let raw: i64 = row.get("chip_value")?;
    Ok(Club {
        id: row.get("id")?,
        settings: ClubSettings {
            name: row.get("name")?,
            rules: row.get("rules")?,
            // The schema's CHECK keeps the value above zero.
            chip_value: ChipValue::from_raw(raw).unwrap_or(ChipValue::cents(1)),
            table_fee: row.get("table_fee")?,
            starting_chips: row.get("starting_chips")?,
            avoid_under: row.get("avoid_under")?,
        },
    })
}

fn member_from_row(row: &Row) -> StoreResult<Member> {
    Ok(Member {
        id: row.get("id")?,
        club_id: row.get("club_id")?,
        data: MemberData {
            name: row.get("name")?,
            number: row.get("number")?,
            country: row.get("country")?,
            federation_id: row.get("federation_id")?,
        },
    })
}

fn evening_from_row(row: &Row) -> StoreResult<Evening> {
    let date: String = row.get("date")?;
    Ok(Evening {
        id: row.get("id")?,
        club_id: row.get("club_id")?,
        date: NaiveDate::parse_from_str(&date, "%Y-%m-%d").unwrap_or_default(),
        tournament_id: row.get("tournament_id")?,
        closed_at: row.get("closed_at")?,
    })
}

fn entry_from_row(row: &Row) -> StoreResult<LedgerEntry> {
    let kind: String = row.get("kind")?;
    Ok(LedgerEntry {
        id: row.get("id")?,
        club_id: row.get("club_id")?,
        entry: NewEntry {
            member: row.get("member_id")?,
            evening: row.get("evening_id")?,
            // The schema's CHECK keeps the kind one of these.
            kind: EntryKind::from_code(&kind).unwrap_or(EntryKind::Correction),
            amount: row.get("amount")?,
            method: row.get("method")?,
            note: row.get("note")?,
            corrects: row.get("corrects")?,
            counterpart: row.get("counterpart")?,
        },
        treasurer: row.get("treasurer")?,
        at: row.get("at")?,
    })
}

const CLUB: &str = "SELECT id, name, rules, chip_value, table_fee, starting_chips, avoid_under FROM club";
const MEMBER: &str = "SELECT id, club_id, name, number, country, federation_id FROM member";
const EVENING: &str = "SELECT id, club_id, date, tournament_id, closed_at FROM evening";
const ENTRY: &str = "SELECT id, club_id, member_id, evening_id, kind, amount, method, treasurer, note, corrects, \
                     counterpart, at FROM ledger_entry";

/// Refuses a club that does not exist.
fn club_exists(tx: &Db, club: Id) -> StoreResult<()> {
    let found: bool = tx.value("SELECT EXISTS (SELECT 1 FROM club WHERE id = ?1)", params![club])?;
    if found { Ok(()) } else { Err(StoreError::NotFound(Record::Club)) }
}

/// Refuses a member who is not of `club`.
fn member_of(tx: &Db, club: Id, member: Id) -> StoreResult<()> {
    let owner: Option<Id> =
        tx.query_opt("SELECT club_id FROM member WHERE id = ?1", params![member], |row| row.only())?;
    match owner {
        None => Err(StoreError::NotFound(Record::Member)),
        Some(owner) if owner == club => Ok(()),
        Some(_) => Err(StoreError::Refused(msg!("error.club.other_club"))),
    }
}

/// The evening if it is of `club`.
fn evening_of(tx: &Db, club: Id, evening: Id) -> StoreResult<Evening> {
    let found = tx.query_opt(&format!("{EVENING} WHERE id = ?1"), params![evening], evening_from_row)?;
    match found {
        None => Err(StoreError::NotFound(Record::Evening)),
        Some(found) if found.club_id == club => Ok(found),
        Some(_) => Err(StoreError::Refused(msg!("error.club.other_club"))),
    }
}

fn insert_entry(tx: &Db, club: Id, entry: &NewEntry, treasurer: &str, at: &str) -> StoreResult<Id> {
    member_of(tx, club, entry.member)?;
    if let Some(evening) = entry.evening {
        evening_of(tx, club, evening)?;
    }
    if let Some(other) = entry.counterpart {
        member_of(tx, club, other)?;
    }
    if let Some(corrected) = entry.corrects {
        let owner: Option<(Id, Id)> =
            tx.query_opt("SELECT club_id, member_id FROM ledger_entry WHERE id = ?1", params![corrected], |row| {
                Ok((row.get("club_id")?, row.get("member_id")?))
            })?;
        match owner {
            None => return Err(StoreError::NotFound(Record::LedgerEntry)),
            Some((owner, _)) if owner != club => return Err(StoreError::Refused(msg!("error.club.other_club"))),
            Some((_, member)) if member != entry.member => {
                return Err(StoreError::Refused(msg!("error.ledger.correct_member", entry = corrected)));
            }
            Some(_) => {}
        }
    }
    // Every writer's free text (cash forms, `--method` of a settle-up paid) is checked here, once.
    for (field, text) in [(msg!("field.method"), &entry.method), (msg!("field.note"), &entry.note)] {
        if let Some(problem) = control_character(field, text) {
            return Err(StoreError::Refused(problem));
        }
    }
    if entry.amount == 0 && entry.kind != EntryKind::Result {
        return Err(StoreError::Refused(msg!("error.ledger.zero")));
    }
    if entry.amount.abs() > MAX_AMOUNT {
        return Err(StoreError::Refused(msg!("error.money.range", text = entry.amount)));
    }
    tx.insert(
        "INSERT INTO ledger_entry (club_id, member_id, evening_id, kind, amount, method, treasurer, note, corrects, \
         counterpart, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            club,
            entry.member,
            entry.evening,
            entry.kind.code(),
            entry.amount,
            entry.method.trim(),
            treasurer,
            entry.note.trim(),
            entry.corrects,
            entry.counterpart,
            at
        ],
    )
}

impl Store {
    /// Creates a club (settings checked here too: nothing half-valid is saved).
    pub fn create_club(&mut self, settings: &ClubSettings) -> StoreResult<Id> {
        if let Some(problem) = settings.problem() {
            return Err(StoreError::Refused(problem));
        }
        let tx = self.write()?;
        let name = settings.name.trim();
        let taken: bool = tx.value("SELECT EXISTS (SELECT 1 FROM club WHERE name = ?1)", params![name])?;
        if taken {
            return Err(StoreError::Refused(msg!("error.club.duplicate", name = name)));
        }
        let id = tx.insert(
            "INSERT INTO club (name, rules, chip_value, table_fee, starting_chips, avoid_under, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                name,
                settings.rules,
                settings.chip_value.raw(),
                settings.table_fee,
                settings.starting_chips,
                settings.avoid_under,
                now()
            ],
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// Sets the amount under which the club's settle-ups avoid transfers (it moves no money, so it may change
    /// at any time).
    pub fn set_avoid_under(&mut self, club: Id, amount: Cents) -> StoreResult<()> {
        if let Some(problem) = avoid_under_problem(amount) {
            return Err(StoreError::Refused(problem));
        }
        let tx = self.write()?;
        club_exists(&tx, club)?;
        tx.execute("UPDATE club SET avoid_under = ?1 WHERE id = ?2", params![amount, club])?;
        tx.commit()?;
        Ok(())
    }

    /// Every club, by name.
    pub fn clubs(&self) -> StoreResult<Vec<Club>> {
        self.db.query_map(&format!("{CLUB} ORDER BY name"), &[], club_from_row)
    }

    /// One club.
    pub fn club(&self, id: Id) -> StoreResult<Club> {
        self.db
            .query_opt(&format!("{CLUB} WHERE id = ?1"), params![id], club_from_row)?
            .ok_or(StoreError::NotFound(Record::Club))
    }

    /// Adds a member to a club.
    pub fn add_member(&mut self, club: Id, data: &MemberData) -> StoreResult<Id> {
        if let Some(problem) = data.problem() {
            return Err(StoreError::Refused(problem));
        }
        let data = data.trimmed();
        let tx = self.write()?;
        club_exists(&tx, club)?;
        let taken: bool = tx
            .value("SELECT EXISTS (SELECT 1 FROM member WHERE club_id = ?1 AND name = ?2)", params![club, data.name])?;
        if taken {
            return Err(StoreError::Refused(msg!("error.player.duplicate", name = data.name)));
        }
        let id = tx.insert(
            "INSERT INTO member (club_id, name, number, country, federation_id) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![club, data.name, data.number, data.country, data.federation_id],
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// The club's members, by name.
    pub fn members(&self, club: Id) -> StoreResult<Vec<Member>> {
        self.db.query_map(&format!("{MEMBER} WHERE club_id = ?1 ORDER BY name, id"), params![club], member_from_row)
    }

    /// Records an evening of `club` played in `tournament` (created for it), with who played as which player.
    pub fn add_evening(&mut self, club: Id, date: NaiveDate, tournament: Id, players: &[(Id, Id)]) -> StoreResult<Id> {
        let tx = self.write()?;
        club_exists(&tx, club)?;
        let evening = tx.insert(
            "INSERT INTO evening (club_id, date, tournament_id) VALUES (?1, ?2, ?3)",
            params![club, date.format("%Y-%m-%d").to_string(), tournament],
        )?;
        for (member, player) in players {
            member_of(&tx, club, *member)?;
            super::guards::player_of(&tx, tournament, *player)?;
            tx.execute(
                "INSERT INTO evening_member (evening_id, member_id, player_id) VALUES (?1, ?2, ?3)",
                params![evening, member, player],
            )?;
        }
        tx.commit()?;
        Ok(evening)
    }

    /// The club's evenings, newest first.
    pub fn evenings(&self, club: Id) -> StoreResult<Vec<Evening>> {
        self.db.query_map(
            &format!("{EVENING} WHERE club_id = ?1 ORDER BY date DESC, id DESC"),
            params![club],
            evening_from_row,
        )
    }

    /// One evening.
    pub fn evening(&self, id: Id) -> StoreResult<Evening> {
        self.db
            .query_opt(&format!("{EVENING} WHERE id = ?1"), params![id], evening_from_row)?
            .ok_or(StoreError::NotFound(Record::Evening))
    }

    /// Who played in the evening: `(member, player)`.
    pub fn evening_players(&self, evening: Id) -> StoreResult<Vec<(Id, Id)>> {
        self.db.query_map(
            "SELECT member_id, player_id FROM evening_member WHERE evening_id = ?1 ORDER BY player_id",
            params![evening],
            |row| Ok((row.get("member_id")?, row.get("player_id")?)),
        )
    }

    /// Replaces the final chip counts of one of the evening's tables. Refused once the evening is closed, for
    /// a table of another evening, and for a table whose manches were entered (its result comes from them).
    pub fn save_chip_counts(&mut self, club: Id, evening: Id, table: Id, counts: &[(Id, i64)]) -> StoreResult<()> {
        let tx = self.write()?;
        let found = evening_of(&tx, club, evening)?;
        if found.closed_at.is_some() {
            return Err(StoreError::Refused(msg!("error.evening.closed")));
        }
        super::guards::table_of(&tx, found.tournament_id, table)?;
        let manches: bool = tx.value("SELECT EXISTS (SELECT 1 FROM manche WHERE table_id = ?1)", params![table])?;
        if manches {
            return Err(StoreError::Refused(msg!("error.evening.has_manches")));
        }
        tx.execute("DELETE FROM chip_count WHERE table_id = ?1", params![table])?;
        for (player, chips) in counts {
            tx.execute(
                "INSERT INTO chip_count (table_id, player_id, chips) VALUES (?1, ?2, ?3)",
                params![table, player, chips],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The evening's final chip counts, by table: `player → chips`.
    pub fn chip_counts(&self, evening: Id) -> StoreResult<HashMap<Id, HashMap<Id, i64>>> {
        let rows: Vec<(Id, Id, i64)> = self.db.query_map(
            "SELECT c.table_id, c.player_id, c.chips FROM chip_count c JOIN session_table st ON st.id = c.table_id \
             JOIN session s ON s.id = st.session_id JOIN evening e ON e.tournament_id = s.tournament_id \
             WHERE e.id = ?1",
            params![evening],
            |row| Ok((row.get("table_id")?, row.get("player_id")?, row.get("chips")?)),
        )?;
        let mut counts: HashMap<Id, HashMap<Id, i64>> = HashMap::new();
        for (table, player, chips) in rows {
            counts.entry(table).or_default().insert(player, chips);
        }
        Ok(counts)
    }

    /// Closes the evening and posts its entries, in one transaction; refused if it was closed already. Its
    /// tournament is archived with it.
    pub fn close_evening(&mut self, club: Id, evening: Id, entries: &[NewEntry], treasurer: &str) -> StoreResult<()> {
        let tx = self.write()?;
        let found = evening_of(&tx, club, evening)?;
        if found.closed_at.is_some() {
            return Err(StoreError::Refused(msg!("error.evening.closed")));
        }
        let at = now();
        for entry in entries {
            if entry.evening != Some(evening) {
                return Err(StoreError::Refused(msg!("error.club.other_club")));
            }
            insert_entry(&tx, club, entry, treasurer, &at)?;
        }
        tx.execute("UPDATE evening SET closed_at = ?1 WHERE id = ?2", params![at, evening])?;
        // Its tables become read-only: a manche entered now would change a result already in the ledger.
        tx.execute("UPDATE tournament SET archived_at = ?1 WHERE id = ?2", params![at, found.tournament_id])?;
        tx.commit()?;
        Ok(())
    }

    /// Appends entries to the club's ledger: all of them or, on the first problem, none.
    pub fn append_entries(&mut self, club: Id, entries: &[NewEntry], treasurer: &str) -> StoreResult<Vec<Id>> {
        let tx = self.write()?;
        club_exists(&tx, club)?;
        let at = now();
        let ids =
            entries.iter().map(|entry| insert_entry(&tx, club, entry, treasurer, &at)).collect::<Result<_, _>>()?;
        tx.commit()?;
        Ok(ids)
    }

    /// One entry of the club's ledger.
    pub fn ledger_entry(&self, club: Id, id: Id) -> StoreResult<LedgerEntry> {
        let found = self.db.query_opt(&format!("{ENTRY} WHERE id = ?1"), params![id], entry_from_row)?;
        match found {
            None => Err(StoreError::NotFound(Record::LedgerEntry)),
            Some(entry) if entry.club_id == club => Ok(entry),
            Some(_) => Err(StoreError::Refused(msg!("error.club.other_club"))),
        }
    }

    /// The club's whole ledger, in the order it was written.
    pub fn ledger(&self, club: Id) -> StoreResult<Vec<LedgerEntry>> {
        self.db.query_map(&format!("{ENTRY} WHERE club_id = ?1 ORDER BY id"), params![club], entry_from_row)
    }
}
