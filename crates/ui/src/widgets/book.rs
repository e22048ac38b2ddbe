//! How a line of a ruleset's book reads in lists and offers, drawn from the book's columns: its label, then its
//! numbers and the words its flags show ("2468 · FF 2222 44 6666 88 — 25 · C").

use crate::Lang;
use crate::rules::book::{BookLine, BookModel, ColumnKind};

/// The line's numbers and shown flags, in column order ("25 · C").
pub fn details(model: &BookModel, line: &BookLine, lang: Lang) -> String {
    let mut parts: Vec<String> = model
        .columns
        .iter()
        .filter(|column| matches!(column.kind, ColumnKind::Number { .. }))
        .map(|column| line.number(column.key).to_string())
        .collect();
    parts.extend(model.shown_flags(line).into_iter().map(|id| lang.tr(id)));
    parts.join(" · ")
}

/// The line as entry offers it: its label and its details.
pub fn offered(model: &BookModel, line: &BookLine, lang: Lang) -> String {
    format!("{} — {}", model.label(line), details(model, line, lang))
}
