//! The outcome as `stecca score` prints it for scripts: the stored form (a text id and its arguments for every
//! line and warning) with each text written out in Italian and English instead (`label_it`, `label_en`; `it`,
//! `en`), so that a script needs no locale files to show a breakdown, and the field order of the stored form.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use serde_json::value::{RawValue, to_raw_value};

use crate::i18n::Lang;
use crate::message::Message;
use crate::rules::{
    Figures, Item, MancheOutcome, OffTablePenalty, PaymentOutcome, PlayerOutcome, PotPayment, Quantity, Warning,
};
use crate::tiles::Wind;

/// A scored manche, its texts written out.
#[derive(Serialize)]
pub struct Printed<'a> {
    rules: &'a str,
    void: bool,
    players: Each<'a, PlayerOutcome>,
    payments: &'a [PaymentOutcome],
    /// Deposits on the table (positive) and collections from it (negative), where the ruleset has a pot.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pot: &'a [PotPayment],
    net: InOrder<'a>,
    /// Points off players' tournament results, scored with the hand.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    penalties: &'a [OffTablePenalty],
    #[serde(skip_serializing_if = "Option::is_none")]
    next_dealer: Option<&'a str>,
    #[serde(skip_serializing_if = "Each::is_empty")]
    warnings: Each<'a, Warning>,
    /// What the next manche starts from, for rulesets whose session carries a game from hand to hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<serde_json::Value>,
}

impl Printed<'_> {
    /// The same, with what the next manche starts from.
    pub fn with_next(mut self, next: Option<serde_json::Value>) -> Self {
        self.next = next;
        self
    }
}

/// The nets as a map in the players' order (a map type would sort them by name).
struct InOrder<'a>(&'a [(String, i64)]);

impl Serialize for InOrder<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, amount)| (name, amount)))
    }
}

#[derive(Serialize)]
struct PrintedPlayer<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<Wind>,
    mahjong: bool,
    score: i64,
    /// The ruleset's own figures, where the stored form keeps them.
    #[serde(flatten)]
    figures: &'a Figures,
    arrangement: &'a str,
    items: Each<'a, Item>,
}

/// A list of the outcome written out an element at a time, as its printed form: no list of printed forms is
/// built for each manche and dropped again (a twentieth of a bulk run).
struct Each<'a, T>(&'a [T]);

impl<T> Each<'_, T> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Each<'_, PlayerOutcome> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(PrintedPlayer::from))
    }
}

impl Serialize for Each<'_, Item> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(PrintedItem::from))
    }
}

impl Serialize for Each<'_, Warning> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(PrintedWarning::from))
    }
}

struct PrintedItem<'a> {
    term: Option<&'a str>,
    label: Rc<Written>,
    points: Option<u64>,
    doubles: Option<u32>,
    limit: Option<u64>,
    /// A figure in the ruleset's own unit: its value, and the value in words in both languages.
    quantity: Option<PrintedQuantity>,
}

impl Serialize for PrintedItem<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Written by hand for the labels' two fields from one shared pair; the absent figures are left out.
        let mut item = serializer.serialize_struct("PrintedItem", 7)?;
        if let Some(term) = self.term {
            item.serialize_field("term", term)?;
        }
        item.serialize_field("label_it", &*self.label.it)?;
        item.serialize_field("label_en", &*self.label.en)?;
        if let Some(points) = self.points {
            item.serialize_field("points", &points)?;
        }
        if let Some(doubles) = self.doubles {
            item.serialize_field("doubles", &doubles)?;
        }
        if let Some(limit) = self.limit {
            item.serialize_field("limit", &limit)?;
        }
        if let Some(quantity) = &self.quantity {
            item.serialize_field("quantity", quantity)?;
        }
        item.end()
    }
}

struct PrintedQuantity {
    value: i64,
    words: Rc<Written>,
}

impl Serialize for PrintedQuantity {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut quantity = serializer.serialize_struct("PrintedQuantity", 3)?;
        quantity.serialize_field("value", &self.value)?;
        quantity.serialize_field("it", &*self.words.it)?;
        quantity.serialize_field("en", &*self.words.en)?;
        quantity.end()
    }
}

impl From<&Quantity> for PrintedQuantity {
    fn from(quantity: &Quantity) -> PrintedQuantity {
        PrintedQuantity { value: quantity.value, words: written(&quantity.message()) }
    }
}

struct PrintedWarning<'a> {
    player: Option<&'a str>,
    text: Rc<Written>,
}

impl Serialize for PrintedWarning<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut warning = serializer.serialize_struct("PrintedWarning", 3)?;
        if let Some(player) = self.player {
            warning.serialize_field("player", player)?;
        }
        warning.serialize_field("it", &*self.text.it)?;
        warning.serialize_field("en", &*self.text.en)?;
        warning.end()
    }
}

/// A text written out in Italian and in English, each as a JSON string already quoted and escaped: a file's
/// manches say the same few hundred things over and over, and escaping each again was 8 % of a FIMJ manche's
/// time in bulk. `RawValue` is serde_json's own way to write JSON text as it is.
struct Written {
    it: Box<RawValue>,
    en: Box<RawValue>,
}

/// Labels written on this thread, by message, and at most how many are kept. A file's manches say the same few
/// hundred things over and over (20,000 FIMJ manches: 172,898 lines, 192 labels; Mayumi: 1,588), and rendering
/// a text through Fluent costs much more than finding it again: it was the largest single cost of bulk scoring
/// (`docs/measurements.md`). A text written once stays right because every ruleset's texts are the desk's
/// before its first manche is scored (`ruleset_named` adds the shipped ones on the registry's first use, and a
/// plug-in brings its own when registered); past the bound the cache starts again, so memory stays bounded.
const WRITTEN_KEPT: usize = 8192;

thread_local! {
    static WRITTEN: RefCell<HashMap<Message, Rc<Written>, foldhash::fast::RandomState>> = RefCell::default();
}

fn written(message: &Message) -> Rc<Written> {
    WRITTEN.with(|cell| {
        let mut cache = cell.borrow_mut();
        if let Some(found) = cache.get(message) {
            return Rc::clone(found);
        }
        let json = |lang| {
            // A string always writes as JSON (the default, `null`, is never met).
            to_raw_value(&message.render(lang)).unwrap_or_default()
        };
        let made = Rc::new(Written { it: json(Lang::ITALIAN), en: json(Lang::ENGLISH) });
        if cache.len() >= WRITTEN_KEPT {
            cache.clear();
        }
        cache.insert(message.clone(), Rc::clone(&made));
        made
    })
}

/// The printed form as compact JSON written by hand: the same bytes as `serde_json::to_writer` writes from its
/// `Serialize` (a test holds them equal for manches of every ruleset), for `stecca score --jsonl`. Through serde each
/// field's name was escaped and written again for every item of every manche, and writing the answer was a fifth of
/// a bulk run. The texts and values are still written by serde_json, the numbers by its own integer writer (itoa).
impl Printed<'_> {
    /// Appends the printed form to `out`.
    pub fn write_compact(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        out.extend_from_slice(b"{\"rules\":");
        text(out, self.rules)?;
        out.extend_from_slice(if self.void { b",\"void\":true" } else { b",\"void\":false" });
        out.extend_from_slice(b",\"players\":[");
        for (i, player) in self.players.0.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_player(out, player)?;
        }
        out.extend_from_slice(b"],\"payments\":[");
        for (i, payment) in self.payments.iter().enumerate() {
            out.extend_from_slice(if i > 0 { b",{\"from\":" } else { b"{\"from\":" });
            text(out, &payment.from)?;
            out.extend_from_slice(b",\"to\":");
            text(out, &payment.to)?;
            out.extend_from_slice(b",\"amount\":");
            number(out, payment.amount);
            out.push(b'}');
        }
        out.push(b']');
        if !self.pot.is_empty() {
            out.extend_from_slice(b",\"pot\":");
            serde_json::to_writer(&mut *out, self.pot)?;
        }
        out.extend_from_slice(b",\"net\":{");
        for (i, (name, amount)) in self.net.0.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            text(out, name)?;
            out.push(b':');
            number(out, *amount);
        }
        out.push(b'}');
        if !self.penalties.is_empty() {
            out.extend_from_slice(b",\"penalties\":");
            serde_json::to_writer(&mut *out, self.penalties)?;
        }
        if let Some(dealer) = self.next_dealer {
            out.extend_from_slice(b",\"next_dealer\":");
            text(out, dealer)?;
        }
        if !self.warnings.is_empty() {
            out.extend_from_slice(b",\"warnings\":");
            serde_json::to_writer(&mut *out, &self.warnings)?;
        }
        if let Some(next) = &self.next {
            out.extend_from_slice(b",\"next\":");
            serde_json::to_writer(&mut *out, next)?;
        }
        out.push(b'}');
        Ok(())
    }
}

fn write_player(out: &mut Vec<u8>, player: &PlayerOutcome) -> serde_json::Result<()> {
    out.extend_from_slice(b"{\"name\":");
    text(out, &player.name)?;
    if let Some(seat) = player.seat {
        out.extend_from_slice(b",\"seat\":");
        serde_json::to_writer(&mut *out, &seat)?;
    }
    out.extend_from_slice(if player.mahjong {
        b",\"mahjong\":true,\"score\":"
    } else {
        b",\"mahjong\":false,\"score\":"
    });
    number(out, player.score);
    for (key, value) in player.figures.iter() {
        out.push(b',');
        text(out, key)?;
        out.push(b':');
        serde_json::to_writer(&mut *out, value)?;
    }
    out.extend_from_slice(b",\"arrangement\":");
    text(out, &player.arrangement)?;
    out.extend_from_slice(b",\"items\":[");
    for (i, item) in player.items.iter().enumerate() {
        out.extend_from_slice(if i > 0 { b",{" } else { b"{" });
        let PrintedItem { term, label, points, doubles, limit, quantity } = PrintedItem::from(item);
        if let Some(term) = term {
            out.extend_from_slice(b"\"term\":");
            text(out, term)?;
            out.push(b',');
        }
        out.extend_from_slice(b"\"label_it\":");
        out.extend_from_slice(label.it.get().as_bytes());
        out.extend_from_slice(b",\"label_en\":");
        out.extend_from_slice(label.en.get().as_bytes());
        if let Some(points) = points {
            out.extend_from_slice(b",\"points\":");
            number(out, points);
        }
        if let Some(doubles) = doubles {
            out.extend_from_slice(b",\"doubles\":");
            number(out, doubles);
        }
        if let Some(limit) = limit {
            out.extend_from_slice(b",\"limit\":");
            number(out, limit);
        }
        if let Some(PrintedQuantity { value, words }) = quantity {
            out.extend_from_slice(b",\"quantity\":{\"value\":");
            number(out, value);
            out.extend_from_slice(b",\"it\":");
            out.extend_from_slice(words.it.get().as_bytes());
            out.extend_from_slice(b",\"en\":");
            out.extend_from_slice(words.en.get().as_bytes());
            out.push(b'}');
        }
        out.push(b'}');
    }
    out.extend_from_slice(b"]}");
    Ok(())
}

/// A text as a JSON string, quoted and escaped by serde_json.
fn text(out: &mut Vec<u8>, value: &str) -> serde_json::Result<()> {
    serde_json::to_writer(out, value)
}

/// A number as serde_json writes it.
fn number(out: &mut Vec<u8>, value: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

impl<'a> From<&'a MancheOutcome> for Printed<'a> {
    fn from(outcome: &'a MancheOutcome) -> Printed<'a> {
        Printed {
            rules: &outcome.rules,
            void: outcome.void,
            players: Each(&outcome.players),
            payments: &outcome.payments,
            pot: &outcome.pot,
            net: InOrder(&outcome.net),
            penalties: &outcome.penalties,
            next_dealer: outcome.next_dealer.as_deref(),
            warnings: Each(&outcome.warnings),
            next: None,
        }
    }
}

impl<'a> From<&'a PlayerOutcome> for PrintedPlayer<'a> {
    fn from(player: &'a PlayerOutcome) -> PrintedPlayer<'a> {
        PrintedPlayer {
            name: &player.name,
            seat: player.seat,
            mahjong: player.mahjong,
            score: player.score,
            figures: &player.figures,
            arrangement: &player.arrangement,
            items: Each(&player.items),
        }
    }
}

impl<'a> From<&'a Item> for PrintedItem<'a> {
    fn from(item: &'a Item) -> PrintedItem<'a> {
        PrintedItem {
            term: item.term.as_deref(),
            label: written(&item.label),
            points: item.points,
            doubles: item.doubles,
            limit: item.limit,
            quantity: item.quantity.as_ref().map(PrintedQuantity::from),
        }
    }
}

impl<'a> From<&'a Warning> for PrintedWarning<'a> {
    fn from(warning: &'a Warning) -> PrintedWarning<'a> {
        PrintedWarning { player: warning.player.as_deref(), text: written(&warning.text) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CarryFrom, MancheFrame, Quantity, rulesets};
    use serde_json::json;

    fn by_hand(printed: &Printed<'_>) -> String {
        let mut out = Vec::new();
        printed.write_compact(&mut out).expect("written");
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn the_json_written_by_hand_is_serdes_for_manches_of_every_ruleset() {
        // Names that need escaping, and letters past ASCII.
        let names = ["Anna \"la rossa\"", "Bruno\\B", "Čarla\tC", "Dario ☃"];
        let mut scored = 0;
        for ruleset in rulesets() {
            let rules = ruleset.in_force(&json!({})).expect("the defaults");
            let frame = MancheFrame {
                names: names[..ruleset.table_size()].iter().map(|n| (*n).to_owned()).collect(),
                round_wind: ruleset.seat_model().has_winds().then_some(Wind::East),
                seat_winds: ruleset.seat_model().has_seat_winds(),
                carried: rules.carry(&CarryFrom::FIRST),
                ..MancheFrame::default()
            };
            for seed in 0..150 {
                let Ok(outcome) = rules.score(&rules.random_manche(seed, &frame)) else { continue };
                let next = (seed % 2 == 0).then(|| json!({ "dealer": names[0], "honba": seed }));
                let printed = Printed::from(&outcome).with_next(next);
                assert_eq!(
                    by_hand(&printed),
                    serde_json::to_string(&printed).expect("json"),
                    "{} #{seed}",
                    ruleset.id()
                );
                scored += 1;
            }
        }
        assert!(scored > 500, "most random manches score: {scored}");
    }

    #[test]
    fn the_json_written_by_hand_is_serdes_with_every_field_there_is() {
        let item = |term: Option<&str>, quantity: Option<Quantity>| Item {
            term: term.map(str::to_owned),
            label: Message::both("Voce «uno»", "Line \"one\""),
            points: Some(8),
            doubles: Some(2),
            limit: Some(500),
            quantity,
        };
        let outcome = MancheOutcome {
            rules: "a\"b".to_owned(),
            void: true,
            players: vec![PlayerOutcome {
                name: "Zoë".to_owned(),
                seat: Some(Wind::South),
                mahjong: true,
                score: -3,
                figures: Figures::none().with("han", 3).with("fu \"x\"", json!([1, "two"])),
                arrangement: "1m 2m 3m".to_owned(),
                items: vec![item(Some("Term"), Some(Quantity::new(2, "common.ordinal"))), item(None, None)],
                summary: Some(Message::both("s", "s")),
            }],
            payments: vec![PaymentOutcome { from: "A".to_owned(), to: "Zoë".to_owned(), amount: 7 }],
            pot: vec![PotPayment { player: "A".to_owned(), amount: -1000 }],
            net: vec![("Zoë".to_owned(), 7), ("A\\".to_owned(), -7)],
            penalties: vec![OffTablePenalty { player: "A".to_owned(), points: -20 }],
            next_dealer: Some("Zoë".to_owned()),
            warnings: vec![
                Warning { player: Some("A".to_owned()), text: Message::both("x", "y") },
                Warning { player: None, text: Message::both("x\n", "y") },
            ],
        };
        let printed = Printed::from(&outcome).with_next(Some(json!({ "dealer": "Zoë" })));
        assert_eq!(by_hand(&printed), serde_json::to_string(&printed).expect("json"));
    }
}
