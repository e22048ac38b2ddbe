//! Checks of a whole tile manche that every Mah Jong ruleset shares: the table (names, one player per seat wind), no
//! tile more than four times across the hands, each flower and season once. Every error names the player (or the tile)
//! and says why, as a text id of the locale files.

use crate::rules::{Applies, Field, FieldKind, MancheError};
use crate::tiles::{Counts, Hand, KINDS, Tile, Wind};

/// Each player's hand in tile notation: the main field of a Mah Jong ruleset's entry model.
pub const TILE_HAND: Field = Field {
    key: "hand",
    kind: FieldKind::Tiles,
    label: crate::text_id!("entry.hand"),
    applies: Applies::Everyone,
    hint: "[555b] RRR 123c 456d EE 2f",
};

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
    player.seat.ok_or_else(|| MancheError::player(&player.name, crate::msg!("manche.error.seat_missing_e_s_w")))
}

/// The error for a player whose hand was not entered in a manche that is not void.
pub fn missing_hand(name: &str) -> MancheError {
    MancheError::player(name, crate::msg!("manche.error.hand_is_missing"))
}

/// `players` seats, names present and distinct, each seat wind held once. `ruleset` names the rules in the
/// message ("FIMJ").
pub fn table(seats: &[TileSeat<'_>], players: usize, ruleset: &str) -> Result<(), MancheError> {
    let n = seats.len();
    if n != players {
        return Err(MancheError::general(crate::msg!(
            "manche.error.ruleset_manche_has_players_players",
            ruleset = ruleset,
            players = players,
            n = n
        )));
    }
    for (k, seat) in seats.iter().enumerate() {
        if seat.name.trim().is_empty() {
            return Err(MancheError::general(crate::msg!("manche.error.player_k_name_is_empty", k = k + 1)));
        }
        if let Some(other) = seats[..k].iter().find(|o| o.name == seat.name) {
            return Err(MancheError::general(crate::msg!(
                "manche.error.two_players_are_named_name",
                name = other.name
            )));
        }
        if let Some(other) = seats[..k].iter().find(|o| o.wind == seat.wind) {
            let wind = seat.wind.letter();
            return Err(MancheError::player(
                seat.name,
                crate::msg!("manche.error.sits_at_wind_like_name", wind = wind, name = other.name),
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
            return Err(MancheError::general(crate::msg!(
                "manche.error.tile_total_copies_across_manche",
                tile = tile,
                total = total,
                holders = holders
            )));
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
                        crate::msg!("manche.error.bonus_is_written_twice_there", bonus = bonus),
                    ));
                }
                Some(name) => {
                    return Err(MancheError::general(crate::msg!(
                        "manche.error.bonus_is_held_by_both",
                        bonus = bonus,
                        name = name,
                        name2 = seat.name
                    )));
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
                crate::msg!("manche.error.winning_hand_has_14_tiles", expected = expected, found = found),
            ));
        }
    } else if found > HAND_TILES + kongs {
        let max = HAND_TILES + kongs;
        return Err(MancheError::player(
            name,
            crate::msg!("manche.error.found_tiles_is_too_many", found = found, max = max),
        ));
    }
    Ok(())
}
