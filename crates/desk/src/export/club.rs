//! The treasurer's exports: the club's book read once ([`ClubBook::load`]), the ledger as CSV, and what a
//! receipt covers ([`ReceiptScope`]: one evening, or a period of days). The PDFs are in [`super::pdf::club`].

use chrono::NaiveDate;

use super::csv::{Separator, cell};
use crate::DeskError;
use crate::ledger::{Cents, EntryKind, plain_cents};
use crate::store::{Club, Evening, LedgerEntry, Member, Store};
use crate::tournament::Id;

/// A club with its members, evenings and whole ledger.
#[derive(Clone, Debug)]
pub struct ClubBook {
    /// The club.
    pub club: Club,
    /// Its members, by name.
    pub members: Vec<Member>,
    /// Its evenings, newest first.
    pub evenings: Vec<Evening>,
    /// Every entry, in the order written.
    pub ledger: Vec<LedgerEntry>,
    /// What each member played to at each closed evening, by (evening, member): the final chip count (when
    /// the table was counted) and the chips won or lost, for receipts.
    pub chips: std::collections::HashMap<(Id, Id), (Option<i64>, i64)>,
}

/// What a receipt covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReceiptScope {
    /// One evening's entries (its result, fee and what was paid for it).
    Evening(Id),
    /// Every entry dated within these days (an evening's entries are dated by the evening).
    Period {
        /// First day.
        from: NaiveDate,
        /// Last day.
        to: NaiveDate,
    },
}

/// A member's totals over some entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Evening results.
    pub results: Cents,
    /// Table fees (zero or negative).
    pub fees: Cents,
    /// Paid by the member: cash in and transfers paid (zero or positive).
    pub paid: Cents,
    /// Received by the member: cash out and transfers received (zero or negative).
    pub received: Cents,
    /// Corrections.
    pub corrections: Cents,
}

impl Totals {
    /// Adds one entry.
    pub fn add(&mut self, entry: &LedgerEntry) {
        let amount = entry.entry.amount;
        match entry.entry.kind {
            EntryKind::Result => self.results += amount,
            EntryKind::Fee => self.fees += amount,
            EntryKind::Correction => self.corrections += amount,
            EntryKind::CashIn | EntryKind::CashOut | EntryKind::Transfer if amount > 0 => self.paid += amount,
            EntryKind::CashIn | EntryKind::CashOut | EntryKind::Transfer => self.received += amount,
        }
    }

    /// Adds another member's totals (the statement's totals row).
    pub fn merge(&mut self, other: &Totals) {
        self.results += other.results;
        self.fees += other.fees;
        self.paid += other.paid;
        self.received += other.received;
        self.corrections += other.corrections;
    }

    /// Their sum: the change of the balance.
    pub fn sum(&self) -> Cents {
        self.results + self.fees + self.paid + self.received + self.corrections
    }
}

impl ClubBook {
    /// Reads a club's book.
    pub fn load(store: &Store, club: Id) -> Result<ClubBook, DeskError> {
        let evenings = store.evenings(club)?;
        let mut chips = std::collections::HashMap::new();
        for evening in evenings.iter().filter(|e| e.closed_at.is_some()) {
            for table in crate::evening_view(store, evening.id)?.tables {
                for seat in table.seats {
                    if let Some(result) = seat.result {
                        chips.insert((evening.id, seat.member), (seat.chips, result));
                    }
                }
            }
        }
        Ok(ClubBook {
            club: store.club(club)?,
            members: store.members(club)?,
            evenings,
            ledger: store.ledger(club)?,
            chips,
        })
    }

    /// A member by id.
    pub fn member(&self, id: Id) -> Option<&Member> {
        self.members.iter().find(|m| m.id == id)
    }

    /// An evening by id.
    pub fn evening(&self, id: Id) -> Option<&Evening> {
        self.evenings.iter().find(|e| e.id == id)
    }

    /// The day an entry counts on: its evening's, or the day it was written.
    pub fn day(&self, entry: &LedgerEntry) -> Option<NaiveDate> {
        if let Some(evening) = entry.entry.evening.and_then(|id| self.evening(id)) {
            return Some(evening.date);
        }
        entry.at.get(..10).and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
    }

    fn in_scope(&self, entry: &LedgerEntry, scope: ReceiptScope) -> bool {
        match scope {
            ReceiptScope::Evening(id) => entry.entry.evening == Some(id),
            ReceiptScope::Period { from, to } => self.day(entry).is_some_and(|d| (from..=to).contains(&d)),
        }
    }

    /// A member's receipt: the balance before, the entries in `scope` (an evening's in the order written, a
    /// period's by day), the balance after. "Before" an evening is every other entry written before its first; before a period, every entry
    /// dated before its first day.
    pub fn receipt(&self, member: Id, scope: ReceiptScope) -> (Cents, Vec<&LedgerEntry>, Cents) {
        let own: Vec<&LedgerEntry> = self.ledger.iter().filter(|e| e.entry.member == member).collect();
        let mut lines: Vec<&LedgerEntry> = own.iter().copied().filter(|e| self.in_scope(e, scope)).collect();
        if let ReceiptScope::Period { .. } = scope {
            // A period reads day by day: an evening's payment written days later stays under the evening.
            lines.sort_by_key(|e| (self.day(e), e.id));
        }
        let earlier = |e: &&&LedgerEntry| match scope {
            ReceiptScope::Evening(_) => !self.in_scope(e, scope) && lines.first().is_none_or(|first| e.id < first.id),
            ReceiptScope::Period { from, .. } => self.day(e).is_some_and(|d| d < from),
        };
        let before: Cents = own.iter().filter(earlier).map(|e| e.entry.amount).sum();
        let after = before + lines.iter().map(|e| e.entry.amount).sum::<Cents>();
        (before, lines, after)
    }

    /// Each member's totals and balance over the whole ledger.
    pub fn statement(&self) -> Vec<(&Member, Totals)> {
        self.members
            .iter()
            .map(|m| {
                let mut totals = Totals::default();
                self.ledger.iter().filter(|e| e.entry.member == m.id).for_each(|e| totals.add(e));
                (m, totals)
            })
            .collect()
    }
}

/// The whole ledger, one row per entry: number, when, member (name and number), evening date, kind, amount
/// in cents and in euro, method, treasurer, note, the entry corrected, the other member of a transfer.
pub fn ledger_csv(book: &ClubBook, sep: Separator) -> Result<Vec<u8>, ::csv::Error> {
    let mut w = sep.writer();
    w.write_record([
        "entry",
        "at",
        "member",
        "member_number",
        "evening",
        "kind",
        "amount_cents",
        "amount",
        "method",
        "treasurer",
        "note",
        "corrects",
        "counterpart",
    ])?;
    let name = |id: Id| book.member(id).map(|m| cell(&m.data.name)).unwrap_or_default();
    for e in &book.ledger {
        let member = book.member(e.entry.member);
        w.write_record([
            e.id.to_string(),
            e.at.clone(),
            name(e.entry.member),
            member.map(|m| cell(&m.data.number)).unwrap_or_default(),
            e.entry.evening.and_then(|id| book.evening(id)).map(|ev| ev.date.to_string()).unwrap_or_default(),
            e.entry.kind.code().to_owned(),
            e.entry.amount.to_string(),
            sep.decimal(&plain_cents(e.entry.amount)),
            cell(&e.entry.method),
            cell(&e.treasurer),
            cell(&e.entry.note),
            e.entry.corrects.map(|c| c.to_string()).unwrap_or_default(),
            e.entry.counterpart.map(name).unwrap_or_default(),
        ])?;
    }
    w.into_inner().map_err(|e| ::csv::Error::from(e.into_error()))
}
