//! Checks of a whole classic American manche before anything is scored. Every error names the player (or
//! the tile) and says why, in English and Italian.

use crate::rules::MancheError;
use crate::rules::problems::Problems;
use crate::rules::tile_checks::{self, TileSeat, missing_hand};
use crate::tiles::Wind;

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
                format!("one winner per manche in the classic rules, and {} went Mah Jong already", first.name),
                format!(
                    "nelle regole classiche c'è un solo vincitore per manche, e {} ha già fatto Mah Jong",
                    first.name
                ),
            ));
        }
    }
    if manche.void {
        for seat in &winners {
            found.push(MancheError::player(
                &seat.name,
                "a wall game (void) has no winner",
                "una partita a muro esaurito (void) non ha vincitori",
            ));
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
    let err = |en: String, it: String| Err(MancheError::player(&seat.name, en, it));
    if seat.mahjong {
        if seat.dead.is_some() {
            return err("a dead hand cannot go Mah Jong".into(), "una mano morta non può fare Mah Jong".into());
        }
        return Ok(());
    }
    if !seat.win.is_empty() {
        let names = seat.win.names().join(", ");
        return err(
            format!("win flags ({names}) are for the winner only"),
            format!("i segni di chiusura ({names}) valgono solo per chi ha fatto Mah Jong"),
        );
    }
    if seat.winning_tile.is_some() {
        return err(
            "winning_tile is for the winner only".into(),
            "winning_tile (la tessera vincente) vale solo per chi ha fatto Mah Jong".into(),
        );
    }
    Ok(())
}

/// Pairs of flags that cannot both describe one win, with the reason.
const CONTRADICTIONS: [(&str, &str, &str, &str); 9] = [
    (
        "self_drawn",
        "last_discard",
        "the last discard is another player's tile",
        "l'ultimo scarto è la tessera di un altro",
    ),
    (
        "self_drawn",
        "robbing_kong",
        "a robbed kong tile is another player's",
        "la tessera del poker strappato è di un altro",
    ),
    (
        "last_wall_tile",
        "last_discard",
        "the winning tile is drawn, not discarded",
        "la tessera vincente è pescata, non scartata",
    ),
    (
        "last_wall_tile",
        "robbing_kong",
        "the winning tile is drawn, not robbed",
        "la tessera vincente è pescata, non strappata",
    ),
    (
        "last_wall_tile",
        "kong_replacement",
        "the last wall tile is not a kong's replacement",
        "l'ultima tessera del muro non è un rimpiazzo",
    ),
    (
        "kong_replacement",
        "last_discard",
        "a replacement tile is drawn, not discarded",
        "il rimpiazzo è pescato, non scartato",
    ),
    (
        "kong_replacement",
        "robbing_kong",
        "a replacement tile is drawn, not robbed",
        "il rimpiazzo è pescato, non strappato",
    ),
    (
        "kong_upon_kong",
        "last_discard",
        "kong upon kong is won on a replacement tile",
        "poker su poker si chiude su un rimpiazzo",
    ),
    (
        "kong_upon_kong",
        "robbing_kong",
        "kong upon kong is won on a replacement tile",
        "poker su poker si chiude su un rimpiazzo",
    ),
];

fn win_flags(seat: &Seat) -> Result<(), MancheError> {
    let win = seat.win;
    let err = |en: String, it: String| Err(MancheError::player(&seat.name, en, it));
    for (a, b, en, it) in CONTRADICTIONS {
        if win.has(a) && win.has(b) {
            return err(
                format!("win flags {a} + {b} contradict: {en}"),
                format!("segni {a} + {b} in contraddizione: {it}"),
            );
        }
    }
    let Some(hand) = &seat.hand else { return Ok(()) };
    let kongs = hand.kong_count();
    if (win.kong_replacement || win.kong_upon_kong) && kongs == 0 {
        return err(
            "a win on a kong's replacement tile needs a kong in the hand".into(),
            "chiudere sul rimpiazzo di un poker richiede un poker nella mano".into(),
        );
    }
    if win.kong_upon_kong && kongs < 2 {
        return err(
            format!("kong upon kong needs two kongs in the hand, found {kongs}"),
            format!("poker su poker richiede due poker nella mano, trovati {kongs}"),
        );
    }
    if win.dealt_hand && (!hand.exposed.is_empty() || kongs > 0) {
        return err(
            "a heavenly or earthly hand (dealt_hand) is won before any call or kong: no exposed group, no kong".into(),
            "la mano celeste o terrena (dealt_hand) si chiude prima di ogni chiamata o poker: niente gruppi esposti né poker".into(),
        );
    }
    if win.delayed_call && seat.wind == Wind::East {
        return err(
            "delayed_call is declared after East's first discard, so East cannot have it".into(),
            "la dichiarazione ritardata (delayed_call) segue il primo scarto di Est, quindi Est non può averla".into(),
        );
    }
    if let Some(tile) = seat.winning_tile
        && hand.all_counts()[tile.index()] == 0
    {
        return err(
            format!("winning_tile {tile} is not in the hand"),
            format!("la tessera vincente {tile} non è nella mano"),
        );
    }
    Ok(())
}
