//! Seating a tournament: the whole plan before the first manche; after results exist, the remaining sessions
//! around the played ones (withdrawn players replaced by new substitutes at their place in the plan).

use super::{DeskError, DeskResult};
use crate::seating::{self, Entrant, Report, Schedule, SeatingRequest};
use crate::store::{Player, SeatedTable, Store};
use crate::tournament::Id;

/// What a seating run produced.
#[derive(Clone, Debug)]
pub struct SeatingOutcome {
    /// Sessions written (1-based numbers).
    pub sessions: std::ops::RangeInclusive<u32>,
    /// The quality report of the whole schedule.
    pub report: Report,
}

fn entrant(player: &Player) -> Entrant {
    let some = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    Entrant {
        name: player.data.name.clone(),
        club: some(&player.data.club),
        country: some(&player.data.country),
        substitute: player.data.substitute,
    }
}

/// Seats the tournament's sessions that have no results yet, with the stored seed and a club weight.
pub fn seat_tournament(
    store: &mut Store,
    tournament: Id,
    club_weight: f64,
    referee: &str,
) -> DeskResult<SeatingOutcome> {
    let settings = store.tournament(tournament)?.settings;
    let players = store.players(tournament)?;
    let tables = store.seating(tournament)?;
    let counts = store.manche_counts(tournament)?;
    let played: u32 = (1..=settings.sessions)
        .take_while(|&s| tables.iter().any(|t| t.session == s && counts.contains_key(&t.id)))
        .count() as u32;
    if played == settings.sessions {
        return Err(DeskError::Refused("every session has results: there is nothing left to seat".to_owned()));
    }
    // The players of the plan in index order: the registration order, or the order of the played sessions.
    let active: Vec<&Player> = players.iter().filter(|p| !p.data.withdrawn).collect();
    let (seated, planned) = if played == 0 {
        (active.clone(), Schedule { sessions: Vec::new() })
    } else {
        plan_with_substitutes(&players, &tables)?
    };
    let request = SeatingRequest {
        entrants: seated.iter().map(|p| entrant(p)).collect(),
        sessions: settings.sessions as usize,
        seed: settings.seating_seed,
        club_weight,
        country_weight: club_weight / 4.0,
    };
    let schedule = seating::reseat(&request, &planned, played as usize)?;
    let report = seating::report(&schedule, &request.entrants)?;
    let ids: Vec<Vec<[Id; 4]>> = schedule.sessions[played as usize..]
        .iter()
        .map(|session| session.iter().map(|table| table.map(|p| seated[p].id)).collect())
        .collect();
    store.save_seating(tournament, played + 1, &ids, referee)?;
    Ok(SeatingOutcome { sessions: played + 1..=settings.sessions, report })
}

/// The stored seating as a schedule over plan indices. An index is a seat in the plan: session 1 fixes who
/// holds it, and a player first seated in a later session takes over the index of the player missing there (a
/// substitute for a withdrawn player). Returns the holders after the last session and the schedule.
pub fn stored_plan(tables: &[SeatedTable]) -> DeskResult<(Vec<Id>, Schedule)> {
    let mut holders: Vec<Id> = tables.iter().filter(|t| t.session == 1).flat_map(|t| t.players).collect();
    let last = tables.iter().map(|t| t.session).max().unwrap_or(0);
    let mut sessions: Vec<Vec<[usize; 4]>> = Vec::new();
    for session in 1..=last {
        let seated_ids: Vec<Id> = tables.iter().filter(|t| t.session == session).flat_map(|t| t.players).collect();
        let absent: Vec<usize> = (0..holders.len()).filter(|&i| !seated_ids.contains(&holders[i])).collect();
        let arrived: Vec<Id> = seated_ids.iter().copied().filter(|id| !holders.contains(id)).collect();
        if absent.len() != arrived.len() {
            return Err(DeskError::Refused(format!("session {session}: its tables do not seat the plan's players")));
        }
        for (index, id) in absent.into_iter().zip(arrived) {
            holders[index] = id;
        }
        let groups = tables
            .iter()
            .filter(|t| t.session == session)
            .map(|t| t.players.map(|id| holders.iter().position(|&h| h == id).unwrap_or_default()))
            .collect();
        sessions.push(groups);
    }
    Ok((holders, Schedule { sessions }))
}

/// The quality report of the stored seating (`None` before any session is seated).
pub fn stored_report(store: &Store, tournament: Id) -> DeskResult<Option<Report>> {
    let tables = store.seating(tournament)?;
    if tables.is_empty() {
        return Ok(None);
    }
    let players = store.players(tournament)?;
    let (holders, schedule) = stored_plan(&tables)?;
    let entrants: Vec<Entrant> =
        holders.iter().map(|id| players.iter().find(|p| p.id == *id).map(entrant).unwrap_or_default()).collect();
    Ok(Some(seating::report(&schedule, &entrants)?))
}

/// The stored plan with each withdrawn holder's index given to an active player not yet in the plan; the
/// sessions after the played ones stay in the schedule as the search's starting point.
fn plan_with_substitutes<'p>(players: &'p [Player], tables: &[SeatedTable]) -> DeskResult<(Vec<&'p Player>, Schedule)> {
    let (holders, schedule) = stored_plan(tables)?;
    let by_id = |id: Id| players.iter().find(|p| p.id == id);
    let mut newcomers = players.iter().filter(|p| !p.data.withdrawn && !holders.contains(&p.id));
    let mut seated: Vec<&Player> = Vec::with_capacity(holders.len());
    for &id in &holders {
        let Some(player) = by_id(id) else {
            return Err(DeskError::Refused(format!("player {id} of the plan is not registered")));
        };
        if !player.data.withdrawn {
            seated.push(player);
            continue;
        }
        let Some(substitute) = newcomers.next() else {
            return Err(DeskError::Refused(format!(
                "{} has withdrawn: register a substitute to take their seat before re-seating",
                player.data.name
            )));
        };
        seated.push(substitute);
    }
    if let Some(extra) = newcomers.next() {
        return Err(DeskError::Refused(format!(
            "{} is not in the plan and no withdrawn player's seat is free: tables stay of four",
            extra.data.name
        )));
    }
    Ok((seated, schedule))
}
