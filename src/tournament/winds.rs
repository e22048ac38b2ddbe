//! Who is East and which round it is in each manche of a session table.
//!
//! Seats are numbered by their position at the start of the session: 0 = East, 1 = South, 2 = West, 3 = North.
//! After each manche the ruleset says whether the East role passes to the next position (South becomes East)
//! or stays ([`Rotation`]). A round (giro) ends when East has gone round all the positions; the next round's
//! wind follows the previous one (E → S → W → N → E).

use crate::rules::Rotation;
use crate::tiles::Wind;

/// The winds of one manche.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MancheWinds {
    /// Vento di giro.
    pub round_wind: Wind,
    /// The position (0–3) that is East this manche.
    pub east_position: usize,
    /// How many times East has passed since the session began (16 passes = four rounds).
    pub passes: u32,
}

impl MancheWinds {
    /// The seat wind of a position this manche.
    pub fn seat_wind(&self, position: usize) -> Wind {
        Wind::ALL[(position + 4 - self.east_position) % 4]
    }

    /// The position that has this seat wind this manche.
    pub fn position_of(&self, wind: Wind) -> usize {
        (self.east_position + wind.index()) % 4
    }
}

/// The winds of the manche that follows `previous` (each earlier manche's rotation) at a table that started
/// with `start_round`.
pub fn manche_winds(start_round: Wind, previous: &[Rotation]) -> MancheWinds {
    let mut east_position = 0;
    let mut passes = 0u32;
    for rotation in previous {
        if *rotation == Rotation::Stay {
            continue;
        }
        east_position = (east_position + 1) % 4;
        passes += 1;
    }
    let round_wind = Wind::ALL[(start_round.index() + passes as usize / 4) % 4];
    MancheWinds { round_wind, east_position, passes }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PASS: Rotation = Rotation::Pass;
    const STAY: Rotation = Rotation::Stay;

    #[test]
    fn passing_moves_east_every_manche() {
        let first = manche_winds(Wind::East, &[]);
        assert_eq!((first.round_wind, first.east_position), (Wind::East, 0));
        assert_eq!(first.seat_wind(1), Wind::South);
        let second = manche_winds(Wind::East, &[PASS]);
        assert_eq!(second.east_position, 1, "South becomes East");
        assert_eq!(second.seat_wind(0), Wind::North);
        assert_eq!(second.position_of(Wind::East), 1);
        let fifth = manche_winds(Wind::East, &[PASS; 4]);
        assert_eq!((fifth.round_wind, fifth.east_position), (Wind::South, 0));
        let last = manche_winds(Wind::West, &[PASS; 15]);
        assert_eq!((last.round_wind, last.east_position), (Wind::South, 3), "rounds wrap from North to East");
    }

    #[test]
    fn staying_keeps_east_and_the_round() {
        let winds = manche_winds(Wind::East, &[STAY, STAY, PASS]);
        assert_eq!((winds.east_position, winds.passes), (1, 1));
    }
}
