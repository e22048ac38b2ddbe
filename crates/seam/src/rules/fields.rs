//! What a referee types for a manche, described as data by each ruleset: its [`EntryModel`] is a list of
//! [`Field`]s of a few kinds (tiles, cards of the deck, a number, a short text, a flag, one of several, a tick
//! one player at most carries, a player picked for the manche, a line of the ruleset's book). The entry
//! screen, the CSV facts column and the typed manche's conversion to the ruleset's input are drawn from it, so
//! that a ruleset with fields of its own changes nothing outside its folder.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::WinFlagInfo;
use super::book::{BookLine, BookModel};

/// What a referee types for each player, so that entry screens are drawn from the ruleset.
#[derive(Clone, Copy, Debug)]
pub struct EntryModel {
    /// The player's main field, shown first and given the keyboard first: a hand in tiles or captured cards
    /// (`None`: the player's column has only `fields`).
    pub hand: Option<Field>,
    /// A player declares Mah Jong (F1–F4), called by this text id in the ruleset's own spelling ("Mah Jong",
    /// "Mah Jongg"): the winners are typed. Without it (`None`) the ruleset finds the winner itself (Hanafuda),
    /// F1–F4 choose whose column the keyboard and the palette act on, and no manche is typed as void.
    pub mahjong: Option<&'static str>,
    /// The flags a winner may carry.
    pub win_flags: &'static [WinFlagInfo],
    /// Every other field, in the order the screen shows them.
    pub fields: &'static [Field],
    /// What a manche with no winner is called ("A monte", "Wall game"): a text id.
    pub void_label: &'static str,
    /// A hand's value is punti di stecca and raddoppi (the breakdown shows both).
    pub points_and_doubles: bool,
    /// The per-player flag that names the manche's dealer in the ruleset's input (Hanafuda's oya), set from
    /// the table's rotation, never typed.
    pub dealer_flag: Option<&'static str>,
    /// The book the ruleset scores from, kept per tournament (modern American's card of the year), and what a
    /// line picked from it fills in a winner's fields (its value, a flag its section implies); a model with a
    /// [`FieldKind::FromBook`] field has one.
    pub book: Option<BookEntry>,
    /// What the paper score sheet records of each game before the players' columns, in order (empty: the
    /// players' columns take everything). A sheet with facts opens with the winner when `mahjong`.
    pub sheet_facts: &'static [SheetFact],
    /// The fields the session carries into each manche that the entry shows beside the round (counters,
    /// deposits on the table), each a manche field the table fills in, never typed.
    pub carried: &'static [CarriedField],
}

/// A field the session carries into a manche, as the entry shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CarriedField {
    /// Its key among the manche's fields.
    pub key: &'static str,
    /// Its label: a text id with `{n}` for the value ("Counters: {n}").
    pub label: &'static str,
}

/// A fact of each game the paper score sheet has a column for: one of the model's fields or win flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetFact {
    /// The key of a field of [`EntryModel::fields`], or the id of a win flag.
    pub key: &'static str,
    /// The column's title, short enough for a narrow column: a text id.
    pub title: &'static str,
}

/// What a sheet's fact column holds, which decides how wide it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FactKind {
    /// The winner's name.
    Winner,
    /// A field of the model.
    Field(FieldKind),
    /// A win flag (a tick).
    WinFlag,
}

impl EntryModel {
    /// The book the ruleset scores from, if it keeps one per tournament.
    pub fn book(&self) -> Option<&'static BookModel> {
        self.book.map(|book| book.model)
    }

    /// The paper score sheet's fact columns, each with its title id and what it holds: the winner first (when
    /// the model has facts and a Mah Jong), then [`EntryModel::sheet_facts`]. A fact naming neither a field nor
    /// a win flag is left out (a test holds every shipped model to naming real ones).
    pub fn sheet_columns(&self, winner_title: &'static str) -> Vec<(&'static str, FactKind)> {
        let mut columns = Vec::with_capacity(self.sheet_facts.len() + 1);
        if self.mahjong.is_some() && !self.sheet_facts.is_empty() {
            columns.push((winner_title, FactKind::Winner));
        }
        columns.extend(self.sheet_facts.iter().filter_map(|fact| Some((fact.title, self.fact_kind(fact.key)?))));
        columns
    }

    /// What the sheet fact `key` names in this model.
    pub fn fact_kind(&self, key: &str) -> Option<FactKind> {
        if let Some(field) = self.fields.iter().find(|f| f.key == key) {
            return Some(FactKind::Field(field.kind));
        }
        self.win_flags.iter().any(|f| f.id == key).then_some(FactKind::WinFlag)
    }
}

/// One player's column as typed: the main field (the hand in tiles, or the captured cards), Mah Jong and the
/// win flags, and every other field of the ruleset's [`EntryModel`] by its key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandEntry {
    /// The main field exactly as typed (the model's `hand`).
    pub text: String,
    /// Went Mah Jong.
    pub mahjong: bool,
    /// Win flags (`self_drawn`, …), winner only.
    pub win: Vec<String>,
    /// The other fields exactly as typed, by key: a tick is `true`, one of several is the id chosen, a
    /// player picked for the manche is a tick on their column. An empty text is no entry.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, String>,
}

impl HandEntry {
    /// The field `key` as typed (`""`: nothing typed).
    pub fn get(&self, key: &str) -> &str {
        self.fields.get(key).map_or("", String::as_str)
    }

    /// Types `value` into the field `key` (an empty value clears it).
    pub fn set(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        if value.is_empty() {
            self.fields.remove(key);
        } else {
            self.fields.insert(key.to_owned(), value);
        }
    }

    /// Whether the tick `key` is set.
    pub fn flag(&self, key: &str) -> bool {
        self.get(key) == TICKED
    }

    /// Sets or clears the tick `key`.
    pub fn set_flag(&mut self, key: &str, on: bool) {
        self.set(key, if on { TICKED } else { "" });
    }
}

/// How a tick is kept among the typed fields.
pub const TICKED: &str = "true";

/// A field's value in an input as the entry types it: a text as it is, a number in digits, a set tick as
/// [`TICKED`]; anything else (absent, null, an unset tick) as nothing typed.
pub fn as_typed(value: Option<&serde_json::Value>) -> String {
    match value {
        Some(serde_json::Value::String(text)) => text.clone(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        Some(serde_json::Value::Bool(true)) => TICKED.to_owned(),
        _ => String::new(),
    }
}

/// One thing typed or picked for a player (or, [`FieldKind::PickPlayer`], for the manche).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// Its key in the ruleset's input (`hand`, `winning_tile`, `exposures`).
    pub key: &'static str,
    /// What is typed and how it reaches the input.
    pub kind: FieldKind,
    /// Its label: a text id.
    pub label: &'static str,
    /// Whose column shows it.
    pub applies: Applies,
    /// An example shown in the empty field (`""`: none).
    pub hint: &'static str,
}

/// The kinds of field an entry screen knows how to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A hand in tile notation (with the tile palette).
    Tiles,
    /// Cards of the ruleset's deck as codes (with the deck's grid: a click gives or takes back a card).
    Cards(&'static super::deck::Deck),
    /// A whole number (a count), at most `u32::MAX`.
    Number,
    /// A short text, such as a tile.
    Text,
    /// A tick.
    Flag,
    /// A tick that one player at most carries (the discarder of the winning tile); Shift+F1–F4 set it.
    OnePlayer,
    /// One of several, or none.
    OneOf {
        /// The choices: the id goes to the input, the label is shown.
        choices: &'static [WinFlagInfo],
        /// The label of none chosen: a text id.
        none: &'static str,
    },
    /// One player of the table picked for the whole manche: the input's manche-level `key` names them.
    PickPlayer,
    /// A line of the ruleset's book found by a few letters, or its value typed (a whole number).
    FromBook {
        /// The input's key for the picked line's label.
        line_key: &'static str,
    },
}

/// Whose column shows a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applies {
    /// Every player.
    Everyone,
    /// Players marked Mah Jong.
    Winner,
    /// Players not marked Mah Jong.
    NotWinner,
}

impl Applies {
    /// Whether a hand that did (`mahjong`) or did not go out shows the field.
    pub fn to(self, mahjong: bool) -> bool {
        match self {
            Applies::Everyone => true,
            Applies::Winner => mahjong,
            Applies::NotWinner => !mahjong,
        }
    }
}

/// A ruleset's book as entry uses it: the model and what a picked line fills.
#[derive(Clone, Copy, Debug)]
pub struct BookEntry {
    /// The book's columns and words.
    pub model: &'static BookModel,
    /// Fills a winner's fields from a picked line.
    pub pick: fn(&PickedLine<'_>, &mut HandEntry),
}

/// A line picked from the ruleset's book, as its entry reads it.
#[derive(Clone, Copy, Debug)]
pub struct PickedLine<'a> {
    /// The line's values.
    pub line: &'a BookLine,
    /// The line as entry and sheets name it ("2468 · FF 2222 44 6666 88").
    pub label: &'a str,
}
