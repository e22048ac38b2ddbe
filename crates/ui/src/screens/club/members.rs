//! The club's members: each one's number and balance (who owes whom), a receipt for a period, and the form to
//! add one (Enter adds and brings the keyboard back to the name).

use crate::text_id;
use chrono::Datelike;
use egui::{Color32, RichText};

use crate::desk;
use crate::desk::{Club, Member};
use crate::export::club::ReceiptScope;
use crate::frame::{Frame, Has};
use crate::ledger::{MemberData, format_cents};
use crate::msg;
use crate::screens::{exports, labelled_text, parse_date};

/// The member form and the receipts' period.
#[derive(Default)]
pub struct State {
    form: MemberData,
    focus_name: bool,
    from: String,
    to: String,
    /// The balances as last read.
    balances: crate::link::Fetched<crate::tournament::Id, desk::Balances>,
}

/// Draws the members tab.
pub fn show<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club, members: &[Member]) {
    let lang = app.lang;
    let id = club.id;
    let Some(balances) =
        app.fetch(|app| &mut app.screens.get::<super::State>().members.balances, id, move |desk| desk.balances(id))
    else {
        return;
    };
    let today = chrono::Local::now().date_naive();
    let state = &mut app.screens.get::<super::State>().members;
    if state.from.is_empty() {
        state.from = today.with_day0(0).unwrap_or(today).to_string();
        state.to = today.to_string();
    }
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        ui.heading(format!("{} ({})", lang.tr(text_id!("club.tab_members")), members.len()));
        ui.horizontal(|ui| {
            labelled_text(
                ui,
                &lang.tr(text_id!("club.from")),
                &mut app.screens.get::<super::State>().members.from,
                90.0,
            );
            labelled_text(ui, &lang.tr(text_id!("club.to")), &mut app.screens.get::<super::State>().members.to, 90.0);
        });
        let mut receipt_for = None;
        egui::ScrollArea::vertical().id_salt("members").max_height(ui.available_height() - 40.0).show(ui, |ui| {
            egui::Grid::new("member-list").striped(true).num_columns(4).show(ui, |ui| {
                for key in ["club.member", "club.number", "club.balance", "club.receipt"] {
                    ui.label(RichText::new(lang.tr(key)).strong());
                }
                ui.end_row();
                for b in &balances.members {
                    ui.label(&b.member.data.name);
                    ui.label(&b.member.data.number);
                    ui.label(balance_text(b.balance, lang));
                    let button = msg!("club.receipt_of", name = b.member.data.name).render(lang);
                    if ui.button(button).clicked() {
                        receipt_for = Some(b.member.id);
                    }
                    ui.end_row();
                }
                ui.label(RichText::new(lang.tr(text_id!("ledger.kitty"))).italics());
                ui.label("");
                ui.label(balance_text(balances.kitty, lang));
                ui.end_row();
                // What the club holds is not its balance: after a settle-up the balance is zero and the fees
                // are in the cash box.
                ui.label(RichText::new(lang.tr(text_id!("club.cash_held"))).italics());
                ui.label("");
                ui.label(format_cents(balances.cash, lang));
                ui.end_row();
            });
        });
        if let Some(member) = receipt_for {
            period_receipt(app, club, member);
        }
        let ui = &mut columns[1];
        add_member(app, ui, club);
    });
}

/// A balance with its sign in colour: green when the club owes, red when the member owes.
pub(crate) fn balance_text(cents: i64, lang: crate::i18n::Lang) -> RichText {
    let text = RichText::new(format_cents(cents, lang));
    match cents.signum() {
        1 => text.color(Color32::from_rgb(30, 130, 60)),
        -1 => text.color(Color32::from_rgb(200, 40, 40)),
        _ => text,
    }
}

fn period_receipt<S: Has<super::State>>(app: &mut Frame<S>, club: &Club, member: crate::tournament::Id) {
    let lang = app.lang;
    let members = &app.screens.get::<super::State>().members;
    let (from, to) = (&members.from, &members.to);
    let period = parse_date(from, &lang.tr(text_id!("club.from")))
        .and_then(|f| Ok((f, parse_date(to, &lang.tr(text_id!("club.to")))?)));
    let (from, to) = match period {
        Ok((Some(from), Some(to))) if from <= to => (from, to),
        Ok(_) => return app.fail(msg!("club.bad_period")),
        Err(e) => return app.fail(e),
    };
    receipt(app, club, member, ReceiptScope::Period { from, to });
}

/// Writes a member's receipt for `scope`: the desk reads the names for the file's name, the referee says where.
pub(crate) fn receipt<S: Has<super::State>>(
    app: &mut Frame<S>,
    club: &Club,
    member: crate::tournament::Id,
    scope: ReceiptScope,
) {
    let (club_id, club_name) = (club.id, club.settings.name.clone());
    app.run(
        move |desk| {
            let name = desk.members(club_id).ok().and_then(|m| m.into_iter().find(|m| m.id == member));
            let name = name.map(|m| m.data.name).unwrap_or_default();
            let when = match scope {
                ReceiptScope::Evening(id) => desk.evening(id).map(|e| e.date.to_string()).unwrap_or_default(),
                ReceiptScope::Period { from, to } => format!("{from}-{to}"),
            };
            (name, when)
        },
        move |app, (name, when)| {
            let lang = app.lang;
            let file = format!(
                "{}-{}-{}-{when}.pdf",
                exports::file_stem(&club_name),
                lang.tr(text_id!("export.file.receipt")),
                exports::file_stem(&name)
            );
            exports::save_file(app, &file, "pdf", move |desk| {
                let book = desk.club_book(club_id).map_err(|e| crate::message::Explain::message(&e))?;
                crate::export::pdf::club::receipt(&book, member, scope, lang).map_err(|_| msg!("error.export.font"))
            });
        },
    );
}

fn add_member<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club) {
    let lang = app.lang;
    ui.heading(lang.tr(text_id!("club.add_member")));
    let state = &mut app.screens.get::<super::State>().members;
    let mut submitted = false;
    egui::Grid::new("member-form").num_columns(2).show(ui, |ui| {
        let name = labelled_text(ui, &lang.tr(text_id!("players.name")), &mut state.form.name, 240.0);
        if state.focus_name {
            name.request_focus();
            state.focus_name = false;
        }
        submitted |= name.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();
        let number = labelled_text(ui, &lang.tr(text_id!("field.member_number")), &mut state.form.number, 100.0);
        submitted |= number.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();
    });
    submitted |= ui.button(lang.tr(text_id!("club.add_member"))).clicked();
    if submitted && !app.screens.get::<super::State>().members.form.name.trim().is_empty() {
        let form = app.screens.get::<super::State>().members.form.clone();
        let (id, name) = (club.id, form.name.trim().to_owned());
        app.write(
            move |desk| desk.add_member(id, &form),
            move |app, _| {
                app.screens.get::<super::State>().members.form = MemberData::default();
                app.screens.get::<super::State>().members.focus_name = true;
                app.info(msg!("club.member_added", name = name));
            },
        );
    }
}
