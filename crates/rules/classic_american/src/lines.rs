//! The lines of a classic American hand's explanation, each labelled by a text id of the ruleset's locale files.

use stecca_seam::message::Message;
use stecca_seam::rules::Item;
use stecca_seam::tiles::{Bonus, Meld, MeldKind, Tile};

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

    /// The limit's name.
    pub fn name(self) -> Message {
        match self {
            Limit::HiddenTreasure => crate::msg!("classic_american.limit.hidden_treasure"),
            Limit::AllHonours => crate::msg!("classic_american.limit.all_honours"),
            Limit::AllTerminals => crate::msg!("classic_american.limit.all_terminals"),
            Limit::AllGreen => crate::msg!("classic_american.limit.all_green"),
            Limit::ThreeGreatSages => crate::msg!("classic_american.limit.three_great_sages"),
            Limit::FourGreatBlessings => crate::msg!("classic_american.limit.four_great_blessings"),
            Limit::AllKongs => crate::msg!("classic_american.limit.all_kongs"),
            Limit::NineGates => crate::msg!("classic_american.limit.nine_gates"),
            Limit::ThirteenOrphans => crate::msg!("classic_american.limit.thirteen_orphans"),
            Limit::HeavenlyHand => crate::msg!("classic_american.limit.heavenly_hand"),
            Limit::EarthlyHand => crate::msg!("classic_american.limit.earthly_hand"),
            Limit::MoonFromTheBottomOfTheSea => crate::msg!("classic_american.limit.moon_from_the_bottom_of_the_sea"),
            Limit::PlumBlossomOnTheRoof => crate::msg!("classic_american.limit.plum_blossom_on_the_roof"),
            Limit::ScratchingACarryingPole => crate::msg!("classic_american.limit.scratching_a_carrying_pole"),
            Limit::KongUponKong => crate::msg!("classic_american.limit.kong_upon_kong"),
            Limit::DivineTwins => crate::msg!("classic_american.limit.divine_twins"),
            Limit::SevenTwins => crate::msg!("classic_american.limit.seven_twins"),
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
    /// The line's label.
    pub fn label(self) -> Message {
        let pair =
            |t: Tile, whose: Message| crate::msg!("classic_american.line.pair", t = t).arg_message("whose", whose);
        match self {
            Line::Bonus(b) => match b {
                Bonus::Flower(_) => crate::msg!("classic_american.line.flower_b", b = b),
                Bonus::Season(_) => crate::msg!("classic_american.line.season_b", b = b),
            },
            Line::Set(meld) => set_label(meld),
            Line::DragonPair(t) => pair(t, crate::msg!("classic_american.line.dragons")),
            Line::OwnWindPair(t) => pair(t, crate::msg!("classic_american.line.own_wind")),
            Line::PrevailingWindPair(t) => pair(t, crate::msg!("classic_american.line.prevailing_wind")),
            Line::MahJong => crate::msg!("classic_american.line.mah_jong"),
            Line::Drawn => crate::msg!("classic_american.line.winning_tile_drawn_from_wall"),
            Line::OnlyPossibleTile => crate::msg!("classic_american.line.only_possible_tile"),
            Line::DragonSet(t) => double(crate::msg!("classic_american.line.pung_of_dragons_t", t = t)),
            Line::OwnWindSet(t) => double(crate::msg!("classic_american.line.pung_of_own_wind_t", t = t)),
            Line::PrevailingWindSet(t) => double(crate::msg!("classic_american.line.pung_of_prevailing_wind_t", t = t)),
            Line::OwnFlower(b) => double(crate::msg!("classic_american.line.own_flower_b", b = b)),
            Line::OwnSeason(b) => double(crate::msg!("classic_american.line.own_season_b", b = b)),
            Line::BouquetOfFlowers => double(crate::msg!("classic_american.line.bouquet_of_all_four_flowers")),
            Line::BouquetOfSeasons => double(crate::msg!("classic_american.line.bouquet_of_all_four_seasons")),
            Line::LastWallTile => bonus(crate::msg!("classic_american.line.last_tile_of_wall")),
            Line::LastDiscard => bonus(crate::msg!("classic_american.line.last_discard")),
            Line::KongReplacement => bonus(crate::msg!("classic_american.line.replacement_tile_after_kong")),
            Line::RobbingKong => bonus(crate::msg!("classic_american.line.robbing_kong")),
            Line::AllChows => bonus(crate::msg!("classic_american.line.all_chows_pair_scoring_nothing")),
            Line::NoChows => bonus(crate::msg!("classic_american.line.all_pungs_no_chow")),
            Line::OneSuitAndHonours => bonus(crate::msg!("classic_american.line.one_suit_plus_honours")),
            Line::TerminalsAndHonours => bonus(crate::msg!("classic_american.line.terminals_plus_honours_only")),
            Line::OneSuit => bonus(crate::msg!("classic_american.line.one_suit_no_honours")),
            Line::TerminalsOnly => bonus(crate::msg!("classic_american.line.terminals_only")),
            Line::HonoursOnly => bonus(crate::msg!("classic_american.line.honours_only")),
            Line::ThreeLittleSages => bonus(crate::msg!("classic_american.line.three_little_sages")),
            Line::FourLittleBlessings => bonus(crate::msg!("classic_american.line.four_little_blessings")),
            Line::DelayedCall => bonus(crate::msg!("classic_american.line.delayed_call")),
            Line::Limit(limit) => crate::msg!("classic_american.line.limit").arg_message("limit", limit.name()),
            Line::DeadHand(dead) => crate::msg!("classic_american.line.dead_hand").arg_message("kind", dead.word()),
        }
    }

    /// The line as an explanation item.
    pub fn item(self, amount: Amount) -> Item {
        let mut item =
            Item { term: None, label: self.label(), points: None, doubles: None, limit: None, quantity: None };
        match amount {
            Amount::Points(p) => item.points = Some(u64::from(p)),
            Amount::Doubles(d) => item.doubles = Some(d),
            Amount::Limit(v) => item.limit = Some(v),
        }
        item
    }
}

fn double(what: Message) -> Message {
    crate::msg!("classic_american.line.double").arg_message("what", what)
}

fn bonus(what: Message) -> Message {
    crate::msg!("classic_american.line.bonus").arg_message("what", what)
}

fn set_label(meld: Meld) -> Message {
    let head = meld.tile.is_head();
    let key = match (meld.kind == MeldKind::Kong, meld.concealed, head) {
        (false, true, true) => crate::text_id!("classic_american.line.set.concealed_pung_head"),
        (false, true, false) => crate::text_id!("classic_american.line.set.concealed_pung_simple"),
        (false, false, true) => crate::text_id!("classic_american.line.set.exposed_pung_head"),
        (false, false, false) => crate::text_id!("classic_american.line.set.exposed_pung_simple"),
        (true, true, true) => crate::text_id!("classic_american.line.set.concealed_kong_head"),
        (true, true, false) => crate::text_id!("classic_american.line.set.concealed_kong_simple"),
        (true, false, true) => crate::text_id!("classic_american.line.set.exposed_kong_head"),
        (true, false, false) => crate::text_id!("classic_american.line.set.exposed_kong_simple"),
    };
    Message::new(key).arg("set", Meld { concealed: true, ..meld })
}
