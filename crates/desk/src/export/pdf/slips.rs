//! Each table's slip, left on the table for a session: the session and table, the players by seat with each
//! one's PIN, and the QR code of the table's phone link with its address written out. Three to an A4 page,
//! parted by dashed lines to cut along; one alone when the referee prints a table's slip again.

use super::writer::{MARGIN, PAGE_H, PAGE_W, Weight, Writer};
use super::{BODY, qr_code};
use crate::i18n::Lang;
use crate::phone::phone_url;
use crate::store::{SeatedTable, TableLink};
use crate::text_id;

use super::super::Snapshot;

/// A slip's height: three fill the page between the top margin and the footer.
const SLIP_H: f32 = 90.0;
/// The first slip's top edge.
const FIRST_TOP: f32 = PAGE_H - 10.0;
/// The QR code's side with its quiet zone: about a millimetre a module, which any phone reads at arm's length.
const CODE_SIDE: f32 = 48.0;

/// A table's slip on a page: the table, where its link is.
pub(super) struct Slip<'a> {
    /// The table as seated.
    pub table: &'a SeatedTable,
    /// Its live link.
    pub link: &'a TableLink,
}

/// The slips of `slips`, three to a page, on new pages.
pub(super) fn slip_pages(w: &mut Writer, s: &Snapshot, lang: Lang, board: Option<&str>, slips: &[Slip<'_>]) {
    for (i, slip) in slips.iter().enumerate() {
        let place = i % 3;
        if place == 0 {
            w.new_page();
        }
        let top = FIRST_TOP - place as f32 * SLIP_H;
        draw_slip(w, s, lang, board, slip, top);
        // Under every slip but the page's last: each cut gives a slip of the same size.
        if place < 2 {
            cut_line(w, top - SLIP_H);
        }
    }
}

/// One table's slip whose top edge is at `top`.
fn draw_slip(w: &mut Writer, s: &Snapshot, lang: Lang, board: Option<&str>, slip: &Slip<'_>, top: f32) {
    let (table, link) = (slip.table, slip.link);
    let width = PAGE_W - 2.0 * MARGIN;
    let beside_code = width - CODE_SIDE - 4.0;
    let title = format!(
        "{} {} · {} {}",
        lang.tr(text_id!("sessions.session")),
        table.session,
        lang.tr(text_id!("sessions.table")),
        table.number
    );
    let (title, size) = w.fit_sized(&title, beside_code, 18.0, Weight::Bold);
    w.text(MARGIN, top - 10.0, size, Weight::Bold, &title);
    let name = w.fit(&s.tournament.settings.name, beside_code, BODY, Weight::Regular);
    w.text(MARGIN, top - 16.0, BODY, Weight::Regular, &name);
    players(w, s, lang, slip, top - 27.0);
    for (line, id) in [text_id!("pdf.slip.scan"), text_id!("pdf.slip.pins")].into_iter().enumerate() {
        let (said, size) = w.fit_sized(&lang.tr(id), width, BODY, Weight::Regular);
        w.text(MARGIN, top - 66.0 - line as f32 * 5.0, size, Weight::Regular, &said);
    }
    match board {
        Some(board) => {
            let url = phone_url(board, &link.token);
            qr_code(w, &url, PAGE_W - MARGIN - CODE_SIDE, top - 3.0, CODE_SIDE);
            // The address whole, small, for a phone that cannot read codes: shrunk to fit, never cut.
            let (url, size) = w.fit_sized(&url, width, BODY, Weight::Regular);
            w.text(MARGIN, top - 80.0, size, Weight::Regular, &url);
        }
        None => {
            let (said, size) = w.fit_sized(&lang.tr(text_id!("pdf.slip.no_board")), width, BODY, Weight::Bold);
            w.text(MARGIN, top - 80.0, size, Weight::Bold, &said);
        }
    }
}

/// The players by seat, each with their PIN, from baseline `y` down.
fn players(w: &mut Writer, s: &Snapshot, lang: Lang, slip: &Slip<'_>, y: f32) {
    let seats = slip.table.players.len().max(1);
    // Four seats take 8 mm each; a larger table (none yet) closes up to keep off the lines below.
    let step = (32.0 / seats as f32).min(8.0);
    let seat_model = s.tournament.settings.ruleset().seat_model();
    let pin_label = lang.tr(text_id!("pdf.slip.pin"));
    for (pos, &player) in slip.table.players.iter().enumerate() {
        let y = y - pos as f32 * step;
        w.text(MARGIN, y, BODY, Weight::Regular, &seat_model.seat(pos).name(lang));
        let (name, size) = w.fit_sized(s.name(player), 72.0, 12.0, Weight::Regular);
        w.text(MARGIN + 20.0, y, size, Weight::Regular, &name);
        let pin = slip.link.pins.get(pos).map_or("—", String::as_str);
        w.text(MARGIN + 96.0, y, 8.0, Weight::Regular, &pin_label);
        w.text(MARGIN + 104.0, y, 14.0, Weight::Bold, pin);
    }
}

/// A dashed line across the page at `y`, to cut the slips apart along.
fn cut_line(w: &mut Writer, y: f32) {
    let mut x = MARGIN - 5.0;
    while x < PAGE_W - MARGIN + 5.0 {
        w.line((x, y), (x + 2.0, y), 0.4, 0.5);
        x += 3.5;
    }
}
