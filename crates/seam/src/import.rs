//! Reading what a referee imports or types: a CSV list whose header names its columns, read row by row with
//! each row's line, and the characters no name or label may hold. The registration list, the seating plan and
//! a ruleset's book are read with it.

use unicode_general_category::{GeneralCategory, get_general_category};

use crate::message::Message;
use crate::msg;

/// Why `text` cannot be a name or a label printed on sheets and screens: it holds a control character or a
/// line separator (an escape sequence, NUL, a line break or a tab would reach terminals, break one-line messages
/// and CSV rows, or hide text), or an invisible format character (Unicode category Cf: the bidirectional
/// overrides and isolates that show text in another order than it is, the zero-width space, the byte-order
/// mark, the soft hyphen…), which makes "Zw" and "Z\u{200b}w" two players who look the same. They are refused
/// rather than dropped: a value is kept as typed or not at all. The zero-width joiner and non-joiner stay
/// allowed, as Persian, the Indic scripts and emoji need them to write a name. `field` is the field's label,
/// named in the message.
pub fn control_character(field: Message, text: &str) -> Option<Message> {
    let (position, c) = text.chars().enumerate().find(|&(_, c)| refused(c))?;
    let code = format!("U+{:04X}", u32::from(c));
    let problem = if is_format(c) {
        msg!("error.text.invisible", shown = shown_around(text, position), code = code, position = position + 1)
    } else {
        msg!("error.text.control", code = code)
    };
    Some(problem.arg_message("field", field))
}

/// Zero-width non-joiner and joiner: format characters a script needs.
const JOINERS: [char; 2] = ['\u{200c}', '\u{200d}'];

/// An invisible format character a name may not hold.
fn is_format(c: char) -> bool {
    get_general_category(c) == GeneralCategory::Format && !JOINERS.contains(&c)
}

/// A character no name or label may hold.
pub fn refused(c: char) -> bool {
    c.is_control()
        || matches!(get_general_category(c), GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator)
        || is_format(c)
}

/// `text` as a message may show it: each refused character a visible "?", and a long text cut to the 40
/// characters around `at`.
pub fn shown_around(text: &str, at: usize) -> String {
    const WIDTH: usize = 40;
    let count = text.chars().count();
    let start = if count <= WIDTH { 0 } else { at.saturating_sub(WIDTH / 2).min(count - WIDTH) };
    let mut shown: String = if start > 0 { "…".into() } else { String::new() };
    shown.extend(text.chars().skip(start).take(WIDTH).map(|c| if refused(c) { '?' } else { c }));
    if start + WIDTH < count {
        shown.push('…');
    }
    shown
}

/// The rows of an imported CSV list after its header, and where each known column is.
pub type ColumnsOf<'a, const N: usize> = (csv::Reader<&'a [u8]>, [Option<usize>; N]);

/// A CSV list a referee imports: its rows after the header, and where each of `known` columns is (`None`:
/// absent). A byte-order mark is skipped; a header naming a column outside `known` is refused by name.
pub fn csv_with_columns<'a, const N: usize>(text: &'a str, known: &[&str; N]) -> Result<ColumnsOf<'a, N>, Message> {
    let (reader, found) = csv_with_column_list(text, known)?;
    let mut index = [None; N];
    index.copy_from_slice(&found);
    Ok((reader, index))
}

/// The rows of an imported CSV list after its header, and where each of a run-time list of columns is.
pub type ColumnList<'a> = (csv::Reader<&'a [u8]>, Vec<Option<usize>>);

/// [`csv_with_columns`] for a list of columns known only at run time (a ruleset's book).
pub fn csv_with_column_list<'a>(text: &'a str, known: &[&str]) -> Result<ColumnList<'a>, Message> {
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

/// The rows of an imported list, each with its line in the file (the header is line 1) and its fields, or why
/// it cannot be read. A row must have as many fields as the header names columns: a missing field would be read
/// as empty and an extra one dropped without a word (a comma too many or too few shifts every value after it).
/// `text` is the file `reader` reads.
pub fn checked_rows<'a>(
    reader: &'a mut csv::Reader<&[u8]>,
    text: &'a str,
) -> impl Iterator<Item = (usize, Result<csv::StringRecord, Message>)> + 'a {
    // Positions count from where the reader began, after the byte-order mark (as `csv_with_column_list`).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes();
    let headers = reader.headers().cloned().unwrap_or_default();
    reader.records().enumerate().map(move |(i, record)| {
        let position = match &record {
            Ok(record) => record.position(),
            Err(e) => e.position(),
        };
        let line = position.map_or(i + 2, |p| line_of(text, p));
        let result = record.map_err(|e| msg!("error.import.row", detail = e)).and_then(|record| {
            match field_count_problem(&record, &headers) {
                Some(problem) => Err(problem),
                None => Ok(record),
            }
        });
        (line, result)
    })
}

/// The line a record at `position` begins on: the reader counts from where the previous record ended, so the
/// blank lines it skipped are counted here.
fn line_of(text: &[u8], position: &csv::Position) -> usize {
    let from = usize::try_from(position.byte()).unwrap_or(usize::MAX);
    let blank = text.iter().skip(from).take_while(|&&b| b == b'\n' || b == b'\r').filter(|&&b| b == b'\n').count();
    usize::try_from(position.line()).unwrap_or(usize::MAX).saturating_add(blank)
}

/// Why `record` does not fit `headers`, if it does not: the columns left without a value, or the values past
/// the last column (at most three shown).
fn field_count_problem(record: &csv::StringRecord, headers: &csv::StringRecord) -> Option<Message> {
    let (found, expected) = (record.len(), headers.len());
    if found < expected {
        let missing: Vec<&str> = headers.iter().skip(found).collect();
        let problem = msg!("error.import.missing_fields", found = found, expected = expected, count = missing.len());
        return Some(problem.arg("columns", missing.join(", ")));
    }
    if found > expected {
        let extra: Vec<String> =
            record.iter().skip(expected).take(3).map(|value| format!("“{}”", shown_around(value, 0))).collect();
        let more = if found - expected > 3 { ", …" } else { "" };
        let values = format!("{}{more}", extra.join(", "));
        let problem = msg!("error.import.extra_fields", found = found, expected = expected, count = found - expected);
        return Some(problem.arg("values", values));
    }
    None
}
