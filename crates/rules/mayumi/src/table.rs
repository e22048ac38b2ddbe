//! The club's scoring table — what each card is worth, the complete-family bonus, the yaku — as data: the
//! default is `mayumi.json` beside this file (the digest's figures); a tournament's options override any part of it
//! (a value, a yaku's ken, a new yaku), and a yaku worth 0 ken is off.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::hanafuda::{Card, Cards, DECK_SIZE, Kind, parse_card};
use stecca_seam::message::{Explain, Message};
use stecca_seam::rules::option_errors;

/// The default table and options, as shipped.
pub const DEFAULT_TABLE: &str = include_str!("mayumi.json");

/// The shipped table as JSON, parsed once: every manche's options are read over it, and parsing the text for each
/// one was most of a Hanafuda manche's time (issue "Speed, round two").
fn default_value() -> Result<&'static serde_json::Value, Message> {
    static PARSED: std::sync::OnceLock<Result<serde_json::Value, String>> = std::sync::OnceLock::new();
    PARSED
        .get_or_init(|| serde_json::from_str(DEFAULT_TABLE).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| option_errors::unreadable("mayumi.json", e))
}

/// Largest figure accepted anywhere in the table (more is a typing mistake).
pub const MAX_KEN: u64 = 100_000;

/// What a card of each kind is worth unless [`MayumiOptions::cards`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindValues {
    /// Hikari.
    pub light: u64,
    /// Tane.
    pub animal: u64,
    /// Tan.
    pub ribbon: u64,
    /// Kasu.
    pub chaff: u64,
}

/// The complete-family rule: all four cards of a month make one of its chaff cards worth the bonus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompleteFamily {
    /// What the chaff card is worth instead (the digest: 50).
    pub bonus: u64,
    /// Months without the bonus (the digest: 11, Yanagi).
    pub except_months: Vec<u8>,
}

/// One yaku: a set of cards (`cards`), or any `count` cards of a kind (`any`); in a `group`, only the highest
/// yaku made counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Yaku {
    /// Its Japanese name.
    pub ja: String,
    /// What it is, in Italian.
    pub it: String,
    /// What it is, in English.
    pub en: String,
    /// The cards it needs, by code.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    /// The kind it counts (`R`), for yaku of any `count` cards of a kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub any: Option<String>,
    /// How many cards of the kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Yaku of one group count only the highest made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// What it is worth (0: not played).
    pub ken: u64,
}

/// Every option: starting points, the *tegarasu sanjuu* threshold and the scoring table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MayumiOptions {
    /// Ken each player starts with (0: standings show the sum of the hands).
    pub starting_points: i64,
    /// A declaration of *tegarasu sanjuu* by a player with more ken than this is recorded with a warning.
    pub tegarasu_sanjuu: u64,
    /// Card values by kind.
    pub values: KindValues,
    /// Cards worth something else than their kind (`2A`: 50, `12C1`: 10).
    pub cards: BTreeMap<String, u64>,
    /// The complete-family bonus.
    pub complete_family: CompleteFamily,
    /// The yaku, by id.
    pub yaku: BTreeMap<String, Yaku>,
}

/// How a yaku is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Needs {
    /// All these cards (a set: every player of every manche is asked whether it holds them).
    Cards(Cards),
    /// At least this many cards of the kind.
    Count(Kind, usize),
}

/// A yaku read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedYaku {
    /// Its id.
    pub id: String,
    /// Its name in Japanese.
    pub ja: String,
    /// Its name in Italian and English, made once and given to each manche's line.
    name: Arc<Message>,
    /// How it is made.
    pub needs: Needs,
    /// Its group, if any.
    pub group: Option<String>,
    /// Its value.
    pub ken: u64,
}

impl CheckedYaku {
    /// What it is: the scoring table's own words, Italian and English (data a club may change, not texts of
    /// the program).
    pub fn name(&self) -> Arc<Message> {
        Arc::clone(&self.name)
    }
}

/// The table ready for scoring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoringTable {
    /// Each card's value, by [`Card::index`].
    pub card_values: Vec<u64>,
    /// The complete-family bonus.
    pub bonus: u64,
    /// Whether each month (index 0 = month 1) has the bonus.
    pub bonus_months: [bool; 12],
    /// The yaku that are played (worth more than 0), in id order.
    pub yaku: Vec<CheckedYaku>,
    /// The *tegarasu sanjuu* threshold.
    pub threshold: u64,
}

/// The options read and their table built from them, once: what the ruleset keeps for a tournament (and for a
/// bulk run), so that scoring a manche builds no table. Building it for the check and the score of every manche
/// was a fifth of a Hanafuda manche's time (issue "Speed, round two"). Written and read as the options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "MayumiOptions", into = "MayumiOptions")]
pub struct CheckedOptions {
    options: MayumiOptions,
    table: ScoringTable,
}

impl CheckedOptions {
    /// The options with their table, or what is wrong with them (see [`MayumiOptions::table`]).
    pub fn new(options: MayumiOptions) -> Result<CheckedOptions, Message> {
        let table = options.table()?;
        Ok(CheckedOptions { options, table })
    }

    /// The options as given.
    pub fn options(&self) -> &MayumiOptions {
        &self.options
    }

    /// The table ready for scoring.
    pub fn table(&self) -> &ScoringTable {
        &self.table
    }
}

impl TryFrom<MayumiOptions> for CheckedOptions {
    type Error = Message;

    fn try_from(options: MayumiOptions) -> Result<CheckedOptions, Message> {
        CheckedOptions::new(options)
    }
}

impl From<CheckedOptions> for MayumiOptions {
    fn from(checked: CheckedOptions) -> MayumiOptions {
        checked.options
    }
}

impl Default for CheckedOptions {
    fn default() -> Self {
        let options = MayumiOptions::default();
        // The defaults always make a table (the shipped file is checked by a test, and its stand-in is valid);
        // were that ever wrong, a table where nothing is worth anything keeps the desk running.
        let table = options.table().unwrap_or_else(|_| ScoringTable {
            card_values: vec![0; DECK_SIZE],
            bonus: 0,
            bonus_months: [false; 12],
            yaku: Vec::new(),
            threshold: 0,
        });
        CheckedOptions { options, table }
    }
}

impl Default for MayumiOptions {
    fn default() -> Self {
        // The shipped file is checked by a test (`the_shipped_file_is_the_digest_table`); were it ever broken,
        // the card values below keep the desk running (without yaku) instead of panicking.
        default_value().ok().and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_else(|| MayumiOptions {
            starting_points: 0,
            tegarasu_sanjuu: 30,
            values: KindValues { light: 50, animal: 10, ribbon: 10, chaff: 0 },
            cards: BTreeMap::new(),
            complete_family: CompleteFamily { bonus: 50, except_months: vec![11] },
            yaku: BTreeMap::new(),
        })
    }
}

impl MayumiOptions {
    /// Reads an `options` object over the shipped table (`null` and `{}` are the defaults): a club may give
    /// only what it changes.
    pub fn from_json(value: &serde_json::Value) -> Result<MayumiOptions, Message> {
        let options = MayumiOptions::read(value)?;
        options.table()?;
        Ok(options)
    }

    /// The shipped table overlaid with `value`, not yet checked.
    pub(crate) fn read(value: &serde_json::Value) -> Result<MayumiOptions, Message> {
        let mut base = default_value()?.clone();
        if !value.is_null() {
            if !value.is_object() {
                return Err(option_errors::not_an_object());
            }
            stecca_seam::rules::overlay(&mut base, value);
        }
        stecca_seam::rules::options_from_json(&base)
    }

    /// The table ready for scoring, or what is wrong with it (naming the option's path).
    pub fn table(&self) -> Result<ScoringTable, Message> {
        if self.starting_points < 0 {
            return Err(option_errors::not_negative("options.starting_points", self.starting_points));
        }
        let too_big = |path: &str, value: u64| {
            (value > MAX_KEN).then(|| option_errors::at_most(&format!("options.{path}"), MAX_KEN, value))
        };
        let v = self.values;
        for (path, value) in [
            ("tegarasu_sanjuu", self.tegarasu_sanjuu),
            ("values.light", v.light),
            ("values.animal", v.animal),
            ("values.ribbon", v.ribbon),
            ("values.chaff", v.chaff),
            ("complete_family.bonus", self.complete_family.bonus),
        ] {
            if let Some(error) = too_big(path, value) {
                return Err(error);
            }
        }
        let mut card_values: Vec<u64> = Card::deck()
            .iter()
            .map(|card| match card.kind {
                Kind::Light => v.light,
                Kind::Animal => v.animal,
                Kind::Ribbon => v.ribbon,
                Kind::Chaff => v.chaff,
            })
            .collect();
        for (code, &value) in &self.cards {
            let card = parse_card(code)
                .map_err(|e| msg!("manche.option.card", path = "options.cards").arg_message("why", e.message()))?;
            if let Some(error) = too_big(&format!("cards.{code}"), value) {
                return Err(error);
            }
            card_values[card.index()] = value;
        }
        let mut bonus_months = [true; 12];
        for &month in &self.complete_family.except_months {
            let Some(slot) = bonus_months.get_mut(usize::from(month).wrapping_sub(1)) else {
                return Err(msg!("mayumi.option_error.no_month", month = month));
            };
            *slot = false;
        }
        let mut yaku = Vec::new();
        for (id, y) in &self.yaku {
            let path = format!("options.yaku.{id}");
            if let Some(error) = too_big(&format!("yaku.{id}.ken"), y.ken) {
                return Err(error);
            }
            let needs = match (y.cards.is_empty(), &y.any, y.count) {
                (false, None, None) => {
                    let mut cards = Cards::default();
                    for code in &y.cards {
                        let card = parse_card(code).map_err(|e| {
                            msg!("manche.option.card", path = format!("{path}.cards")).arg_message("why", e.message())
                        })?;
                        if cards.holds(card) {
                            return Err(msg!("mayumi.option_error.twice", path = path, card = card));
                        }
                        cards.add(card);
                    }
                    Needs::Cards(cards)
                }
                (true, Some(kind), Some(count)) => {
                    let kind = match kind.as_str() {
                        "L" => Kind::Light,
                        "A" => Kind::Animal,
                        "R" => Kind::Ribbon,
                        "C" => Kind::Chaff,
                        other => return Err(msg!("mayumi.option_error.kind", path = path, kind = other)),
                    };
                    let most = Card::deck().iter().filter(|c| c.kind == kind).count();
                    let count = usize::try_from(count).unwrap_or(usize::MAX);
                    if !(1..=most).contains(&count) {
                        return Err(msg!("mayumi.option_error.count", path = path, most = most));
                    }
                    Needs::Count(kind, count)
                }
                _ => return Err(msg!("mayumi.option_error.cards_or_any", path = path)),
            };
            if y.ken > 0 {
                yaku.push(CheckedYaku {
                    id: id.clone(),
                    ja: y.ja.clone(),
                    name: Arc::new(Message::both(&y.it, &y.en)),
                    needs,
                    group: y.group.clone(),
                    ken: y.ken,
                });
            }
        }
        debug_assert_eq!(card_values.len(), DECK_SIZE);
        Ok(ScoringTable {
            card_values,
            bonus: self.complete_family.bonus,
            bonus_months,
            yaku,
            threshold: self.tegarasu_sanjuu,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_shipped_file_is_the_digest_table() {
        let shipped: MayumiOptions = serde_json::from_str(DEFAULT_TABLE).expect("mayumi.json parses");
        let table = shipped.table().expect("and checks");
        assert_eq!(table.yaku.len(), 13);
        assert_eq!(table.threshold, 30);
        assert_eq!(table.bonus, 50);
        assert!(!table.bonus_months[10] && table.bonus_months[11]);
        assert_eq!(MayumiOptions::from_json(&json!({})), Ok(shipped.clone()));
        assert_eq!(MayumiOptions::from_json(&serde_json::Value::Null), Ok(shipped));
    }

    #[test]
    fn a_club_overrides_part_of_the_table() {
        let options = MayumiOptions::from_json(&json!({
            "values": {"ribbon": 20},
            "yaku": {"akatan": {"ken": 0}, "shiten": {"ja": "Shiten", "it": "quattro luci", "en": "four lights",
                                          "any": "L", "count": 4, "ken": 600}}
        }))
        .expect("valid");
        let table = options.table().expect("checks");
        assert_eq!(table.card_values[Card { month: 4, kind: Kind::Ribbon, number: 0 }.index()], 20);
        assert!(table.yaku.iter().all(|y| y.id != "akatan"), "a yaku of 0 ken is off");
        assert!(table.yaku.iter().any(|y| y.id == "shiten" && y.needs == Needs::Count(Kind::Light, 4)));
        assert_eq!(options.values.light, 50, "what is not given stays");
    }

    #[test]
    fn a_bad_table_names_the_option() {
        crate::texts::install();
        for (options, path) in [
            (json!({"cards": {"13L": 10}}), "options.cards: 13L: there is no month 13"),
            (json!({"yaku": {"akatan": {"cards": ["4R", "4X"]}}}), "options.yaku.akatan.cards: 4X"),
            (json!({"yaku": {"x": {"ja": "x", "it": "x", "en": "x", "ken": 1}}}), "options.yaku.x: give either"),
            (json!({"yaku": {"nana_tan": {"count": 11}}}), "options.yaku.nana_tan.count"),
            (json!({"complete_family": {"except_months": [13]}}), "there is no month 13"),
            (json!({"values": {"light": 1_000_000}}), "options.values.light: at most"),
            (json!({"values": {"gold": 1}}), "options.values"),
            (json!({"starting_points": -5}), "options.starting_points"),
            (json!([1]), "options: not an object"),
        ] {
            let error = MayumiOptions::from_json(&options).expect_err("refused");
            assert!(error.render(stecca_seam::i18n::Lang::ENGLISH).contains(path), "{options}: {error}");
        }
    }
}
