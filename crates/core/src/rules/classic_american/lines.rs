//! The lines of a classic American hand's explanation, with Italian and English labels.

use crate::rules::Item;
use crate::tiles::{Bonus, Meld, MeldKind, Tile};

use super::flags::Dead;

/// What a line adds to the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    /// Base points.
    Points(u32),
    /// Doubles.
    Doubles(u32),
    /// A limit hand's value.
    Limit(u64),
}

/// The limit hands (and the half limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Four concealed pungs/kongs and a pair, all drawn.
    HiddenTreasure,
    /// Honours only.
    AllHonours,
    /// Terminals only.
    AllTerminals,
    /// 2, 3, 4, 6, 8 bamboo and green dragons only.
    AllGreen,
    /// Pungs of all three dragons.
    ThreeGreatSages,
    /// Pungs of all four winds.
    FourGreatBlessings,
    /// Four kongs.
    AllKongs,
    /// 1-1-1, 2–8, 9-9-9 of one suit plus one more tile of it.
    NineGates,
    /// One of each terminal and honour, one of them twice.
    ThirteenOrphans,
    /// East with the dealt tiles.
    HeavenlyHand,
    /// On East's first discard.
    EarthlyHand,
    /// The last wall tile, and it is 1 dots.
    MoonFromTheBottomOfTheSea,
    /// A kong's replacement tile, and it is 5 dots.
    PlumBlossomOnTheRoof,
    /// Robbing a kong of 2 bamboo.
    ScratchingACarryingPole,
    /// The replacement tile of a second consecutive kong.
    KongUponKong,
    /// Seven distinct pairs of honours, or of one suit.
    DivineTwins,
    /// Seven distinct pairs of one suit and honours: half the limit.
    SevenTwins,
}

impl Limit {
    /// Stable id (output `limit`).
    pub fn id(self) -> &'static str {
        match self {
            Limit::HiddenTreasure => "hidden_treasure",
            Limit::AllHonours => "all_honours",
            Limit::AllTerminals => "all_terminals",
            Limit::AllGreen => "all_green",
            Limit::ThreeGreatSages => "three_great_sages",
            Limit::FourGreatBlessings => "four_great_blessings",
            Limit::AllKongs => "all_kongs",
            Limit::NineGates => "nine_gates",
            Limit::ThirteenOrphans => "thirteen_orphans",
            Limit::HeavenlyHand => "heavenly_hand",
            Limit::EarthlyHand => "earthly_hand",
            Limit::MoonFromTheBottomOfTheSea => "moon_from_the_bottom_of_the_sea",
            Limit::PlumBlossomOnTheRoof => "plum_blossom_on_the_roof",
            Limit::ScratchingACarryingPole => "scratching_a_carrying_pole",
            Limit::KongUponKong => "kong_upon_kong",
            Limit::DivineTwins => "divine_twins",
            Limit::SevenTwins => "seven_twins",
        }
    }

    /// Italian and English names.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Limit::HiddenTreasure => ("tesoro nascosto", "hidden treasure"),
            Limit::AllHonours => ("tutti onori", "all honours"),
            Limit::AllTerminals => ("tutti terminali", "all terminals"),
            Limit::AllGreen => ("tutto verde", "all green"),
            Limit::ThreeGreatSages => ("tre grandi saggi", "three great sages"),
            Limit::FourGreatBlessings => ("quattro grandi benedizioni", "four great blessings"),
            Limit::AllKongs => ("tutti poker", "all kongs"),
            Limit::NineGates => ("nove porte", "nine gates"),
            Limit::ThirteenOrphans => ("tredici orfani", "thirteen orphans"),
            Limit::HeavenlyHand => ("mano celeste", "heavenly hand"),
            Limit::EarthlyHand => ("mano terrena", "earthly hand"),
            Limit::MoonFromTheBottomOfTheSea => ("luna dal fondo del mare", "moon from the bottom of the sea"),
            Limit::PlumBlossomOnTheRoof => ("fiore di pruno sul tetto", "plum blossom on the roof"),
            Limit::ScratchingACarryingPole => ("grattare il bilanciere", "scratching a carrying pole"),
            Limit::KongUponKong => ("poker su poker", "kong upon kong"),
            Limit::DivineTwins => ("gemelli divini", "divine twins"),
            Limit::SevenTwins => ("sette gemelli (mezzo massimo)", "seven twins (half limit)"),
        }
    }
}

/// One reason for points, doubles or a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A flower or season.
    Bonus(Bonus),
    /// A pung or kong.
    Set(Meld),
    /// Pair of dragons.
    DragonPair(Tile),
    /// Pair of own wind.
    OwnWindPair(Tile),
    /// Pair of the prevailing wind (TACOLFMJ).
    PrevailingWindPair(Tile),
    /// Going Mah Jong.
    MahJong,
    /// The winning tile drawn from the wall.
    Drawn,
    /// The only possible tile.
    OnlyPossibleTile,
    /// Pung/kong of dragons.
    DragonSet(Tile),
    /// Pung/kong of own wind.
    OwnWindSet(Tile),
    /// Pung/kong of the prevailing wind (TACOLFMJ).
    PrevailingWindSet(Tile),
    /// Own flower.
    OwnFlower(Bonus),
    /// Own season.
    OwnSeason(Bonus),
    /// All four flowers (3 doubles beyond the own flower's).
    BouquetOfFlowers,
    /// All four seasons.
    BouquetOfSeasons,
    /// Last tile of the wall.
    LastWallTile,
    /// Last discard.
    LastDiscard,
    /// Replacement tile after a kong.
    KongReplacement,
    /// Robbing a kong.
    RobbingKong,
    /// All chows and a pair that scores nothing.
    AllChows,
    /// All pungs/kongs, no chow.
    NoChows,
    /// One suit plus honours.
    OneSuitAndHonours,
    /// Terminals plus honours only.
    TerminalsAndHonours,
    /// One suit, no honours.
    OneSuit,
    /// Terminals only (a non-winner in cleared and one-double games).
    TerminalsOnly,
    /// Honours only (a non-winner in cleared and one-double games).
    HonoursOnly,
    /// Two dragon pungs and a pair of the third.
    ThreeLittleSages,
    /// Three wind pungs and a pair of the fourth.
    FourLittleBlessings,
    /// Ready declared after East's first discard.
    DelayedCall,
    /// A limit hand.
    Limit(Limit),
    /// A dead hand that scores nothing.
    DeadHand(Dead),
}

impl Line {
    /// Italian and English labels.
    pub fn labels(self) -> (String, String) {
        let pair = |t: Tile, it: &str, en: &str| (format!("Coppia {it} ({t}{t})"), format!("Pair of {en} ({t}{t})"));
        match self {
            Line::Bonus(b) => match b {
                Bonus::Flower(_) => (format!("Fiore ({b})"), format!("Flower ({b})")),
                Bonus::Season(_) => (format!("Stagione ({b})"), format!("Season ({b})")),
            },
            Line::Set(meld) => set_labels(meld),
            Line::DragonPair(t) => pair(t, "di draghi", "dragons"),
            Line::OwnWindPair(t) => pair(t, "del proprio vento", "own wind"),
            Line::PrevailingWindPair(t) => pair(t, "del vento dominante", "prevailing wind"),
            Line::MahJong => ("Mah Jong".into(), "Mah Jong".into()),
            Line::Drawn => ("Tessera vincente pescata dal muro".into(), "Winning tile drawn from the wall".into()),
            Line::OnlyPossibleTile => ("Unica tessera possibile".into(), "Only possible tile".into()),
            Line::DragonSet(t) => double(&format!("tris di draghi ({t})"), &format!("pung of dragons ({t})")),
            Line::OwnWindSet(t) => double(&format!("tris del proprio vento ({t})"), &format!("pung of own wind ({t})")),
            Line::PrevailingWindSet(t) => {
                double(&format!("tris del vento dominante ({t})"), &format!("pung of the prevailing wind ({t})"))
            }
            Line::OwnFlower(b) => double(&format!("proprio fiore ({b})"), &format!("own flower ({b})")),
            Line::OwnSeason(b) => double(&format!("propria stagione ({b})"), &format!("own season ({b})")),
            Line::BouquetOfFlowers => double("mazzo di quattro fiori", "bouquet of all four flowers"),
            Line::BouquetOfSeasons => double("mazzo di quattro stagioni", "bouquet of all four seasons"),
            Line::LastWallTile => bonus("ultima tessera del muro", "last tile of the wall"),
            Line::LastDiscard => bonus("ultimo scarto", "last discard"),
            Line::KongReplacement => bonus("tessera di rimpiazzo dopo un poker", "replacement tile after a kong"),
            Line::RobbingKong => bonus("strappare un poker", "robbing a kong"),
            Line::AllChows => bonus("mano povera (tutte scale, coppia senza punti)", "all chows, pair scoring nothing"),
            Line::NoChows => bonus("nessuna scala", "all pungs, no chow"),
            Line::OneSuitAndHonours => bonus("un seme e onori", "one suit plus honours"),
            Line::TerminalsAndHonours => bonus("solo terminali e onori", "terminals plus honours only"),
            Line::OneSuit => bonus("un solo seme, senza onori", "one suit, no honours"),
            Line::TerminalsOnly => bonus("solo terminali", "terminals only"),
            Line::HonoursOnly => bonus("solo onori", "honours only"),
            Line::ThreeLittleSages => bonus("tre piccoli saggi", "three little sages"),
            Line::FourLittleBlessings => bonus("quattro piccole benedizioni", "four little blessings"),
            Line::DelayedCall => bonus("dichiarazione ritardata", "delayed call"),
            Line::Limit(limit) => {
                let (it, en) = limit.names();
                (format!("Massimo: {it}"), format!("Limit: {en}"))
            }
            Line::DeadHand(dead) => {
                let (it, en) = dead.words();
                (format!("Mano morta ({it}): non segna"), format!("Dead hand ({en}): scores nothing"))
            }
        }
    }

    /// The line as an explanation item.
    pub fn item(self, amount: Amount) -> Item {
        let (label_it, label_en) = self.labels();
        let mut item = Item { label_ja: None, label_it, label_en, points: None, doubles: None, limit: None };
        match amount {
            Amount::Points(p) => item.points = Some(u64::from(p)),
            Amount::Doubles(d) => item.doubles = Some(d),
            Amount::Limit(v) => item.limit = Some(v),
        }
        item
    }
}

fn double(it: &str, en: &str) -> (String, String) {
    (format!("Raddoppio: {it}"), format!("Double: {en}"))
}

fn bonus(it: &str, en: &str) -> (String, String) {
    (format!("Premio: {it}"), format!("Bonus: {en}"))
}

fn set_labels(meld: Meld) -> (String, String) {
    let kong = meld.kind == MeldKind::Kong;
    let it_kind = if kong { "Poker" } else { "Tris" };
    let en_kind = if kong { "kong" } else { "pung" };
    let (it_state, en_state) = if meld.concealed { ("coperto", "Concealed") } else { ("scoperto", "Exposed") };
    let (it_head, en_head) =
        if meld.tile.is_head() { (" di terminali o onori", " of terminals/honours") } else { ("", " of simples") };
    let body = Meld { concealed: true, ..meld };
    (format!("{it_kind} {it_state}{it_head} ({body})"), format!("{en_state} {en_kind}{en_head} ({body})"))
}
