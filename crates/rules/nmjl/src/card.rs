//! The tournament's card: the League's card of the year (which Stecca does not ship), kept per tournament as
//! the ruleset's book. Each hand has its section, its line as printed, its value, whether it is concealed and
//! whether jokers may be used; entry picks the winner's hand by a few typed letters and fills the value, the
//! exposures and the Singles & Pairs flag from it.

use stecca_seam::rules::book::{BookColumn, BookModel, BookWords, ColumnKind};
use stecca_seam::rules::{HandEntry, PickedLine};

use super::manche::{CARD_HAND, EXPOSURES, SINGLES_AND_PAIRS, VALUE, is_singles_and_pairs};

/// The section as printed ("2468", "Singles and Pairs").
pub const SECTION: &str = "section";
/// The hand's line as printed ("FF 2222 44 6666 88").
pub const HAND: &str = "hand";
/// The value printed beside it.
pub const CARD_VALUE: &str = "value";
/// A concealed hand (C): nothing exposed.
pub const CONCEALED: &str = "concealed";
/// Jokers may be used.
pub const JOKERS: &str = "jokers";

/// Largest value a hand of the card may have.
pub const MAX_CARD_VALUE: u64 = 10_000;

/// The card as the desk keeps it.
pub static CARD: BookModel = BookModel {
    name: text_id!("nmjl.card.name"),
    title: text_id!("nmjl.card.title"),
    hint: text_id!("nmjl.card.hint"),
    columns: &[
        BookColumn {
            key: SECTION,
            title: text_id!("nmjl.card.section"),
            label: text_id!("nmjl.card.section"),
            kind: ColumnKind::Text { max_chars: 80 },
            required: true,
        },
        BookColumn {
            key: HAND,
            title: text_id!("nmjl.card.hand"),
            label: text_id!("nmjl.card.hand"),
            kind: ColumnKind::Text { max_chars: 80 },
            required: true,
        },
        BookColumn {
            key: CARD_VALUE,
            title: text_id!("nmjl.card.value"),
            label: text_id!("nmjl.card.value"),
            kind: ColumnKind::Number { min: 1, max: MAX_CARD_VALUE },
            required: true,
        },
        BookColumn {
            key: CONCEALED,
            title: text_id!("nmjl.card.concealed_title"),
            label: text_id!("nmjl.card.concealed"),
            kind: ColumnKind::Flag {
                default: false,
                yes: &["c", "concealed", "coperta", "yes", "sì", "si", "1", "true"],
                no: &["x", "exposed", "esposta", "no", "0", "false", ""],
                unreadable: text_id!("nmjl.card.concealed_unreadable"),
                shown: (Some(text_id!("nmjl.card.concealed_short")), Some(text_id!("nmjl.card.exposed_short"))),
            },
            required: true,
        },
        BookColumn {
            key: JOKERS,
            title: text_id!("nmjl.card.jokers_title"),
            label: text_id!("nmjl.card.jokers"),
            kind: ColumnKind::Flag {
                default: true,
                yes: &["", "yes", "sì", "si", "1", "true", "y"],
                no: &["no", "0", "false", "n"],
                unreadable: text_id!("nmjl.card.jokers_unreadable"),
                shown: (None, Some(text_id!("nmjl.card.no_jokers"))),
            },
            required: false,
        },
    ],
    label_columns: &[SECTION, HAND],
    // The League's card has about seventy hands.
    max_lines: 500,
    words: BookWords {
        add: text_id!("nmjl.card.add"),
        edit: text_id!("nmjl.card.edit"),
        add_line: text_id!("nmjl.card.add_hand"),
        save_line: text_id!("nmjl.card.save_hand"),
        added: text_id!("nmjl.card.added"),
        saved: text_id!("nmjl.card.saved"),
        removed: text_id!("nmjl.card.removed"),
        imported: text_id!("nmjl.card.imported"),
        import: text_id!("nmjl.card.import"),
        import_hint: text_id!("nmjl.card.import_hint"),
        too_many: text_id!("nmjl.card.too_many"),
        twice: text_id!("nmjl.card.twice"),
    },
};

/// Fills the winner's fields from a hand picked on the card: its value, the Singles & Pairs flag exactly when
/// the hand is of that section, and for a concealed hand the exposures emptied (an empty field counts none; a
/// literal "0" would turn a typed 1 into "01").
pub(super) fn pick_card_hand(picked: &PickedLine<'_>, hand: &mut HandEntry) {
    hand.set(VALUE, picked.line.number(CARD_VALUE).to_string());
    hand.set(CARD_HAND, picked.label);
    if picked.line.flag(CONCEALED) {
        hand.set(EXPOSURES, "");
    }
    hand.win.retain(|w| w != SINGLES_AND_PAIRS);
    if is_singles_and_pairs(picked.line.text(SECTION)) {
        hand.win.push(SINGLES_AND_PAIRS.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stecca_seam::rules::book::{BookLine, BookValue};

    fn hand(section: &str, line: &str, value: u64) -> BookLine {
        let mut hand = CARD.blank();
        hand.set(SECTION, BookValue::Text(section.into()));
        hand.set(HAND, BookValue::Text(line.into()));
        hand.set(CARD_VALUE, BookValue::Number(value));
        hand
    }

    #[test]
    fn a_card_file_is_read_row_by_row() {
        crate::texts::install();
        let text = "section,hand,value,concealed,jokers\n\
                    2468,FF 2222 44 6666 88,25,X,yes\n\
                    Singles and Pairs,NN EW SS 11 22 33 44,75,C,no\n\
                    2468,FF 2222 44 6666 88,30,X,yes\n\
                    Quints,11111 22 33333,forty,X,\n\
                    Winds,NNNN EEE WWW SSSS,25,maybe,\n\
                    ,1111 2222,25,X,\n";
        let rows = CARD.parse_csv(text, &[]).expect("header");
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[0].result, Ok(hand("2468", "FF 2222 44 6666 88", 25)));
        let sp = rows[1].result.as_ref().expect("singles");
        assert!(sp.flag(CONCEALED) && !sp.flag(JOKERS));
        assert!(rows[2].result.as_ref().is_err_and(|e| e.to_string().contains("twice")), "{:?}", rows[2]);
        assert!(rows[3].result.as_ref().is_err_and(|e| e.to_string().contains("«forty»")));
        assert!(rows[4].result.as_ref().is_err_and(|e| e.to_string().contains("«maybe»")));
        assert!(rows[5].result.as_ref().is_err_and(|e| e.to_string().contains("Section")), "{:?}", rows[5]);
        assert_eq!(rows[5].line, 7);
    }

    #[test]
    fn a_card_file_needs_its_columns() {
        let missing = CARD.parse_csv("section,hand,concealed\n", &[]).expect_err("no value column");
        assert!(missing.to_string().contains("value"), "{missing}");
        let unknown = CARD.parse_csv("section,hand,value,concealed,points\n", &[]).expect_err("unknown");
        assert!(unknown.to_string().contains("points"), "{unknown}");
        let rows = CARD.parse_csv("section,hand,value,concealed\n2468,FF 2222,25,c\n", &[]).expect("no jokers");
        assert!(rows[0].result.as_ref().is_ok_and(|h| h.flag(JOKERS) && h.flag(CONCEALED)), "{rows:?}");
    }

    #[test]
    fn a_row_with_a_field_too_few_or_too_many_or_a_negative_value_is_refused_saying_which() {
        crate::texts::install();
        let text = "section,hand,value,concealed,jokers\n\
                    2468,FF 2222 44 6666 88,25\n\
                    2468,FF 2222 44 66,25,X,yes,1\n\
                    2468,FF 1111,-25,X,yes\n\
                    2468,FF\u{200b} 1111,25,X,yes\n";
        let rows = CARD.parse_csv(text, &[]).expect("header");
        let said: Vec<String> =
            rows.iter().map(|r| r.result.as_ref().err().map(ToString::to_string).unwrap_or_default()).collect();
        assert!(said[0].starts_with("3 fields where the header has 5: concealed, jokers are missing"), "{said:?}");
        assert!(said[1].starts_with("6 fields where the header has 5: “1” is extra"), "{said:?}");
        assert_eq!(said[2], "Value: «-25» must not be negative (a number from 1 to 10000 is needed)");
        assert!(said[3].starts_with("Hand: “FF? 1111” has the invisible character U+200B at position 3"), "{said:?}");
    }

    #[test]
    fn hands_already_kept_are_duplicates() {
        let kept = [hand("2468", "FF 2222 44 6666 88", 25)];
        let rows = CARD.parse_csv("section,hand,value,concealed\n2468, ff 2222 44 6666 88 ,25,x\n", &kept).expect("h");
        assert!(rows[0].result.is_err());
    }

    #[test]
    fn a_few_letters_find_the_hand() {
        let card = [
            hand("2468", "FF 2222 44 6666 88", 25),
            hand("Like Numbers", "FF 1111 D 1111 D 11", 30),
            hand("Singles and Pairs", "NN EW SS 11 22 33 44", 75),
        ];
        assert_eq!(CARD.search(&card, "2468").len(), 1);
        assert_eq!(CARD.search(&card, "like").first().map(|h| h.number(CARD_VALUE)), Some(30));
        let found = CARD.search(&card, "sing 1122");
        assert_eq!(found.first().map(|h| h.number(CARD_VALUE)), Some(75), "words inside the line");
        assert_eq!(CARD.search(&card, "ff").len(), 2);
        assert!(CARD.search(&card, "   ").is_empty());
        assert!(CARD.search(&card, "dragon").is_empty());
    }

    #[test]
    fn a_card_is_checked_whole() {
        crate::texts::install();
        assert_eq!(CARD.problem(&[hand("2468", "FF 2222", 25)]), None);
        let twice = CARD.problem(&[hand("2468", "FF 2222", 25), hand("2468", "ff 2222", 30)]).expect("twice");
        assert!(twice.to_string().contains("2468 · ff 2222"), "{twice}");
        let zero = CARD.problem(&[hand("2468", "FF 2222", 0)]).expect("zero");
        assert!(zero.to_string().contains("Value: 0"), "{zero}");
        let long = CARD.problem(&[hand("2468", &"F".repeat(81), 25)]).expect("long");
        assert!(long.to_string().contains("80"), "{long}");
        let many: Vec<BookLine> = (0..=CARD.max_lines).map(|i| hand("S", &i.to_string(), 25)).collect();
        assert!(CARD.problem(&many).is_some());
    }

    #[test]
    fn a_stored_hand_reads_back_and_an_old_one_takes_the_defaults() {
        let kept = hand("2468", "FF 2222", 25);
        assert_eq!(CARD.read_stored(&BookModel::stored(&kept)), Some(kept));
        let old = CARD.read_stored(r#"{"section":"2468","hand":"FF 2222","value":25}"#).expect("old");
        assert!(old.flag(JOKERS) && !old.flag(CONCEALED), "{old:?}");
        assert_eq!(CARD.read_stored("[1, 2]"), None);
    }

    #[test]
    fn picking_a_hand_fills_the_winners_fields() {
        let mut sp = hand("Singles and Pairs", "NN EW SS 11 22 33 44", 75);
        sp.set(CONCEALED, BookValue::Flag(true));
        let label = CARD.label(&sp);
        let mut entry = HandEntry::default();
        entry.set(EXPOSURES, "2");
        pick_card_hand(&PickedLine { line: &sp, label: &label }, &mut entry);
        assert_eq!(entry.get(VALUE), "75");
        assert_eq!(entry.get(EXPOSURES), "", "a concealed hand's exposures are emptied, not a typed 0");
        assert_eq!(entry.get(CARD_HAND), "Singles and Pairs · NN EW SS 11 22 33 44");
        assert!(entry.win.iter().any(|w| w == SINGLES_AND_PAIRS));
        let exposed = hand("2468", "FF 2222", 25);
        let label = CARD.label(&exposed);
        pick_card_hand(&PickedLine { line: &exposed, label: &label }, &mut entry);
        assert_eq!(entry.get(VALUE), "25");
        assert!(!entry.win.iter().any(|w| w == SINGLES_AND_PAIRS), "a 2468 hand drops the flag");
    }
}
