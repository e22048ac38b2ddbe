//! Random *valid* FIMJ manches from a seed: complete winning hands built from groups, plausible non-winning
//! hands, bonus tiles, win flags, sometimes two or three winners or a void manche. Used by the property tests,
//! the benchmarks and demo data; the same seed always gives the same manche.

use stecca_seam::rng::Rng;
use stecca_seam::rules::random_tiles::{other_hand, winning_hand};
use stecca_seam::tiles::{Bonus, Counts, KINDS, Wind};

use super::{FimjManche, Seat, WinFlags};

/// Names used for the four seats.
const NAMES: [&str; 4] = ["Anna", "Bruno", "Carla", "Dario"];

/// A random valid manche under the default (tournament) options.
pub fn random_manche(seed: u64) -> FimjManche {
    let mut rng = Rng::new(seed);
    let mut pool: Counts = [4; KINDS];
    let round_wind = Wind::ALL[rng.below(4)];
    let void = rng.chance(4);
    let winner_count = match rng.below(100) {
        _ if void => 0,
        0..=2 => 3,
        3..=9 => 2,
        _ => 1,
    };
    let mut order = Wind::ALL;
    rng.shuffle(&mut order);
    let mut seats: Vec<Seat> = Wind::ALL
        .iter()
        .zip(NAMES)
        .map(|(&wind, name)| Seat { name: name.to_owned(), wind, hand: None, mahjong: false, flags: WinFlags::NONE })
        .collect();
    for &wind in &order[..winner_count] {
        let seat = &mut seats[wind.index()];
        seat.mahjong = true;
        seat.hand = Some(winning_hand(&mut rng, &mut pool, true));
        seat.flags = win_flags(&mut rng, winner_count);
    }
    for seat in seats.iter_mut().filter(|s| !s.mahjong) {
        seat.hand = Some(other_hand(&mut rng, &mut pool));
    }
    for bonus in (0..4).flat_map(|w| [Bonus::Flower(Wind::ALL[w]), Bonus::Season(Wind::ALL[w])]) {
        if rng.chance(45) {
            let k = rng.below(4);
            if let Some(hand) = seats[k].hand.as_mut() {
                hand.bonus.push(bonus);
            }
        }
    }
    FimjManche { round_wind, void, seats }
}

fn win_flags(rng: &mut Rng, winner_count: usize) -> WinFlags {
    let mut flags = WinFlags::NONE;
    match rng.below(10) {
        0..=3 if winner_count == 1 => flags.insert(WinFlags::SELF_DRAWN),
        4 if winner_count == 1 => {
            flags.insert(WinFlags::SELF_DRAWN);
            flags.insert(WinFlags::LAST_WALL_TILE);
        }
        5 => flags.insert(WinFlags::LAST_DISCARD),
        6 => flags.insert(WinFlags::ROBBING_KONG),
        _ => {}
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FimjOptions, score_manche};

    #[test]
    fn a_thousand_seeds_give_valid_manches() {
        for seed in 0..1000 {
            let manche = random_manche(seed);
            if let Err(e) = score_manche(&manche, &FimjOptions::default()) {
                panic!("seed {seed}: {e}\n{manche:?}");
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_manche() {
        assert_eq!(random_manche(42), random_manche(42));
        assert_ne!(random_manche(42), random_manche(43));
    }
}
