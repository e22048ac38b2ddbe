//! The tournament's card (rules scored from a card, such as modern American): the hands kept, a form to add
//! or edit one, and a CSV import with a preview of every row (all rows or none). Entry offers these hands.

use crate::text_id;
use egui::{Color32, RichText};

use crate::frame::{Frame, Has};
use crate::message::{Explain, Message, io_reason};
use crate::msg;
use crate::tournament::{CardHand, CardRow, Id};

use super::{labelled_text, parse_number};

/// Largest card file read (a card of 500 hands is about 25 KB).
const MAX_FILE: u64 = 1_000_000;

/// The form, the import preview and the cached card.
#[derive(Default)]
pub struct State {
    section: String,
    line: String,
    value: String,
    concealed: bool,
    jokers_forbidden: bool,
    /// The hand being edited (its position), or `None` for a new one.
    editing: Option<usize>,
    focus_section: bool,
    import_path: String,
    /// The previewed file's text (imported exactly as previewed) and its rows.
    preview: Option<Result<(String, Vec<CardRow>), Message>>,
    card: crate::link::Fetched<Id, Vec<CardHand>>,
}

const RED: Color32 = Color32::from_rgb(200, 40, 40);

/// Draws the screen.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament_id() else { return };
    let card = app.fetch(|app| &mut app.screens.get::<State>().card, tournament, move |desk| desk.card(tournament));
    let lang = app.lang;
    let Some(card) = card else { return super::reading(ui, lang) };
    ui.heading(msg!("card.title", n = card.len()).render(lang));
    ui.label(RichText::new(lang.tr(text_id!("card.hint"))).weak());
    ui.columns(2, |columns| {
        list(app, &mut columns[0], tournament, &card);
        let ui = &mut columns[1];
        form(app, ui, tournament, &card);
        ui.separator();
        import(app, ui, tournament);
    });
}

fn list<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id, card: &[CardHand]) {
    let lang = app.lang;
    let mut remove = None;
    egui::ScrollArea::vertical().id_salt("card-list").max_height(ui.available_height() - 10.0).show(ui, |ui| {
        egui::Grid::new("card").striped(true).num_columns(5).show(ui, |ui| {
            for key in ["card.section", "card.line", "card.value", "card.kind", ""] {
                ui.label(RichText::new(if key.is_empty() { String::new() } else { lang.tr(key) }).strong());
            }
            ui.end_row();
            for (position, hand) in card.iter().enumerate() {
                ui.label(&hand.section);
                if ui
                    .button(RichText::new(&hand.line).monospace())
                    .on_hover_text(lang.tr(text_id!("card.edit")))
                    .clicked()
                {
                    let state = app.screens.get::<State>();
                    state.section = hand.section.clone();
                    state.line = hand.line.clone();
                    state.value = hand.value.to_string();
                    state.concealed = hand.concealed;
                    state.jokers_forbidden = !hand.jokers;
                    state.editing = Some(position);
                }
                ui.label(RichText::new(hand.value.to_string()).monospace());
                let mut kind = lang.tr(if hand.concealed { "card.concealed_short" } else { "card.exposed_short" });
                if !hand.jokers {
                    kind = format!("{kind} · {}", lang.tr(text_id!("card.no_jokers")));
                }
                ui.label(kind);
                if ui.small_button(lang.tr(text_id!("card.remove"))).clicked() {
                    remove = Some(position);
                }
                ui.end_row();
            }
        });
    });
    if let Some(position) = remove {
        let mut kept = card.to_vec();
        let gone = kept.remove(position);
        save(app, tournament, kept, msg!("card.removed", hand = gone.label()), |app| {
            app.screens.get::<State>().editing = None
        });
    }
}

fn form<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id, card: &[CardHand]) {
    let lang = app.lang;
    let editing = app.screens.get::<State>().editing.filter(|&p| p < card.len());
    ui.heading(lang.tr(if editing.is_some() { "card.edit" } else { "card.add" }));
    let state = app.screens.get::<State>();
    let section = labelled_text(ui, &lang.tr(text_id!("card.section")), &mut state.section, 200.0);
    if std::mem::take(&mut state.focus_section) {
        section.request_focus();
    }
    labelled_text(ui, &lang.tr(text_id!("card.line")), &mut state.line, 260.0);
    let value = labelled_text(ui, &lang.tr(text_id!("card.value")), &mut state.value, 60.0);
    ui.checkbox(&mut state.concealed, lang.tr(text_id!("card.concealed")));
    ui.checkbox(&mut state.jokers_forbidden, lang.tr(text_id!("card.jokers_forbidden")));
    let submit_key = value.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let mut submit = false;
    ui.horizontal(|ui| {
        let label = lang.tr(if editing.is_some() { "card.save_hand" } else { "card.add_hand" });
        submit = ui.button(label).clicked() || submit_key;
        if editing.is_some() && ui.button(lang.tr(text_id!("common.cancel"))).clicked() {
            let state = app.screens.get::<State>();
            *state = State { import_path: std::mem::take(&mut state.import_path), ..State::default() };
        }
    });
    if !submit {
        return;
    }
    let state = app.screens.get::<State>();
    let value = match parse_number::<u64>(&state.value, &lang.tr(text_id!("card.value"))) {
        Ok(value) => value,
        Err(e) => return app.fail(e),
    };
    let hand = CardHand {
        section: state.section.clone(),
        line: state.line.clone(),
        value,
        concealed: state.concealed,
        jokers: !state.jokers_forbidden,
    };
    let mut kept = card.to_vec();
    let done = match editing {
        Some(position) => {
            kept[position] = hand.clone();
            msg!("card.saved", hand = hand.label())
        }
        None => {
            kept.push(hand.clone());
            msg!("card.added", hand = hand.label())
        }
    };
    save(app, tournament, kept, done, |app| {
        // The next hand starts where the last began: section kept, the rest cleared.
        let state = app.screens.get::<State>();
        state.line.clear();
        state.value.clear();
        state.editing = None;
        state.focus_section = true;
    });
}

/// Saves the whole card; `then` runs once it is saved.
fn save<S: Has<State>>(
    app: &mut Frame<S>,
    tournament: Id,
    card: Vec<CardHand>,
    done: Message,
    then: impl FnOnce(&mut Frame<S>) + Send + 'static,
) {
    let referee = app.referee_name();
    app.write(
        move |desk| desk.set_card(tournament, &card, &referee),
        move |app, ()| {
            app.info(done.render(app.lang));
            then(app);
        },
    );
}

fn read_file(path: &str) -> Result<String, Message> {
    let at = |e: &std::io::Error| msg!("error.io.at", path = path).arg_message("why", io_reason(e));
    let size = std::fs::metadata(path).map_err(|e| at(&e))?.len();
    if size > MAX_FILE {
        return Err(msg!("error.card.file_too_big", path = path, size = size / 1000, max = MAX_FILE / 1000));
    }
    std::fs::read_to_string(path).map_err(|e| at(&e))
}

fn import<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id) {
    let lang = app.lang;
    ui.heading(lang.tr(text_id!("card.import")));
    ui.label(RichText::new(lang.tr(text_id!("card.import_hint"))).weak());
    if super::import_file_row(ui, lang, &mut app.screens.get::<State>().import_path) {
        let path = app.screens.get::<State>().import_path.trim().to_owned();
        match read_file(&path) {
            Err(problem) => app.screens.get::<State>().preview = Some(Err(problem)),
            Ok(text) => app.run(
                move |desk| {
                    let rows = desk.preview_card_import(tournament, &text).map_err(|e| e.message())?;
                    Ok((text, rows))
                },
                |app, preview| app.screens.get::<State>().preview = Some(preview),
            ),
        }
    }
    let Some(preview) = app.screens.get::<State>().preview.clone() else { return };
    let (text, rows) = match preview {
        Ok(found) => found,
        Err(e) => {
            ui.label(RichText::new(e.render(lang)).color(RED));
            return;
        }
    };
    let errors = rows.iter().filter(|r| r.result.is_err()).count();
    egui::ScrollArea::vertical().id_salt("card-preview").max_height(240.0).show(ui, |ui| {
        egui::Grid::new("card-rows").striped(true).num_columns(2).show(ui, |ui| {
            for row in &rows {
                ui.label(row.line.to_string());
                match &row.result {
                    Ok(hand) => ui.label(format!("{} — {}", hand.label(), hand.value)),
                    Err(e) => ui.label(RichText::new(e.render(lang)).color(RED)),
                };
                ui.end_row();
            }
        });
    });
    ui.label(msg!("players.import_summary", ok = rows.len() - errors, errors = errors).render(lang));
    if ui
        .add_enabled(errors == 0 && !rows.is_empty(), egui::Button::new(lang.tr(text_id!("players.import_go"))))
        .clicked()
    {
        let referee = app.referee_name();
        app.write(
            move |desk| desk.import_card(tournament, &text, &referee),
            move |app, n| {
                app.screens.get::<State>().preview = None;
                app.info(msg!("card.imported", n = n).render(lang));
            },
        );
    }
}
