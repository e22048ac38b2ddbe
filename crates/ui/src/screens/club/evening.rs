//! The club's evenings: open one by typing each present member's table number, then per table either the
//! final chip counts (checked: they must add up) or its manches at the desk; close the evening to post every
//! member's result and fee; then each member's receipt.

use crate::text_id;
use std::collections::HashMap;

use egui::RichText;

use crate::desk::{self, EveningView, TableSource};
use crate::desk::{Club, Member};
use crate::export::club::ReceiptScope;
use crate::frame::{Frame, Has};
use crate::ledger::{EntryKind, format_cents};
use crate::message::Message;
use crate::msg;
use crate::screens::{labelled_text, parse_date, parse_number};
use crate::tournament::Id;

/// The new evening's form, the evening shown and the chip counts being typed.
#[derive(Default)]
pub struct State {
    selected: Option<Id>,
    date: String,
    /// Member → the table number typed ("" = not playing tonight).
    table_of: HashMap<Id, String>,
    /// (table, seat) → the chip count typed.
    chips: HashMap<(Id, Id), String>,
    evenings: crate::link::Fetched<Id, Vec<crate::desk::Evening>>,
    /// The evening shown as last read.
    view: crate::link::Fetched<Id, EveningView>,
    /// The evening whose closing waits for the treasurer's yes (closing cannot be undone).
    confirm_close: Option<Id>,
}

/// Draws the evenings tab.
pub fn show<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club, members: &[Member]) {
    let lang = app.lang;
    let id = club.id;
    let Some(evenings) =
        app.fetch(|app| &mut app.screens.get::<super::State>().evening.evenings, id, move |desk| desk.evenings(id))
    else {
        return;
    };
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        ui.heading(lang.tr(text_id!("club.tab_evenings")));
        for evening in evenings.iter() {
            let status = lang.tr(if evening.closed_at.is_some() { "club.closed" } else { "club.open" });
            let label = format!("{} · {status}", evening.date);
            if ui
                .add(egui::Button::selectable(
                    app.screens.get::<super::State>().evening.selected == Some(evening.id),
                    label,
                ))
                .clicked()
            {
                app.screens.get::<super::State>().evening.selected = Some(evening.id);
            }
        }
        ui.separator();
        new_evening(app, ui, club, members);
        let ui = &mut columns[1];
        if let Some(evening) =
            app.screens.get::<super::State>().evening.selected.filter(|id| evenings.iter().any(|e| e.id == *id))
        {
            let view = app.fetch(
                |app| &mut app.screens.get::<super::State>().evening.view,
                evening,
                move |desk| desk.evening_view(evening),
            );
            if let Some(view) = view {
                evening_panel(app, ui, club, &view);
            }
        }
    });
}

fn new_evening<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club, members: &[Member]) {
    let lang = app.lang;
    ui.heading(lang.tr(text_id!("club.new_evening")));
    let state = &mut app.screens.get::<super::State>().evening;
    if state.date.is_empty() {
        state.date = chrono::Local::now().date_naive().to_string();
    }
    labelled_text(ui, &lang.tr(text_id!("club.date")), &mut state.date, 100.0);
    ui.label(RichText::new(lang.tr(text_id!("club.table_hint"))).weak());
    egui::ScrollArea::vertical().id_salt("evening-members").max_height(ui.available_height() - 60.0).show(ui, |ui| {
        egui::Grid::new("evening-members").num_columns(2).show(ui, |ui| {
            for member in members {
                let field = state.table_of.entry(member.id).or_default();
                let label = msg!("club.table_of", name = member.data.name).render(lang);
                labelled_text(ui, &label, field, 40.0);
                ui.end_row();
            }
        });
    });
    if ui.button(lang.tr(text_id!("club.open_evening"))).clicked() {
        match tables_typed(&app.screens.get::<super::State>().evening, members, lang) {
            Ok((date, tables)) => {
                let by = app.referee_name();
                let (club, count) = (club.id, tables.len());
                app.write(
                    move |desk| desk.open_evening(club, date, &tables, &by),
                    move |app, id| {
                        app.screens.get::<super::State>().evening.selected = Some(id);
                        app.screens.get::<super::State>().evening.table_of.clear();
                        app.info(msg!("club.evening_opened", date = date, tables = count));
                    },
                );
            }
            Err(e) => app.fail(e),
        }
    }
}

/// The date and the tables typed: members by table number, in the list's order.
fn tables_typed(
    state: &State,
    members: &[Member],
    lang: crate::i18n::Lang,
) -> Result<(chrono::NaiveDate, Vec<Vec<Id>>), Message> {
    let Some(date) = parse_date(&state.date, &lang.tr(text_id!("club.date")))? else {
        return Err(msg!("club.no_date"));
    };
    let mut by_number: std::collections::BTreeMap<u32, Vec<Id>> = Default::default();
    for member in members {
        let typed = state.table_of.get(&member.id).map(|t| t.trim()).unwrap_or_default();
        if typed.is_empty() {
            continue;
        }
        let label = msg!("club.table_of", name = member.data.name).render(lang);
        let number: u32 = parse_number(typed, &label)?;
        by_number.entry(number).or_default().push(member.id);
    }
    Ok((date, by_number.into_values().collect()))
}

fn evening_panel<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club, view: &EveningView) {
    let lang = app.lang;
    let closed = view.evening.closed_at.is_some();
    ui.heading(msg!("club.evening_of", date = view.evening.date).render(lang));
    // What closing posts (or posted), member by member.
    let money: HashMap<Id, (i64, i64)> = desk::closing_entries(view)
        .map(|entries| {
            let mut by_member: HashMap<Id, (i64, i64)> = HashMap::new();
            for e in entries {
                let slot = by_member.entry(e.member).or_default();
                if e.kind == EntryKind::Fee { slot.1 += e.amount } else { slot.0 += e.amount }
            }
            by_member
        })
        .unwrap_or_default();
    let mut save_table = None;
    let mut receipt_for = None;
    egui::ScrollArea::vertical().id_salt("evening-tables").max_height(ui.available_height() - 60.0).show(ui, |ui| {
        for table in &view.tables {
            let source = match table.source {
                TableSource::Nothing => lang.tr(text_id!("club.source_nothing")),
                TableSource::Manches(n) => msg!("club.source_manches", count = n).render(lang),
                TableSource::ChipCounts => lang.tr(text_id!("club.source_chips")),
            };
            ui.label(
                RichText::new(format!("{} {} · {source}", lang.tr(text_id!("club.table")), table.number)).strong(),
            );
            let counting = !closed && !matches!(table.source, TableSource::Manches(_));
            egui::Grid::new(("evening-table", table.id)).striped(true).num_columns(5).show(ui, |ui| {
                let chips = lang.tr(text_id!("club.chips"));
                let mut header = vec![
                    lang.tr(text_id!("club.member")),
                    chips,
                    lang.tr(text_id!("club.result_chips")),
                    lang.tr(text_id!("club.amount")),
                ];
                if counting {
                    // The count's field carries its own label in the second column.
                    header.insert(1, String::new());
                }
                for title in header {
                    ui.label(RichText::new(title).strong());
                }
                ui.end_row();
                for seat in &table.seats {
                    ui.label(&seat.name);
                    if counting {
                        let field = app
                            .screens
                            .get::<super::State>()
                            .evening
                            .chips
                            .entry((table.id, seat.member))
                            .or_insert_with(|| seat.chips.map(|c| c.to_string()).unwrap_or_default());
                        let label = msg!("club.chips_of", name = seat.name).render(lang);
                        let label = ui.label(label);
                        // Sized explicitly: a grid cell would otherwise keep the column as narrow as it started.
                        ui.add_sized([90.0, 20.0], egui::TextEdit::singleline(field)).labelled_by(label.id);
                    } else {
                        ui.label(seat.chips.map(|c| c.to_string()).unwrap_or_default());
                    }
                    ui.label(seat.result.map(|r| format!("{r:+}")).unwrap_or_default());
                    let (result, fee) = money.get(&seat.member).copied().unwrap_or_default();
                    ui.label(if money.is_empty() { String::new() } else { format_cents(result + fee, lang) });
                    if closed && ui.button(msg!("club.receipt_of", name = seat.name).render(lang)).clicked() {
                        receipt_for = Some(seat.member);
                    }
                    ui.end_row();
                }
            });
            if counting && ui.button(msg!("club.save_chips", table = table.number).render(lang)).clicked() {
                save_table = Some(table);
            }
            ui.add_space(6.0);
        }
    });
    if let Some(table) = save_table {
        save_chips(app, view, table);
    }
    if let Some(member) = receipt_for {
        super::members::receipt(app, club, member, ReceiptScope::Evening(view.evening.id));
    }
    ui.horizontal(|ui| {
        if !closed && ui.button(lang.tr(text_id!("club.enter_manches"))).clicked() {
            app.open_tournament(view.evening.tournament_id);
        }
        if !closed && ui.button(lang.tr(text_id!("club.close_evening"))).clicked() {
            app.screens.get::<super::State>().evening.confirm_close = Some(view.evening.id);
        }
    });
    // Closing posts every result and fee to the ledger for good: asked once more, saying so.
    if closed || app.screens.get::<super::State>().evening.confirm_close != Some(view.evening.id) {
        return;
    }
    let question = msg!("club.confirm_close", date = view.evening.date).render(lang);
    ui.label(RichText::new(question).strong().color(egui::Color32::from_rgb(180, 90, 0)));
    ui.horizontal(|ui| {
        if ui.button(lang.tr(text_id!("club.close_yes"))).clicked() {
            app.screens.get::<super::State>().evening.confirm_close = None;
            let (by, evening) = (app.referee_name(), view.evening.id);
            app.write(
                move |desk| desk.close_evening(evening, &by),
                move |app, entries| app.info(msg!("club.evening_closed", entries = entries.len())),
            );
        }
        if ui.button(lang.tr(text_id!("common.cancel"))).clicked() {
            app.screens.get::<super::State>().evening.confirm_close = None;
        }
    });
}

fn save_chips<S: Has<super::State>>(app: &mut Frame<S>, view: &EveningView, table: &desk::EveningTable) {
    let lang = app.lang;
    let mut counts = Vec::with_capacity(table.seats.len());
    for seat in &table.seats {
        let typed =
            app.screens.get::<super::State>().evening.chips.get(&(table.id, seat.member)).cloned().unwrap_or_default();
        let label = msg!("club.chips_of", name = seat.name).render(lang);
        match parse_number::<i64>(&typed, &label) {
            Ok(count) => counts.push(count),
            Err(e) => return app.fail(e),
        }
    }
    let (evening, id, number) = (view.evening.id, table.id, table.number);
    app.write(
        move |desk| desk.enter_chip_counts(evening, id, &counts),
        move |app, ()| app.info(msg!("club.chips_saved", table = number)),
    );
}
