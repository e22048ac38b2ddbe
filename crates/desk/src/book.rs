//! The tournament's book at the desk (the lines its ruleset scores from, such as modern American's card of
//! the year): kept only by tournaments whose ruleset has one; replaced whole (an edit) or extended by a file
//! whose every row is sound (an import: all rows or none). The ruleset's book model reads and checks the lines.

use super::{DeskError, DeskResult};
use crate::msg;
use crate::rules::book::{BookLine, BookModel, BookRow};
use crate::store::Store;
use crate::tournament::{Id, TournamentSettings};

/// The book model of `tournament`'s ruleset, or why it keeps none.
fn model(store: &Store, tournament: Id) -> DeskResult<&'static BookModel> {
    let settings = store.tournament(tournament)?.settings;
    settings.ruleset().entry_model().book().ok_or_else(|| {
        DeskError::Refused(msg!("error.book.not_used").arg_message("rules", settings.ruleset().name_message()))
    })
}

/// The lines kept with a model (the database holds only JSON objects: its check says so).
fn read(store: &Store, tournament: Id, model: &BookModel) -> DeskResult<Vec<BookLine>> {
    Ok(store.book(tournament)?.iter().filter_map(|json| model.read_stored(json)).collect())
}

/// The book of `tournament` (empty when its ruleset keeps none, or none is kept yet).
pub fn book(store: &Store, tournament: Id) -> DeskResult<Vec<BookLine>> {
    kept(store, tournament, &store.tournament(tournament)?.settings)
}

/// The book of `tournament`, whose `settings` the caller has already read.
pub(crate) fn kept(store: &Store, tournament: Id, settings: &TournamentSettings) -> DeskResult<Vec<BookLine>> {
    match settings.ruleset().entry_model().book() {
        Some(model) => read(store, tournament, model),
        None => Ok(Vec::new()),
    }
}

/// Replaces the book (after an edit at the desk), checked whole first.
pub fn set_book(store: &mut Store, tournament: Id, lines: &[BookLine], referee: &str) -> DeskResult<()> {
    let model = model(store, tournament)?;
    let tidy: Vec<BookLine> = lines.iter().map(|line| model.tidy(line)).collect();
    save(store, tournament, model, &tidy, referee)
}

fn save(store: &mut Store, tournament: Id, model: &BookModel, lines: &[BookLine], referee: &str) -> DeskResult<()> {
    if let Some(problem) = model.problem(lines) {
        return Err(DeskError::Refused(problem));
    }
    let stored: Vec<String> = lines.iter().map(BookModel::stored).collect();
    Ok(store.set_book(tournament, &stored, referee)?)
}

/// Reads a book file against the lines kept, for a preview: each row's line or its problem.
pub fn preview_book_import(store: &Store, tournament: Id, text: &str) -> DeskResult<Vec<BookRow>> {
    let model = model(store, tournament)?;
    let kept = read(store, tournament, model)?;
    model.parse_csv(text, &kept).map_err(DeskError::Refused)
}

/// Adds every line of a book file after the lines kept, or nothing when a row has a problem (the first is
/// named with its line in the file). Returns how many lines were added.
pub fn import_book(store: &mut Store, tournament: Id, text: &str, referee: &str) -> DeskResult<usize> {
    let model = model(store, tournament)?;
    let mut lines = read(store, tournament, model)?;
    let rows = model.parse_csv(text, &lines).map_err(DeskError::Refused)?;
    let added = rows.len();
    for row in rows {
        match row.result {
            Ok(line) => lines.push(line),
            Err(why) => {
                return Err(DeskError::Refused(msg!("error.import.line", line = row.line).arg_message("why", why)));
            }
        }
    }
    save(store, tournament, model, &lines, referee)?;
    Ok(added)
}
