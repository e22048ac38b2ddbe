//! Standings: sortable and searchable, a player's score progression (egui_plot), and penalties.

use crate::text_id;
use egui::{Color32, RichText};
use egui_extras::{Column, TableBuilder};

use crate::desk::Penalty;
use crate::export::{Format, What};
use crate::frame::{Frame, Has};
use crate::link::Fetched;
use crate::msg;
use crate::tournament::{Id, RankingMethod, StandingRow, TeamRow};
use std::sync::Arc;

use super::parse_number;

/// A sortable column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortBy {
    /// Place (the ranking).
    #[default]
    Place,
    /// Name.
    Name,
    /// Club.
    Club,
    /// Country.
    Country,
    /// Points.
    Points,
    /// Placement points.
    Placement,
    /// Penalties.
    Penalties,
    /// Mah Jongs.
    MahJongs,
    /// Sessions played.
    Sessions,
}

/// Cached standings, search, sort and the selected player.
#[derive(Default)]
pub struct State {
    cache: Fetched<Id, Loaded>,
    search: String,
    sort: SortBy,
    descending: bool,
    selected: Option<Id>,
    progression: Fetched<Id, Vec<[f64; 2]>>,
    penalty_points: String,
    penalty_reason: String,
    pending_penalty: Option<PendingPenalty>,
    /// The team standings are shown instead of the players'.
    teams: bool,
}

/// A penalty typed and waiting for the referee's confirmation.
#[derive(Clone, Debug)]
struct PendingPenalty {
    player: Id,
    name: String,
    points: i64,
    reason: String,
}

impl State {
    /// The rows shown: filtered by the search text, sorted by the chosen column.
    fn visible(&self, rows: &[StandingRow]) -> Vec<StandingRow> {
        let needle = self.search.trim().to_lowercase();
        let mut shown: Vec<StandingRow> = rows
            .iter()
            .filter(|r| {
                needle.is_empty()
                    || r.player.name.to_lowercase().contains(&needle)
                    || r.player.club.to_lowercase().contains(&needle)
                    || r.player.country.to_lowercase().contains(&needle)
            })
            .cloned()
            .collect();
        match self.sort {
            SortBy::Place => {}
            SortBy::Name => shown.sort_by(|a, b| a.player.name.cmp(&b.player.name)),
            SortBy::Club => shown.sort_by(|a, b| a.player.club.cmp(&b.player.club)),
            SortBy::Country => shown.sort_by(|a, b| a.player.country.cmp(&b.player.country)),
            SortBy::Points => shown.sort_by_key(|r| std::cmp::Reverse(r.points)),
            SortBy::Placement => shown.sort_by_key(|r| std::cmp::Reverse(r.placement_scaled)),
            SortBy::Penalties => shown.sort_by_key(|r| std::cmp::Reverse(r.penalties)),
            SortBy::MahJongs => shown.sort_by_key(|r| std::cmp::Reverse(r.mahjongs)),
            SortBy::Sessions => shown.sort_by_key(|r| std::cmp::Reverse(r.sessions_played)),
        }
        if self.descending {
            shown.reverse();
        }
        shown
    }
}

/// The standings and the tournament's penalties, read in one job.
type Loaded = (Vec<StandingRow>, Vec<Penalty>, Vec<TeamRow>);

fn load<S: Has<State>>(app: &mut Frame<S>, tournament: Id) -> Option<Arc<Loaded>> {
    app.fetch(
        |app| &mut app.screens.get::<State>().cache,
        tournament,
        move |desk| Ok((desk.standings(tournament)?, desk.penalties(tournament)?, desk.team_standings(tournament)?)),
    )
}

/// Draws the screen.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament.clone() else { return };
    let loaded = load(app, tournament.id);
    let lang = app.lang;
    let Some(loaded) = loaded else { return super::reading(ui, lang) };
    let placement = tournament.settings.ranking.method == RankingMethod::PlacementPoints;
    ui.label(egui::RichText::new(tournament.settings.rules_heading(lang)).weak());
    ui.horizontal(|ui| {
        ui.heading(lang.tr(text_id!("standings.title")));
        let label = ui.label(lang.tr(text_id!("standings.search")));
        ui.add(egui::TextEdit::singleline(&mut app.screens.get::<State>().search).desired_width(200.0))
            .labelled_by(label.id);
        ui.separator();
        super::exports::button(app, ui, What::Standings, Format::Pdf, None);
        super::exports::button(app, ui, What::Standings, Format::Csv, None);
        super::exports::button(app, ui, What::Manches, Format::Csv, None);
        super::exports::button(app, ui, What::Payments, Format::Csv, None);
        super::exports::separator_choice(app, ui);
    });
    if !loaded.2.is_empty() {
        ui.horizontal(|ui| {
            let state = app.screens.get::<State>();
            ui.selectable_value(&mut state.teams, false, lang.tr(text_id!("standings.title")));
            ui.selectable_value(&mut state.teams, true, lang.tr(text_id!("teams.title")));
        });
        if app.screens.get::<State>().teams {
            return team_table(app, ui, &loaded.2, placement);
        }
    }
    let rows = app.screens.get::<State>().visible(&loaded.0);
    let mut clicked_sort = None;
    let mut clicked_player = None;
    let selected = app.screens.get::<State>().selected;
    let height = ui.available_height();
    let list_height = if selected.is_some() { height * 0.55 } else { height - 8.0 };
    ui.push_id("standings-table", |ui| {
        // One entry per column: (sort key, title, width, numeric). Numbers are right-aligned so their digits line up.
        let (fixed, resizable) = (Column::exact, |w: f32| Column::initial(w).resizable(true));
        let mut headers: Vec<(SortBy, String, Column, bool)> = vec![
            (SortBy::Place, lang.tr(text_id!("standings.place")), fixed(64.0), true),
            (SortBy::Name, lang.tr(text_id!("players.name")), resizable(240.0), false),
            (SortBy::Club, lang.tr(text_id!("players.club")), resizable(200.0), false),
            (SortBy::Country, lang.tr(text_id!("players.country")), fixed(100.0), false),
            (SortBy::Points, lang.tr(text_id!("standings.points")), fixed(92.0), true),
        ];
        if placement {
            headers.push((SortBy::Placement, lang.tr(text_id!("standings.placement")), fixed(92.0), true));
        }
        headers.push((SortBy::Penalties, lang.tr(text_id!("standings.penalties")), fixed(92.0), true));
        headers.push((SortBy::MahJongs, "MJ".to_owned(), fixed(60.0), true));
        headers.push((SortBy::Sessions, lang.tr(text_id!("standings.sessions")), fixed(92.0), true));
        let builder =
            TableBuilder::new(ui).striped(true).max_scroll_height(list_height).min_scrolled_height(list_height);
        let builder = headers.iter().fold(builder, |builder, column| builder.column(column.2));
        builder
            .header(22.0, |mut header| {
                let (sorted, descending) = (app.screens.get::<State>().sort, app.screens.get::<State>().descending);
                for (sort, title, _, numeric) in &headers {
                    header.col(|ui| {
                        // The sorted column carries an arrow: ▲ when values grow down the list (names, places),
                        // ▼ when they shrink (points, best first); a second click reverses it.
                        let text = if *sort == sorted {
                            let grows = matches!(sort, SortBy::Place | SortBy::Name | SortBy::Club | SortBy::Country);
                            let arrow = if grows != descending { "▲" } else { "▼" };
                            RichText::new(format!("{title} {arrow}")).strong()
                        } else {
                            RichText::new(title).strong()
                        };
                        let button = egui::Button::new(text);
                        if aligned(ui, *numeric, |ui| ui.add(button)).clicked() {
                            clicked_sort = Some(*sort);
                        }
                    });
                }
            })
            .body(|body| {
                body.rows(20.0, rows.len(), |mut row| {
                    let r = &rows[row.index()];
                    row.set_selected(selected == Some(r.player.id));
                    row.col(|ui| {
                        number(ui, r.place.to_string());
                    });
                    row.col(|ui| {
                        let mut name = RichText::new(crate::bidi::visual(&r.player.name));
                        if r.player.withdrawn {
                            name = name.italics();
                        }
                        if ui.add(egui::Button::selectable(selected == Some(r.player.id), name).frame(false)).clicked()
                        {
                            clicked_player = Some(r.player.id);
                        }
                    });
                    row.col(|ui| {
                        text(ui, &r.player.club);
                    });
                    row.col(|ui| {
                        text(ui, &r.player.country);
                    });
                    row.col(|ui| {
                        number(ui, RichText::new(r.points.to_string()).strong());
                    });
                    if placement {
                        row.col(|ui| {
                            number(ui, format!("{:.2}", r.placement()));
                        });
                    }
                    row.col(|ui| {
                        number(ui, if r.penalties > 0 { format!("-{}", r.penalties) } else { String::new() });
                    });
                    row.col(|ui| {
                        number(ui, r.mahjongs.to_string());
                    });
                    row.col(|ui| {
                        number(ui, r.sessions_played.to_string());
                    });
                });
            });
    });
    if let Some(sort) = clicked_sort {
        if app.screens.get::<State>().sort == sort {
            app.screens.get::<State>().descending = !app.screens.get::<State>().descending;
        } else {
            app.screens.get::<State>().sort = sort;
            app.screens.get::<State>().descending = false;
        }
    }
    if let Some(player) = clicked_player {
        app.screens.get::<State>().selected = if selected == Some(player) { None } else { Some(player) };
        app.screens.get::<State>().pending_penalty = None;
    }
    if let Some(player) = app.screens.get::<State>().selected {
        ui.separator();
        player_panel(app, ui, player, &loaded);
    }
}

/// The team standings: place, team, members (those not counted in brackets), placement points, points.
fn team_table<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, teams: &[TeamRow], placement: bool) {
    let lang = app.lang;
    ui.horizontal(|ui| {
        super::exports::button(app, ui, What::Teams, Format::Pdf, None);
        super::exports::button(app, ui, What::Teams, Format::Csv, None);
    });
    egui::ScrollArea::vertical().id_salt("team-standings").show(ui, |ui| {
        egui::Grid::new("teams").striped(true).show(ui, |ui| {
            let mut titles = vec![
                lang.tr(text_id!("standings.place")),
                lang.tr(text_id!("players.team")),
                lang.tr(text_id!("teams.members")),
            ];
            if placement {
                titles.push(lang.tr(text_id!("standings.placement")));
            }
            titles.push(lang.tr(text_id!("standings.points")));
            for title in titles {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            for team in teams {
                number(ui, team.place.to_string());
                text(ui, &team.team);
                let (counted, rest) = team.members.split_at(team.counted.min(team.members.len()));
                let mut members = counted.iter().map(|m| crate::bidi::visual(m)).collect::<Vec<_>>().join(", ");
                if !rest.is_empty() {
                    let rest = rest.iter().map(|m| crate::bidi::visual(m)).collect::<Vec<_>>().join(", ");
                    members = format!("{members} ({rest})");
                }
                text(ui, &members);
                if placement {
                    number(ui, format!("{:.2}", team.placement()));
                }
                number(ui, RichText::new(team.points.to_string()).strong());
                ui.end_row();
            }
        });
    });
}

fn player_panel<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, player: Id, (rows, penalties, _): &Loaded) {
    let Some(tournament) = app.tournament_id() else { return };
    let lang = app.lang;
    let line = app.fetch(
        |app| &mut app.screens.get::<State>().progression,
        player,
        move |desk| {
            let points = desk.progression(player)?;
            Ok(std::iter::once([0.0, 0.0])
                .chain(points.iter().enumerate().map(|(i, (_, _, total))| [(i + 1) as f64, *total as f64]))
                .collect())
        },
    );
    let name = rows.iter().find(|r| r.player.id == player).map(|r| r.player.name.clone()).unwrap_or_default();
    let line = line.map(|line| line.to_vec()).unwrap_or_default();
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        ui.label(RichText::new(format!("{} — {name}", lang.tr(text_id!("standings.progression")))).strong());
        egui_plot::Plot::new("progression")
            .height(ui.available_height().max(120.0))
            .x_axis_label(lang.tr(text_id!("standings.manches_played")))
            .y_axis_label(lang.tr(text_id!("standings.points")))
            .allow_scroll(false)
            .show(ui, |plot| plot.line(egui_plot::Line::new(name.clone(), line)));
        let ui = &mut columns[1];
        super::exports::button(app, ui, What::Card, Format::Pdf, Some(player));
        ui.label(RichText::new(format!("{} — {name}", lang.tr(text_id!("standings.penalties")))).strong());
        let penalties: Vec<Penalty> = penalties.iter().filter(|p| p.player_id == player).cloned().collect();
        let referee = app.referee_name();
        for penalty in penalties {
            ui.horizontal(|ui| {
                let text = format!("-{} · {} · {} · {}", penalty.points, penalty.reason, penalty.referee, penalty.at);
                if penalty.revoked {
                    ui.label(RichText::new(text).strikethrough().weak());
                } else {
                    ui.label(text);
                    if ui.small_button(lang.tr(text_id!("standings.revoke"))).clicked() {
                        let (id, referee) = (penalty.id, referee.clone());
                        app.write(move |desk| desk.revoke_penalty(tournament, id, &referee), |_, ()| {});
                    }
                }
            });
        }
        ui.horizontal(|ui| {
            let label = ui.label(lang.tr(text_id!("standings.penalty_points")));
            ui.add(egui::TextEdit::singleline(&mut app.screens.get::<State>().penalty_points).desired_width(60.0))
                .labelled_by(label.id);
            let label = ui.label(lang.tr(text_id!("standings.penalty_reason")));
            ui.add(egui::TextEdit::singleline(&mut app.screens.get::<State>().penalty_reason).desired_width(200.0))
                .labelled_by(label.id);
        });
        let pending = app.screens.get::<State>().pending_penalty.clone();
        match pending {
            None => {
                if ui.button(lang.tr(text_id!("standings.give_penalty"))).clicked() {
                    let points = parse_number::<i64>(
                        &app.screens.get::<State>().penalty_points,
                        &lang.tr(text_id!("standings.penalty_points")),
                    );
                    match points {
                        Ok(points) => {
                            let reason = app.screens.get::<State>().penalty_reason.trim().to_owned();
                            app.screens.get::<State>().pending_penalty =
                                Some(PendingPenalty { player, name: name.clone(), points, reason });
                        }
                        Err(e) => app.fail(e),
                    }
                }
            }
            Some(penalty) => {
                // A penalty changes the standings for good (it can only be revoked, with a trace): say whose
                // it is before it is written.
                let question = msg!(
                    "standings.confirm_penalty",
                    points = penalty.points,
                    name = penalty.name,
                    reason = penalty.reason
                )
                .render(lang);
                ui.label(RichText::new(question).strong().color(Color32::from_rgb(180, 90, 0)));
                ui.horizontal(|ui| {
                    if ui.button(lang.tr(text_id!("standings.confirm"))).clicked() {
                        app.screens.get::<State>().pending_penalty = None;
                        let referee = referee.clone();
                        app.write(
                            move |desk| {
                                let PendingPenalty { player, points, reason, .. } = penalty;
                                desk.add_penalty(tournament, player, None, points, &reason, &referee)
                            },
                            |app, _| {
                                app.screens.get::<State>().penalty_points.clear();
                                app.screens.get::<State>().penalty_reason.clear();
                            },
                        );
                    }
                    if ui.button(lang.tr(text_id!("standings.cancel"))).clicked() {
                        app.screens.get::<State>().pending_penalty = None;
                    }
                });
            }
        }
    });
}

/// Draws `add` right-aligned when `numeric`, else as usual.
fn aligned(ui: &mut egui::Ui, numeric: bool, add: impl FnOnce(&mut egui::Ui) -> egui::Response) -> egui::Response {
    if numeric { ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), add).inner } else { add(ui) }
}

/// Text in a table cell, centred vertically like the name buttons beside it.
fn text(ui: &mut egui::Ui, text: &str) {
    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| ui.label(text));
}

/// A number in a table cell, right-aligned.
fn number(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) {
    aligned(ui, true, |ui| ui.label(text));
}
