//! The tournament's book (the lines its ruleset scores from, such as modern American's card of the year): the
//! lines kept, a form to add or edit one, and a CSV import with a preview of every row (all rows or none).
//! Everything is drawn from the ruleset's book model: its columns, their kinds and its words.

use std::sync::Arc;

use egui::RichText;

use super::RED;

use crate::frame::{Frame, Has};
use crate::message::{Explain, Message};
use crate::msg;
use crate::rules::book::{BookLine, BookModel, BookRow, BookValue, ColumnKind};
use crate::text_id;
use crate::tournament::Id;
use crate::widgets::book::offered;

use super::labelled_text;

/// Largest book file read (a card of 500 hands is about 25 KB).
const MAX_FILE: u64 = 1_000_000;

/// The form, the import preview and the cached book.
#[derive(Default)]
pub struct State {
    /// What the form holds, one cell per column of the model (empty until the screen is first drawn).
    cells: Vec<Cell>,
    /// The line being edited (its position), or `None` for a new one.
    editing: Option<usize>,
    focus_first: bool,
    import_path: String,
    /// The previewed file's text (imported exactly as previewed) and its rows.
    preview: super::FilePreview<Vec<BookRow>>,
    book: crate::link::Fetched<Id, Vec<BookLine>>,
}

/// One column's cell of the form.
#[derive(Clone, Debug, PartialEq)]
enum Cell {
    /// A text or number column, as typed.
    Typed(String),
    /// A flag column.
    Ticked(bool),
}

/// The form's cells for `line`.
fn cells_of(model: &BookModel, line: &BookLine) -> Vec<Cell> {
    model
        .columns
        .iter()
        .map(|column| match column.kind {
            ColumnKind::Text { .. } => Cell::Typed(line.text(column.key).to_owned()),
            ColumnKind::Number { .. } if line.number(column.key) == 0 => Cell::Typed(String::new()),
            ColumnKind::Number { .. } => Cell::Typed(line.number(column.key).to_string()),
            ColumnKind::Flag { .. } => Cell::Ticked(line.flag(column.key)),
        })
        .collect()
}

/// The line the form's cells make, or why they make none (naming the column).
fn line_of(model: &BookModel, cells: &[Cell]) -> Result<BookLine, Message> {
    let mut line = BookLine::default();
    for (column, cell) in model.columns.iter().zip(cells) {
        let value = match cell {
            Cell::Typed(text) => model.read_cell(column, text)?,
            Cell::Ticked(ticked) => BookValue::Flag(*ticked),
        };
        line.set(column.key, value);
    }
    model.checked(&line)
}

/// Draws the screen.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament_id() else { return };
    let Some(model) = app.tournament.as_ref().and_then(|t| t.settings.ruleset().entry_model().book()) else {
        return;
    };
    let book = app.fetch(|app| &mut app.screens.get::<State>().book, tournament, move |desk| desk.book(tournament));
    let lang = app.lang;
    let Some(book) = book else { return super::reading(ui, lang) };
    let state = app.screens.get::<State>();
    if state.cells.len() != model.columns.len() {
        state.cells = cells_of(model, &model.blank());
    }
    ui.heading(Message::new(model.title).arg("n", book.len()).render(lang));
    ui.label(RichText::new(lang.tr(model.hint)).weak());
    ui.columns(2, |columns| {
        list(app, &mut columns[0], tournament, model, &book);
        let ui = &mut columns[1];
        form(app, ui, tournament, model, &book);
        ui.separator();
        import(app, ui, tournament, model);
    });
}

fn list<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id, model: &BookModel, book: &[BookLine]) {
    let lang = app.lang;
    let mut remove = None;
    // The last column naming a line is the one a click edits (the card's hand as printed).
    let edit_key = model.label_columns.last().copied();
    egui::Grid::new("book").striped(true).num_columns(model.columns.len() + 1).show(ui, |ui| {
        for column in model.columns {
            ui.label(RichText::new(lang.tr(column.title)).strong());
        }
        ui.label("");
        ui.end_row();
        for (position, line) in book.iter().enumerate() {
            for column in model.columns {
                match column.kind {
                    ColumnKind::Text { .. } if Some(column.key) == edit_key => {
                        let button = ui.button(RichText::new(line.text(column.key)).monospace());
                        if button.on_hover_text(lang.tr(text_id!("book.edit_line"))).clicked() {
                            let state = app.screens.get::<State>();
                            state.cells = cells_of(model, line);
                            state.editing = Some(position);
                        }
                    }
                    ColumnKind::Text { .. } => {
                        ui.label(line.text(column.key));
                    }
                    ColumnKind::Number { .. } => {
                        ui.label(RichText::new(line.number(column.key).to_string()).monospace());
                    }
                    ColumnKind::Flag { shown: (on, off), .. } => {
                        let shown = if line.flag(column.key) { on } else { off };
                        ui.label(shown.map(|id| lang.tr(id)).unwrap_or_default());
                    }
                }
            }
            if ui.small_button(lang.tr(text_id!("book.remove"))).clicked() {
                remove = Some(position);
            }
            ui.end_row();
        }
    });
    if let Some(position) = remove {
        let mut kept = book.to_vec();
        let gone = kept.remove(position);
        let done = Message::new(model.words.removed).arg("line", model.label(&gone));
        save(app, tournament, kept, done, |app| app.screens.get::<State>().editing = None);
    }
}

fn form<S: Has<State>>(
    app: &mut Frame<S>,
    ui: &mut egui::Ui,
    tournament: Id,
    model: &'static BookModel,
    book: &[BookLine],
) {
    let lang = app.lang;
    let editing = app.screens.get::<State>().editing.filter(|&p| p < book.len());
    ui.heading(lang.tr(if editing.is_some() { model.words.edit } else { model.words.add }));
    let state = app.screens.get::<State>();
    let focus_first = std::mem::take(&mut state.focus_first);
    let mut submit_key = false;
    for (index, (column, cell)) in model.columns.iter().zip(state.cells.iter_mut()).enumerate() {
        match cell {
            Cell::Typed(text) => {
                let width = match column.kind {
                    ColumnKind::Number { .. } => 60.0,
                    _ => 260.0,
                };
                let response = labelled_text(ui, &lang.tr(column.label), text, width);
                if focus_first && index == 0 {
                    response.request_focus();
                }
                submit_key |= response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            }
            Cell::Ticked(ticked) => {
                ui.checkbox(ticked, lang.tr(column.label));
            }
        }
    }
    let mut submit = false;
    ui.horizontal(|ui| {
        let label = lang.tr(if editing.is_some() { model.words.save_line } else { model.words.add_line });
        submit = ui.button(label).clicked() || submit_key;
        if editing.is_some() && ui.button(lang.tr(text_id!("common.cancel"))).clicked() {
            let state = app.screens.get::<State>();
            state.cells = cells_of(model, &model.blank());
            state.editing = None;
        }
    });
    if !submit {
        return;
    }
    let line = match line_of(model, &app.screens.get::<State>().cells) {
        Ok(line) => line,
        Err(problem) => return app.fail(problem),
    };
    let label = model.label(&line);
    let mut kept = book.to_vec();
    let done = match editing {
        Some(position) => {
            kept[position] = line;
            Message::new(model.words.saved).arg("line", label)
        }
        None => {
            kept.push(line);
            Message::new(model.words.added).arg("line", label)
        }
    };
    save(app, tournament, kept, done, |app| {
        // The next line starts where the last began: the first column kept (the card's section), every other
        // cell back to a new line's, flags included.
        let state = app.screens.get::<State>();
        let mut fresh = cells_of(model, &model.blank());
        if let (Some(first), Some(kept)) = (fresh.first_mut(), state.cells.first()) {
            *first = kept.clone();
        }
        state.cells = fresh;
        state.editing = None;
        state.focus_first = true;
    });
}

/// Saves the whole book; `then` runs once it is saved.
fn save<S: Has<State>>(
    app: &mut Frame<S>,
    tournament: Id,
    book: Vec<BookLine>,
    done: Message,
    then: impl FnOnce(&mut Frame<S>) + Send + 'static,
) {
    let referee = app.referee_name();
    app.write(
        move |desk| desk.set_book(tournament, &book, &referee),
        move |app, ()| {
            app.info(done);
            then(app);
        },
    );
}

fn import<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id, model: &'static BookModel) {
    let lang = app.lang;
    ui.heading(lang.tr(model.words.import));
    ui.label(RichText::new(lang.tr(model.words.import_hint)).weak());
    if super::import_file_row(ui, lang, &mut app.screens.get::<State>().import_path) {
        let path = app.screens.get::<State>().import_path.trim().to_owned();
        app.run(
            move |desk| {
                let text = super::read_import_file(&path, MAX_FILE)?;
                let rows = desk.preview_book_import(tournament, &text).map_err(|e| e.message())?;
                Ok(Arc::new((text, rows)))
            },
            |app, preview| app.screens.get::<State>().preview = Some(preview),
        );
    }
    let Some(preview) = app.screens.get::<State>().preview.clone() else { return };
    let found = match preview {
        Ok(found) => found,
        Err(e) => {
            ui.label(RichText::new(e.render(lang)).color(RED));
            return;
        }
    };
    let (_, rows) = &*found;
    let errors = rows.iter().filter(|r| r.result.is_err()).count();
    egui::Grid::new("book-rows").striped(true).num_columns(2).show(ui, |ui| {
        for row in rows {
            ui.label(row.line.to_string());
            match &row.result {
                Ok(line) => ui.label(offered(model, line, lang)),
                Err(e) => ui.label(RichText::new(e.render(lang)).color(RED)),
            };
            ui.end_row();
        }
    });
    ui.label(msg!("players.import_summary", ok = rows.len() - errors, errors = errors).render(lang));
    if ui
        .add_enabled(errors == 0 && !rows.is_empty(), egui::Button::new(lang.tr(text_id!("players.import_go"))))
        .clicked()
    {
        let referee = app.referee_name();
        let text = found.0.clone();
        app.write(
            move |desk| desk.import_book(tournament, &text, &referee),
            move |app, n| {
                app.screens.get::<State>().preview = None;
                app.info(Message::new(model.words.imported).arg("n", n));
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset;

    fn card() -> &'static BookModel {
        ruleset("nmjl").and_then(|r| r.entry_model().book()).expect("the NMJL card")
    }

    #[test]
    fn the_form_reads_its_cells_into_a_line_and_back() {
        let model = card();
        let mut cells = cells_of(model, &model.blank());
        assert!(cells.contains(&Cell::Ticked(true)), "jokers allowed by default: {cells:?}");
        cells[0] = Cell::Typed(" 2468 ".into());
        cells[1] = Cell::Typed("FF 2222".into());
        cells[2] = Cell::Typed("25".into());
        let line = line_of(model, &cells).expect("a sound line");
        assert_eq!(model.label(&line), "2468 · FF 2222");
        assert_eq!(cells_of(model, &line)[0], Cell::Typed("2468".into()));
        cells[2] = Cell::Typed("25x".into());
        let wrong = line_of(model, &cells).expect_err("not a number");
        assert!(wrong.to_string().contains("«25x»"), "{wrong}");
        let shown = crate::widgets::book::details(model, &line, crate::Lang::ENGLISH);
        assert!(shown.starts_with("25 · X"), "{shown}");
    }
}
