//! The manche as the referee types it at a table (a hand per seat position, flags, a monte) and its
//! conversion to the ruleset's [`MancheInput`], with every problem attached to the hand it is about. What a
//! column holds besides the hand comes from the ruleset's [`EntryModel`]: no field is named here.

use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::{Id, TournamentSettings};
use crate::message::Message;
use crate::msg;
use crate::rules::{self, Field, FieldKind, HandEntry, MancheError, MancheFrame, MancheInput, MancheOutcome, as_typed};
use crate::tiles::parse_hand;

/// A player at a session table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablePlayer {
    /// Database id.
    pub id: Id,
    /// Name (unique in the tournament).
    pub name: String,
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

/// A field's typed text as the value its key takes in the ruleset's input (`Ok(None)`: left out), or `Err`
/// when it cannot be read as its kind (a number that is not one, or too large for it).
fn field_value(field: &Field, hand: &HandEntry) -> Result<Option<Value>, ()> {
    let typed = hand.get(field.key);
    Ok(match field.kind {
        FieldKind::Tiles | FieldKind::Cards(_) | FieldKind::Text | FieldKind::OneOf { .. } => {
            typed_text(typed).map(Value::from)
        }
        FieldKind::Number => typed_number::<u32>(typed)?.map(Value::from),
        FieldKind::FromBook { .. } => typed_number::<u64>(typed)?.map(Value::from),
        FieldKind::Flag | FieldKind::OnePlayer => hand.flag(field.key).then_some(Value::Bool(true)),
        FieldKind::PickPlayer => None,
    })
}

impl MancheEntry {
    /// A blank manche at a table of `seats`.
    pub fn blank(seats: usize) -> MancheEntry {
        MancheEntry { void: false, hands: vec![HandEntry::default(); seats] }
    }

    /// The ruleset's input: players in position order, each with this manche's seat wind where the ruleset
    /// has winds, the dealer flagged where the ruleset names one, and each field of the entry model under its
    /// key — a field only for the hands it applies to, a number only when it reads as one.
    pub fn to_input(&self, settings: &TournamentSettings, players: &[TablePlayer], frame: &MancheFrame) -> MancheInput {
        let model = settings.entry_model();
        let mut manche = Map::new();
        manche.insert("rules".into(), settings.rules.clone().into());
        if let Some(wind) = frame.round_wind {
            manche.insert("round_wind".into(), serde_json::to_value(wind).unwrap_or_default());
        }
        manche.insert("void".into(), self.void.into());
        // What the session carries into this manche (counters, deposits) is the table's, not typed.
        manche.extend(frame.carried.clone());
        let mut seats = Vec::with_capacity(players.len());
        for (position, (player, hand)) in players.iter().zip(&self.hands).enumerate() {
            let mut seat = Map::new();
            seat.insert("name".into(), player.name.clone().into());
            if let Some(wind) = frame.seat(position) {
                seat.insert("seat".into(), serde_json::to_value(wind).unwrap_or_default());
            }
            // A main field only winners type (their tiles) is left out of a hand that no longer wins: the screen
            // hides it, so what it still holds must not speak for the hand.
            if let Some(main) = model.hand.as_ref().filter(|m| m.applies.to(hand.mahjong))
                && let Some(text) = typed_text(&hand.text)
            {
                seat.insert(main.key.into(), text.into());
            }
            seat.insert("mahjong".into(), hand.mahjong.into());
            seat.insert("win".into(), hand.win.clone().into());
            if let Some(flag) = model.dealer_flag
                && position == frame.dealer
            {
                seat.insert(flag.into(), true.into());
            }
            for field in model.fields.iter().filter(|f| f.applies.to(hand.mahjong)) {
                if field.kind == FieldKind::PickPlayer {
                    if hand.flag(field.key) && !manche.contains_key(field.key) {
                        manche.insert(field.key.into(), player.name.clone().into());
                    }
                    continue;
                }
                if let Ok(Some(value)) = field_value(field, hand) {
                    seat.insert(field.key.into(), value);
                }
                if let FieldKind::FromBook { line_key } = field.kind
                    && let Some(line) = typed_text(hand.get(line_key))
                {
                    seat.insert(line_key.into(), line.into());
                }
            }
            seats.push(Value::Object(seat));
        }
        manche.insert("players".into(), seats.into());
        manche.insert("options".into(), settings.options.clone());
        // Every value above has the type its key takes (numbers are read as the field's kind allows); were one
        // refused all the same, the manche without players is refused by the ruleset, never saved.
        serde_json::from_value(Value::Object(manche)).unwrap_or_else(|_| MancheInput {
            rules: settings.rules.clone(),
            round_wind: frame.round_wind,
            void: self.void,
            players: Vec::new(),
            fields: rules::Fields::new(),
            options: settings.options.clone(),
        })
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
        let model = settings.entry_model();
        for (position, hand) in self.hands.iter().enumerate() {
            let name = &players[position].name;
            if model.hand.is_some_and(|main| main.kind == FieldKind::Tiles)
                && let Err(e) = parse_hand(&hand.text)
            {
                errors.hands[position] = Some(MancheError::player(name, crate::message::Explain::message(&e)));
            }
            for field in model.fields.iter().filter(|f| f.applies.to(hand.mahjong) && field_value(f, hand).is_err()) {
                let reason = msg!("manche.error.not_a_whole_number", text = hand.get(field.key).trim())
                    .arg_message("field", Message::new(field.label));
                errors.hands[position] = Some(MancheError::player(name, reason));
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

    /// The typed manche back from a stored input (players in position order), each field of its ruleset's
    /// entry model as its key holds it (a ruleset not known here gives the hands and flags only).
    pub fn from_input(input: &MancheInput) -> MancheEntry {
        let model = rules::entry_model_in(&input.rules, &input.options);
        let (main, fields) = model.map_or((None, &[][..]), |m| (m.hand, m.fields));
        let json = serde_json::to_value(input).unwrap_or_default();
        let empty = Vec::new();
        let seats = json.get("players").and_then(Value::as_array).unwrap_or(&empty);
        let hands = input
            .players
            .iter()
            .zip(seats)
            .map(|(player, seat)| {
                let mut hand = HandEntry {
                    text: main.map(|main| as_typed(seat.get(main.key))).unwrap_or_default(),
                    mahjong: player.mahjong,
                    win: player.win.clone(),
                    fields: BTreeMap::new(),
                };
                for field in fields {
                    match field.kind {
                        FieldKind::PickPlayer => {
                            let picked = json.get(field.key).and_then(Value::as_str) == Some(player.name.as_str());
                            hand.set_flag(field.key, picked);
                        }
                        // A tick on a field of one choice (a script's `"dead": true`) is that choice.
                        FieldKind::OneOf { choices: [only], .. } if seat.get(field.key) == Some(&Value::Bool(true)) => {
                            hand.set(field.key, only.id);
                        }
                        FieldKind::FromBook { line_key } => {
                            hand.set(field.key, as_typed(seat.get(field.key)));
                            hand.set(line_key, as_typed(seat.get(line_key)));
                        }
                        _ => hand.set(field.key, as_typed(seat.get(field.key))),
                    }
                }
                hand
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
            ..MancheFrame::default()
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
        let reason = error.reason.render(crate::i18n::Lang::ENGLISH);
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
        let reason = |p: usize| {
            errors.hands[p].as_ref().map(|e| e.reason.render(crate::i18n::Lang::ENGLISH)).unwrap_or_default()
        };
        assert!(reason(0).contains("2x"), "{}", reason(0));
        assert!(reason(2).contains("too many"), "{}", reason(2));
        assert_eq!(reason(3), "the hand is missing");
        assert!(errors.hands[1].is_none(), "the winner's hand is fine");
    }
}
