//! Before the desk: the password of a shared server that asks for one when none was found in `PGPASSWORD` or
//! `~/.pgpass`. The referee types it (hidden), Enter connects; a wrong one is said and asked again. It is kept
//! only in this desk's connection, never written anywhere.

use egui::RichText;

use crate::desk::{Desk, DeskError, StoreError};
use crate::i18n::Lang;
use crate::message::{Explain, Message};

/// The password prompt for one server address.
pub struct PasswordPrompt {
    url: String,
    server: String,
    lang: Lang,
    typed: String,
    problem: Option<Message>,
}

impl PasswordPrompt {
    /// A prompt for `url` (whose password is not in it), after `error` (a [`StoreError::Password`]).
    pub fn new(url: &str, error: &DeskError) -> PasswordPrompt {
        let wrong = matches!(error, DeskError::Store(StoreError::Password { wrong: true, .. }));
        PasswordPrompt {
            url: url.to_owned(),
            server: crate::desk::redacted(url),
            lang: Lang::default(),
            typed: String::new(),
            problem: wrong.then(|| error.message()),
        }
    }

    /// Draws the prompt; returns the open desk once the server took the password.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<Desk> {
        let mut opened = None;
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(RichText::new("Stecca").strong());
                ui.separator();
                if ui.add(egui::Button::selectable(self.lang == Lang::It, "IT")).clicked() {
                    self.lang = Lang::It;
                }
                if ui.add(egui::Button::selectable(self.lang == Lang::En, "EN")).clicked() {
                    self.lang = Lang::En;
                }
            });
            ui.add_space(12.0);
            ui.label(crate::msg!("password.asks", server = self.server).render(self.lang));
            let label = ui.label(self.lang.tr("password.label"));
            let field = ui.add(egui::TextEdit::singleline(&mut self.typed).password(true)).labelled_by(label.id);
            if !field.has_focus() && self.problem.is_none() && self.typed.is_empty() {
                field.request_focus();
            }
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button(self.lang.tr("password.connect")).clicked() || entered {
                opened = self.connect();
            }
            if let Some(problem) = &self.problem {
                ui.label(RichText::new(problem.render(self.lang)).color(egui::Color32::from_rgb(200, 40, 40)));
            }
            ui.label(RichText::new(self.lang.tr("password.hint")).weak());
        });
        opened
    }

    fn connect(&mut self) -> Option<Desk> {
        match Desk::open_server_with_password(&self.url, &self.typed) {
            Ok(desk) => {
                self.typed.clear();
                Some(desk)
            }
            Err(error) => {
                self.typed.clear();
                self.problem = Some(error.message());
                None
            }
        }
    }
}
