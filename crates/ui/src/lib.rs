//! The egui desk. It shows what the core computes and asks the desk operations ([`crate::desk`]) to change
//! anything; it never scores a hand and never writes SQL.

// The core's modules and the desk under the names the screens' files use (`crate::tournament::…`, `crate::msg!`).
use stecca_core::{i18n, ledger, message, msg, rules, seating, text_id, tiles, tournament};
use stecca_desk::{self as desk, export};

mod app;
mod bidi;
mod board;
mod fonts;
mod frame;
mod keeper;
mod link;
mod password;
mod referee;
mod screens;
mod widgets;

pub use crate::i18n::Lang;
pub use app::{DeskApp, Screen, Screens, Status};
pub use password::PasswordPrompt;

/// The desktop application id: the name of the desktop entry and AppStream metadata the package installs.
pub const APP_ID: &str = "org.stecca.Stecca";

/// Opens the desk window on the database at `db` (default: the user's data directory). A shared server that asks
/// for a password none was found for gets the password prompt first.
pub fn run_desk(db: Option<&str>) -> anyhow::Result<()> {
    let location = crate::desk::location(db)?;
    let window = match crate::desk::Desk::open_at(&location) {
        Ok(desk) => Window::Desk(Box::new(DeskApp::opened(desk))),
        Err(error @ crate::desk::DeskError::Store(crate::desk::StoreError::Password { .. })) => {
            Window::Password(PasswordPrompt::new(&location, &error))
        }
        Err(error) => {
            return Err(anyhow::Error::new(error).context(format!("opening {}", crate::desk::redacted(&location))));
        }
    };
    let options = eframe::NativeOptions {
        // The application id is the installed desktop entry's name, so a desktop shows the entry's icon and name
        // for the window (Wayland's app_id, X11's WM_CLASS).
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1400.0, 900.0])
            .with_title("Stecca")
            .with_app_id(APP_ID),
        ..Default::default()
    };
    eframe::run_native(
        "Stecca",
        options,
        Box::new(|cc| {
            fonts::install(&cc.egui_ctx);
            Ok(Box::new(window))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the window could not open: {e}"))
}

impl DeskApp {
    /// The desk as its window opens: it asks who referees first.
    fn opened(desk: crate::desk::Desk) -> DeskApp {
        let mut app = DeskApp::new(desk);
        app.ask_referee();
        app
    }
}

/// What the window shows: the password prompt until the server took it, then the desk.
enum Window {
    Password(PasswordPrompt),
    Desk(Box<DeskApp>),
}

impl eframe::App for Window {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        match self {
            Window::Password(prompt) => {
                if let Some(desk) = prompt.show(ui) {
                    *self = Window::Desk(Box::new(DeskApp::opened(desk)));
                    ui.ctx().request_repaint();
                }
            }
            Window::Desk(desk) => desk.show(ui),
        }
    }
}
