//! The table's own phone: each table's link for a session (a secret token printed as a QR code on the table's
//! slip, with the players' PINs), what the phone shows (the table's players, its manches, the next one to send),
//! and the manches it sends, which wait as proposals until the referee confirms one (it becomes the manche,
//! audited as the referee's, in the same transaction), edits then confirms it, or rejects it with a reason.
//! Where the tournament allows it, a proposal every player confirmed with their PIN is saved at once.

use super::{DeskError, DeskResult, SaveAs, TableState, confirm_manche_as, table_state};
use crate::msg;
use crate::rules::{MancheInput, MancheOutcome};
use crate::store::{NewProposal, Proposal, ProposalState, Record, Store, StoreError, TableLink};
use crate::tournament::{Id, MancheEntry};

/// A table's link as the desk prints it: the table's players beside their PINs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableLinkView {
    /// The session number.
    pub session: u32,
    /// The table number.
    pub table: u32,
    /// The secret the link carries.
    pub token: String,
    /// Each player's name and PIN, by seat position.
    pub players: Vec<(String, String)>,
}

impl TableLinkView {
    /// The address a phone opens: the board's address (`http://sala:8080/` or without the slash) and the token.
    pub fn url(&self, board: &str) -> String {
        phone_url(board, &self.token)
    }
}

/// The address of the phone page of the table whose link carries `token`, on the board at `board`.
pub fn phone_url(board: &str, token: &str) -> String {
    format!("{}/t/{token}", board.trim_end_matches('/'))
}

/// What a table's phone shows.
#[derive(Clone, Debug)]
pub struct PhoneTable {
    /// The link it came through.
    pub link: TableLink,
    /// The table as stored: its players, seats and manches, and its rules.
    pub state: TableState,
    /// The manche the phone sends next (`None`: the session is complete at this table).
    pub next: Option<u32>,
    /// What the table sent, in the order sent.
    pub proposals: Vec<Proposal>,
}

impl PhoneTable {
    /// The proposal of manche `number` that waits for the referee, if one does.
    pub fn waiting(&self, number: u32) -> Option<&Proposal> {
        self.proposals.iter().find(|p| p.number == number && p.state == ProposalState::Waiting)
    }

    /// The last proposal of manche `number` the referee rejected, while none waits and the manche is not
    /// entered: the phone says why.
    pub fn rejected(&self, number: u32) -> Option<&Proposal> {
        if self.waiting(number).is_some() {
            return None;
        }
        self.proposals.iter().rev().find(|p| p.number == number && p.state == ProposalState::Rejected)
    }
}

/// What became of a manche a phone sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    /// It waits for the referee (the proposal's id).
    Queued(Id),
    /// The same manche was already sent (by another phone at the table, or twice): it waits once.
    AlreadyQueued(Id),
    /// Every player confirmed it with their PIN and the tournament saves such manches: it is manche `number`.
    Saved(u32),
}

/// A proposal as the referee's queue shows it.
#[derive(Clone, Debug)]
pub struct ProposalView {
    /// The proposal as stored.
    pub proposal: Proposal,
    /// The manche as the phone typed it.
    pub entry: MancheEntry,
    /// The table it is for, to open it at the entry screen (`None`: the session was seated again without it).
    pub table: Option<Id>,
    /// The desk entered that manche meanwhile: it can only be withdrawn or rejected.
    pub entered: bool,
}

/// The live links of session `session`'s tables, made for the tables that have none yet.
pub fn table_links(store: &mut Store, tournament: Id, session: u32, referee: &str) -> DeskResult<Vec<TableLinkView>> {
    let links = store.table_links(tournament, session, referee)?;
    let tables = store.seating(tournament)?;
    links.into_iter().map(|link| link_view(store, &tables, link)).collect()
}

/// Revokes table `table`'s link for session `session`; with `reissue`, gives it a new one for a new slip.
pub fn revoke_table_link(
    store: &mut Store,
    tournament: Id,
    session: u32,
    table: u32,
    reissue: bool,
    referee: &str,
) -> DeskResult<Option<TableLinkView>> {
    let new = store.revoke_table_link(tournament, session, table, reissue, referee)?;
    let tables = store.seating(tournament)?;
    new.map(|link| link_view(store, &tables, link)).transpose()
}

fn link_view(store: &Store, tables: &[crate::store::SeatedTable], link: TableLink) -> DeskResult<TableLinkView> {
    let seated = tables
        .iter()
        .find(|t| t.session == link.session && t.number == link.table)
        .ok_or(DeskError::Store(StoreError::NotFound(Record::Table)))?;
    let mut players = Vec::with_capacity(seated.players.len());
    for (&player, pin) in seated.players.iter().zip(&link.pins) {
        players.push((store.player(player)?.data.name, pin.clone()));
    }
    Ok(TableLinkView { session: link.session, table: link.table, token: link.token, players })
}

/// The table whose live link carries `token`, as its phone shows it. A token that opens nothing (wrong,
/// revoked, of a session whose clock the referee ended) is not found, whichever it is.
pub fn phone_table(store: &Store, token: &str) -> DeskResult<PhoneTable> {
    let not_found = || DeskError::Store(StoreError::NotFound(Record::TableLink));
    let link = store.table_link_by_token(token)?.ok_or_else(not_found)?;
    let seated = store.seated_table(link.tournament, link.session, link.table)?.ok_or_else(not_found)?;
    let state = table_state(store, seated.id)?;
    if state.ended_on_the_clock() {
        return Err(not_found());
    }
    let next = state.next_number();
    let proposals = store.table_proposals(link.tournament, link.session, link.table)?;
    Ok(PhoneTable { link, state, next, proposals })
}

/// Sends manche `number` typed on the phone of the table whose link carries `token`, from `sender` (its
/// address and what it says it is). `pins` are what the players typed on the phone, by seat position (empty:
/// none typed). Refused, saving nothing: a manche already entered (with what the desk has: a conflict), not the
/// table's next one, one that does not score (by hand, as the entry screen says it), a wrong PIN (naming the
/// player); when another entry of the manche waits (naming the table).
pub fn propose(
    store: &mut Store,
    token: &str,
    number: u32,
    entry: &MancheEntry,
    pins: &[String],
    sender: &str,
) -> DeskResult<Sent> {
    let table = phone_table(store, token)?;
    let state = &table.state;
    if let Some(saved) = state.manches.get((number as usize).wrapping_sub(1)) {
        let current = saved.clone();
        return Err(DeskError::Store(StoreError::Conflict(Box::new(crate::store::Conflict { current, new: true }))));
    }
    let Some(next) = table.next else {
        return Err(DeskError::Refused(msg!(
            "error.manche.session_complete",
            table = state.table.number,
            count = state.manches.len()
        )));
    };
    if number != next {
        return Err(DeskError::Refused(msg!("error.enter.not_next", number = number, next = next)));
    }
    state.preview(number, entry).map_err(DeskError::Entry)?;
    let pins_given = all_pins(&table, pins)?;
    let json = serde_json::to_string(entry).map_err(StoreError::from)?;
    let sent = store.propose(&table.link, NewProposal { number, entry: &json, sender, pins_given })?;
    let id = match sent {
        crate::store::Proposed::AlreadyQueued(id) => return Ok(Sent::AlreadyQueued(id)),
        crate::store::Proposed::Queued(id) => id,
    };
    if pins_given && state.settings.proposals_by_pins {
        // Every player vouched for it on the phone: it is saved as the referee would, in the table's name.
        let by = format!("T{} PIN", state.table.number);
        confirm_proposal(store, state.table.tournament, id, None, &by)?;
        return Ok(Sent::Saved(number));
    }
    Ok(Sent::Queued(id))
}

/// Whether every player typed their PIN (none typed: the referee confirms). A PIN typed wrong is refused
/// naming its player, so that a table cannot vouch for a manche by guessing.
fn all_pins(table: &PhoneTable, pins: &[String]) -> DeskResult<bool> {
    if pins.iter().all(|pin| pin.trim().is_empty()) {
        return Ok(false);
    }
    for (position, player) in table.state.players.iter().enumerate() {
        let typed = pins.get(position).map_or("", |pin| pin.trim());
        if table.link.pins.get(position).is_none_or(|pin| pin != typed) {
            return Err(DeskError::Refused(msg!("error.proposal.pin", name = player.name)));
        }
    }
    Ok(true)
}

/// The tournament's proposals for the referee's queue: the waiting ones first, oldest first.
pub fn proposals(store: &Store, tournament: Id) -> DeskResult<Vec<ProposalView>> {
    let tables = store.seating(tournament)?;
    let counts = store.manche_counts(tournament)?;
    store
        .proposals(tournament)?
        .into_iter()
        .map(|proposal| {
            let table = tables.iter().find(|t| t.session == proposal.session && t.number == proposal.table);
            let entered = table.is_some_and(|t| counts.get(&t.id).copied().unwrap_or(0) >= proposal.number as usize);
            let entry = serde_json::from_str(&proposal.entry).map_err(StoreError::from)?;
            Ok(ProposalView { table: table.map(|t| t.id), entry, entered, proposal })
        })
        .collect()
}

/// Confirms proposal `id` as its manche — as the phone sent it, or as the referee `edited` it — audited as
/// `referee`'s: the manche and the proposal's confirmation land together or not at all. A proposal whose
/// manche the desk entered meanwhile is withdrawn and refused with what the desk has.
pub fn confirm_proposal(
    store: &mut Store,
    tournament: Id,
    id: Id,
    edited: Option<&MancheEntry>,
    referee: &str,
) -> DeskResult<(MancheInput, MancheOutcome)> {
    let proposal = store.proposal(tournament, id)?;
    if proposal.state != ProposalState::Waiting {
        return Err(DeskError::Refused(msg!(
            "error.proposal.decided",
            table = proposal.table,
            number = proposal.number
        )));
    }
    let table = store
        .seated_table(tournament, proposal.session, proposal.table)?
        .ok_or(DeskError::Store(StoreError::NotFound(Record::Table)))?;
    let sent: MancheEntry = serde_json::from_str(&proposal.entry).map_err(StoreError::from)?;
    let entry = edited.unwrap_or(&sent);
    let state = table_state(store, table.id)?;
    if let Some(saved) = state.manches.get(proposal.number as usize - 1) {
        store.withdraw_proposal(tournament, id, referee)?;
        let current = saved.clone();
        return Err(DeskError::Store(StoreError::Conflict(Box::new(crate::store::Conflict { current, new: true }))));
    }
    store.all_or_nothing(|store| {
        // A new manche, never a correction: one another station saved meanwhile refuses this save.
        let save = SaveAs::fresh(Some(SaveAs::NEW));
        let scored = confirm_manche_as(store, table.id, proposal.number, entry, referee, &save)?;
        let manche = store
            .table_manches(table.id)?
            .into_iter()
            .find(|m| m.number == proposal.number)
            .ok_or(DeskError::Store(StoreError::NotFound(Record::Manche)))?;
        store.confirm_proposal(tournament, id, manche.id, referee)?;
        Ok(scored)
    })
}

/// Rejects proposal `id` with `reason`, which the table's phone shows.
pub fn reject_proposal(store: &mut Store, tournament: Id, id: Id, reason: &str, referee: &str) -> DeskResult<()> {
    Ok(store.reject_proposal(tournament, id, reason, referee)?)
}
