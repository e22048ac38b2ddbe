//! Who referees this session: asked when the desk opens, the last name already in the field (Enter keeps it),
//! because every change is signed with it in the notebook — left empty, changes are signed "desk" and a
//! dispute cannot say who made them. "Più tardi" leaves the field in the navigation bar to fill in.

use egui::RichText;

use crate::frame::{Frame, Has};
use crate::text_id;

/// The question's state.
#[derive(Default)]
pub struct RefereePrompt {
    /// The question is on screen.
    asking: bool,
    /// The name as typed.
    name: String,
    /// The field has been given the keyboard once.
    focused: bool,
}

impl<S: Has<RefereePrompt>> Frame<S> {
    /// Asks who referees before the first change (the desk's window does so when it opens).
    pub fn ask_referee(&mut self) {
        let name = self.referee.clone();
        let prompt = self.screens.get::<RefereePrompt>();
        prompt.asking = true;
        prompt.name = name;
        prompt.focused = false;
    }

    /// Draws the question while it is asked; the name given is the desk's signature and kept as this
    /// database's preference.
    pub(crate) fn referee_question(&mut self, ctx: &egui::Context) {
        if !self.screens.get::<RefereePrompt>().asking {
            return;
        }
        let lang = self.lang;
        let (mut start, mut later) = (false, false);
        egui::Modal::new(egui::Id::unique("referee-prompt")).show(ctx, |ui| {
            ui.heading(lang.tr(text_id!("referee.title")));
            ui.label(RichText::new(lang.tr(text_id!("referee.why"))).weak());
            let prompt = self.screens.get::<RefereePrompt>();
            let label = ui.label(lang.tr(text_id!("referee.name")));
            let field = ui.add(egui::TextEdit::singleline(&mut prompt.name).desired_width(260.0)).labelled_by(label.id);
            if !prompt.focused {
                prompt.focused = true;
                field.request_focus();
            }
            let named = !prompt.name.trim().is_empty();
            start |= named && field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal(|ui| {
                start |= ui.add_enabled(named, egui::Button::new(lang.tr(text_id!("referee.start")))).clicked();
                later |= ui.button(lang.tr(text_id!("referee.later"))).clicked();
            });
        });
        if later {
            self.screens.get::<RefereePrompt>().asking = false;
        }
        if !start {
            return;
        }
        self.screens.get::<RefereePrompt>().asking = false;
        let name = self.screens.get::<RefereePrompt>().name.trim().to_owned();
        self.referee.clone_from(&name);
        if !self.link.worker.facts().read_only {
            self.run(move |desk| desk.set_preference("referee", &name), |app, kept| app.failed(kept));
        }
    }
}
