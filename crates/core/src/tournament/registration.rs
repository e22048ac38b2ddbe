//! Player registration: the player's details, and the registration list as CSV (columns name, club, country,
//! federation_id, substitute, team), checked row by row before anything is saved.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

use crate::message::Message;
use crate::msg;
pub use stecca_seam::import::control_character;
pub(crate) use stecca_seam::import::{checked_rows, csv_with_columns};

/// What the desk knows of a player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerData {
    /// Full name, unique in the tournament.
    pub name: String,
    /// Club.
    pub club: String,
    /// Country.
    pub country: String,
    /// Federation id.
    pub federation_id: String,
    /// Seated but not ranked.
    pub substitute: bool,
    /// Withdrawn: keeps the results, is not seated in new sessions.
    pub withdrawn: bool,
    /// The team the player plays for (empty: none); a team is its players' common name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub team: String,
}

/// How two names are compared for duplicates: composed (NFC) and in lower case, so "Anna", "ANNA" and an
/// "Ànna" typed with a combining accent are one name.
pub fn name_key(name: &str) -> String {
    name.trim().nfc().collect::<String>().to_lowercase()
}

/// A name as a federation's file wants it: last name and first name apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameParts {
    /// The last name (family name), as typed.
    pub last: String,
    /// The first name(s), as typed; empty when the name is one word.
    pub first: String,
}

/// Words that begin a last name rather than end a first name: "De Luca", "van der Berg", "Dell'Acqua" aside.
const SURNAME_PARTICLES: [&str; 27] = [
    "da", "dal", "dalla", "dalle", "das", "de", "dei", "degli", "del", "della", "delle", "dello", "den", "der", "des",
    "di", "do", "dos", "du", "la", "le", "lo", "ten", "ter", "van", "von", "zu",
];

/// Whether a word is written in capitals ("ROSSI", "DELL'ACQUA"): two letters or more, none in lower case.
fn in_capitals(word: &str) -> bool {
    let letters = || word.chars().filter(|c| c.is_alphabetic());
    letters().count() >= 2 && letters().all(|c| !c.is_lowercase())
}

/// Splits the single name the desk stores into last and first name (the desk never asked for them apart):
/// - "ROSSI, Anna": the part before the comma is the last name;
/// - "ROSSI Anna" or "Anna ROSSI": the words in capitals, at either end, are the last name when the others are not;
/// - otherwise the last word is the last name, with the particles before it ("Francesco De Luca", "Jan van der
///   Berg"), as long as one word is left for the first name.
///
/// One word is a last name alone.
pub fn name_parts(name: &str) -> NameParts {
    let name = tidy(name);
    if let Some((last, first)) = name.split_once(',') {
        return NameParts { last: last.trim().to_owned(), first: first.trim().to_owned() };
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let join = |words: &[&str]| words.join(" ");
    let capitals = words.iter().filter(|w| in_capitals(w)).count();
    if capitals > 0 && capitals < words.len() {
        if words[..capitals].iter().all(|w| in_capitals(w)) {
            return NameParts { last: join(&words[..capitals]), first: join(&words[capitals..]) };
        }
        let first_count = words.len() - capitals;
        if words[first_count..].iter().all(|w| in_capitals(w)) {
            return NameParts { last: join(&words[first_count..]), first: join(&words[..first_count]) };
        }
    }
    let Some(mut start) = words.len().checked_sub(1) else { return NameParts::default() };
    while start > 1 && SURNAME_PARTICLES.contains(&words[start - 1].to_lowercase().as_str()) {
        start -= 1;
    }
    NameParts { last: join(&words[start..]), first: join(&words[..start]) }
}

/// `text` trimmed and composed (NFC): an accented letter typed as a letter and a combining accent (some
/// keyboards and files do) is kept as the one character it looks like, so the same name is always the same text
/// and a duplicate is found by the store's plain comparison. Canonical composition changes no character's look.
pub(crate) fn tidy(text: &str) -> String {
    text.trim().nfc().collect()
}

/// Why `name` cannot be a person's name, if anything: it is empty or longer than 100 characters (control
/// characters are checked with the other fields).
pub fn name_problem(name: &str) -> Option<Message> {
    let name = name.trim();
    if name.is_empty() {
        return Some(msg!("error.player.no_name"));
    }
    if name.chars().count() > 100 {
        return Some(msg!("error.player.long_name", start = name.chars().take(20).collect::<String>()));
    }
    None
}

impl PlayerData {
    /// Why this player cannot be saved, if anything: the name is empty or too long, or a field holds a
    /// control character.
    pub fn problem(&self) -> Option<Message> {
        for (field, text) in [
            (msg!("field.name"), &self.name),
            (msg!("field.club"), &self.club),
            (msg!("field.country"), &self.country),
            (msg!("field.federation_id"), &self.federation_id),
            (msg!("field.team"), &self.team),
        ] {
            if let Some(problem) = control_character(field, text) {
                return Some(problem);
            }
        }
        name_problem(&self.name)
    }

    /// The same with surrounding spaces removed, composed (NFC).
    pub fn trimmed(&self) -> PlayerData {
        PlayerData {
            name: tidy(&self.name),
            club: tidy(&self.club),
            country: tidy(&self.country),
            federation_id: tidy(&self.federation_id),
            team: tidy(&self.team),
            ..*self
        }
    }
}

/// One row of a registration list: the player, or why the row cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRow {
    /// Line in the file (the header is line 1).
    pub line: usize,
    /// The player or the problem.
    pub result: Result<PlayerData, Message>,
}

/// The columns a registration list may have; `name` is required. `federation_number` is another name of
/// `federation_id`.
pub const COLUMNS: [&str; 7] = ["name", "club", "country", "federation_id", "substitute", "federation_number", "team"];

/// Why `number` does not fit a tournament's federation-number `format`, if it does not. The format is written
/// as a referee says it: `#` is a digit, `A` a letter, any other character itself (`########` for an EMA
/// number, `FIMJ-####`); an empty format takes any number. Hand-written rather than a regular expression: a
/// referee types this shape, and three rules say it whole.
pub fn federation_problem(number: &str, format: &str) -> Option<Message> {
    if format.is_empty() || number.is_empty() {
        return None;
    }
    let fits = number.chars().count() == format.chars().count()
        && number.chars().zip(format.chars()).all(|(c, f)| match f {
            '#' => c.is_ascii_digit(),
            'A' => c.is_alphabetic(),
            _ => c == f,
        });
    (!fits).then(|| msg!("error.player.federation_format", number = number, format = format))
}

/// Reads a registration list. A file-level problem (no `name` column, an unknown column) is an `Err`; row
/// problems are reported per row: a row with a field too many or too few, a bad value, a name given twice in
/// the file, or a name already in `registered`.
pub fn parse_players_csv(text: &str, registered: &[String]) -> Result<Vec<ImportRow>, Message> {
    let (mut reader, index) = csv_with_columns(text, &COLUMNS)?;
    if index[0].is_none() {
        return Err(msg!("error.import.no_name_column"));
    }
    let registered: HashSet<String> = registered.iter().map(|n| name_key(n)).collect();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut numbers: HashMap<String, usize> = HashMap::new();
    let mut rows = Vec::new();
    for (line, record) in checked_rows(&mut reader, text) {
        let result = record.and_then(|record| {
            let field = |c: usize| index[c].and_then(|i| record.get(i)).unwrap_or("").to_owned();
            let substitute = match field(4).to_lowercase().as_str() {
                "" | "0" | "no" | "false" | "n" => false,
                "1" | "yes" | "sì" | "si" | "true" | "y" | "s" => true,
                other => return Err(msg!("error.import.substitute", value = other)),
            };
            let data = PlayerData {
                name: field(0),
                club: field(1),
                country: field(2),
                federation_id: if index[3].is_some() { field(3) } else { field(5) },
                substitute,
                withdrawn: false,
                team: field(6),
            }
            .trimmed();
            if let Some(problem) = data.problem() {
                return Err(problem);
            }
            let key = name_key(&data.name);
            if registered.contains(&key) {
                return Err(msg!("error.player.duplicate", name = data.name));
            }
            if let Some(first) = seen.get(&key) {
                return Err(msg!("error.import.twice", name = data.name, first = first));
            }
            if !data.federation_id.is_empty() {
                if let Some(first) = numbers.get(&data.federation_id) {
                    return Err(msg!("error.import.number_twice", number = data.federation_id, first = first));
                }
                numbers.insert(data.federation_id.clone(), line);
            }
            seen.insert(key, line);
            Ok(data)
        });
        rows.push(ImportRow { line, result });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(name: &str) -> (String, String) {
        let NameParts { last, first } = name_parts(name);
        (last, first)
    }

    fn said(last: &str, first: &str) -> (String, String) {
        (last.to_owned(), first.to_owned())
    }

    #[test]
    fn a_name_splits_into_last_and_first_name() {
        assert_eq!(parts("Anna Rossi"), said("Rossi", "Anna"), "the last word");
        assert_eq!(parts("  Maria   Valentina Bianchi "), said("Bianchi", "Maria Valentina"));
        assert_eq!(parts("Rossi, Anna Maria"), said("Rossi", "Anna Maria"), "LAST, First");
        assert_eq!(parts("De Luca , Francesco"), said("De Luca", "Francesco"));
        assert_eq!(parts("ROSSI Anna"), said("ROSSI", "Anna"), "capitals first");
        assert_eq!(parts("Anna Maria DE LUCA"), said("DE LUCA", "Anna Maria"), "capitals last");
        assert_eq!(parts("Niccolò BÀRTOLI-DELL'ACQUA"), said("BÀRTOLI-DELL'ACQUA", "Niccolò"));
        assert_eq!(parts("Francesco De Luca"), said("De Luca", "Francesco"), "a particle joins the last name");
        assert_eq!(parts("Jan van der Berg"), said("van der Berg", "Jan"));
        assert_eq!(parts("Teresa Dell'Acqua"), said("Dell'Acqua", "Teresa"));
        assert_eq!(parts("De Luca"), said("Luca", "De"), "one word is kept for the first name");
        assert_eq!(parts("Zoë"), said("Zoë", ""), "one word is a last name alone");
        assert_eq!(parts("ANNA ROSSI"), said("ROSSI", "ANNA"), "all in capitals: the last word");
        assert_eq!(parts("Anna J. Rossi"), said("Rossi", "Anna J."), "an initial is not a word in capitals");
        assert_eq!(parts(""), said("", ""));
    }

    #[test]
    fn a_federation_number_fits_the_tournaments_format_and_is_given_once_in_a_list() {
        assert_eq!(federation_problem("12345678", "########"), None);
        assert_eq!(federation_problem("FIMJ-0042", "FIMJ-####"), None);
        assert_eq!(federation_problem("anything", ""), None, "no format: any number");
        assert_eq!(federation_problem("", "########"), None, "no number: nothing to check");
        for wrong in ["1234567", "1234567X", "123456789"] {
            let said = federation_problem(wrong, "########").expect("refused");
            assert!(said.to_string().contains(wrong) && said.to_string().contains("########"), "{said}");
        }
        let text = "name,federation_number\nAnna,04170001\nBruno,04170002\nCarla,04170001\n";
        let rows = parse_players_csv(text, &[]).expect("header");
        assert_eq!(rows[1].result.as_ref().map(|p| p.federation_id.as_str()), Ok("04170002"), "the other column name");
        let twice = rows[2].result.as_ref().expect_err("given twice");
        assert!(twice.to_string().contains("04170001") && twice.to_string().contains('2'), "{twice}");
    }

    #[test]
    fn rows_are_checked_one_by_one() {
        let text = "name,club,substitute\nNiccolò Bàrtoli-Dell'Acqua,Drago,no\n,Drago,no\nAnna,,forse\nanna rossi,,1\nAnna Rossi,,\n";
        let rows = parse_players_csv(text, &[]).expect("header is fine");
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0].result.as_ref().map(|p| p.name.as_str()), Ok("Niccolò Bàrtoli-Dell'Acqua"));
        assert!(rows[1].result.as_ref().is_err_and(|e| e.id() == Some("error.player.no_name")));
        assert!(rows[2].result.as_ref().is_err_and(|e| e.to_string().contains("forse")));
        assert!(rows[3].result.as_ref().is_ok_and(|p| p.substitute));
        assert_eq!(rows[4].line, 6);
        assert!(rows[4].result.as_ref().is_err_and(|e| e.to_string().contains("twice")));
    }

    #[test]
    fn a_bad_header_is_refused() {
        assert!(parse_players_csv("nome,club\nA,B\n", &[]).is_err_and(|e| e.to_string().contains("nome")));
        assert!(parse_players_csv("club\nB\n", &[]).is_err_and(|e| e.to_string().contains("name")));
    }

    #[test]
    fn control_characters_are_refused_in_every_field_with_the_reason() {
        for bad in ["Anna\u{1b}[31m", "An\0na", "Anna\nRossi", "Anna\tRossi", "Anna\u{85}"] {
            let player = PlayerData { name: bad.into(), ..PlayerData::default() };
            assert!(
                player.problem().is_some_and(|p| p.to_string().starts_with("Name: contains the control character")),
                "{bad:?}"
            );
        }
        let player = PlayerData { name: "Anna".into(), club: "Drago\r".into(), ..PlayerData::default() };
        assert!(player.problem().is_some_and(|p| p.to_string().contains("Club") && p.to_string().contains("U+000D")));
        let rows = parse_players_csv("name,club\n\"Anna\u{1b}]0;x\u{7}\",Drago\nBruno,Drago\n", &[]).expect("header");
        assert!(rows[0].result.as_ref().is_err_and(|e| e.to_string().contains("U+001B")));
        assert!(rows[1].result.is_ok());
        let accented = PlayerData { name: "Niccolò Bàrtoli-Dell'Acqua".into(), ..PlayerData::default() };
        assert_eq!(accented.problem(), None);
    }

    #[test]
    fn names_already_registered_are_duplicates() {
        let rows = parse_players_csv("name\nAnna\n", &["ANNA".to_owned()]).expect("header");
        assert!(rows[0].result.is_err());
    }

    fn problem(row: &ImportRow) -> String {
        row.result.as_ref().err().map(ToString::to_string).unwrap_or_default()
    }

    #[test]
    fn a_name_already_registered_is_told_apart_from_one_given_twice_in_the_file() {
        let rows = parse_players_csv("name\nX9\n", &["X9".to_owned()]).expect("header");
        assert_eq!(problem(&rows[0]), "“X9” is already registered in this tournament");
        let rows = parse_players_csv("name\nX8\nAnna\nx8\n", &[]).expect("header");
        assert_eq!((rows[2].line, problem(&rows[2])), (4, "“x8” appears twice in the file (also on line 2)".into()));
    }

    #[test]
    fn a_row_with_a_field_too_few_or_too_many_is_refused_saying_which() {
        let rows = parse_players_csv("name,club,country\nOnlyName\nX3,B,C,D,E,F\nAnna,,\n", &[]).expect("header");
        assert_eq!(
            problem(&rows[0]),
            "1 field where the header has 3: club, country are missing (an empty value is still written, between \
             two commas)"
        );
        assert!(problem(&rows[1]).starts_with("6 fields where the header has 3: “D”, “E”, “F” are extra"), "{rows:?}");
        assert_eq!(rows[2].result.as_ref().map(|p| p.name.as_str()), Ok("Anna"), "empty values are values");
        let rows = parse_players_csv("name,club\nAnna,Drago,x,y,z,w\n", &[]).expect("header");
        assert!(problem(&rows[0]).contains("“x”, “y”, “z”, … are extra"), "{rows:?}");
    }

    #[test]
    fn lines_are_the_file_s_lines_even_after_a_quoted_line_break_or_a_blank_line() {
        let rows = parse_players_csv("name,club\n\"Anna\",\"Drago\nRosso\"\n\nBruno,Drago,x\n", &[]).expect("header");
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 5]);
        let rows = parse_players_csv("\u{feff}name\r\n\r\nAnna\r\n", &[]).expect("header");
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), [3]);
    }

    #[test]
    fn invisible_format_characters_are_refused_naming_the_field_the_character_and_its_position() {
        let name =
            |name: &str| PlayerData { name: name.into(), ..PlayerData::default() }.problem().map(|p| p.to_string());
        assert_eq!(
            name("Z\u{200b}w").as_deref(),
            Some("Name: “Z?w” has the invisible character U+200B at position 2; type it again without it")
        );
        for (bad, code) in [
            ("Anna \u{202e}issoR", "U+202E"),
            ("\u{2066}Anna\u{2069}", "U+2066"),
            ("An\u{ad}na", "U+00AD"),
            ("Anna\u{feff}", "U+FEFF"),
            ("Anna\u{2060}", "U+2060"),
            ("Anna\u{2028}Rossi", "U+2028"),
        ] {
            assert!(name(bad).is_some_and(|p| p.contains(code)), "{bad:?}: {:?}", name(bad));
        }
        // The joiners a script needs stay: Persian's non-joiner, an emoji sequence's joiner.
        assert_eq!(name("نرگس\u{200c}ها"), None);
        assert_eq!(name("Anna \u{1f469}\u{200d}\u{1f4bb}"), None);
        let club = PlayerData { name: "Anna".into(), club: "Drago\u{200b}".into(), ..PlayerData::default() };
        assert!(club.problem().is_some_and(|p| p.to_string().starts_with("Club: “Drago?”")));
        let rows = parse_players_csv("name\nZw\nZ\u{200b}w\n", &[]).expect("header");
        assert!(rows[0].result.is_ok() && problem(&rows[1]).contains("U+200B at position 2"), "{rows:?}");
    }

    #[test]
    fn a_long_value_is_shown_around_the_invisible_character() {
        let text = format!("{}\u{202e}{}", "a".repeat(60), "b".repeat(60));
        let shown = stecca_seam::import::shown_around(&text, 60);
        assert_eq!(shown, format!("…{}?{}…", "a".repeat(20), "b".repeat(19)));
        let problem = control_character(msg!("field.note"), &text).map(|p| p.to_string()).unwrap_or_default();
        assert!(problem.contains("at position 61") && !problem.contains('\u{202e}'), "{problem}");
    }

    #[test]
    fn a_name_typed_with_a_combining_accent_is_the_same_name() {
        let decomposed = PlayerData { name: "Ni\u{300}ccolo\u{300} ".into(), ..PlayerData::default() }.trimmed();
        assert_eq!(decomposed.name, "Nìccolò");
        let rows = parse_players_csv("name\nNi\u{300}ccolo\u{300}\n", &["nìccolò".to_owned()]).expect("header");
        assert!(problem(&rows[0]).contains("already registered"), "{rows:?}");
    }
}
