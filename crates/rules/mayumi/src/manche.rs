//! A Hanafuda hand as the referee enters it — each player's captured cards, the oya, a declaration of *tegarasu sanjuu*
//! — read from the generic input and checked. Every refusal names the player (or the card) and says why, as a text id
//! of the locale files. A player with no cards is taken as meant only when marked `"captured_nothing": true` (the
//! desk's tick): an empty field alone is far more often a hand not typed yet. A missing mark reads as none, so
//! hands stored before the mark existed still read.

use crate::hanafuda::{Card, DECK_SIZE, parse_capture};
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::{MancheError, MancheInput, PlayerInput};

/// Fewest players at a table.
pub const MIN_PLAYERS: usize = 2;
/// Most players at a table.
pub const MAX_PLAYERS: usize = 3;
/// Cards left in the stock when a hand of two players ends (`shared/rules/mayumi.md`: the hand ends with 8
/// cards in the stock), so two players capture at most 40.
pub const STOCK_LEFT_BY_TWO: usize = 8;

/// The fewest cards a finished hand of `players` captures, as far as the play allows: a played card stays on
/// the table only when no card of its month lies there, so at most one card of each month (12) is left
/// uncaptured, beside the two players' stock. Fewer is likely a capture not typed yet: said as a warning, not
/// refused (a hand with the deal's pairs left on the table can end lower).
pub fn fewest_captured(players: usize) -> usize {
    let stock = if players == MIN_PLAYERS { STOCK_LEFT_BY_TWO } else { 0 };
    DECK_SIZE - stock - 12
}

/// A checked hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// Names, in input order.
    pub names: Vec<String>,
    /// Each player's captured cards.
    pub captured: Vec<Vec<Card>>,
    /// The oya's seat.
    pub oya: usize,
    /// Who declared *tegarasu sanjuu*, if anyone.
    pub declarer: Option<usize>,
}

const RULESET: &str = "Mayumi";

/// The manche's field naming who declared *tegarasu sanjuu*.
pub const TEGARASU_SANJUU: &str = "tegarasu_sanjuu";
/// A player's tick as the dealer (oya).
pub const OYA: &str = "oya";
/// A player's captured cards, as codes.
pub const CAPTURED: &str = "captured";
/// A player's tick saying they captured nothing: an empty capture is far more often a hand not typed yet, so it
/// is taken as meant only with this mark.
pub const CAPTURED_NOTHING: &str = "captured_nothing";

/// Reads and checks a hand; on failure every problem found, one per player at most.
pub fn read(input: &MancheInput) -> Result<Hand, Problems> {
    let mut found = Problems::default();
    if input.round_wind.is_some() {
        found.push(MancheError::general(crate::msg!("mayumi.error.hanafuda_has_no_round_wind")));
    }
    found.check(input.refuse_fields_but(&[TEGARASU_SANJUU], RULESET));
    if input.void {
        found.push(MancheError::general(crate::msg!("mayumi.error.hanafuda_hand_is_drawn_by")));
    }
    let n = input.players.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        found.push(MancheError::general(crate::msg!("mayumi.error.mayumi_hand_has_2_or", n = n)));
        return Err(found);
    }
    for (k, player) in input.players.iter().enumerate() {
        if player.name.trim().is_empty() {
            found.push(MancheError::general(crate::msg!("mayumi.error.player_k_name_is_empty", k = k + 1)));
        } else if input.players[..k].iter().any(|o| o.name == player.name) {
            found
                .push(MancheError::general(crate::msg!("mayumi.error.two_players_are_named_name", name = player.name)));
        }
    }
    if !found.is_empty() {
        return Err(found);
    }
    let mut captured: Vec<Vec<Card>> = vec![Vec::new(); n];
    let mut owner: [Option<usize>; DECK_SIZE] = [None; DECK_SIZE];
    let typed: Vec<Result<Typed, MancheError>> = input.players.iter().map(read_player).collect();
    // Nothing typed nor marked for anyone (a hand just opened): one message for the manche, not one per player.
    let untouched = typed.iter().all(|t| t.as_ref().is_ok_and(|t| t.cards.is_empty() && !t.nothing));
    for (seat, (player, typed)) in input.players.iter().zip(typed).enumerate() {
        match typed {
            Ok(Typed { cards, nothing }) => {
                if cards.is_empty() && !nothing && !untouched {
                    let why = crate::msg!("mayumi.error.captured_not_entered").arg_message("mark", mark());
                    found.push(MancheError::player(&player.name, why));
                }
                let mut mine = Vec::with_capacity(cards.len());
                let mut clash = None;
                for card in cards {
                    match owner[card.index()] {
                        Some(other) if clash.is_none() => clash = Some((card, other)),
                        Some(_) => {}
                        None => {
                            owner[card.index()] = Some(seat);
                            mine.push(card);
                        }
                    }
                }
                if let Some((card, other)) = clash {
                    let other = &input.players[other].name;
                    found.push(MancheError::player(
                        &player.name,
                        crate::msg!("mayumi.error.card_is_already_captured_by", card = card, other = other),
                    ));
                }
                captured[seat] = mine;
            }
            Err(error) => found.push(error),
        }
    }
    let total: usize = captured.iter().map(Vec::len).sum();
    if found.is_empty() && total == 0 {
        found.push(MancheError::general(crate::msg!("mayumi.error.no_cards_entered_give_each")));
    }
    if n == MIN_PLAYERS && total > DECK_SIZE - STOCK_LEFT_BY_TWO {
        found.push(MancheError::general(crate::msg!(
            "mayumi.error.total_cards_captured_two_players",
            total = total,
            stock_left_by_two = STOCK_LEFT_BY_TWO,
            stock_left_by_two2 = DECK_SIZE - STOCK_LEFT_BY_TWO
        )));
    }
    let oyas: Vec<usize> = (0..n).filter(|&i| input.players[i].flag(OYA).unwrap_or(false)).collect();
    let oya = match oyas.as_slice() {
        [oya] => Some(*oya),
        [] => {
            found.push(MancheError::general(crate::msg!("mayumi.error.nobody_is_oya_mark_dealer")));
            None
        }
        [first, second, ..] => {
            let (a, b) = (&input.players[*first].name, &input.players[*second].name);
            found.push(MancheError::general(crate::msg!("mayumi.error.and_b_are_both_oya", a = a, b = b)));
            None
        }
    };
    let declarer = match input.field::<String>(TEGARASU_SANJUU) {
        Err(error) => {
            found.push(error);
            None
        }
        Ok(None) => None,
        Ok(Some(name)) => {
            let name = &name;
            let seat = input.players.iter().position(|p| &p.name == name);
            if seat.is_none() {
                let names = input.players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ");
                found.push(MancheError::general(crate::msg!(
                    "mayumi.error.tegarasu_sanjuu_name_is_not",
                    name = name,
                    names = names
                )));
            }
            seat
        }
    };
    match oya {
        Some(oya) if found.is_empty() => {
            let names = input.players.iter().map(|p| p.name.clone()).collect();
            Ok(Hand { names, captured, oya, declarer })
        }
        _ => Err(found),
    }
}

/// The tick's label, as the desk shows it, for the messages that ask for it.
fn mark() -> stecca_seam::message::Message {
    stecca_seam::message::Message::new(crate::text_id!("mayumi.field.captured_nothing"))
}

/// What was typed for one player: the captured cards, and the mark that they captured nothing.
struct Typed {
    cards: Vec<Card>,
    nothing: bool,
}

/// One player's captured cards and mark, refusing the fields of other games and a mark beside typed cards.
fn read_player(player: &PlayerInput) -> Result<Typed, MancheError> {
    let name = player.name.as_str();
    player.refuse_fields_but(&[OYA, CAPTURED, CAPTURED_NOTHING], RULESET)?;
    player.flag(OYA)?;
    let refuse = |field: &str, reason: stecca_seam::message::Message| {
        Err(MancheError::player(name, crate::msg!("mayumi.error.field", field = field).arg_message("reason", reason)))
    };
    if player.seat.is_some() {
        return refuse("seat", crate::msg!("mayumi.error.hanafuda_has_no_seat_winds"));
    }
    if player.hand.is_some() {
        return refuse("hand", crate::msg!("mayumi.error.hanafuda_is_entered_by_captured"));
    }
    if player.mahjong || !player.win.is_empty() {
        return refuse("mahjong, win", crate::msg!("mayumi.error.hanafuda_has_no_mah_jong"));
    }
    let nothing = player.flag(CAPTURED_NOTHING)?;
    let text = player.field::<String>(CAPTURED)?.unwrap_or_default();
    let cards = parse_capture(&text)
        .map_err(|error| MancheError::player(name, stecca_seam::message::Explain::message(&error)))?;
    if nothing && !cards.is_empty() {
        let count = cards.len();
        let why = crate::msg!("mayumi.error.captured_nothing_and_cards", count = count).arg_message("mark", mark());
        return Err(MancheError::player(name, why));
    }
    Ok(Typed { cards, nothing })
}
