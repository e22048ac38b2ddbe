//! The lines of a FIMJ hand's explanation, with Italian and English labels. Rules vocabulary stays Italian in
//! both languages where referees use it (tris, poker, raddoppio, massimo).

use crate::rules::Item;
use crate::tiles::{Bonus, Meld, MeldKind, Tile};

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
    /// Italian and English labels.
    pub fn labels(self) -> (String, String) {
        let (it, en): (String, String) = match self {
            Line::OwnFlower(b) => (format!("Proprio fiore ({b})"), format!("Own flower ({b})")),
            Line::OwnSeason(b) => (format!("Propria stagione ({b})"), format!("Own season ({b})")),
            Line::DragonPair(t) => (format!("Coppia di draghi ({t}{t})"), format!("Pair of dragons ({t}{t})")),
            Line::OwnWindPair(t) => {
                (format!("Coppia del proprio vento ({t}{t})"), format!("Pair of own wind ({t}{t})"))
            }
            Line::RoundWindPair(t) => {
                (format!("Coppia del vento di giro ({t}{t})"), format!("Pair of round wind ({t}{t})"))
            }
            Line::Set(meld) => set_labels(meld),
            Line::MahJong => ("Mah Jong (chiusura)".into(), "Mah Jong (going out)".into()),
            Line::OwnFlowerDouble => double("proprio fiore", "own flower"),
            Line::OwnSeasonDouble => double("propria stagione", "own season"),
            Line::Bouquet => double("tutti e quattro i fiori", "all four flowers"),
            Line::RoseOfSeasons => double("tutte e quattro le stagioni", "all four seasons"),
            Line::OwnWindSet(t) => double(&format!("tris del proprio vento ({t})"), &format!("pung of own wind ({t})")),
            Line::RoundWindSet(t) => {
                double(&format!("tris del vento di giro ({t})"), &format!("pung of round wind ({t})"))
            }
            Line::DragonSet(t) => {
                double(&format!("tris di draghi ({t}{t}{t})"), &format!("pung of dragons ({t}{t}{t})"))
            }
            Line::ThreeHeadSets => double("tre tris di testa", "three head pungs"),
            Line::FourHeadSets => double("quattro tris di testa", "four head pungs"),
            Line::EqualPungs => double("tre tris uguali", "three equal pungs"),
            Line::ThreeConcealedPungs => double("tre tris nascosti", "three concealed pungs"),
            Line::FourConcealedPungs => double("quattro tris nascosti", "four concealed pungs"),
            Line::EqualChows(kind) => match kind {
                EqualChows::Three => double("tre scale uguali", "three equal chows"),
                EqualChows::Four => double("quattro scale uguali", "four equal chows"),
                EqualChows::ThreeOneSuit => {
                    double("tre scale uguali dello stesso seme", "three equal chows in one suit")
                }
                EqualChows::FourOneSuit => {
                    double("quattro scale uguali dello stesso seme", "four equal chows in one suit")
                }
            },
            Line::Snake(kind) => match kind {
                Snake::Plain => double("serpente", "snake"),
                Snake::OneSuit => double("serpente di colore", "snake in one suit"),
                Snake::Chained => double("serpente incatenato", "chained snake"),
                Snake::ChainedOneSuit => double("serpente incatenato di colore", "chained snake in one suit"),
            },
            Line::WooPung => closing("Woo-Pung", "Woo-Pung (no chows)"),
            Line::Colore => closing("Colore", "Colore (one suit with dragons/own wind)"),
            Line::RobbingKong => closing("strappare un poker", "robbing a kong"),
            Line::LastDiscard => closing("pesce dal fondo del fiume", "last discard"),
            Line::LastWallTile => closing("luna in fondo al pozzo", "last tile of the wall"),
            Line::Limit(limit) => (format!("Massimo: {}", limit.name_it()), format!("Limit: {}", limit.name_en())),
        };
        (it, en)
    }

    /// The line as an explanation item.
    pub fn item(self, amount: Amount) -> Item {
        let (label_it, label_en) = self.labels();
        let mut item = Item { label_ja: None, label_it, label_en, points: None, doubles: None, limit: None };
        match amount {
            Amount::Points(p) => item.points = Some(u64::from(p)),
            Amount::Doubles(d) => item.doubles = Some(d),
            Amount::Limit(v) => item.limit = Some(u64::from(v)),
        }
        item
    }
}

fn double(it: &str, en: &str) -> (String, String) {
    (format!("Raddoppio: {it}"), format!("Double: {en}"))
}

fn closing(it: &str, en: &str) -> (String, String) {
    (format!("Raddoppio di chiusura: {it}"), format!("Closing double: {en}"))
}

fn set_labels(meld: Meld) -> (String, String) {
    let kong = meld.kind == MeldKind::Kong;
    let it_kind = if kong { "Poker" } else { "Tris" };
    let en_kind = if kong { "kong" } else { "pung" };
    let (it_state, en_state) = if meld.concealed { ("coperto", "Concealed") } else { ("scoperto", "Exposed") };
    let (it_head, en_head) = if meld.tile.is_head() { (" di testa", " of head tiles") } else { ("", " of simples") };
    let body = Meld { concealed: true, ..meld };
    (format!("{it_kind} {it_state}{it_head} ({body})"), format!("{en_state} {en_kind}{en_head} ({body})"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{Dragon, Wind};

    #[test]
    fn set_labels_say_state_and_head() {
        let meld = Meld { kind: MeldKind::Pung, tile: Tile::dragon(Dragon::Red), concealed: true };
        assert_eq!(Line::Set(meld).labels().0, "Tris coperto di testa (RRR)");
        assert_eq!(Line::Set(meld).labels().1, "Concealed pung of head tiles (RRR)");
        let exposed_kong = Meld { kind: MeldKind::Kong, tile: Wind::South.tile(), concealed: false };
        assert_eq!(Line::Set(exposed_kong).labels().0, "Poker scoperto di testa (SSSS)");
    }

    #[test]
    fn item_carries_exactly_one_amount() {
        let item = Line::DragonSet(Tile::dragon(Dragon::Red)).item(Amount::Doubles(1));
        assert_eq!(item.label_it, "Raddoppio: tris di draghi (RRR)");
        assert_eq!((item.points, item.doubles, item.limit), (None, Some(1), None));
    }
}
