//! A tournament's card: the hands its rules score from (modern American: the League's card of the year,
//! which Stecca does not ship), each with its section, its line as printed, its value, whether it is
//! concealed and whether jokers may be used. Kept per tournament, edited at the desk or read from CSV; entry
//! finds a hand by a few typed letters.

use std::collections::HashSet;

use crate::message::Message;
use crate::msg;

use super::registration::{control_character, csv_with_columns};

/// Most hands a card may hold (the League's card has about seventy).
pub const MAX_HANDS: usize = 500;
/// Longest section name or hand line, in characters.
pub const MAX_TEXT: usize = 80;
/// Largest value a hand may have.
pub const MAX_VALUE: u64 = 10_000;

/// One hand of the card.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CardHand {
    /// The section as printed ("2468", "Singles and Pairs").
    pub section: String,
    /// The hand's line as printed ("FF 2222 44 6666 88").
    pub line: String,
    /// The value printed beside it.
    pub value: u64,
    /// A concealed hand (C): nothing exposed.
    pub concealed: bool,
    /// Jokers may be used.
    pub jokers: bool,
}

impl CardHand {
    /// Why this hand cannot be kept, if anything.
    pub fn problem(&self) -> Option<Message> {
        for (text, field) in [(&self.section, msg!("field.card_section")), (&self.line, msg!("field.card_line"))] {
            if text.trim().is_empty() {
                return Some(msg!("error.card.empty").arg_message("field", field));
            }
            if text.chars().count() > MAX_TEXT {
                return Some(msg!("error.card.too_long", max = MAX_TEXT).arg_message("field", field));
            }
            if let Some(problem) = control_character(field, text) {
                return Some(problem);
            }
        }
        if !(1..=MAX_VALUE).contains(&self.value) {
            return Some(msg!("error.card.value", value = self.value, max = MAX_VALUE));
        }
        None
    }

    /// "2468 · FF 2222 44 6666 88", as entry and sheets name it.
    pub fn label(&self) -> String {
        format!("{} · {}", self.section.trim(), self.line.trim())
    }

    /// The same hand with surrounding spaces removed.
    pub fn trimmed(&self) -> CardHand {
        CardHand { section: self.section.trim().to_owned(), line: self.line.trim().to_owned(), ..*self }
    }

    fn key(&self) -> String {
        format!("{}\u{1f}{}", self.section.trim().to_lowercase(), self.line.trim().to_lowercase())
    }
}

/// Why a whole card cannot be kept: too many hands, a hand's problem, or a hand listed twice.
pub fn card_problem(card: &[CardHand]) -> Option<Message> {
    if card.len() > MAX_HANDS {
        return Some(msg!("error.card.too_many", count = card.len(), max = MAX_HANDS));
    }
    let mut seen = HashSet::new();
    for hand in card {
        if let Some(problem) = hand.problem() {
            return Some(msg!("error.card.hand", hand = hand.label()).arg_message("why", problem));
        }
        if !seen.insert(hand.key()) {
            return Some(msg!("error.card.twice", hand = hand.label()));
        }
    }
    None
}

/// The hands whose section and line contain every word typed (case and spaces inside a word ignored), in
/// card order; nothing for an empty search.
pub fn search<'a>(card: &'a [CardHand], typed: &str) -> Vec<&'a CardHand> {
    let words: Vec<String> = typed.split_whitespace().map(str::to_lowercase).collect();
    if words.is_empty() {
        return Vec::new();
    }
    let squeeze = |text: &str| text.to_lowercase().split_whitespace().collect::<String>();
    card.iter()
        .filter(|hand| {
            let text = squeeze(&format!("{} {}", hand.section, hand.line));
            words.iter().all(|w| text.contains(w.as_str()))
        })
        .collect()
}

/// One row of a card file: the hand, or why the row cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardRow {
    /// Line in the file (the header is line 1).
    pub line: usize,
    /// The hand or the problem.
    pub result: Result<CardHand, Message>,
}

/// The columns of a card file; all but `jokers` are required (`jokers` defaults to yes).
pub const CARD_COLUMNS: [&str; 5] = ["section", "hand", "value", "concealed", "jokers"];

fn yes_no(text: &str, yes: &[&str], no: &[&str]) -> Option<bool> {
    let text = text.trim().to_lowercase();
    if yes.contains(&text.as_str()) {
        Some(true)
    } else if no.contains(&text.as_str()) {
        Some(false)
    } else {
        None
    }
}

/// Reads a card file (`section,hand,value,concealed,jokers`). A file-level problem (a missing or unknown
/// column) is an `Err`; rows are checked one by one, including a hand listed twice (also against `kept`).
pub fn parse_card_csv(text: &str, kept: &[CardHand]) -> Result<Vec<CardRow>, Message> {
    let (mut reader, index) = csv_with_columns(text, &CARD_COLUMNS)?;
    if let Some(missing) = (0..4).find(|&c| index[c].is_none()) {
        return Err(msg!("error.card.no_column", column = CARD_COLUMNS[missing]));
    }
    let mut seen: HashSet<String> = kept.iter().map(CardHand::key).collect();
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        if rows.len() + kept.len() >= MAX_HANDS {
            return Err(msg!("error.card.too_many", count = rows.len() + kept.len() + 1, max = MAX_HANDS));
        }
        let result = record.map_err(|e| msg!("error.import.row", detail = e)).and_then(|record| {
            let field = |c: usize| index[c].and_then(|i| record.get(i)).unwrap_or("").to_owned();
            let value_text = field(2);
            let value = value_text.parse::<u64>().map_err(|_| msg!("error.card.value_text", value = value_text))?;
            let concealed_text = field(3);
            let concealed = yes_no(
                &concealed_text,
                &["c", "concealed", "coperta", "yes", "sì", "si", "1", "true"],
                &["x", "exposed", "esposta", "no", "0", "false", ""],
            )
            .ok_or_else(|| msg!("error.card.concealed", value = concealed_text))?;
            let jokers_text = field(4);
            let jokers = yes_no(&jokers_text, &["", "yes", "sì", "si", "1", "true", "y"], &["no", "0", "false", "n"])
                .ok_or_else(|| msg!("error.card.jokers", value = jokers_text))?;
            let hand = CardHand { section: field(0), line: field(1), value, concealed, jokers }.trimmed();
            if let Some(problem) = hand.problem() {
                return Err(problem);
            }
            if !seen.insert(hand.key()) {
                return Err(msg!("error.card.twice", hand = hand.label()));
            }
            Ok(hand)
        });
        rows.push(CardRow { line, result });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(section: &str, line: &str, value: u64) -> CardHand {
        CardHand { section: section.into(), line: line.into(), value, concealed: false, jokers: true }
    }

    #[test]
    fn a_card_file_is_read_row_by_row() {
        let text = "section,hand,value,concealed,jokers\n\
                    2468,FF 2222 44 6666 88,25,X,yes\n\
                    Singles and Pairs,NN EW SS 11 22 33 44,75,C,no\n\
                    2468,FF 2222 44 6666 88,30,X,yes\n\
                    Quints,11111 22 33333,forty,X,\n\
                    Winds,NNNN EEE WWW SSSS,25,maybe,\n\
                    ,1111 2222,25,X,\n";
        let rows = parse_card_csv(text, &[]).expect("header");
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[0].result, Ok(hand("2468", "FF 2222 44 6666 88", 25)));
        let sp = rows[1].result.as_ref().expect("singles");
        assert!(sp.concealed && !sp.jokers);
        assert!(rows[2].result.as_ref().is_err_and(|e| e.to_string().contains("twice")), "{:?}", rows[2]);
        assert!(rows[3].result.as_ref().is_err_and(|e| e.to_string().contains("«forty»")));
        assert!(rows[4].result.as_ref().is_err_and(|e| e.to_string().contains("«maybe»")));
        assert!(rows[5].result.as_ref().is_err_and(|e| e.to_string().contains("Section")), "{:?}", rows[5]);
        assert_eq!(rows[5].line, 7);
    }

    #[test]
    fn a_card_file_needs_its_columns() {
        let missing = parse_card_csv("section,hand,concealed\n", &[]).expect_err("no value column");
        assert!(missing.to_string().contains("value"), "{missing}");
        let unknown = parse_card_csv("section,hand,value,concealed,points\n", &[]).expect_err("unknown");
        assert!(unknown.to_string().contains("points"), "{unknown}");
    }

    #[test]
    fn hands_already_kept_are_duplicates() {
        let kept = [hand("2468", "FF 2222 44 6666 88", 25)];
        let rows = parse_card_csv("section,hand,value,concealed\n2468, ff 2222 44 6666 88 ,25,x\n", &kept).expect("h");
        assert!(rows[0].result.is_err());
    }

    #[test]
    fn a_few_letters_find_the_hand() {
        let card = [
            hand("2468", "FF 2222 44 6666 88", 25),
            hand("Like Numbers", "FF 1111 D 1111 D 11", 30),
            hand("Singles and Pairs", "NN EW SS 11 22 33 44", 75),
        ];
        assert_eq!(search(&card, "2468").len(), 1);
        assert_eq!(search(&card, "like").first().map(|h| h.value), Some(30));
        assert_eq!(search(&card, "sing 1122").first().map(|h| h.value), Some(75), "words inside the line");
        assert_eq!(search(&card, "ff").len(), 2);
        assert!(search(&card, "   ").is_empty());
        assert!(search(&card, "dragon").is_empty());
    }

    #[test]
    fn a_card_is_checked_whole() {
        assert_eq!(card_problem(&[hand("2468", "FF 2222", 25)]), None);
        let twice = card_problem(&[hand("2468", "FF 2222", 25), hand("2468", "ff 2222", 30)]).expect("twice");
        assert!(twice.to_string().contains("2468 · ff 2222"), "{twice}");
        let zero = card_problem(&[hand("2468", "FF 2222", 0)]).expect("zero");
        assert!(zero.to_string().contains("Value: 0"), "{zero}");
        let many: Vec<CardHand> = (0..=MAX_HANDS).map(|i| hand("S", &i.to_string(), 25)).collect();
        assert!(card_problem(&many).is_some());
    }
}
