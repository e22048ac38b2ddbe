//! Registration: add and edit players, withdraw and reinstate, import a CSV list with a preview.

use crate::text_id;
use egui::{Color32, RichText};

use crate::desk::Player;
use crate::frame::{Frame, Has};
use crate::link::Fetched;
use crate::message::{Message, io_reason};
use crate::msg;
use crate::tournament::{Id, ImportRow, PlayerData, parse_players_csv};

use super::labelled_text;

/// The form and the import preview.
#[derive(Default)]
pub struct State {
    form: PlayerData,
    editing: Option<Id>,
    /// The player whose deletion waits for the confirmation.
    confirm_delete: Option<Id>,
    /// Give the name field the keyboard on the next frame (after a player is added).
    focus_name: bool,
    import_path: String,
    preview: Option<Result<Vec<ImportRow>, Message>>,
    list: Fetched<Id, Vec<Player>>,
}

/// Draws the screen.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament_id() else { return };
    let players =
        app.fetch(|app| &mut app.screens.get::<State>().list, tournament, move |desk| desk.players(tournament));
    let lang = app.lang;
    // Not "0 players" (and "add 4 substitutes") before the list has arrived.
    let Some(players) = players else {
        ui.heading(app.tr(text_id!("players.title")));
        return super::reading(ui, lang);
    };
    ui.horizontal(|ui| {
        ui.heading(format!("{} ({})", app.tr(text_id!("players.title")), players.len()));
        super::exports::button(app, ui, crate::export::What::Players, crate::export::Format::Csv, None);
        super::exports::separator_choice(app, ui);
    });
    let active = players.iter().filter(|p| !p.data.withdrawn).count();
    let sizes = app.tournament.as_ref().map_or(crate::seating::TableSizes::exactly(4), |t| t.settings.table_sizes());
    let seats = sizes.max.max(1);
    // One line in both cases, so the form below never moves when a player is added.
    match sizes.layout(active) {
        // Nobody registered yet is a start, not tables to complete.
        _ if players.is_empty() => {
            ui.label(RichText::new(lang.tr(text_id!("players.none"))).weak());
        }
        None => {
            let missing = (seats - active % seats).max(sizes.min.saturating_sub(active));
            let text = msg!("players.not_multiple", active = active, n = missing, size = seats).render(lang);
            ui.label(RichText::new(text).color(Color32::from_rgb(180, 110, 0)));
        }
        Some(layout) => {
            let full = layout.iter().filter(|&&s| s == seats).count();
            let message = match layout.len() - full {
                0 => msg!("players.complete", active = active, tables = full, size = seats),
                short => msg!(
                    "players.complete_mixed",
                    active = active,
                    tables = full,
                    size = seats,
                    short = short,
                    smaller = seats - 1
                ),
            };
            ui.label(RichText::new(message.render(lang)).weak());
        }
    }
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        // Both ways: a long club or federation number scrolls inside the list's half, never over the form.
        egui::ScrollArea::both().id_salt("player-list").max_height(ui.available_height() - 10.0).show(ui, |ui| {
            egui::Grid::new("players").striped(true).num_columns(6).show(ui, |ui| {
                for key in [
                    "players.name",
                    "players.club",
                    "players.country",
                    "players.federation_id",
                    "players.team",
                    "players.status",
                ] {
                    ui.label(RichText::new(lang.tr(key)).strong());
                }
                ui.end_row();
                for player in players.iter() {
                    let hover = format!("{} — {}", player.data.name, lang.tr(text_id!("players.edit")));
                    if ui.button(short_name(&crate::bidi::visual(&player.data.name))).on_hover_text(hover).clicked() {
                        app.screens.get::<State>().form = player.data.clone();
                        app.screens.get::<State>().editing = Some(player.id);
                        app.screens.get::<State>().confirm_delete = None;
                    }
                    ui.label(&player.data.club);
                    ui.label(&player.data.country);
                    ui.label(&player.data.federation_id);
                    ui.label(&player.data.team);
                    let mut status = Vec::new();
                    if player.data.substitute {
                        status.push(lang.tr(text_id!("players.substitute")));
                    }
                    if player.data.withdrawn {
                        status.push(lang.tr(text_id!("players.withdrawn")));
                    }
                    ui.label(status.join(", "));
                    ui.end_row();
                }
            });
        });
        let ui = &mut columns[1];
        form(app, ui, tournament);
        ui.add_space(16.0);
        import(app, ui, tournament, &players);
    });
}

/// Longest name shown whole in the list (the rest on hover and in the form): a name of the federation's 100
/// characters would otherwise push every column off the screen.
const SHOWN_NAME: usize = 40;

/// `name`, cut to [`SHOWN_NAME`] characters with "…".
fn short_name(name: &str) -> String {
    if name.chars().count() <= SHOWN_NAME {
        return name.to_owned();
    }
    let mut shown: String = name.chars().take(SHOWN_NAME - 1).collect();
    shown.push('…');
    shown
}

fn form<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id) {
    let lang = app.lang;
    let editing = app.screens.get::<State>().editing;
    ui.heading(lang.tr(if editing.is_some() { "players.edit" } else { "players.add" }));
    let state = app.screens.get::<State>();
    // Enter in any field saves the player and brings the keyboard back to the name: a list is typed in a loop.
    let mut submitted = false;
    egui::Grid::new("player-form").num_columns(2).show(ui, |ui| {
        let enter = |response: &egui::Response| {
            response.lost_focus() && response.ctx.input(|i| i.key_pressed(egui::Key::Enter))
        };
        let name = labelled_text(ui, &lang.tr(text_id!("players.name")), &mut state.form.name, 260.0);
        if state.focus_name {
            name.request_focus();
            state.focus_name = false;
        }
        submitted |= enter(&name);
        ui.end_row();
        submitted |= enter(&labelled_text(ui, &lang.tr(text_id!("players.club")), &mut state.form.club, 260.0));
        ui.end_row();
        submitted |= enter(&labelled_text(ui, &lang.tr(text_id!("players.country")), &mut state.form.country, 80.0));
        ui.end_row();
        submitted |= enter(&labelled_text(
            ui,
            &lang.tr(text_id!("players.federation_id")),
            &mut state.form.federation_id,
            140.0,
        ));
        ui.end_row();
        submitted |= enter(&labelled_text(ui, &lang.tr(text_id!("players.team")), &mut state.form.team, 180.0));
        ui.end_row();
    });
    ui.checkbox(&mut state.form.substitute, lang.tr(text_id!("players.substitute_hint")));
    ui.horizontal(|ui| {
        let save =
            ui.button(RichText::new(lang.tr(if editing.is_some() { "players.save" } else { "players.add" })).strong());
        if save.clicked() || submitted {
            let data = app.screens.get::<State>().form.clone();
            let name = data.name.trim().to_owned();
            let referee = app.referee_name();
            app.write(
                move |desk| match editing {
                    Some(id) => desk.update_player(tournament, id, &data, &referee).map(|()| id),
                    None => desk.add_player(tournament, &data, &referee),
                },
                move |app, _| {
                    app.screens.get::<State>().form = PlayerData::default();
                    app.screens.get::<State>().editing = None;
                    app.screens.get::<State>().focus_name = true;
                    app.info(msg!("players.saved", name = name));
                },
            );
        }
        if let Some(id) = editing {
            let withdrawn = app.screens.get::<State>().form.withdrawn;
            if ui.button(lang.tr(if withdrawn { "players.reinstate" } else { "players.withdraw" })).clicked() {
                let mut data = app.screens.get::<State>().form.clone();
                data.withdrawn = !withdrawn;
                let referee = app.referee_name();
                app.write(
                    move |desk| desk.update_player(tournament, id, &data, &referee),
                    |app, ()| {
                        app.screens.get::<State>().form = PlayerData::default();
                        app.screens.get::<State>().editing = None;
                    },
                );
            }
            if app.screens.get::<State>().confirm_delete != Some(id)
                && ui.button(lang.tr(text_id!("players.delete"))).clicked()
            {
                app.screens.get::<State>().confirm_delete = Some(id);
            }
            if ui.button(lang.tr(text_id!("common.cancel"))).clicked() {
                app.screens.get::<State>().form = PlayerData::default();
                app.screens.get::<State>().editing = None;
                app.screens.get::<State>().confirm_delete = None;
            }
        }
    });
    if let Some(id) = editing.filter(|id| app.screens.get::<State>().confirm_delete == Some(*id)) {
        let name = app.screens.get::<State>().form.name.trim().to_owned();
        let question = msg!("players.confirm_delete", name = name).render(lang);
        ui.label(RichText::new(question).strong().color(egui::Color32::from_rgb(180, 90, 0)));
        if ui.button(lang.tr(text_id!("players.delete_yes"))).clicked() {
            app.screens.get::<State>().confirm_delete = None;
            let referee = app.referee_name();
            app.write(
                move |desk| desk.delete_player(tournament, id, &referee),
                move |app, ()| {
                    app.screens.get::<State>().form = PlayerData::default();
                    app.screens.get::<State>().editing = None;
                    app.info(msg!("players.deleted", name = name));
                },
            );
        }
    }
}

fn import<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, tournament: Id, players: &[Player]) {
    let lang = app.lang;
    ui.heading(lang.tr(text_id!("players.import")));
    ui.label(RichText::new(lang.tr(text_id!("players.import_hint"))).weak());
    if super::import_file_row(ui, lang, &mut app.screens.get::<State>().import_path) {
        let registered: Vec<String> = players.iter().map(|p| p.data.name.clone()).collect();
        let path = app.screens.get::<State>().import_path.trim().to_owned();
        app.screens.get::<State>().preview = Some(
            std::fs::read_to_string(&path)
                .map_err(|e| msg!("error.io.at", path = path).arg_message("why", io_reason(&e)))
                .and_then(|text| parse_players_csv(&text, &registered)),
        );
    }
    let Some(preview) = app.screens.get::<State>().preview.clone() else { return };
    let rows = match preview {
        Ok(rows) => rows,
        Err(e) => {
            ui.label(RichText::new(e.render(lang)).color(super::RED));
            return;
        }
    };
    let errors = rows.iter().filter(|r| r.result.is_err()).count();
    egui::ScrollArea::vertical().id_salt("import-preview").max_height(260.0).show(ui, |ui| {
        egui::Grid::new("import-rows").striped(true).num_columns(3).show(ui, |ui| {
            for row in &rows {
                ui.label(row.line.to_string());
                match &row.result {
                    Ok(p) => {
                        ui.label(&p.name);
                        ui.label(format!("{} {}", p.club, p.country));
                    }
                    Err(e) => {
                        ui.label(RichText::new(e.render(lang)).color(super::RED));
                        ui.label("");
                    }
                }
                ui.end_row();
            }
        });
    });
    let summary = msg!("players.import_summary", ok = rows.len() - errors, errors = errors).render(lang);
    ui.label(summary);
    if ui
        .add_enabled(errors == 0 && !rows.is_empty(), egui::Button::new(lang.tr(text_id!("players.import_go"))))
        .clicked()
    {
        let data: Vec<PlayerData> = rows.into_iter().filter_map(|r| r.result.ok()).collect();
        let referee = app.referee_name();
        app.write(
            move |desk| desk.import_players(tournament, &data, &referee),
            move |app, ids| {
                app.screens.get::<State>().preview = None;
                app.info(msg!("players.imported", n = ids.len()));
            },
        );
    }
}
