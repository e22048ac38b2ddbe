//! A ruleset's book: the lines it scores from, kept per tournament (modern American's card of the year is one:
//! the League prints it anew each year and Stecca does not ship it). The ruleset describes the book as data, a
//! [`BookModel`] of [`BookColumn`]s; the desk keeps its rows, the book screen and the CSV import are drawn from
//! the columns, and entry finds a line by a few typed letters ([`super::FieldKind::BookLine`]). Nothing outside
//! the ruleset's folder names a column, and a book needs no table of its own: rows are stored as JSON objects
//! keyed by column, so a column a ruleset adds later reads its default from rows saved before.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::import::{checked_rows, control_character, csv_with_column_list};
use crate::message::Message;
use crate::msg;

/// A ruleset's book, described as data.
#[derive(Debug)]
pub struct BookModel {
    /// The book's name in the navigation ("Carta"): a text id.
    pub name: &'static str,
    /// The book screen's heading, with the number of lines `{n}`: a text id.
    pub title: &'static str,
    /// What the book is, under the heading: a text id.
    pub hint: &'static str,
    /// The columns, in the order the screen, the file and the form show them.
    pub columns: &'static [BookColumn],
    /// The columns (keys) that name a line ("2468 · FF 2222 44 6666 88"): a line is searched by them and two
    /// lines may not share them.
    pub label_columns: &'static [&'static str],
    /// Most lines a book may hold.
    pub max_lines: usize,
    /// The words of the screen and its messages, which name what a line is (a hand, a pattern).
    pub words: BookWords,
}

/// The text ids of a book's screen and messages.
#[derive(Debug)]
pub struct BookWords {
    /// The form's heading for a new line.
    pub add: &'static str,
    /// The form's heading while a line is edited.
    pub edit: &'static str,
    /// The button adding the form's line.
    pub add_line: &'static str,
    /// The button saving an edited line.
    pub save_line: &'static str,
    /// Done: a line added, with `{line}`.
    pub added: &'static str,
    /// Done: a line saved, with `{line}`.
    pub saved: &'static str,
    /// Done: a line removed, with `{line}`.
    pub removed: &'static str,
    /// Done: a file's lines added, with `{n}`.
    pub imported: &'static str,
    /// The import's heading.
    pub import: &'static str,
    /// The import's hint: the file's columns and what they hold.
    pub import_hint: &'static str,
    /// Refused: `{count}` lines where a book holds `{max}`.
    pub too_many: &'static str,
    /// Refused: the line `{line}` is in the book twice.
    pub twice: &'static str,
}

/// One column of a book.
#[derive(Debug)]
pub struct BookColumn {
    /// The key in a stored line and the column's name in a CSV file (lower case).
    pub key: &'static str,
    /// The column's short heading ("Valore"): a text id.
    pub title: &'static str,
    /// The form's label for it ("Coperta (C)"): a text id.
    pub label: &'static str,
    /// What it holds.
    pub kind: ColumnKind,
    /// A CSV file must have the column (a flag column left out takes its default).
    pub required: bool,
}

/// What a book's column holds.
#[derive(Clone, Copy, Debug)]
pub enum ColumnKind {
    /// Text of one line, not empty, at most `max_chars` characters.
    Text {
        /// Longest text, in characters.
        max_chars: usize,
    },
    /// A whole number in `min..=max`.
    Number {
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
    /// Yes or no.
    Flag {
        /// A new line's value, and a stored line's when the column is absent.
        default: bool,
        /// The words a file writes for yes (lower case; "" for an empty cell).
        yes: &'static [&'static str],
        /// The words a file writes for no (lower case; "" for an empty cell).
        no: &'static [&'static str],
        /// Refused: `{value}` is neither: a text id.
        unreadable: &'static str,
        /// How a line shows yes and no in lists ("C", "X"); `None` shows nothing: text ids.
        shown: (Option<&'static str>, Option<&'static str>),
    },
}

/// A value of a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BookValue {
    /// A flag column's.
    Flag(bool),
    /// A number column's.
    Number(u64),
    /// A text column's.
    Text(String),
}

/// One line of a book: its values by column key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BookLine(pub BTreeMap<String, BookValue>);

impl BookLine {
    /// The text of column `key` ("" when it holds none).
    pub fn text(&self, key: &str) -> &str {
        match self.0.get(key) {
            Some(BookValue::Text(text)) => text,
            _ => "",
        }
    }

    /// The number of column `key` (0 when it holds none).
    pub fn number(&self, key: &str) -> u64 {
        match self.0.get(key) {
            Some(BookValue::Number(n)) => *n,
            _ => 0,
        }
    }

    /// The flag of column `key` (`false` when it holds none).
    pub fn flag(&self, key: &str) -> bool {
        matches!(self.0.get(key), Some(BookValue::Flag(true)))
    }

    /// Sets column `key`.
    pub fn set(&mut self, key: &str, value: BookValue) {
        self.0.insert(key.to_owned(), value);
    }
}

/// One row of a book file: the line, or why the row cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookRow {
    /// Line in the file (the header is line 1).
    pub line: usize,
    /// The book's line or the problem.
    pub result: Result<BookLine, Message>,
}

impl BookModel {
    /// A new line: flags at their defaults, text and numbers empty.
    pub fn blank(&self) -> BookLine {
        let mut line = BookLine::default();
        for column in self.columns {
            if let ColumnKind::Flag { default, .. } = column.kind {
                line.set(column.key, BookValue::Flag(default));
            }
        }
        line
    }

    /// The line as the book keeps it: text trimmed, flags absent taking their defaults, values of unknown
    /// columns dropped.
    pub fn tidy(&self, line: &BookLine) -> BookLine {
        let mut tidy = self.blank();
        for column in self.columns {
            match (column.kind, line.0.get(column.key)) {
                (ColumnKind::Text { .. }, Some(BookValue::Text(text))) => {
                    tidy.set(column.key, BookValue::Text(text.trim().to_owned()))
                }
                (ColumnKind::Number { .. }, Some(value @ BookValue::Number(_)))
                | (ColumnKind::Flag { .. }, Some(value @ BookValue::Flag(_))) => tidy.set(column.key, value.clone()),
                _ => {}
            }
        }
        tidy
    }

    /// "2468 · FF 2222 44 6666 88": the label columns' texts, as entry, sheets and messages name the line.
    pub fn label(&self, line: &BookLine) -> String {
        let parts: Vec<&str> = self.label_columns.iter().map(|key| line.text(key).trim()).collect();
        parts.join(" · ")
    }

    fn key(&self, line: &BookLine) -> String {
        let parts: Vec<String> = self.label_columns.iter().map(|key| line.text(key).trim().to_lowercase()).collect();
        parts.join("\u{1f}")
    }

    /// Why this line cannot be kept, if anything: a text empty, too long or holding a control character, or a
    /// number out of range (each naming its column).
    pub fn line_problem(&self, line: &BookLine) -> Option<Message> {
        for column in self.columns {
            let field = Message::new(column.title);
            match column.kind {
                ColumnKind::Text { max_chars } => {
                    let text = line.text(column.key);
                    if text.trim().is_empty() {
                        return Some(msg!("error.book.empty").arg_message("field", field));
                    }
                    if text.chars().count() > max_chars {
                        return Some(msg!("error.book.too_long", max = max_chars).arg_message("field", field));
                    }
                    if let Some(problem) = control_character(field, text) {
                        return Some(problem);
                    }
                }
                ColumnKind::Number { min, max } => {
                    let value = line.number(column.key);
                    if !(min..=max).contains(&value) {
                        let problem = msg!("error.book.range", value = value, min = min, max = max);
                        return Some(problem.arg_message("field", field));
                    }
                }
                ColumnKind::Flag { .. } => {}
            }
        }
        None
    }

    /// The line tidied, or why it cannot be kept ([`BookModel::line_problem`]).
    pub fn checked(&self, line: &BookLine) -> Result<BookLine, Message> {
        let line = self.tidy(line);
        match self.line_problem(&line) {
            Some(problem) => Err(problem),
            None => Ok(line),
        }
    }

    /// Refused: `count` lines where the book holds fewer.
    fn too_many(&self, count: usize) -> Message {
        Message::new(self.words.too_many).arg("count", count).arg("max", self.max_lines)
    }

    /// Refused: `line` is in the book twice.
    fn twice(&self, line: &BookLine) -> Message {
        Message::new(self.words.twice).arg("line", self.label(line))
    }

    /// Why a whole book cannot be kept: too many lines, a line's problem, or a line listed twice.
    pub fn problem(&self, lines: &[BookLine]) -> Option<Message> {
        if lines.len() > self.max_lines {
            return Some(self.too_many(lines.len()));
        }
        let mut seen = HashSet::new();
        for line in lines {
            if let Some(problem) = self.line_problem(line) {
                return Some(msg!("error.book.line", line = self.label(line)).arg_message("why", problem));
            }
            if !seen.insert(self.key(line)) {
                return Some(self.twice(line));
            }
        }
        None
    }

    /// The lines whose label contains every word typed (case and spaces inside a word ignored), in book order;
    /// nothing for an empty search.
    pub fn search<'a>(&self, lines: &'a [BookLine], typed: &str) -> Vec<&'a BookLine> {
        let words: Vec<String> = typed.split_whitespace().map(str::to_lowercase).collect();
        if words.is_empty() {
            return Vec::new();
        }
        let squeeze = |text: &str| text.to_lowercase().split_whitespace().collect::<String>();
        lines
            .iter()
            .filter(|line| {
                let text = squeeze(&self.label(line));
                words.iter().all(|w| text.contains(w.as_str()))
            })
            .collect()
    }

    /// A stored line (a JSON object keyed by column), tidied; `None` when the text is not such an object.
    pub fn read_stored(&self, json: &str) -> Option<BookLine> {
        serde_json::from_str::<BookLine>(json).ok().map(|line| self.tidy(&line))
    }

    /// A line as stored: a JSON object keyed by column.
    pub fn stored(line: &BookLine) -> String {
        // A map of strings, numbers and booleans always serializes.
        serde_json::to_string(line).unwrap_or_default()
    }

    /// Reads a book file: a header of column keys (the columns marked `required` must be there), then one line
    /// per row. A file-level problem (a missing or unknown column, more lines than the book holds) is an `Err`;
    /// rows are checked one by one, including a row with a field too many or too few and a line listed twice
    /// (also against `kept`).
    pub fn parse_csv(&self, text: &str, kept: &[BookLine]) -> Result<Vec<BookRow>, Message> {
        let keys: Vec<&str> = self.columns.iter().map(|c| c.key).collect();
        let (mut reader, index) = csv_with_column_list(text, &keys)?;
        if let Some(missing) = self.columns.iter().zip(&index).find(|(c, i)| c.required && i.is_none()) {
            return Err(msg!("error.book.no_column", column = missing.0.key, columns = keys.join(", ")));
        }
        let mut seen: HashSet<String> = kept.iter().map(|line| self.key(line)).collect();
        let mut rows = Vec::new();
        for (line, record) in checked_rows(&mut reader, text) {
            if rows.len() + kept.len() >= self.max_lines {
                return Err(self.too_many(rows.len() + kept.len() + 1));
            }
            let result = record.and_then(|record| {
                let cell = |c: usize| index[c].and_then(|i| record.get(i)).unwrap_or("");
                let mut line = BookLine::default();
                for (c, column) in self.columns.iter().enumerate() {
                    line.set(column.key, self.read_cell(column, cell(c))?);
                }
                let line = self.checked(&line)?;
                if !seen.insert(self.key(&line)) {
                    return Err(self.twice(&line));
                }
                Ok(line)
            });
            rows.push(BookRow { line, result });
        }
        Ok(rows)
    }

    /// A cell of a file (or of the form) read as `column` holds it.
    pub fn read_cell(&self, column: &BookColumn, cell: &str) -> Result<BookValue, Message> {
        let cell = cell.trim();
        match column.kind {
            ColumnKind::Text { .. } => Ok(BookValue::Text(cell.to_owned())),
            ColumnKind::Number { min, max } => cell.parse::<u64>().map(BookValue::Number).map_err(|_| {
                let negative = cell.strip_prefix('-').is_some_and(|digits| digits.parse::<u64>().is_ok());
                let problem = if negative {
                    msg!("error.book.negative", value = cell, min = min, max = max)
                } else {
                    msg!("error.book.not_whole", value = cell)
                };
                problem.arg_message("field", Message::new(column.title))
            }),
            ColumnKind::Flag { yes, no, unreadable, .. } => {
                let lower = cell.to_lowercase();
                if yes.contains(&lower.as_str()) {
                    Ok(BookValue::Flag(true))
                } else if no.contains(&lower.as_str()) {
                    Ok(BookValue::Flag(false))
                } else {
                    Err(Message::new(unreadable).arg("value", cell))
                }
            }
        }
    }

    /// The text ids a line's flags show in lists ("C"), in column order.
    pub fn shown_flags(&self, line: &BookLine) -> Vec<&'static str> {
        self.columns
            .iter()
            .filter_map(|column| match column.kind {
                ColumnKind::Flag { shown: (on, off), .. } => {
                    if line.flag(column.key) {
                        on
                    } else {
                        off
                    }
                }
                _ => None,
            })
            .collect()
    }

    /// Every text id the model names (a test holds them to the locale files).
    pub fn text_ids(&self) -> Vec<&'static str> {
        let w = &self.words;
        let mut ids = vec![
            self.name,
            self.title,
            self.hint,
            w.add,
            w.edit,
            w.add_line,
            w.save_line,
            w.added,
            w.saved,
            w.removed,
            w.imported,
            w.import,
            w.import_hint,
            w.too_many,
            w.twice,
        ];
        for column in self.columns {
            ids.extend([column.title, column.label]);
            if let ColumnKind::Flag { unreadable, shown: (on, off), .. } = column.kind {
                ids.push(unreadable);
                ids.extend(on);
                ids.extend(off);
            }
        }
        ids
    }
}
