//! The MERS base rank (Mahjong European Ranking System, the EMA's): what one tournament gives each ranked
//! player towards the federation's ranking, from 1000 for the winner down to 0 for the last, evenly spaced by
//! place. Whole numbers only, computed in integers: what is written and compared is never a float. The sources
//! followed and the points interpreted are in `docs/ranking-file.md`.

use super::StandingRow;

/// The highest base rank, the winner's.
pub const TOP: u32 = 1000;

/// The base rank of `place` (1-based) among `ranked` players: 1000 × (ranked − place) / (ranked − 1), rounded to
/// the nearest whole number, a half up. A player alone in the standings won: 1000. A place outside
/// 1..=ranked (no standings can give one) is taken as the nearest end.
pub fn base_rank(place: u32, ranked: u32) -> u32 {
    if ranked <= 1 {
        return TOP;
    }
    let place = place.clamp(1, ranked);
    let beaten = u64::from(ranked - place);
    let others = u64::from(ranked - 1);
    // round(1000 × beaten / others) = floor((2000 × beaten + others) / (2 × others)), exactly, in integers.
    let rank = (2 * u64::from(TOP) * beaten + others) / (2 * others);
    // beaten ≤ others, so the rank is at most 1000.
    u32::try_from(rank).unwrap_or(TOP)
}

/// Each standings row's base rank, in the rows' order. The rows are the ranked players (substitutes are not in
/// the standings), so their count is the tournament's number of players; tied players share a place, and so a
/// base rank.
pub fn base_ranks(rows: &[StandingRow]) -> Vec<u32> {
    let ranked = u32::try_from(rows.len()).unwrap_or(u32::MAX);
    rows.iter().map(|row| base_rank(row.place, ranked)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::PlayerRecord;

    #[test]
    fn first_gets_1000_last_gets_0_and_the_places_between_are_evenly_spaced() {
        assert_eq!(base_rank(1, 100), 1000);
        assert_eq!(base_rank(100, 100), 0);
        assert_eq!(base_rank(51, 101), 500, "the middle of an odd field");
        let field: Vec<u32> = (1..=5).map(|place| base_rank(place, 5)).collect();
        assert_eq!(field, [1000, 750, 500, 250, 0]);
    }

    #[test]
    fn it_rounds_to_the_nearest_whole_number() {
        assert_eq!(base_rank(3, 16), 867, "866.67 rounds up (the EMA's wiki example)");
        assert_eq!(base_rank(32, 60), 475, "474.58 rounds up");
        assert_eq!(base_rank(26, 40), 359, "358.97");
        assert_eq!(base_rank(75, 100), 253, "252.53 rounds up");
        assert_eq!(base_rank(2, 4), 667, "666.67");
        assert_eq!(base_rank(3, 4), 333, "333.33 rounds down");
        // A half is possible only with an odd number of players: 1000 × 1 / 16 = 62.5.
        assert_eq!(base_rank(16, 17), 63, "a half rounds up");
        assert_eq!(base_rank(14, 17), 188, "187.5 rounds up");
    }

    #[test]
    fn one_player_alone_or_two_players() {
        assert_eq!(base_rank(1, 1), 1000, "alone: the winner, no division by zero");
        assert_eq!(base_rank(1, 0), 1000, "no field at all does not panic");
        assert_eq!((base_rank(1, 2), base_rank(2, 2)), (1000, 0));
    }

    #[test]
    fn a_place_outside_the_field_is_taken_as_its_nearest_end() {
        assert_eq!(base_rank(0, 8), 1000);
        assert_eq!(base_rank(9, 8), 0);
        assert_eq!(base_rank(u32::MAX, u32::MAX), 0);
        assert_eq!(base_rank(1, u32::MAX), 1000, "no overflow");
    }

    fn row(place: u32, id: i64) -> StandingRow {
        StandingRow {
            place,
            player: PlayerRecord {
                id,
                name: format!("P{id}"),
                club: String::new(),
                country: String::new(),
                substitute: false,
                withdrawn: false,
            },
            points: 0,
            placement_scaled: 0,
            penalties: 0,
            best_session: 0,
            mahjongs: 0,
            sessions_played: 0,
        }
    }

    #[test]
    fn tied_players_share_their_place_and_its_base_rank() {
        // 8 ranked players: one first, four tied second, two tied sixth, one last (places 1, 2, 2, 2, 2, 6, 6, 8).
        let places = [1, 2, 2, 2, 2, 6, 6, 8];
        let rows: Vec<StandingRow> = places.iter().zip(1..).map(|(&p, id)| row(p, id)).collect();
        assert_eq!(base_ranks(&rows), [1000, 857, 857, 857, 857, 286, 286, 0]);
        let all_tied: Vec<StandingRow> = (1..=4).map(|id| row(1, id)).collect();
        assert_eq!(base_ranks(&all_tied), [1000; 4], "nobody has beaten anybody: all first");
        assert_eq!(base_ranks(&[row(1, 1)]), [1000]);
        assert!(base_ranks(&[]).is_empty());
    }
}
