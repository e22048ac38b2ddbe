//! One field of a ruleset's entry model drawn in a player's column: each [`FieldKind`] has its widget, and the
//! ruleset's words come only from the field's label and choices (text ids). A line of the ruleset's book is
//! searched by a few letters ([`FieldView::book_line`]); a hand's main field (tiles, cards) is drawn by the
//! entry screen.

use egui::RichText;

use crate::Lang;
use crate::rules::book::BookLine;
use crate::rules::{BookEntry, Field, FieldKind, PickedLine};
use crate::text_id;
use crate::tournament::HandEntry;

/// What happened in a field this frame.
#[derive(Default)]
pub struct Answer {
    /// The field has the keyboard.
    pub has_focus: bool,
    /// Enter ended the field: the next one takes the keyboard.
    pub enter: bool,
    /// A tick that one player at most carries was just set: the others lose it.
    pub claimed: bool,
}

/// One field of one player's column, ready to draw.
pub struct FieldView<'a> {
    /// The referee's language.
    pub lang: Lang,
    /// The field.
    pub field: &'a Field,
    /// The table position of the column.
    pub position: usize,
    /// Take the keyboard this frame.
    pub focus: bool,
    /// The key that sets a tick one player carries, as shown.
    pub shortcut: Option<String>,
    /// The ruleset's book and the tournament's lines of it (empty when none is kept).
    pub book: Option<(BookEntry, &'a [BookLine])>,
}

impl FieldView<'_> {
    /// Draws the field.
    pub fn show(self, ui: &mut egui::Ui, hand: &mut HandEntry) -> Answer {
        let lang = self.lang;
        let label_text = lang.tr(self.field.label);
        let key = self.field.key;
        match self.field.kind {
            FieldKind::Text | FieldKind::Number => {
                let label = ui.label(label_text);
                let mut typed = hand.get(key).to_owned();
                let width = if self.field.kind == FieldKind::Number { 40.0 } else { 48.0 };
                let edit = egui::TextEdit::singleline(&mut typed)
                    .id_salt((key, self.position))
                    .desired_width(width)
                    .font(egui::TextStyle::Monospace)
                    .hint_text(self.field.hint);
                let response = ui.add(edit).labelled_by(label.id);
                if response.changed() {
                    hand.set(key, typed);
                }
                self.keyboard(ui, &response)
            }
            FieldKind::Flag | FieldKind::OnePlayer | FieldKind::PickPlayer => {
                let mut on = hand.flag(key);
                let label = match &self.shortcut {
                    Some(shortcut) => format!("{label_text} ({shortcut})"),
                    None => label_text,
                };
                let changed = ui.checkbox(&mut on, label).changed();
                if changed {
                    hand.set_flag(key, on);
                }
                Answer { claimed: changed && on && self.field.kind != FieldKind::Flag, ..Answer::default() }
            }
            FieldKind::OneOf { choices, none } => {
                ui.horizontal_wrapped(|ui| {
                    if ui.radio(hand.get(key).is_empty(), lang.tr(none)).clicked() {
                        hand.set(key, "");
                    }
                    for choice in choices {
                        if ui.radio(hand.get(key) == choice.id, lang.tr(choice.label)).clicked() {
                            hand.set(key, choice.id);
                        }
                    }
                });
                Answer::default()
            }
            // A model with a field of this kind keeps a book (a core test holds every shipped model to it).
            FieldKind::FromBook { line_key } => match self.book {
                Some((entry, lines)) => self.book_line(ui, hand, line_key, entry, lines),
                None => Answer::default(),
            },
            // The main field is the entry screen's (with the palette or the deck's grid).
            FieldKind::Tiles | FieldKind::Cards(_) => Answer::default(),
        }
    }

    fn keyboard(&self, ui: &egui::Ui, response: &egui::Response) -> Answer {
        if self.focus {
            response.request_focus();
        }
        let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        Answer { has_focus: response.has_focus(), enter, claimed: false }
    }

    /// A line of the book by a few letters (Enter takes the first offered) or its value typed.
    fn book_line(
        &self,
        ui: &mut egui::Ui,
        hand: &mut HandEntry,
        line_key: &str,
        entry: BookEntry,
        card: &[BookLine],
    ) -> Answer {
        let (lang, key) = (self.lang, self.field.key);
        let label = ui.label(lang.tr(self.field.label));
        let mut typed = hand.get(key).to_owned();
        let hint = if card.is_empty() { "25" } else { self.field.hint };
        let edit =
            egui::TextEdit::singleline(&mut typed).id_salt((key, self.position)).desired_width(160.0).hint_text(hint);
        let response = ui.add(edit).labelled_by(label.id);
        if response.changed() {
            hand.set(key, typed);
            hand.set(line_key, "");
        }
        let typed = hand.get(key).trim().to_owned();
        let is_number = !typed.is_empty() && typed.chars().all(|c| c.is_ascii_digit());
        let picked_already = !hand.get(line_key).is_empty();
        // Sections are often numbers (2468, 13579): digits search the book too, and a number no line matches is
        // the value itself.
        let offered = if picked_already { Vec::new() } else { entry.model.search(card, &typed) };
        let mut picked = None;
        for line in offered.iter().take(SUGGESTIONS) {
            if ui.selectable_label(false, super::book::offered(entry.model, line, lang)).clicked() {
                picked = Some((*line).clone());
            }
        }
        if offered.len() > SUGGESTIONS {
            let more = crate::msg!("entry.book_more", n = offered.len() - SUGGESTIONS);
            ui.label(RichText::new(more.render(lang)).weak());
        } else if offered.is_empty() && !card.is_empty() && !typed.is_empty() && !is_number && !picked_already {
            ui.label(RichText::new(lang.tr(text_id!("entry.book_none"))).weak());
        }
        let mut answer = self.keyboard(ui, &response);
        if answer.enter && picked.is_none() {
            picked = offered.first().map(|line| (*line).clone());
        }
        if let Some(line) = &picked {
            let label = entry.model.label(line);
            (entry.pick)(&PickedLine { line, label: &label }, hand);
        }
        if !hand.get(line_key).is_empty() {
            ui.label(RichText::new(format!("✓ {}", hand.get(line_key))).strong());
        }
        answer.has_focus &= !answer.enter;
        answer
    }
}

/// Most book lines offered under the field.
const SUGGESTIONS: usize = 6;
