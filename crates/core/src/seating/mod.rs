//! Seating: who sits at which table, at which wind, in every session. Pure: no I/O, no clock in the result.
//!
//! Three independent steps: [`search`] decides who sits together (no pair meets twice when that is possible,
//! club/country separation as a weighted soft constraint), [`winds`] orders each table E, S, W, N so that every
//! player plays every wind equally, and [`tables`] numbers the tables so that players move around the room.

mod any_size;
mod construct;
mod cyclic;
mod designs;
mod labels;
mod plan;
mod plan_report;
mod report;
mod search;
mod swiss;
mod tables;
mod tabu;
mod winds;

pub use any_size::{TableSizes, seat_any_size};
pub use plan::Plan;
pub use plan_report::{PlanReport, plan_report};
pub use report::{ClubNote, Floor, FloorReason, Report, club_floor, report};
pub use swiss::{SwissSession, seat_by_standings};

use serde::Serialize;
use thiserror::Error;

use crate::message::{Explain, Message};
use crate::msg;
use crate::rng::Rng;
use designs::data_lines;
use search::{Group, Problem, REPEAT_COST};

/// Most sessions a schedule may have.
pub const MAX_SESSIONS: usize = 40;
/// Most players a schedule may seat.
pub const MAX_PLAYERS: usize = 1000;

/// The quality report of a seating: tables of four (with their winds) or tables of another size (with the
/// balance of the first deal).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Quality {
    /// Tables of four.
    Four(Report),
    /// Tables of two or three.
    AnySize(PlanReport),
}

impl Quality {
    /// Σ over pairs of (meetings − 1).
    pub fn repeat_meetings(&self) -> u64 {
        match self {
            Quality::Four(r) => r.repeat_meetings,
            Quality::AnySize(r) => r.repeat_meetings,
        }
    }

    /// The lower bound on repeated meetings.
    pub fn lower_bound(&self) -> u64 {
        match self {
            Quality::Four(r) => r.lower_bound,
            Quality::AnySize(r) => r.lower_bound,
        }
    }

    /// Meetings of clubmates.
    pub fn same_club_meetings(&self) -> u64 {
        match self {
            Quality::Four(r) => r.same_club_meetings,
            Quality::AnySize(r) => r.same_club_meetings,
        }
    }

    /// Meetings of team mates.
    pub fn same_team_meetings(&self) -> u64 {
        match self {
            Quality::Four(r) => r.same_team_meetings,
            Quality::AnySize(r) => r.same_team_meetings,
        }
    }

    /// How far the repeated meetings stand above the lower bound, when they do and the bound is not zero (above a
    /// bound of zero every repeat is simply a repeat: the report already says the least possible is none).
    pub fn above_bound(&self) -> Option<AboveBound> {
        AboveBound::of(self.repeat_meetings(), self.lower_bound())
    }

    /// Per club with meetings, why.
    pub fn clubs(&self) -> &[ClubNote] {
        match self {
            Quality::Four(r) => &r.clubs,
            Quality::AnySize(r) => &r.clubs,
        }
    }
}

/// Repeated meetings above the lower bound: beyond the most sessions without repeats the bound is rarely reached,
/// and a referee judges a plan by how far it stays from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AboveBound {
    /// Repeated meetings more than the bound.
    pub meetings: u64,
    /// Those as a percentage of the bound, rounded up.
    pub percent: u64,
}

impl AboveBound {
    /// The gap of `repeats` over a non-zero `bound`; `None` at or below it, or when the bound is zero.
    pub fn of(repeats: u64, bound: u64) -> Option<AboveBound> {
        let meetings = repeats.checked_sub(bound).filter(|&m| m > 0 && bound > 0)?;
        Some(AboveBound { meetings, percent: (meetings * 100).div_ceil(bound) })
    }
}

/// A player to be seated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entrant {
    /// Name, for messages and output.
    pub name: String,
    /// Club, if any: players of one club are kept apart where possible.
    pub club: Option<String>,
    /// Country, if any: kept apart with its own weight.
    pub country: Option<String>,
    /// Team, if any: kept apart with its own weight.
    pub team: Option<String>,
    /// A substitute is seated like anyone else but left out of the standings.
    pub substitute: bool,
}

/// What to seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatingRequest {
    /// The players, a multiple of four.
    pub entrants: Vec<Entrant>,
    /// Number of sessions.
    pub sessions: usize,
    /// The seed: the same request and seed always give the same schedule.
    pub seed: u64,
    /// Weight of a same-club meeting; 10 makes it as bad as a repeated meeting, 0 ignores clubs.
    pub club_weight: f64,
    /// Weight of a same-country meeting, on the same scale.
    pub country_weight: f64,
    /// Weight of a same-team meeting, on the same scale.
    pub team_weight: f64,
}

/// The weight that keeps a group apart before anything else: a meeting inside it costs ten repeated meetings,
/// so the search gives up repeats before it seats two of its members together.
pub const APART_WEIGHT: f64 = 100.0;

impl SeatingRequest {
    /// A request for `players` unnamed players without clubs.
    pub fn numbered(players: usize, sessions: usize, seed: u64) -> SeatingRequest {
        let entrants = (0..players).map(|i| Entrant { name: format!("{i}"), ..Entrant::default() }).collect();
        SeatingRequest { entrants, sessions, seed, club_weight: 1.0, country_weight: 0.25, team_weight: 0.0 }
    }
}

/// Every session's tables, each in seat order East, South, West, North; a table's index is its number − 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Schedule {
    /// `sessions[s][t]` = the four players of table t+1 in session s+1.
    pub sessions: Vec<Vec<[usize; 4]>>,
}

/// Why a schedule cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatingError {
    /// The players do not fill whole tables.
    NotMultipleOfFour {
        /// Players given.
        players: usize,
        /// Substitutes to add.
        missing: usize,
        /// Players to remove instead.
        extra: usize,
    },
    /// Fewer than four players, or more than the maximum.
    PlayerCount(usize),
    /// Zero or too many sessions.
    SessionCount(usize),
    /// A weight that is negative or not a number.
    Weight(&'static str),
    /// A schedule entered by hand that does not seat everyone once per session.
    BadSchedule(Message),
    /// More sessions played than the schedule has.
    Played {
        /// Sessions said to be played.
        played: usize,
        /// Sessions in the schedule.
        total: usize,
    },
}

impl Explain for SeatingError {
    fn message(&self) -> Message {
        match self {
            SeatingError::NotMultipleOfFour { players, missing, extra } => msg!(
                "error.seating.not_multiple",
                players = players,
                size = 4,
                missing = missing,
                filled = players + missing,
                extra = extra
            ),
            SeatingError::PlayerCount(n) => msg!("error.seating.player_count", n = n, max = MAX_PLAYERS),
            SeatingError::SessionCount(n) => msg!("error.seating.session_count", n = n, max = MAX_SESSIONS),
            SeatingError::Weight(name) => msg!("error.seating.weight").arg_message(
                "field",
                match *name {
                    "club weight" => msg!("field.club_weight"),
                    "team weight" => msg!("field.team_weight"),
                    _ => msg!("field.country_weight"),
                },
            ),
            SeatingError::BadSchedule(why) => why.clone(),
            SeatingError::Played { played, total } => msg!("error.seating.played", played = played, total = total),
        }
    }
}

impl std::fmt::Display for SeatingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

/// The most sessions `tables` tables can play without any pair meeting twice (as far as known designs reach):
/// 1 below 4 tables, then 5, 5, 7, 9, 10, 11 for 4…9 tables, and ⌊(N − 1)/3⌋ from 10 tables on.
pub fn w_max(tables: usize) -> usize {
    match tables {
        0..=3 => 1,
        4 | 5 => 5,
        6 => 7,
        7 => 9,
        8 => 10,
        9 => 11,
        _ => (4 * tables - 1) / 3,
    }
}

/// Lower bound on repeated meetings (Σ over pairs of meetings − 1), the larger of two:
/// - counting: each player meets 3 others per session, and only N − 1 exist;
/// - pigeonhole: with fewer than four tables, each table of a later session takes its four players from the
///   tables of session 1, so some of them sat together there — at best spread as evenly as possible (2 + 2
///   from two tables: 2 pairs; 2 + 1 + 1 from three: 1 pair). Each such pair meets again, once per session
///   after the first, so 8 players over 2 sessions cannot have fewer than 4 repeated meetings.
pub fn repeat_lower_bound(players: usize, sessions: usize) -> u64 {
    let per_player = (3 * sessions).saturating_sub(players.saturating_sub(1)) as u64;
    let counting = (players as u64 * per_player).div_ceil(2);
    let tables = players / 4;
    let pairs_per_table: u64 = match tables {
        1 => 6,
        2 => 2,
        3 => 1,
        _ => 0,
    };
    let pigeonhole = sessions.saturating_sub(1) as u64 * tables as u64 * pairs_per_table;
    counting.max(pigeonhole)
}

fn check(request: &SeatingRequest) -> Result<(), SeatingError> {
    let n = request.entrants.len();
    if !(4..=MAX_PLAYERS).contains(&n) {
        return Err(SeatingError::PlayerCount(n));
    }
    if n % 4 != 0 {
        return Err(SeatingError::NotMultipleOfFour { players: n, missing: 4 - n % 4, extra: n % 4 });
    }
    if !(1..=MAX_SESSIONS).contains(&request.sessions) {
        return Err(SeatingError::SessionCount(request.sessions));
    }
    for (name, w) in [
        ("club weight", request.club_weight),
        ("country weight", request.country_weight),
        ("team weight", request.team_weight),
    ] {
        if !(0.0..=100.0).contains(&w) {
            return Err(SeatingError::Weight(name));
        }
    }
    Ok(())
}

/// Extra cost of each pair's meeting: a weight of 10 equals one repeated meeting.
fn pair_weights(request: &SeatingRequest) -> Vec<i64> {
    let n = request.entrants.len();
    let scale = |w: f64| (w * REPEAT_COST as f64 / 10.0).round() as i64;
    let (club, country, team) = (scale(request.club_weight), scale(request.country_weight), scale(request.team_weight));
    let mut weights = vec![0i64; n * n];
    for (a, ea) in request.entrants.iter().enumerate() {
        for (b, eb) in request.entrants.iter().enumerate() {
            if a == b {
                continue;
            }
            let club_cost = if report::same(&ea.club, &eb.club).is_some() { club } else { 0 };
            let country_cost = if report::same(&ea.country, &eb.country).is_some() { country } else { 0 };
            let team_cost = if report::same(&ea.team, &eb.team).is_some() { team } else { 0 };
            weights[a * n + b] = club_cost + country_cost + team_cost;
        }
    }
    weights
}

/// A lower bound on the weighted same-club and same-country cost of the whole schedule (see
/// [`report::club_floor`]); the no-repeat bound counts when the schedule is to have no repeated meeting.
fn unavoidable_cost(request: &SeatingRequest) -> i64 {
    let n = request.entrants.len();
    let no_repeats = request.sessions <= w_max(n / 4);
    let scale = |w: f64| (w * REPEAT_COST as f64 / 10.0).round() as i64;
    let mut cost = 0;
    for (weight, key) in [(request.club_weight, 0), (request.country_weight, 1), (request.team_weight, 2)] {
        let mut members: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for entrant in &request.entrants {
            let value = match key {
                0 => &entrant.club,
                1 => &entrant.country,
                _ => &entrant.team,
            };
            // Grouped exactly as `report::same` compares, so that the bound never exceeds the true cost.
            if let Some(value) = value.as_ref().filter(|v| !v.trim().is_empty()) {
                *members.entry(value.clone()).or_default() += 1;
            }
        }
        let pairs: u64 =
            members.values().map(|&k| report::club_floor(k, n, request.sessions, no_repeats).meetings).sum();
        cost += pairs as i64 * scale(weight);
    }
    cost
}

/// Swap steps the search may take: one step examines about N × R swaps, so the budget keeps N × R × steps
/// roughly constant — every cell up to 400 players × 12 sessions stays well under two seconds — while large,
/// easy cells (which stop as soon as they reach zero repeats) still get hundreds of steps.
fn iteration_budget(players: usize, sessions: usize) -> u64 {
    (3_000_000 / (players * sessions).max(1) as u64).clamp(500, 100_000)
}

/// Seats the sessions after the first `played` ones of `planned` (kept as they are, counted as history) at
/// tables of `sizes`, and reports the whole plan's quality: tables of exactly four get the designs, the exact
/// wind balance and the table numbering of [`reseat`]; other sizes get [`seat_any_size`]. The one door the
/// desk seats through, so that no four-seat shape is known outside seating.
pub fn seat_plan(
    request: &SeatingRequest,
    sizes: TableSizes,
    planned: &Plan,
    played: usize,
) -> Result<(Plan, Quality), SeatingError> {
    if sizes != TableSizes::exactly(4) {
        let plan = seat_any_size(request, sizes, &planned[..played.min(planned.len())])?;
        let quality = plan_report(&plan, &request.entrants)?;
        return Ok((plan, Quality::AnySize(quality)));
    }
    let Some(sessions) = four_seat_sessions(planned) else {
        return Err(SeatingError::BadSchedule(msg!("error.seating.stored_shape")));
    };
    let schedule = reseat(request, &Schedule { sessions }, played)?;
    let quality = report(&schedule, &request.entrants)?;
    let plan = plan_of(&schedule.sessions);
    Ok((plan, Quality::Four(quality)))
}

/// The quality report of a whole plan: with winds when every table seats four, with the first deal otherwise.
pub fn plan_quality(plan: &Plan, entrants: &[Entrant]) -> Result<Quality, SeatingError> {
    match four_seat_sessions(plan) {
        Some(sessions) => Ok(Quality::Four(report(&Schedule { sessions }, entrants)?)),
        None => Ok(Quality::AnySize(plan_report(plan, entrants)?)),
    }
}

/// Seats every session.
pub fn generate(request: &SeatingRequest) -> Result<Schedule, SeatingError> {
    reseat(request, &Schedule { sessions: Vec::new() }, 0)
}

/// Re-seats the sessions after the first `played` ones of `planned`, which stay exactly as they were and count
/// as history. A withdrawn player is replaced by a substitute at the same index of `request.entrants`; the
/// planned later sessions are the starting point, so a plain substitution keeps every guarantee of the plan,
/// and the search then repairs whatever changed (clubs of the substitute, a plan that no longer fits).
pub fn reseat(request: &SeatingRequest, planned: &Schedule, played: usize) -> Result<Schedule, SeatingError> {
    check(request)?;
    let n = request.entrants.len();
    if played > planned.sessions.len() || played > request.sessions {
        return Err(SeatingError::Played { played, total: planned.sessions.len().min(request.sessions) });
    }
    let fixed: Vec<Vec<Group>> = planned.sessions[..played].to_vec();
    report::check_shape(&Schedule { sessions: fixed.clone() }, n)?;
    let weights = pair_weights(request);
    let mut rng = Rng::new(request.seed);
    // No start at all (no design for this count, or a planned rest that no longer fits) leaves the search to
    // seat from scratch.
    let starts: Vec<Vec<Vec<Group>>> = if played > 0 {
        let rest = Schedule { sessions: planned.sessions[played..].to_vec() };
        let fits = report::check_shape(&rest, n).is_ok();
        fits.then(|| fixed.iter().cloned().chain(rest.sessions).collect()).into_iter().collect()
    } else {
        designed_starts(n, request.sessions).into_iter().map(|d| relabelled(d, n, &weights, &mut rng)).collect()
    };
    let target = if request.sessions <= w_max(n / 4) { 0 } else { repeat_lower_bound(n, request.sessions) as i64 };
    let problem = Problem {
        players: n,
        sessions: request.sessions,
        pair_weight: &weights,
        fixed: &fixed,
        iterations: iteration_budget(n, request.sessions),
        target_cost: target * REPEAT_COST + unavoidable_cost(request),
    };
    // Every start gets the same seeded search; the cheapest result wins (the first on a tie), so the answer
    // stays the same on every run.
    let (grouped, _) = starts
        .into_iter()
        .map(|start| search::solve(&problem, &mut rng.clone(), Some(start)))
        .reduce(|best, next| if next.1 < best.1 { next } else { best })
        .unwrap_or_else(|| search::solve(&problem, &mut rng.clone(), None));
    // Sessions kept as they stand: the played ones, and planned ones the search left untouched (their winds
    // and table numbers were already balanced over the whole plan).
    let keep: Vec<bool> =
        (0..grouped.len()).map(|s| s < played || planned.sessions.get(s) == Some(&grouped[s])).collect();
    let changed: Vec<Vec<Group>> = (0..grouped.len()).filter(|&s| !keep[s]).map(|s| grouped[s].clone()).collect();
    let mut rewound = winds::assign_winds(&changed, n).into_iter();
    let mut seated: Vec<Vec<Group>> = (0..grouped.len())
        .map(|s| if keep[s] { grouped[s].clone() } else { rewound.next().unwrap_or_default() })
        .collect();
    if keep.iter().any(|&k| k) {
        winds::rebalance(&mut seated, &keep, n);
    }
    Ok(Schedule { sessions: tables::number_tables(&seated, &keep, n) })
}

/// The shipped repeat-free bases (offline search: `examples/find_cyclic_bases.rs`).
const SHIPPED_BASES: &str = include_str!("../../assets/seating/cyclic-bases.txt");
/// The shipped repeat-free bases that search does not find in its time (a SAT solver on the model of
/// `examples/cyclic_base_cnf.rs`), in the same format.
const SHIPPED_SAT_BASES: &str = include_str!("../../assets/seating/cyclic-bases-sat.txt");
/// The shipped whole designs (offline searches: `examples/find_xor_design.rs`, and a SAT solver for 56 × 18).
const SHIPPED_DESIGNS: &str = include_str!("../../assets/seating/designs.txt");
/// The shipped schedules past the maximum: resolvable coverings for 24 × 8, 36 × 12 and 48 × 16 (every pair
/// meets, repeats at the counting bound; found offline, the file says how each was built).
const SHIPPED_COVERINGS: &str = include_str!("../../assets/seating/coverings.txt");

/// Every shipped base, parsed.
fn shipped_bases() -> impl Iterator<Item = cyclic::Base> {
    data_lines(SHIPPED_BASES).chain(data_lines(SHIPPED_SAT_BASES)).filter_map(cyclic::Base::parse)
}

/// The shipped repeat-free schedules for `players` (for every count when `None`), the cyclic bases developed and
/// the whole designs, as (players, sessions). Only the bases of the wanted count are developed.
fn shipped_schedules(players: Option<usize>) -> impl Iterator<Item = (usize, Vec<Vec<Group>>)> {
    let wanted = move |n: usize| players.is_none_or(|p| p == n);
    let developed = shipped_bases().filter(move |b| wanted(b.players)).map(|b| (b.players, b.develop()));
    let designs = data_lines(SHIPPED_DESIGNS).filter_map(designs::Design::parse).filter(move |d| wanted(d.players));
    developed.chain(designs.map(|d| (d.players, d.sessions)))
}

/// Every schedule of `coverings.txt` (the resolvable coverings), as (players, sessions).
fn shipped_coverings() -> impl Iterator<Item = (usize, Vec<Vec<Group>>)> {
    data_lines(SHIPPED_COVERINGS).filter_map(designs::Design::parse).map(|d| (d.players, d.sessions))
}

/// The designs to start the search from: the shipped or constructed repeat-free design that covers every
/// session (any prefix of it is repeat-free); when more sessions are asked for than any has, the longest
/// shipped covering that is longer than the repeat-free designs and not longer than asked for (its sessions
/// meet pairs as a whole, so a prefix of it can be worse than the search's own sessions); otherwise the two
/// longest repeat-free designs, each to be extended by the search. A longer start is not always the better one
/// past its end: 68 × 20 has no repeat from the 17-session transversal design, while the search adds a 20th
/// session to the 19-session base with 18 repeats.
fn designed_starts(players: usize, sessions: usize) -> Vec<Vec<Vec<Group>>> {
    let constructed = construct::best(players, 4).and_then(|plan| Some((players, four_seat_sessions(&plan)?)));
    let mut repeat_free: Vec<Vec<Vec<Group>>> =
        shipped_schedules(Some(players)).chain(constructed).map(|(_, s)| s).collect();
    // Longest first; of two as long, the later one (constructed before shipped).
    repeat_free.reverse();
    repeat_free.sort_by_key(|s| std::cmp::Reverse(s.len()));
    repeat_free.dedup_by_key(|s| s.len());
    if let Some(longest) = repeat_free.first().filter(|s| s.len() >= sessions) {
        return vec![longest.iter().take(sessions).cloned().collect()];
    }
    let reach = repeat_free.first().map_or(0, Vec::len);
    let covering = shipped_coverings()
        .filter(|(n, s)| *n == players && (reach + 1..=sessions).contains(&s.len()))
        .max_by_key(|(_, s)| s.len());
    if let Some((_, design)) = covering {
        return vec![design];
    }
    repeat_free.truncate(2);
    repeat_free
}

/// A design with its players relabelled by the seed, then labels swapped to keep clubs apart (relabelling
/// never creates a repeat).
fn relabelled(design: Vec<Vec<Group>>, players: usize, weights: &[i64], rng: &mut Rng) -> Vec<Vec<Group>> {
    let mut label: Vec<usize> = (0..players).collect();
    rng.shuffle(&mut label);
    let mut schedule = design;
    for group in schedule.iter_mut().flatten() {
        for p in group.iter_mut() {
            *p = label[*p];
        }
    }
    labels::separate(&mut schedule, players, weights);
    schedule
}

/// Four-seat sessions as a plan (the inverse of [`four_seat_sessions`]).
fn plan_of(sessions: &[Vec<Group>]) -> Plan {
    sessions.iter().map(|session| session.iter().map(|table| table.to_vec()).collect()).collect()
}

/// A plan as sessions of four-seat groups; `None` when a table seats another number.
fn four_seat_sessions(plan: &Plan) -> Option<Vec<Vec<Group>>> {
    plan.iter().map(|session| session.iter().map(|table| table.as_slice().try_into().ok()).collect()).collect()
}

/// A repeat-free cyclic base for the cell with `orbits` base sessions, as a line of
/// `assets/seating/cyclic-bases.txt` (offline search).
pub fn cyclic_base_line(players: usize, sessions: usize, orbits: usize, rng: &mut Rng, budget: u64) -> Option<String> {
    cyclic::find_base_with_orbits(players, sessions, orbits, rng, budget).map(|b| b.to_line())
}

/// A base found outside Stecca (one base session, its blocks in the order of `assets/seating/cyclic-bases.txt`:
/// the fixed points' blocks of three first), as its line of that file if it has the file's shape and develops
/// into sessions where every player sits once and no pair meets twice; `None` otherwise (offline search:
/// `examples/cyclic_base_cnf.rs`).
pub fn checked_cyclic_base_line(players: usize, sessions: usize, blocks: Vec<Vec<usize>>) -> Option<String> {
    let line = cyclic::Base { players, sessions, orbits: 1, blocks }.to_line();
    let developed = cyclic::Base::parse(&line)?.develop();
    let r = report(&Schedule { sessions: developed }, &vec![Entrant::default(); players]).ok()?;
    (r.repeat_meetings == 0).then_some(line)
}

/// A plan of `sessions` at tables of exactly `size` where no pair meets twice, by the tabu search run for
/// `budget` steps from a random start (offline search: `examples/find_triple_designs.rs`); `None` when the
/// budget runs out first.
pub fn repeat_free_plan(players: usize, sessions: usize, size: usize, seed: u64, budget: u64) -> Option<Plan> {
    if size < 2 || players % size != 0 {
        return None;
    }
    let mut rng = Rng::new(seed);
    let mut plan: Plan = (0..sessions)
        .map(|_| {
            let mut order: Vec<usize> = (0..players).collect();
            rng.shuffle(&mut order);
            order.chunks(size).map(<[usize]>::to_vec).collect()
        })
        .collect();
    tabu::polish_for(&mut plan, 0, players, &vec![0; players * players], &mut rng, budget);
    (any_size::repeats(&plan, players) == 0).then_some(plan)
}

/// A whole schedule as a line of `assets/seating/designs.txt` (offline search).
pub fn design_line(players: usize, sessions: &[Vec<[usize; 4]>]) -> String {
    designs::Design { players, sessions: sessions.to_vec() }.to_line()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn above_the_bound_counts_the_extra_meetings_and_rounds_the_percentage_up() {
        assert_eq!(AboveBound::of(18, 12), Some(AboveBound { meetings: 6, percent: 50 }));
        assert_eq!(AboveBound::of(28, 18), Some(AboveBound { meetings: 10, percent: 56 }));
        assert_eq!(AboveBound::of(12, 12), None, "at the bound");
        assert_eq!(AboveBound::of(3, 0), None, "a zero bound: the report already says none is needed");
        assert_eq!(AboveBound::of(0, 0), None);
    }

    #[test]
    fn every_shipped_line_parses() {
        let lines = data_lines(SHIPPED_BASES).count() + data_lines(SHIPPED_SAT_BASES).count();
        assert_eq!(shipped_bases().count(), lines);
        let designs = data_lines(SHIPPED_DESIGNS).filter_map(designs::Design::parse).count();
        assert_eq!(designs, data_lines(SHIPPED_DESIGNS).count());
        assert_eq!(shipped_coverings().count(), data_lines(SHIPPED_COVERINGS).count());
    }

    #[test]
    fn every_shipped_covering_has_its_stated_unmet_pairs_and_repeats() {
        // (players, sessions, pairs that never meet): every one at the counting bound.
        let stated = [(24, 8, 0), (36, 12, 0), (48, 16, 0)];
        let mut cells = Vec::new();
        for (players, sessions) in shipped_coverings() {
            let cell = (players, sessions.len());
            let Some(&(_, _, stated_unmet)) = stated.iter().find(|s| (s.0, s.1) == cell) else {
                panic!("{cell:?} is shipped without a stated figure");
            };
            let met = any_size::meetings(&plan_of(&sessions), players);
            let unmet = (0..players).flat_map(|a| (a + 1..players).map(move |b| (a, b)));
            let unmet = unmet.filter(|&(a, b)| met[a * players + b] == 0).count();
            assert_eq!(unmet, stated_unmet, "{cell:?}: pairs that never meet");
            let r = report(&Schedule { sessions: sessions.clone() }, &vec![Entrant::default(); players])
                .unwrap_or_else(|e| panic!("{players} players: {e}"));
            // Past the maximum every meeting beyond one per pair is a repeat: the bound plus the unmet pairs.
            assert_eq!(r.repeat_meetings, repeat_lower_bound(players, cell.1) + unmet as u64, "{cell:?}");
            cells.push(cell);
        }
        for (players, sessions, _) in stated {
            assert!(cells.contains(&(players, sessions)), "{players} × {sessions} is shipped");
        }
    }

    #[test]
    fn past_the_repeat_free_designs_the_coverings_seat_at_the_counting_bound() {
        for (players, sessions, bound) in [(24, 8, 12), (36, 12, 18), (48, 16, 24)] {
            let request = SeatingRequest::numbered(players, sessions, 7);
            let schedule = generate(&request).expect("the players seat");
            let r = report(&schedule, &request.entrants).expect("a valid schedule");
            assert_eq!((r.repeat_meetings, r.lower_bound), (bound, bound), "{players} × {sessions}");
            // One session fewer still comes from the repeat-free design, the covering only past it.
            let fewer = generate(&SeatingRequest::numbered(players, sessions - 1, 7)).expect("the players seat");
            assert_eq!(report(&fewer, &request.entrants).expect("valid").repeat_meetings, 0, "{players} players");
        }
    }

    #[test]
    fn the_48_by_16_covering_starts_48_by_16_and_no_shorter_cell() {
        // A prefix of it is not a start: 48 × 15 comes from the repeat-free 15 sessions of the shipped base.
        assert_eq!(designed_starts(48, 15).iter().map(Vec::len).collect::<Vec<_>>(), [15]);
        assert_eq!(designed_starts(48, 16).iter().map(Vec::len).collect::<Vec<_>>(), [16]);
    }

    #[test]
    fn the_sat_bases_seat_44_by_14_and_48_by_15_without_a_repeat() {
        // w_max for both counts: 44 players meet 42 of 43 others, 48 meet 45 of 47. The search alone left 26 and
        // 24 repeats here.
        for (players, sessions) in [(44, 14), (48, 15)] {
            let head = format!("{players} {sessions}:");
            assert!(data_lines(SHIPPED_SAT_BASES).any(|l| l.starts_with(&head)), "{head}");
            assert_eq!(w_max(players / 4), sessions);
            for seed in [1, 7] {
                let request = SeatingRequest::numbered(players, sessions, seed);
                let schedule = generate(&request).expect("the players seat");
                let r = report(&schedule, &request.entrants).expect("a valid schedule");
                assert_eq!((r.repeat_meetings, r.lower_bound), (0, 0), "{players} × {sessions}, seed {seed}");
            }
        }
    }

    #[test]
    fn a_base_found_outside_is_checked_before_it_becomes_a_line() {
        let Some(line) = data_lines(SHIPPED_SAT_BASES).find(|l| l.starts_with("48 15:")) else {
            panic!("48 15 is shipped");
        };
        let base = cyclic::Base::parse(line).expect("the shipped line parses");
        assert_eq!(checked_cyclic_base_line(48, 15, base.blocks.clone()).as_deref(), Some(line));
        // Two points swapped between a block of three and a block of four: the same shape, but pairs meet twice.
        let mut swapped = base.blocks.clone();
        let (a, b) = (swapped[0][0], swapped[3][0]);
        (swapped[0][0], swapped[3][0]) = (b, a);
        assert_eq!(checked_cyclic_base_line(48, 15, swapped), None);
        // A point seated twice and another never: no schedule.
        let mut twice = base.blocks.clone();
        twice[5][0] = twice[4][0];
        assert_eq!(checked_cyclic_base_line(48, 15, twice), None);
        // A block of the wrong size: not the file's shape.
        let mut short = base.blocks;
        short[4].pop();
        assert_eq!(checked_cyclic_base_line(48, 15, short), None);
    }

    #[test]
    fn past_every_design_the_search_starts_from_the_two_longest_and_keeps_the_better_plan() {
        // 68 players: the 1-rotational base has 19 sessions, the transversal design over Z_17 has 17.
        let lengths = |sessions| designed_starts(68, sessions).iter().map(Vec::len).collect::<Vec<_>>();
        assert_eq!(lengths(19), [19], "a design that covers every session is the only start");
        assert_eq!(lengths(20), [19, 17]);
        // From the base alone the search's 20th session repeats 18 meetings; from the shorter start it repeats none.
        let request = SeatingRequest::numbered(68, 20, 1);
        let schedule = generate(&request).expect("the players seat");
        assert_eq!(report(&schedule, &request.entrants).expect("a valid schedule").repeat_meetings, 0);
    }

    #[test]
    fn every_shipped_schedule_is_repeat_free() {
        let mut cells = Vec::new();
        for (players, sessions) in shipped_schedules(None) {
            let schedule = Schedule { sessions };
            let entrants = vec![Entrant::default(); players];
            let r = report(&schedule, &entrants).unwrap_or_else(|e| panic!("{players} players: {e}"));
            assert_eq!(r.repeat_meetings, 0, "{players} × {}", schedule.sessions.len());
            cells.push((players, schedule.sessions.len()));
        }
        // The cells near the bound that local search does not reach are all covered, and past twelve sessions
        // the 1-rotational bases reach further than any construction for these counts.
        let past_twelve = [
            (44, 14),
            (48, 15),
            (56, 17),
            (56, 18),
            (60, 17),
            (68, 19),
            (72, 20),
            (84, 23),
            (92, 26),
            (96, 27),
            (104, 29),
            (108, 30),
            (116, 32),
            (120, 33),
            (132, 36),
            (140, 38),
            (152, 40),
            (156, 40),
        ];
        for cell in [(16, 5), (20, 5), (24, 7), (28, 9), (32, 10), (36, 11)].into_iter().chain(past_twelve) {
            assert!(cells.contains(&cell), "{cell:?} has no shipped design");
        }
    }
}
