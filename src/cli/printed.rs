//! The outcome as `stecca score` prints it for scripts: the stored form (a text id and its arguments for every
//! line and warning) with each text written out in Italian and English instead (`label_it`, `label_en`; `it`,
//! `en`), so that a script needs no locale files to show a breakdown, and the field order of the stored form.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde::{Serialize, Serializer};

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
    players: Vec<PrintedPlayer<'a>>,
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
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<PrintedWarning<'a>>,
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
    items: Vec<PrintedItem<'a>>,
}

#[derive(Serialize)]
struct PrintedItem<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    term: Option<&'a str>,
    #[serde(serialize_with = "shared_str")]
    label_it: Rc<str>,
    #[serde(serialize_with = "shared_str")]
    label_en: Rc<str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    doubles: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u64>,
    /// A figure in the ruleset's own unit: its value, and the value in words in both languages.
    #[serde(skip_serializing_if = "Option::is_none")]
    quantity: Option<PrintedQuantity>,
}

#[derive(Serialize)]
struct PrintedQuantity {
    value: i64,
    #[serde(serialize_with = "shared_str")]
    it: Rc<str>,
    #[serde(serialize_with = "shared_str")]
    en: Rc<str>,
}

impl From<&Quantity> for PrintedQuantity {
    fn from(quantity: &Quantity) -> PrintedQuantity {
        let (it, en) = written(&quantity.message());
        PrintedQuantity { value: quantity.value, it, en }
    }
}

#[derive(Serialize)]
struct PrintedWarning<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<&'a str>,
    #[serde(serialize_with = "shared_str")]
    it: Rc<str>,
    #[serde(serialize_with = "shared_str")]
    en: Rc<str>,
}

/// Writes a shared text as a string (serde's own `Rc` support is a feature that would rebuild every crate).
fn shared_str<S: Serializer>(text: &Rc<str>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(text)
}

/// A text written out in Italian and in English, shared by every line that says the same.
type Written = (Rc<str>, Rc<str>);

/// Labels written on this thread, by message, and at most how many are kept. A file's manches say the same few
/// hundred things over and over (20,000 FIMJ manches: 172,898 lines, 192 labels; Mayumi: 1,588), and rendering
/// a text through Fluent costs much more than finding it again: it was the largest single cost of bulk scoring
/// (`docs/measurements.md`). A text written once stays right because every ruleset's texts are the desk's
/// before its first manche is scored (`ruleset_named` adds the shipped ones on the registry's first use, and a
/// plug-in brings its own when registered); past the bound the cache starts again, so memory stays bounded.
const WRITTEN_KEPT: usize = 8192;

thread_local! {
    static WRITTEN: RefCell<HashMap<Message, Written, foldhash::fast::RandomState>> = RefCell::default();
}

fn written(message: &Message) -> Written {
    WRITTEN.with(|cell| {
        let mut cache = cell.borrow_mut();
        if let Some(found) = cache.get(message) {
            return found.clone();
        }
        let made: Written = (Rc::from(message.render(Lang::ITALIAN)), Rc::from(message.render(Lang::ENGLISH)));
        if cache.len() >= WRITTEN_KEPT {
            cache.clear();
        }
        cache.insert(message.clone(), made.clone());
        made
    })
}

impl<'a> From<&'a MancheOutcome> for Printed<'a> {
    fn from(outcome: &'a MancheOutcome) -> Printed<'a> {
        Printed {
            rules: &outcome.rules,
            void: outcome.void,
            players: outcome.players.iter().map(PrintedPlayer::from).collect(),
            payments: &outcome.payments,
            pot: &outcome.pot,
            net: InOrder(&outcome.net),
            penalties: &outcome.penalties,
            next_dealer: outcome.next_dealer.as_deref(),
            warnings: outcome.warnings.iter().map(PrintedWarning::from).collect(),
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
            items: player.items.iter().map(PrintedItem::from).collect(),
        }
    }
}

impl<'a> From<&'a Item> for PrintedItem<'a> {
    fn from(item: &'a Item) -> PrintedItem<'a> {
        let (label_it, label_en) = written(&item.label);
        PrintedItem {
            term: item.term.as_deref(),
            label_it,
            label_en,
            points: item.points,
            doubles: item.doubles,
            limit: item.limit,
            quantity: item.quantity.as_ref().map(PrintedQuantity::from),
        }
    }
}

impl<'a> From<&'a Warning> for PrintedWarning<'a> {
    fn from(warning: &'a Warning) -> PrintedWarning<'a> {
        let (it, en) = written(&warning.text);
        PrintedWarning { player: warning.player.as_deref(), it, en }
    }
}
