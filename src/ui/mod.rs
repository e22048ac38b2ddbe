//! The egui desk. It shows what the core computes and asks the desk operations ([`crate::desk`]) to change
//! anything; it never scores a hand and never writes SQL.

mod app;
mod fonts;
mod screens;
mod widgets;

pub use crate::i18n::Lang;
pub use app::{DeskApp, Screen};

/// Opens the desk window on the database at `db` (default: the user's data directory).
pub fn run_desk(db: Option<&str>) -> anyhow::Result<()> {
    let store = crate::cli::open_store(db)?;
    let app = DeskApp::new(store);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1400.0, 900.0]).with_title("Stecca"),
        ..Default::default()
    };
    eframe::run_native(
        "Stecca",
        options,
        Box::new(|cc| {
            fonts::install(&cc.egui_ctx);
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the window could not open: {e}"))
}

impl eframe::App for DeskApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
