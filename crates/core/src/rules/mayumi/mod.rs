//! Mayumi-no Hanafuda — `shared/rules/mayumi.md`: two or three players capture cards; each player's total is
//! its card values plus its yaku; each non-oya settles with the oya; the highest total deals next. Card
//! values and yaku are data (`assets/mayumi.json`), overridable per tournament through the options.

mod manche;
mod random;
pub mod score;
pub mod table;

pub use manche::{Hand, MAX_PLAYERS, MIN_PLAYERS, read};
pub use table::{DEFAULT_TABLE, MayumiOptions, ScoringTable};

use crate::rules::problems::Problems;
use crate::rules::{
    EntryModel, MancheError, MancheFrame, MancheInput, MancheOutcome, PaymentOutcome, PlayerOutcome, Rotation,
    SeatModel, TunableValue, TypedRuleset, Warning,
};

/// The Hanafuda ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mayumi;

/// The ruleset's id.
pub const ID: &str = "mayumi";

/// The scored hand: totals and their lines, the settlement with the oya (nothing when *tegarasu sanjuu* is
/// declared), the next oya, and a warning for a declaration above the threshold.
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
            it: format!("{name} ha dichiarato tegarasu sanjuu con {ken} ken (oltre {limit}): registrata comunque"),
            en: format!("{name} declared tegarasu sanjuu with {ken} ken (above {limit}): recorded anyway"),
        });
    }
    let players = hand
        .names
        .iter()
        .zip(totals)
        .zip(&hand.captured)
        .enumerate()
        .map(|(seat, ((name, total), cards))| {
            let mut sorted = cards.clone();
            sorted.sort();
            PlayerOutcome {
                name: name.clone(),
                seat: None,
                mahjong: winner == Some(seat),
                score: i64::try_from(total.ken).unwrap_or(i64::MAX),
                stick_points: 0,
                doubles: 0,
                limit: None,
                arrangement: sorted.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
                items: total.items,
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
        net: hand.names.iter().cloned().zip(net).collect(),
        next_oya: Some(hand.names[next].clone()),
        warnings,
    }
}

impl TypedRuleset for Mayumi {
    type Options = MayumiOptions;
    type Manche = Hand;

    fn id(&self) -> &'static str {
        ID
    }

    fn name(&self) -> &'static str {
        "Mayumi-no Hanafuda"
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
    fn rotation(&self, _options: &MayumiOptions, outcome: &MancheOutcome) -> Rotation {
        let next = outcome.next_oya.as_ref().and_then(|name| outcome.players.iter().position(|p| &p.name == name));
        match (outcome.void, next) {
            (false, Some(seat)) => Rotation::To(seat),
            _ => Rotation::Stay,
        }
    }

    fn deal_always_passes(&self, _options: &MayumiOptions) -> bool {
        false
    }

    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }

    /// A club gives only what it changes: its values are laid over the shipped table, card by card.
    fn read_options(&self, json: &serde_json::Value) -> Result<MayumiOptions, String> {
        MayumiOptions::read(json)
    }

    fn check_options(&self, options: &MayumiOptions) -> Result<(), String> {
        options.table().map(|_| ())
    }

    fn read_manche(&self, input: &MancheInput) -> Result<Hand, Problems> {
        read(input)
    }

    fn score(&self, hand: &Hand, options: &MayumiOptions) -> Result<MancheOutcome, Problems> {
        let table = options.table().map_err(MancheError::options)?;
        Ok(outcome(hand, &table))
    }

    fn tunable_values(&self) -> &'static [TunableValue] {
        &TUNABLE_VALUES
    }

    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &MayumiOptions) -> MancheInput {
        random::random_manche(seed, frame, options)
    }
}

/// What a referee enters: each player's captured cards, and who declared *tegarasu sanjuu*.
static ENTRY: EntryModel = EntryModel {
    tile_hand: false,
    win_flags: &[],
    dead_hands: &[],
    winning_tile: false,
    max_winners: 0,
    void_label: ("Tegarasu sanjuu", "Tegarasu sanjuu"),
    points_and_doubles: false,
    card_value: false,
    discarder: false,
    captured_cards: true,
};

const fn tunable(
    path: &'static str,
    group: (&'static str, &'static str),
    label: (&'static str, &'static str),
) -> TunableValue {
    TunableValue { path, group_it: group.0, group_en: group.1, label_it: label.0, label_en: label.1 }
}

const CARDS: (&str, &str) = ("Valori delle carte (ken)", "Card values (ken)");
const YAKU: (&str, &str) = ("Yaku (ken; 0 = non si gioca)", "Yaku (ken; 0 = not played)");

static TUNABLE_VALUES: [TunableValue; 24] = [
    tunable(
        "tegarasu_sanjuu",
        ("Tegarasu sanjuu", "Tegarasu sanjuu"),
        ("Soglia per dichiararlo", "Threshold to declare it"),
    ),
    tunable("values.light", CARDS, ("Luci (hikari)", "Lights (hikari)")),
    tunable("values.animal", CARDS, ("Animali (tane)", "Animals (tane)")),
    tunable("values.ribbon", CARDS, ("Nastri (tan)", "Ribbons (tan)")),
    tunable("values.chaff", CARDS, ("Kasu", "Chaff (kasu)")),
    tunable("cards.2A", CARDS, ("2A usignolo", "2A bush warbler")),
    tunable("cards.12C1", CARDS, ("12C1 kasu giallo di Kiri", "12C1 yellow Kiri chaff")),
    tunable("complete_family.bonus", CARDS, ("Famiglia completa: un kasu vale", "Complete family: one chaff is worth")),
    tunable("yaku.matsu_kiri_bozu.ken", YAKU, ("Matsu-kiri-bôzu", "Matsu-kiri-bôzu")),
    tunable("yaku.oozan.ken", YAKU, ("Oozan", "Oozan")),
    tunable("yaku.kozan.ken", YAKU, ("Kozan", "Kozan")),
    tunable("yaku.akatan.ken", YAKU, ("Akatan", "Akatan")),
    tunable("yaku.aotan.ken", YAKU, ("Aotan", "Aotan")),
    tunable("yaku.ino_shika_cho.ken", YAKU, ("Ino-shika-chô", "Ino-shika-chô")),
    tunable("yaku.teppo.ken", YAKU, ("Teppo", "Teppo")),
    tunable("yaku.nizoro.ken", YAKU, ("Nizoro", "Nizoro")),
    tunable("yaku.hanami_ippai.ken", YAKU, ("Hanami ippai", "Hanami ippai")),
    tunable("yaku.tsukimi_ippai.ken", YAKU, ("Tsukimi ippai", "Tsukimi ippai")),
    tunable("yaku.nana_tan.ken", YAKU, ("Nana tan", "Nana tan")),
    tunable("yaku.nana_tan.count", YAKU, ("Nana tan: nastri", "Nana tan: ribbons")),
    tunable("yaku.hatchi_tan.ken", YAKU, ("Hatchi tan", "Hatchi tan")),
    tunable("yaku.hatchi_tan.count", YAKU, ("Hatchi tan: nastri", "Hatchi tan: ribbons")),
    tunable("yaku.kyuu_tan.ken", YAKU, ("Kyuu tan", "Kyuu tan")),
    tunable("yaku.kyuu_tan.count", YAKU, ("Kyuu tan: nastri", "Kyuu tan: ribbons")),
];

#[cfg(test)]
mod tests;
