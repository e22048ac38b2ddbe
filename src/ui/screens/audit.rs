//! The audit log: every entry, newest first, with what changed.

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::store::AuditEntry;
use crate::ui::DeskApp;

/// The cached log.
#[derive(Default)]
pub struct State {
    cache: Option<(u64, Vec<AuditEntry>)>,
}

fn short(text: &Option<String>) -> String {
    let text = text.clone().unwrap_or_default();
    if text.chars().count() > 90 { format!("{}…", text.chars().take(90).collect::<String>()) } else { text }
}

/// Draws the screen.
pub fn show(app: &mut DeskApp, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament_id() else { return };
    if app.screens.audit.cache.as_ref().is_none_or(|(rev, _)| *rev != app.revision) {
        match app.store.audit_log(tournament) {
            Ok(entries) => app.screens.audit.cache = Some((app.revision, entries)),
            Err(e) => return app.fail(e),
        }
    }
    let lang = app.lang;
    let entries = app.screens.audit.cache.as_ref().map(|(_, e)| e.clone()).unwrap_or_default();
    ui.heading(format!("{} ({})", lang.tr("audit.title"), entries.len()));
    TableBuilder::new(ui)
        .striped(true)
        .column(Column::exact(190.0))
        .column(Column::exact(110.0))
        .column(Column::exact(140.0))
        .column(Column::exact(90.0))
        .column(Column::remainder())
        .header(22.0, |mut header| {
            for key in ["audit.when", "audit.referee", "audit.what", "audit.action", "audit.change"] {
                header.col(|ui| {
                    ui.label(RichText::new(lang.tr(key)).strong());
                });
            }
        })
        .body(|body| {
            body.rows(20.0, entries.len(), |mut row| {
                let entry = &entries[row.index()];
                row.col(|ui| {
                    ui.label(&entry.at);
                });
                row.col(|ui| {
                    ui.label(&entry.referee);
                });
                row.col(|ui| {
                    ui.label(format!("{} {}", entry.entity, entry.entity_id));
                });
                row.col(|ui| {
                    ui.label(&entry.action);
                });
                row.col(|ui| {
                    let change = match &entry.before {
                        Some(_) => format!("{}  =>  {}", short(&entry.before), short(&entry.after)),
                        None => short(&entry.after),
                    };
                    let full = format!(
                        "{}\n=>\n{}",
                        entry.before.clone().unwrap_or_default(),
                        entry.after.clone().unwrap_or_default()
                    );
                    ui.label(change).on_hover_text(full);
                });
            });
        });
}
