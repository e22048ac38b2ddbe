//! Who is East and which round it is in each manche of a session table.
//!
//! Seats are numbered by their position at the start of the session: 0 = East (the first dealer), 1 = South,
//! 2 = West, 3 = North. After each manche the ruleset says whether the East role (the deal) passes to the next
//! position (South becomes East) or stays ([`Rotation`]). A round (giro) ends when the deal has gone round all
//! the positions; the next round's wind follows the previous one (E → S → W → N → E). Tables of another size
//! (rulesets without winds) use the same count of passes and dealer position.

use crate::rules::Rotation;
use crate::tiles::Wind;

/// The winds of one manche.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MancheWinds {
    /// Vento di giro.
    pub round_wind: Wind,
    /// The position that is East (deals) this manche.
    pub east_position: usize,
    /// How many times East has passed since the session began (16 passes = four rounds at a table of four).
    pub passes: u32,
    /// Players at the table.
    pub seats: usize,
    /// A manche before ended the session ([`Rotation::End`]): there is no manche after it.
    pub ended: bool,
    /// Where the ruleset reseats the players at each round: each position's seat wind when this manche's
    /// round began, and the passes of the deal since. `None`: the seats turn with the deal only.
    pub reseated: Option<([Wind; 4], u32)>,
}

impl MancheWinds {
    /// The seat wind of a position this manche.
    pub fn seat_wind(&self, position: usize) -> Wind {
        if let Some((at_round, passes)) = self.reseated {
            // Each pass of the deal moves every seat one wind back (South deals next: South becomes East).
            let start = at_round[position % 4].index();
            return Wind::ALL[(start + 4 - passes as usize % 4) % 4];
        }
        let seats = self.seats.max(1);
        Wind::ALL[(position + seats - self.east_position % seats) % seats % Wind::ALL.len()]
    }

    /// The position that has this seat wind this manche.
    pub fn position_of(&self, wind: Wind) -> usize {
        if self.reseated.is_some() {
            return (0..self.seats).find(|&p| self.seat_wind(p) == wind).unwrap_or(0);
        }
        (self.east_position + wind.index()) % self.seats.max(1)
    }

    /// Whether the session is over at this point of a session that counts `counted` passes of the deal (a
    /// manche ended it, or the deal has passed that many times): the one rule the table, its progress and the
    /// exports read.
    pub fn session_over(&self, counted: u32) -> bool {
        self.ended || self.passes >= counted
    }

    /// Every position's seat wind this manche, in position order.
    pub fn seat_winds(&self) -> Vec<Wind> {
        (0..self.seats).map(|p| self.seat_wind(p)).collect()
    }
}

/// How a ruleset reseats a table of four at the start of each round: each position's seat wind, round by round
/// (the first round's first; the list repeats). Positions keep their order in every other respect.
pub type RoundSeating = &'static [[Wind; 4]];

/// The winds of the manche that follows `previous` (each earlier manche's rotation) at a table of `seats`
/// players that started with `start_round`.
pub fn manche_winds(start_round: Wind, previous: &[Rotation], seats: usize) -> MancheWinds {
    manche_winds_reseated(start_round, previous, seats, None)
}

/// [`manche_winds`] for a ruleset that reseats the players at each round (`reseating`, at a table of four).
pub fn manche_winds_reseated(
    start_round: Wind,
    previous: &[Rotation],
    seats: usize,
    reseating: Option<RoundSeating>,
) -> MancheWinds {
    let seats = seats.max(1);
    let (mut east_position, mut passes, mut ended) = (0, 0u32, false);
    for rotation in previous {
        match rotation {
            Rotation::Stay => continue,
            Rotation::End => {
                ended = true;
                continue;
            }
            Rotation::Pass => east_position = (east_position + 1) % seats,
            Rotation::To(position) => east_position = position % seats,
        }
        passes += 1;
    }
    let round_wind = Wind::ALL[(start_round.index() + passes as usize / seats) % Wind::ALL.len()];
    let reseated = reseating.filter(|table| seats == 4 && !table.is_empty()).map(|table| {
        let round = passes as usize / seats;
        (table[round % table.len()], passes % seats as u32)
    });
    let mut winds = MancheWinds { round_wind, east_position, passes, seats, ended, reseated };
    if reseated.is_some() {
        winds.east_position = winds.position_of(Wind::East);
    }
    winds
}

#[cfg(test)]
mod tests {
    use super::*;

    const PASS: Rotation = Rotation::Pass;
    const STAY: Rotation = Rotation::Stay;

    #[test]
    fn passing_moves_east_every_manche() {
        let first = manche_winds(Wind::East, &[], 4);
        assert_eq!((first.round_wind, first.east_position), (Wind::East, 0));
        assert_eq!(first.seat_wind(1), Wind::South);
        let second = manche_winds(Wind::East, &[PASS], 4);
        assert_eq!(second.east_position, 1, "South becomes East");
        assert_eq!(second.seat_wind(0), Wind::North);
        assert_eq!(second.position_of(Wind::East), 1);
        let fifth = manche_winds(Wind::East, &[PASS; 4], 4);
        assert_eq!((fifth.round_wind, fifth.east_position), (Wind::South, 0));
        let last = manche_winds(Wind::West, &[PASS; 15], 4);
        assert_eq!((last.round_wind, last.east_position), (Wind::South, 3), "rounds wrap from North to East");
    }

    #[test]
    fn a_manche_that_ends_the_session_leaves_no_manche_after_it() {
        let winds = manche_winds(Wind::East, &[PASS, Rotation::End], 4);
        assert!(winds.ended);
        assert_eq!((winds.east_position, winds.passes), (1, 1), "the deal did not pass again");
        assert!(!manche_winds(Wind::East, &[PASS, STAY], 4).ended);
    }

    /// The MCR's reseating table (App. 4): players 1–4 by round.
    const RESEAT: [[Wind; 4]; 4] = {
        use Wind::{East as E, North as N, South as S, West as W};
        [[E, S, W, N], [S, E, N, W], [N, W, E, S], [W, N, S, E]]
    };

    #[test]
    fn a_ruleset_that_reseats_at_each_round_moves_the_seats_then_turns_them_with_the_deal() {
        use Wind::{East as E, North as N, South as S, West as W};
        let at = |passes: usize| manche_winds_reseated(Wind::East, &vec![PASS; passes], 4, Some(&RESEAT));
        assert_eq!(at(0).seat_winds(), [E, S, W, N]);
        assert_eq!(at(1).seat_winds(), [N, E, S, W], "the deal passes to South (position 1)");
        assert_eq!(at(1).east_position, 1);
        assert_eq!(at(4).seat_winds(), [S, E, N, W], "the South round: reseated");
        assert_eq!((at(4).round_wind, at(4).east_position), (Wind::South, 1));
        assert_eq!(at(5).seat_winds(), [E, N, W, S]);
        assert_eq!(at(8).seat_winds(), [N, W, E, S]);
        assert_eq!(at(12).seat_winds(), [W, N, S, E]);
        for passes in 0..16 {
            let winds = at(passes);
            let mut seen = winds.seat_winds();
            seen.sort();
            assert_eq!(seen, [E, S, W, N], "each wind once at {passes}");
            assert_eq!(winds.seat_wind(winds.east_position), E);
        }
        assert_eq!(manche_winds(Wind::East, &[PASS; 4], 4).seat_winds(), [E, S, W, N], "no reseating: as before");
    }

    #[test]
    fn staying_keeps_east_and_the_round() {
        let winds = manche_winds(Wind::East, &[STAY, STAY, PASS], 4);
        assert_eq!((winds.east_position, winds.passes), (1, 1));
    }

    #[test]
    fn a_table_of_three_passes_the_deal_round_three_seats() {
        let fourth = manche_winds(Wind::East, &[PASS, STAY, PASS, PASS], 3);
        assert_eq!((fourth.east_position, fourth.passes, fourth.round_wind), (0, 3, Wind::South));
        let winner_deals = manche_winds(Wind::East, &[Rotation::To(2), Rotation::To(2), PASS], 3);
        assert_eq!((winner_deals.east_position, winner_deals.passes), (0, 3), "each manche counts");
    }
}
