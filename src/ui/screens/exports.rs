//! Export buttons: the system's save dialog (rfd), then the exporter writes the file. Tests set
//! [`DeskApp::export_dir`] to skip the dialog.

use crate::export::{Format, What, export, write_export};
use crate::tournament::Id;
use crate::ui::DeskApp;

/// A button that exports `what` as `format` (for a card, of `player`).
pub fn button(app: &mut DeskApp, ui: &mut egui::Ui, what: What, format: Format, player: Option<Id>) {
    let label = format!("{} ({})", app.tr(&format!("export.{}", what.name())), format.name().to_uppercase());
    if ui.button(label).clicked() {
        save(app, what, format, player);
    }
}

fn save(app: &mut DeskApp, what: What, format: Format, player: Option<Id>) {
    let Some(tournament) = app.tournament.clone() else { return };
    let stem: String = tournament
        .settings
        .name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let file_name = format!("{stem}-{}.{}", what.name(), format.name());
    let path = match &app.export_dir {
        Some(dir) => Some(dir.join(&file_name)),
        None => rfd::FileDialog::new()
            .set_file_name(&file_name)
            .add_filter(format.name().to_uppercase(), &[format.name()])
            .save_file(),
    };
    let Some(path) = path else { return };
    let result = export(&app.store, tournament.id, what, format, app.lang, player)
        .map_err(anyhow::Error::from)
        .and_then(|bytes| Ok(write_export(&path, &bytes, app.store.path())?));
    match result {
        Ok(()) => app.info(format!("{}: {}", app.tr("export.written"), path.display())),
        Err(e) => app.fail(format!("{e:#}")),
    }
}
