//! The 48 Hanafuda cards and their codes (`shared/rules/notation.md`): a month `1`…`12` and a kind — `L`
//! light, `A` animal, `R` ribbon, `C` chaff, numbered `C1`…`C3` where a month has more than one chaff card.
//! Notation, like the seam's tiles: what a card is worth is a ruleset's business, not this module's.

use std::fmt;

use stecca_seam::message::{Explain, Message};

/// What a card shows besides its month's flower.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Hikari (kô): the five lights.
    Light,
    /// Tane: an animal or an object.
    Animal,
    /// Tan: a ribbon.
    Ribbon,
    /// Kasu: the plain flower.
    Chaff,
}

impl Kind {
    /// Every kind, in the order a capture is sorted (lights first).
    pub const ALL: [Kind; 4] = [Kind::Light, Kind::Animal, Kind::Ribbon, Kind::Chaff];

    /// The letter of the code.
    pub fn letter(self) -> char {
        match self {
            Kind::Light => 'L',
            Kind::Animal => 'A',
            Kind::Ribbon => 'R',
            Kind::Chaff => 'C',
        }
    }

    fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == letter)
    }

    /// The Japanese name of the kind and its name in words (plural).
    pub fn names(self) -> (&'static str, Message) {
        match self {
            Kind::Light => ("Hikari", msg!("mayumi.card.kinds.light")),
            Kind::Animal => ("Tane", msg!("mayumi.card.kinds.animal")),
            Kind::Ribbon => ("Tan", msg!("mayumi.card.kinds.ribbon")),
            Kind::Chaff => ("Kasu", msg!("mayumi.card.kinds.chaff")),
        }
    }
}

/// One card of the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// The month, 1…12.
    pub month: u8,
    /// The kind.
    pub kind: Kind,
    /// The chaff card's number (1…3) in a month with more than one, 0 otherwise.
    pub number: u8,
}

/// Cards in the deck.
pub const DECK_SIZE: usize = 48;

/// The cards of each month besides chaff, and how many chaff cards it has.
const MONTHS: [(&[Kind], u8); 12] = [
    (&[Kind::Light, Kind::Ribbon], 2),
    (&[Kind::Animal, Kind::Ribbon], 2),
    (&[Kind::Light, Kind::Ribbon], 2),
    (&[Kind::Animal, Kind::Ribbon], 2),
    (&[Kind::Animal, Kind::Ribbon], 2),
    (&[Kind::Animal, Kind::Ribbon], 2),
    (&[Kind::Animal, Kind::Ribbon], 2),
    (&[Kind::Light, Kind::Animal], 2),
    (&[Kind::Animal, Kind::Ribbon], 2),
    (&[Kind::Animal, Kind::Ribbon], 2),
    (&[Kind::Light, Kind::Animal, Kind::Ribbon], 1),
    (&[Kind::Light], 3),
];

/// Each month's place of its light, animal and ribbon card among the month's four (0 where it has none), from
/// [`MONTHS`] when the program is compiled: a card's place is asked for every card of every manche.
const PLACES: [[u8; 3]; 12] = {
    let mut places = [[0u8; 3]; 12];
    let mut month = 0;
    while month < 12 {
        let kinds = MONTHS[month].0;
        let mut place = 0;
        while place < kinds.len() {
            places[month][kinds[place] as usize] = place as u8;
            place += 1;
        }
        month += 1;
    }
    places
};

/// The deck's cards of each kind, as sets (see [`Cards`]), from [`MONTHS`] when the program is compiled.
const OF_KIND: [u64; 4] = {
    let mut sets = [0u64; 4];
    let mut month = 0;
    while month < 12 {
        let (kinds, chaff) = MONTHS[month];
        let mut place = 0;
        while place < kinds.len() {
            sets[kinds[place] as usize] |= 1 << (month * 4 + place);
            place += 1;
        }
        let mut number = 0;
        while number < chaff as usize {
            sets[Kind::Chaff as usize] |= 1 << (month * 4 + kinds.len() + number);
            number += 1;
        }
        month += 1;
    }
    sets
};

/// The flower of each month: its Japanese name and the id of its name in words.
pub const FAMILIES: [(&str, &str); 12] = [
    ("Matsu", crate::text_id!("mayumi.card.family.matsu")),
    ("Ume", crate::text_id!("mayumi.card.family.ume")),
    ("Sakura", crate::text_id!("mayumi.card.family.sakura")),
    ("Fuji", crate::text_id!("mayumi.card.family.fuji")),
    ("Shoubu", crate::text_id!("mayumi.card.family.shoubu")),
    ("Botan", crate::text_id!("mayumi.card.family.botan")),
    ("Hagi", crate::text_id!("mayumi.card.family.hagi")),
    ("Susuki", crate::text_id!("mayumi.card.family.susuki")),
    ("Kiku", crate::text_id!("mayumi.card.family.kiku")),
    ("Momiji", crate::text_id!("mayumi.card.family.momiji")),
    ("Yanagi", crate::text_id!("mayumi.card.family.yanagi")),
    ("Kiri", crate::text_id!("mayumi.card.family.kiri")),
];

impl Card {
    /// Every card, month by month, each month's cards lights first and chaff last.
    pub fn deck() -> Vec<Card> {
        (1..=12u8).flat_map(Card::month_cards).collect()
    }

    /// The four cards of `month` (1…12).
    pub fn month_cards(month: u8) -> Vec<Card> {
        Card::month_iter(month).collect()
    }

    /// The cards of [`Card::month_cards`] one by one, without a vector: a card's index and a code's check ask
    /// for them for every card of every manche.
    pub fn month_iter(month: u8) -> impl Iterator<Item = Card> {
        let (kinds, chaff): (&[Kind], u8) = MONTHS.get(usize::from(month).wrapping_sub(1)).copied().unwrap_or((&[], 0));
        let named = kinds.iter().map(move |&kind| Card { month, kind, number: 0 });
        let numbered = if chaff == 1 { 0..=0 } else { 1..=chaff };
        named.chain(numbered.map(move |number| Card { month, kind: Kind::Chaff, number }))
    }

    /// The card's place in [`Card::deck`] (0…47), for sets of cards: worked out from the month's kinds, not
    /// searched for (every card of every manche asks for it, several times).
    pub fn index(self) -> usize {
        let month = usize::from(self.month.clamp(1, 12) - 1);
        let within = match self.kind {
            Kind::Chaff => {
                let (kinds, chaff) = MONTHS[month];
                kinds.len() + if chaff > 1 { usize::from(self.number.max(1) - 1) } else { 0 }
            }
            kind => usize::from(PLACES[month][kind as usize]),
        };
        month * 4 + within
    }

    /// The card at `place` in [`Card::deck`] (0…47; a place past the deck reads as one of the last month's cards).
    pub fn at(place: usize) -> Card {
        let month = (place / 4).min(11);
        let (kinds, chaff) = MONTHS[month];
        let within = place % 4;
        let month_number = month as u8 + 1;
        match kinds.get(within) {
            Some(&kind) => Card { month: month_number, kind, number: 0 },
            None => {
                let number = if chaff > 1 { (within - kinds.len() + 1) as u8 } else { 0 };
                Card { month: month_number, kind: Kind::Chaff, number }
            }
        }
    }

    /// The card as a set of one card.
    fn bit(self) -> u64 {
        1 << self.index()
    }

    /// The month's family in Japanese.
    pub fn family(self) -> &'static str {
        FAMILIES[usize::from(self.month - 1)].0
    }
}

/// The cards' codes separated by spaces (`1L 3L 12C1`), written straight into one string: a Hanafuda manche
/// writes some sixty of them, and one `String` a code through the formatter was a tenth of its time.
pub fn codes(cards: impl IntoIterator<Item = Card>) -> String {
    // Room for a capture's usual sixteen codes: growing the string was a tenth of writing them.
    let mut out = String::with_capacity(64);
    for card in cards {
        if !out.is_empty() {
            out.push(' ');
        }
        card.push_code(&mut out);
    }
    out
}

impl Card {
    /// Appends the card's code (`12C1`) to `out`.
    pub fn push_code(self, out: &mut String) {
        if self.month >= 10 {
            out.push(char::from(b'0' + self.month / 10));
        }
        out.push(char::from(b'0' + self.month % 10));
        out.push(self.kind.letter());
        if self.number > 0 {
            out.push(char::from(b'0' + self.number % 10));
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.month, self.kind.letter())?;
        if self.number > 0 {
            write!(f, "{}", self.number)?;
        }
        Ok(())
    }
}

/// Why a code is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeError {
    /// The code as typed.
    pub code: String,
    /// Why.
    pub why: Message,
}

impl CodeError {
    fn new(code: &str, why: Message) -> CodeError {
        CodeError { code: code.to_owned(), why }
    }
}

impl Explain for CodeError {
    fn message(&self) -> Message {
        msg!("mayumi.card.code", code = self.code).arg_message("why", self.why.clone())
    }
}

/// Reads one card code (`8L`, `12C1`; lower case accepted).
pub fn parse_card(code: &str) -> Result<Card, CodeError> {
    card_as_written(code.as_bytes()).map_or_else(|| read_card(code), Ok)
}

/// Where a month's card is in the deck (see [`Card::index`]) by how its code ends, `L`, `A`, `R`, `C`, `C1`, `C2`
/// or `C3` ([`NO_CARD`] where the month has no such card), from [`MONTHS`] when the program is compiled.
const CODE_PLACES: [[u8; 7]; 12] = {
    let mut places = [[NO_CARD; 7]; 12];
    let mut month = 0;
    while month < 12 {
        let (kinds, chaff) = MONTHS[month];
        let mut place = 0;
        while place < kinds.len() {
            places[month][kinds[place] as usize] = (month * 4 + place) as u8;
            place += 1;
        }
        let first_chaff = month * 4 + kinds.len();
        if chaff == 1 {
            places[month][Kind::Chaff as usize] = first_chaff as u8;
        } else {
            let mut number = 0;
            while number < chaff as usize {
                places[month][4 + number] = (first_chaff + number) as u8;
                number += 1;
            }
        }
        month += 1;
    }
    places
};

/// No card in [`CODE_PLACES`].
const NO_CARD: u8 = u8::MAX;

/// The card of a code written as the deck writes it (`8L`, `12C1`, in either case), found from its bytes and its
/// place in the deck; `None` for anything else, which [`read_card`] reads or says what is wrong with. A capture's
/// codes are read for every manche of a file, and the checks that name a mistake were a tenth of a Hanafuda
/// manche's time.
fn card_as_written(code: &[u8]) -> Option<Card> {
    let (month, rest) = match code {
        [b'1', tens @ b'0'..=b'2', rest @ ..] => (10 + tens - b'0', rest),
        [digit @ b'1'..=b'9', rest @ ..] if !rest.first().is_some_and(u8::is_ascii_digit) => (digit - b'0', rest),
        _ => return None,
    };
    let ending = match *rest {
        [letter] => Kind::from_letter(char::from(letter.to_ascii_uppercase()))? as usize,
        [b'C' | b'c', digit @ b'1'..=b'3'] => 3 + usize::from(digit - b'0'),
        _ => return None,
    };
    let place = CODE_PLACES[usize::from(month - 1)][ending];
    (place != NO_CARD).then(|| Card::at(usize::from(place)))
}

/// Reads one card code in full, naming what is wrong with a code that is not a card.
fn read_card(code: &str) -> Result<Card, CodeError> {
    // Read in place, in upper case letter by letter: an upper-case copy of each code was a tenth of a Hanafuda
    // manche's time.
    let trimmed = code.trim();
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    let kind_letter = trimmed[digits..].chars().next().map(|c| c.to_ascii_uppercase());
    let (Some(letter), true) = (kind_letter, (1..=2).contains(&digits)) else {
        return Err(CodeError::new(code, msg!("mayumi.card.not_a_card")));
    };
    let month: u8 = trimmed[..digits].parse().unwrap_or(0);
    if !(1..=12).contains(&month) {
        return Err(CodeError::new(code, msg!("mayumi.card.no_month", month = month)));
    }
    let (family, _) = FAMILIES[usize::from(month - 1)];
    let Some(kind) = Kind::from_letter(letter) else {
        return Err(CodeError::new(code, msg!("mayumi.card.no_kind", letter = letter)));
    };
    let rest = &trimmed[digits + letter.len_utf8()..];
    let chaff = || Card::month_iter(month).filter(|c| c.kind == Kind::Chaff);
    let count = chaff().count();
    let number = if kind == Kind::Chaff && count > 1 {
        let numbers = || chaff().map(|c| c.to_string()).collect::<Vec<_>>().join(", ");
        match rest.parse::<u8>() {
            Ok(n) if chaff().any(|c| c.number == n) => n,
            _ if rest.is_empty() => {
                let numbers = numbers();
                return Err(CodeError::new(
                    code,
                    msg!("mayumi.card.which_chaff", month = month, family = family, count = count, numbers = numbers),
                ));
            }
            _ => {
                let numbers = numbers();
                return Err(CodeError::new(
                    code,
                    msg!("mayumi.card.no_such_chaff", month = month, family = family, numbers = numbers),
                ));
            }
        }
    } else {
        if !rest.is_empty() {
            let rest = rest.to_ascii_uppercase();
            return Err(CodeError::new(code, msg!("mayumi.card.trailing", rest = rest)));
        }
        0
    };
    let card = Card { month, kind, number };
    if !Card::month_iter(month).any(|c| c == card) {
        let no_such = msg!("mayumi.card.no_such_card", month = month, family = family);
        return Err(CodeError::new(code, no_such.arg_message("kind", kind_words(kind))));
    }
    Ok(card)
}

fn kind_words(kind: Kind) -> Message {
    match kind {
        Kind::Light => msg!("mayumi.card.kind.light"),
        Kind::Animal => msg!("mayumi.card.kind.animal"),
        Kind::Ribbon => msg!("mayumi.card.kind.ribbon"),
        Kind::Chaff => msg!("mayumi.card.kind.chaff"),
    }
}

/// Reads a space-separated capture (`1L 1R 8L`): every card, or the first bad code, or the first card
/// written twice (so a capture never holds more than the 48 cards).
pub fn parse_capture(text: &str) -> Result<Vec<Card>, CodeError> {
    // Split at the separators' bytes (all ASCII, so each piece is whole text), into a list as long as the capture
    // can be: a capture's codes are read for every manche of a file, and splitting at characters, then growing the
    // list, was half of reading them.
    let mut cards: Vec<Card> = Vec::with_capacity((text.len() / 3 + 1).min(DECK_SIZE));
    let mut seen = Cards::default();
    let is_separator = |byte: &u8| matches!(byte, b' ' | b',' | b'\t' | b'\n');
    let mut start = 0;
    while start <= text.len() {
        let end = text.as_bytes()[start..].iter().position(is_separator).map_or(text.len(), |at| start + at);
        let code = &text[start..end];
        start = end + 1;
        let card = match card_as_written(code.as_bytes()) {
            Some(card) => card,
            None if code.trim().is_empty() => continue,
            None => read_card(code)?,
        };
        if seen.holds(card) {
            return Err(CodeError::new(code, msg!("mayumi.card.twice")));
        }
        seen.add(card);
        cards.push(card);
    }
    Ok(cards)
}

/// A set of cards of the deck, a bit each: whether a player holds a card is asked for every card of every
/// family and yaku of every manche, and looking it up in the capture's list took a tenth of a Hanafuda manche.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cards(u64);

impl Cards {
    /// Adds `card`.
    pub fn add(&mut self, card: Card) {
        self.0 |= card.bit();
    }

    /// Whether `card` is in the set.
    pub fn holds(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Whether every card of `cards` is in the set.
    pub fn holds_all(self, cards: Cards) -> bool {
        self.0 & cards.0 == cards.0
    }

    /// The set's cards of `kind`.
    pub fn of_kind(self, kind: Kind) -> Cards {
        Cards(self.0 & OF_KIND[kind as usize])
    }

    /// How many cards the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds all four cards of `month` (1…12).
    pub fn holds_month(self, month: u8) -> bool {
        let shift = 4 * u32::from(month.clamp(1, 12) - 1);
        (self.0 >> shift) & 0xF == 0xF
    }

    /// The places in the deck (see [`Card::index`]) of the set's cards, in the deck's order, which is the cards'
    /// order (month, then kind, then number).
    pub fn places(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let place = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                place
            })
        })
    }
}

impl<'a> FromIterator<&'a Card> for Cards {
    fn from_iter<I: IntoIterator<Item = &'a Card>>(cards: I) -> Cards {
        let mut set = Cards::default();
        for &card in cards {
            set.add(card);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_found_by_its_bytes_is_the_card_read_in_full() {
        // Every month written with one, two or three digits (and a leading zero), every letter in both cases and a
        // stranger, every chaff number and some that are not.
        let months = (0..=13).flat_map(|m: u8| [m.to_string(), format!("0{m}")]);
        let mut found = 0;
        for month in months {
            for letter in ["L", "A", "R", "C", "l", "a", "r", "c", "X", ""] {
                for number in ["", "0", "1", "2", "3", "4", "01", "x"] {
                    let code = format!("{month}{letter}{number}");
                    if let Some(card) = card_as_written(code.as_bytes()) {
                        assert_eq!(read_card(&code), Ok(card), "{code}");
                        found += 1;
                    }
                    assert_eq!(parse_card(&code), read_card(&code), "{code}");
                }
            }
        }
        assert_eq!(found, 2 * DECK_SIZE, "every card in upper and lower case, and nothing else");
    }

    #[test]
    fn the_codes_written_in_one_string_are_the_cards_as_shown() {
        let deck = Card::deck();
        let shown = deck.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        assert_eq!(codes(deck.iter().copied()), shown);
        assert_eq!(codes([]), "");
    }

    #[test]
    fn a_set_of_cards_holds_each_card_added_and_no_other() {
        let deck = Card::deck();
        for start in 0..7 {
            let set: Cards = deck.iter().skip(start).step_by(7).collect();
            for (j, &card) in deck.iter().enumerate() {
                let added = j >= start && (j - start) % 7 == 0;
                assert_eq!(set.holds(card), added, "{card} in every seventh card from {start}");
            }
        }
        let month: Cards = Card::month_cards(12).iter().collect();
        let all: Cards = deck.iter().collect();
        assert!(all.holds_all(month));
        let three: Cards = Card::month_cards(12)[..3].iter().collect();
        assert!(!three.holds_all(month), "12C3 is missing");
        assert!(three.holds_all(three) && month.holds_all(three) && all.holds_all(Cards::default()));
        assert!(!three.holds_all(all));
    }

    #[test]
    fn a_set_reads_its_cards_by_kind_count_and_month_as_the_list_does() {
        let deck = Card::deck();
        for start in 0..5 {
            let cards: Vec<Card> = deck.iter().skip(start).step_by(start + 1).copied().collect();
            let set: Cards = cards.iter().collect();
            assert_eq!(set.len(), cards.len());
            assert_eq!(set.is_empty(), cards.is_empty());
            let mut sorted = cards.clone();
            sorted.sort();
            assert_eq!(set.places().map(Card::at).collect::<Vec<_>>(), sorted, "the deck's order is the sorted order");
            for kind in Kind::ALL {
                let of_kind: Vec<Card> = sorted.iter().filter(|c| c.kind == kind).copied().collect();
                assert_eq!(set.of_kind(kind).places().map(Card::at).collect::<Vec<_>>(), of_kind, "{kind:?}");
            }
            for month in 1..=12 {
                let whole = Card::month_iter(month).all(|c| set.holds(c));
                assert_eq!(set.holds_month(month), whole, "month {month} from {start}");
            }
        }
        let all: Cards = deck.iter().collect();
        assert!((1..=12).all(|month| all.holds_month(month)));
        assert_eq!(all.of_kind(Kind::Light).len(), 5, "the five lights");
        assert!(Cards::default().is_empty());
    }

    #[test]
    fn the_deck_has_48_cards_four_per_month_with_the_notation_codes() {
        let deck = Card::deck();
        assert_eq!(deck.len(), DECK_SIZE);
        let codes: Vec<String> = deck.iter().map(ToString::to_string).collect();
        assert_eq!(codes[..4], ["1L", "1R", "1C1", "1C2"]);
        assert_eq!(codes[28..32], ["8L", "8A", "8C1", "8C2"]);
        assert_eq!(codes[40..], ["11L", "11A", "11R", "11C", "12L", "12C1", "12C2", "12C3"]);
        for (i, card) in deck.iter().enumerate() {
            assert_eq!(card.index(), i);
            assert_eq!(Card::at(i), *card);
            assert_eq!(parse_card(&card.to_string()), Ok(*card));
        }
        let lights: Vec<String> = deck.iter().filter(|c| c.kind == Kind::Light).map(ToString::to_string).collect();
        assert_eq!(lights, ["1L", "3L", "8L", "11L", "12L"]);
        assert_eq!(deck.iter().filter(|c| c.kind == Kind::Ribbon).count(), 10);
    }

    #[test]
    fn unknown_codes_say_why() {
        crate::texts::install();
        for (code, why) in [
            ("13L", "13L: there is no month 13"),
            ("0A", "0A: there is no month 0"),
            ("1A", "1A: month 1 (Matsu) has no animal"),
            ("12R", "12R: month 12 (Kiri) has no ribbon"),
            ("1C", "1C: month 1 (Matsu) has 2 chaff cards: say which (1C1, 1C2)"),
            ("12C4", "12C4: month 12 (Kiri) has no such chaff card (it has 12C1, 12C2, 12C3)"),
            ("11C1", "11C1: unexpected «1» after the kind"),
            ("8X", "8X: no kind X: L light, A animal, R ribbon, C chaff"),
            ("L8", "L8: not a card: a month 1–12 and L, A, R or C (e.g. 8L, 12C1)"),
        ] {
            assert_eq!(
                parse_card(code).map_err(|e| e.message().render(stecca_seam::i18n::Lang::ENGLISH)),
                Err(why.to_owned()),
                "{code}"
            );
        }
        assert_eq!(
            parse_card("13L").map_err(|e| e.message().render(stecca_seam::i18n::Lang::ITALIAN)),
            Err("13L: non esiste il mese 13".to_owned())
        );
        assert_eq!(parse_card("12c1").map(|c| c.to_string()), Ok("12C1".to_owned()), "lower case");
    }

    #[test]
    fn a_capture_reads_every_code_and_refuses_a_repeat() {
        crate::texts::install();
        let cards = parse_capture("1L 1R  8L,8A 9A 12C1").expect("valid");
        assert_eq!(cards.len(), 6);
        assert_eq!(parse_capture("").expect("empty"), []);
        assert_eq!(
            parse_capture("1L 8L 1l").map_err(|e| e.message().render(stecca_seam::i18n::Lang::ENGLISH)),
            Err("1l: written twice".to_owned())
        );
    }
}
