//! Team standings: a team is a named group of players (the tournament sets its size); its result is the sum of
//! its members' results, or of its best members' (a tournament setting), ordered as the individual standings
//! are: by placement points then points where placement points rank, else by points. Pure: the store gives the
//! individual standings and each player's team.

use std::collections::BTreeMap;
use std::collections::HashMap;

use super::{Id, StandingRow};

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    /// Place (1-based); equal records share it.
    pub place: u32,
    /// The team's name.
    pub team: String,
    /// The members' names, in the order of the individual standings (the counted ones first).
    pub members: Vec<String>,
    /// How many members' results count (the best ones).
    pub counted: usize,
    /// The counted members' points.
    pub points: i64,
    /// The counted members' placement points, × [`super::standings::PLACEMENT_SCALE`].
    pub placement_scaled: i64,
}

impl TeamRow {
    /// Placement points as a decimal number, for display.
    pub fn placement(&self) -> f64 {
        self.placement_scaled as f64 / super::standings::PLACEMENT_SCALE as f64
    }
}

/// The team standings from the individual `rows` (in their order), each player's team by id (players without
/// one are left out), counting each team's `best` members (0: every member), ranked by placement points first
/// when `by_placement`.
pub fn team_standings(
    rows: &[StandingRow],
    team_of: &HashMap<Id, String>,
    best: usize,
    by_placement: bool,
) -> Vec<TeamRow> {
    let mut teams: BTreeMap<&str, Vec<&StandingRow>> = BTreeMap::new();
    for row in rows {
        if let Some(team) = team_of.get(&row.player.id).filter(|t| !t.is_empty()) {
            teams.entry(team.as_str()).or_default().push(row);
        }
    }
    let mut out: Vec<TeamRow> = teams
        .into_iter()
        .map(|(team, members)| {
            // The individual standings are in rank order: a team's best members are its first ones.
            let counted = if best == 0 { members.len() } else { best.min(members.len()) };
            let points = members.iter().take(counted).map(|r| r.points).sum();
            let placement_scaled = members.iter().take(counted).map(|r| r.placement_scaled).sum();
            TeamRow {
                place: 0,
                team: team.to_owned(),
                members: members.iter().map(|r| r.player.name.clone()).collect(),
                counted,
                points,
                placement_scaled,
            }
        })
        .collect();
    let key = |r: &TeamRow| if by_placement { (r.placement_scaled, r.points) } else { (r.points, 0) };
    out.sort_by(|a, b| key(b).cmp(&key(a)).then_with(|| a.team.cmp(&b.team)));
    for i in 0..out.len() {
        out[i].place = if i > 0 && key(&out[i - 1]) == key(&out[i]) { out[i - 1].place } else { i as u32 + 1 };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::PlayerRecord;

    fn row(id: Id, points: i64, placement: i64) -> StandingRow {
        StandingRow {
            place: 0,
            player: PlayerRecord {
                id,
                name: format!("P{id}"),
                club: String::new(),
                country: String::new(),
                substitute: false,
                withdrawn: false,
            },
            points,
            placement_scaled: placement * 12,
            penalties: 0,
            best_session: 0,
            mahjongs: 0,
            sessions_played: 1,
        }
    }

    #[test]
    fn a_team_sums_its_members_or_its_best_ones_and_level_teams_share_a_place() {
        let rows = [row(1, 90, 4), row(2, 50, 2), row(3, 40, 4), row(4, 10, 1), row(5, -20, 0), row(6, -70, 1)];
        let team_of: HashMap<Id, String> =
            [(1, "Draghi"), (2, "Venti"), (3, "Venti"), (4, "Draghi"), (5, "Fiori"), (6, "Fiori")]
                .into_iter()
                .map(|(id, t)| (id, t.to_owned()))
                .collect();
        let all = team_standings(&rows, &team_of, 0, false);
        let summary: Vec<(u32, &str, i64)> = all.iter().map(|r| (r.place, r.team.as_str(), r.points)).collect();
        assert_eq!(summary, [(1, "Draghi", 100), (2, "Venti", 90), (3, "Fiori", -90)]);
        assert_eq!(all[0].members, ["P1", "P4"]);
        let best = team_standings(&rows, &team_of, 1, false);
        let summary: Vec<(u32, &str, i64)> = best.iter().map(|r| (r.place, r.team.as_str(), r.points)).collect();
        assert_eq!(summary, [(1, "Draghi", 90), (2, "Venti", 50), (3, "Fiori", -20)]);
        // By table points: Venti 6 and Draghi 5; level teams share a place.
        let placed = team_standings(&rows, &team_of, 0, true);
        assert_eq!((placed[0].team.as_str(), placed[0].placement()), ("Venti", 6.0));
        let level = [row(1, 10, 0), row(2, 10, 0)];
        let team_of: HashMap<Id, String> = [(1, "A".to_owned()), (2, "B".to_owned())].into_iter().collect();
        let places: Vec<u32> = team_standings(&level, &team_of, 0, false).iter().map(|r| r.place).collect();
        assert_eq!(places, [1, 1]);
    }

    #[test]
    fn players_without_a_team_are_left_out() {
        let rows = [row(1, 5, 0), row(2, 3, 0)];
        let team_of: HashMap<Id, String> = [(1, String::new())].into_iter().collect();
        assert!(team_standings(&rows, &team_of, 0, false).is_empty());
    }
}
