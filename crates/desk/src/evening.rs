//! A club's evening at the desk: opened with its tables (members in seat order), each table's result from its
//! manches or from final chip counts, and closed by posting every member's result and table fee to the ledger.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;

use super::{DeskError, DeskResult};
use crate::ledger::{ClubSettings, EntryKind, chip_results, evening_money};
use crate::msg;
use crate::rules::{effective_options, ruleset};
use crate::store::{Club, Evening, Member, NewEntry, Store};
use crate::tournament::{Id, PlayerData, TournamentSettings};

/// Where a table's result comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSource {
    /// Nothing entered yet.
    Nothing,
    /// Its manches entered at the desk (how many).
    Manches(usize),
    /// Each seat's final chip count.
    ChipCounts,
}

/// One seat of an evening's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveningSeat {
    /// The member.
    pub member: Id,
    /// The member's name.
    pub name: String,
    /// The player record seated.
    pub player: Id,
    /// The final chip count, when the table was counted.
    pub chips: Option<i64>,
    /// Chips won (positive) or lost, once the table has a result.
    pub result: Option<i64>,
}

/// One of the evening's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveningTable {
    /// The table's id (the desk's table of the evening's tournament).
    pub id: Id,
    /// Its number.
    pub number: u32,
    /// Where its result comes from.
    pub source: TableSource,
    /// Seats in seat order.
    pub seats: Vec<EveningSeat>,
}

/// An evening as the treasurer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveningView {
    /// The club.
    pub club: Club,
    /// The evening.
    pub evening: Evening,
    /// Its tables.
    pub tables: Vec<EveningTable>,
}

impl EveningView {
    /// Every table has a result.
    pub fn complete(&self) -> bool {
        self.tables.iter().all(|t| t.source != TableSource::Nothing)
    }
}

/// Creates a club.
pub fn create_club(store: &mut Store, settings: &ClubSettings) -> DeskResult<Id> {
    Ok(store.create_club(settings)?)
}

/// The tournament settings an evening of `club` is played with: its ruleset in club play, one session, the
/// club's starting chips where the ruleset keeps starting points.
fn evening_settings(club: &ClubSettings, date: NaiveDate) -> DeskResult<TournamentSettings> {
    let Some(rules) = ruleset(&club.rules) else {
        return Err(DeskError::Refused(msg!("error.club.rules", rules = club.rules)));
    };
    let mut options = rules.club_options();
    if effective_options(&club.rules, &options).get("starting_points").is_some() {
        crate::rules::set_option(&mut options, "starting_points", club.starting_chips.into());
    }
    Ok(TournamentSettings {
        name: format!("{} — {}", club.name, date.format("%Y-%m-%d")),
        start_date: Some(date),
        end_date: Some(date),
        rules: club.rules.clone(),
        options,
        sessions: 1,
        ..TournamentSettings::default()
    })
}

/// Opens an evening of `club` on `date` with `tables` (members in seat order; the first deals first). Each
/// table seats between the ruleset's smallest and full table; no member sits twice. All or nothing.
pub fn open_evening(
    store: &mut Store,
    club: Id,
    date: NaiveDate,
    tables: &[Vec<Id>],
    treasurer: &str,
) -> DeskResult<Id> {
    let club_row = store.club(club)?;
    let members: HashMap<Id, Member> = store.members(club)?.into_iter().map(|m| (m.id, m)).collect();
    let Some(rules) = ruleset(&club_row.settings.rules) else {
        return Err(DeskError::Refused(msg!("error.club.rules", rules = club_row.settings.rules)));
    };
    if tables.is_empty() {
        return Err(DeskError::Refused(msg!("error.evening.no_tables")));
    }
    let mut seen = HashSet::new();
    for (t, table) in tables.iter().enumerate() {
        let (min, max) = (rules.min_table_size(), rules.table_size());
        if !(min..=max).contains(&table.len()) {
            let (table, count) = (t + 1, table.len());
            return Err(DeskError::Refused(if min == max {
                msg!("error.evening.table_size_exact", table = table, count = count, size = max)
            } else {
                msg!("error.evening.table_size", table = table, count = count, min = min, max = max)
            }));
        }
        for member in table {
            let Some(found) = members.get(member) else {
                return Err(DeskError::Store(crate::store::StoreError::NotFound(crate::store::Record::Member)));
            };
            if !seen.insert(*member) {
                return Err(DeskError::Refused(msg!("error.evening.twice", name = found.data.name)));
            }
        }
    }
    let settings = evening_settings(&club_row.settings, date)?;
    settings.validate()?;
    store.all_or_nothing(|store| {
        let tournament = store.create_tournament(&settings, treasurer)?;
        let seated: Vec<Id> = tables.iter().flatten().copied().collect();
        let players: Vec<PlayerData> = seated
            .iter()
            .filter_map(|id| members.get(id))
            .map(|m| PlayerData {
                name: m.data.name.clone(),
                club: club_row.settings.name.clone(),
                country: m.data.country.clone(),
                federation_id: m.data.federation_id.clone(),
                ..PlayerData::default()
            })
            .collect();
        let ids = store.import_players(tournament, &players, treasurer)?;
        let player_of: HashMap<Id, Id> = seated.iter().copied().zip(ids.iter().copied()).collect();
        let plan: Vec<Vec<Id>> =
            tables.iter().map(|table| table.iter().filter_map(|m| player_of.get(m).copied()).collect()).collect();
        store.save_seating(tournament, 1, &[plan], treasurer)?;
        let pairs: Vec<(Id, Id)> = seated.iter().copied().zip(ids).collect();
        Ok(store.add_evening(club, date, tournament, &pairs)?)
    })
}

/// The evening's tables with each seat's chips and result so far.
pub fn evening_view(store: &Store, evening: Id) -> DeskResult<EveningView> {
    let evening = store.evening(evening)?;
    let club = store.club(evening.club_id)?;
    let names: HashMap<Id, String> = store.members(club.id)?.into_iter().map(|m| (m.id, m.data.name)).collect();
    let member_of: HashMap<Id, Id> = store.evening_players(evening.id)?.into_iter().map(|(m, p)| (p, m)).collect();
    let counts = store.chip_counts(evening.id)?;
    let manche_counts = store.manche_counts(evening.tournament_id)?;
    let mut tables = Vec::new();
    for table in store.seating(evening.tournament_id)? {
        let chips = counts.get(&table.id);
        let played = manche_counts.get(&table.id).copied().unwrap_or(0);
        let (source, results): (TableSource, Vec<Option<i64>>) = if let Some(chips) = chips {
            let start = club.settings.starting_chips;
            (TableSource::ChipCounts, table.players.iter().map(|p| chips.get(p).map(|c| c - start)).collect())
        } else if played > 0 {
            let mut sums = vec![0i64; table.players.len()];
            for manche in store.table_manches(table.id)? {
                for (sum, net) in sums.iter_mut().zip(&manche.nets) {
                    *sum += net;
                }
            }
            (TableSource::Manches(played), sums.into_iter().map(Some).collect())
        } else {
            (TableSource::Nothing, vec![None; table.players.len()])
        };
        let seats = table
            .players
            .iter()
            .zip(results)
            .map(|(&player, result)| {
                let member = member_of.get(&player).copied().unwrap_or_default();
                EveningSeat {
                    member,
                    name: names.get(&member).cloned().unwrap_or_default(),
                    player,
                    chips: chips.and_then(|c| c.get(&player).copied()),
                    result,
                }
            })
            .collect();
        tables.push(EveningTable { id: table.id, number: table.number, source, seats });
    }
    Ok(EveningView { club, evening, tables })
}

/// Saves a table's final chip counts (in seat order), once they add up to the starting chips × the seats;
/// otherwise the difference is reported and nothing is saved.
pub fn enter_chip_counts(store: &mut Store, evening: Id, table: Id, counts: &[i64]) -> DeskResult<()> {
    let view = evening_view(store, evening)?;
    let Some(found) = view.tables.iter().find(|t| t.id == table) else {
        return Err(DeskError::Store(crate::store::StoreError::NotFound(crate::store::Record::Table)));
    };
    if counts.len() != found.seats.len() {
        return Err(DeskError::Refused(msg!(
            "error.evening.count_seats",
            table = found.number,
            count = counts.len(),
            seats = found.seats.len()
        )));
    }
    if let Some((seat, _)) = found.seats.iter().zip(counts).find(|(_, c)| **c < 0) {
        return Err(DeskError::Refused(msg!("error.evening.negative", name = seat.name)));
    }
    chip_results(counts, view.club.settings.starting_chips)
        .map_err(|e| DeskError::Refused(crate::message::Explain::message(&e)))?;
    let rows: Vec<(Id, i64)> = found.seats.iter().map(|s| s.player).zip(counts.iter().copied()).collect();
    Ok(store.save_chip_counts(view.club.id, evening, table, &rows)?)
}

/// The entries closing the evening would post: each member's result (chips × the chip's value, rounded as
/// the ledger states) and the table fee, if the club charges one.
pub fn closing_entries(view: &EveningView) -> DeskResult<Vec<NewEntry>> {
    if let Some(table) = view.tables.iter().find(|t| t.source == TableSource::Nothing) {
        return Err(DeskError::Refused(msg!("error.evening.table_open", table = table.number)));
    }
    let seats: Vec<&EveningSeat> = view.tables.iter().flat_map(|t| &t.seats).collect();
    let chips: Vec<i64> = seats.iter().map(|s| s.result.unwrap_or(0)).collect();
    let settings = &view.club.settings;
    let money = evening_money(&chips, settings.chip_value, settings.table_fee);
    let mut entries = Vec::new();
    for (seat, money) in seats.iter().zip(money) {
        let evening = Some(view.evening.id);
        entries.push(NewEntry::new(seat.member, evening, EntryKind::Result, money.result));
        if money.fee != 0 {
            entries.push(NewEntry::new(seat.member, evening, EntryKind::Fee, money.fee));
        }
    }
    Ok(entries)
}

/// Closes the evening: every table must have its result; each member's result and fee go to the ledger once.
pub fn close_evening(store: &mut Store, evening: Id, treasurer: &str) -> DeskResult<Vec<NewEntry>> {
    let view = evening_view(store, evening)?;
    // A closed evening is refused by the store, under the write lock.
    let entries = closing_entries(&view)?;
    store.close_evening(view.club.id, evening, &entries, treasurer)?;
    Ok(entries)
}
