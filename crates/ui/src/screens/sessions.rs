//! Sessions: generate the seating, see each session's tables with seat winds, swap two players by hand with
//! the quality report updating at once, open a table.

use crate::text_id;
use std::collections::HashMap;

use egui::{Color32, RichText};

use crate::Screen;
use crate::desk;
use crate::desk::SeatedTable;
use crate::export::{Format, What};
use crate::frame::{Frame, Has};
use crate::link::Fetched;
use crate::message::Message;
use crate::msg;
use crate::seating::{ClubNote, FloorReason, Quality};
use crate::tournament::Id;

/// Cached seating and the current selection.
#[derive(Default)]
pub struct State {
    session: u32,
    selected: Option<Id>,
    /// A player's name (part of it) or a table number: only the matching tables are shown.
    search: String,
    club_weight: f64,
    /// What the last seating by the standings moved and could not part, shown under its session.
    swiss: Option<desk::StandingsSeating>,
    /// A plan file being imported.
    pub(crate) import: super::plan_import::State,
    /// The minutes a clock starts for when the tournament sets no session length.
    clock_minutes: u32,
    cache: Fetched<Id, Cache>,
}

struct Cache {
    tables: Vec<SeatedTable>,
    names: HashMap<Id, String>,
    manches: HashMap<Id, desk::TableProgress>,
    report: Option<Quality>,
    clocks: Vec<(u32, crate::tournament::clock::SessionClock)>,
    /// Somebody plays for a team.
    has_teams: bool,
}

/// The seating, the names, each table's progress and the seating's quality, read in one job.
fn load<S: Has<State>>(app: &mut Frame<S>, tournament: Id) -> Option<std::sync::Arc<Cache>> {
    app.fetch(
        |app| &mut app.screens.get::<State>().cache,
        tournament,
        move |desk| {
            let players = desk.players(tournament)?;
            Ok(Cache {
                tables: desk.seating(tournament)?,
                has_teams: players.iter().any(|p| !p.data.team.is_empty()),
                names: players.into_iter().map(|p| (p.id, p.data.name)).collect(),
                manches: desk.table_progress(tournament)?,
                report: desk.seating_report(tournament)?,
                clocks: desk.session_clocks(tournament)?,
            })
        },
    )
}

/// Draws the screen.
pub fn show<S: Has<State> + Has<super::plan_import::State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament.clone() else { return };
    let loaded = load(app, tournament.id);
    let lang = app.lang;
    if app.screens.get::<State>().session == 0 {
        app.screens.get::<State>().session = 1;
        app.screens.get::<State>().club_weight = 1.0;
    }
    ui.label(egui::RichText::new(tournament.settings.rules_heading(lang)).weak());
    ui.horizontal(|ui| {
        ui.heading(lang.tr(text_id!("sessions.title")));
        for s in 1..=tournament.settings.sessions {
            if ui
                .add(egui::Button::selectable(
                    app.screens.get::<State>().session == s,
                    format!("{} {s}", lang.tr(text_id!("sessions.session"))),
                ))
                .clicked()
            {
                app.screens.get::<State>().session = s;
                app.screens.get::<State>().selected = None;
            }
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label(lang.tr(text_id!("sessions.club_weight")));
        // The referee's decimal separator both ways: "1,5" in the Italian desk.
        let comma = crate::ledger::money::decimal_separator(lang) == ",";
        let weight = egui::DragValue::new(&mut app.screens.get::<State>().club_weight)
            .range(0.0..=100.0)
            .speed(0.1)
            .custom_formatter(move |value, decimals| {
                let places = (*decimals.start()).max(1);
                let text = format!("{value:.places$}");
                if comma { text.replace('.', ",") } else { text }
            })
            .custom_parser(|text| text.trim().replace(',', ".").parse().ok());
        ui.add(weight).labelled_by(label.id);
        if ui.button(RichText::new(lang.tr(text_id!("sessions.generate"))).strong()).clicked() {
            let referee = app.referee_name();
            let (id, weight) = (tournament.id, app.screens.get::<State>().club_weight);
            app.write(
                move |desk| desk.seat_tournament(id, weight, &referee),
                move |app, outcome| {
                    // Show what was just seated, not the session that was selected before.
                    app.screens.get::<State>().session = *outcome.sessions.start();
                    app.screens.get::<State>().selected = None;
                    let (from, to) = (outcome.sessions.start(), outcome.sessions.end());
                    app.info(msg!("sessions.generated", from = from, to = to));
                },
            );
        }
        let session = app.screens.get::<State>().session;
        if session >= 2 {
            let label = msg!("sessions.by_standings", session = session).render(lang);
            if ui.button(label).on_hover_text(lang.tr(text_id!("sessions.by_standings_hint"))).clicked() {
                let referee = app.referee_name();
                let id = tournament.id;
                app.write(
                    move |desk| desk.seat_by_standings(id, session, &referee),
                    move |app, outcome| {
                        let said = msg!(
                            "sessions.by_standings_done",
                            session = outcome.session,
                            moved = outcome.moved.len(),
                            repeats = outcome.repeats.len()
                        );
                        app.info(said);
                        app.screens.get::<State>().swiss = Some(outcome);
                    },
                );
            }
        }
        ui.separator();
        super::exports::button(app, ui, What::Seating, Format::Pdf, None);
        super::exports::button(app, ui, What::Scoresheets, Format::Pdf, None);
        super::exports::button(app, ui, What::Seating, Format::Csv, None);
        super::exports::separator_choice(app, ui);
    });
    egui::CollapsingHeader::new(lang.tr(text_id!("sessions.import"))).show(ui, |ui| {
        super::plan_import::show(app, ui, tournament.id);
    });
    let Some(cache) = loaded else { return };
    if let Some(report) = &cache.report {
        let repeats = match report {
            Quality::Four(four) => msg!(
                "sessions.report",
                repeats = four.repeat_meetings,
                bound = four.lower_bound,
                wind = four.max_wind_deviation,
                club = four.same_club_meetings
            ),
            Quality::AnySize(plan) => msg!(
                "sessions.report_first_deal",
                repeats = plan.repeat_meetings,
                bound = plan.lower_bound,
                first = plan.max_first_deal_deviation,
                club = plan.same_club_meetings
            ),
        }
        .render(lang);
        let color = if report.repeat_meetings() > report.lower_bound() {
            Color32::from_rgb(180, 110, 0)
        } else {
            Color32::from_rgb(30, 130, 60)
        };
        // Repeats the field size forces (a small field over several sessions) are a fact, not a warning.
        let repeats = if report.repeat_meetings() > 0 && report.repeat_meetings() == report.lower_bound() {
            format!("{repeats} — {}", lang.tr(text_id!("sessions.unavoidable")))
        } else if let Some(note) = super::above_bound_note(lang, report) {
            format!("{repeats} — {note}")
        } else {
            repeats
        };
        ui.label(RichText::new(repeats).color(color));
        // Where teams play, whether team mates meet is the first thing a referee is asked.
        if cache.has_teams {
            let meetings = report.same_team_meetings();
            let color = if meetings > 0 { Color32::from_rgb(180, 110, 0) } else { Color32::from_rgb(30, 130, 60) };
            ui.label(RichText::new(msg!("sessions.team_meetings", n = meetings).render(lang)).color(color));
        }
        let first = cache.tables.first().map(|t| t.session);
        let tables = cache.tables.iter().filter(|t| Some(t.session) == first).count();
        // A long list of clubs would push the tables off the screen: it folds away.
        let notes = |ui: &mut egui::Ui| {
            for note in report.clubs() {
                ui.label(RichText::new(club_note(lang, note, tables)).weak());
            }
        };
        if report.clubs().len() <= 5 {
            notes(ui);
        } else {
            let title = msg!("sessions.club_notes", n = report.clubs().len()).render(lang);
            egui::CollapsingHeader::new(title).show(ui, notes);
        }
    }
    let session = app.screens.get::<State>().session;
    if let Some(swiss) = app.screens.get::<State>().swiss.as_ref().filter(|s| s.session == session) {
        swiss_lines(ui, lang, swiss);
    }
    let tables: Vec<SeatedTable> = cache.tables.iter().filter(|t| t.session == session).cloned().collect();
    let played = |t: &SeatedTable| cache.manches.get(&t.id).map_or(0, |p| p.counted);
    let complete = tables.iter().all(|t| played(t) >= tournament.settings.manches_per_session);
    let clock = cache.clocks.iter().find(|(s, _)| *s == session).map(|(_, c)| c);
    // A session played to its end without a clock needs none now.
    if !tables.is_empty() && (clock.is_some() || !complete) {
        let mut minutes = app.screens.get::<State>().clock_minutes;
        if minutes == 0 {
            minutes = 90;
        }
        let preset = tournament.settings.session_minutes;
        super::session_clock::show(app, ui, tournament.id, session, clock, &mut minutes, preset);
        app.screens.get::<State>().clock_minutes = minutes;
    }
    if tables.is_empty() {
        let button = Message::new(text_id!("sessions.generate"));
        ui.label(msg!("sessions.not_seated").arg_message("button", button).render(lang));
        return;
    }
    // At 400 players: find a player's table, or jump to a table by its number.
    let names = cache.names.clone();
    ui.horizontal(|ui| {
        super::labelled_text(ui, &lang.tr(text_id!("sessions.search")), &mut app.screens.get::<State>().search, 220.0);
    });
    let needle = app.screens.get::<State>().search.trim().to_lowercase();
    let tables: Vec<SeatedTable> = match needle.parse::<u32>() {
        _ if needle.is_empty() => tables,
        Ok(number) => tables.into_iter().filter(|t| t.number == number).collect(),
        Err(_) => tables
            .into_iter()
            .filter(|t| t.players.iter().any(|p| names.get(p).is_some_and(|n| n.to_lowercase().contains(&needle))))
            .collect(),
    };
    if tables.is_empty() {
        ui.label(RichText::new(lang.tr(text_id!("sessions.no_match"))).weak());
    }
    ui.label(RichText::new(lang.tr(text_id!("sessions.swap_hint"))).weak());
    let manches = cache.manches.clone();
    let ended_on_the_clock = cache.clocks.iter().any(|(s, clock)| *s == session && clock.ended_at.is_some());
    let mut clicked: Option<Id> = None;
    let mut open: Option<Id> = None;
    ui.scope(|ui| {
        let ruleset = tournament.settings.ruleset();
        let seats = ruleset.table_size();
        egui::Grid::new(("seating", session)).striped(true).num_columns(seats + 3).show(ui, |ui| {
            ui.label(RichText::new(lang.tr(text_id!("sessions.table"))).strong());
            for position in 0..seats {
                ui.label(RichText::new(ruleset.seat_model().seat(position).name(lang)).strong());
            }
            ui.label(RichText::new(lang.tr(text_id!("sessions.manches"))).strong());
            ui.label("");
            ui.end_row();
            for table in &tables {
                ui.label(format!("{} {}", lang.tr(text_id!("sessions.table")), table.number));
                for &player in &table.players {
                    let name = names.get(&player).cloned().unwrap_or_default();
                    let selected = app.screens.get::<State>().selected == Some(player);
                    if ui.add(egui::Button::selectable(selected, name)).clicked() {
                        clicked = Some(player);
                    }
                }
                // A smaller table (two players at Hanafuda) leaves its last seats empty.
                for _ in table.players.len()..seats {
                    ui.label("");
                }
                let progress = manches.get(&table.id).copied().unwrap_or_default();
                let mut played = format!("{}/{}", progress.counted, tournament.settings.manches_per_session);
                if progress.void > 0 {
                    played.push_str(&format!(" {}", msg!("sessions.void", n = progress.void).render(lang)));
                }
                if ended_on_the_clock {
                    played.push_str(&format!(" · {}", lang.tr(text_id!("sessions.ended_on_the_clock"))));
                }
                ui.label(played);
                if ui.button(lang.tr(text_id!("sessions.open_table"))).clicked() {
                    open = Some(table.id);
                }
                ui.end_row();
            }
        });
    });
    if let Some(table) = open {
        app.go(Screen::Table(table));
    }
    if let Some(player) = clicked {
        match app.screens.get::<State>().selected.take() {
            None => app.screens.get::<State>().selected = Some(player),
            Some(first) if first == player => {}
            Some(first) => {
                let referee = app.referee_name();
                let id = tournament.id;
                app.write(
                    move |desk| desk.swap_players(id, session, first, player, &referee),
                    move |app, ()| app.info(msg!("sessions.swapped")),
                );
            }
        }
    }
}

/// Who the seating by the standings moved from their table by rank, and the meetings no swap could part.
fn swiss_lines(ui: &mut egui::Ui, lang: crate::Lang, swiss: &desk::StandingsSeating) {
    for (name, from, to) in &swiss.moved {
        ui.label(RichText::new(msg!("sessions.moved", name = name, from = from, to = to).render(lang)).weak());
    }
    for (a, b, times) in &swiss.repeats {
        let line = msg!("sessions.meet_again", a = a, b = b, times = times).render(lang);
        ui.label(RichText::new(line).color(Color32::from_rgb(180, 110, 0)));
    }
}

/// One club's meetings and why they could or could not be avoided, in the desk's language.
fn club_note(lang: crate::Lang, note: &ClubNote, tables: usize) -> String {
    let key = match note.reason {
        FloorReason::None => "sessions.club_avoidable",
        FloorReason::PerSession => "sessions.club_per_session",
        FloorReason::WithoutRepeats => "sessions.club_without_repeats",
    };
    Message::new(key)
        .arg("club", &note.club)
        .arg("meetings", note.meetings)
        .arg("unavoidable", note.unavoidable)
        .arg("members", note.members)
        .arg("tables", tables)
        .render(lang)
}
