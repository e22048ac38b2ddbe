//! The lines of a FIMJ hand's explanation, each labelled by a text id of the ruleset's locale files. Rules
//! vocabulary stays Italian in every language where referees use it (tris, poker, raddoppio, massimo).

use stecca_seam::message::Message;
use stecca_seam::rules::Item;
use stecca_seam::tiles::{Bonus, Meld, MeldKind, Tile};

use super::Limit;

/// What a line adds to the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    /// Stick points.
    Points(u32),
    /// Doubles.
    Doubles(u32),
    /// A limit's fixed value.
    Limit(u32),
}

/// Family variants of "equal chows".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EqualChows {
    /// Three chows of the same numbers, any suits.
    Three,
    /// Four, any suits.
    Four,
    /// Three identical chows in one suit.
    ThreeOneSuit,
    /// Four identical chows in one suit.
    FourOneSuit,
}

/// Family variants of the snake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Snake {
    /// 123-456-789, any suits.
    Plain,
    /// 123-456-789 in one suit.
    OneSuit,
    /// 123-345-567-789, any suits.
    Chained,
    /// 123-345-567-789 in one suit.
    ChainedOneSuit,
}

/// One reason for points, doubles or a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The flower of the player's seat wind.
    OwnFlower(Bonus),
    /// The season of the player's seat wind.
    OwnSeason(Bonus),
    /// Pair of dragons.
    DragonPair(Tile),
    /// Pair of the seat wind.
    OwnWindPair(Tile),
    /// Pair of the round wind.
    RoundWindPair(Tile),
    /// A pung or kong.
    Set(Meld),
    /// Going Mah Jong.
    MahJong,
    /// Double for the own flower.
    OwnFlowerDouble,
    /// Double for the own season.
    OwnSeasonDouble,
    /// All four flowers.
    Bouquet,
    /// All four seasons.
    RoseOfSeasons,
    /// Pung/kong of the seat wind.
    OwnWindSet(Tile),
    /// Pung/kong of the round wind.
    RoundWindSet(Tile),
    /// Pung/kong of a dragon.
    DragonSet(Tile),
    /// Three pungs/kongs of head tiles.
    ThreeHeadSets,
    /// Four pungs/kongs of head tiles.
    FourHeadSets,
    /// Pungs of one number in the three suits.
    EqualPungs,
    /// Three concealed pungs.
    ThreeConcealedPungs,
    /// Four concealed pungs.
    FourConcealedPungs,
    /// Equal chows.
    EqualChows(EqualChows),
    /// Snakes.
    Snake(Snake),
    /// No chows (closing).
    WooPung,
    /// One suit plus dragons / own wind (closing).
    Colore,
    /// Robbing a kong (closing).
    RobbingKong,
    /// Last discard (closing).
    LastDiscard,
    /// Last wall tile (closing).
    LastWallTile,
    /// A limit hand.
    Limit(Limit),
}

impl Line {
    /// The line's label.
    pub fn label(self) -> Message {
        match self {
            Line::OwnFlower(b) => crate::msg!("fimj.line.own_flower_b", b = b),
            Line::OwnSeason(b) => crate::msg!("fimj.line.own_season_b", b = b),
            Line::DragonPair(t) => crate::msg!("fimj.line.pair_of_dragons_t_t", t = t),
            Line::OwnWindPair(t) => {
                crate::msg!("fimj.line.pair_of_own_wind_t_t", t = t)
            }
            Line::RoundWindPair(t) => {
                crate::msg!("fimj.line.pair_of_round_wind_t_t", t = t)
            }
            Line::Set(meld) => set_label(meld),
            Line::MahJong => crate::msg!("fimj.line.mah_jong_going_out"),
            Line::OwnFlowerDouble => double(crate::msg!("fimj.line.own_flower")),
            Line::OwnSeasonDouble => double(crate::msg!("fimj.line.own_season")),
            Line::Bouquet => double(crate::msg!("fimj.line.all_four_flowers")),
            Line::RoseOfSeasons => double(crate::msg!("fimj.line.all_four_seasons")),
            Line::OwnWindSet(t) => double(crate::msg!("fimj.line.pung_of_own_wind_t", t = t)),
            Line::RoundWindSet(t) => double(crate::msg!("fimj.line.pung_of_round_wind_t", t = t)),
            Line::DragonSet(t) => double(crate::msg!("fimj.line.pung_of_dragons_t_t_t", t = t)),
            Line::ThreeHeadSets => double(crate::msg!("fimj.line.three_head_pungs")),
            Line::FourHeadSets => double(crate::msg!("fimj.line.four_head_pungs")),
            Line::EqualPungs => double(crate::msg!("fimj.line.three_equal_pungs")),
            Line::ThreeConcealedPungs => double(crate::msg!("fimj.line.three_concealed_pungs")),
            Line::FourConcealedPungs => double(crate::msg!("fimj.line.four_concealed_pungs")),
            Line::EqualChows(kind) => match kind {
                EqualChows::Three => double(crate::msg!("fimj.line.three_equal_chows")),
                EqualChows::Four => double(crate::msg!("fimj.line.four_equal_chows")),
                EqualChows::ThreeOneSuit => double(crate::msg!("fimj.line.three_equal_chows_in_one_suit")),
                EqualChows::FourOneSuit => double(crate::msg!("fimj.line.four_equal_chows_in_one_suit")),
            },
            Line::Snake(kind) => match kind {
                Snake::Plain => double(crate::msg!("fimj.line.snake")),
                Snake::OneSuit => double(crate::msg!("fimj.line.snake_in_one_suit")),
                Snake::Chained => double(crate::msg!("fimj.line.chained_snake")),
                Snake::ChainedOneSuit => double(crate::msg!("fimj.line.chained_snake_in_one_suit")),
            },
            Line::WooPung => closing(crate::msg!("fimj.line.woo_pung_no_chows")),
            Line::Colore => closing(crate::msg!("fimj.line.colore_one_suit_with_dragons_own")),
            Line::RobbingKong => closing(crate::msg!("fimj.line.robbing_kong")),
            Line::LastDiscard => closing(crate::msg!("fimj.line.last_discard")),
            Line::LastWallTile => closing(crate::msg!("fimj.line.last_tile_of_wall")),
            Line::Limit(limit) => crate::msg!("fimj.line.limit").arg_message("limit", limit.name()),
        }
    }

    /// The line as an explanation item.
    pub fn item(self, amount: Amount) -> Item {
        let mut item =
            Item { term: None, label: self.label(), points: None, doubles: None, limit: None, quantity: None };
        match amount {
            Amount::Points(p) => item.points = Some(u64::from(p)),
            Amount::Doubles(d) => item.doubles = Some(d),
            Amount::Limit(v) => item.limit = Some(u64::from(v)),
        }
        item
    }
}

fn double(what: Message) -> Message {
    crate::msg!("fimj.line.double").arg_message("what", what)
}

fn closing(what: Message) -> Message {
    crate::msg!("fimj.line.closing").arg_message("what", what)
}

fn set_label(meld: Meld) -> Message {
    let head = meld.tile.is_head();
    let key = match (meld.kind == MeldKind::Kong, meld.concealed, head) {
        (false, true, true) => crate::text_id!("fimj.line.set.concealed_pung_head"),
        (false, true, false) => crate::text_id!("fimj.line.set.concealed_pung_simple"),
        (false, false, true) => crate::text_id!("fimj.line.set.exposed_pung_head"),
        (false, false, false) => crate::text_id!("fimj.line.set.exposed_pung_simple"),
        (true, true, true) => crate::text_id!("fimj.line.set.concealed_kong_head"),
        (true, true, false) => crate::text_id!("fimj.line.set.concealed_kong_simple"),
        (true, false, true) => crate::text_id!("fimj.line.set.exposed_kong_head"),
        (true, false, false) => crate::text_id!("fimj.line.set.exposed_kong_simple"),
    };
    Message::new(key).arg("set", Meld { concealed: true, ..meld })
}

#[cfg(test)]
mod tests {
    use super::*;
    use stecca_seam::tiles::{Dragon, Wind};

    #[test]
    fn set_labels_say_state_and_head() {
        crate::texts::install();
        let meld = Meld { kind: MeldKind::Pung, tile: Tile::dragon(Dragon::Red), concealed: true };
        assert_eq!(Line::Set(meld).label().render(stecca_seam::i18n::Lang::ITALIAN), "Tris coperto di testa (RRR)");
        assert_eq!(
            Line::Set(meld).label().render(stecca_seam::i18n::Lang::ENGLISH),
            "Concealed pung of head tiles (RRR)"
        );
        let exposed_kong = Meld { kind: MeldKind::Kong, tile: Wind::South.tile(), concealed: false };
        assert_eq!(
            Line::Set(exposed_kong).label().render(stecca_seam::i18n::Lang::ITALIAN),
            "Poker scoperto di testa (SSSS)"
        );
    }

    #[test]
    fn item_carries_exactly_one_amount() {
        crate::texts::install();
        let item = Line::DragonSet(Tile::dragon(Dragon::Red)).item(Amount::Doubles(1));
        assert_eq!(item.label.render(stecca_seam::i18n::Lang::ITALIAN), "Raddoppio: tris di draghi (RRR)");
        assert_eq!((item.points, item.doubles, item.limit), (None, Some(1), None));
    }
}
