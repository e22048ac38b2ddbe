//! A modern American game as the referee enters it, read from the generic input and checked: one winner with
//! the value of a card hand, how it was won, the discarder, dead hands, an optional bettor. Every refusal names
//! the player (or the field) and says why, in English and Italian.

use crate::rules::problems::Problems;
use crate::rules::tile_checks::{TileSeat, seat_wind, table};
use crate::rules::{Bettor, DeadHand, HANAFUDA_FIELDS, MancheError, MancheInput, PlayerInput};
use crate::tiles::Wind;

use super::options::{Mode, NmjlOptions};

/// Players at a table.
pub const PLAYERS: usize = 4;
/// Largest card value accepted (the League's values are a few tens; more is a typing mistake).
pub const MAX_VALUE: u64 = 10_000;
/// Most groups a 14-tile hand can have exposed.
pub const MAX_EXPOSURES: u32 = 4;

/// How the winner went out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinFlags {
    /// Picked the winning tile from the wall.
    pub self_picked: bool,
    /// Went out by exchanging a joker from an exposure (paid as self-picked).
    pub joker_exchange: bool,
    /// The hand holds no joker.
    pub jokerless: bool,
    /// A hand of the Singles & Pairs section (never doubled for jokerless in payments).
    pub singles_and_pairs: bool,
}

/// The flags' JSON names, in the order entry screens show them.
pub const FLAG_NAMES: [&str; 4] = ["self_picked", "joker_exchange", "jokerless", "singles_and_pairs"];

impl WinFlags {
    /// Sets the flag named `name`; `false` when there is none of that name.
    pub fn set(&mut self, name: &str) -> bool {
        let slot = match name {
            "self_picked" => &mut self.self_picked,
            "joker_exchange" => &mut self.joker_exchange,
            "jokerless" => &mut self.jokerless,
            "singles_and_pairs" => &mut self.singles_and_pairs,
            _ => return false,
        };
        *slot = true;
        true
    }

    /// No discarder: picked from the wall or by a joker exchange.
    pub fn is_self_picked(&self) -> bool {
        self.self_picked || self.joker_exchange
    }

    /// Any flag set.
    pub fn any(&self) -> bool {
        self.self_picked || self.joker_exchange || self.jokerless || self.singles_and_pairs
    }
}

/// One player of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Unique name at the table.
    pub name: String,
    /// Seat wind this game.
    pub wind: Wind,
    /// Declared Mah Jongg.
    pub mahjong: bool,
    /// The card value of the winner's hand.
    pub value: Option<u64>,
    /// The card line picked, for the breakdown.
    pub card_hand: Option<String>,
    /// Groups the winner had exposed.
    pub exposures: Option<u32>,
    /// How the winner went out.
    pub flags: WinFlags,
    /// Discarded the winning tile.
    pub discarder: bool,
    /// The hand is dead.
    pub dead: bool,
}

/// A game read from the input (not yet checked as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NmjlManche {
    /// Marked as a wall game.
    pub void: bool,
    /// The players, in input order.
    pub seats: Vec<Seat>,
    /// A fifth person betting on one seat.
    pub bettor: Option<Bettor>,
}

/// The winner's hand, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Winner {
    /// Seat index.
    pub seat: usize,
    /// The card value.
    pub value: u64,
    /// Groups exposed.
    pub exposures: u32,
    /// How it went out.
    pub flags: WinFlags,
}

/// A checked game: the winner (none in a wall game), the discarder of a discard win, the dead hands, and the
/// bettor's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The winner, or `None` for a wall game.
    pub winner: Option<Winner>,
    /// Who discarded the winning tile (a discard win only).
    pub discarder: Option<usize>,
    /// Dead hands, per seat.
    pub dead: Vec<bool>,
    /// The bettor and the seat bet on.
    pub bettor: Option<(String, usize)>,
}

impl NmjlManche {
    /// Reads the generic input: flags and dead hands by name; unknown ones are refused.
    pub fn from_input(input: &MancheInput) -> Result<NmjlManche, MancheError> {
        if input.round_wind.is_some() {
            return Err(MancheError::general(
                "modern American games have no round wind (round_wind)",
                "il gioco americano moderno non ha vento di giro (round_wind)",
            ));
        }
        input.refuse_drawn_hand("NMJL")?;
        let seats = input.players.iter().map(read_seat).collect::<Result<Vec<_>, _>>()?;
        Ok(NmjlManche { void: input.void, seats, bettor: input.bettor.clone() })
    }

    /// Checks the whole game; on failure every problem found, one per player at most.
    pub fn check(&self, options: &NmjlOptions) -> Result<Game, Problems> {
        let mut found = Problems::default();
        let shape: Vec<TileSeat<'_>> =
            self.seats.iter().map(|s| TileSeat { name: &s.name, wind: s.wind, hand: None }).collect();
        if let Err(error) = table(&shape, PLAYERS, "NMJL") {
            found.push(error);
            return Err(found);
        }
        for seat in &self.seats {
            found.check(check_seat(seat, self.void));
        }
        let winners: Vec<usize> = (0..self.seats.len()).filter(|&i| self.seats[i].mahjong).collect();
        let discarders: Vec<usize> = (0..self.seats.len()).filter(|&i| self.seats[i].discarder).collect();
        if !self.void {
            match winners.as_slice() {
                [] => found.push(MancheError::general(
                    "nobody went Mah Jongg: mark the winner, or mark a wall game",
                    "nessuno ha fatto Mah Jongg: segna il vincitore, oppure segna muro esaurito",
                )),
                [_] => {}
                [first, second, ..] => found.push(MancheError::general(
                    format!(
                        "{} and {} both went Mah Jongg: a game has exactly one winner",
                        self.seats[*first].name, self.seats[*second].name
                    ),
                    format!(
                        "{} e {} hanno entrambi fatto Mah Jongg: una partita ha un solo vincitore",
                        self.seats[*first].name, self.seats[*second].name
                    ),
                )),
            }
        }
        let winner = match (self.void, winners.as_slice()) {
            (false, &[seat]) => Some(seat),
            _ => None,
        };
        if let Some(seat) = winner {
            let self_picked = self.seats[seat].flags.is_self_picked();
            match discarders.as_slice() {
                [] if !self_picked => found.push(MancheError::general(
                    format!(
                        "who discarded the tile {} went out on? Mark the discarder, or mark the win self-picked",
                        self.seats[seat].name
                    ),
                    format!(
                        "chi ha scartato la tessera del Mah Jongg di {}? Segna chi l'ha scartata, oppure segna \
                         la vittoria come pescata dal muro",
                        self.seats[seat].name
                    ),
                )),
                [_, second, ..] => found.push(MancheError::player(
                    &self.seats[*second].name,
                    format!(
                        "marked as discarder like {}: one player discards the winning tile",
                        self.seats[discarders[0]].name
                    ),
                    format!(
                        "segnato come chi ha scartato, come {}: la tessera vincente la scarta un solo giocatore",
                        self.seats[discarders[0]].name
                    ),
                )),
                [one] if self_picked => found.push(MancheError::player(
                    &self.seats[*one].name,
                    format!(
                        "marked as discarder, but {}'s Mah Jongg was self-picked: nobody discarded",
                        self.seats[seat].name
                    ),
                    format!(
                        "segnato come chi ha scartato, ma il Mah Jongg di {} è pescato dal muro: nessuno ha scartato",
                        self.seats[seat].name
                    ),
                )),
                _ => {}
            }
        }
        let bettor = self.bettor_seat(options).unwrap_or_else(|error| {
            found.push(error);
            None
        });
        if !found.is_empty() {
            return Err(found);
        }
        let winner = winner.map(|seat| {
            let s = &self.seats[seat];
            Winner { seat, value: s.value.unwrap_or(0), exposures: s.exposures.unwrap_or(0), flags: s.flags }
        });
        let discarder = winner.and(discarders.first().copied());
        Ok(Game { winner, discarder, dead: self.seats.iter().map(|s| s.dead).collect(), bettor })
    }

    /// The bettor and the seat bet on (`None` without a bettor), or why the bettor cannot be.
    fn bettor_seat(&self, options: &NmjlOptions) -> Result<Option<(String, usize)>, MancheError> {
        let Some(bettor) = &self.bettor else { return Ok(None) };
        if options.mode == Mode::Tournament {
            return Err(MancheError::general(
                "bettor: tournament points have no bets (a bettor plays in payments mode)",
                "bettor: i punti da torneo non prevedono scommesse (lo scommettitore gioca con i pagamenti)",
            ));
        }
        if bettor.name.trim().is_empty() {
            return Err(MancheError::general("bettor: the name is empty", "bettor: il nome è vuoto"));
        }
        if self.seats.iter().any(|s| s.name == bettor.name) {
            return Err(MancheError::general(
                format!("bettor: {} plays at the table; the bettor is a fifth person", bettor.name),
                format!("bettor: {} gioca al tavolo; lo scommettitore è una quinta persona", bettor.name),
            ));
        }
        let Some(on) = self.seats.iter().position(|s| s.name == bettor.on) else {
            return Err(MancheError::general(
                format!("bettor: bets on {}, who is not at the table", bettor.on),
                format!("bettor: scommette su {}, che non è al tavolo", bettor.on),
            ));
        };
        Ok(Some((bettor.name.clone(), on)))
    }
}

fn read_seat(player: &PlayerInput) -> Result<Seat, MancheError> {
    let name = player.name.as_str();
    player.refuse_fields(&["winning_tile"], "NMJL")?;
    player.refuse_fields(&HANAFUDA_FIELDS, "NMJL")?;
    if player.hand.is_some() {
        return Err(MancheError::player(
            name,
            "modern American games are entered by the card value, not by tiles (hand)",
            "il gioco americano moderno si registra con il valore della carta, non con le tessere (hand)",
        ));
    }
    let mut flags = WinFlags::default();
    for flag in &player.win {
        if !flags.set(flag) {
            let known = FLAG_NAMES.join(", ");
            return Err(MancheError::player(
                name,
                format!("unknown win flag `{flag}` (expected one of: {known})"),
                format!("segno di vittoria sconosciuto `{flag}` (ammessi: {known})"),
            ));
        }
    }
    let dead = match &player.dead {
        None | Some(DeadHand::Flag(false)) => false,
        Some(DeadHand::Flag(true)) => true,
        Some(DeadHand::Kind(kind)) if kind == "dead" => true,
        Some(DeadHand::Kind(kind)) => {
            return Err(MancheError::player(
                name,
                format!("dead: `{kind}` is not a dead hand here (write true)"),
                format!("dead: `{kind}` non è una mano morta qui (scrivi true)"),
            ));
        }
    };
    Ok(Seat {
        name: player.name.clone(),
        wind: seat_wind(player)?,
        mahjong: player.mahjong,
        value: player.value,
        card_hand: player.card_hand.clone(),
        exposures: player.exposures,
        flags,
        discarder: player.discarder,
        dead,
    })
}

/// The checks of one seat on its own.
fn check_seat(seat: &Seat, void: bool) -> Result<(), MancheError> {
    let name = seat.name.as_str();
    let refuse = |en: &str, it: &str| Err(MancheError::player(name, en, it));
    if void && seat.mahjong {
        return refuse(
            "went Mah Jongg in a wall game: a wall game has no winner",
            "ha fatto Mah Jongg in una partita a muro esaurito: il muro esaurito non ha vincitore",
        );
    }
    if void && seat.discarder {
        return refuse(
            "marked as discarder in a wall game: nobody won, nobody discarded",
            "segnato come chi ha scartato in una partita a muro esaurito: nessuno ha vinto né scartato",
        );
    }
    if seat.mahjong && seat.dead {
        return refuse("a dead hand cannot win", "una mano morta non può vincere");
    }
    if seat.mahjong && seat.discarder {
        return refuse(
            "the winner cannot be the one who discarded the winning tile",
            "il vincitore non può essere chi ha scartato la tessera vincente",
        );
    }
    if !seat.mahjong {
        if seat.value.is_some() || seat.card_hand.is_some() {
            return refuse(
                "only the winner's hand has a value (value)",
                "solo la mano del vincitore ha un valore (value)",
            );
        }
        if seat.exposures.is_some() {
            return refuse(
                "only the winner's exposures count (exposures)",
                "contano solo le esposizioni del vincitore (exposures)",
            );
        }
        if seat.flags.any() {
            return refuse(
                "win flags belong to the winner only (win)",
                "i segni di vittoria spettano solo al vincitore (win)",
            );
        }
        return Ok(());
    }
    match seat.value {
        None => {
            return refuse(
                "the value of the hand is missing: the figure printed beside it on the card (value)",
                "manca il valore della mano: il numero stampato accanto sulla carta (value)",
            );
        }
        Some(0) => {
            return refuse(
                "the value of the hand must be positive (value)",
                "il valore della mano deve essere positivo (value)",
            );
        }
        Some(value) if value > MAX_VALUE => {
            return Err(MancheError::player(
                name,
                format!("a hand value of {value} is beyond any card (at most {MAX_VALUE}) (value)"),
                format!("un valore di {value} supera ogni carta (al massimo {MAX_VALUE}) (value)"),
            ));
        }
        Some(_) => {}
    }
    let exposures = seat.exposures.unwrap_or(0);
    if exposures > MAX_EXPOSURES {
        return Err(MancheError::player(
            name,
            format!("{exposures} exposures: a 14-tile hand has at most {MAX_EXPOSURES} (exposures)"),
            format!("{exposures} esposizioni: una mano di 14 tessere ne ha al massimo {MAX_EXPOSURES} (exposures)"),
        ));
    }
    if seat.flags.singles_and_pairs && exposures > 0 {
        return refuse(
            "Singles & Pairs hands are concealed: they have no exposures",
            "le mani Singles & Pairs sono coperte: non hanno esposizioni",
        );
    }
    Ok(())
}
