//! The open tournament's settings, including the rule options and the ranking.

use crate::text_id;
use egui::RichText;

use crate::frame::{Frame, Has};
use crate::link::Fetched;
use crate::rules::{ChoiceOption, TunableValue};
use crate::tournament::{Id, RankingMethod, TieBreak, TournamentSettings};

use super::{labelled_text, parse_date, parse_number};

/// The form, as typed.
#[derive(Default)]
pub struct State {
    loaded: Option<u64>,
    name: String,
    venue: String,
    start: String,
    end: String,
    sessions: String,
    manches: String,
    /// Minutes a session lasts on the clock (0: none set).
    session_minutes: String,
    /// The shape of a federation number.
    federation_format: String,
    /// The most players a team may have.
    team_size: String,
    /// A team's best members counted (0: all).
    team_best: String,
    /// Minutes before the end at which the clock warns.
    clock_warning: String,
    /// Minutes before the end at which the clock calls "last hand".
    last_hand: String,
    proposals_by_pins: bool,
    starting_points: String,
    /// The ruleset has starting points among its options (read once, when the settings are loaded).
    has_starting_points: bool,
    seed: String,
    /// The ruleset id (changeable until manches exist; a change resets the rule options to its defaults).
    rules: String,
    /// Each of the ruleset's list options with the index of the value in force.
    choices: Vec<(&'static ChoiceOption, usize)>,
    method: RankingMethod,
    placement: Vec<String>,
    tie_breaks: Vec<TieBreak>,
    /// The ruleset's other numeric values (closing doubles, limits), as typed.
    rule_values: Vec<(&'static TunableValue, String)>,
    /// How many manches the tournament has: with any, the ruleset and its options are fixed.
    manche_count: Fetched<Id, i64>,
}

/// The ruleset's tunable values as in force (its defaults overlaid with the tournament's options).
fn tunable_values(settings: &TournamentSettings) -> Vec<(&'static TunableValue, String)> {
    let Some(rules) = crate::rules::ruleset(&settings.rules) else { return Vec::new() };
    let options = crate::rules::effective_options(&settings.rules, &settings.options);
    let text = |t: &TunableValue| crate::rules::option_value(&options, t.path).map(|v| v.to_string());
    rules.tunable_values().iter().map(|t| (t, text(t).unwrap_or_default())).collect()
}

/// The ruleset's list options with the value in force (the default when the options hold another).
fn choices(settings: &TournamentSettings) -> Vec<(&'static ChoiceOption, usize)> {
    let options = crate::rules::effective_options(&settings.rules, &settings.options);
    settings
        .ruleset()
        .choice_options()
        .iter()
        .map(|choice| {
            let current = crate::rules::option_at(&options, choice.path);
            (choice, choice.values.iter().position(|v| Some(&v.value()) == current).unwrap_or(0))
        })
        .collect()
}

impl State {
    fn load(&mut self, settings: &TournamentSettings, revision: u64) {
        let date = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        let manche_count = std::mem::take(&mut self.manche_count);
        *self = State {
            manche_count,
            loaded: Some(revision),
            name: settings.name.clone(),
            venue: settings.venue.clone(),
            start: date(settings.start_date),
            end: date(settings.end_date),
            sessions: settings.sessions.to_string(),
            manches: settings.manches_per_session.to_string(),
            session_minutes: settings.session_minutes.to_string(),
            federation_format: settings.federation_format.clone(),
            team_size: settings.team_size.to_string(),
            team_best: settings.team_best.to_string(),
            clock_warning: settings.clock_warning_minutes.to_string(),
            last_hand: settings.last_hand_minutes.to_string(),
            proposals_by_pins: settings.proposals_by_pins,
            starting_points: settings.starting_points().to_string(),
            has_starting_points: has_starting_points(settings),
            seed: settings.seating_seed.to_string(),
            rules: settings.rules.clone(),
            choices: choices(settings),
            method: settings.ranking.method,
            placement: settings.ranking.placement_points.iter().map(|p| p.to_string()).collect(),
            tie_breaks: settings.ranking.tie_breaks.clone(),
            rule_values: tunable_values(settings),
        };
    }
}

/// Draws the screen.
pub fn show<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui) {
    let Some(tournament) = app.tournament.clone() else { return };
    if app.screens.get::<State>().loaded.is_none() {
        app.screens.get::<State>().load(&tournament.settings, app.revision);
    }
    let lang = app.lang;
    ui.heading(app.tr(text_id!("settings.title")));
    let id = tournament.id;
    let manches = app.fetch(|app| &mut app.screens.get::<State>().manche_count, id, move |desk| desk.manche_count(id));
    // What the results were scored with stays as it is: shown fixed, with the reason, rather than refused on save.
    // Until the count arrives they are fixed too (a frame later they open if there are no results).
    let fixed = manches.as_deref().is_none_or(|&n| n > 0);
    if let Some(n) = manches.as_deref().filter(|&&n| n > 0) {
        let reason = crate::msg!("settings.fixed", n = n).render(lang);
        ui.label(RichText::new(format!("🔒 {reason}")).color(egui::Color32::from_rgb(180, 110, 0)));
    }
    ui.scope(|ui| {
        let s = app.screens.get::<State>();
        egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
            labelled_text(ui, &lang.tr(text_id!("tournaments.name")), &mut s.name, 320.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("tournaments.venue")), &mut s.venue, 320.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("tournaments.start_hint")), &mut s.start, 120.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("settings.end")), &mut s.end, 120.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("tournaments.sessions")), &mut s.sessions, 60.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("settings.manches")), &mut s.manches, 60.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("settings.session_minutes")), &mut s.session_minutes, 60.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("settings.clock_warning")), &mut s.clock_warning, 60.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("settings.last_hand")), &mut s.last_hand, 60.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("settings.federation_format")), &mut s.federation_format, 120.0);
            ui.end_row();
            ui.label(lang.tr(text_id!("settings.phones")));
            ui.checkbox(&mut s.proposals_by_pins, lang.tr(text_id!("settings.proposals_by_pins")));
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("settings.team_size")), &mut s.team_size, 60.0);
            ui.end_row();
            labelled_text(ui, &lang.tr(text_id!("settings.team_best")), &mut s.team_best, 60.0);
            ui.end_row();
            // A ruleset whose scores start from nothing (MCR's session score) has no starting points to set.
            if s.has_starting_points {
                let label = ui.label(lang.tr(text_id!("settings.starting_points")));
                let field = egui::TextEdit::singleline(&mut s.starting_points).desired_width(80.0);
                ui.add_enabled(!fixed, field).labelled_by(label.id);
                ui.end_row();
            }
            labelled_text(ui, &lang.tr(text_id!("settings.seed")), &mut s.seed, 160.0);
            ui.end_row();
            ui.label(lang.tr(text_id!("settings.rules")));
            ui.add_enabled_ui(!fixed, |ui| ruleset_picker(ui, lang, &mut s.rules));
            ui.end_row();
            for (choice, selected) in &mut s.choices {
                ui.label(lang.tr(choice.label));
                ui.add_enabled_ui(!fixed, |ui| {
                    ui.horizontal(|ui| {
                        for (i, value) in choice.values.iter().enumerate() {
                            ui.radio_value(selected, i, lang.tr(value.label));
                        }
                    });
                });
                ui.end_row();
            }
            ui.label(lang.tr(text_id!("settings.ranking")));
            ui.horizontal(|ui| {
                ui.radio_value(&mut s.method, RankingMethod::TotalPoints, lang.tr(text_id!("settings.by_points")));
                ui.radio_value(
                    &mut s.method,
                    RankingMethod::PlacementPoints,
                    lang.tr(text_id!("settings.by_placement")),
                );
                ui.radio_value(
                    &mut s.method,
                    RankingMethod::PointsWithPlacement,
                    lang.tr(text_id!("settings.by_points_with_placement")),
                );
            });
            ui.end_row();
            ui.label(lang.tr(text_id!("settings.placement_points")));
            // One value per seat of the ruleset's table (a new ruleset's extra places start at 0).
            let seats = crate::rules::ruleset(&s.rules).map_or(s.placement.len(), |r| r.table_size());
            s.placement.resize(seats, "0".to_owned());
            // Placement points in points (a bonus of −15000) need wider fields than 4-2-1-0.
            let width = if s.placement.iter().any(|v| v.chars().count() > 3) { 64.0 } else { 32.0 };
            ui.horizontal(|ui| {
                for (i, value) in s.placement.iter_mut().enumerate() {
                    let label = ui.label(crate::message::ordinal(i as u64 + 1).render(lang));
                    ui.add(egui::TextEdit::singleline(value).desired_width(width)).labelled_by(label.id);
                }
            });
            ui.end_row();
        });
        ui.add_space(8.0);
        // The ruleset lists each group's values together.
        for group in s.rule_values.chunk_by_mut(|a, b| a.0.group == b.0.group) {
            let first = group[0].0; // chunks are never empty
            ui.label(RichText::new(lang.tr(first.group)).strong());
            egui::Grid::new(first.group).num_columns(4).show(ui, |ui| {
                for (i, (value, text)) in group.iter_mut().enumerate() {
                    let label = ui.label(lang.tr(value.label));
                    // A fixed size: a grid cell would otherwise shrink the first column's fields to their text.
                    let field = egui::TextEdit::singleline(text);
                    ui.add_enabled_ui(!fixed, |ui| ui.add_sized([70.0, 20.0], field).labelled_by(label.id));
                    if i % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
            ui.add_space(4.0);
        }
        ui.add_space(8.0);
        ui.label(RichText::new(lang.tr(text_id!("settings.tie_breaks"))).strong());
        let mut action: Option<(usize, i32)> = None;
        for (i, key) in s.tie_breaks.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{}. {}", i + 1, tie_break_name(lang, *key)));
                if ui.small_button(lang.tr(text_id!("settings.up"))).clicked() {
                    action = Some((i, -1));
                }
                if ui.small_button(lang.tr(text_id!("settings.remove"))).clicked() {
                    action = Some((i, 0));
                }
            });
        }
        match action {
            Some((i, -1)) if i > 0 => s.tie_breaks.swap(i, i - 1),
            Some((i, 0)) => {
                s.tie_breaks.remove(i);
            }
            _ => {}
        }
        ui.horizontal(|ui| {
            let missing: Vec<TieBreak> = TieBreak::ALL.into_iter().filter(|k| !s.tie_breaks.contains(k)).collect();
            for key in missing {
                if ui.small_button(format!("+ {}", tie_break_name(lang, key))).clicked() {
                    s.tie_breaks.push(key);
                }
            }
        });
    });
    ui.add_space(8.0);
    if ui.button(RichText::new(app.tr(text_id!("settings.save"))).strong()).clicked() {
        save(app, &tournament.settings, tournament.id);
    }
}

/// A tie-break's name.
pub fn tie_break_name(lang: crate::Lang, key: TieBreak) -> String {
    lang.tr(key.label())
}

fn save<S: Has<State>>(app: &mut Frame<S>, before: &TournamentSettings, id: crate::tournament::Id) {
    let lang = app.lang;
    let s = app.screens.get::<State>();
    let parsed = (|| -> Result<TournamentSettings, crate::message::Message> {
        // Another ruleset starts from its own defaults: the values on screen belong to the old one.
        let options = if s.rules != before.rules {
            serde_json::json!({})
        } else {
            let mut options = before.options.clone();
            if has_starting_points(before) {
                let label = lang.tr(text_id!("settings.starting_points"));
                let starting: i64 = parse_number(&s.starting_points, &label)?;
                crate::rules::set_option(&mut options, "starting_points", starting.into());
            }
            for (choice, selected) in &s.choices {
                if let Some(value) = choice.values.get(*selected) {
                    crate::rules::set_option(&mut options, choice.path, value.value());
                }
            }
            for (tunable, text) in &s.rule_values {
                let value: u64 = parse_number(text, &lang.tr(tunable.label))?;
                crate::rules::set_option_value(&mut options, tunable.path, value);
            }
            options
        };
        let placement = s
            .placement
            .iter()
            .map(|text| parse_number(text, &lang.tr(text_id!("settings.placement_points"))))
            .collect::<Result<Vec<i64>, _>>()?;
        let mut settings = TournamentSettings {
            name: s.name.clone(),
            venue: s.venue.clone(),
            start_date: parse_date(&s.start, &lang.tr(text_id!("tournaments.start")))?,
            end_date: parse_date(&s.end, &lang.tr(text_id!("settings.end")))?,
            rules: s.rules.clone(),
            options,
            sessions: parse_number(&s.sessions, &lang.tr(text_id!("tournaments.sessions")))?,
            manches_per_session: parse_number(&s.manches, &lang.tr(text_id!("settings.manches")))?,
            session_minutes: parse_number(&s.session_minutes, &lang.tr(text_id!("settings.session_minutes")))?,
            federation_format: s.federation_format.trim().to_owned(),
            team_size: parse_number(&s.team_size, &lang.tr(text_id!("settings.team_size")))?,
            team_best: parse_number(&s.team_best, &lang.tr(text_id!("settings.team_best")))?,
            clock_warning_minutes: parse_number(&s.clock_warning, &lang.tr(text_id!("settings.clock_warning")))?,
            last_hand_minutes: parse_number(&s.last_hand, &lang.tr(text_id!("settings.last_hand")))?,
            proposals_by_pins: s.proposals_by_pins,
            ranking: crate::tournament::Ranking {
                method: s.method,
                placement_points: placement,
                tie_breaks: s.tie_breaks.clone(),
            },
            seating_seed: parse_number(&s.seed, &lang.tr(text_id!("settings.seed")))?,
        };
        if s.rules != before.rules {
            // Another ruleset plays sessions of its own length and ranks its own way (a placement bonus).
            let played = TournamentSettings::for_rules(&s.rules);
            settings.manches_per_session = played.manches_per_session;
            settings.ranking = played.ranking;
        }
        Ok(settings)
    })();
    let settings = match parsed {
        Ok(settings) => settings,
        Err(e) => return app.fail(e),
    };
    let referee = app.referee_name();
    app.write(
        move |desk| desk.update_settings(id, &settings, &referee),
        |app, ()| {
            app.screens.get::<State>().loaded = None;
            app.info(crate::msg!("settings.saved"));
        },
    );
}

/// Whether the tournament's ruleset has starting points among its options.
fn has_starting_points(settings: &TournamentSettings) -> bool {
    crate::rules::effective_options(&settings.rules, &settings.options).get("starting_points").is_some()
}

/// One button per ruleset; the id of the one chosen is written to `rules`.
pub fn ruleset_picker(ui: &mut egui::Ui, lang: crate::Lang, rules: &mut String) {
    let choices = |ui: &mut egui::Ui| {
        for ruleset in crate::rules::rulesets() {
            let chosen = rules.as_str() == ruleset.id();
            if ui.radio(chosen, ruleset.name(lang)).clicked() && !chosen {
                *rules = ruleset.id().to_owned();
            }
        }
    };
    // In a row where they fit, else one under the other: a row wrapped inside a form's grid cell overlaps the
    // next field (the grid keeps the row one line high), as the new club's form did at 800×600.
    let spacing = ui.spacing();
    let extra = spacing.icon_width + spacing.icon_spacing + spacing.item_spacing.x;
    let wide: f32 = crate::rules::rulesets()
        .iter()
        .map(|r| {
            let text = egui::WidgetText::from(r.name(lang));
            text.into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Button).size().x
                + extra
        })
        .sum();
    if wide <= ui.available_width() {
        ui.horizontal(choices)
    } else {
        ui.vertical(choices)
    };
}
