//! One file per screen. Each has a `State` (what the referee is typing, cached views) and a `show` function.

pub mod audit;
pub mod book;
pub mod club;
pub mod entry;
pub mod exports;
pub mod plan_import;
pub mod players;
pub mod proposals;
pub mod session_clock;
pub mod sessions;
pub mod settings;
pub mod standings;
pub mod table;
pub mod tournaments;

use crate::message::Message;
use crate::msg;
use crate::text_id;

/// Says that a screen's data is being read (the desk answers a moment later, or says why not).
pub(crate) fn reading(ui: &mut egui::Ui, lang: crate::i18n::Lang) {
    ui.label(egui::RichText::new(lang.tr(text_id!("common.reading"))).weak());
}

/// How many characters of what a table's phone says it is a line shows (a browser's name can be long).
const SENDER_CHARS: usize = 40;

/// What a phone said it is, cut to a length a line holds.
pub(crate) fn short_sender(sender: &str) -> String {
    let sender = sender.trim();
    if sender.chars().count() <= SENDER_CHARS {
        return sender.to_owned();
    }
    let cut: String = sender.chars().take(SENDER_CHARS).collect();
    format!("{}…", cut.trim_end())
}

/// A stored time (RFC 3339) as the hall's clock reads it: hours and minutes.
pub(crate) fn local_time(stored: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(stored)
        .map(|t| t.with_timezone(&chrono::Local).format("%H:%M").to_string())
        .unwrap_or_else(|_| stored.to_owned())
}

/// The colour of an error or a refused value.
pub(crate) const RED: egui::Color32 = egui::Color32::from_rgb(200, 40, 40);

/// How far a plan's repeated meetings stand above the least possible, when they do (see
/// `seating::AboveBound`), for the report line of the sessions screen and of a plan import's preview.
pub(crate) fn above_bound_note(lang: crate::i18n::Lang, report: &crate::seating::Quality) -> Option<String> {
    let gap = report.above_bound()?;
    Some(msg!("sessions.above_bound", above = gap.meetings, percent = gap.percent).render(lang))
}

/// A previewed import: the file's text (imported exactly as previewed) and what the desk made of it, or why it
/// could not be read; shared so that drawing a frame does not copy the file.
pub(crate) type FilePreview<T> = Option<Result<std::sync::Arc<(String, T)>, Message>>;

/// An imported file's text, read off the screen's thread; a file over `max` bytes is refused before reading.
pub(crate) fn read_import_file(path: &str, max: u64) -> Result<String, Message> {
    let at = |e: &std::io::Error| msg!("error.io.at", path = path).arg_message("why", crate::message::io_reason(e));
    let size = std::fs::metadata(path).map_err(|e| at(&e))?.len();
    if size > max {
        return Err(msg!("error.book.file_too_big", path = path, size = size / 1000, max = max / 1000));
    }
    std::fs::read_to_string(path).map_err(|e| at(&e))
}

/// A text field with a visible label that is also its accessible name.
pub(crate) fn labelled_text(ui: &mut egui::Ui, label: &str, text: &mut String, width: f32) -> egui::Response {
    let label = ui.label(label);
    ui.add(egui::TextEdit::singleline(text).desired_width(width)).labelled_by(label.id)
}

/// A CSV file to import: its path typed or browsed for, and the preview button; `true` when it was pressed.
pub(crate) fn import_file_row(ui: &mut egui::Ui, lang: crate::i18n::Lang, path: &mut String) -> bool {
    let mut preview = false;
    ui.horizontal(|ui| {
        labelled_text(ui, &lang.tr(text_id!("players.import_file")), path, 260.0);
        if ui.button(lang.tr(text_id!("players.browse"))).clicked()
            && let Some(picked) = rfd::FileDialog::new().add_filter("CSV", &["csv"]).pick_file()
        {
            *path = picked.display().to_string();
        }
        preview = ui.button(lang.tr(text_id!("players.preview"))).clicked();
    });
    preview
}

/// Parses an optional ISO date typed in a field; `field` (its label on screen) names it in the message.
pub(crate) fn parse_date(text: &str, field: &str) -> Result<Option<chrono::NaiveDate>, Message> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| msg!("common.not_a_date", field = field, text = text))
}

/// Parses a number typed in a field; `field` (its label on screen) names it in the message.
pub(crate) fn parse_number<T: std::str::FromStr>(text: &str, field: &str) -> Result<T, Message> {
    let text = text.trim();
    text.parse().map_err(|_| msg!("common.not_a_number", field = field, text = text))
}
