//! The ruleset boundary. A manche comes in as [`MancheInput`] (the shape of `stecca score`'s JSON), a
//! [`Ruleset`] validates and scores it, and the result goes out as [`MancheOutcome`]. Each ruleset is a crate of
//! its own (`crates/rules/<id>`) written against this module, and is listed once in the registry crate; nothing
//! else needs to change to add one.

pub mod book;
pub mod deck;
pub mod decompose;
mod fields;
mod figures;
pub mod option_errors;
pub mod problems;
pub mod random_tiles;
pub mod tile_checks;
mod tile_outcome;
mod typed;

pub use fields::{
    Applies, BookEntry, CarriedField, EntryModel, FactKind, Field, FieldKind, HandEntry, PickedLine, SheetFact, TICKED,
    as_typed,
};
pub use figures::Figures;

pub use tile_outcome::{ScoredTiles, SeatScore, doubles_words, tile_outcome};
pub use typed::{RulesInForce, TypedRuleset};

use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::i18n::Lang;
use crate::message::Message;
use crate::tiles::Wind;

/// A ruleset's locale files, as text: one Fluent file for each language of the desk, by code
/// (`("it", include_str!("locales/it/tre.ftl"))`), and the ids its texts had in outcomes stored by earlier builds.
#[derive(Clone, Copy, Debug)]
pub struct Locales {
    /// `(language code, the text of its locales/<code>/<id>.ftl)`.
    pub files: &'static [(&'static str, &'static str)],
    /// `(old prefix, new prefix)`: a stored id starting with the old one reads as the new one (the ruleset's
    /// texts that moved into its namespace); see `i18n::texts::add_renamed`.
    pub renamed: &'static [(&'static str, &'static str)],
}

/// Lays `top` over `base`, object by object: what `top` gives replaces, the rest of `base` stays.
pub fn overlay(base: &mut serde_json::Value, top: &serde_json::Value) {
    match (base.as_object_mut(), top.as_object()) {
        (Some(base), Some(top)) => {
            for (key, value) in top {
                match base.get_mut(key) {
                    Some(slot) => overlay(slot, value),
                    None => {
                        base.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        _ => *base = top.clone(),
    }
}

/// A ruleset: everything that differs between the games Stecca scores. The desk, the store, the exports and
/// the screens ask it; none of them names a ruleset. A ruleset implements [`TypedRuleset`] and gets this through
/// the generic adapter; what depends on a tournament's options is asked of its [`RulesInForce`].
pub trait Ruleset: Send + Sync {
    /// Short id used in files and on the command line (`fimj`).
    fn id(&self) -> &'static str;
    /// The text id of the ruleset's name, in the referee's language when shown ("Americano classico",
    /// "Classic American"): see [`Ruleset::name`].
    fn name_id(&self) -> &'static str;
    /// The ruleset's name, as an argument of another message.
    fn name_message(&self) -> Message {
        Message::new(self.name_id())
    }
    /// The ruleset's name in `lang`.
    fn name(&self, lang: Lang) -> String {
        self.name_message().render(lang)
    }
    /// The ruleset's texts (its crate's `locales/<code>/<id>.ftl`), added to the desk's when the registry lists
    /// it or a plug-in is registered.
    fn locales(&self) -> Locales;
    /// Players at a table.
    fn table_size(&self) -> usize;
    /// Fewest players a table may have when the players do not fill tables of [`Ruleset::table_size`]
    /// (Hanafuda: tables of three, and of two where the count requires); the default is the table size.
    fn min_table_size(&self) -> usize {
        self.table_size()
    }
    /// How the players are seated.
    fn seat_model(&self) -> SeatModel;
    /// The manches a session counts (passes of the deal) unless the tournament sets another number.
    fn manches_per_session(&self) -> u32 {
        16
    }
    /// Points added to each session table's places when the standings are counted (first place's first), as
    /// a tournament of this ruleset ranks by default; `None`: the standings rank by points alone.
    fn placement_bonus(&self) -> Option<&'static [i64]> {
        None
    }
    /// Table points each session table's places earn (first place's first), by which a tournament of this
    /// ruleset ranks first and then by score, ties sharing the places' points; `None`: it ranks by points.
    fn table_points(&self) -> Option<&'static [i64]> {
        None
    }
    /// What a referee types for each player.
    fn entry_model(&self) -> &'static EntryModel;
    /// The digest defaults of every configurable value, as the JSON `options` object.
    fn default_options(&self) -> serde_json::Value;
    /// The options a club evening is played with, over the defaults (`{}`: the defaults are club play).
    fn club_options(&self) -> serde_json::Value;
    /// The ruleset bound to an `options` object, read and checked once (unknown keys and bad values are errors
    /// that name the option's path).
    fn in_force(&self, options: &serde_json::Value) -> Result<Arc<dyn RulesInForce>, MancheError>;
    /// Checks an `options` object.
    fn check_options(&self, options: &serde_json::Value) -> Result<(), MancheError> {
        self.in_force(options).map(|_| ())
    }
    /// Validates the whole manche (under its own `options`) and computes every hand and payment.
    fn score(&self, manche: &MancheInput) -> Result<MancheOutcome, MancheError>;
    /// Every problem of the manche — at most one per player, and one about the manche as a whole — for entry
    /// screens that show each beside its hand; empty when [`Ruleset::score`] succeeds.
    fn problems(&self, manche: &MancheInput) -> Vec<MancheError>;
    /// The win flags a winner may carry, for entry screens.
    fn win_flags(&self) -> &'static [WinFlagInfo] {
        self.entry_model().win_flags
    }
    /// The numeric option values a referee may change (besides starting points), in the order a settings screen
    /// shows them.
    fn tunable_values(&self) -> &'static [TunableValue];
    /// The options chosen from a list (rotation, edition, game type), in the order a settings screen shows them.
    fn choice_options(&self) -> &'static [ChoiceOption];
}

/// How the players of a table are seated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatModel {
    /// Seat winds East, South, West, North that turn with the deal; rounds have a prevailing wind.
    Winds,
    /// Seat winds that turn with the deal, without rounds or a prevailing wind (modern American).
    SeatWinds,
    /// Numbered seats and a dealer (Hanafuda's oya) who changes with the ruleset's rotation; no winds.
    Dealer,
}

/// A seat as sheets and screens name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatLabel {
    /// A seat wind.
    Wind(Wind),
    /// A numbered seat (1-based).
    Number(usize),
}

impl SeatLabel {
    /// The seat's name in `lang`: its wind, or "Posto 2" / "Seat 2".
    pub fn name(self, lang: crate::i18n::Lang) -> String {
        match self {
            SeatLabel::Wind(wind) => wind.name(lang),
            SeatLabel::Number(n) => format!("{} {n}", lang.tr(crate::text_id!("seat.number"))),
        }
    }

    /// The short form for sheets and CSV: `E` or `1`.
    pub fn letter(self) -> String {
        match self {
            SeatLabel::Wind(wind) => wind.letter().to_string(),
            SeatLabel::Number(n) => n.to_string(),
        }
    }
}

impl SeatModel {
    /// The label of the seat at `position` in the session's first manche (position 0 deals first).
    pub fn seat(self, position: usize) -> SeatLabel {
        match self {
            SeatModel::Winds | SeatModel::SeatWinds => SeatLabel::Wind(Wind::ALL[position % Wind::ALL.len()]),
            SeatModel::Dealer => SeatLabel::Number(position + 1),
        }
    }

    /// Whether manches have seat and round winds.
    pub fn has_winds(self) -> bool {
        self == SeatModel::Winds
    }

    /// Whether seats carry winds (with or without rounds).
    pub fn has_seat_winds(self) -> bool {
        matches!(self, SeatModel::Winds | SeatModel::SeatWinds)
    }
}

/// Who deals the next manche.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rotation {
    /// The deal passes to the next seat.
    Pass,
    /// The dealer deals again, and the manche does not count towards the session's length (a repeated deal).
    Stay,
    /// The player at this table position deals next (e.g. Hanafuda: the winner is oya); the manche counts.
    To(usize),
    /// The session ends with this manche, however many it counted (a game reported by its final scores).
    End,
}

/// Where a manche is played: the players by position (0 = the dealer of the session's first manche), who deals
/// this manche, the prevailing wind, and what the session carries into it from the manche before.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MancheFrame {
    /// Names by position.
    pub names: Vec<String>,
    /// The position that deals (East) this manche.
    pub dealer: usize,
    /// The prevailing (round) wind, for rulesets with rounds.
    pub round_wind: Option<Wind>,
    /// Whether seats carry winds that turn with the deal (with or without a round wind).
    pub seat_winds: bool,
    /// The manche's fields that the table's session carries from hand to hand (counters, deposits on the
    /// table), as [`RulesInForce::carry`] made them from the manche before (or for the session's first manche);
    /// empty for rulesets whose hands stand alone. The desk fills them into the manche, as it fills the
    /// winds, and a script that gives them must give the same.
    pub carried: Fields,
    /// Each position's seat wind where the ruleset reseats the players at each round (so that the winds are
    /// no turn of the positions); empty otherwise.
    pub reseated: Vec<Wind>,
}

impl MancheFrame {
    /// The seat wind of `position` this manche (winds turn with the deal, or as the ruleset reseats).
    pub fn seat_wind(&self, position: usize) -> Wind {
        if let Some(&wind) = self.reseated.get(position) {
            return wind;
        }
        let n = self.names.len().max(1);
        Wind::ALL[(position + n - self.dealer % n) % n % 4]
    }

    /// The seat wind of `position`, or `None` at a table without seat winds.
    pub fn seat(&self, position: usize) -> Option<Wind> {
        self.seat_winds.then(|| self.seat_wind(position))
    }
}

/// What the session knows when it carries fields into its next manche (see [`TypedRuleset::carry`]).
#[derive(Clone, Copy, Debug)]
pub struct CarryFrom<'a> {
    /// The manche before (its input and what it scored), or `None` for the session's first manche.
    pub before: Option<(&'a MancheInput, &'a MancheOutcome)>,
    /// Whether the next manche is the session's last deal: the session ends if the deal passes after it.
    pub last_deal: bool,
    /// Each player's total when the next manche starts (the starting points plus every net before it), by
    /// name, in table order.
    pub totals: &'a [(String, i64)],
}

impl CarryFrom<'_> {
    /// Into the first manche of a session that is not its last deal, with no totals: for scripts and tests.
    pub const FIRST: CarryFrom<'static> = CarryFrom { before: None, last_deal: false, totals: &[] };
}

/// An option chosen from a list of values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChoiceOption {
    /// Dotted path in the options object.
    pub path: &'static str,
    /// Its label: a text id.
    pub label: &'static str,
    /// The values, the default first.
    pub values: &'static [Choice],
}

/// One value of a [`ChoiceOption`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as JSON text (`"club"`, `true`).
    pub json: &'static str,
    /// Its label: a text id.
    pub label: &'static str,
}

impl Choice {
    /// The value.
    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(self.json).unwrap_or(serde_json::Value::Null)
    }
}

/// The value at a dotted path of an options object.
pub fn option_at<'a>(options: &'a serde_json::Value, path: &str) -> Option<&'a serde_json::Value> {
    path.split('.').try_fold(options, |node, key| node.get(key))
}

/// Sets the value at a dotted path of an options object, creating the objects on the way.
pub fn set_option(options: &mut serde_json::Value, path: &str, value: serde_json::Value) {
    let Some((head, rest)) = path.split_once('.') else {
        if let Some(map) = options.as_object_mut() {
            map.insert(path.to_owned(), value);
        }
        return;
    };
    let Some(map) = options.as_object_mut() else { return };
    let child = map.entry(head.to_owned()).or_insert_with(|| serde_json::json!({}));
    set_option(child, rest, value);
}

/// Reads a ruleset's options object (`null` = the defaults); an error names the path of the bad value first
/// ("options.limits.coppie: invalid type …").
pub fn options_from_json<T: serde::de::DeserializeOwned + Default>(value: &serde_json::Value) -> Result<T, Message> {
    if value.is_null() {
        return Ok(T::default());
    }
    serde_path_to_error::deserialize(value).map_err(|error| match error.path().to_string().as_str() {
        "." | "" => option_errors::unreadable("options", error.inner()),
        path => option_errors::unreadable(&format!("options.{path}"), error.inner()),
    })
}

/// A numeric option a settings screen offers, with the words a referee uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TunableValue {
    /// Dotted path in the options object (`limits.coppie`).
    pub path: &'static str,
    /// Heading of its group: a text id.
    pub group: &'static str,
    /// Its label (rules vocabulary): a text id.
    pub label: &'static str,
}

/// The value at a dotted path of an options object (`limits.coppie`), if it is a whole number.
pub fn option_value(options: &serde_json::Value, path: &str) -> Option<u64> {
    option_at(options, path)?.as_u64()
}

/// Sets the whole number at a dotted path of an options object, creating the objects on the way.
pub fn set_option_value(options: &mut serde_json::Value, path: &str, value: u64) {
    set_option(options, path, value.into());
}

/// A win flag as entry screens show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinFlagInfo {
    /// The JSON name (`self_drawn`).
    pub id: &'static str,
    /// Its label (rules vocabulary): a text id.
    pub label: &'static str,
}

/// The fields a ruleset adds to the manche or to a player, by key (`bettor`, `exposures`, …): the common
/// input carries them as given, and only the ruleset that owns them reads and checks them.
pub type Fields = serde_json::Map<String, serde_json::Value>;

/// One manche as a referee enters it: the envelope every ruleset shares, and the ruleset's own fields.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct MancheInput {
    /// Ruleset id.
    pub rules: String,
    /// Vento di giro.
    #[serde(default)]
    pub round_wind: Option<Wind>,
    /// A monte: no winner, no payments.
    #[serde(default)]
    pub void: bool,
    /// The players at the table.
    pub players: Vec<PlayerInput>,
    /// Overrides of the ruleset's configurable values; `{}` or absent means the digest defaults.
    #[serde(default = "empty_object")]
    pub options: serde_json::Value,
    /// The ruleset's own fields of the manche (a bettor, a declaration), by key.
    #[serde(flatten)]
    pub fields: Fields,
}

impl MancheInput {
    /// The manche's field `key` as `T` (`None` when absent or null); a value of another shape is refused by
    /// its key.
    pub fn field<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<Option<T>, MancheError> {
        read_field(&self.fields, key).map_err(MancheError::general)
    }

    /// Refuses every field of the manche that is set and not among `known` (the ruleset's own): a ruleset
    /// says so instead of ignoring it. `ruleset` names the rules in the message ("FIMJ").
    pub fn refuse_fields_but(&self, known: &[&str], ruleset: &str) -> Result<(), MancheError> {
        match stray(&self.fields, known) {
            Some(field) => Err(MancheError::general(not_a_field(field, ruleset))),
            None => Ok(()),
        }
    }

    /// The same manche with field `key` set to `value` (left out when `value` is null or `false`).
    #[must_use]
    pub fn with(mut self, key: &str, value: impl Serialize) -> Self {
        put(&mut self.fields, key, value);
        self
    }
}

/// Field `key` of `fields` as `T`, `None` when absent or null.
fn read_field<T: serde::de::DeserializeOwned>(fields: &Fields, key: &str) -> Result<Option<T>, Message> {
    match fields.get(key) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(value) => T::deserialize(value)
            .map(Some)
            .map_err(|e| crate::msg!("manche.error.field_unreadable", field = key, detail = e.to_string())),
    }
}

/// The first key of `fields` that is set (neither null nor `false`) and not among `known`.
fn stray<'a>(fields: &'a Fields, known: &[&str]) -> Option<&'a str> {
    fields
        .iter()
        .find(|(key, value)| {
            !known.contains(&key.as_str()) && !matches!(value, serde_json::Value::Null | serde_json::Value::Bool(false))
        })
        .map(|(key, _)| key.as_str())
}

fn not_a_field(field: &str, ruleset: &str) -> Message {
    crate::msg!("manche.error.field_is_not_ruleset_field", field = field, ruleset = ruleset)
}

/// Sets `key` to `value` in `fields`, or leaves it out when `value` is null or `false`.
fn put(fields: &mut Fields, key: &str, value: impl Serialize) {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::Null | serde_json::Value::Bool(false)) | Err(_) => {
            fields.remove(key);
        }
        Ok(value) => {
            fields.insert(key.to_owned(), value);
        }
    }
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(serde_json::Map::new())
}

/// One player's part of a manche: the envelope every ruleset shares, and the ruleset's own fields.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct PlayerInput {
    /// The player's name, unique at the table.
    pub name: String,
    /// Seat wind this manche (rulesets with winds require it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Wind>,
    /// The hand in notation; may be omitted in a void manche.
    #[serde(default)]
    pub hand: Option<String>,
    /// Whether the player went Mah Jong.
    #[serde(default)]
    pub mahjong: bool,
    /// Win flags (winner only), e.g. `self_drawn`; each ruleset names its own.
    #[serde(default)]
    pub win: Vec<String>,
    /// The ruleset's own fields of this player (a dead hand, a card value, captured cards), by key.
    #[serde(flatten)]
    pub fields: Fields,
}

impl PlayerInput {
    /// The player's field `key` as `T` (`None` when absent or null); a value of another shape is refused,
    /// naming the player and the key.
    pub fn field<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<Option<T>, MancheError> {
        read_field(&self.fields, key).map_err(|why| MancheError::player(&self.name, why))
    }

    /// The player's tick `key` (absent: not set).
    pub fn flag(&self, key: &str) -> Result<bool, MancheError> {
        self.field::<bool>(key).map(Option::unwrap_or_default)
    }

    /// Refuses every field of the player that is set and not among `known` (the ruleset's own): a ruleset
    /// says so instead of ignoring it. `ruleset` names the rules in the message ("FIMJ").
    pub fn refuse_fields_but(&self, known: &[&str], ruleset: &str) -> Result<(), MancheError> {
        match stray(&self.fields, known) {
            Some(field) => Err(MancheError::player(&self.name, not_a_field(field, ruleset))),
            None => Ok(()),
        }
    }

    /// The same player with field `key` set to `value` (left out when `value` is null or `false`).
    #[must_use]
    pub fn with(mut self, key: &str, value: impl Serialize) -> Self {
        put(&mut self.fields, key, value);
        self
    }
}

/// A field a manche gives either as a tick or as one of several kinds (a dead hand: `true`, or `"short"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TickOrKind {
    /// `true`: ticked (`false`: not).
    Flag(bool),
    /// The kind named (`short`).
    Kind(String),
}

/// Read by hand: serde's untagged enum buffers the value and tries a tick first, making (and dropping) an error
/// for every kind named: a tenth of reading a classic American player's fields.
impl<'de> Deserialize<'de> for TickOrKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TickOrName;
        impl serde::de::Visitor<'_> for TickOrName {
            type Value = TickOrKind;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("true, false or the name of a kind")
            }
            fn visit_bool<E: serde::de::Error>(self, tick: bool) -> Result<TickOrKind, E> {
                Ok(TickOrKind::Flag(tick))
            }
            fn visit_str<E: serde::de::Error>(self, kind: &str) -> Result<TickOrKind, E> {
                Ok(TickOrKind::Kind(kind.to_owned()))
            }
            fn visit_string<E: serde::de::Error>(self, kind: String) -> Result<TickOrKind, E> {
                Ok(TickOrKind::Kind(kind))
            }
        }
        deserializer.deserialize_any(TickOrName)
    }
}

impl TickOrKind {
    /// The kind it names: `Flag(true)` is the kind `ticked` (what a plain tick means), `Flag(false)` none.
    pub fn kind<'a>(&'a self, ticked: &'a str) -> Option<&'a str> {
        match self {
            TickOrKind::Flag(true) => Some(ticked),
            TickOrKind::Flag(false) => None,
            TickOrKind::Kind(kind) => Some(kind),
        }
    }
}

/// A rejected manche: which player (if one) and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", crate::message::Explain::message(self))]
pub struct MancheError {
    /// The player the problem is about, when there is one.
    pub player: Option<String>,
    /// What is wrong, in words a referee understands.
    pub reason: Message,
}

impl MancheError {
    /// An error about one player.
    pub fn player(name: &str, reason: Message) -> Self {
        MancheError { player: Some(name.to_owned()), reason }
    }

    /// An error about the manche as a whole.
    pub fn general(reason: Message) -> Self {
        MancheError { player: None, reason }
    }
}

impl crate::message::Explain for MancheError {
    fn message(&self) -> Message {
        match &self.player {
            Some(player) => {
                crate::msg!("manche.error.about_player", player = player).arg_message("reason", self.reason.clone())
            }
            None => self.reason.clone(),
        }
    }
}

/// The version of [`MancheOutcome`]'s stored form; stored beside every outcome. Version 2 keeps every label
/// and warning as a text id with its arguments; version 1 kept them written out in Italian and English, and
/// is still read (as texts given in both languages).
pub const OUTCOME_VERSION: i64 = 2;

/// A scored, settled manche: typed data, stored as JSON of this shape (version [`OUTCOME_VERSION`]) and read
/// back into it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MancheOutcome {
    /// Ruleset id.
    pub rules: String,
    /// Whether the manche was void (a monte).
    pub void: bool,
    /// Each player's hand, in input order.
    pub players: Vec<PlayerOutcome>,
    /// Every non-zero payment between two players.
    pub payments: Vec<PaymentOutcome>,
    /// What players put on the table or collect from it (deposits a later winner takes): the table's pot,
    /// carried between manches by the ruleset. Empty for rulesets whose manches settle between players only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pot: Vec<PotPayment>,
    /// Each player's chip change, keyed by name, in input order.
    #[serde(serialize_with = "serialize_net", deserialize_with = "deserialize_net")]
    pub net: Vec<(String, i64)>,
    /// Points the manche takes off players' tournament results without moving chips at the table (a penalty
    /// the ruleset scores with the hand); the standings count them among the penalties.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<OffTablePenalty>,
    /// Who deals the next manche, for rulesets where the result decides it (the highest total, say). Earlier
    /// versions stored it as `next_oya`, which reads as this.
    #[serde(default, alias = "next_oya", skip_serializing_if = "Option::is_none")]
    pub next_dealer: Option<String>,
    /// What the referee should know about an accepted manche (a declaration above its threshold).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Warning>,
}

/// A remark about an accepted manche.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredWarning")]
pub struct Warning {
    /// The player it is about, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// What the referee should know.
    pub text: Message,
}

/// A warning as stored: `text` (version 2) or `it` and `en` (version 1).
#[derive(Deserialize)]
struct StoredWarning {
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    text: Option<Message>,
    #[serde(default)]
    it: String,
    #[serde(default)]
    en: String,
}

impl From<StoredWarning> for Warning {
    fn from(stored: StoredWarning) -> Warning {
        Warning { player: stored.player, text: stored.text.unwrap_or_else(|| Message::both(stored.it, stored.en)) }
    }
}

fn serialize_net<S: Serializer>(net: &[(String, i64)], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_map(net.iter().map(|(name, amount)| (name, amount)))
}

/// The `net` map in document order (a map type would sort it by name).
fn deserialize_net<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<(String, i64)>, D::Error> {
    struct InOrder;
    impl<'de> serde::de::Visitor<'de> for InOrder {
        type Value = Vec<(String, i64)>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a map of names to chip changes")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut net = Vec::new();
            while let Some(entry) = map.next_entry()? {
                net.push(entry);
            }
            Ok(net)
        }
    }
    deserializer.deserialize_map(InOrder)
}

impl MancheOutcome {
    /// Whether each player's net is what the player's payments add up to (collected, less paid, less what the
    /// player put on the table, plus what the player collected from it), and every payment names a player of
    /// the manche: a manche's chips only move, between players and the table's pot.
    pub fn is_balanced(&self) -> bool {
        let mut moved: Vec<i64> = vec![0; self.net.len()];
        let position = |name: &str| self.net.iter().position(|(n, _)| n == name);
        for payment in &self.payments {
            let (Some(from), Some(to), Ok(amount)) =
                (position(&payment.from), position(&payment.to), i64::try_from(payment.amount))
            else {
                return false;
            };
            // Sums that overflow explain no net: checked, never wrapped.
            let Some(paid) = moved[from].checked_sub(amount) else { return false };
            moved[from] = paid;
            let Some(got) = moved[to].checked_add(amount) else { return false };
            moved[to] = got;
        }
        for deposit in &self.pot {
            let Some(player) = position(&deposit.player) else { return false };
            match moved[player].checked_sub(deposit.amount) {
                Some(left) if deposit.amount != 0 => moved[player] = left,
                _ => return false,
            }
        }
        self.net.iter().map(|(_, net)| *net).eq(moved)
    }

    /// The points the manche takes off `player`'s tournament result (0 for most manches).
    pub fn penalty_of(&self, player: &str) -> i64 {
        self.penalties.iter().filter(|p| p.player == player).map(|p| p.points).sum()
    }

    /// Whether the dealer (East) went out.
    pub fn dealer_won(&self) -> bool {
        self.players.iter().any(|p| p.mahjong && p.seat == Some(Wind::East))
    }
}

/// One player's scored hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerOutcome {
    /// Name.
    pub name: String,
    /// Seat wind (rulesets with winds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Wind>,
    /// Whether the player went Mah Jong.
    pub mahjong: bool,
    /// The hand's value as the ruleset counts it (Mah Jong: before East's doubling, a limit's value for a limit
    /// hand; modern American tournament play: the game's points, negative for the discarder; Hanafuda: ken).
    pub score: i64,
    /// The ruleset's own figures of the hand, by name (FIMJ's and classic's `stick_points`, `doubles`, `limit`),
    /// kept among the outcome's keys where scripts have always read them.
    #[serde(flatten)]
    pub figures: Figures,
    /// The arrangement scored, in notation (empty in a void manche).
    pub arrangement: String,
    /// Why: one line per figure.
    pub items: Vec<Item>,
    /// The value summed up in the rules' words ("36 punti di stecca · 2 raddoppi (×4)"), where they have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Message>,
}

/// One line of a hand's explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredItem")]
pub struct Item {
    /// The rules' own term for the line, written the same in every language (a yaku's name in Japanese); the
    /// label says it in the reader's language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term: Option<String>,
    /// What the line counts.
    pub label: Message,
    /// Stick points this line adds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u64>,
    /// Doubles this line adds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubles: Option<u32>,
    /// The fixed value of a limit hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// What the line counts in the ruleset's own unit, where it is not stick points, doubles or a limit (han,
    /// fu, fan).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quantity: Option<Quantity>,
}

impl Item {
    /// A line that counts in the ruleset's own unit (han, fu, fan, points), or says only what it is (`None`).
    pub fn in_units(label: Message, quantity: Option<Quantity>) -> Item {
        Item { term: None, label, points: None, doubles: None, limit: None, quantity }
    }
}

/// A figure in a ruleset's own unit: its value and the id of the text that says it ("{n} han").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quantity {
    /// How many.
    pub value: i64,
    /// The id of the text that says it, with `{n}` for the value (`riichi.unit.han`): the ruleset's own, not
    /// copied for each line.
    pub unit: Cow<'static, str>,
}

impl Quantity {
    /// `value` in the unit `unit`, a text id checked where it is written (`text_id!("riichi.unit.han")`).
    pub fn new(value: i64, unit: &'static str) -> Quantity {
        Quantity { value, unit: Cow::Borrowed(unit) }
    }

    /// The quantity in words ("3 han").
    pub fn message(&self) -> Message {
        Message::new(self.unit.clone()).arg("n", self.value)
    }
}

/// A line as stored: `label` (version 2) or `label_it` and `label_en` (version 1); earlier versions stored its
/// term as `label_ja`.
#[derive(Deserialize)]
struct StoredItem {
    #[serde(default, alias = "label_ja")]
    term: Option<String>,
    #[serde(default)]
    label: Option<Message>,
    #[serde(default)]
    label_it: String,
    #[serde(default)]
    label_en: String,
    #[serde(default)]
    points: Option<u64>,
    #[serde(default)]
    doubles: Option<u32>,
    #[serde(default)]
    limit: Option<u64>,
    #[serde(default)]
    quantity: Option<Quantity>,
}

impl From<StoredItem> for Item {
    fn from(stored: StoredItem) -> Item {
        Item {
            term: stored.term,
            label: stored.label.unwrap_or_else(|| Message::both(stored.label_it, stored.label_en)),
            points: stored.points,
            doubles: stored.doubles,
            limit: stored.limit,
            quantity: stored.quantity,
        }
    }
}

/// Chips a player puts on the table (positive: a deposit) or collects from it (negative), by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PotPayment {
    /// The player.
    pub player: String,
    /// Put on the table (positive) or collected from it (negative); never zero.
    pub amount: i64,
}

/// Points off a player's tournament result, scored with a manche, by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OffTablePenalty {
    /// The player.
    pub player: String,
    /// Points taken off (positive).
    pub points: i64,
}

/// A payment between two players, by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentOutcome {
    /// Who pays.
    pub from: String,
    /// Who collects.
    pub to: String,
    /// How much.
    pub amount: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tick_or_kind_reads_a_tick_or_a_name_and_says_what_else_it_is() {
        let read = |value: serde_json::Value| TickOrKind::deserialize(&value).map_err(|e| e.to_string());
        assert_eq!(read(serde_json::json!(true)), Ok(TickOrKind::Flag(true)));
        assert_eq!(read(serde_json::json!(false)), Ok(TickOrKind::Flag(false)));
        assert_eq!(read(serde_json::json!("short")), Ok(TickOrKind::Kind("short".to_owned())));
        assert_eq!(serde_json::from_str::<TickOrKind>("\"long\"").ok(), Some(TickOrKind::Kind("long".to_owned())));
        let error = read(serde_json::json!(3)).expect_err("a number");
        assert!(error.contains("integer `3`") && error.contains("true, false or the name of a kind"), "{error}");
    }

    #[test]
    fn a_line_in_its_own_unit_is_stored_with_its_value_and_said_in_the_readers_language() {
        use crate::i18n::Lang;
        // Any text with `{n}` stands for a ruleset's unit here ("{n} han" in the Riichi folder).
        let line = Item {
            term: None,
            label: Message::new("entry.value"),
            points: None,
            doubles: None,
            limit: None,
            quantity: Some(Quantity::new(3, crate::text_id!("entry.saved"))),
        };
        let stored = serde_json::to_value(&line).expect("stored");
        assert_eq!(stored["quantity"], serde_json::json!({"value": 3, "unit": "entry.saved"}));
        let read: Item = serde_json::from_value(stored).expect("read back");
        assert_eq!(read, line);
        let quantity = read.quantity.expect("kept");
        assert_eq!(
            quantity.message().render(Lang::ENGLISH),
            Message::new("entry.saved").arg("n", 3).render(Lang::ENGLISH)
        );
        assert!(quantity.message().render(Lang::ENGLISH).contains('3'));
        let older: Item = serde_json::from_value(serde_json::json!({"label": {"id": "entry.value"}, "points": 2}))
            .expect("a line stored before quantities");
        assert_eq!((older.points, older.quantity), (Some(2), None));
    }

    #[test]
    fn a_manche_is_balanced_when_its_payments_and_the_pot_explain_every_net() {
        let pay = |from: &str, to: &str, amount| PaymentOutcome { from: from.into(), to: to.into(), amount };
        let deposit = |player: &str, amount| PotPayment { player: player.into(), amount };
        let mut outcome = MancheOutcome {
            rules: "x".into(),
            void: false,
            players: Vec::new(),
            payments: vec![pay("B", "A", 5800 + 300)],
            // A puts her riichi deposit on the table and collects it with the one left there before.
            pot: vec![deposit("A", 1000), deposit("A", -2000)],
            net: vec![("A".into(), 7100), ("B".into(), -6100), ("C".into(), 0), ("D".into(), 0)],
            penalties: Vec::new(),
            next_dealer: None,
            warnings: Vec::new(),
        };
        assert!(outcome.is_balanced());
        outcome.net[2].1 = 100;
        assert!(!outcome.is_balanced(), "a net that no payment explains");
        outcome.net[2].1 = 0;
        outcome.pot.push(deposit("Zoe", 1000));
        assert!(!outcome.is_balanced(), "a deposit of a stranger");
        outcome.pot.pop();
        outcome.payments.push(pay("C", "D", 0));
        outcome.payments.pop();
        outcome.pot.push(deposit("C", 0));
        assert!(!outcome.is_balanced(), "a zero deposit is no deposit");
        outcome.pot = vec![deposit("A", i64::MIN), deposit("A", 1)];
        assert!(!outcome.is_balanced(), "an overflowing sum explains nothing (and does not panic)");
    }

    /// An outcome stored when the seam still said `next_oya` and `label_ja` reads with its dealer and terms, and
    /// is written back in the seam's words.
    #[test]
    fn an_outcome_stored_with_next_oya_and_label_ja_reads_as_the_next_dealer_and_the_terms() {
        let stored = serde_json::json!({
            "rules": "x", "void": false, "players": [{"name": "A", "mahjong": true, "score": 100, "arrangement": "", "items": [
                {"label_ja": "Inoshikachou", "label": {"id": "entry.value"}, "points": 100}
            ]}],
            "payments": [], "net": {"A": 0}, "next_oya": "A"
        });
        let outcome: MancheOutcome = serde_json::from_value(stored).expect("an outcome of an earlier version");
        assert_eq!(outcome.next_dealer.as_deref(), Some("A"));
        assert_eq!(outcome.players[0].items[0].term.as_deref(), Some("Inoshikachou"));
        let written = serde_json::to_value(&outcome).expect("written");
        assert_eq!(written["next_dealer"], "A");
        assert_eq!(written["players"][0]["items"][0]["term"], "Inoshikachou");
        assert!(written.get("next_oya").is_none() && written["players"][0]["items"][0].get("label_ja").is_none());
    }

    #[test]
    fn option_value_reads_and_writes_a_dotted_path() {
        let mut options = serde_json::json!({"limits": {"coppie": 300}, "name": "x"});
        assert_eq!(option_value(&options, "limits.coppie"), Some(300));
        assert_eq!(option_value(&options, "limits.purezza"), None);
        assert_eq!(option_value(&options, "name"), None);
        set_option_value(&mut options, "limits.purezza", 550);
        set_option_value(&mut options, "closing_doubles.colore", 2);
        assert_eq!(option_value(&options, "limits.purezza"), Some(550));
        assert_eq!(option_value(&options, "limits.coppie"), Some(300), "siblings kept");
        assert_eq!(option_value(&options, "closing_doubles.colore"), Some(2), "objects created on the way");
    }
}
