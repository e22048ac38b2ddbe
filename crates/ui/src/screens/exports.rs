//! Export buttons: the system's save dialog (rfd), then the exporter writes the file. Where no dialog can be
//! shown (no desktop portal), the file goes to the tournament's export folder beside the database and the
//! status line says where. Tests set [`Frame::export_dir`] to skip the dialog.

use crate::text_id;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::desk::Desk;
use crate::export::csv::Separator;
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
    let word = app.tr(&format!("export.file.{}", what.name()));
    let file_name = format!("{}-{word}.{}", file_stem(&tournament.settings.name), format.name());
    let style = crate::export::Style { lang: app.lang, separator: app.csv_separator(), board: app.board_url() };
    save_file(app, &file_name, format.name(), move |desk| {
        desk.export(tournament.id, what, format, style, player).map_err(|e| e.message())
    });
}

/// The separator of this desk's CSV files, shown beside its CSV buttons and chosen from a small menu.
pub fn separator_choice<S: Parts>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let chosen = app.csv_separator();
    let mut picked = None;
    let title = format!("{} {} ▾", app.tr(text_id!("export.separator.title")), chosen.as_str());
    ui.menu_button(title, |ui| {
        for (separator, label) in [
            (Separator::Semicolon, text_id!("export.separator.semicolon")),
            (Separator::Comma, text_id!("export.separator.comma")),
        ] {
            if ui.radio(chosen == separator, app.tr(label)).clicked() {
                picked = Some(separator);
                ui.close();
            }
        }
    });
    if let Some(separator) = picked {
        app.set_csv_separator(separator);
    }
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
    // A folder chosen for the referee (the fallback, or the tests') never overwrites: only the save dialog,
    // which asks first, may replace a file.
    let (path, fallback, numbered) = match &app.export_dir {
        Some(dir) => (dir.join(file_name), false, true),
        None => match ask(file_name, extension) {
            Dialog::Chosen(path) => (path, false, false),
            Dialog::Cancelled => return,
            Dialog::Unavailable => (fallback_dir(app.link.worker.facts().path.as_deref()).join(file_name), true, true),
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
            let path = if numbered { unused_name(&path) } else { path };
            make(desk).and_then(|bytes| desk.write_export(&path, &bytes).map_err(|e| e.message()))?;
            Ok(path)
        },
        move |app, written| match written {
            Ok(path) if fallback => app.info(msg!("export.written_no_dialog", path = path.display())),
            Ok(path) => app.info(msg!("export.written", path = path.display())),
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

/// `path` if nothing is there yet, else the first of `name-2.ext`, `name-3.ext`, … that is free (an export
/// keeps the one before it).
pub fn unused_name(path: &Path) -> PathBuf {
    if std::fs::symlink_metadata(path).is_err() {
        return path.to_owned();
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let extension = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    (2..)
        .map(|n| path.with_file_name(format!("{stem}-{n}{extension}")))
        .find(|candidate| std::fs::symlink_metadata(candidate).is_err())
        .unwrap_or_else(|| path.to_owned())
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
