//! Checks of a whole FIMJ manche before anything is scored. Every error names the player (or the tile) and says why, as
//! a text id of the locale files.

use stecca_seam::message::Message;
use stecca_seam::rules::MancheError;
use stecca_seam::rules::problems::Problems;
pub use stecca_seam::rules::tile_checks::missing_hand;
use stecca_seam::rules::tile_checks::{self, TileSeat};
use stecca_seam::tiles::Wind;

use super::flags::WinFlags;
use super::options::{EastRotation, FimjOptions};
use super::{FimjManche, Seat};

/// Every check except "the winner's tiles form a complete hand", which the scorer reports; the first problem.
pub fn validate(manche: &FimjManche, options: &FimjOptions) -> Result<(), MancheError> {
    problems(manche, options).first()
}

/// Every check except "the winner's tiles form a complete hand": all problems found, in the checks' order.
pub fn problems(manche: &FimjManche, options: &FimjOptions) -> Problems {
    let mut found = Problems::default();
    let seats: Vec<TileSeat<'_>> =
        manche.seats.iter().map(|s| TileSeat { name: &s.name, wind: s.wind, hand: s.hand.as_ref() }).collect();
    if let Err(error) = tile_checks::table(&seats, 4, "FIMJ") {
        found.push(error);
        return found;
    }
    for seat in &manche.seats {
        if !seat.flags.is_empty() && !seat.mahjong {
            let names = seat.flags.names().join(", ");
            found.push(MancheError::player(
                &seat.name,
                crate::msg!("fimj.error.win_flags_names_are_for", names = names),
            ));
        }
    }
    if manche.void {
        for seat in manche.seats.iter().filter(|s| s.mahjong) {
            found.push(MancheError::player(&seat.name, crate::msg!("fimj.error.void_manche_monte_has_no")));
        }
    } else {
        found.check(winners(manche));
        for seat in &manche.seats {
            match &seat.hand {
                None => found.push(missing_hand(&seat.name)),
                Some(hand) => found.check(tile_checks::tile_count(&seat.name, hand, seat.mahjong)),
            }
        }
    }
    found.check(tile_checks::copies(&seats));
    found.check(tile_checks::bonus_tiles(&seats));
    let winners: Vec<&Seat> = manche.seats.iter().filter(|s| s.mahjong).collect();
    for seat in &winners {
        found.check(win_flags(seat, winners.len(), options));
    }
    found
}

fn winners(manche: &FimjManche) -> Result<(), MancheError> {
    match manche.seats.iter().filter(|s| s.mahjong).count() {
        0 => Err(MancheError::general(crate::msg!("fimj.error.nobody_went_mah_jong_mark"))),
        4 => Err(MancheError::general(crate::msg!("fimj.error.all_four_players_cannot_go"))),
        _ => Ok(()),
    }
}

/// Pairs of flags that cannot both describe one win, with the reason.
const CONTRADICTIONS: [(WinFlags, WinFlags, &str); 8] = [
    (WinFlags::SELF_DRAWN, WinFlags::ROBBING_KONG, crate::text_id!("fimj.contradiction.self_drawn.robbing_kong")),
    (WinFlags::SELF_DRAWN, WinFlags::LAST_DISCARD, crate::text_id!("fimj.contradiction.self_drawn.last_discard")),
    (
        WinFlags::LAST_WALL_TILE,
        WinFlags::LAST_DISCARD,
        crate::text_id!("fimj.contradiction.last_wall_tile.last_discard"),
    ),
    (
        WinFlags::LAST_WALL_TILE,
        WinFlags::ROBBING_KONG,
        crate::text_id!("fimj.contradiction.last_wall_tile.robbing_kong"),
    ),
    (WinFlags::LAST_DISCARD, WinFlags::ROBBING_KONG, crate::text_id!("fimj.contradiction.last_discard.robbing_kong")),
    (WinFlags::DEALT_HAND, WinFlags::LAST_WALL_TILE, crate::text_id!("fimj.contradiction.dealt_hand.last_wall_tile")),
    (WinFlags::DEALT_HAND, WinFlags::LAST_DISCARD, crate::text_id!("fimj.contradiction.dealt_hand.last_discard")),
    (WinFlags::DEALT_HAND, WinFlags::ROBBING_KONG, crate::text_id!("fimj.contradiction.dealt_hand.robbing_kong")),
];

fn win_flags(seat: &Seat, winner_count: usize, options: &FimjOptions) -> Result<(), MancheError> {
    let flags = seat.flags;
    let err = |reason: Message| Err(MancheError::player(&seat.name, reason));
    for (a, b, why) in CONTRADICTIONS {
        if flags.contains(a) && flags.contains(b) {
            let names = format!("{} + {}", a.names().join(""), b.names().join(""));
            return err(crate::msg!("fimj.error.contradiction", names = names).arg_message("why", Message::new(why)));
        }
    }
    if winner_count > 1 {
        for drawn in [WinFlags::SELF_DRAWN, WinFlags::LAST_WALL_TILE] {
            if flags.contains(drawn) {
                let name = drawn.names().join("");
                return err(crate::msg!("fimj.error.name_is_impossible_with_several", name = name));
            }
        }
    }
    let east = seat.wind == Wind::East;
    if flags.contains(WinFlags::DEALT_HAND) {
        if east {
            if winner_count > 1 {
                return err(crate::msg!("fimj.error.won_with_dealt_tiles_as"));
            }
        } else if flags.contains(WinFlags::SELF_DRAWN) {
            return err(crate::msg!("fimj.error.dealt_hand_for_player_other"));
        }
        // Nobody has claimed or declared anything before East's first discard: East wins with the dealt
        // tiles, anyone else with the dealt tiles and that discard.
        if seat.hand.as_ref().is_some_and(|h| !h.exposed.is_empty() || !h.concealed_kongs.is_empty()) {
            return if east {
                err(crate::msg!("fimj.error.easts_dealt_hand_dealt_hand"))
            } else {
                err(crate::msg!("fimj.error.win_on_easts_first_discard"))
            };
        }
    }
    if flags.contains(WinFlags::NINTH_EAST_WIN) {
        if !east {
            return err(crate::msg!("fimj.error.ninth_east_win_nove_fiori", name = seat.name));
        }
        if options.east_rotation == EastRotation::Tournament {
            return err(crate::msg!("fimj.error.ninth_east_win_nove_fiori_2"));
        }
    }
    Ok(())
}
