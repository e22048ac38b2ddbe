//! A modern American game as the referee enters it, read from the generic input and checked: one winner with the value
//! of a card hand, how it was won, the discarder, dead hands, an optional bettor. Every refusal names the player (or
//! the field) and says why, as a text id of the locale files.

use serde::{Deserialize, Serialize};
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::tile_checks::{TileSeat, seat_wind, table};
use stecca_seam::rules::{MancheError, MancheInput, PlayerInput, TickOrKind};
use stecca_seam::tiles::Wind;

use super::options::{Mode, NmjlOptions};

/// A bettor: a person who is not at the table and bets on one of its players.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Bettor {
    /// The bettor's name.
    pub name: String,
    /// The player bet on.
    pub on: String,
}

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
            return Err(MancheError::general(crate::msg!("nmjl.error.modern_american_games_have_no")));
        }
        input.refuse_fields_but(&[BETTOR], "NMJL")?;
        let seats = input.players.iter().map(read_seat).collect::<Result<Vec<_>, _>>()?;
        Ok(NmjlManche { void: input.void, seats, bettor: input.field::<Bettor>(BETTOR)? })
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
                [] => found.push(MancheError::general(crate::msg!("nmjl.error.nobody_went_mah_jongg_mark"))),
                [_] => {}
                [first, second, ..] => found.push(MancheError::general(crate::msg!(
                    "nmjl.error.name_and_name2_both_went",
                    name = self.seats[*first].name,
                    name2 = self.seats[*second].name
                ))),
            }
        }
        let winner = match (self.void, winners.as_slice()) {
            (false, &[seat]) => Some(seat),
            _ => None,
        };
        if let Some(seat) = winner {
            let self_picked = self.seats[seat].flags.is_self_picked();
            match discarders.as_slice() {
                [] if !self_picked => found.push(MancheError::general(crate::msg!(
                    "nmjl.error.who_discarded_tile_name_went",
                    name = self.seats[seat].name
                ))),
                [_, second, ..] => found.push(MancheError::player(
                    &self.seats[*second].name,
                    crate::msg!("nmjl.error.marked_as_discarder_like_name", name = self.seats[discarders[0]].name),
                )),
                [one] if self_picked => found.push(MancheError::player(
                    &self.seats[*one].name,
                    crate::msg!("nmjl.error.marked_as_discarder_but_name", name = self.seats[seat].name),
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
            return Err(MancheError::general(crate::msg!("nmjl.error.bettor_tournament_points_have_no")));
        }
        if bettor.name.trim().is_empty() {
            return Err(MancheError::general(crate::msg!("nmjl.error.bettor_name_is_empty")));
        }
        if self.seats.iter().any(|s| s.name == bettor.name) {
            return Err(MancheError::general(crate::msg!("nmjl.error.bettor_name_plays_at_table", name = bettor.name)));
        }
        let Some(on) = self.seats.iter().position(|s| s.name == bettor.on) else {
            return Err(MancheError::general(crate::msg!("nmjl.error.bettor_bets_on_on_who", on = bettor.on)));
        };
        Ok(Some((bettor.name.clone(), on)))
    }
}

fn read_seat(player: &PlayerInput) -> Result<Seat, MancheError> {
    let name = player.name.as_str();
    player.refuse_fields_but(&[DEAD, VALUE, CARD_HAND, EXPOSURES, DISCARDER], "NMJL")?;
    if player.hand.is_some() {
        return Err(MancheError::player(name, crate::msg!("nmjl.error.modern_american_games_are_entered")));
    }
    let mut flags = WinFlags::default();
    for flag in &player.win {
        if !flags.set(flag) {
            let known = FLAG_NAMES.join(", ");
            return Err(MancheError::player(
                name,
                crate::msg!("nmjl.error.unknown_win_flag_flag_expected", flag = flag, known = known),
            ));
        }
    }
    let dead = match player.field::<TickOrKind>(DEAD)? {
        None | Some(TickOrKind::Flag(false)) => false,
        Some(TickOrKind::Flag(true)) => true,
        Some(TickOrKind::Kind(kind)) if kind == DEAD => true,
        Some(TickOrKind::Kind(kind)) => {
            return Err(MancheError::player(name, crate::msg!("nmjl.error.dead_kind_is_not_dead", kind = kind)));
        }
    };
    Ok(Seat {
        name: player.name.clone(),
        wind: seat_wind(player)?,
        mahjong: player.mahjong,
        value: player.field(VALUE)?,
        card_hand: player.field(CARD_HAND)?,
        exposures: player.field(EXPOSURES)?,
        flags,
        discarder: player.flag(DISCARDER)?,
        dead,
    })
}

/// The checks of one seat on its own.
fn check_seat(seat: &Seat, void: bool) -> Result<(), MancheError> {
    let name = seat.name.as_str();
    let refuse = |reason: stecca_seam::message::Message| Err(MancheError::player(name, reason));
    if void && seat.mahjong {
        return refuse(crate::msg!("nmjl.error.went_mah_jongg_in_wall"));
    }
    if void && seat.discarder {
        return refuse(crate::msg!("nmjl.error.marked_as_discarder_in_wall"));
    }
    if seat.mahjong && seat.dead {
        return refuse(crate::msg!("nmjl.error.dead_hand_cannot_win"));
    }
    if seat.mahjong && seat.discarder {
        return refuse(crate::msg!("nmjl.error.winner_cannot_be_one_who"));
    }
    if !seat.mahjong {
        if seat.value.is_some() || seat.card_hand.is_some() {
            return refuse(crate::msg!("nmjl.error.only_winners_hand_has_value"));
        }
        if seat.exposures.is_some() {
            return refuse(crate::msg!("nmjl.error.only_winners_exposures_count_exposures"));
        }
        if seat.flags.any() {
            return refuse(crate::msg!("nmjl.error.win_flags_belong_to_winner"));
        }
        return Ok(());
    }
    match seat.value {
        None => {
            return refuse(crate::msg!("nmjl.error.value_of_hand_is_missing"));
        }
        Some(0) => {
            return refuse(crate::msg!("nmjl.error.value_of_hand_must_be"));
        }
        Some(value) if value > MAX_VALUE => {
            return Err(MancheError::player(
                name,
                crate::msg!("nmjl.error.hand_value_of_value_is", value = value, max_value = MAX_VALUE),
            ));
        }
        Some(_) => {}
    }
    let exposures = seat.exposures.unwrap_or(0);
    if exposures > MAX_EXPOSURES {
        return Err(MancheError::player(
            name,
            crate::msg!(
                "nmjl.error.exposures_exposures_14_tile_hand",
                exposures = exposures,
                max_exposures = MAX_EXPOSURES
            ),
        ));
    }
    if seat.flags.singles_and_pairs && exposures > 0 {
        return refuse(crate::msg!("nmjl.error.singles_pairs_hands_are_concealed"));
    }
    Ok(())
}

/// The manche's field naming a bettor.
pub const BETTOR: &str = "bettor";
/// A player's dead hand (`true`, or the kind `dead`).
pub const DEAD: &str = "dead";
/// The winner's card value.
pub const VALUE: &str = "value";
/// The card line the value was picked from.
pub const CARD_HAND: &str = "card_hand";
/// The winner's exposures.
pub const EXPOSURES: &str = "exposures";
/// The player who discarded the winning tile.
pub const DISCARDER: &str = "discarder";

/// The win flag a Singles & Pairs card line sets (the card's sections are data; the flag is the ruleset's).
pub(super) const SINGLES_AND_PAIRS: &str = "singles_and_pairs";

/// Whether a card's section is Singles & Pairs (never doubled for jokerless): its name says so.
pub fn is_singles_and_pairs(section: &str) -> bool {
    let section = section.to_lowercase();
    section.contains("singles") || section.contains("s&p")
}
