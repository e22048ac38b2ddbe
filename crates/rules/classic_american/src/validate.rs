//! Checks of a whole classic American manche before anything is scored. Every error names the player (or the tile) and
//! says why, as a text id of the locale files.

use stecca_seam::message::Message;
use stecca_seam::rules::MancheError;
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::tile_checks::{self, TileSeat, missing_hand};
use stecca_seam::tiles::Wind;

use super::{ClassicManche, Seat};

/// Every check except "the winner's tiles form a complete (and admitted) hand", which the scorer reports: all
/// problems found, in the checks' order (the first is the one `score` reports).
pub fn problems(manche: &ClassicManche) -> Problems {
    let mut found = Problems::default();
    let seats: Vec<TileSeat<'_>> =
        manche.seats.iter().map(|s| TileSeat { name: &s.name, wind: s.wind, hand: s.hand.as_ref() }).collect();
    if let Err(error) = tile_checks::table(&seats, 4, "classic American") {
        found.push(error);
        return found;
    }
    for seat in &manche.seats {
        found.check(only_the_winner(seat));
    }
    let winners: Vec<&Seat> = manche.seats.iter().filter(|s| s.mahjong).collect();
    if let [first, rest @ ..] = winners.as_slice() {
        for second in rest {
            found.push(MancheError::player(
                &second.name,
                crate::msg!("classic_american.error.one_winner_per_manche_in", name = first.name),
            ));
        }
    }
    // A wall game is only ever an explicit choice: a manche with no winner must say it is one.
    if winners.is_empty() && !manche.void {
        found.push(MancheError::general(crate::msg!("classic_american.error.nobody_went_mah_jong_mark")));
    }
    if manche.void {
        for seat in &winners {
            found.push(MancheError::player(&seat.name, crate::msg!("classic_american.error.wall_game_void_has_no")));
        }
    }
    if !manche.is_wall_game() {
        for seat in &manche.seats {
            match &seat.hand {
                None => found.push(missing_hand(&seat.name)),
                // A dead hand may hold any number of tiles: a long hand has too many by definition.
                Some(hand) if seat.dead.is_none() => {
                    found.check(tile_checks::tile_count(&seat.name, hand, seat.mahjong));
                }
                Some(_) => {}
            }
        }
    }
    found.check(tile_checks::copies(&seats));
    found.check(tile_checks::bonus_tiles(&seats));
    if let Some(winner) = winners.first() {
        found.check(win_flags(winner));
    }
    found
}

fn only_the_winner(seat: &Seat) -> Result<(), MancheError> {
    let err = |reason: Message| Err(MancheError::player(&seat.name, reason));
    if seat.mahjong {
        if seat.dead.is_some() {
            return err(crate::msg!("classic_american.error.dead_hand_cannot_go_mah"));
        }
        return Ok(());
    }
    if !seat.win.is_empty() {
        let names = seat.win.names().join(", ");
        return err(crate::msg!("classic_american.error.win_flags_names_are_for", names = names));
    }
    if seat.winning_tile.is_some() {
        return err(crate::msg!("classic_american.error.winning_tile_is_for_winner"));
    }
    Ok(())
}

/// Pairs of flags that cannot both describe one win, with the reason.
const CONTRADICTIONS: [(&str, &str, &str); 9] = [
    ("self_drawn", "last_discard", crate::text_id!("classic_american.contradiction.self_drawn.last_discard")),
    ("self_drawn", "robbing_kong", crate::text_id!("classic_american.contradiction.self_drawn.robbing_kong")),
    ("last_wall_tile", "last_discard", crate::text_id!("classic_american.contradiction.last_wall_tile.last_discard")),
    ("last_wall_tile", "robbing_kong", crate::text_id!("classic_american.contradiction.last_wall_tile.robbing_kong")),
    (
        "last_wall_tile",
        "kong_replacement",
        crate::text_id!("classic_american.contradiction.last_wall_tile.kong_replacement"),
    ),
    (
        "kong_replacement",
        "last_discard",
        crate::text_id!("classic_american.contradiction.kong_replacement.last_discard"),
    ),
    (
        "kong_replacement",
        "robbing_kong",
        crate::text_id!("classic_american.contradiction.kong_replacement.robbing_kong"),
    ),
    ("kong_upon_kong", "last_discard", crate::text_id!("classic_american.contradiction.kong_upon_kong.last_discard")),
    ("kong_upon_kong", "robbing_kong", crate::text_id!("classic_american.contradiction.kong_upon_kong.robbing_kong")),
];

fn win_flags(seat: &Seat) -> Result<(), MancheError> {
    let win = seat.win;
    let err = |reason: Message| Err(MancheError::player(&seat.name, reason));
    for (a, b, why) in CONTRADICTIONS {
        if win.has(a) && win.has(b) {
            return err(
                crate::msg!("classic_american.error.contradiction", a = a, b = b).arg_message("why", Message::new(why))
            );
        }
    }
    let Some(hand) = &seat.hand else { return Ok(()) };
    let kongs = hand.kong_count();
    if (win.kong_replacement || win.kong_upon_kong) && kongs == 0 {
        return err(crate::msg!("classic_american.error.win_on_kongs_replacement_tile"));
    }
    if win.kong_upon_kong && kongs < 2 {
        return err(crate::msg!("classic_american.error.kong_upon_kong_needs_two", kongs = kongs));
    }
    if win.dealt_hand && (!hand.exposed.is_empty() || kongs > 0) {
        return err(crate::msg!("classic_american.error.heavenly_or_earthly_hand_dealt"));
    }
    if win.delayed_call && seat.wind == Wind::East {
        return err(crate::msg!("classic_american.error.delayed_call_is_declared_after"));
    }
    if let Some(tile) = seat.winning_tile
        && hand.all_counts()[tile.index()] == 0
    {
        return err(crate::msg!("classic_american.error.winning_tile_tile_is_not", tile = tile));
    }
    Ok(())
}
