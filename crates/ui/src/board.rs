//! The hall's board from the desk: a window that starts and stops it for the open tournament, on this computer
//! only or on the hall's network, and shows its address with a QR code for the players' phones. The board reads
//! through a second connection of its own (the desk's worker opens it, with the same credentials), so the
//! window never waits on it and the referees' work never waits on the players' phones.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use egui::{Color32, RichText};
use stecca_board::{Options, RunningBoard};

use crate::desk::{Desk, DeskError};
use crate::frame::{Frame, Parts};
use crate::message::Explain;
use crate::text_id;

impl<S: Parts> Frame<S> {
    /// The hall board's address while it runs (the seating sheet prints it).
    pub fn board_url(&self) -> Option<String> {
        self.board.url()
    }

    /// Whether the hall's board runs.
    pub fn board_running(&self) -> bool {
        self.board.is_running()
    }

    /// Opens or closes the board's window.
    pub(crate) fn toggle_board_window(&mut self) {
        self.board.open = !self.board.open;
    }

    /// Draws the board's window while it is open.
    pub(crate) fn board_window(&mut self, ctx: &egui::Context) {
        if !self.board.open {
            return;
        }
        let mut open = true;
        let lang = self.lang;
        egui::Window::new(lang.tr(text_id!("board.window_title")))
            .id(egui::Id::unique("board-window"))
            .open(&mut open)
            .resizable(false)
            .collapsible(false)
            .default_pos([360.0, 120.0])
            .show(ctx, |ui| self.board_contents(ui));
        self.board.open &= open;
        if self.board.running.is_some() {
            // The "read at" line follows the board's feed.
            ctx.request_repaint_after(std::time::Duration::from_secs(1));
        }
    }

    fn board_contents(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang;
        ui.set_max_width(420.0);
        ui.label(lang.tr(text_id!("board.explain")));
        ui.add_space(6.0);
        if self.board.running.is_none() {
            self.board_settings(ui);
        } else {
            self.board_running_view(ui);
        }
        if let Some(problem) = &self.board.problem {
            ui.label(RichText::new(problem.render(lang)).color(Color32::from_rgb(200, 40, 40)));
        }
    }

    fn board_settings(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang;
        ui.radio_value(&mut self.board.everywhere, true, lang.tr(text_id!("board.hall")));
        ui.radio_value(&mut self.board.everywhere, false, lang.tr(text_id!("board.only_here")));
        ui.horizontal(|ui| {
            let label = ui.label(lang.tr(text_id!("board.port")));
            ui.add(egui::TextEdit::singleline(&mut self.board.port).desired_width(70.0)).labelled_by(label.id);
        });
        let tournament = self.tournament_id();
        if tournament.is_none() {
            ui.label(RichText::new(lang.tr(text_id!("board.open_first"))).weak());
        }
        let enabled = tournament.is_some() && !self.board.starting;
        if ui.add_enabled(enabled, egui::Button::new(lang.tr(text_id!("board.start")))).clicked()
            && let Some(tournament) = tournament
        {
            self.start_board(tournament);
        }
        if self.board.starting {
            ui.spinner();
        }
    }

    fn start_board(&mut self, tournament: crate::tournament::Id) {
        let Ok(port) = self.board.port.trim().parse::<u16>() else {
            self.board.problem = Some(crate::msg!("board.bad_port", text = self.board.port.trim()));
            return;
        };
        let ip =
            if self.board.everywhere { IpAddr::V4(Ipv4Addr::UNSPECIFIED) } else { IpAddr::V4(Ipv4Addr::LOCALHOST) };
        let options = Options { listen: SocketAddr::new(ip, port), tournament: Some(tournament), ..Options::default() };
        self.board.problem = None;
        self.board.starting = true;
        // The second connection is opened by the desk's worker (a server may take a moment to answer).
        self.run(
            |desk| desk.another(),
            move |app, opened: Result<Desk, DeskError>| {
                app.board.starting = false;
                let desk = match opened {
                    Ok(desk) => desk,
                    Err(error) => {
                        app.board.problem = Some(error.message());
                        return;
                    }
                };
                match RunningBoard::start(desk, options) {
                    Ok(board) => {
                        app.board.code = crate::desk::qr::Qr::of(&board.url());
                        app.board.running = Some(board);
                    }
                    Err(error) => app.board.problem = Some(error.message()),
                }
            },
        );
    }

    fn board_running_view(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang;
        let Some(board) = &self.board.running else { return };
        let url = board.url();
        let published = board.published();
        ui.label(lang.tr(text_id!("board.players_open")));
        ui.horizontal(|ui| {
            ui.label(RichText::new(&url).strong().size(18.0));
            if ui.button(lang.tr(text_id!("board.copy"))).clicked() {
                ui.ctx().copy_text(url.clone());
            }
        });
        if let Some(code) = &self.board.code {
            draw_code(ui, code, 200.0);
        }
        match (&published.view, &published.trouble) {
            (_, Some(trouble)) => {
                ui.label(RichText::new(trouble.why.render(lang)).color(Color32::from_rgb(200, 40, 40)));
            }
            (Some(view), None) => {
                let at = published.read_at.map(|t| t.format("%H:%M:%S").to_string()).unwrap_or_default();
                ui.label(crate::msg!("board.showing", name = view.name, time = at).render(lang));
            }
            (None, None) => {
                ui.label(lang.tr(text_id!("board.waiting")));
            }
        }
        ui.label(RichText::new(lang.tr(text_id!("board.on_sheet"))).weak());
        if ui.button(lang.tr(text_id!("board.stop"))).clicked()
            && let Some(board) = self.board.running.take()
        {
            self.board.code = None;
            // Stopping waits for the board's reader to finish the look it may be in (a second at 400 players):
            // not in a frame. The port is free once that thread is done.
            let stopped = std::thread::Builder::new().name("board-stop".into()).spawn(move || drop(board));
            if let Err(error) = stopped {
                self.board.problem = Some(crate::message::io_reason(&error));
            }
        }
    }
}

/// Draws a QR code `side` points wide, with its quiet zone of four light modules.
pub(crate) fn draw_code(ui: &mut egui::Ui, code: &crate::desk::qr::Qr, side: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    let module = side / (code.width + 8) as f32;
    for y in 0..code.width {
        for x in 0..code.width {
            if code.is_dark(x, y) {
                let min = rect.min + egui::vec2((x + 4) as f32 * module, (y + 4) as f32 * module);
                painter.rect_filled(egui::Rect::from_min_size(min, egui::vec2(module, module)), 0.0, Color32::BLACK);
            }
        }
    }
}
