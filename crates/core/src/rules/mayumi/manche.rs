//! A Hanafuda hand as the referee enters it — each player's captured cards, the oya, a declaration of
//! *tegarasu sanjuu* — read from the generic input and checked. Every refusal names the player (or the card)
//! and says why, in English and Italian.

use crate::hanafuda::{Card, DECK_SIZE, parse_capture};
use crate::rules::problems::Problems;
use crate::rules::{CARD_FIELDS, MancheError, MancheInput, PlayerInput};

/// Fewest players at a table.
pub const MIN_PLAYERS: usize = 2;
/// Most players at a table.
pub const MAX_PLAYERS: usize = 3;
/// Cards left in the stock when a hand of two players ends (`shared/rules/mayumi.md`: the hand ends with 8
/// cards in the stock), so two players capture at most 40.
pub const STOCK_LEFT_BY_TWO: usize = 8;

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

/// Reads and checks a hand; on failure every problem found, one per player at most.
pub fn read(input: &MancheInput) -> Result<Hand, Problems> {
    let mut found = Problems::default();
    if input.round_wind.is_some() {
        found.push(MancheError::general(
            "Hanafuda has no round wind (round_wind)",
            "lo Hanafuda non ha vento di giro (round_wind)",
        ));
    }
    found.check(input.refuse_bettor(RULESET));
    if input.void {
        found.push(MancheError::general(
            "a Hanafuda hand is drawn by a declaration of tegarasu sanjuu: name the declarer instead of `void`",
            "una mano Hanafuda è patta con la dichiarazione di tegarasu sanjuu: indica chi la dichiara invece di `void`",
        ));
    }
    let n = input.players.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        found.push(MancheError::general(
            format!("a Mayumi hand has 2 or 3 players, got {n}"),
            format!("una mano Mayumi ha 2 o 3 giocatori, trovati {n}"),
        ));
        return Err(found);
    }
    for (k, player) in input.players.iter().enumerate() {
        if player.name.trim().is_empty() {
            found.push(MancheError::general(
                format!("player {}: the name is empty", k + 1),
                format!("giocatore {}: il nome è vuoto", k + 1),
            ));
        } else if input.players[..k].iter().any(|o| o.name == player.name) {
            found.push(MancheError::general(
                format!("two players are named {}", player.name),
                format!("due giocatori si chiamano {}", player.name),
            ));
        }
    }
    if !found.is_empty() {
        return Err(found);
    }
    let mut captured: Vec<Vec<Card>> = vec![Vec::new(); n];
    let mut owner: [Option<usize>; DECK_SIZE] = [None; DECK_SIZE];
    for (seat, player) in input.players.iter().enumerate() {
        match read_player(player) {
            Ok(cards) => {
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
                        format!("{card} is already captured by {other}: each card is captured by one player at most"),
                        format!("{card} è già stata presa da {other}: ogni carta è presa da un giocatore al più"),
                    ));
                }
                captured[seat] = mine;
            }
            Err(error) => found.push(error),
        }
    }
    let total: usize = captured.iter().map(Vec::len).sum();
    if found.is_empty() && total == 0 {
        found.push(MancheError::general(
            "no cards entered: give each player's captured cards",
            "nessuna carta inserita: indica le carte prese da ogni giocatore",
        ));
    }
    if n == MIN_PLAYERS && total > DECK_SIZE - STOCK_LEFT_BY_TWO {
        found.push(MancheError::general(
            format!(
                "{total} cards captured: two players end the hand with {STOCK_LEFT_BY_TWO} cards in the stock, so at most {}",
                DECK_SIZE - STOCK_LEFT_BY_TWO
            ),
            format!(
                "{total} carte prese: in due la mano finisce con {STOCK_LEFT_BY_TWO} carte nel tallone, quindi al più {}",
                DECK_SIZE - STOCK_LEFT_BY_TWO
            ),
        ));
    }
    let oyas: Vec<usize> = (0..n).filter(|&i| input.players[i].oya).collect();
    let oya = match oyas.as_slice() {
        [oya] => Some(*oya),
        [] => {
            found.push(MancheError::general(
                "nobody is oya: mark the dealer (oya: true)",
                "nessuno è oya: segna il mazziere (oya: true)",
            ));
            None
        }
        [first, second, ..] => {
            let (a, b) = (&input.players[*first].name, &input.players[*second].name);
            found.push(MancheError::general(
                format!("{a} and {b} are both oya: a hand has exactly one"),
                format!("{a} e {b} sono entrambi oya: una mano ne ha uno solo"),
            ));
            None
        }
    };
    let declarer = match &input.tegarasu_sanjuu {
        None => None,
        Some(name) => {
            let seat = input.players.iter().position(|p| &p.name == name);
            if seat.is_none() {
                let names = input.players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ");
                found.push(MancheError::general(
                    format!("tegarasu_sanjuu: {name} is not at the table ({names})"),
                    format!("tegarasu_sanjuu: {name} non è al tavolo ({names})"),
                ));
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

/// One player's captured cards, refusing the fields of other games.
fn read_player(player: &PlayerInput) -> Result<Vec<Card>, MancheError> {
    let name = player.name.as_str();
    player.refuse_fields(&["dead", "winning_tile"], RULESET)?;
    player.refuse_fields(&CARD_FIELDS, RULESET)?;
    let refuse = |field: &str, en: &str, it: &str| {
        Err(MancheError::player(name, format!("{en} ({field})"), format!("{it} ({field})")))
    };
    if player.seat.is_some() {
        return refuse("seat", "Hanafuda has no seat winds", "lo Hanafuda non ha venti");
    }
    if player.hand.is_some() {
        return refuse(
            "hand",
            "Hanafuda is entered by captured cards, not tiles",
            "lo Hanafuda si registra con le carte prese, non con le tessere",
        );
    }
    if player.mahjong || !player.win.is_empty() {
        return refuse(
            "mahjong, win",
            "Hanafuda has no Mah Jong: the totals decide",
            "lo Hanafuda non ha Mah Jong: decidono i totali",
        );
    }
    let text = player.captured.as_deref().unwrap_or("");
    parse_capture(text).map_err(|error| MancheError::player(name, error.en, error.it))
}
