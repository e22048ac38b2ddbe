//! Checks of a whole FIMJ manche before anything is scored. Every error names the player (or the tile) and
//! says why, in English and Italian.

use crate::rules::MancheError;
use crate::tiles::{Counts, KINDS, Tile, Wind};

use super::flags::WinFlags;
use super::options::{EastRotation, FimjOptions};
use super::{FimjManche, Seat};

/// Tiles in a hand that did not win, kongs aside.
const HAND_TILES: usize = 13;

/// Every check except "the winner's tiles form a complete hand", which the scorer reports.
pub fn validate(manche: &FimjManche, options: &FimjOptions) -> Result<(), MancheError> {
    table(manche)?;
    for seat in &manche.seats {
        if !seat.flags.is_empty() && !seat.mahjong {
            let names = seat.flags.names().join(", ");
            return Err(MancheError::player(
                &seat.name,
                format!("win flags ({names}) are for the winner only"),
                format!("i segni di chiusura ({names}) valgono solo per chi ha fatto Mah Jong"),
            ));
        }
    }
    if manche.void {
        if let Some(seat) = manche.seats.iter().find(|s| s.mahjong) {
            return Err(MancheError::player(
                &seat.name,
                "a void manche (a monte) has no winner",
                "una manche a monte non ha vincitori",
            ));
        }
    } else {
        winners(manche)?;
        for seat in &manche.seats {
            if seat.hand.is_none() {
                return Err(missing_hand(&seat.name));
            }
            tile_count(seat)?;
        }
    }
    copies(manche)?;
    bonus_tiles(manche)?;
    let winners: Vec<&Seat> = manche.seats.iter().filter(|s| s.mahjong).collect();
    for seat in &winners {
        win_flags(seat, winners.len(), options)?;
    }
    Ok(())
}

/// The error for a player whose hand was not entered in a manche that is not void.
pub fn missing_hand(name: &str) -> MancheError {
    MancheError::player(name, "the hand is missing", "manca la mano")
}

fn table(manche: &FimjManche) -> Result<(), MancheError> {
    let n = manche.seats.len();
    if n != 4 {
        return Err(MancheError::general(
            format!("a FIMJ manche has 4 players, got {n}"),
            format!("una manche FIMJ ha 4 giocatori, trovati {n}"),
        ));
    }
    for (k, seat) in manche.seats.iter().enumerate() {
        if seat.name.trim().is_empty() {
            return Err(MancheError::general(
                format!("player {}: the name is empty", k + 1),
                format!("giocatore {}: il nome è vuoto", k + 1),
            ));
        }
        if let Some(other) = manche.seats[..k].iter().find(|o| o.name == seat.name) {
            return Err(MancheError::general(
                format!("two players are named {}", other.name),
                format!("due giocatori si chiamano {}", other.name),
            ));
        }
        if let Some(other) = manche.seats[..k].iter().find(|o| o.wind == seat.wind) {
            let wind = seat.wind.letter();
            return Err(MancheError::player(
                &seat.name,
                format!("sits at {wind}, like {}: each seat wind is held by one player", other.name),
                format!("siede a {wind} come {}: ogni vento ha un solo giocatore", other.name),
            ));
        }
    }
    Ok(())
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

fn tile_count(seat: &Seat) -> Result<(), MancheError> {
    let Some(hand) = &seat.hand else {
        return Ok(());
    };
    let found = hand.tile_count();
    let kongs = hand.kong_count();
    if seat.mahjong {
        let expected = HAND_TILES + 1 + kongs;
        if found != expected {
            return Err(MancheError::player(
                &seat.name,
                format!("a winning hand has 14 tiles plus one per kong ({expected} here), found {found}"),
                format!("una mano vincente ha 14 tessere più una per ogni poker (qui {expected}), trovate {found}"),
            ));
        }
    } else if found > HAND_TILES + kongs {
        let max = HAND_TILES + kongs;
        return Err(MancheError::player(
            &seat.name,
            format!("{found} tiles is too many for a hand that did not win (at most {max}: 13 plus one per kong)"),
            format!("{found} tessere sono troppe per una mano non vincente (al massimo {max}: 13 più una per poker)"),
        ));
    }
    Ok(())
}

fn copies(manche: &FimjManche) -> Result<(), MancheError> {
    let per_seat: Vec<(&str, Counts)> =
        manche.seats.iter().filter_map(|s| Some((s.name.as_str(), s.hand.as_ref()?.all_counts()))).collect();
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

fn bonus_tiles(manche: &FimjManche) -> Result<(), MancheError> {
    let mut owner: [Option<&str>; 8] = [None; 8];
    for seat in &manche.seats {
        let Some(hand) = &seat.hand else { continue };
        for &bonus in &hand.bonus {
            match owner[bonus.index()] {
                Some(name) if name == seat.name => {
                    return Err(MancheError::player(
                        &seat.name,
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
                None => owner[bonus.index()] = Some(&seat.name),
            }
        }
    }
    Ok(())
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
            if seat.hand.as_ref().is_some_and(|h| !h.exposed.is_empty() || !h.concealed_kongs.is_empty()) {
                return err(
                    "East's dealt hand (dealt_hand) cannot hold an exposed group or a kong".into(),
                    "la mano iniziale di Est (dealt_hand) non può avere combinazioni esposte né poker".into(),
                );
            }
        } else if flags.contains(WinFlags::SELF_DRAWN) {
            return err(
                "dealt_hand for a player other than East is a win on East's first discard, not self-drawn".into(),
                "dealt_hand per chi non è Est è una chiusura sul primo scarto di Est, non pescata dal muro".into(),
            );
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
