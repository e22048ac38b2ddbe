//! Standings: total points (every manche's net minus penalties) or placement points per session table, a
//! configurable tie-break chain, shared places for identical records. Substitutes are left out.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::{Id, Ranking, RankingMethod, TieBreak};

/// Placement points are kept in twelfths so that shares of tied positions (halves, thirds) stay exact.
pub const PLACEMENT_SCALE: i64 = 12;

/// A player as the standings need them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Database id.
    pub id: Id,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Country.
    pub country: String,
    /// Substitutes are seated but not ranked.
    pub substitute: bool,
    /// Withdrawn players keep their results and stay ranked.
    pub withdrawn: bool,
}

/// One session table's totals so far: per player, the sum of the nets of its manches and the Mah Jongs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    /// Session number (1-based).
    pub session: u32,
    /// `(player, points, mah jongs)` for each player, by position.
    pub players: Vec<(Id, i64, u32)>,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// Place (1-based); equal records share it.
    pub place: u32,
    /// The player.
    pub player: PlayerRecord,
    /// Total points: nets minus penalties.
    pub points: i64,
    /// Placement points × [`PLACEMENT_SCALE`].
    pub placement_scaled: i64,
    /// Penalty points deducted (positive).
    pub penalties: i64,
    /// Best single session's points.
    pub best_session: i64,
    /// Mah Jongs made.
    pub mahjongs: u32,
    /// Sessions with at least one manche.
    pub sessions_played: u32,
}

impl StandingRow {
    /// Placement points as a decimal number (e.g. 2.5).
    pub fn placement(&self) -> f64 {
        self.placement_scaled as f64 / PLACEMENT_SCALE as f64
    }

    fn key(&self, key: TieBreak) -> i64 {
        match key {
            TieBreak::TotalPoints => self.points,
            TieBreak::PlacementPoints => self.placement_scaled,
            TieBreak::BestSession => self.best_session,
            TieBreak::FewerPenalties => -self.penalties,
            TieBreak::MahJongs => i64::from(self.mahjongs),
        }
    }
}

/// The ordered standings. `penalties` lists `(player, points deducted)`, one entry per penalty.
pub fn standings(
    players: &[PlayerRecord],
    tables: &[TableResult],
    penalties: &[(Id, i64)],
    ranking: &Ranking,
) -> Vec<StandingRow> {
    let mut rows: Vec<StandingRow> = players
        .iter()
        .filter(|p| !p.substitute)
        .map(|p| StandingRow {
            place: 0,
            player: p.clone(),
            points: 0,
            placement_scaled: 0,
            penalties: 0,
            best_session: i64::MIN,
            mahjongs: 0,
            sessions_played: 0,
        })
        .collect();
    let index: HashMap<Id, usize> = rows.iter().enumerate().map(|(i, r)| (r.player.id, i)).collect();
    let mut session_points: HashMap<(Id, u32), i64> = HashMap::new();
    for table in tables {
        let placement = placement_shares(
            &table.players.iter().map(|&(_, points, _)| points).collect::<Vec<_>>(),
            &ranking.placement_points,
        );
        for (&(id, points, mahjongs), share) in table.players.iter().zip(placement) {
            *session_points.entry((id, table.session)).or_default() += points;
            let Some(&i) = index.get(&id) else { continue };
            rows[i].points += points;
            rows[i].placement_scaled += share;
            if ranking.method == RankingMethod::PointsWithPlacement {
                rows[i].points += share / PLACEMENT_SCALE;
            }
            rows[i].mahjongs += mahjongs;
        }
    }
    for (&(id, _), &points) in &session_points {
        let Some(&i) = index.get(&id) else { continue };
        rows[i].best_session = rows[i].best_session.max(points);
        rows[i].sessions_played += 1;
    }
    for &(id, points) in penalties {
        let Some(&i) = index.get(&id) else { continue };
        rows[i].penalties += points;
        rows[i].points -= points;
    }
    for row in &mut rows {
        if row.best_session == i64::MIN {
            row.best_session = 0;
        }
    }
    // A player who withdrew before playing a manche took no part: not ranked (one who played keeps a place).
    rows.retain(|r| !(r.player.withdrawn && r.sessions_played == 0));
    let primary = match ranking.method {
        RankingMethod::TotalPoints | RankingMethod::PointsWithPlacement => vec![TieBreak::TotalPoints],
        RankingMethod::PlacementPoints => vec![TieBreak::PlacementPoints, TieBreak::TotalPoints],
    };
    let keys: Vec<TieBreak> = primary.into_iter().chain(ranking.tie_breaks.iter().copied()).collect();
    let compare = |a: &StandingRow, b: &StandingRow| -> Ordering {
        keys.iter().map(|&k| b.key(k).cmp(&a.key(k))).find(|o| o.is_ne()).unwrap_or(Ordering::Equal)
    };
    rows.sort_by(|a, b| compare(a, b).then_with(|| a.player.name.cmp(&b.player.name)));
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && compare(&rows[i - 1], &rows[i]).is_eq() { rows[i - 1].place } else { i as u32 + 1 };
    }
    rows
}

/// Each player's placement points (scaled) at one table: ranked by points, tied players share the points
/// of the positions they occupy; a position beyond the end of `table` is worth 0.
pub fn placement_shares(points: &[i64], table: &[i64]) -> Vec<i64> {
    points
        .iter()
        .map(|&own| {
            let above = points.iter().filter(|&&p| p > own).count();
            let tied = points.iter().filter(|&&p| p == own).count();
            let sum: i64 = table.iter().skip(above).take(tied).sum();
            sum * PLACEMENT_SCALE / tied as i64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: Id, name: &str) -> PlayerRecord {
        PlayerRecord {
            id,
            name: name.to_owned(),
            club: String::new(),
            country: String::new(),
            substitute: false,
            withdrawn: false,
        }
    }

    #[test]
    fn ties_share_placement_points() {
        assert_eq!(placement_shares(&[300, -100, -100, -100], &[4, 2, 1, 0]), [48, 12, 12, 12]);
        assert_eq!(placement_shares(&[50, 50, -20, -80], &[4, 2, 1, 0]), [36, 36, 12, 0]);
        assert_eq!(placement_shares(&[10, 10, -20], &[4, 2, 1, 0]), [36, 36, 12], "a table of three");
        assert_eq!(placement_shares(&[0, 0, 0], &[3, 1]), [16, 16, 16], "positions beyond the list are worth 0");
    }

    #[test]
    fn total_points_rank_first_then_placement_and_equal_records_share_a_place() {
        let players: Vec<_> = (1..=5).map(|i| player(i, &format!("P{i}"))).collect();
        let tables = [TableResult { session: 1, players: vec![(1, 500, 3), (2, -100, 1), (3, -100, 1), (4, -300, 0)] }];
        let rows = standings(&players, &tables, &[(1, 600)], &Ranking::default());
        let order: Vec<(u32, &str, i64)> = rows.iter().map(|r| (r.place, r.player.name.as_str(), r.points)).collect();
        assert_eq!(order, [(1, "P5", 0), (2, "P1", -100), (3, "P2", -100), (3, "P3", -100), (5, "P4", -300)]);
    }

    #[test]
    fn placement_ranking_uses_points_second() {
        let players: Vec<_> = (1..=8).map(|i| player(i, &format!("P{i}"))).collect();
        let tables = [
            TableResult { session: 1, players: vec![(1, 100, 1), (2, 0, 0), (3, -40, 0), (4, -60, 0)] },
            TableResult { session: 1, players: vec![(5, 900, 1), (6, -300, 0), (7, -300, 0), (8, -300, 0)] },
        ];
        let ranking = Ranking { method: RankingMethod::PlacementPoints, ..Ranking::default() };
        let rows = standings(&players, &tables, &[], &ranking);
        assert_eq!(rows[0].player.name, "P5", "4 placement points, more points than P1");
        assert_eq!(rows[1].player.name, "P1");
        assert_eq!(rows[2].player.name, "P2", "2 placement points beat P6's shared 1");
    }

    #[test]
    fn a_withdrawn_player_without_games_is_not_ranked_one_with_games_is() {
        let mut players: Vec<_> = (1..=5).map(|i| player(i, &format!("P{i}"))).collect();
        players[3].withdrawn = true;
        players[4].withdrawn = true;
        let tables = [TableResult { session: 1, players: vec![(1, 0, 0), (2, 0, 0), (3, -10, 0), (4, 10, 1)] }];
        let rows = standings(&players, &tables, &[], &Ranking::default());
        let names: Vec<&str> = rows.iter().map(|r| r.player.name.as_str()).collect();
        assert_eq!(names, ["P4", "P1", "P2", "P3"], "P5 withdrew without playing");
    }

    #[test]
    fn substitutes_are_left_out() {
        let mut players: Vec<_> = (1..=4).map(|i| player(i, &format!("P{i}"))).collect();
        players[3].substitute = true;
        let tables = [TableResult { session: 1, players: vec![(1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 10, 1)] }];
        let rows = standings(&players, &tables, &[], &Ranking::default());
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| r.place == 1));
    }
}
