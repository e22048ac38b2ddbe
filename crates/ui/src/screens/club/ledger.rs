//! The club's ledger: every entry (newest first), cash paid in or out, a correction of an entry by number,
//! the ledger CSV and the statement PDF; and the settle-up: for everyone now or one evening, the fewest
//! transfers or each member with the kitty, each marked paid with a click.

use crate::text_id;
use egui::RichText;

use crate::desk::{self, Cash, Scope};
use crate::desk::{Club, Member};
use crate::export::club::{ClubBook, ledger_csv};
use crate::frame::{Frame, Has};
use crate::ledger::{EntryKind, format_cents, parse_cents};
use crate::msg;
use crate::screens::{exports, labelled_text};
use crate::tournament::Id;

use crate::link::Fetched;

/// The cash and correction forms, and the settle-up's choices.
#[derive(Default)]
pub struct State {
    member: String,
    paid_out: bool,
    amount: String,
    method: String,
    note: String,
    /// The entry a correction mends, picked from the ledger.
    correct_entry: Option<Id>,
    correct_amount: String,
    correct_reason: String,
    settle_evening: Option<Id>,
    kitty_only: bool,
    /// The club's amount to avoid as being typed, and the club it belongs to.
    avoid_under: Option<(Id, String)>,
    pay_method: String,
    /// The last proposal and what it was made for (revision, club, scope, kitty only): the exact method takes
    /// milliseconds at 20 members, too long to redo every frame.
    plan: Fetched<(Id, Scope, bool), desk::Settlement>,
    /// The club's book as last read.
    book: Fetched<Id, ClubBook>,
    /// The club's evenings, to settle one of them.
    evenings: Fetched<Id, Vec<crate::desk::Evening>>,
    /// The proposal as shown when the first transfer of it was marked paid, with the rows marked since: the list
    /// stays still under the pointer (a fresh proposal would move the next row where the last one was, and a
    /// double click would pay it too) until the treasurer asks for a fresh one or changes what is settled.
    paying: Option<Paying>,
}

/// A proposal being paid row by row.
struct Paying {
    /// What it settles: club, scope, kitty only.
    key: (Id, Scope, bool),
    /// The transfers as proposed, each with whether it was marked paid.
    rows: Vec<(desk::PlannedTransfer, bool)>,
}

impl Paying {
    /// Marks rows `which` paid (or open again).
    fn mark(&mut self, which: &[usize], paid: bool) {
        for &i in which {
            if let Some(row) = self.rows.get_mut(i) {
                row.1 = paid;
            }
        }
    }
}

/// Draws the ledger tab.
pub fn show<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club, members: &[Member]) {
    let lang = app.lang;
    let id = club.id;
    let Some(book) =
        app.fetch(|app| &mut app.screens.get::<super::State>().ledger.book, id, move |desk| desk.club_book(id))
    else {
        return;
    };
    ui.horizontal(|ui| {
        ui.heading(format!("{} ({})", lang.tr(text_id!("club.tab_ledger")), book.ledger.len()));
        let stem = exports::file_stem(&club.settings.name);
        if ui.button(lang.tr(text_id!("club.export_ledger"))).clicked() {
            let book = ClubBook::clone(&book);
            let file = format!("{stem}-{}.csv", lang.tr(text_id!("export.file.ledger")));
            let separator = app.csv_separator();
            exports::save_file(app, &file, "csv", move |_| {
                ledger_csv(&book, separator).map_err(|e| msg!("error.export.csv", detail = e))
            });
        }
        exports::separator_choice(app, ui);
        if ui.button(lang.tr(text_id!("club.export_statement"))).clicked() {
            let book = ClubBook::clone(&book);
            let file = format!("{stem}-{}.pdf", lang.tr(text_id!("export.file.statement")));
            exports::save_file(app, &file, "pdf", move |_| {
                let today = chrono::Local::now().date_naive();
                crate::export::pdf::club::statement(&book, today, lang).map_err(|_| msg!("error.export.font"))
            });
        }
    });
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        egui::ScrollArea::vertical().id_salt("ledger").max_height(ui.available_height() - 10.0).show(ui, |ui| {
            egui::Grid::new("ledger-list").striped(true).num_columns(5).show(ui, |ui| {
                for key in ["club.entry_number", "club.date", "club.member", "club.entry", "club.amount"] {
                    ui.label(RichText::new(lang.tr(key)).strong());
                }
                ui.end_row();
                for e in book.ledger.iter().rev() {
                    ui.label(e.id.to_string());
                    ui.label(book.day(e).map(|d| d.to_string()).unwrap_or_default());
                    ui.label(book.member(e.entry.member).map(|m| m.data.name.as_str()).unwrap_or_default());
                    ui.label(crate::export::pdf::club::describe(&book, e, lang));
                    ui.label(super::members::balance_text(e.entry.amount, lang));
                    ui.end_row();
                }
            });
        });
        let ui = &mut columns[1];
        cash_form(app, ui, club, members);
        ui.add_space(12.0);
        correction_form(app, ui, club, &book);
    });
}

fn cash_form<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club, members: &[Member]) {
    let lang = app.lang;
    ui.heading(lang.tr(text_id!("club.cash")));
    let state = &mut app.screens.get::<super::State>().ledger;
    let mut submitted = false;
    egui::Grid::new("cash-form").num_columns(2).show(ui, |ui| {
        labelled_text(ui, &lang.tr(text_id!("club.member")), &mut state.member, 200.0);
        ui.end_row();
        ui.label("");
        ui.horizontal(|ui| {
            ui.radio_value(&mut state.paid_out, false, lang.tr(text_id!("ledger.kind.cash_in")));
            ui.radio_value(&mut state.paid_out, true, lang.tr(text_id!("ledger.kind.cash_out")));
        });
        ui.end_row();
        labelled_text(ui, &lang.tr(text_id!("club.amount")), &mut state.amount, 100.0);
        ui.end_row();
        labelled_text(ui, &lang.tr(text_id!("field.method")), &mut state.method, 160.0);
        ui.end_row();
        let note = labelled_text(ui, &lang.tr(text_id!("field.note")), &mut state.note, 200.0);
        submitted |= note.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();
    });
    submitted |= ui.button(lang.tr(text_id!("club.record_cash"))).clicked();
    if !submitted {
        return;
    }
    let state = &app.screens.get::<super::State>().ledger;
    let member = match super::find_member(members, &state.member) {
        Ok(m) => m.id,
        Err(e) => return app.fail(e),
    };
    let amount = match parse_cents(&state.amount) {
        Ok(a) => a,
        Err(e) => return app.fail(e),
    };
    let kind = if state.paid_out { EntryKind::CashOut } else { EntryKind::CashIn };
    let cash = Cash { member, kind, amount, method: state.method.clone(), note: state.note.clone() };
    let (by, club) = (app.referee_name(), club.id);
    app.write(
        move |desk| desk.record_cash(club, &cash, &by),
        move |app, id| {
            app.screens.get::<super::State>().ledger.amount.clear();
            app.screens.get::<super::State>().ledger.note.clear();
            app.info(msg!("club.recorded", entry = id));
        },
    );
}

/// How an entry reads where a treasurer picks one: its number, day, member, what it is and the amount.
fn entry_line(book: &ClubBook, e: &crate::desk::LedgerEntry, lang: crate::Lang) -> String {
    format!(
        "n. {} · {} · {} · {} · {}",
        e.id,
        book.day(e).map(|d| d.to_string()).unwrap_or_default(),
        book.member(e.entry.member).map(|m| m.data.name.as_str()).unwrap_or_default(),
        crate::export::pdf::club::describe(book, e, lang),
        format_cents(e.entry.amount, lang)
    )
}

/// Most recent entries offered to correct (older ones are found by number in the CLI).
const PICKABLE: usize = 40;

fn correction_form<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club, book: &ClubBook) {
    let lang = app.lang;
    ui.heading(lang.tr(text_id!("club.correct")));
    let state = &mut app.screens.get::<super::State>().ledger;
    egui::Grid::new("correction-form").num_columns(2).show(ui, |ui| {
        // The entry is picked from the ledger as the treasurer reads it, not typed by its number.
        let label = ui.label(lang.tr(text_id!("club.correct_which")));
        let chosen = state.correct_entry.and_then(|id| book.ledger.iter().find(|e| e.id == id));
        let shown = chosen.map_or_else(|| lang.tr(text_id!("club.pick_entry")), |e| entry_line(book, e, lang));
        egui::ComboBox::from_id_salt("correct-entry")
            .selected_text(shown)
            .width(320.0)
            .show_ui(ui, |ui| {
                for e in book.ledger.iter().rev().take(PICKABLE) {
                    ui.selectable_value(&mut state.correct_entry, Some(e.id), entry_line(book, e, lang));
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        labelled_text(ui, &lang.tr(text_id!("club.correct_amount")), &mut state.correct_amount, 100.0);
        ui.end_row();
        labelled_text(ui, &lang.tr(text_id!("field.reason")), &mut state.correct_reason, 240.0);
        ui.end_row();
    });
    if !ui.button(lang.tr(text_id!("club.correct"))).clicked() {
        return;
    }
    let state = &app.screens.get::<super::State>().ledger;
    let Some(entry) = state.correct_entry else {
        return app.fail(msg!("club.pick_entry"));
    };
    let amount = match parse_cents(&state.correct_amount) {
        Ok(a) => a,
        Err(e) => return app.fail(e),
    };
    let (reason, by, club) = (state.correct_reason.clone(), app.referee_name(), club.id);
    app.write(
        move |desk| desk.correct_entry(club, entry, amount, &reason, &by),
        move |app, id| {
            app.screens.get::<super::State>().ledger.correct_entry = None;
            app.screens.get::<super::State>().ledger.correct_amount.clear();
            app.screens.get::<super::State>().ledger.correct_reason.clear();
            app.info(msg!("club.recorded", entry = id));
        },
    );
}

/// The club's amount under which proposals avoid transfers, saved when the treasurer leaves the field.
fn avoid_under_field<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club) {
    let lang = app.lang;
    let (id, saved) = (club.id, club.settings.avoid_under);
    let as_typed = |cents| {
        let plain = crate::ledger::plain_cents(cents);
        plain.replace('.', &crate::ledger::money::decimal_separator(lang))
    };
    let state = &mut app.screens.get::<super::State>().ledger;
    if state.avoid_under.as_ref().is_none_or(|(club, _)| *club != id) {
        state.avoid_under = Some((id, as_typed(saved)));
    }
    let Some((_, text)) = state.avoid_under.as_mut() else { return };
    let left = ui.horizontal(|ui| labelled_text(ui, &lang.tr(text_id!("club.avoid_under")), text, 80.0)).inner;
    if !left.lost_focus() {
        return;
    }
    match super::cents_or_zero(text) {
        Ok(amount) if amount == saved => {}
        Ok(amount) => app.write(
            move |desk| desk.set_avoid_under(id, amount),
            move |app, ()| app.info(msg!("club.avoid_under_saved", amount = format_cents(amount, lang))),
        ),
        Err(e) => {
            let why = crate::message::Explain::message(&e);
            app.fail(
                msg!("club.field_error", field = lang.tr(text_id!("club.avoid_under_short"))).arg_message("why", why),
            );
            // The field shows what is in force again.
            app.screens.get::<super::State>().ledger.avoid_under = Some((id, as_typed(saved)));
        }
    }
}

/// Draws the settle-up tab.
pub fn settle<S: Has<super::State>>(app: &mut Frame<S>, ui: &mut egui::Ui, club: &Club) {
    let lang = app.lang;
    let id = club.id;
    let evenings =
        app.fetch(|app| &mut app.screens.get::<super::State>().ledger.evenings, id, move |desk| desk.evenings(id));
    ui.heading(lang.tr(text_id!("club.tab_settle")));
    let Some(evenings) = evenings else { return super::super::reading(ui, lang) };
    ui.horizontal(|ui| {
        let state = &mut app.screens.get::<super::State>().ledger;
        if ui
            .add(egui::Button::selectable(state.settle_evening.is_none(), lang.tr(text_id!("club.everyone_now"))))
            .clicked()
        {
            state.settle_evening = None;
        }
        for evening in evenings.iter().filter(|e| e.closed_at.is_some()).take(8) {
            let label = msg!("club.evening_of", date = evening.date).render(lang);
            if ui.add(egui::Button::selectable(state.settle_evening == Some(evening.id), label)).clicked() {
                state.settle_evening = Some(evening.id);
            }
        }
    });
    ui.checkbox(&mut app.screens.get::<super::State>().ledger.kitty_only, lang.tr(text_id!("club.kitty_only")));
    if !app.screens.get::<super::State>().ledger.kitty_only {
        avoid_under_field(app, ui, club);
    }
    let scope = app.screens.get::<super::State>().ledger.settle_evening.map_or(Scope::Now, Scope::Evening);
    let kitty_only = app.screens.get::<super::State>().ledger.kitty_only;
    let key = (id, scope, kitty_only);
    let Some(plan) = app.fetch(
        |app| &mut app.screens.get::<super::State>().ledger.plan,
        key,
        move |desk| desk.settle_up(id, scope, kitty_only),
    ) else {
        return;
    };
    let frozen = app.screens.get::<super::State>().ledger.paying.as_ref().filter(|p| p.key == key);
    let summary = if let Some(paying) = frozen {
        let paid = paying.rows.iter().filter(|(_, done)| *done).count();
        msg!("club.paying", paid = paid, count = paying.rows.len()).render(lang)
    } else if plan.transfers.is_empty() {
        lang.tr(text_id!("club.all_settled"))
    } else if plan.optimal {
        msg!("club.fewest", count = plan.transfers.len()).render(lang)
    } else {
        msg!("club.heuristic", count = plan.transfers.len(), bound = plan.lower_bound).render(lang)
    };
    ui.label(summary);
    ui.horizontal(|ui| {
        labelled_text(
            ui,
            &lang.tr(text_id!("field.method")),
            &mut app.screens.get::<super::State>().ledger.pay_method,
            160.0,
        )
    });
    let ledger = &mut app.screens.get::<super::State>().ledger;
    if ledger.paying.as_ref().is_some_and(|p| p.key != key) {
        ledger.paying = None;
    }
    let rows: Vec<(desk::PlannedTransfer, bool)> = match &ledger.paying {
        Some(paying) => paying.rows.clone(),
        None => plan.transfers.iter().map(|t| (t.clone(), false)).collect(),
    };
    let mut paid = Vec::new();
    egui::Grid::new("settle-list").striped(true).num_columns(5).show(ui, |ui| {
        for (i, (t, done)) in rows.iter().enumerate() {
            ui.label(t.from.name(lang));
            ui.label("→");
            ui.label(t.to.name(lang));
            ui.label(format_cents(t.amount, lang));
            if *done {
                ui.label(RichText::new(format!("✓ {}", lang.tr(text_id!("club.paid_mark")))).weak());
            } else {
                let label = msg!("club.mark_paid", from = t.from.name(lang), to = t.to.name(lang)).render(lang);
                if ui.button(label).clicked() {
                    paid.push(i);
                }
            }
            ui.end_row();
        }
    });
    let open: Vec<usize> = rows.iter().enumerate().filter(|(_, (_, done))| !done).map(|(i, _)| i).collect();
    ui.horizontal(|ui| {
        if !open.is_empty() && ui.button(lang.tr(text_id!("club.mark_all_paid"))).clicked() {
            paid.clone_from(&open);
        }
        let ledger = &mut app.screens.get::<super::State>().ledger;
        if ledger.paying.is_some() && ui.button(lang.tr(text_id!("club.fresh_proposal"))).clicked() {
            ledger.paying = None;
        }
    });
    if paid.is_empty() {
        return;
    }
    let transfers: Vec<desk::PlannedTransfer> =
        paid.iter().filter_map(|&i| rows.get(i)).map(|(t, _)| t.clone()).collect();
    let count = transfers.len();
    // The rows are marked at once, so that a second click cannot pay them again while the desk writes.
    let mut paying = Paying { key, rows };
    paying.mark(&paid, true);
    app.screens.get::<super::State>().ledger.paying = Some(paying);
    let (method, by) = (app.screens.get::<super::State>().ledger.pay_method.clone(), app.referee_name());
    app.change(
        move |desk| desk.mark_all_paid(id, scope, &transfers, &method, &by),
        move |app, answer| match answer {
            Ok(_) => {
                app.changed();
                app.info(msg!("club.paid_recorded", count = count));
            }
            Err(error) => {
                // Nothing was recorded: the rows are open again.
                if let Some(paying) = app.screens.get::<super::State>().ledger.paying.as_mut() {
                    paying.mark(&paid, false);
                }
                app.fail(error);
            }
        },
    );
}
