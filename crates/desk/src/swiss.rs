//! Seating one session from the standings after the sessions before it (Swiss style, the usual format of a
//! final session): the core seats the leaders at table 1 and parts repeated meetings by swaps with the next
//! table; the desk ranks the plan's players, saves the session and names what remained.

use super::{DeskError, DeskResult};
use crate::msg;
use crate::seating::{self, Quality};
use crate::seats::{gap_before, plan_with_substitutes, stored_report};
use crate::store::{SeatedTable, Store};
use crate::tournament::Id;

/// What seating a session by the standings did.
#[derive(Clone, Debug)]
pub struct StandingsSeating {
    /// The session seated.
    pub session: u32,
    /// Pairs who meet again because no allowed swap could part them: `(name, name, earlier meetings)`.
    pub repeats: Vec<(String, String, u32)>,
    /// Players seated away from their table by rank to part a meeting: `(name, table by rank, table)`.
    pub moved: Vec<(String, usize, usize)>,
    /// The quality report of the whole stored plan afterwards.
    pub report: Option<Quality>,
}

/// Seats session `session` from the standings of the sessions before it, every one of whose tables must have
/// results. The players are those of the plan (a withdrawn player's place taken by a substitute); substitutes,
/// who are not ranked, sit at the last tables. Later sessions already seated stay as they are.
pub fn seat_by_standings(
    store: &mut Store,
    tournament: Id,
    session: u32,
    referee: &str,
) -> DeskResult<StandingsSeating> {
    let settings = store.tournament(tournament)?.settings;
    if session < 2 || session > settings.sessions {
        return Err(DeskError::Refused(msg!(
            "error.seating.standings_session",
            session = session,
            sessions = settings.sessions
        )));
    }
    let players = store.players(tournament)?;
    let tables = store.seating(tournament)?;
    let counts = store.manche_counts(tournament)?;
    if tables.iter().any(|t| t.session == session && counts.contains_key(&t.id)) {
        return Err(DeskError::Refused(msg!("error.seating.session_played", session = session)));
    }
    let before: Vec<SeatedTable> = tables.into_iter().filter(|t| t.session < session).collect();
    if let Some(gap) = gap_before(&before, session) {
        return Err(DeskError::Refused(gap));
    }
    if let Some(open) = before.iter().find(|t| !counts.contains_key(&t.id)) {
        return Err(DeskError::Refused(msg!(
            "error.seating.standings_unplayed",
            session = open.session,
            table = open.number
        )));
    }
    let (seated, planned) = plan_with_substitutes(&players, &before)?;
    let standings = crate::standings_before(store, tournament, session)?;
    let mut ranked: Vec<usize> =
        standings.iter().filter_map(|row| seated.iter().position(|p| p.id == row.player.id)).collect();
    let unranked: Vec<usize> = (0..seated.len()).filter(|i| !ranked.contains(i)).collect();
    ranked.extend(unranked);
    let sizes = settings.table_sizes();
    let swiss = seating::seat_by_standings(&ranked, &planned, sizes)?;
    let ids: Vec<Vec<Id>> = swiss.tables.iter().map(|t| t.iter().map(|&p| seated[p].id).collect()).collect();
    crate::seats::save_seated(store, tournament, session, &[ids], referee)?;
    let name = |p: usize| seated[p].data.name.clone();
    Ok(StandingsSeating {
        session,
        repeats: swiss.repeats.iter().map(|&(a, b, times)| (name(a), name(b), times)).collect(),
        moved: swiss.moved.iter().map(|&(p, from, to)| (name(p), from, to)).collect(),
        report: stored_report(store, tournament)?,
    })
}
