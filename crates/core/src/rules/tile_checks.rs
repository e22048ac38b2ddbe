//! Checks of a whole tile manche that every Mah Jong ruleset shares: the table (names, one player per seat
//! wind), no tile more than four times across the hands, each flower and season once. Every error names the
//! player (or the tile) and says why, in English and Italian.

use crate::rules::MancheError;
use crate::tiles::{Counts, Hand, KINDS, Tile, Wind};

/// One player of a tile manche as the shared checks see it.
#[derive(Clone, Copy, Debug)]
pub struct TileSeat<'a> {
    /// Name, unique at the table.
    pub name: &'a str,
    /// Seat wind this manche.
    pub wind: Wind,
    /// The parsed hand, if entered.
    pub hand: Option<&'a Hand>,
}

/// A player's seat wind, which every tile ruleset requires.
pub fn seat_wind(player: &crate::rules::PlayerInput) -> Result<Wind, MancheError> {
    player.seat.ok_or_else(|| {
        MancheError::player(
            &player.name,
            "seat: missing (E, S, W or N)",
            "seat: manca il vento del posto (E, S, W o N)",
        )
    })
}

/// The error for a player whose hand was not entered in a manche that is not void.
pub fn missing_hand(name: &str) -> MancheError {
    MancheError::player(name, "the hand is missing", "manca la mano")
}

/// `players` seats, names present and distinct, each seat wind held once. `ruleset` names the rules in the
/// message ("FIMJ").
pub fn table(seats: &[TileSeat<'_>], players: usize, ruleset: &str) -> Result<(), MancheError> {
    let n = seats.len();
    if n != players {
        return Err(MancheError::general(
            format!("a {ruleset} manche has {players} players, got {n}"),
            format!("una manche {ruleset} ha {players} giocatori, trovati {n}"),
        ));
    }
    for (k, seat) in seats.iter().enumerate() {
        if seat.name.trim().is_empty() {
            return Err(MancheError::general(
                format!("player {}: the name is empty", k + 1),
                format!("giocatore {}: il nome è vuoto", k + 1),
            ));
        }
        if let Some(other) = seats[..k].iter().find(|o| o.name == seat.name) {
            return Err(MancheError::general(
                format!("two players are named {}", other.name),
                format!("due giocatori si chiamano {}", other.name),
            ));
        }
        if let Some(other) = seats[..k].iter().find(|o| o.wind == seat.wind) {
            let wind = seat.wind.letter();
            return Err(MancheError::player(
                seat.name,
                format!("sits at {wind}, like {}: each seat wind is held by one player", other.name),
                format!("siede a {wind} come {}: ogni vento ha un solo giocatore", other.name),
            ));
        }
    }
    Ok(())
}

/// No tile appears more than four times across the manche's hands.
pub fn copies(seats: &[TileSeat<'_>]) -> Result<(), MancheError> {
    let per_seat: Vec<(&str, Counts)> = seats.iter().filter_map(|s| Some((s.name, s.hand?.all_counts()))).collect();
    for index in 0..KINDS {
        let total: usize = per_seat.iter().map(|(_, c)| usize::from(c[index])).sum();
        if total > 4 {
            let Some(tile) = Tile::from_index(index) else {
                continue;
            };
            let holders: Vec<String> =
                per_seat.iter().filter(|(_, c)| c[index] > 0).map(|(name, c)| format!("{name} {}", c[index])).collect();
            let holders = holders.join(", ");
            return Err(MancheError::general(
                format!("{tile}: {total} copies across the manche ({holders}); a set has 4"),
                format!("{tile}: {total} tessere nella manche ({holders}); il set ne ha 4"),
            ));
        }
    }
    Ok(())
}

/// Each flower and season is held once in the manche.
pub fn bonus_tiles(seats: &[TileSeat<'_>]) -> Result<(), MancheError> {
    let mut owner: [Option<&str>; 8] = [None; 8];
    for seat in seats {
        let Some(hand) = seat.hand else { continue };
        for &bonus in &hand.bonus {
            match owner[bonus.index()] {
                Some(name) if name == seat.name => {
                    return Err(MancheError::player(
                        seat.name,
                        format!("{bonus} is written twice; there is one of each bonus tile"),
                        format!("{bonus} è scritto due volte; ogni fiore e stagione è unico"),
                    ));
                }
                Some(name) => {
                    return Err(MancheError::general(
                        format!("{bonus} is held by both {name} and {}; there is one of each bonus tile", seat.name),
                        format!("{bonus} è sia di {name} sia di {}; ogni fiore e stagione è unico", seat.name),
                    ));
                }
                None => owner[bonus.index()] = Some(seat.name),
            }
        }
    }
    Ok(())
}

/// Tiles in a hand that did not win, kongs aside.
pub const HAND_TILES: usize = 13;

/// A winner holds 14 tiles plus one per kong; anyone else at most 13 plus one per kong (a referee may type
/// only what scores).
pub fn tile_count(name: &str, hand: &Hand, winner: bool) -> Result<(), MancheError> {
    let found = hand.tile_count();
    let kongs = hand.kong_count();
    if winner {
        let expected = HAND_TILES + 1 + kongs;
        if found != expected {
            return Err(MancheError::player(
                name,
                format!("a winning hand has 14 tiles plus one per kong ({expected} here), found {found}"),
                format!("una mano vincente ha 14 tessere più una per ogni poker (qui {expected}), trovate {found}"),
            ));
        }
    } else if found > HAND_TILES + kongs {
        let max = HAND_TILES + kongs;
        return Err(MancheError::player(
            name,
            format!("{found} tiles is too many for a hand that did not win (at most {max}: 13 plus one per kong)"),
            format!("{found} tessere sono troppe per una mano non vincente (al massimo {max}: 13 più una per poker)"),
        ));
    }
    Ok(())
}
