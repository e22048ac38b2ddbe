//! Before the desk: the password of a shared server that asks for one when none was found in `PGPASSWORD` or
//! `~/.pgpass`. The referee types it (hidden), Enter connects; a wrong one is said and asked again. It is kept
//! only in this desk's connection, never written anywhere. The connection is made on its own thread: a slow or
//! unreachable server leaves the window drawing ("Connessione … in corso") rather than frozen.

use crate::text_id;
use std::sync::mpsc::{self, Receiver};

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
    /// The connection being made with the typed password, until it answers.
    connecting: Option<Receiver<Result<Desk, DeskError>>>,
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
            connecting: None,
        }
    }

    /// Whether a connection with the typed password is being made.
    pub fn is_connecting(&self) -> bool {
        self.connecting.is_some()
    }

    /// Draws the prompt; returns the open desk once the server took the password.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<Desk> {
        let opened = self.answer();
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(RichText::new("Stecca").strong());
                ui.separator();
                for other in Lang::all() {
                    let button = egui::Button::selectable(self.lang == other, other.code().to_uppercase());
                    if ui.add(button).on_hover_text(other.name()).clicked() {
                        self.lang = other;
                    }
                }
            });
            ui.add_space(12.0);
            ui.label(crate::msg!("password.asks", server = self.server).render(self.lang));
            let label = ui.label(self.lang.tr(text_id!("password.label")));
            let waiting = self.connecting.is_some();
            let field = ui.add_enabled(!waiting, egui::TextEdit::singleline(&mut self.typed).password(true));
            let field = field.labelled_by(label.id);
            if !waiting && !field.has_focus() && self.problem.is_none() && self.typed.is_empty() {
                field.request_focus();
            }
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let clicked =
                ui.add_enabled(!waiting, egui::Button::new(self.lang.tr(text_id!("password.connect")))).clicked();
            if (clicked || entered) && !waiting {
                self.connect(ui.ctx());
            }
            if self.connecting.is_some() {
                let text = crate::msg!("password.connecting", server = self.server).render(self.lang);
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(text);
                });
            }
            if let Some(problem) = &self.problem {
                ui.label(RichText::new(problem.render(self.lang)).color(egui::Color32::from_rgb(200, 40, 40)));
            }
            ui.label(RichText::new(self.lang.tr(text_id!("password.hint"))).weak());
        });
        opened
    }

    /// Connects with the typed password on a thread of its own, which wakes the window when the server answered.
    fn connect(&mut self, ctx: &egui::Context) {
        let (answer, connecting) = mpsc::channel();
        let (url, password, ctx) = (self.url.clone(), std::mem::take(&mut self.typed), ctx.clone());
        self.problem = None;
        let spawned = std::thread::Builder::new().name("stecca-connect".to_owned()).spawn(move || {
            // Nobody receives when the window was closed meanwhile: there is nobody left to tell.
            let _ = answer.send(Desk::open_server_with_password(&url, &password));
            ctx.request_repaint();
        });
        match spawned {
            Ok(_) => self.connecting = Some(connecting),
            Err(e) => self.problem = Some(crate::message::io_reason(&e)),
        }
    }

    /// The open desk once the server took the password; its refusal is kept to be shown.
    fn answer(&mut self) -> Option<Desk> {
        let answer = self.connecting.as_ref()?.try_recv();
        match answer {
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                self.connecting = None;
                None
            }
            Ok(answer) => {
                self.connecting = None;
                answer.map_err(|error| self.problem = Some(error.message())).ok()
            }
        }
    }
}
