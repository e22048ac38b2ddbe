//! Player registration: the player's details, and the registration list as CSV (columns name, club, country,
//! federation_id, substitute), checked row by row before anything is saved.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::message::Message;
use crate::msg;

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
}

/// Why `text` cannot be a name or a label printed on sheets and screens: it holds a control character
/// (an escape sequence, NUL, a line break or a tab would reach terminals, break one-line messages and CSV
/// rows, or hide text). `field` is the field's label, named in the message.
pub fn control_character(field: Message, text: &str) -> Option<Message> {
    let c = text.chars().find(|c| c.is_control())?;
    Some(msg!("error.text.control", code = format!("U+{:04X}", u32::from(c))).arg_message("field", field))
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
        ] {
            if let Some(problem) = control_character(field, text) {
                return Some(problem);
            }
        }
        name_problem(&self.name)
    }

    /// The same with surrounding spaces removed.
    pub fn trimmed(&self) -> PlayerData {
        PlayerData {
            name: self.name.trim().to_owned(),
            club: self.club.trim().to_owned(),
            country: self.country.trim().to_owned(),
            federation_id: self.federation_id.trim().to_owned(),
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

/// The columns a registration list may have; `name` is required.
pub const COLUMNS: [&str; 5] = ["name", "club", "country", "federation_id", "substitute"];

/// The rows of an imported CSV list after its header, and where each known column is.
pub(crate) type ColumnsOf<'a, const N: usize> = (csv::Reader<&'a [u8]>, [Option<usize>; N]);

/// A CSV list a referee imports: its rows after the header, and where each of `known` columns is (`None`:
/// absent). A byte-order mark is skipped; a header naming a column outside `known` is refused by name.
pub(crate) fn csv_with_columns<'a, const N: usize>(
    text: &'a str,
    known: &[&str; N],
) -> Result<ColumnsOf<'a, N>, Message> {
    let (reader, found) = csv_with_column_list(text, known)?;
    let mut index = [None; N];
    index.copy_from_slice(&found);
    Ok((reader, index))
}

/// The rows of an imported CSV list after its header, and where each of a run-time list of columns is.
pub(crate) type ColumnList<'a> = (csv::Reader<&'a [u8]>, Vec<Option<usize>>);

/// [`csv_with_columns`] for a list of columns known only at run time (a ruleset's book).
pub(crate) fn csv_with_column_list<'a>(text: &'a str, known: &[&str]) -> Result<ColumnList<'a>, Message> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| msg!("error.import.header", detail = e))?.clone();
    let mut index = vec![None; known.len()];
    for (i, header) in headers.iter().enumerate() {
        let key = header.to_lowercase();
        let Some(column) = known.iter().position(|c| *c == key) else {
            return Err(msg!("error.import.unknown_column", column = header, known = known.join(", ")));
        };
        index[column] = Some(i);
    }
    Ok((reader, index))
}

/// Reads a registration list. A file-level problem (no `name` column, an unknown column) is an `Err`; row
/// problems are reported per row, including a name given twice (also against `registered`).
pub fn parse_players_csv(text: &str, registered: &[String]) -> Result<Vec<ImportRow>, Message> {
    let (mut reader, index) = csv_with_columns(text, &COLUMNS)?;
    if index[0].is_none() {
        return Err(msg!("error.import.no_name_column"));
    }
    let mut seen: HashSet<String> = registered.iter().map(|n| n.to_lowercase()).collect();
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let result = record.map_err(|e| msg!("error.import.row", detail = e)).and_then(|record| {
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
                federation_id: field(3),
                substitute,
                withdrawn: false,
            }
            .trimmed();
            if let Some(problem) = data.problem() {
                return Err(problem);
            }
            if !seen.insert(data.name.to_lowercase()) {
                return Err(msg!("error.import.twice", name = data.name));
            }
            Ok(data)
        });
        rows.push(ImportRow { line, result });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
