//! The tournament's card at the desk: kept only by tournaments whose rules score from a card; replaced whole
//! (an edit) or extended by a file whose every row is sound (an import: all rows or none).

use super::{DeskError, DeskResult};
use crate::msg;
use crate::store::Store;
use crate::tournament::{CardHand, CardRow, Id, parse_card_csv};

fn uses_card(store: &Store, tournament: Id) -> DeskResult<()> {
    let settings = store.tournament(tournament)?.settings;
    if settings.ruleset().entry_model().uses_card() {
        Ok(())
    } else {
        Err(DeskError::Refused(msg!("error.card.not_used", rules = settings.ruleset().name())))
    }
}

/// The card of `tournament` (empty when none is kept).
pub fn card(store: &Store, tournament: Id) -> DeskResult<Vec<CardHand>> {
    Ok(store.card(tournament)?)
}

/// Replaces the card (after an edit at the desk).
pub fn set_card(store: &mut Store, tournament: Id, card: &[CardHand], referee: &str) -> DeskResult<()> {
    uses_card(store, tournament)?;
    let trimmed: Vec<CardHand> = card.iter().map(CardHand::trimmed).collect();
    Ok(store.set_card(tournament, &trimmed, referee)?)
}

/// Reads a card file against the card kept, for a preview: each row's hand or its problem.
pub fn preview_card_import(store: &Store, tournament: Id, text: &str) -> DeskResult<Vec<CardRow>> {
    uses_card(store, tournament)?;
    let kept = store.card(tournament)?;
    parse_card_csv(text, &kept).map_err(DeskError::Refused)
}

/// Adds every hand of a card file after the hands kept, or nothing when a row has a problem (the first is
/// named with its line). Returns how many hands were added.
pub fn import_card(store: &mut Store, tournament: Id, text: &str, referee: &str) -> DeskResult<usize> {
    uses_card(store, tournament)?;
    let mut card = store.card(tournament)?;
    let rows = parse_card_csv(text, &card).map_err(DeskError::Refused)?;
    let added = rows.len();
    for row in rows {
        match row.result {
            Ok(hand) => card.push(hand),
            Err(why) => {
                return Err(DeskError::Refused(msg!("error.import.line", line = row.line).arg_message("why", why)));
            }
        }
    }
    store.set_card(tournament, &card, referee)?;
    Ok(added)
}
