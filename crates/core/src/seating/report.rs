//! The quality report of any schedule, generated or entered by hand.

use serde::Serialize;

use super::{Entrant, Schedule, SeatingError, repeat_lower_bound};

/// How good a schedule is.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Σ over pairs of (meetings − 1): 0 when nobody meets twice.
    pub repeat_meetings: u64,
    /// The counting lower bound on `repeat_meetings` for this number of players and sessions.
    pub lower_bound: u64,
    /// Pairs that met more than once: (player, player, meetings).
    pub repeated_pairs: Vec<(usize, usize, u32)>,
    /// Meetings of players of the same club (each meeting counts).
    pub same_club_meetings: u64,
    /// Meetings of players of the same country.
    pub same_country_meetings: u64,
    /// Meetings of players of the same team.
    pub same_team_meetings: u64,
    /// Per club with meetings: why they could or could not be avoided.
    pub clubs: Vec<ClubNote>,
    /// Per player: sessions at East, South, West, North.
    pub wind_counts: Vec<[u32; 4]>,
    /// Most − least frequent seat wind, worst player (0: exactly balanced).
    pub max_wind_deviation: u32,
    /// The most sessions one player spends at one table number.
    pub max_same_table: u32,
}

/// Same-club meetings of one club.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClubNote {
    /// Club name.
    pub club: String,
    /// Members seated.
    pub members: usize,
    /// Their meetings in the schedule.
    pub meetings: u64,
    /// Meetings no schedule can avoid: members spread as evenly as possible over the tables of each session,
    /// and, in a schedule where nobody meets twice, the few players each one can leave unmet.
    pub unavoidable: u64,
    /// Which bound forces the unavoidable meetings.
    pub reason: FloorReason,
    /// In words.
    pub why: String,
}

/// Checks the shape (every player once per session, four per table) and measures everything.
pub fn report(schedule: &Schedule, entrants: &[Entrant]) -> Result<Report, SeatingError> {
    let n = entrants.len();
    check_shape(schedule, n)?;
    let tables = n / 4;
    let sessions = schedule.sessions.len();
    let mut met = vec![0u32; n * n];
    let mut wind_counts = vec![[0u32; 4]; n];
    let mut at_table = vec![vec![0u32; tables]; n];
    for session in &schedule.sessions {
        for (t, group) in session.iter().enumerate() {
            for (w, &p) in group.iter().enumerate() {
                wind_counts[p][w] += 1;
                at_table[p][t] += 1;
            }
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    met[a.min(b) * n + a.max(b)] += 1;
                }
            }
        }
    }
    let mut out = Report {
        repeat_meetings: 0,
        lower_bound: repeat_lower_bound(n, sessions),
        repeated_pairs: Vec::new(),
        same_club_meetings: 0,
        same_country_meetings: 0,
        same_team_meetings: 0,
        clubs: Vec::new(),
        max_wind_deviation: wind_counts
            .iter()
            .map(|c| c.iter().max().unwrap_or(&0) - c.iter().min().unwrap_or(&0))
            .max()
            .unwrap_or(0),
        wind_counts,
        max_same_table: at_table.iter().flatten().copied().max().unwrap_or(0),
    };
    let pairs = pair_figures(&met, entrants);
    out.repeat_meetings = pairs.repeat_meetings;
    out.repeated_pairs = pairs.repeated_pairs;
    out.same_club_meetings = pairs.same_club_meetings;
    out.same_country_meetings = pairs.same_country_meetings;
    out.same_team_meetings = pairs.same_team_meetings;
    let club_meetings = pairs.club_meetings;
    for (club, meetings) in club_meetings {
        let members = entrants.iter().filter(|e| e.club.as_deref() == Some(club)).count();
        let floor = club_floor(members, n, sessions, out.repeat_meetings == 0);
        let why = match floor.reason {
            FloorReason::None => format!(
                "{members} members fit at {tables} different tables: no bound forces these meetings; a higher club weight may avoid them at the cost of other meetings"
            ),
            FloorReason::PerSession => format!(
                "{members} members at {tables} tables: at least {} meetings per session are unavoidable",
                unavoidable_meetings(members, tables)
            ),
            FloorReason::WithoutRepeats => format!(
                "{sessions} sessions without a repeated meeting leave each player only {} of the other {} players unmet: {members} members must meet at least {} times",
                (n - 1).saturating_sub(3 * sessions),
                n - 1,
                floor.meetings
            ),
        };
        let (unavoidable, reason) = (floor.meetings, floor.reason);
        out.clubs.push(ClubNote { club: club.to_owned(), members, meetings, unavoidable, reason, why });
    }
    Ok(out)
}

/// What the meetings of every pair add up to.
pub(crate) struct PairFigures<'a> {
    /// Σ over pairs of (meetings − 1).
    pub repeat_meetings: u64,
    /// Pairs that met more than once.
    pub repeated_pairs: Vec<(usize, usize, u32)>,
    /// Meetings of clubmates.
    pub same_club_meetings: u64,
    /// Meetings of compatriots.
    pub same_country_meetings: u64,
    /// Meetings of team mates.
    pub same_team_meetings: u64,
    /// Meetings per club.
    pub club_meetings: std::collections::BTreeMap<&'a str, u64>,
}

/// Adds up the meetings of every pair: `met[a·n + b]` for a < b (tables of any size).
pub(crate) fn pair_figures<'a>(met: &[u32], entrants: &'a [Entrant]) -> PairFigures<'a> {
    let n = entrants.len();
    let mut out = PairFigures {
        repeat_meetings: 0,
        repeated_pairs: Vec::new(),
        same_club_meetings: 0,
        same_country_meetings: 0,
        same_team_meetings: 0,
        club_meetings: std::collections::BTreeMap::new(),
    };
    for a in 0..n {
        for b in a + 1..n {
            let m = met[a * n + b];
            if m > 1 {
                out.repeat_meetings += u64::from(m - 1);
                out.repeated_pairs.push((a, b, m));
            }
            if m > 0 {
                if let Some(club) = same(&entrants[a].club, &entrants[b].club) {
                    out.same_club_meetings += u64::from(m);
                    *out.club_meetings.entry(club).or_default() += u64::from(m);
                }
                if same(&entrants[a].country, &entrants[b].country).is_some() {
                    out.same_country_meetings += u64::from(m);
                }
                if same(&entrants[a].team, &entrants[b].team).is_some() {
                    out.same_team_meetings += u64::from(m);
                }
            }
        }
    }
    out
}

/// The shared club (or country) of two players, if both have the same non-blank one.
pub(crate) fn same<'a>(a: &'a Option<String>, b: &Option<String>) -> Option<&'a str> {
    match (a, b) {
        (Some(a), Some(b)) if !a.trim().is_empty() && a == b => Some(a),
        _ => None,
    }
}

/// The fewest meetings a group of players (a club, a country) must have, and which bound gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Floor {
    /// Meetings over the whole schedule.
    pub meetings: u64,
    /// Why.
    pub reason: FloorReason,
}

/// Which bound forces a group's meetings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FloorReason {
    /// Nothing forces them.
    None,
    /// More members than tables: some share a table in every session.
    PerSession,
    /// Nobody meets twice, so each player meets 3 new players per session and can leave only N − 1 − 3R unmet.
    WithoutRepeats,
}

/// The fewest meetings among `members` players of one group over `sessions` sessions of `players` players,
/// counting the no-repeat bound only for schedules in which nobody meets twice (`no_repeats`).
pub fn club_floor(members: usize, players: usize, sessions: usize, no_repeats: bool) -> Floor {
    let per_session = unavoidable_meetings(members, players / 4) * sessions as u64;
    let unmet = (players.saturating_sub(1)).saturating_sub(3 * sessions);
    let must_meet = members.saturating_sub(1).saturating_sub(unmet);
    let without_repeats = if no_repeats { (members * must_meet).div_ceil(2) as u64 } else { 0 };
    let reason = if without_repeats > per_session {
        FloorReason::WithoutRepeats
    } else if per_session > 0 {
        FloorReason::PerSession
    } else {
        FloorReason::None
    };
    Floor { meetings: per_session.max(without_repeats), reason }
}

/// Fewest same-club pairs in one session: members spread as evenly as possible over the tables.
pub fn unavoidable_meetings(members: usize, tables: usize) -> u64 {
    if tables == 0 {
        return 0;
    }
    let (q, r) = (members / tables, members % tables);
    let pairs = |k: usize| (k * k.saturating_sub(1) / 2) as u64;
    r as u64 * pairs(q + 1) + (tables - r) as u64 * pairs(q)
}

/// Every session seats every player exactly once, four to a table.
pub fn check_shape(schedule: &Schedule, players: usize) -> Result<(), SeatingError> {
    for (s, session) in schedule.sessions.iter().enumerate() {
        if session.len() * 4 != players {
            return Err(SeatingError::BadSchedule(crate::msg!(
                "error.seating.table_count",
                session = s + 1,
                tables = session.len(),
                players = players,
                need = players / 4
            )));
        }
        let mut seen = vec![false; players];
        for (t, group) in session.iter().enumerate() {
            for &p in group {
                let Some(slot) = seen.get_mut(p) else {
                    return Err(SeatingError::BadSchedule(crate::msg!(
                        "error.seating.no_such_player",
                        session = s + 1,
                        table = t + 1,
                        player = p,
                        last = players.saturating_sub(1)
                    )));
                };
                if *slot {
                    return Err(SeatingError::BadSchedule(crate::msg!(
                        "error.seating.twice",
                        session = s + 1,
                        player = p
                    )));
                }
                *slot = true;
            }
        }
    }
    Ok(())
}
