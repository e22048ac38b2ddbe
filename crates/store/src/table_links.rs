//! Each table's link for a session (the secret token a phone at the table opens its form with, and the players'
//! PINs printed on the table's slip) and the manches those phones send: proposals, waiting until the referee
//! confirms one (it becomes the manche, in the same transaction), rejects it with a reason, or enters that
//! manche at the desk first.

use ring::rand::{SecureRandom, SystemRandom};

use super::db::{Db, Row, params};
use super::guards::writable;
use super::{Record, Store, StoreError, StoreResult, now};
use crate::msg;
use crate::tournament::Id;

/// How many random bytes a token has: 160 bits, written as 40 hexadecimal digits (at least 128 bits are asked of
/// a link that opens a table's form in a hall full of phones).
const TOKEN_BYTES: usize = 20;

/// How many digits a player's PIN has.
const PIN_DIGITS: u32 = 4;

/// A table's link for one session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableLink {
    /// Id.
    pub id: Id,
    /// The tournament.
    pub tournament: Id,
    /// The session number.
    pub session: u32,
    /// The table number in the session.
    pub table: u32,
    /// The secret the link carries.
    pub token: String,
    /// Each player's PIN by seat position, printed on the table's slip.
    pub pins: Vec<String>,
    /// The players seated when it was made, by position.
    pub players: Vec<Id>,
    /// When it was made.
    pub created_at: String,
    /// When the referee revoked it (`None`: it opens the table's form).
    pub revoked_at: Option<String>,
}

/// Where a proposal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProposalState {
    /// Waiting for the referee.
    Waiting,
    /// Confirmed: it is the manche now.
    Confirmed,
    /// Rejected, with a reason the phone shows.
    Rejected,
    /// The desk entered that manche first: nothing left to confirm.
    Withdrawn,
}

impl ProposalState {
    fn column(self) -> &'static str {
        match self {
            ProposalState::Waiting => "waiting",
            ProposalState::Confirmed => "confirmed",
            ProposalState::Rejected => "rejected",
            ProposalState::Withdrawn => "withdrawn",
        }
    }

    fn from_column(text: &str) -> StoreResult<ProposalState> {
        Ok(match text {
            "waiting" => ProposalState::Waiting,
            "confirmed" => ProposalState::Confirmed,
            "rejected" => ProposalState::Rejected,
            "withdrawn" => ProposalState::Withdrawn,
            other => {
                return Err(StoreError::Column(msg!(
                    "error.store.column_word",
                    column = "proposal.state",
                    found = other
                )));
            }
        })
    }
}

/// A manche a table's phone sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// Id.
    pub id: Id,
    /// The tournament.
    pub tournament: Id,
    /// The link it came through.
    pub link: Id,
    /// The session number.
    pub session: u32,
    /// The table number.
    pub table: u32,
    /// The manche number it is for.
    pub number: u32,
    /// The manche as typed on the phone (the desk's typed entry, as JSON).
    pub entry: String,
    /// Which phone sent it (its address and what it says it is).
    pub sender: String,
    /// When.
    pub sent_at: String,
    /// Every player of the table confirmed it with their PIN.
    pub pins_given: bool,
    /// Where it stands.
    pub state: ProposalState,
    /// Why it was rejected.
    pub reason: String,
    /// Who confirmed or rejected it.
    pub decided_by: String,
    /// When.
    pub decided_at: Option<String>,
    /// The manche it became.
    pub manche: Option<Id>,
}

/// A proposal as sent: what the phone says.
#[derive(Clone, Copy, Debug)]
pub struct NewProposal<'a> {
    /// The manche number it is for.
    pub number: u32,
    /// The typed entry as JSON.
    pub entry: &'a str,
    /// Which phone sent it.
    pub sender: &'a str,
    /// Every player confirmed it with their PIN.
    pub pins_given: bool,
}

/// What became of a proposal sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proposed {
    /// It waits for the referee.
    Queued(Id),
    /// The same manche was already sent (by another phone, or this one again): it waits once.
    AlreadyQueued(Id),
}

const LINK_COLUMNS: &str = "id, tournament_id, session, table_number, token, pins, players, created_at, revoked_at";
const PROPOSAL_COLUMNS: &str = "id, tournament_id, link_id, session, table_number, number, entry, sender, sent_at, \
                                pins_given, state, reason, decided_by, decided_at, manche_id";

fn link_from_row(row: &Row) -> StoreResult<TableLink> {
    let pins: String = row.get("pins")?;
    let players: String = row.get("players")?;
    Ok(TableLink {
        id: row.get("id")?,
        tournament: row.get("tournament_id")?,
        session: row.get("session")?,
        table: row.get("table_number")?,
        token: row.get("token")?,
        pins: serde_json::from_str(&pins)?,
        players: serde_json::from_str(&players)?,
        created_at: row.get("created_at")?,
        revoked_at: row.get("revoked_at")?,
    })
}

fn proposal_from_row(row: &Row) -> StoreResult<Proposal> {
    let state: String = row.get("state")?;
    Ok(Proposal {
        id: row.get("id")?,
        tournament: row.get("tournament_id")?,
        link: row.get("link_id")?,
        session: row.get("session")?,
        table: row.get("table_number")?,
        number: row.get("number")?,
        entry: row.get("entry")?,
        sender: row.get("sender")?,
        sent_at: row.get("sent_at")?,
        pins_given: row.get("pins_given")?,
        state: ProposalState::from_column(&state)?,
        reason: row.get("reason")?,
        decided_by: row.get("decided_by")?,
        decided_at: row.get("decided_at")?,
        manche: row.get("manche_id")?,
    })
}

/// Random bytes from the system's generator (the one TLS uses).
fn random_bytes<const N: usize>() -> StoreResult<[u8; N]> {
    let mut bytes = [0u8; N];
    SystemRandom::new().fill(&mut bytes).map_err(|_| StoreError::Refused(msg!("error.link.no_randomness")))?;
    Ok(bytes)
}

/// A new token: [`TOKEN_BYTES`] random bytes in lowercase hexadecimal.
fn new_token() -> StoreResult<String> {
    Ok(random_bytes::<TOKEN_BYTES>()?.iter().map(|b| format!("{b:02x}")).collect())
}

/// `count` PINs of [`PIN_DIGITS`] digits, all different, so that no player can confirm for another by their own.
fn new_pins(count: usize) -> StoreResult<Vec<String>> {
    let bound = 10u32.pow(PIN_DIGITS);
    let mut pins: Vec<String> = Vec::with_capacity(count);
    while pins.len() < count {
        let value = u32::from_le_bytes(random_bytes::<4>()?) % bound;
        let pin = format!("{value:0width$}", width = PIN_DIGITS as usize);
        if !pins.contains(&pin) {
            pins.push(pin);
        }
    }
    Ok(pins)
}

/// The seated tables of session `session` as (number, players by position).
fn session_tables(tx: &Db, tournament: Id, session: u32) -> StoreResult<Vec<(u32, Vec<Id>)>> {
    let seats: Vec<(u32, Id)> = tx.query_map(
        "SELECT st.number AS number, seat.player_id AS player FROM session_table st \
         JOIN session s ON s.id = st.session_id JOIN seat ON seat.table_id = st.id \
         WHERE s.tournament_id = ?1 AND s.number = ?2 ORDER BY st.number, seat.position",
        params![tournament, session],
        |row| Ok((row.get("number")?, row.get("player")?)),
    )?;
    let mut tables: Vec<(u32, Vec<Id>)> = Vec::new();
    for (number, player) in seats {
        match tables.last_mut() {
            Some((last, players)) if *last == number => players.push(player),
            _ => tables.push((number, vec![player])),
        }
    }
    Ok(tables)
}

/// The live link of a table, if it has one.
fn live_link(tx: &Db, tournament: Id, session: u32, table: u32) -> StoreResult<Option<TableLink>> {
    tx.query_opt(
        &format!(
            "SELECT {LINK_COLUMNS} FROM table_link \
             WHERE tournament_id = ?1 AND session = ?2 AND table_number = ?3 AND revoked_at IS NULL"
        ),
        params![tournament, session, table],
        link_from_row,
    )
}

/// Makes a link for a table, audited.
fn make_link(tx: &Db, tournament: Id, session: u32, table: u32, seated: &[Id], referee: &str) -> StoreResult<()> {
    let pins = serde_json::to_string(&new_pins(seated.len())?)?;
    let players = serde_json::to_string(seated)?;
    let id = tx.insert(
        "INSERT INTO table_link (tournament_id, session, table_number, token, pins, players, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![tournament, session, table, new_token()?, pins, players, now()],
    )?;
    // The token is a secret: the log says which table got a link, never what it is.
    let after = serde_json::json!({"session": session, "table": table}).to_string();
    super::audit::Change {
        tournament,
        referee,
        entity: "table_link",
        entity_id: id,
        action: "issue",
        before: None,
        after: Some(&after),
    }
    .append(tx)
}

/// Revokes a table's live link (and withdraws nothing: its waiting proposals stay for the referee), audited.
fn revoke_link(tx: &Db, link: &TableLink, referee: &str) -> StoreResult<()> {
    tx.execute("UPDATE table_link SET revoked_at = ?2 WHERE id = ?1", params![link.id, now()])?;
    let before = serde_json::json!({"session": link.session, "table": link.table}).to_string();
    super::audit::Change {
        tournament: link.tournament,
        referee,
        entity: "table_link",
        entity_id: link.id,
        action: "revoke",
        before: Some(&before),
        after: None,
    }
    .append(tx)
}

impl Store {
    /// The live links of session `session`'s tables, by table number: a table seated without one gets it now
    /// (so a session seated before links existed has them when first asked), and a link of a table the session
    /// no longer has (seated again with fewer tables) is revoked.
    pub fn table_links(&mut self, tournament: Id, session: u32, referee: &str) -> StoreResult<Vec<TableLink>> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        let tables = session_tables(&tx, tournament, session)?;
        if tables.is_empty() {
            return Err(StoreError::Refused(msg!("error.link.not_seated", session = session)));
        }
        let mut links = Vec::with_capacity(tables.len());
        for (table, seated) in &tables {
            let table = *table;
            let link = match live_link(&tx, tournament, session, table)? {
                // A table seated again with other players gets a new link: its slip names other players and
                // gives their PINs to the seats.
                Some(link) if link.players == *seated => link,
                stale => {
                    if let Some(stale) = stale {
                        revoke_link(&tx, &stale, referee)?;
                    }
                    make_link(&tx, tournament, session, table, seated, referee)?;
                    live_link(&tx, tournament, session, table)?.ok_or(StoreError::NoRow)?
                }
            };
            links.push(link);
        }
        let gone: Vec<TableLink> = tx.query_map(
            &format!(
                "SELECT {LINK_COLUMNS} FROM table_link WHERE tournament_id = ?1 AND session = ?2 \
                 AND revoked_at IS NULL ORDER BY table_number"
            ),
            params![tournament, session],
            link_from_row,
        )?;
        for link in gone.iter().filter(|l| !tables.iter().any(|(table, _)| *table == l.table)) {
            revoke_link(&tx, link, referee)?;
        }
        tx.commit()?;
        Ok(links)
    }

    /// Revokes table `table`'s link for session `session` and, when `reissue`, gives the table a new one (a
    /// new token and new PINs, for a slip printed again); the old one opens nothing from now on.
    pub fn revoke_table_link(
        &mut self,
        tournament: Id,
        session: u32,
        table: u32,
        reissue: bool,
        referee: &str,
    ) -> StoreResult<Option<TableLink>> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        let Some(link) = live_link(&tx, tournament, session, table)? else {
            return Err(StoreError::Refused(msg!("error.link.none", session = session, table = table)));
        };
        revoke_link(&tx, &link, referee)?;
        let new = if reissue {
            let tables = session_tables(&tx, tournament, session)?;
            let seated = tables.iter().find(|(number, _)| *number == table).map_or(&link.players, |(_, p)| p);
            make_link(&tx, tournament, session, table, seated, referee)?;
            live_link(&tx, tournament, session, table)?
        } else {
            None
        };
        tx.commit()?;
        Ok(new)
    }

    /// The live link carrying `token` (`None`: no such link, or revoked).
    pub fn table_link_by_token(&self, token: &str) -> StoreResult<Option<TableLink>> {
        // A token is only ever hexadecimal of one length: anything else is not looked up at all.
        if token.len() != TOKEN_BYTES * 2 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        self.db.query_opt(
            &format!("SELECT {LINK_COLUMNS} FROM table_link WHERE token = ?1 AND revoked_at IS NULL"),
            params![token],
            link_from_row,
        )
    }

    /// Queues a manche sent through `link`: one proposal per manche waits at a time; the same entry sent again
    /// (two phones at one table) is that one. Refused when another entry of that manche waits already, naming
    /// the table and the manche, and when the link was revoked meanwhile.
    pub fn propose(&mut self, link: &TableLink, proposal: NewProposal<'_>) -> StoreResult<Proposed> {
        let tx = self.write()?;
        writable(&tx, link.tournament)?;
        let live: Option<Id> =
            tx.query_opt("SELECT id FROM table_link WHERE id = ?1 AND revoked_at IS NULL", params![link.id], |row| {
                row.only()
            })?;
        if live.is_none() {
            return Err(StoreError::NotFound(Record::TableLink));
        }
        let waiting: Option<(Id, String)> = tx.query_opt(
            "SELECT id, entry FROM proposal WHERE tournament_id = ?1 AND session = ?2 AND table_number = ?3 \
             AND number = ?4 AND state = 'waiting'",
            params![link.tournament, link.session, link.table, proposal.number],
            |row| Ok((row.get("id")?, row.get("entry")?)),
        )?;
        match waiting {
            Some((id, entry)) if entry == proposal.entry => return Ok(Proposed::AlreadyQueued(id)),
            Some(_) => {
                return Err(StoreError::Refused(msg!(
                    "error.proposal.other_waiting",
                    table = link.table,
                    number = proposal.number
                )));
            }
            None => {}
        }
        let id = tx.insert(
            "INSERT INTO proposal (tournament_id, link_id, session, table_number, number, entry, sender, sent_at, \
             pins_given) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                link.tournament,
                link.id,
                link.session,
                link.table,
                proposal.number,
                proposal.entry,
                proposal.sender,
                now(),
                proposal.pins_given
            ],
        )?;
        tx.commit()?;
        Ok(Proposed::Queued(id))
    }

    /// The tournament's proposals, the waiting ones first (oldest first), then the rest newest first.
    pub fn proposals(&self, tournament: Id) -> StoreResult<Vec<Proposal>> {
        let mut proposals: Vec<Proposal> = self.db.query_map(
            &format!("SELECT {PROPOSAL_COLUMNS} FROM proposal WHERE tournament_id = ?1 ORDER BY id"),
            params![tournament],
            proposal_from_row,
        )?;
        proposals.sort_by_key(|p| {
            (p.state != ProposalState::Waiting, if p.state == ProposalState::Waiting { p.id } else { -p.id })
        });
        Ok(proposals)
    }

    /// The proposals sent for table `table` of session `session`, in the order sent.
    pub fn table_proposals(&self, tournament: Id, session: u32, table: u32) -> StoreResult<Vec<Proposal>> {
        self.db.query_map(
            &format!(
                "SELECT {PROPOSAL_COLUMNS} FROM proposal WHERE tournament_id = ?1 AND session = ?2 \
                 AND table_number = ?3 ORDER BY id"
            ),
            params![tournament, session, table],
            proposal_from_row,
        )
    }

    /// One proposal of `tournament`.
    pub fn proposal(&self, tournament: Id, id: Id) -> StoreResult<Proposal> {
        self.db
            .query_opt(
                &format!("SELECT {PROPOSAL_COLUMNS} FROM proposal WHERE id = ?1 AND tournament_id = ?2"),
                params![id, tournament],
                proposal_from_row,
            )?
            .ok_or(StoreError::NotFound(Record::Proposal))
    }

    /// Marks a waiting proposal confirmed as manche `manche` (call it inside [`Store::all_or_nothing`] with the
    /// manche's save, so that both land or neither), audited. Refused when it no longer waits.
    pub fn confirm_proposal(&mut self, tournament: Id, id: Id, manche: Id, referee: &str) -> StoreResult<()> {
        self.decide(tournament, id, ProposalState::Confirmed, "", Some(manche), referee)
    }

    /// Rejects a waiting proposal with `reason` (shown on the table's phone), audited.
    pub fn reject_proposal(&mut self, tournament: Id, id: Id, reason: &str, referee: &str) -> StoreResult<()> {
        if reason.trim().is_empty() {
            return Err(StoreError::Refused(msg!("error.proposal.no_reason")));
        }
        self.decide(tournament, id, ProposalState::Rejected, reason.trim(), None, referee)
    }

    /// Withdraws a waiting proposal whose manche the desk entered first, audited.
    pub fn withdraw_proposal(&mut self, tournament: Id, id: Id, referee: &str) -> StoreResult<()> {
        self.decide(tournament, id, ProposalState::Withdrawn, "", None, referee)
    }

    fn decide(
        &mut self,
        tournament: Id,
        id: Id,
        state: ProposalState,
        reason: &str,
        manche: Option<Id>,
        referee: &str,
    ) -> StoreResult<()> {
        let tx = self.write()?;
        writable(&tx, tournament)?;
        let current: Option<(String, u32, u32, u32)> = tx.query_opt(
            "SELECT state, session, table_number, number FROM proposal WHERE id = ?1 AND tournament_id = ?2",
            params![id, tournament],
            |row| Ok((row.get("state")?, row.get("session")?, row.get("table_number")?, row.get("number")?)),
        )?;
        let Some((current, session, table, number)) = current else {
            return Err(StoreError::NotFound(Record::Proposal));
        };
        if current != ProposalState::Waiting.column() {
            return Err(StoreError::Refused(msg!("error.proposal.decided", table = table, number = number)));
        }
        tx.execute(
            "UPDATE proposal SET state = ?2, reason = ?3, decided_by = ?4, decided_at = ?5, manche_id = ?6 \
             WHERE id = ?1",
            params![id, state.column(), reason, referee, now(), manche],
        )?;
        let after =
            serde_json::json!({"session": session, "table": table, "manche": number, "reason": reason}).to_string();
        super::audit::Change {
            tournament,
            referee,
            entity: "proposal",
            entity_id: id,
            action: state.column(),
            before: None,
            after: Some(&after),
        }
        .append(&tx)?;
        tx.commit()?;
        Ok(())
    }
}

impl Store {
    /// The tournament's live links, by session and table number: what the seating sheet prints on each table's
    /// slip. A read: a table seated without a link gets none here (see [`Store::table_links`]).
    pub fn live_table_links(&self, tournament: Id) -> StoreResult<Vec<TableLink>> {
        self.db.query_map(
            &format!(
                "SELECT {LINK_COLUMNS} FROM table_link WHERE tournament_id = ?1 AND revoked_at IS NULL \
                 ORDER BY session, table_number"
            ),
            params![tournament],
            link_from_row,
        )
    }
}
