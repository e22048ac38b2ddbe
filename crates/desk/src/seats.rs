//! Seating a tournament: the whole plan before the first manche; after results exist, the remaining sessions
//! around the played ones (withdrawn players replaced by new substitutes at their place in the plan).

use super::{DeskError, DeskResult};
use crate::msg;
use crate::seating::{self, Entrant, Plan, Quality, SeatingRequest};
use crate::store::{Player, SeatedTable, Store};
use crate::tournament::Id;

/// What a seating run produced.
#[derive(Clone, Debug)]
pub struct SeatingOutcome {
    /// Sessions written (1-based numbers).
    pub sessions: std::ops::RangeInclusive<u32>,
    /// The quality report of the whole schedule.
    pub report: Option<Quality>,
}

fn entrant(player: &Player) -> Entrant {
    let some = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    Entrant {
        name: player.data.name.clone(),
        club: some(&player.data.club),
        country: some(&player.data.country),
        team: some(&player.data.team),
        substitute: player.data.substitute,
    }
}

/// How hard the seating keeps groups apart (10 = a meeting inside the group is as bad as a repeated meeting).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Club mates.
    pub club: f64,
    /// Compatriots.
    pub country: f64,
    /// Team mates.
    pub team: f64,
}

/// A club weight as the desk has always taken it: compatriots a quarter of it, team mates apart before
/// anything else (a team plays against the others, never against itself).
impl From<f64> for Weights {
    fn from(club: f64) -> Weights {
        Weights { club, country: club / 4.0, team: seating::APART_WEIGHT }
    }
}

/// Seats the tournament's sessions that have no results yet, with the stored seed and a club weight.
pub fn seat_tournament(
    store: &mut Store,
    tournament: Id,
    weights: impl Into<Weights>,
    referee: &str,
) -> DeskResult<SeatingOutcome> {
    seat_sessions(store, tournament, None, weights, referee)
}

/// Seats sessions `range` (every session without results when `None`): the sessions before it stay as they
/// are stored and the new ones avoid repeating their meetings; sessions after it are left as they are.
pub fn seat_sessions(
    store: &mut Store,
    tournament: Id,
    range: Option<std::ops::RangeInclusive<u32>>,
    weights: impl Into<Weights>,
    referee: &str,
) -> DeskResult<SeatingOutcome> {
    let weights = weights.into();
    let settings = store.tournament(tournament)?.settings;
    let players = store.players(tournament)?;
    let tables = store.seating(tournament)?;
    let counts = store.manche_counts(tournament)?;
    let played: u32 = (1..=settings.sessions)
        .take_while(|&s| tables.iter().any(|t| t.session == s && counts.contains_key(&t.id)))
        .count() as u32;
    if played == settings.sessions {
        return Err(DeskError::Refused(msg!("error.seating.all_played")));
    }
    let (first, last) = range.map_or((played + 1, settings.sessions), |r| (*r.start(), *r.end()));
    if first == 0 || first > last || last > settings.sessions {
        return Err(DeskError::Refused(msg!(
            "error.seating.range",
            first = first,
            last = last,
            sessions = settings.sessions
        )));
    }
    if first <= played {
        return Err(DeskError::Refused(msg!("error.seating.session_played", session = first)));
    }
    let fixed = first - 1;
    if let Some(gap) = gap_before(&tables, first) {
        return Err(DeskError::Refused(gap));
    }
    // The players of the plan in index order: the registration order, or the order of the fixed sessions.
    let active: Vec<&Player> = players.iter().filter(|p| !p.data.withdrawn).collect();
    let (seated, planned) =
        if fixed == 0 { (active.clone(), Plan::new()) } else { plan_with_substitutes(&players, &tables)? };
    let request = SeatingRequest {
        entrants: seated.iter().map(|p| entrant(p)).collect(),
        sessions: settings.sessions as usize,
        seed: settings.seating_seed,
        club_weight: weights.club,
        country_weight: weights.country,
        team_weight: weights.team,
    };
    let sizes = settings.table_sizes();
    let (plan, report) = seating::seat_plan(&request, sizes, &planned, fixed as usize)?;
    let ids: Vec<Vec<Vec<Id>>> = plan[fixed as usize..last as usize]
        .iter()
        .map(|session| session.iter().map(|table| table.iter().map(|&p| seated[p].id).collect()).collect())
        .collect();
    save_seated(store, tournament, first, &ids, referee)?;
    Ok(SeatingOutcome { sessions: first..=last, report: Some(report) })
}

/// Saves the seating of `sessions` from session `first` on, and makes their tables' links for the phones
/// (printed on each table's slip): both land or neither. A table seated again keeps its live link unless its
/// players changed (a new link, new PINs: its old slip names other players); the link of a table the session no longer has is revoked. Inside a larger
/// operation made whole (a demo tournament) the writes join its transaction.
pub(crate) fn save_seated(
    store: &mut Store,
    tournament: Id,
    first: u32,
    sessions: &[Vec<Vec<Id>>],
    referee: &str,
) -> DeskResult<()> {
    let save = |store: &mut Store| -> DeskResult<()> {
        store.save_seating(tournament, first, sessions, referee)?;
        for session in (first..).take(sessions.len()) {
            store.table_links(tournament, session, referee)?;
        }
        Ok(())
    };
    if store.in_transaction() { save(store) } else { store.all_or_nothing(save) }
}

/// The stored seating as a schedule over plan indices. An index is a seat in the plan: session 1 fixes who
/// holds it, and a player first seated in a later session takes over the index of the player missing there (a
/// substitute for a withdrawn player). Returns the holders after the last session and the plan.
pub fn stored_plan(tables: &[SeatedTable]) -> DeskResult<(Vec<Id>, Plan)> {
    let ids_of = |session: u32| -> Vec<Id> {
        tables.iter().filter(|t| t.session == session).flat_map(|t| t.players.iter().copied()).collect()
    };
    let mut holders: Vec<Id> = ids_of(1);
    let last = tables.iter().map(|t| t.session).max().unwrap_or(0);
    let mut sessions: Plan = Vec::new();
    for session in 1..=last {
        let seated_ids = ids_of(session);
        let absent: Vec<usize> = (0..holders.len()).filter(|&i| !seated_ids.contains(&holders[i])).collect();
        let arrived: Vec<Id> = seated_ids.iter().copied().filter(|id| !holders.contains(id)).collect();
        if absent.len() != arrived.len() {
            return Err(DeskError::Refused(msg!("error.seating.plan_players", session = session)));
        }
        for (index, id) in absent.into_iter().zip(arrived) {
            holders[index] = id;
        }
        let groups = tables
            .iter()
            .filter(|t| t.session == session)
            .map(|t| t.players.iter().map(|id| holders.iter().position(|h| h == id).unwrap_or_default()).collect())
            .collect();
        sessions.push(groups);
    }
    Ok((holders, sessions))
}

/// The quality report of the stored seating (`None` before any session is seated).
pub fn stored_report(store: &Store, tournament: Id) -> DeskResult<Option<Quality>> {
    let tables = store.seating(tournament)?;
    if tables.is_empty() {
        return Ok(None);
    }
    Ok(Some(tables_quality(&tables, &store.players(tournament)?)?))
}

/// The quality report of a plan given as its tables (stored, or about to be).
pub(crate) fn tables_quality(tables: &[SeatedTable], players: &[Player]) -> DeskResult<Quality> {
    let (holders, plan) = stored_plan(tables)?;
    let entrants: Vec<Entrant> =
        holders.iter().map(|id| players.iter().find(|p| p.id == *id).map(entrant).unwrap_or_default()).collect();
    Ok(seating::plan_quality(&plan, &entrants)?)
}

/// Why sessions from `first` on cannot be seated yet: the first session before it without tables.
pub(crate) fn gap_before(tables: &[SeatedTable], first: u32) -> Option<crate::message::Message> {
    let missing = (1..first).find(|&s| !tables.iter().any(|t| t.session == s))?;
    Some(msg!("error.seating.gap", session = missing))
}

/// The stored plan with each withdrawn holder's index given to an active player not yet in the plan; the
/// sessions after the played ones stay in the schedule as the search's starting point.
pub(crate) fn plan_with_substitutes<'p>(
    players: &'p [Player],
    tables: &[SeatedTable],
) -> DeskResult<(Vec<&'p Player>, Plan)> {
    let (holders, plan) = stored_plan(tables)?;
    let by_id = |id: Id| players.iter().find(|p| p.id == id);
    let mut newcomers = players.iter().filter(|p| !p.data.withdrawn && !holders.contains(&p.id));
    let mut seated: Vec<&Player> = Vec::with_capacity(holders.len());
    for &id in &holders {
        let Some(player) = by_id(id) else {
            return Err(DeskError::Refused(msg!("error.seating.plan_unknown")));
        };
        if !player.data.withdrawn {
            seated.push(player);
            continue;
        }
        let Some(substitute) = newcomers.next() else {
            return Err(DeskError::Refused(msg!("error.seating.withdrawn", name = player.data.name)));
        };
        seated.push(substitute);
    }
    if let Some(extra) = newcomers.next() {
        return Err(DeskError::Refused(msg!("error.seating.no_free_seat", name = extra.data.name)));
    }
    Ok((seated, plan))
}
