//! The printed sheets, A4 portrait: standings, seating (by table and by name), table score sheets, player card.
//! Each page repeats its header; every page says "Pagina 3 di 12" (or "Page 3 of 12").

pub mod club;
mod report;
mod slips;
pub mod writer;

pub use report::{ReportRecords, report};

use crate::store::{SeatedTable, TableLink};
use crate::text_id;
use slips::Slip;
use writer::{BOTTOM, FontError, MARGIN, PAGE_W, Weight, Writer};

use super::Snapshot;
use crate::i18n::Lang;
use crate::msg;
use crate::rules::{FactKind, FieldKind, Rotation, SeatLabel};
use crate::tournament::{Id, RankingMethod, manche_winds_reseated};

const BODY: f32 = 9.0;
const ROW: f32 = 5.2;

fn new_writer(s: &Snapshot, lang: Lang, title: &str) -> Result<Writer, FontError> {
    Writer::new(&format!("{} — {title}", s.tournament.settings.name), lang)
}

/// Tournament name, venue, dates, ruleset, and the sheet's title; leaves the cursor under it.
fn heading(w: &mut Writer, s: &Snapshot, lang: Lang, title: &str) {
    let settings = &s.tournament.settings;
    let width = PAGE_W - 2.0 * MARGIN;
    // Long names and titles (a player card of a 100-character name) shrink first, like table cells, and are
    // shortened only below the smallest size.
    let (name, name_size) = w.fit_sized(&settings.name, width, 15.0, Weight::Bold);
    let y = w.y;
    w.text(MARGIN, y, name_size, Weight::Bold, &name);
    let dates = match (settings.start_date, settings.end_date) {
        (Some(a), Some(b)) if a != b => format!("{a} – {b}"),
        (Some(a), _) => a.to_string(),
        _ => String::new(),
    };
    let rules = s.rules.heading(lang);
    let line = [settings.venue.as_str(), dates.as_str(), rules.as_str()]
        .iter()
        .filter(|t| !t.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" · ");
    let line = w.fit(&line, width, BODY, Weight::Regular);
    w.text(MARGIN, y - 6.0, BODY, Weight::Regular, &line);
    let (title, title_size) = w.fit_sized(title, width, 12.0, Weight::Bold);
    w.text(MARGIN, y - 13.0, title_size, Weight::Bold, &title);
    w.line((MARGIN, y - 15.5), (PAGE_W - MARGIN, y - 15.5), 0.8, 0.0);
    w.y = y - 21.0;
}

/// A column: left edge, width, right-aligned or not.
struct Col {
    x: f32,
    w: f32,
    right: bool,
}

fn row(w: &mut Writer, cols: &[Col], cells: &[String], weight: Weight) {
    for (col, cell) in cols.iter().zip(cells) {
        // Long names are printed smaller before anything is cut.
        let (text, size) = w.fit_sized(cell, col.w - 1.5, BODY, weight);
        cell_text(w, col, size, weight, &text);
    }
    w.y -= ROW;
}

/// `text` in `col` on the current line, against the column's left edge or, for figures, its right one.
fn cell_text(w: &mut Writer, col: &Col, size: f32, weight: Weight, text: &str) {
    let y = w.y;
    if col.right {
        w.text_right(col.x + col.w - 1.5, y, size, weight, text);
    } else {
        w.text(col.x, y, size, weight, text);
    }
}

fn table_header(w: &mut Writer, cols: &[Col], titles: &[String]) {
    let size = header_size(w, cols, titles);
    for (col, title) in cols.iter().zip(titles) {
        let text = w.fit(title, col.w - 1.5, size, Weight::Bold);
        cell_text(w, col, size, Weight::Bold, &text);
    }
    w.y -= ROW;
    let y = w.y + ROW - 1.6;
    w.line((MARGIN, y), (PAGE_W - MARGIN, y), 0.4, 0.3);
}

/// One size for a table's column titles, the largest at which every one fits its column (down to 7 pt): a
/// title shrunk alone ("Tessera", "Quote tavolo") reads as a different kind of text than its neighbours.
fn header_size(w: &Writer, cols: &[Col], titles: &[String]) -> f32 {
    cols.iter()
        .zip(titles)
        .map(|(col, title)| w.fit_sized(title, col.w - 1.5, BODY, Weight::Bold).1)
        .fold(BODY, f32::min)
}

/// The standings: rank, name, club, country, points, placement points where used, penalties.
pub fn standings(s: &Snapshot, lang: Lang) -> Result<Vec<u8>, FontError> {
    let title = lang.tr(text_id!("pdf.standings"));
    let mut w = new_writer(s, lang, &title)?;
    let placement = s.tournament.settings.ranking.method == RankingMethod::PlacementPoints;
    let (session, sessions) = (s.session_reached(), s.tournament.settings.sessions);
    // While a session is being played the standings move with every manche: the sheet says so.
    let reached = if session == 0 || s.session_complete(session) {
        format!("{title} — {} {session} / {sessions}", lang.tr(text_id!("pdf.after_session")))
    } else {
        msg!("pdf.provisional", session = session, sessions = sessions, manches = s.manches_in(session)).render(lang)
    };
    // Ranked by placement points, they come first, before the points that break their ties; the name gives up
    // the room their title needs.
    let name_width = if placement { 56.0 } else { 62.0 };
    let mut cols = vec![
        Col { x: MARGIN, w: 12.0, right: true },
        Col { x: MARGIN + 14.0, w: name_width, right: false },
        Col { x: MARGIN + 14.0 + name_width, w: 40.0, right: false },
        Col { x: MARGIN + 54.0 + name_width, w: 12.0, right: false },
    ];
    let mut titles = vec![
        lang.tr(text_id!("standings.place")),
        lang.tr(text_id!("players.name")),
        lang.tr(text_id!("players.club")),
        lang.tr(text_id!("players.country")),
    ];
    if placement {
        cols.push(Col { x: MARGIN + 122.0, w: 24.0, right: true });
        titles.push(lang.tr(text_id!("standings.placement")));
    }
    cols.push(Col { x: MARGIN + 146.0, w: 16.0, right: true });
    titles.push(lang.tr(text_id!("standings.points")));
    cols.push(Col { x: MARGIN + 162.0, w: 18.0, right: true });
    titles.push(lang.tr(text_id!("standings.penalties")));
    for (i, r) in s.standings.iter().enumerate() {
        if i == 0 || w.y < BOTTOM {
            w.new_page();
            heading(&mut w, s, lang, &reached);
            table_header(&mut w, &cols, &titles);
        }
        let mut cells =
            vec![r.place.to_string(), r.player.name.clone(), r.player.club.clone(), r.player.country.clone()];
        if placement {
            cells.push(format!("{:.2}", r.placement()));
        }
        cells.push(r.points.to_string());
        cells.push(if r.penalties > 0 { format!("-{}", r.penalties) } else { String::new() });
        row(&mut w, &cols, &cells, Weight::Regular);
    }
    if s.standings.is_empty() {
        w.new_page();
        heading(&mut w, s, lang, &reached);
    }
    // The team standings follow the players' on pages of their own.
    team_pages(&mut w, s, lang);
    Ok(w.finish())
}

/// The team standings alone.
pub fn teams(s: &Snapshot, lang: Lang) -> Result<Vec<u8>, FontError> {
    let mut w = new_writer(s, lang, &lang.tr(text_id!("teams.title")))?;
    if !team_pages(&mut w, s, lang) {
        w.new_page();
        heading(&mut w, s, lang, &lang.tr(text_id!("teams.title")));
        let y = w.y;
        w.text(MARGIN, y, BODY, Weight::Regular, &lang.tr(text_id!("teams.none")));
    }
    Ok(w.finish())
}

/// The team standings' pages: place, team, members (those not counted, when only the best count, in brackets),
/// placement points where they rank, points. `false` when nobody plays for a team.
fn team_pages(w: &mut Writer, s: &Snapshot, lang: Lang) -> bool {
    let teams = s.teams();
    if teams.is_empty() {
        return false;
    }
    let placement = s.tournament.settings.ranking.method == RankingMethod::PlacementPoints;
    let title = lang.tr(text_id!("teams.title"));
    let mut cols = vec![
        Col { x: MARGIN, w: 12.0, right: true },
        Col { x: MARGIN + 14.0, w: 46.0, right: false },
        Col { x: MARGIN + 60.0, w: 86.0, right: false },
    ];
    let mut titles = vec![
        lang.tr(text_id!("standings.place")),
        lang.tr(text_id!("players.team")),
        lang.tr(text_id!("teams.members")),
    ];
    if placement {
        cols.push(Col { x: MARGIN + 146.0, w: 18.0, right: true });
        titles.push(lang.tr(text_id!("standings.placement")));
    }
    cols.push(Col { x: MARGIN + 164.0, w: 16.0, right: true });
    titles.push(lang.tr(text_id!("standings.points")));
    for (i, team) in teams.iter().enumerate() {
        if i == 0 || w.y < BOTTOM {
            w.new_page();
            heading(w, s, lang, &title);
            table_header(w, &cols, &titles);
        }
        let members = if team.counted < team.members.len() {
            let (counted, rest) = team.members.split_at(team.counted);
            format!("{} ({})", counted.join(", "), rest.join(", "))
        } else {
            team.members.join(", ")
        };
        let mut cells = vec![team.place.to_string(), team.team.clone(), members];
        if placement {
            cells.push(format!("{:.2}", team.placement()));
        }
        cells.push(team.points.to_string());
        row(w, &cols, &cells, Weight::Regular);
    }
    true
}

/// The hall board's address with its QR code, at the right under a heading: players point their phones at it.
fn board_code(w: &mut Writer, lang: Lang, url: &str) {
    const SIDE: f32 = 32.0;
    let top = w.y + 4.0;
    if !qr_code(w, url, PAGE_W - MARGIN - SIDE, top, SIDE) {
        return;
    }
    let width = PAGE_W - 2.0 * MARGIN - SIDE - 4.0;
    let said = w.fit(&lang.tr(text_id!("pdf.board")), width, BODY, Weight::Regular);
    w.text(MARGIN, top - 12.0, BODY, Weight::Regular, &said);
    let (url, size) = w.fit_sized(url, width, 14.0, Weight::Bold);
    w.text(MARGIN, top - 19.0, size, Weight::Bold, &url);
    w.y = top - SIDE - 3.0;
}

/// The QR code of `text` in a square of `side` mm (its quiet zone included) whose top-left corner is at
/// (`left`, `top`); `false`, drawing nothing, for a text too long for any code.
fn qr_code(w: &mut Writer, text: &str, left: f32, top: f32, side: f32) -> bool {
    let Some(qr) = crate::qr::Qr::of(text) else { return false };
    // Four light modules around the code (its quiet zone) make it readable on any background.
    let module = side / (qr.width + 8) as f32;
    let (left, code_top) = (left + 4.0 * module, top - 4.0 * module);
    for y in 0..qr.width {
        let mut x = 0;
        while x < qr.width {
            if !qr.is_dark(x, y) {
                x += 1;
                continue;
            }
            // One rectangle per run of dark modules on a row: a fraction of the marks, the same picture.
            let start = x;
            while x < qr.width && qr.is_dark(x, y) {
                x += 1;
            }
            let run = (x - start) as f32 * module;
            w.block(left + start as f32 * module, code_top - (y + 1) as f32 * module, run, module);
        }
    }
    true
}

/// Per session: each table's four players with their seat winds, then the same sorted by player name, then
/// the slips of its tables that have a phone link (`links`: the live ones), to cut apart and leave on each
/// table. While a board runs in the hall, each session's first page carries its address and QR code, and each
/// slip its table's link.
pub fn seating(s: &Snapshot, lang: Lang, board: Option<&str>, links: &[TableLink]) -> Result<Vec<u8>, FontError> {
    let mut w = new_writer(s, lang, &lang.tr(text_id!("pdf.seating")))?;
    let sessions = s.tables.iter().map(|t| t.session).max().unwrap_or(0);
    for session in 1..=sessions {
        let tables: Vec<_> = s.tables.iter().filter(|t| t.session == session).collect();
        let title =
            format!("{} — {} {session}", lang.tr(text_id!("pdf.seating")), lang.tr(text_id!("sessions.session")));
        // Two columns of table blocks: "Tavolo N", then each seat wind and its player on a line of its own, so
        // that full names fit.
        let seat_model = s.tournament.settings.ruleset().seat_model();
        let block_h = (s.tournament.settings.ruleset().table_size() as f32 + 1.0) * ROW + 4.0;
        let half = (PAGE_W - 2.0 * MARGIN) / 2.0;
        for (i, table) in tables.iter().enumerate() {
            let column = i % 2;
            if i == 0 || (column == 0 && w.y - block_h < BOTTOM) {
                w.new_page();
                heading(&mut w, s, lang, &title);
                if let (0, Some(url)) = (i, board) {
                    board_code(&mut w, lang, url);
                }
            }
            let x = MARGIN + column as f32 * half;
            let top = w.y;
            w.text(x, top, 10.5, Weight::Bold, &format!("{} {}", lang.tr(text_id!("sessions.table")), table.number));
            for (pos, &player) in table.players.iter().enumerate() {
                let y = top - (pos as f32 + 1.0) * ROW;
                w.text(x, y, BODY, Weight::Regular, &seat_model.seat(pos).name(lang));
                let (name, size) = w.fit_sized(s.name(player), half - 22.0, BODY, Weight::Regular);
                w.text(x + 18.0, y, size, Weight::Regular, &name);
            }
            if column == 1 || i + 1 == tables.len() {
                w.y = top - block_h;
            }
        }
        // The same session by name, so that players find their table on the wall.
        let mut by_name: Vec<(String, u32, SeatLabel)> = tables
            .iter()
            .flat_map(|t| t.players.iter().enumerate().map(move |(pos, &p)| (p, t.number, seat_model.seat(pos))))
            .map(|(p, number, seat)| (s.name(p).to_owned(), number, seat))
            .collect();
        by_name.sort_by_key(|entry| entry.0.to_lowercase());
        let title = format!(
            "{} — {} {session}",
            lang.tr(text_id!("pdf.seating_by_name")),
            lang.tr(text_id!("sessions.session"))
        );
        let name_cols = [
            Col { x: MARGIN, w: 90.0, right: false },
            Col { x: MARGIN + 92.0, w: 20.0, right: true },
            Col { x: MARGIN + 118.0, w: 30.0, right: false },
        ];
        let name_titles =
            [lang.tr(text_id!("players.name")), lang.tr(text_id!("sessions.table")), lang.tr(text_id!("pdf.seat"))];
        for (i, (name, number, seat)) in by_name.iter().enumerate() {
            if i == 0 || w.y < BOTTOM {
                w.new_page();
                heading(&mut w, s, lang, &title);
                table_header(&mut w, &name_cols, &name_titles);
            }
            row(&mut w, &name_cols, &[name.clone(), number.to_string(), seat.name(lang)], Weight::Regular);
        }
        let slips: Vec<Slip<'_>> = tables
            .iter()
            .filter_map(|&table| {
                let link = links.iter().find(|l| l.session == session && l.table == table.number)?;
                Some(Slip { table, link })
            })
            .collect();
        slips::slip_pages(&mut w, s, lang, board, &slips);
    }
    if sessions == 0 {
        w.new_page();
        heading(&mut w, s, lang, &lang.tr(text_id!("pdf.seating")));
    }
    Ok(w.finish())
}

/// Table `table`'s slip for its session, alone on a page: printed again after its link was reissued.
pub fn slip(
    s: &Snapshot,
    lang: Lang,
    board: Option<&str>,
    table: &SeatedTable,
    link: &TableLink,
) -> Result<Vec<u8>, FontError> {
    let mut w = new_writer(s, lang, &lang.tr(text_id!("pdf.slip.title")))?;
    slips::slip_pages(&mut w, s, lang, board, &[Slip { table, link }]);
    Ok(w.finish())
}

/// One page per table per session: names and winds, who is East in each manche and the round wind, a row per
/// manche to fill by hand, totals and signatures.
pub fn scoresheets(s: &Snapshot, lang: Lang) -> Result<Vec<u8>, FontError> {
    let mut w = new_writer(s, lang, &lang.tr(text_id!("pdf.scoresheet")))?;
    let settings = &s.tournament.settings;
    let ruleset = settings.ruleset();
    let east_passes = s.rules.deal_always_passes();
    // Where the deal may stay, a session holds more manches than it counts (a dealer's repeats): half again
    // as many rows.
    let counted = settings.manches_per_session;
    let manches = if east_passes { counted } else { counted + counted.div_ceil(2) };
    let fact_columns = s.rules.entry_model().sheet_columns(text_id!("pdf.winner"));
    let has_facts = !fact_columns.is_empty();
    let seat_model = ruleset.seat_model();
    for table in &s.tables {
        // A table's own size: Hanafuda seats two at a few tables.
        let seats = table.players.len().max(1);
        w.new_page();
        let title = format!(
            "{} — {} {} · {} {}",
            lang.tr(text_id!("pdf.scoresheet")),
            lang.tr(text_id!("sessions.session")),
            table.session,
            lang.tr(text_id!("sessions.table")),
            table.number
        );
        heading(&mut w, s, lang, &title);
        let facts_x = MARGIN + 46.0;
        // A ruleset whose sheet records the facts of each game (the winner, then its own sheet facts) gets
        // them before the players' columns, which then take only points.
        let facts = if has_facts { (PAGE_W - MARGIN - facts_x) * 0.55 } else { 0.0 };
        let x0 = facts_x + facts;
        let col_w = (PAGE_W - MARGIN - x0) / seats as f32;
        let top = w.y;
        let name_size = if has_facts { 7.0 } else { BODY };
        for (pos, &player) in table.players.iter().enumerate() {
            let x = x0 + pos as f32 * col_w;
            // Narrow columns (beside a card's facts) take the name on two lines: first name above.
            let full = s.name(player);
            let (above, below) = match full.split_once(' ') {
                Some((first, rest)) if has_facts => (first, rest),
                _ => ("", full),
            };
            if !above.is_empty() {
                let first = w.fit(above, col_w - 2.0, name_size, Weight::Bold);
                w.text(x + 1.0, top + 3.0, name_size, Weight::Bold, &first);
            }
            let name = w.fit(below, col_w - 2.0, name_size, Weight::Bold);
            w.text(x + 1.0, top, name_size, Weight::Bold, &name);
            w.text(x + 1.0, top - 4.5, 8.0, Weight::Regular, &seat_model.seat(pos).name(lang));
        }
        let head = top - 10.0;
        let first_seat = if seat_model.has_seat_winds() { "pdf.first_wind" } else { "pdf.first_seat" };
        w.text(MARGIN, top - 4.5, 8.0, Weight::Regular, &lang.tr(first_seat));
        w.text(MARGIN, head, 8.0, Weight::Bold, "N.");
        let dealer_title =
            if seat_model.has_winds() { lang.tr(text_id!("pdf.round_east")) } else { lang.tr(text_id!("seat.dealer")) };
        w.text(MARGIN + 11.0, head, 8.0, Weight::Bold, &dealer_title);
        let row_h = 11.0;
        let grid_top = head - 2.5;
        let rows = manches as usize + 1;
        for r in 0..=rows {
            let y = grid_top - r as f32 * row_h;
            w.line((MARGIN, y), (PAGE_W - MARGIN, y), if r == 0 || r == rows { 0.8 } else { 0.3 }, 0.0);
        }
        let bottom = grid_top - rows as f32 * row_h;
        for c in 0..=seats {
            let x = x0 + c as f32 * col_w;
            w.line((x, grid_top), (x, bottom), 0.3, 0.0);
        }
        let total_weight: f32 = fact_columns.iter().map(|&(_, kind)| fact_weight(kind)).sum();
        let mut x = facts_x;
        for &(title, kind) in &fact_columns {
            w.line((x, grid_top), (x, bottom), 0.3, 0.0);
            let width = facts * fact_weight(kind) / total_weight;
            let title = w.fit(&lang.tr(title), width - 1.0, 7.0, Weight::Bold);
            w.text(x + 0.5, head, 7.0, Weight::Bold, &title);
            x += width;
        }
        w.line((MARGIN, grid_top), (MARGIN, bottom), 0.3, 0.0);
        w.line((PAGE_W - MARGIN, grid_top), (PAGE_W - MARGIN, bottom), 0.3, 0.0);
        for m in 0..manches {
            let y = grid_top - (m as f32 + 1.0) * row_h + 4.0;
            w.text_right(MARGIN + 7.0, y, BODY, Weight::Bold, &(m + 1).to_string());
            // In tournament rotation every manche's winds are known in advance; in club rotation they depend on
            // the results, so only the first manche is printed.
            if east_passes || m == 0 {
                let passes = vec![Rotation::Pass; m as usize];
                let winds = manche_winds_reseated(table.start_round_wind, &passes, seats, s.rules.round_seating());
                let east = table.players.get(winds.east_position).map_or("", |&p| s.name(p));
                let who = if seat_model.has_winds() {
                    format!("{} · {}", winds.round_wind.name(lang), east)
                } else {
                    east.to_owned()
                };
                let text = w.fit(&who, x0 - MARGIN - 12.0, 7.0, Weight::Regular);
                w.text(MARGIN + 11.0, y, 7.0, Weight::Regular, &text);
            }
        }
        let total_y = grid_top - (manches as f32 + 1.0) * row_h + 4.0;
        w.text(MARGIN + 1.0, total_y, BODY, Weight::Bold, &lang.tr(text_id!("pdf.total")));
        let sign_y = bottom - 12.0;
        for pos in 0..seats {
            let x = x0 + pos as f32 * col_w;
            w.line((x + 2.0, sign_y), (x + col_w - 2.0, sign_y), 0.3, 0.0);
            w.text(x + 2.0, sign_y - 3.5, 7.0, Weight::Regular, &lang.tr(text_id!("pdf.signature")));
        }
        w.line((MARGIN, sign_y), (x0 - 4.0, sign_y), 0.3, 0.0);
        w.text(MARGIN, sign_y - 3.5, 7.0, Weight::Regular, &lang.tr(text_id!("pdf.referee_signature")));
    }
    if s.tables.is_empty() {
        w.new_page();
        heading(&mut w, s, lang, &lang.tr(text_id!("pdf.scoresheet")));
    }
    Ok(w.finish())
}

/// How wide a fact column of the score sheet is drawn, relative to the others: by what the referee writes
/// in it (a card's line is the longest, a name next, a count the shortest).
fn fact_weight(kind: FactKind) -> f32 {
    match kind {
        FactKind::Field(FieldKind::FromBook { .. } | FieldKind::Tiles | FieldKind::Cards(_)) => 4.5,
        FactKind::Field(FieldKind::OnePlayer | FieldKind::PickPlayer) => 3.5,
        FactKind::Winner | FactKind::WinFlag | FactKind::Field(FieldKind::Flag | FieldKind::OneOf { .. }) => 3.0,
        FactKind::Field(FieldKind::Text) => 2.5,
        FactKind::Field(FieldKind::Number) => 1.7,
    }
}

/// One player's manches across the tournament: session, table, manche, seat wind, hand value, net, running total.
pub fn card(s: &Snapshot, player: Id, lang: Lang) -> Result<Vec<u8>, FontError> {
    let name = s.name(player).to_owned();
    let title = format!("{} — {name}", lang.tr(text_id!("pdf.card")));
    let mut w = new_writer(s, lang, &title)?;
    let cols = [
        Col { x: MARGIN, w: 20.0, right: true },
        Col { x: MARGIN + 20.0, w: 18.0, right: true },
        Col { x: MARGIN + 38.0, w: 18.0, right: true },
        Col { x: MARGIN + 60.0, w: 24.0, right: false },
        Col { x: MARGIN + 84.0, w: 16.0, right: false },
        Col { x: MARGIN + 100.0, w: 25.0, right: true },
        Col { x: MARGIN + 125.0, w: 25.0, right: true },
        Col { x: MARGIN + 150.0, w: 30.0, right: true },
    ];
    let titles = [
        lang.tr(text_id!("sessions.session")),
        lang.tr(text_id!("sessions.table")),
        lang.tr(text_id!("table.manche")),
        lang.tr(text_id!("pdf.seat")),
        "MJ".to_owned(),
        lang.tr(text_id!("entry.value")),
        lang.tr(text_id!("pdf.net")),
        lang.tr(text_id!("pdf.total")),
    ];
    let mut total = 0i64;
    let mut first = true;
    let mut tables: Vec<_> = s.tables.iter().filter(|t| t.players.contains(&player)).collect();
    tables.sort_by_key(|t| (t.session, t.number));
    for table in tables {
        let Some(position) = table.players.iter().position(|&p| p == player) else { continue };
        for manche in s.manches.get(&table.id).into_iter().flatten() {
            if first || w.y < BOTTOM {
                w.new_page();
                heading(&mut w, s, lang, &title);
                table_header(&mut w, &cols, &titles);
                first = false;
            }
            let net = manche.nets.get(position).copied().unwrap_or_default();
            total += net;
            let input = &manche.input.players[position];
            let score = manche.outcome.players.get(position).map_or(0, |p| p.score);
            let cells = [
                table.session.to_string(),
                table.number.to_string(),
                manche.number.to_string(),
                input.seat.map_or_else(|| SeatLabel::Number(position + 1).name(lang), |wind| wind.name(lang)),
                if input.mahjong { "MJ".to_owned() } else { String::new() },
                if manche.input.void { lang.tr(text_id!("table.void")) } else { score.to_string() },
                format!("{net:+}"),
                total.to_string(),
            ];
            row(&mut w, &cols, &cells, Weight::Regular);
        }
    }
    if first {
        w.new_page();
        heading(&mut w, s, lang, &title);
    }
    let y = w.y - 2.0;
    w.line((MARGIN, y + 3.5), (PAGE_W - MARGIN, y + 3.5), 0.6, 0.0);
    w.text(MARGIN, y - 1.0, BODY, Weight::Bold, &format!("{}: {total}", lang.tr(text_id!("pdf.total"))));
    Ok(w.finish())
}
