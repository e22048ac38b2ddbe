//! Mayumi-no Hanafuda — `shared/rules/mayumi.md`: two or three players capture cards; each player's total is
//! its card values plus its yaku; each non-oya settles with the oya; the highest total deals next. Card
//! values and yaku are data (`mayumi.json` in this folder), overridable per tournament through the options.

#![warn(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

mod deck;
pub mod hanafuda;
mod manche;
mod random;
pub mod score;
pub mod table;

pub use manche::{
    CAPTURED, CAPTURED_NOTHING, Hand, MAX_PLAYERS, MIN_PLAYERS, OYA, TEGARASU_SANJUU, fewest_captured, read,
};
pub use table::{CheckedOptions, DEFAULT_TABLE, MayumiOptions, ScoringTable};

use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::{
    Applies, EntryModel, Field, FieldKind, Figures, Locales, MancheFrame, MancheInput, MancheOutcome, PaymentOutcome,
    PlayerOutcome, Rotation, SeatModel, TunableValue, TypedRuleset, Warning,
};

/// The Hanafuda ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mayumi;

/// The ruleset's id.
pub const ID: &str = "mayumi";

/// The scored hand: totals and their lines, the settlement with the oya (nothing when *tegarasu sanjuu* is
/// declared), the next oya, and warnings: a declaration above the threshold, fewer cards captured than a
/// finished hand has.
pub fn outcome(hand: &Hand, table: &ScoringTable) -> MancheOutcome {
    let totals: Vec<score::Total> = hand.captured.iter().map(|cards| score::total(cards, table)).collect();
    let kens: Vec<u64> = totals.iter().map(|t| t.ken).collect();
    let drawn = hand.declarer.is_some();
    let (payments, net) = if drawn { (Vec::new(), vec![0; hand.names.len()]) } else { score::settle(&kens, hand.oya) };
    let winner = if drawn { None } else { score::winner(&kens) };
    let next = winner.unwrap_or(hand.oya);
    let mut warnings = Vec::new();
    if let Some(declarer) = hand.declarer
        && kens[declarer] > table.threshold
    {
        let (name, ken, limit) = (&hand.names[declarer], kens[declarer], table.threshold);
        warnings.push(Warning {
            player: Some(name.clone()),
            text: crate::msg!("mayumi.warning.declared_above_threshold", name = name, ken = ken, limit = limit),
        });
    }
    let captured: usize = hand.captured.iter().map(Vec::len).sum();
    let fewest = fewest_captured(hand.names.len());
    if !drawn && captured < fewest {
        warnings.push(Warning {
            player: None,
            text: crate::msg!(
                "mayumi.warning.few_cards",
                count = captured,
                players = hand.names.len(),
                fewest = fewest
            ),
        });
    }
    let players = hand
        .names
        .iter()
        .zip(totals)
        .zip(&hand.captured)
        .enumerate()
        .map(|(seat, ((name, total), cards))| {
            // The cards in the deck's order, which is their sorted order, from their set.
            let sorted = cards.iter().collect::<hanafuda::Cards>().places().map(hanafuda::Card::at);
            PlayerOutcome {
                name: name.clone(),
                seat: None,
                mahjong: winner == Some(seat),
                score: i64::try_from(total.ken).unwrap_or(i64::MAX),
                figures: Figures::none(),
                arrangement: hanafuda::codes(sorted),
                items: total.items,
                summary: None,
            }
        })
        .collect();
    MancheOutcome {
        rules: ID.to_owned(),
        void: drawn,
        players,
        payments: payments
            .iter()
            .map(|p| PaymentOutcome {
                from: hand.names[p.from].clone(),
                to: hand.names[p.to].clone(),
                amount: p.amount,
            })
            .collect(),
        pot: Vec::new(),
        net: hand.names.iter().cloned().zip(net).collect(),
        penalties: Vec::new(),
        next_dealer: Some(hand.names[next].clone()),
        warnings,
    }
}

impl TypedRuleset for Mayumi {
    type Options = CheckedOptions;
    type Manche = Hand;

    fn id(&self) -> &'static str {
        ID
    }

    fn name_id(&self) -> &'static str {
        crate::text_id!("mayumi.name")
    }
    fn locales(&self) -> Locales {
        // The cards' words were the seam's notation texts (`notation.card.*`) until the deck moved here: stored
        // outcomes name them so.
        Locales { files: crate::texts::FILES, renamed: &[("notation.card.", "mayumi.card.")] }
    }

    fn table_size(&self) -> usize {
        MAX_PLAYERS
    }

    fn min_table_size(&self) -> usize {
        MIN_PLAYERS
    }

    fn seat_model(&self) -> SeatModel {
        SeatModel::Dealer
    }

    /// The highest total deals next (the oya again after a tie); a *tegarasu sanjuu* is replayed by the same
    /// oya and does not count towards the session.
    fn rotation(&self, _options: &CheckedOptions, outcome: &MancheOutcome) -> Rotation {
        let next = outcome.next_dealer.as_ref().and_then(|name| outcome.players.iter().position(|p| &p.name == name));
        match (outcome.void, next) {
            (false, Some(seat)) => Rotation::To(seat),
            _ => Rotation::Stay,
        }
    }

    fn deal_always_passes(&self, _options: &CheckedOptions) -> bool {
        false
    }

    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }

    /// A club gives only what it changes: its values are laid over the shipped table, card by card; the table
    /// is built (and so checked) once, here.
    fn read_options(&self, json: &serde_json::Value) -> Result<CheckedOptions, stecca_seam::message::Message> {
        CheckedOptions::new(MayumiOptions::read(json)?)
    }

    fn check_options(&self, _options: &CheckedOptions) -> Result<(), stecca_seam::message::Message> {
        Ok(())
    }

    fn read_manche(&self, input: &MancheInput) -> Result<Hand, Problems> {
        read(input)
    }

    fn score(&self, hand: &Hand, options: &CheckedOptions) -> Result<MancheOutcome, Problems> {
        Ok(outcome(hand, options.table()))
    }

    fn tunable_values(&self) -> &'static [TunableValue] {
        &TUNABLE_VALUES
    }

    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &CheckedOptions) -> MancheInput {
        random::random_manche(seed, frame, options.options())
    }
}

/// What a referee enters: each player's captured cards, who declared *tegarasu sanjuu*, and the tick of a
/// player who captured nothing (an empty field without it is refused as a hand not typed yet). The tick comes
/// after *tegarasu sanjuu* so that Tab from the cards still reaches the declaration first.
static ENTRY: EntryModel = EntryModel {
    hand: Some(Field {
        key: "captured",
        kind: FieldKind::Cards(&deck::DECK),
        label: crate::text_id!("mayumi.field.captured"),
        applies: Applies::Everyone,
        hint: "1L 1R 8L 8A 9A 12C1",
    }),
    mahjong: None,
    win_flags: &[],
    fields: &[
        Field {
            key: TEGARASU_SANJUU,
            kind: FieldKind::PickPlayer,
            label: crate::text_id!("mayumi.field.tegarasu_sanjuu"),
            applies: Applies::Everyone,
            hint: "",
        },
        Field {
            key: CAPTURED_NOTHING,
            kind: FieldKind::Flag,
            label: crate::text_id!("mayumi.field.captured_nothing"),
            applies: Applies::Everyone,
            hint: "",
        },
    ],
    void_label: crate::text_id!("mayumi.void"),
    points_and_doubles: false,
    dealer_flag: Some("oya"),
    book: None,
    sheet_facts: &[],
    carried: &[],
};

const fn tunable(path: &'static str, group: &'static str, label: &'static str) -> TunableValue {
    TunableValue { path, group, label }
}

const CARDS: &str = crate::text_id!("mayumi.group.cards");
const YAKU: &str = crate::text_id!("mayumi.group.yaku");

static TUNABLE_VALUES: [TunableValue; 24] = [
    tunable(
        "tegarasu_sanjuu",
        crate::text_id!("mayumi.group.tegarasu_sanjuu"),
        crate::text_id!("mayumi.tunable.tegarasu_sanjuu"),
    ),
    tunable("values.light", CARDS, crate::text_id!("mayumi.tunable.values.light")),
    tunable("values.animal", CARDS, crate::text_id!("mayumi.tunable.values.animal")),
    tunable("values.ribbon", CARDS, crate::text_id!("mayumi.tunable.values.ribbon")),
    tunable("values.chaff", CARDS, crate::text_id!("mayumi.tunable.values.chaff")),
    tunable("cards.2A", CARDS, crate::text_id!("mayumi.tunable.cards.2a")),
    tunable("cards.12C1", CARDS, crate::text_id!("mayumi.tunable.cards.12c1")),
    tunable("complete_family.bonus", CARDS, crate::text_id!("mayumi.tunable.complete_family.bonus")),
    tunable("yaku.matsu_kiri_bozu.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.matsu_kiri_bozu.ken")),
    tunable("yaku.oozan.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.oozan.ken")),
    tunable("yaku.kozan.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.kozan.ken")),
    tunable("yaku.akatan.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.akatan.ken")),
    tunable("yaku.aotan.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.aotan.ken")),
    tunable("yaku.ino_shika_cho.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.ino_shika_cho.ken")),
    tunable("yaku.teppo.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.teppo.ken")),
    tunable("yaku.nizoro.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.nizoro.ken")),
    tunable("yaku.hanami_ippai.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.hanami_ippai.ken")),
    tunable("yaku.tsukimi_ippai.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.tsukimi_ippai.ken")),
    tunable("yaku.nana_tan.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.nana_tan.ken")),
    tunable("yaku.nana_tan.count", YAKU, crate::text_id!("mayumi.tunable.yaku.nana_tan.count")),
    tunable("yaku.hatchi_tan.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.hatchi_tan.ken")),
    tunable("yaku.hatchi_tan.count", YAKU, crate::text_id!("mayumi.tunable.yaku.hatchi_tan.count")),
    tunable("yaku.kyuu_tan.ken", YAKU, crate::text_id!("mayumi.tunable.yaku.kyuu_tan.ken")),
    tunable("yaku.kyuu_tan.count", YAKU, crate::text_id!("mayumi.tunable.yaku.kyuu_tan.count")),
];

#[cfg(test)]
mod tests;
