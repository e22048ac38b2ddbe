//! The manche as the referee types it at a table (a hand per seat position, flags, a monte) and its
//! conversion to the ruleset's [`MancheInput`], with every problem attached to the hand it is about.

use serde::{Deserialize, Serialize};

use crate::msg;

use super::{Id, TournamentSettings};
use crate::rules::{self, DeadHand, MancheError, MancheFrame, MancheInput, MancheOutcome, PlayerInput, SeatModel};
use crate::tiles::parse_hand;

/// A player at a session table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablePlayer {
    /// Database id.
    pub id: Id,
    /// Name (unique in the tournament).
    pub name: String,
}

/// One hand as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandEntry {
    /// The hand in notation, exactly as typed.
    pub text: String,
    /// Went Mah Jong.
    pub mahjong: bool,
    /// Win flags (`self_drawn`, …), winner only.
    pub win: Vec<String>,
    /// A dead hand's kind (`long`, …), for rulesets that have dead hands.
    #[serde(default)]
    pub dead: Option<String>,
    /// The winning tile as typed (empty: not given), for rulesets whose limits depend on it.
    #[serde(default)]
    pub winning_tile: String,
    /// The winner's card value as typed, for rulesets scored from a card.
    #[serde(default)]
    pub value: String,
    /// The card line the value was picked from (empty: typed by hand).
    #[serde(default)]
    pub card_hand: String,
    /// The winner's exposures as typed (empty: none).
    #[serde(default)]
    pub exposures: String,
    /// Discarded the winning tile.
    #[serde(default)]
    pub discarder: bool,
    /// Declared the hand drawn for a poor capture (Hanafuda's *tegarasu sanjuu*).
    #[serde(default)]
    pub tegarasu: bool,
}

/// A text field's content without surrounding spaces, `None` when empty.
fn typed_text(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

/// A whole number typed in a field: `Ok(None)` when empty.
fn typed_number<T: std::str::FromStr>(text: &str) -> Result<Option<T>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| ())
}

/// A manche as typed: hands by seat position (0 = the session's East seat).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MancheEntry {
    /// A monte.
    pub void: bool,
    /// The hands, by position.
    pub hands: Vec<HandEntry>,
}

/// Why a typed manche cannot be confirmed: a message per hand (by position) and one for the whole manche.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryErrors {
    /// Problems with one hand, by position.
    pub hands: Vec<Option<MancheError>>,
    /// Problems with the manche as a whole.
    pub general: Option<MancheError>,
}

impl EntryErrors {
    /// The first message, for a one-line status.
    pub fn first(&self) -> Option<&MancheError> {
        self.hands.iter().flatten().next().or(self.general.as_ref())
    }
}

impl EntryErrors {
    /// Puts `error` beside the hand of the player it names (or with the manche's), unless one is there already.
    fn place(&mut self, error: MancheError, players: &[TablePlayer]) {
        let position = error.player.as_ref().and_then(|name| players.iter().position(|p| &p.name == name));
        let slot = match position {
            Some(position) => &mut self.hands[position],
            None => &mut self.general,
        };
        if slot.is_none() {
            *slot = Some(error);
        }
    }

    /// No errors yet at a table of `seats`.
    pub fn none(seats: usize) -> EntryErrors {
        EntryErrors { hands: vec![None; seats], general: None }
    }
}

impl MancheEntry {
    /// A blank manche at a table of `seats`.
    pub fn blank(seats: usize) -> MancheEntry {
        MancheEntry { void: false, hands: vec![HandEntry::default(); seats] }
    }

    /// The ruleset's input: players in position order, each with this manche's seat wind where the ruleset
    /// has winds, the dealer named where the ruleset has one (the oya), and the typed text as a tile hand or
    /// as captured cards, as the ruleset enters it.
    pub fn to_input(&self, settings: &TournamentSettings, players: &[TablePlayer], frame: &MancheFrame) -> MancheInput {
        let ruleset = settings.ruleset();
        let captured_cards = ruleset.entry_model().captured_cards;
        let named_dealer = ruleset.seat_model() == SeatModel::Dealer;
        let declarer = players.iter().zip(&self.hands).find(|(_, hand)| hand.tegarasu).map(|(p, _)| p.name.clone());
        MancheInput {
            rules: settings.rules.clone(),
            round_wind: frame.round_wind,
            void: self.void,
            players: players
                .iter()
                .zip(&self.hands)
                .enumerate()
                .map(|(position, (player, hand))| PlayerInput {
                    name: player.name.clone(),
                    seat: frame.seat(position),
                    hand: if captured_cards { None } else { typed_text(&hand.text) },
                    mahjong: hand.mahjong,
                    win: hand.win.clone(),
                    dead: hand.dead.clone().map(DeadHand::Kind),
                    winning_tile: typed_text(&hand.winning_tile),
                    value: typed_number(&hand.value).ok().flatten(),
                    card_hand: typed_text(&hand.card_hand),
                    exposures: typed_number(&hand.exposures).ok().flatten(),
                    discarder: hand.discarder,
                    oya: named_dealer && position == frame.dealer,
                    captured: if captured_cards { typed_text(&hand.text) } else { None },
                })
                .collect(),
            bettor: None,
            tegarasu_sanjuu: declarer,
            options: settings.options.clone(),
        }
    }

    /// Validates and scores the manche; on failure every message is attached to its hand where it has one.
    pub fn score(
        &self,
        settings: &TournamentSettings,
        players: &[TablePlayer],
        frame: &MancheFrame,
    ) -> Result<(MancheInput, MancheOutcome), Box<EntryErrors>> {
        let mut errors = Box::new(EntryErrors::none(players.len()));
        if self.hands.len() != players.len() {
            errors.general = Some(MancheError::general(crate::msg!(
                "manche.error.hands_hands_for_players_players",
                hands = self.hands.len(),
                players = players.len()
            )));
            return Err(errors);
        }
        let model = settings.ruleset().entry_model();
        for (position, hand) in self.hands.iter().enumerate() {
            let name = &players[position].name;
            if model.tile_hand
                && let Err(e) = parse_hand(&hand.text)
            {
                errors.hands[position] = Some(MancheError::player(name, crate::message::Explain::message(&e)));
            }
            if model.card_value {
                // Each read as `to_input` reads it: the value as `u64`, the exposures as `u32`.
                let unreadable = [
                    (typed_number::<u64>(&hand.value).is_err(), &hand.value, msg!("manche.field.value")),
                    (typed_number::<u32>(&hand.exposures).is_err(), &hand.exposures, msg!("manche.field.exposures")),
                ];
                for (_, text, field) in unreadable.into_iter().filter(|(bad, ..)| *bad) {
                    let reason =
                        msg!("manche.error.not_a_whole_number", text = text.trim()).arg_message("field", field);
                    errors.hands[position] = Some(MancheError::player(name, reason));
                }
            }
        }
        let mut input = self.to_input(settings, players, frame);
        if errors.first().is_none()
            && let Ok(outcome) = rules::score_manche(&input)
        {
            return Ok((input, outcome));
        }
        // Every problem, each beside its hand (the first is the one scoring reported): a hand that does not
        // parse is left out of the check (its own message is already there).
        for (player, error) in input.players.iter_mut().zip(&errors.hands) {
            if error.is_some() {
                player.hand = None;
            }
        }
        for problem in rules::manche_problems(&input) {
            errors.place(problem, players);
        }
        Err(errors)
    }

    /// The typed manche back from a stored input (players in position order).
    pub fn from_input(input: &MancheInput) -> MancheEntry {
        let hands = input
            .players
            .iter()
            .map(|player| HandEntry {
                text: player.hand.clone().or_else(|| player.captured.clone()).unwrap_or_default(),
                mahjong: player.mahjong,
                win: player.win.clone(),
                dead: player.dead.as_ref().and_then(DeadHand::kind).map(str::to_owned),
                winning_tile: player.winning_tile.clone().unwrap_or_default(),
                value: player.value.map(|v| v.to_string()).unwrap_or_default(),
                card_hand: player.card_hand.clone().unwrap_or_default(),
                exposures: player.exposures.map(|v| v.to_string()).unwrap_or_default(),
                discarder: player.discarder,
                tegarasu: input.tegarasu_sanjuu.as_ref() == Some(&player.name),
            })
            .collect();
        MancheEntry { void: input.void, hands }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::Wind;

    fn table() -> Vec<TablePlayer> {
        ["Anna", "Bruno", "Carla", "Dario"].map(|n| TablePlayer { id: n.len() as Id, name: n.to_owned() }).to_vec()
    }

    fn first_manche() -> MancheFrame {
        MancheFrame {
            names: table().into_iter().map(|p| p.name).collect(),
            dealer: 0,
            round_wind: Some(Wind::East),
            seat_winds: true,
        }
    }

    fn digest_entry() -> MancheEntry {
        let hand = |text: &str| HandEntry { text: text.to_owned(), ..HandEntry::default() };
        MancheEntry {
            void: false,
            hands: vec![
                hand("[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f"),
                HandEntry {
                    text: "[555b] RRR 123c 456d EE 2f".to_owned(),
                    mahjong: true,
                    win: vec!["self_drawn".to_owned()],
                    ..HandEntry::default()
                },
                hand("[234d] 66c 1b 4b 8b E S N VV"),
                hand("1c 2c 4c 5d 6d 8d 9b 1d 3b 5b 7b W W"),
            ],
        }
    }

    #[test]
    fn the_digest_manche_scores_through_the_entry() {
        let settings = TournamentSettings { name: "t".into(), ..TournamentSettings::default() };
        let (input, outcome) = digest_entry().score(&settings, &table(), &first_manche()).expect("valid");
        assert_eq!(input.players[1].seat, Some(Wind::South));
        assert_eq!(outcome.net.iter().map(|(_, n)| n).sum::<i64>(), 0);
        assert!(outcome.players[1].mahjong);
        assert_eq!(MancheEntry::from_input(&input), digest_entry());
    }

    #[test]
    fn a_bad_token_is_reported_on_its_hand() {
        let settings = TournamentSettings { name: "t".into(), ..TournamentSettings::default() };
        let mut entry = digest_entry();
        entry.hands[2].text = "[234d] 66x".to_owned();
        let errors = entry.score(&settings, &table(), &first_manche()).expect_err("bad token");
        let error = errors.hands[2].as_ref().expect("error on Carla's hand");
        assert_eq!(error.player.as_deref(), Some("Carla"));
        let reason = error.reason.render(crate::i18n::Lang::En);
        assert!(reason.contains("66x"), "{reason}");
        assert!(errors.hands[0].is_none() && errors.general.is_none());
    }

    #[test]
    fn a_whole_manche_error_names_the_hand_it_is_about() {
        let settings = TournamentSettings { name: "t".into(), ..TournamentSettings::default() };
        let mut entry = digest_entry();
        entry.hands[1].mahjong = false;
        entry.hands[3].text.clear();
        let errors = entry.score(&settings, &table(), &first_manche()).expect_err("invalid");
        assert!(errors.first().is_some());
    }

    #[test]
    fn every_hand_gets_its_own_message_at_once() {
        let settings = TournamentSettings { name: "t".into(), ..TournamentSettings::default() };
        let mut entry = digest_entry();
        entry.hands[0].text = "[999c] 2x".to_owned();
        entry.hands[2].text = "[234d] 66c 1b 4b 8b E S N VV 9d".to_owned();
        entry.hands[3].text.clear();
        let errors = entry.score(&settings, &table(), &first_manche()).expect_err("three bad hands");
        let reason =
            |p: usize| errors.hands[p].as_ref().map(|e| e.reason.render(crate::i18n::Lang::En)).unwrap_or_default();
        assert!(reason(0).contains("2x"), "{}", reason(0));
        assert!(reason(2).contains("too many"), "{}", reason(2));
        assert_eq!(reason(3), "the hand is missing");
        assert!(errors.hands[1].is_none(), "the winner's hand is fine");
    }
}
