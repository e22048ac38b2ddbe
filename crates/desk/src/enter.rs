//! Entering a manche written by a script (`stecca enter`): the ruleset's JSON with players named as
//! registered, in any order. Seat winds, the dealer's flag, the round wind and the manche number may be left out — they
//! are filled from the table's rotation and its next free manche — and when given must agree with them.

use super::{DeskError, DeskResult, SaveAs, confirm_manche_as, table_state};
use crate::message::Explain;
use crate::message::Message;
use crate::msg;
use crate::rules::{FieldKind, MancheInput};
use crate::store::{Conflict, Store, StoreError};
use crate::tournament::{Id, MancheEntry};

/// Where a manche is entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAddress {
    /// The tournament.
    pub tournament: Id,
    /// The session number (1-based).
    pub session: u32,
    /// The table number in the session (1-based).
    pub table: u32,
}

/// What was saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entered {
    /// The manche number at its table.
    pub manche: u32,
    /// Each player's chip change, in seat order.
    pub nets: Vec<(String, i64)>,
    /// The manche was already saved with exactly this input (a script sending a line again): nothing written.
    pub unchanged: bool,
}

fn refused(why: Message) -> DeskError {
    DeskError::Refused(why)
}

/// How many times a manche without a number follows other writers to the table's next number before it gives
/// up: each try lost to a manche another writer saved, so this many means a table entered as fast as it is read.
const MAX_OVERTAKEN: usize = 64;

/// Validates the manche against the table, fills what was left out, scores it and saves it (one transaction).
///
/// Several writers may enter manches of one table at once. Each save means a new manche and never corrects one:
/// a manche without a number that another writer overtook takes the next number; one with its number is
/// refused with the other writer's values ([`crate::store::StoreError::Conflict`]), unless they are its own.
pub fn enter_manche(
    store: &mut Store,
    at: TableAddress,
    number: Option<u32>,
    input: &MancheInput,
    referee: &str,
) -> DeskResult<Entered> {
    let mut tries = 0;
    loop {
        tries += 1;
        match enter_once(store, at, number, input, referee) {
            Err(DeskError::Store(StoreError::Conflict(_))) if number.is_none() && tries < MAX_OVERTAKEN => continue,
            Err(DeskError::Store(StoreError::Conflict(conflict))) if number.is_some() => {
                // The same manche sent with its number by two writers at once is saved once: the second hears
                // it unchanged. Another manche under that number is refused with the first one's values.
                return match enter_once(store, at, number, input, referee) {
                    Ok(entered) if entered.unchanged => Ok(entered),
                    _ => Err(DeskError::Store(StoreError::Conflict(conflict))),
                };
            }
            other => return other,
        }
    }
}

/// One try of [`enter_manche`], on the table as read now.
fn enter_once(
    store: &mut Store,
    at: TableAddress,
    number: Option<u32>,
    input: &MancheInput,
    referee: &str,
) -> DeskResult<Entered> {
    let TableAddress { tournament, session, table } = at;
    let seated = store
        .seated_table(tournament, session, table)?
        .ok_or_else(|| refused(msg!("error.enter.no_table", session = session, table = table)))?;
    let state = table_state(store, seated.id)?;
    let settings = &state.settings;
    if input.rules != settings.rules {
        return Err(refused(msg!("error.enter.rules", given = input.rules, plays = settings.rules)));
    }
    let model = settings.entry_model();
    let no_options = input.options.as_object().is_some_and(|o| o.is_empty()) || input.options.is_null();
    if !no_options && input.options != settings.options {
        return Err(refused(msg!("error.enter.options")));
    }
    let names: Vec<&str> = state.players.iter().map(|p| p.name.as_str()).collect();
    if input.players.len() != names.len() {
        return Err(refused(msg!(
            "error.enter.player_count",
            named = input.players.len(),
            seats = names.len(),
            names = names.join(", ")
        )));
    }
    let next = state.manches.len() as u32 + 1;
    let number = number.unwrap_or(next);
    if number == 0 || number > next {
        return Err(refused(msg!("error.enter.not_next", number = number, next = next)));
    }
    let frame = state.frame(number);
    // A table records its own players: of the manche's own fields it holds only a player picked among them,
    // and what the session carries into the manche (counters, deposits), which, when given, must be the table's.
    let held = |key: &str| model.fields.iter().any(|f| f.key == key && f.kind == FieldKind::PickPlayer);
    for (key, value) in input.fields.iter().filter(|(key, value)| !held(key) && !value.is_null()) {
        match frame.carried.get(key) {
            None => return Err(refused(msg!("error.enter.manche_field", field = key))),
            Some(carried) if carried != value => {
                return Err(refused(msg!(
                    "error.enter.carried",
                    field = key,
                    given = value,
                    number = number,
                    actual = carried
                )));
            }
            Some(_) => {}
        }
    }
    if let Some(round) = input.round_wind
        && frame.round_wind != Some(round)
    {
        return Err(refused(msg!(
            "error.enter.round_wind",
            given = round.letter(),
            number = number,
            actual = frame.round_wind.map_or("-".to_owned(), |w| w.letter().to_string())
        )));
    }
    let mut ordered = Vec::with_capacity(names.len());
    for (position, name) in names.iter().enumerate() {
        // Named as registered, whatever the case and however an accent was typed (the names' own key).
        let key = crate::tournament::name_key(name);
        let mut matching = input.players.iter().filter(|p| crate::tournament::name_key(&p.name) == key);
        let (Some(player), None) = (matching.next(), matching.next()) else {
            return Err(refused(msg!(
                "error.enter.name_once",
                name = name,
                session = session,
                table = table,
                names = names.join(", ")
            )));
        };
        if let Some(seat) = player.seat
            && frame.seat(position) != Some(seat)
        {
            return Err(refused(msg!(
                "error.enter.seat",
                name = name,
                given = seat.letter(),
                number = number,
                actual = frame.seat(position).map_or("-".to_owned(), |w| w.letter().to_string())
            )));
        }
        // The dealer comes from the table's rotation, like the seat winds: a script that names another is refused.
        if let Some(flag) = model.dealer_flag
            && player.flag(flag).unwrap_or(false)
            && position != frame.dealer
        {
            let dealer = names.get(frame.dealer).copied().unwrap_or_default();
            return Err(refused(msg!(
                "error.enter.dealer",
                name = name,
                field = flag,
                number = number,
                dealer = dealer
            )));
        }
        ordered.push(crate::rules::PlayerInput { name: (*name).to_owned(), ..player.clone() });
    }
    let ordered = MancheInput { players: ordered, ..input.clone() };
    // What the ruleset refuses in the script's own words (a field it has no use for, a value of the wrong
    // shape) is said before the manche is read as the desk types it: checked with what the table fills in.
    let mut filled = MancheInput { round_wind: frame.round_wind, options: settings.options.clone(), ..ordered.clone() };
    filled.fields.extend(frame.carried.clone());
    for (position, player) in filled.players.iter_mut().enumerate() {
        player.seat = frame.seat(position);
        if let Some(flag) = model.dealer_flag {
            player.fields.insert(flag.to_owned(), (position == frame.dealer).into());
        }
    }
    if let Err(error) = crate::rules::score_manche(&filled) {
        return Err(DeskError::Refused(error.message()));
    }
    let entry = MancheEntry::from_input(&ordered);
    if let Some(saved) = state.manches.get(number as usize - 1) {
        let normalized = entry.to_input(settings, &state.players, &frame);
        if saved.input != normalized {
            // Refused with what is saved, so that the script can compare (a correction is made at the desk).
            let current = saved.clone();
            return Err(DeskError::Store(StoreError::Conflict(Box::new(Conflict { current, new: true }))));
        }
        let nets = names.iter().map(|n| (*n).to_owned()).zip(saved.nets.iter().copied()).collect();
        return Ok(Entered { manche: number, nets, unchanged: true });
    }
    let (_, outcome) = confirm_manche_as(store, seated.id, number, &entry, referee, &SaveAs::fresh(Some(SaveAs::NEW)))?;
    Ok(Entered { manche: number, nets: outcome.net, unchanged: false })
}
