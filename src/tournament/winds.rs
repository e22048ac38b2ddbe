//! Who is East and which round it is in each manche of a session table.
//!
//! Seats are numbered by their position at the start of the session: 0 = East, 1 = South, 2 = West, 3 = North.
//! After each manche the East role passes to the next position (South becomes East) — always in tournament
//! play; in club play only when East did not win and the manche was not void. A round (giro) ends when East
//! has gone round all four positions; the next round's wind follows the previous one (E → S → W → N → E).

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

/// What the rotation needs to know of an earlier manche.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PriorManche {
    /// East went Mah Jong.
    pub east_won: bool,
    /// A monte.
    pub void: bool,
}

/// The winds of the manche that follows `previous` at a table that started with `start_round`.
pub fn manche_winds(start_round: Wind, east_stays: bool, previous: &[PriorManche]) -> MancheWinds {
    let mut east_position = 0;
    let mut passes = 0u32;
    for manche in previous {
        if east_stays && (manche.east_won || manche.void) {
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

    const PLAIN: PriorManche = PriorManche { east_won: false, void: false };
    const EAST_WIN: PriorManche = PriorManche { east_won: true, void: false };

    #[test]
    fn tournament_rotation_passes_east_every_manche() {
        let first = manche_winds(Wind::East, false, &[]);
        assert_eq!((first.round_wind, first.east_position), (Wind::East, 0));
        assert_eq!(first.seat_wind(1), Wind::South);
        let second = manche_winds(Wind::East, false, &[EAST_WIN]);
        assert_eq!(second.east_position, 1, "South becomes East even after an East win");
        assert_eq!(second.seat_wind(0), Wind::North);
        assert_eq!(second.position_of(Wind::East), 1);
        let fifth = manche_winds(Wind::East, false, &[PLAIN; 4]);
        assert_eq!((fifth.round_wind, fifth.east_position), (Wind::South, 0));
        let last = manche_winds(Wind::West, false, &[PLAIN; 15]);
        assert_eq!((last.round_wind, last.east_position), (Wind::South, 3), "rounds wrap from North to East");
    }

    #[test]
    fn club_rotation_keeps_east_after_an_east_win_or_a_void_manche() {
        let void = PriorManche { east_won: false, void: true };
        let winds = manche_winds(Wind::East, true, &[EAST_WIN, void, PLAIN]);
        assert_eq!((winds.east_position, winds.passes), (1, 1));
    }
}
