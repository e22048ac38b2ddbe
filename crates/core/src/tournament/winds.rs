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
}

impl MancheWinds {
    /// The seat wind of a position this manche.
    pub fn seat_wind(&self, position: usize) -> Wind {
        let seats = self.seats.max(1);
        Wind::ALL[(position + seats - self.east_position % seats) % seats % Wind::ALL.len()]
    }

    /// The position that has this seat wind this manche.
    pub fn position_of(&self, wind: Wind) -> usize {
        (self.east_position + wind.index()) % self.seats.max(1)
    }
}

/// The winds of the manche that follows `previous` (each earlier manche's rotation) at a table of `seats`
/// players that started with `start_round`.
pub fn manche_winds(start_round: Wind, previous: &[Rotation], seats: usize) -> MancheWinds {
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
    MancheWinds { round_wind, east_position, passes, seats, ended }
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
