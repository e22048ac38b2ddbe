//! The treasurer's desk: pick or create a club, then its members (with balances and receipts), its evenings
//! (tables, chip counts, closing), its ledger (cash, corrections, exports) and the settle-up. Everything is
//! computed and written by the desk operations; this only shows and asks.

mod evening;
mod ledger;
mod members;

use crate::text_id;
use egui::RichText;

use crate::desk::{Club, Member};
use crate::frame::{Frame, Has};
use crate::ledger::{ChipValue, ClubSettings, parse_cents};
use crate::link::Fetched;
use crate::message::Message;
use crate::msg;
use crate::tournament::Id;

use super::{labelled_text, parse_number};

/// Which part of the club shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    /// Members and balances.
    #[default]
    Members,
    /// Evenings.
    Evenings,
    /// The ledger.
    Ledger,
    /// Settle-up.
    SettleUp,
}

/// The new-club form.
#[derive(Default)]
struct NewClub {
    name: String,
    rules: String,
    chip_value: String,
    fee: String,
    starting_chips: String,
    avoid_under: String,
}

/// The treasurer's screens' state (kept while tournaments are opened and closed).
#[derive(Default)]
pub struct State {
    club: Option<Id>,
    tab: Tab,
    new_club: NewClub,
    creating: bool,
    clubs: Fetched<(), Vec<Club>>,
    member_list: Fetched<Id, Vec<Member>>,
    pub(crate) members: members::State,
    pub(crate) evening: evening::State,
    pub(crate) ledger: ledger::State,
}

/// Draws the screen.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(clubs) = app.fetch(|app| &mut app.screens.get::<State>().clubs, (), |desk| desk.clubs()) else { return };
    if app.screens.get::<State>().club.is_none() {
        app.screens.get::<State>().club = clubs.first().map(|c| c.id);
    }
    let lang = app.lang;
    ui.horizontal(|ui| {
        ui.heading(lang.tr(text_id!("club.title")));
        for club in clubs.iter() {
            let current = app.screens.get::<State>().club == Some(club.id);
            if ui.add(egui::Button::selectable(current, &club.settings.name)).clicked() {
                app.screens.get::<State>().club = Some(club.id);
            }
        }
        if ui.button(lang.tr(text_id!("club.new"))).clicked() {
            app.screens.get::<State>().creating = !app.screens.get::<State>().creating;
        }
    });
    if app.screens.get::<State>().creating || clubs.is_empty() {
        new_club(app, ui);
        ui.separator();
    }
    let Some(club) = app.screens.get::<State>().club.and_then(|id| clubs.iter().find(|c| c.id == id).cloned()) else {
        return;
    };
    let id = club.id;
    let Some(members) = app.fetch(|app| &mut app.screens.get::<State>().member_list, id, move |desk| desk.members(id))
    else {
        return;
    };
    ui.label(RichText::new(club.settings.summary(lang)).weak());
    ui.horizontal(|ui| {
        for (tab, key) in [
            (Tab::Members, "club.tab_members"),
            (Tab::Evenings, "club.tab_evenings"),
            (Tab::Ledger, "club.tab_ledger"),
            (Tab::SettleUp, "club.tab_settle"),
        ] {
            if ui.add(egui::Button::selectable(app.screens.get::<State>().tab == tab, lang.tr(key))).clicked() {
                app.screens.get::<State>().tab = tab;
            }
        }
    });
    ui.separator();
    match app.screens.get::<State>().tab {
        Tab::Members => members::show(app, ui, &club, &members),
        Tab::Evenings => evening::show(app, ui, &club, &members),
        Tab::Ledger => ledger::show(app, ui, &club, &members),
        Tab::SettleUp => ledger::settle(app, ui, &club),
    }
}

fn new_club<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let lang = app.lang;
    ui.heading(lang.tr(text_id!("club.new")));
    let form = &mut app.screens.get::<State>().new_club;
    if form.rules.is_empty() {
        form.rules = crate::rules::default_ruleset().id().to_owned();
    }
    if form.starting_chips.is_empty() {
        form.starting_chips = "4000".into();
    }
    let mut create = false;
    egui::Grid::new("new-club").num_columns(2).show(ui, |ui| {
        labelled_text(ui, &lang.tr(text_id!("club.name")), &mut form.name, 260.0);
        ui.end_row();
        ui.label(lang.tr(text_id!("settings.rules")));
        super::settings::ruleset_picker(ui, lang, &mut form.rules);
        ui.end_row();
        labelled_text(ui, &lang.tr(text_id!("club.chip_value")), &mut form.chip_value, 80.0);
        ui.end_row();
        labelled_text(ui, &lang.tr(text_id!("club.fee")), &mut form.fee, 80.0);
        ui.end_row();
        labelled_text(ui, &lang.tr(text_id!("club.starting_chips")), &mut form.starting_chips, 80.0);
        ui.end_row();
        let last = labelled_text(ui, &lang.tr(text_id!("club.avoid_under")), &mut form.avoid_under, 80.0);
        create |= last.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();
    });
    create |= ui.button(lang.tr(text_id!("club.create"))).clicked();
    if !create {
        return;
    }
    match club_settings(&app.screens.get::<State>().new_club, lang) {
        Ok(settings) => {
            let name = settings.name.clone();
            app.write(
                move |desk| desk.create_club(&settings),
                move |app, id| {
                    app.screens.get::<State>().club = Some(id);
                    app.screens.get::<State>().creating = false;
                    app.screens.get::<State>().new_club = NewClub::default();
                    app.info(msg!("club.created", name = name));
                },
            );
        }
        Err(e) => app.fail(e),
    }
}

fn club_settings(form: &NewClub, lang: crate::i18n::Lang) -> Result<ClubSettings, Message> {
    let field = |key: &str, e: &dyn crate::message::Explain| {
        msg!("club.field_error", field = lang.tr(key)).arg_message("why", e.message())
    };
    let chip_value = ChipValue::parse(&form.chip_value).map_err(|e| field("club.chip_value", &e))?;
    let fee = cents_or_zero(&form.fee).map_err(|e| field("club.fee", &e))?;
    let avoid_under = cents_or_zero(&form.avoid_under).map_err(|e| field("club.avoid_under_short", &e))?;
    let settings = ClubSettings {
        name: form.name.clone(),
        rules: form.rules.clone(),
        chip_value,
        table_fee: fee,
        starting_chips: parse_number(&form.starting_chips, &lang.tr(text_id!("club.starting_chips")))?,
        avoid_under,
    };
    match settings.problem() {
        Some(problem) => Err(problem),
        None => Ok(settings),
    }
}

/// An amount a club may leave empty (a fee, the amount to avoid): empty is zero.
pub(crate) fn cents_or_zero(text: &str) -> Result<crate::ledger::Cents, crate::ledger::MoneyError> {
    if text.trim().is_empty() { Ok(0) } else { parse_cents(text) }
}

/// The member whose name is `text`: exactly (ignoring case), or the only one it starts.
pub(crate) fn find_member<'a>(members: &'a [Member], text: &str) -> Result<&'a Member, Message> {
    let wanted = text.trim().to_lowercase();
    if let Some(exact) = members.iter().find(|m| m.data.name.to_lowercase() == wanted) {
        return Ok(exact);
    }
    let starting: Vec<&Member> =
        members.iter().filter(|m| !wanted.is_empty() && m.data.name.to_lowercase().starts_with(&wanted)).collect();
    match starting.as_slice() {
        [only] => Ok(only),
        _ => Err(msg!("club.no_such_member", name = text.trim())),
    }
}
