//! Export buttons: the system's save dialog (rfd), then the exporter writes the file. Where no dialog can be
//! shown (no desktop portal), the file goes to the tournament's export folder beside the database and the
//! status line says where. Tests set [`Frame::export_dir`] to skip the dialog.

use crate::text_id;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::desk::Desk;
use crate::export::{Format, What};
use crate::frame::{Frame, Parts};
use crate::message::{Explain, io_reason};
use crate::msg;
use crate::tournament::Id;

/// A button that exports `what` as `format` (for a card, of `player`).
pub fn button<S: Parts>(app: &mut Frame<S>, ui: &mut egui::Ui, what: What, format: Format, player: Option<Id>) {
    let label = format!("{} ({})", app.tr(&format!("export.{}", what.name())), format.name().to_uppercase());
    if ui.button(label).clicked() {
        save(app, what, format, player);
    }
}

fn save<S: Parts>(app: &mut Frame<S>, what: What, format: Format, player: Option<Id>) {
    let Some(tournament) = app.tournament.clone() else { return };
    let file_name = format!("{}-{}.{}", file_stem(&tournament.settings.name), what.name(), format.name());
    let lang = app.lang;
    save_file(app, &file_name, format.name(), move |desk| {
        desk.export(tournament.id, what, format, lang, player).map_err(|e| e.message())
    });
}

/// A name made safe for a file name: letters and digits, runs of anything else as one `-`.
pub(crate) fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// Asks where to save `file_name` (or uses the tests' folder, or the fallback folder); the desk makes the bytes
/// and writes them; the status line says where, or why not.
pub(crate) fn save_file<S: Parts>(
    app: &mut Frame<S>,
    file_name: &str,
    extension: &str,
    make: impl FnOnce(&Desk) -> Result<Vec<u8>, crate::message::Message> + Send + 'static,
) {
    let (path, fallback) = match &app.export_dir {
        Some(dir) => (dir.join(file_name), false),
        None => match ask(file_name, extension) {
            Dialog::Chosen(path) => (path, false),
            Dialog::Cancelled => return,
            Dialog::Unavailable => (fallback_dir(app.link.worker.facts().path.as_deref()).join(file_name), true),
        },
    };
    app.run(
        move |desk| {
            if fallback
                && let Some(dir) = path.parent()
                && let Err(e) = std::fs::create_dir_all(dir)
            {
                return Err(msg!("error.io.at", path = dir.display()).arg_message("why", io_reason(&e)));
            }
            make(desk).and_then(|bytes| desk.write_export(&path, &bytes).map_err(|e| e.message()))?;
            Ok(path)
        },
        move |app, written| match written {
            Ok(path) if fallback => {
                app.info(format!("{}: {}", app.tr(text_id!("export.written_no_dialog")), path.display()))
            }
            Ok(path) => app.info(format!("{}: {}", app.tr(text_id!("export.written")), path.display())),
            Err(e) => app.fail(e),
        },
    );
}

/// What the save dialog gave.
enum Dialog {
    Chosen(PathBuf),
    Cancelled,
    /// No dialog could be shown.
    Unavailable,
}

/// Asks where to save. rfd answers "no file" both when the referee cancels and when no dialog can open (no
/// desktop portal); a person cannot cancel within a fraction of a second, so an immediate "no file" is read as
/// "no dialog here".
fn ask(file_name: &str, extension: &str) -> Dialog {
    let asked = Instant::now();
    let chosen =
        rfd::FileDialog::new().set_file_name(file_name).add_filter(extension.to_uppercase(), &[extension]).save_file();
    match chosen {
        Some(path) => Dialog::Chosen(path),
        None if asked.elapsed() < Duration::from_millis(400) => Dialog::Unavailable,
        None => Dialog::Cancelled,
    }
}

/// `stecca.db` → `stecca-exports/` beside it (the working folder's `stecca-exports/` for a store in memory).
pub fn fallback_dir(database: Option<&Path>) -> PathBuf {
    let Some(database) = database else { return PathBuf::from("stecca-exports") };
    let stem = database.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "stecca".to_owned());
    database.with_file_name(format!("{stem}-exports"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_folder_is_beside_the_database() {
        assert_eq!(fallback_dir(Some(Path::new("/data/coppa.db"))), PathBuf::from("/data/coppa-exports"));
        assert_eq!(fallback_dir(None), PathBuf::from("stecca-exports"));
    }
}
