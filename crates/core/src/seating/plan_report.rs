//! The quality report of a plan at tables of any size (two, three): the same figures as for tables of four
//! — repeated meetings against their lower bound, clubs and countries, the most sessions at one table number —
//! with the balance of the first deal in place of the winds.

use serde::Serialize;

use super::report::{ClubNote, FloorReason, pair_figures, unavoidable_meetings};
use super::{Entrant, Plan, SeatingError};

/// How good a plan is.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanReport {
    /// Σ over pairs of (meetings − 1): 0 when nobody meets twice.
    pub repeat_meetings: u64,
    /// The counting lower bound: the meetings the tables make beyond one per pair of players.
    pub lower_bound: u64,
    /// Pairs that met more than once: (player, player, meetings).
    pub repeated_pairs: Vec<(usize, usize, u32)>,
    /// Meetings of players of the same club.
    pub same_club_meetings: u64,
    /// Meetings of players of the same country.
    pub same_country_meetings: u64,
    /// Meetings of players of the same team.
    pub same_team_meetings: u64,
    /// Per club with meetings: how many no plan can avoid.
    pub clubs: Vec<ClubNote>,
    /// Per player: sessions in which it dealt first (the dealer of the session's first hand).
    pub first_deals: Vec<u32>,
    /// Most − least first deals between players (0 or 1 is as fair as the numbers allow).
    pub max_first_deal_deviation: u32,
    /// The most sessions one player spends at one table number.
    pub max_same_table: u32,
    /// Each session's table sizes (the same in every session).
    pub table_sizes: Vec<usize>,
}

/// Checks that every session seats every player once and measures everything.
pub fn plan_report(plan: &Plan, entrants: &[Entrant]) -> Result<PlanReport, SeatingError> {
    let n = entrants.len();
    let mut met = vec![0u32; n * n];
    let mut first_deals = vec![0u32; n];
    let tables = plan.first().map_or(0, Vec::len);
    let mut at_table = vec![vec![0u32; tables]; n];
    let mut meetings_made = 0u64;
    for (s, session) in plan.iter().enumerate() {
        let mut seen = vec![false; n];
        for (t, table) in session.iter().enumerate() {
            for &p in table {
                match seen.get_mut(p) {
                    Some(slot) if !*slot => *slot = true,
                    Some(_) => {
                        return Err(SeatingError::BadSchedule(crate::msg!(
                            "error.seating.twice",
                            session = s + 1,
                            player = p
                        )));
                    }
                    None => {
                        return Err(SeatingError::BadSchedule(crate::msg!(
                            "error.seating.no_such_player",
                            session = s + 1,
                            table = t + 1,
                            player = p,
                            last = n.saturating_sub(1)
                        )));
                    }
                }
                if let Some(count) = at_table[p].get_mut(t) {
                    *count += 1;
                }
            }
            if let Some(&first) = table.first() {
                first_deals[first] += 1;
            }
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    met[a.min(b) * n + a.max(b)] += 1;
                    meetings_made += 1;
                }
            }
        }
        if let Some(missing) = seen.iter().position(|s| !s) {
            return Err(SeatingError::BadSchedule(crate::msg!(
                "error.seating.missing_player",
                session = s + 1,
                player = missing
            )));
        }
    }
    let pairs = (n * n.saturating_sub(1) / 2) as u64;
    let mut out = PlanReport {
        repeat_meetings: 0,
        lower_bound: meetings_made.saturating_sub(pairs),
        repeated_pairs: Vec::new(),
        same_club_meetings: 0,
        same_country_meetings: 0,
        same_team_meetings: 0,
        clubs: Vec::new(),
        max_first_deal_deviation: first_deals.iter().max().copied().unwrap_or(0)
            - first_deals.iter().min().copied().unwrap_or(0),
        first_deals,
        max_same_table: at_table.iter().flatten().copied().max().unwrap_or(0),
        table_sizes: plan.first().map(|s| s.iter().map(Vec::len).collect()).unwrap_or_default(),
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
        let unavoidable = unavoidable_meetings(members, tables) * plan.len() as u64;
        let (reason, why) = if unavoidable > 0 {
            (
                FloorReason::PerSession,
                format!(
                    "{members} members at {tables} tables: at least {} meetings per session are unavoidable",
                    unavoidable_meetings(members, tables)
                ),
            )
        } else {
            (FloorReason::None, format!("{members} members fit at {tables} different tables"))
        };
        out.clubs.push(ClubNote { club: club.to_owned(), members, meetings, unavoidable, reason, why });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_is_measured_and_a_bad_one_refused() {
        let entrants: Vec<Entrant> = ["a", "b", "c", "d", "e"]
            .iter()
            .map(|n| Entrant { name: (*n).to_owned(), club: (*n < "c").then(|| "X".to_owned()), ..Entrant::default() })
            .collect();
        let plan: Plan = vec![vec![vec![0, 1, 2], vec![3, 4]], vec![vec![0, 1, 3], vec![2, 4]]];
        let r = plan_report(&plan, &entrants).expect("valid");
        assert_eq!(r.repeat_meetings, 1, "0 and 1 meet twice");
        assert_eq!(r.repeated_pairs, [(0, 1, 2)]);
        assert_eq!(r.lower_bound, 0, "8 meetings among 10 pairs");
        assert_eq!(r.same_club_meetings, 2);
        assert_eq!(r.first_deals, [2, 0, 1, 1, 0]);
        assert_eq!(r.max_first_deal_deviation, 2);
        assert_eq!(r.table_sizes, [3, 2]);
        assert_eq!(r.max_same_table, 2);
        let twice: Plan = vec![vec![vec![0, 1, 2], vec![2, 3, 4]]];
        assert!(plan_report(&twice, &entrants).is_err());
        let missing: Plan = vec![vec![vec![0, 1, 2], vec![3]]];
        assert!(plan_report(&missing, &entrants).is_err());
    }
}
