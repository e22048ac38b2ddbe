//! A session table: its manches with round wind, East, each seat's net and running chip total, and what is
//! still to enter.

use crate::text_id;
use egui::{Color32, RichText};

use std::sync::Arc;

use crate::Screen;
use crate::desk::{TableLinkView, TableState};
use crate::frame::{Frame, Has};
use crate::msg;
use crate::tournament::Id;

/// The cached table, and its phone's link once the referee asked for it.
#[derive(Default)]
pub struct State {
    cache: crate::link::Fetched<Id, TableState>,
    phone: Phone,
}

/// The table's link as the desk last gave it, and what the referee is about to do with it.
#[derive(Default)]
struct Phone {
    /// The table it was asked for (the links are asked for once: asking makes the missing ones, a write).
    asked: Option<Id>,
    /// The table's live link (`None` once revoked).
    link: Option<(Id, TableLinkView)>,
    /// The QR code of the address it was made for.
    code: Option<(String, crate::desk::qr::Qr)>,
    /// Revoking waits for the referee to confirm it: `true` gives the table a new link at once.
    confirming: Option<bool>,
}

/// The table as stored, read again after every change.
fn table_state<S: Has<State>>(app: &mut Frame<S>, table: Id) -> Option<Arc<TableState>> {
    app.fetch(|app| &mut app.screens.get::<State>().cache, table, move |desk| desk.table_state(table))
}

/// Draws the screen.
pub fn show<S: Has<State> + Has<super::entry::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, table: Id) {
    let Some(tournament) = app.tournament_id() else { return };
    let Some(state) = table_state(app, table) else { return };
    let lang = app.lang;
    ui.horizontal(|ui| {
        if ui.button(format!("« {}", lang.tr(text_id!("nav.sessions")))).clicked() {
            app.go(Screen::Sessions);
        }
        ui.heading(format!(
            "{} {} — {} {}",
            lang.tr(text_id!("sessions.session")),
            state.table.session,
            lang.tr(text_id!("sessions.table")),
            state.table.number
        ));
    });
    if let Some(next) = state.next_number() {
        let button = egui::Button::new(RichText::new(format!("{} {next}", lang.tr(text_id!("table.enter")))).strong());
        if ui.add(button).clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            let revision = app.revision;
            let entry = app.screens.get::<super::entry::State>();
            entry.reset(table, next, None);
            entry.knows_table(table, Arc::clone(&state), revision);
            app.go(Screen::Entry { table, number: next });
        }
    } else {
        ui.label(lang.tr(text_id!("table.complete")));
    }
    let has_winds = state.settings.ruleset().seat_model().has_winds();
    if state.manches.is_empty() && has_winds {
        ui.horizontal(|ui| {
            ui.label(lang.tr(text_id!("table.start_wind")));
            for wind in crate::tiles::Wind::ALL {
                if ui.add(egui::Button::selectable(state.table.start_round_wind == wind, wind.name(lang))).clicked() {
                    let referee = app.referee_name();
                    app.write(move |desk| desk.set_start_round_wind(tournament, table, wind, &referee), |_, ()| {});
                }
            }
        });
    }
    egui::CollapsingHeader::new(lang.tr(text_id!("links.title"))).id_salt("phone-link").show(ui, |ui| {
        phone_link(app, ui, tournament, &state);
    });
    let totals = state.running_totals();
    let rows = state.manches.len() as u32 + u32::from(state.next_number().is_some());
    let planned = state.settings.manches_per_session.max(rows);
    let mut correct: Option<u32> = None;
    let entry = app.screens.get::<super::entry::State>();
    let drafts: Vec<u32> = (1..=planned).filter(|&number| entry.has_draft(table, number)).collect();
    let start = state.settings.starting_points();
    ui.label(RichText::new(msg!("table.scale", start = start).render(lang)).weak());
    ui.scope(|ui| {
        let columns = state.players.len() + 3 + usize::from(has_winds);
        egui::Grid::new("manches").striped(true).num_columns(columns).show(ui, |ui| {
            ui.label(RichText::new(lang.tr(text_id!("table.manche"))).strong());
            if has_winds {
                ui.label(RichText::new(lang.tr(text_id!("table.round"))).strong());
                ui.label(RichText::new(lang.tr(text_id!("table.east"))).strong());
            } else {
                ui.label(RichText::new(lang.tr(text_id!("seat.dealer"))).strong());
            }
            for player in &state.players {
                ui.label(RichText::new(crate::bidi::visual(&player.name)).strong());
            }
            ui.label(RichText::new(lang.tr(text_id!("table.status"))).strong());
            ui.end_row();
            for number in 1..=planned {
                let winds = state.winds(number);
                ui.label(number.to_string());
                let entered = state.manches.get(number as usize - 1);
                if entered.is_some() || Some(number) == state.next_number() {
                    if has_winds {
                        ui.label(winds.round_wind.name(lang));
                    }
                    ui.label(state.players.get(winds.east_position).map_or("", |p| p.name.as_str()));
                } else {
                    for _ in 0..1 + usize::from(has_winds) {
                        ui.label("");
                    }
                }
                match entered {
                    Some(manche) => {
                        // One scale with the standings (points from 0), the chips on the table in brackets.
                        for (net, total) in manche.nets.iter().zip(&totals[number as usize - 1]) {
                            let text = format!("{net:+} · {:+} ({total})", total - start);
                            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                                ui.label(RichText::new(text).monospace())
                            });
                        }
                    }
                    None => {
                        for _ in 0..state.players.len() {
                            ui.label("");
                        }
                    }
                }
                // A manche typed here and left unconfirmed is a draft, kept by this station until confirmed.
                let draft = drafts.contains(&number);
                match entered {
                    Some(manche) => {
                        let mut text = if manche.input.void {
                            lang.tr(text_id!("table.void"))
                        } else {
                            lang.tr(text_id!("table.entered"))
                        };
                        if draft {
                            text = format!("{text} · {}", lang.tr(text_id!("table.draft")));
                        }
                        if ui.button(format!("{text} · {}", lang.tr(text_id!("table.correct")))).clicked() {
                            correct = Some(number);
                        }
                    }
                    None if draft => {
                        ui.label(lang.tr(text_id!("table.draft")));
                    }
                    None if Some(number) == state.next_number() => {
                        ui.label(lang.tr(text_id!("table.next")));
                    }
                    None => {
                        ui.label(RichText::new(lang.tr(text_id!("table.pending"))).weak());
                    }
                }
                ui.end_row();
            }
        });
    });
    if let Some(number) = correct {
        let entry = state
            .manches
            .get(number as usize - 1)
            .map(|m| (crate::tournament::MancheEntry::from_input(&m.input), m.revision));
        let revision = app.revision;
        let entry_state = app.screens.get::<super::entry::State>();
        entry_state.reset(table, number, entry);
        entry_state.knows_table(table, state, revision);
        app.go(Screen::Entry { table, number });
    }
}

/// The table's phone: the link (its QR code while the board runs from this desk, for the phone to scan) with
/// the players' PINs, and the buttons that revoke it or give the table a new one (the old slip stops working).
fn phone_link<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id, state: &TableState) {
    let lang = app.lang;
    let table = state.table.id;
    let (session, number) = (state.table.session, state.table.number);
    ui.label(RichText::new(lang.tr(text_id!("links.explain"))).weak());
    let phone = &app.screens.get::<State>().phone;
    if phone.asked != Some(table) {
        app.screens.get::<State>().phone = Phone { asked: Some(table), ..Phone::default() };
        ask_links(app, tournament, table, session, number);
        return;
    }
    let Some(link) = phone.link.as_ref().filter(|(t, _)| *t == table).map(|(_, link)| link.clone()) else {
        ui.label(RichText::new(msg!("links.none", table = number).render(lang)).weak());
        if ui.button(lang.tr(text_id!("links.new"))).clicked() {
            ask_links(app, tournament, table, session, number);
        }
        return;
    };
    let url = app.board_url().map(|board| link.url(&board));
    ui.horizontal(|ui| {
        ui.vertical(|ui| link_code(app, ui, url.as_deref()));
        ui.add_space(12.0);
        ui.vertical(|ui| {
            ui.label(RichText::new(lang.tr(text_id!("links.pins"))).strong());
            egui::Grid::new("pins").num_columns(2).show(ui, |ui| {
                for (name, pin) in &link.players {
                    ui.label(crate::bidi::visual(name));
                    ui.label(RichText::new(pin).monospace().strong().size(16.0));
                    ui.end_row();
                }
            });
            ui.add_space(8.0);
            // The slip's reprint goes in this row, beside the buttons that make the old slip useless.
            link_buttons(app, ui, tournament, table, (session, number));
        });
    });
    if let Some(url) = url {
        ui.horizontal(|ui| {
            ui.label(RichText::new(&url).monospace());
            if ui.small_button(lang.tr(text_id!("board.copy"))).clicked() {
                ui.ctx().copy_text(url.clone());
            }
        });
    }
}

/// Asks the desk for the session's links (the tables without one get it now) and keeps this table's.
fn ask_links<S: Has<State>>(app: &mut Frame<S>, tournament: Id, table: Id, session: u32, number: u32) {
    let referee = app.referee_name();
    app.write(
        move |desk| desk.table_links(tournament, session, &referee),
        move |app, links| {
            let phone = &mut app.screens.get::<State>().phone;
            if phone.asked == Some(table) {
                phone.link = links.into_iter().find(|l| l.table == number).map(|link| (table, link));
            }
        },
    );
}

/// The QR code of the link's address, or why a phone cannot open it yet (`None`: the board does not run here).
fn link_code<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, url: Option<&str>) {
    let lang = app.lang;
    let Some(url) = url else {
        ui.set_max_width(360.0);
        ui.label(RichText::new(lang.tr(text_id!("links.no_board"))).color(Color32::from_rgb(180, 110, 0)));
        return;
    };
    let phone = &mut app.screens.get::<State>().phone;
    if phone.code.as_ref().is_none_or(|(made_for, _)| made_for != url) {
        phone.code = crate::desk::qr::Qr::of(url).map(|code| (url.to_owned(), code));
    }
    if let Some((_, code)) = &phone.code {
        crate::board::draw_code(ui, code, 220.0);
    }
}

/// Revoke, and new link: each revokes the link in force, so each asks first.
fn link_buttons<S: Has<State>>(
    app: &mut Frame<S>,
    ui: &mut egui::Ui,
    tournament: Id,
    table: Id,
    (session, number): (u32, u32),
) {
    let lang = app.lang;
    let Some(reissue) = app.screens.get::<State>().phone.confirming else {
        ui.horizontal(|ui| {
            if ui.button(lang.tr(text_id!("links.revoke"))).clicked() {
                app.screens.get::<State>().phone.confirming = Some(false);
            }
            if ui.button(lang.tr(text_id!("links.new"))).clicked() {
                app.screens.get::<State>().phone.confirming = Some(true);
            }
        });
        return;
    };
    let question =
        if reissue { msg!("links.confirm_new", table = number) } else { msg!("links.confirm_revoke", table = number) };
    ui.label(RichText::new(question.render(lang)).color(Color32::from_rgb(180, 110, 0)));
    ui.horizontal(|ui| {
        let yes = if reissue { text_id!("links.new_yes") } else { text_id!("links.revoke_yes") };
        if ui.button(RichText::new(lang.tr(yes)).strong()).clicked() {
            app.screens.get::<State>().phone.confirming = None;
            let referee = app.referee_name();
            app.write(
                move |desk| desk.revoke_table_link(tournament, session, number, reissue, &referee),
                move |app, new| {
                    let phone = &mut app.screens.get::<State>().phone;
                    if phone.asked == Some(table) {
                        phone.link = new.map(|link| (table, link));
                    }
                    let done = if reissue {
                        msg!("links.reissued", table = number)
                    } else {
                        msg!("links.revoked", table = number)
                    };
                    app.info(done);
                },
            );
        }
        if ui.button(lang.tr(text_id!("common.cancel"))).clicked() {
            app.screens.get::<State>().phone.confirming = None;
        }
    });
}
