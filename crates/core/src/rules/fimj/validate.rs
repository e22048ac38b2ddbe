//! Checks of a whole FIMJ manche before anything is scored. Every error names the player (or the tile) and
//! says why, in English and Italian.

use crate::rules::MancheError;
use crate::rules::problems::Problems;
pub use crate::rules::tile_checks::missing_hand;
use crate::rules::tile_checks::{self, TileSeat};
use crate::tiles::Wind;

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
                format!("win flags ({names}) are for the winner only"),
                format!("i segni di chiusura ({names}) valgono solo per chi ha fatto Mah Jong"),
            ));
        }
    }
    if manche.void {
        for seat in manche.seats.iter().filter(|s| s.mahjong) {
            found.push(MancheError::player(
                &seat.name,
                "a void manche (a monte) has no winner",
                "una manche a monte non ha vincitori",
            ));
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
        0 => Err(MancheError::general(
            "nobody went Mah Jong: mark the winner, or mark the manche void (a monte)",
            "nessuno ha fatto Mah Jong: indicare chi ha chiuso, o segnare la manche a monte",
        )),
        4 => Err(MancheError::general(
            "all four players cannot go Mah Jong",
            "non possono fare Mah Jong tutti e quattro",
        )),
        _ => Ok(()),
    }
}

/// Pairs of flags that cannot both describe one win, with the reason.
const CONTRADICTIONS: [(WinFlags, WinFlags, &str, &str); 8] = [
    (
        WinFlags::SELF_DRAWN,
        WinFlags::ROBBING_KONG,
        "robbing a kong is a win on another player's tile, not self-drawn",
        "strappare un poker è una chiusura sulla tessera di un altro, non pescata dal muro",
    ),
    (
        WinFlags::SELF_DRAWN,
        WinFlags::LAST_DISCARD,
        "the last discard is another player's tile, not self-drawn",
        "l'ultimo scarto è la tessera di un altro, non pescata dal muro",
    ),
    (
        WinFlags::LAST_WALL_TILE,
        WinFlags::LAST_DISCARD,
        "the winning tile is either the last wall tile (drawn) or the last discard, not both",
        "la tessera vincente è l'ultima del muro (pescata) o l'ultimo scarto, non entrambe",
    ),
    (
        WinFlags::LAST_WALL_TILE,
        WinFlags::ROBBING_KONG,
        "the last wall tile is drawn by the winner; a robbed kong tile belongs to another player",
        "l'ultima tessera del muro la pesca chi chiude; la tessera del poker strappato è di un altro",
    ),
    (
        WinFlags::LAST_DISCARD,
        WinFlags::ROBBING_KONG,
        "a tile added to a kong is not a discard",
        "la tessera aggiunta a un poker non è uno scarto",
    ),
    (
        WinFlags::DEALT_HAND,
        WinFlags::LAST_WALL_TILE,
        "the dealt hand ends the manche on its first turn, not on the last tile",
        "l'uscita degli Dei chiude la manche al primo turno, non all'ultima tessera",
    ),
    (
        WinFlags::DEALT_HAND,
        WinFlags::LAST_DISCARD,
        "the dealt hand ends the manche on its first turn, not on the last discard",
        "l'uscita degli Dei chiude la manche al primo turno, non all'ultimo scarto",
    ),
    (
        WinFlags::DEALT_HAND,
        WinFlags::ROBBING_KONG,
        "the dealt hand ends the manche before any kong is declared",
        "l'uscita degli Dei chiude la manche prima di qualunque poker",
    ),
];

fn win_flags(seat: &Seat, winner_count: usize, options: &FimjOptions) -> Result<(), MancheError> {
    let flags = seat.flags;
    let err = |en: String, it: String| Err(MancheError::player(&seat.name, en, it));
    for (a, b, en, it) in CONTRADICTIONS {
        if flags.contains(a) && flags.contains(b) {
            let names = format!("{} + {}", a.names().join(""), b.names().join(""));
            return err(
                format!("win flags {names} contradict: {en}"),
                format!("segni {names} in contraddizione: {it}"),
            );
        }
    }
    if winner_count > 1 {
        for drawn in [WinFlags::SELF_DRAWN, WinFlags::LAST_WALL_TILE] {
            if flags.contains(drawn) {
                let name = drawn.names().join("");
                return err(
                    format!("{name} is impossible with several winners: they can only share a discard"),
                    format!("{name} è impossibile con più vincitori: possono chiudere solo sullo stesso scarto"),
                );
            }
        }
    }
    let east = seat.wind == Wind::East;
    if flags.contains(WinFlags::DEALT_HAND) {
        if east {
            if winner_count > 1 {
                return err(
                    "won with the dealt tiles as East (dealt_hand): nobody else can win this manche".into(),
                    "Est ha chiuso con le tessere iniziali (dealt_hand): nessun altro può chiudere".into(),
                );
            }
        } else if flags.contains(WinFlags::SELF_DRAWN) {
            return err(
                "dealt_hand for a player other than East is a win on East's first discard, not self-drawn".into(),
                "dealt_hand per chi non è Est è una chiusura sul primo scarto di Est, non pescata dal muro".into(),
            );
        }
        // Nobody has claimed or declared anything before East's first discard: East wins with the dealt
        // tiles, anyone else with the dealt tiles and that discard.
        if seat.hand.as_ref().is_some_and(|h| !h.exposed.is_empty() || !h.concealed_kongs.is_empty()) {
            return if east {
                err(
                    "East's dealt hand (dealt_hand) cannot hold an exposed group or a kong".into(),
                    "la mano iniziale di Est (dealt_hand) non può avere combinazioni esposte né poker".into(),
                )
            } else {
                err(
                    "a win on East's first discard (dealt_hand) cannot hold an exposed group or a kong: nothing \
                     could be claimed or declared before it"
                        .into(),
                    "una chiusura sul primo scarto di Est (dealt_hand) non può avere combinazioni esposte né poker: \
                     prima non si può chiamare né dichiarare nulla"
                        .into(),
                )
            };
        }
    }
    if flags.contains(WinFlags::NINTH_EAST_WIN) {
        if !east {
            return err(
                format!(
                    "ninth_east_win (nove fiori nel bambù) is East's ninth consecutive win, and {} is not East",
                    seat.name
                ),
                format!(
                    "ninth_east_win (nove fiori nel bambù) è il nono Mah Jong di fila di Est, e {} non è Est",
                    seat.name
                ),
            );
        }
        if options.east_rotation == EastRotation::Tournament {
            return err(
                "ninth_east_win (nove fiori nel bambù) exists only in club play (options.east_rotation = \"club\")".into(),
                "ninth_east_win (nove fiori nel bambù) esiste solo nel gioco di circolo (options.east_rotation = \"club\")".into(),
            );
        }
    }
    Ok(())
}
