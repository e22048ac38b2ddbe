//! The club's ledger at the desk: cash paid in and out, corrections, balances (the kitty's is minus the
//! members'), settle-up proposals with names, and marking a proposed transfer as paid.

use crate::text_id;
use std::collections::BTreeMap;

use super::{DeskError, DeskResult};
use crate::ledger::{Cents, EntryKind, fewest_transfers, with_kitty};
use crate::msg;
use crate::store::{LedgerEntry, Member, NewEntry, Store};
use crate::tournament::Id;

/// A member's balance (positive: the club owes the member; negative: the member owes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberBalance {
    /// The member.
    pub member: Member,
    /// The balance in cents.
    pub balance: Cents,
}

/// Every member's balance and the kitty's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balances {
    /// Members by name (all of them, zero balances too).
    pub members: Vec<MemberBalance>,
    /// The club kitty: always minus the members' sum (what the members owe the club, net, with its sign
    /// turned: zero once everyone has settled).
    pub kitty: Cents,
    /// The cash the club holds: what members paid in less what it paid out (a correction of a cash entry
    /// counted with it). After a settle-up through the kitty this is what the fees collected.
    pub cash: Cents,
}

/// Which balances a settle-up settles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Everyone's balance now.
    Now,
    /// What one evening left: its results and fees, less what was already paid for it.
    Evening(Id),
}

/// One side of a proposed transfer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Party {
    /// A member (id, name).
    Member(Id, String),
    /// The club's kitty.
    Kitty,
}

/// A proposed transfer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedTransfer {
    /// Who pays.
    pub from: Party,
    /// Who is paid.
    pub to: Party,
    /// Whole cents, more than zero.
    pub amount: Cents,
}

/// A settle-up proposal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// What it settles.
    pub scope: Scope,
    /// The transfers.
    pub transfers: Vec<PlannedTransfer>,
    /// No settle-up of these balances can use fewer transfers.
    pub lower_bound: usize,
    /// The count is known to be the fewest.
    pub optimal: bool,
}

fn balances_of(members: Vec<Member>, entries: &[LedgerEntry]) -> Balances {
    let mut sums: BTreeMap<Id, Cents> = BTreeMap::new();
    for e in entries {
        *sums.entry(e.entry.member).or_default() += e.entry.amount;
    }
    let members: Vec<MemberBalance> = members
        .into_iter()
        .map(|member| MemberBalance { balance: sums.get(&member.id).copied().unwrap_or(0), member })
        .collect();
    let kitty = -members.iter().map(|m| m.balance).sum::<Cents>();
    let is_cash = |kind: EntryKind| matches!(kind, EntryKind::CashIn | EntryKind::CashOut);
    let cash_entry = |id: Id| entries.iter().find(|e| e.id == id).is_some_and(|e| is_cash(e.entry.kind));
    let cash = entries
        .iter()
        .filter(|e| {
            is_cash(e.entry.kind) || (e.entry.kind == EntryKind::Correction && e.entry.corrects.is_some_and(cash_entry))
        })
        .map(|e| e.entry.amount)
        .sum();
    Balances { members, kitty, cash }
}

/// Every member's balance now.
pub fn balances(store: &Store, club: Id) -> DeskResult<Balances> {
    scope_balances(store, club, Scope::Now)
}

/// The balances `scope` settles: everyone's now, or only the entries of one evening.
pub fn scope_balances(store: &Store, club: Id, scope: Scope) -> DeskResult<Balances> {
    let mut entries = store.ledger(club)?;
    if let Scope::Evening(evening) = scope {
        if store.evening(evening)?.club_id != club {
            return Err(DeskError::Refused(msg!("error.club.other_club")));
        }
        entries.retain(|e| e.entry.evening == Some(evening));
    }
    Ok(balances_of(store.members(club)?, &entries))
}

/// Proposes the transfers that bring every balance of `scope` to zero: the fewest among members (the kitty
/// joins as one more party when the balances do not add up to zero: fees, rounding), avoiding amounts under the
/// club's setting where as few transfers allow it, or each member with the kitty when `kitty_only`.
pub fn settle_up(store: &Store, club: Id, scope: Scope, kitty_only: bool) -> DeskResult<Settlement> {
    let balances = scope_balances(store, club, scope)?;
    let owing: Vec<&MemberBalance> = balances.members.iter().filter(|m| m.balance != 0).collect();
    let mut amounts: Vec<Cents> = owing.iter().map(|m| m.balance).collect();
    let party = |i: usize| match owing.get(i) {
        Some(m) => Party::Member(m.member.id, m.member.data.name.clone()),
        None => Party::Kitty,
    };
    let refused = |e: crate::ledger::SettleError| DeskError::Refused(msg!("error.ledger.settle", detail = e));
    let (transfers, lower_bound, optimal) = if kitty_only {
        let transfers = with_kitty(&amounts).map_err(refused)?;
        let n = transfers.len();
        (transfers, n, true)
    } else {
        if balances.kitty != 0 {
            amounts.push(balances.kitty);
        }
        let avoid_under = store.club(club)?.settings.avoid_under;
        let proposal = fewest_transfers(&amounts, avoid_under).map_err(refused)?;
        (proposal.transfers, proposal.lower_bound, proposal.optimal)
    };
    let transfers = transfers
        .into_iter()
        .map(|t| PlannedTransfer { from: party(t.from), to: party(t.to), amount: t.amount })
        .collect();
    Ok(Settlement { scope, transfers, lower_bound, optimal })
}

/// Cash moved between a member and the club.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cash {
    /// The member.
    pub member: Id,
    /// `CashIn` (the member paid the club) or `CashOut` (the club paid the member).
    pub kind: EntryKind,
    /// How much, above zero.
    pub amount: Cents,
    /// How ("contanti", "bonifico").
    pub method: String,
    /// A note.
    pub note: String,
}

/// Records cash paid in or out. Returns the entry's number.
pub fn record_cash(store: &mut Store, club: Id, cash: &Cash, treasurer: &str) -> DeskResult<Id> {
    if !matches!(cash.kind, EntryKind::CashIn | EntryKind::CashOut) {
        return Err(DeskError::Refused(msg!("error.ledger.not_cash")));
    }
    if cash.amount <= 0 {
        return Err(DeskError::Refused(msg!("error.ledger.not_positive")));
    }
    let mut entry = NewEntry::new(cash.member, None, cash.kind, crate::ledger::cash_effect(cash.kind, cash.amount));
    entry.method = cash.method.clone();
    entry.note = cash.note.clone();
    first_id(store.append_entries(club, &[entry], treasurer)?)
}

/// Corrects entry `corrects` by `amount` (signed: what to add to the member's balance), with the reason. The
/// entry stays as it was: the correction is a new entry that names it.
pub fn correct_entry(
    store: &mut Store,
    club: Id,
    corrects: Id,
    amount: Cents,
    reason: &str,
    treasurer: &str,
) -> DeskResult<Id> {
    if reason.trim().is_empty() {
        return Err(DeskError::Refused(msg!("error.ledger.no_reason")));
    }
    if let Some(problem) = crate::tournament::registration::control_character(msg!("field.reason"), reason) {
        return Err(DeskError::Refused(problem));
    }
    let original = store.ledger_entry(club, corrects)?;
    let mut entry = NewEntry::new(original.entry.member, original.entry.evening, EntryKind::Correction, amount);
    entry.corrects = Some(corrects);
    entry.note = reason.to_owned();
    first_id(store.append_entries(club, &[entry], treasurer)?)
}

fn first_id(ids: Vec<Id>) -> DeskResult<Id> {
    ids.first().copied().ok_or_else(|| DeskError::Refused(msg!("error.ledger.zero")))
}

/// Records a proposed transfer as paid: between members, a transfer entry on each side (the payer's balance
/// rises, the payee's falls); with the kitty, cash paid in or out. Entries of an evening's settle-up belong to
/// that evening, so that its balances reach zero.
pub fn mark_paid(
    store: &mut Store,
    club: Id,
    scope: Scope,
    transfer: &PlannedTransfer,
    method: &str,
    treasurer: &str,
) -> DeskResult<Vec<Id>> {
    if transfer.amount <= 0 {
        return Err(DeskError::Refused(msg!("error.ledger.not_positive")));
    }
    let evening = match scope {
        Scope::Now => None,
        Scope::Evening(id) => Some(id),
    };
    let with = |member: Id, kind: EntryKind, amount: Cents, counterpart: Option<Id>| {
        let mut entry = NewEntry::new(member, evening, kind, amount);
        entry.method = method.to_owned();
        entry.counterpart = counterpart;
        entry
    };
    let entries = match (&transfer.from, &transfer.to) {
        (Party::Member(from, _), Party::Member(to, _)) => vec![
            with(*from, EntryKind::Transfer, transfer.amount, Some(*to)),
            with(*to, EntryKind::Transfer, -transfer.amount, Some(*from)),
        ],
        (Party::Member(from, _), Party::Kitty) => vec![with(*from, EntryKind::CashIn, transfer.amount, None)],
        (Party::Kitty, Party::Member(to, _)) => vec![with(*to, EntryKind::CashOut, -transfer.amount, None)],
        (Party::Kitty, Party::Kitty) => return Err(DeskError::Refused(msg!("error.ledger.zero"))),
    };
    Ok(store.append_entries(club, &entries, treasurer)?)
}

impl Party {
    /// The name shown: the member's, or the kitty's in `lang`.
    pub fn name(&self, lang: crate::i18n::Lang) -> String {
        match self {
            Party::Member(_, name) => name.clone(),
            Party::Kitty => lang.tr(text_id!("ledger.kitty")),
        }
    }
}
