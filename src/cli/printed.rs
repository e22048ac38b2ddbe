//! The outcome as `stecca score` prints it for scripts: the stored form (a text id and its arguments for every
//! line and warning) with each text written out in Italian and English instead (`label_it`, `label_en`; `it`,
//! `en`), so that a script needs no locale files to show a breakdown, and the field order of the stored form.

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
    label_it: String,
    label_en: String,
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
    it: String,
    en: String,
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
    it: String,
    en: String,
}

fn written(message: &Message) -> (String, String) {
    (message.render(Lang::ITALIAN), message.render(Lang::ENGLISH))
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
