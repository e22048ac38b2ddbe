//! The tournament report a federation asks for after a ranked tournament: what was played (name, dates, place,
//! ruleset, the options that differ from its defaults), by whom (players, countries, teams, the referees from
//! the notebook), the final standings and the team standings, every penalty and every correction with who and
//! when.

use std::collections::BTreeMap;

use super::writer::{BOTTOM, FontError, MARGIN, PAGE_W, Weight, Writer};
use super::{BODY, Col, ROW, Snapshot, heading, new_writer, row, table_header};
use crate::i18n::Lang;
use crate::msg;
use crate::notebook::{Note, NoteLine};
use crate::store::Penalty;
use crate::text_id;
use crate::tournament::RankingMethod;

/// What the report needs beyond the snapshot: the notebook (newest first) and the referee's penalties.
pub struct ReportRecords<'a> {
    /// The tournament's notebook.
    pub notes: &'a [NoteLine],
    /// The penalties given by a referee (revoked ones included, marked).
    pub penalties: &'a [Penalty],
    /// Penalties a ruleset scored with a hand: `(player, session, points)`.
    pub scored: &'a [(crate::tournament::Id, u32, i64)],
}

/// The report as A4 pages.
pub fn report(s: &Snapshot, records: &ReportRecords<'_>, lang: Lang) -> Result<Vec<u8>, FontError> {
    let title = lang.tr(text_id!("report.title"));
    let mut w = new_writer(s, lang, &title)?;
    w.new_page();
    heading(&mut w, s, lang, &title);
    facts(&mut w, s, records, lang);
    standings(&mut w, s, lang);
    teams(&mut w, s, lang);
    penalties(&mut w, s, records, lang);
    corrections(&mut w, s, records, lang);
    Ok(w.finish())
}

/// A new page with the heading when fewer than `lines` rows are left on this one.
fn room(w: &mut Writer, s: &Snapshot, lang: Lang, lines: f32) {
    if w.y - lines * ROW < BOTTOM {
        w.new_page();
        heading(w, s, lang, &lang.tr(text_id!("report.title")));
    }
}

fn section(w: &mut Writer, s: &Snapshot, lang: Lang, title: &str) {
    room(w, s, lang, 4.0);
    w.y -= 2.0;
    let y = w.y;
    w.text(MARGIN, y, 11.0, Weight::Bold, title);
    w.y -= ROW + 1.0;
}

/// One line "label: value", the value cut to the page.
fn fact(w: &mut Writer, s: &Snapshot, lang: Lang, label: &str, value: &str) {
    room(w, s, lang, 1.0);
    let y = w.y;
    w.text(MARGIN, y, BODY, Weight::Bold, label);
    let width = PAGE_W - 2.0 * MARGIN - 55.0;
    let (text, size) = w.fit_sized(value, width, BODY, Weight::Regular);
    w.text(MARGIN + 55.0, y, size, Weight::Regular, &text);
    w.y -= ROW;
}

fn facts(w: &mut Writer, s: &Snapshot, records: &ReportRecords<'_>, lang: Lang) {
    let settings = &s.tournament.settings;
    section(w, s, lang, &lang.tr(text_id!("report.tournament")));
    fact(w, s, lang, &lang.tr(text_id!("settings.rules")), &s.rules.heading(lang));
    fact(w, s, lang, &lang.tr(text_id!("report.options")), &changed_options(s));
    let ranked = s.players.iter().filter(|p| !p.data.substitute).count();
    let substitutes = s.players.len() - ranked;
    let players = msg!("report.players_count", ranked = ranked, substitutes = substitutes).render(lang);
    fact(w, s, lang, &lang.tr(text_id!("report.players")), &players);
    let mut countries: Vec<&str> = s.players.iter().map(|p| p.data.country.trim()).filter(|c| !c.is_empty()).collect();
    countries.sort_unstable();
    countries.dedup();
    let listed = format!("{} ({})", countries.len(), countries.join(", "));
    fact(w, s, lang, &lang.tr(text_id!("report.countries")), &listed);
    let sessions = msg!(
        "report.sessions_count",
        played = s.session_reached(),
        sessions = settings.sessions,
        manches = settings.manches_per_session
    )
    .render(lang);
    fact(w, s, lang, &lang.tr(text_id!("tournaments.sessions")), &sessions);
    let entered: usize = s.manches.values().map(Vec::len).sum();
    fact(w, s, lang, &lang.tr(text_id!("report.manches")), &entered.to_string());
    let mut referees: BTreeMap<&str, usize> = BTreeMap::new();
    for line in records.notes {
        if !line.entry.referee.trim().is_empty() {
            *referees.entry(line.entry.referee.as_str()).or_default() += 1;
        }
    }
    let referees: Vec<String> = referees.iter().map(|(name, n)| format!("{name} ({n})")).collect();
    fact(w, s, lang, &lang.tr(text_id!("report.referees")), &referees.join(", "));
}

/// The options that differ from the ruleset's defaults, `key: value` apart; or that none do.
fn changed_options(s: &Snapshot) -> String {
    let settings = &s.tournament.settings;
    let effective = crate::rules::effective_options(&settings.rules, &settings.options);
    let defaults = settings.ruleset().default_options();
    let changed: Vec<String> = effective
        .as_object()
        .map(|options| {
            options
                .iter()
                .filter(|(key, value)| defaults.get(key.as_str()) != Some(value))
                .map(|(key, value)| format!("{key}: {value}"))
                .collect()
        })
        .unwrap_or_default();
    if changed.is_empty() { "—".to_owned() } else { changed.join(" · ") }
}

fn standings(w: &mut Writer, s: &Snapshot, lang: Lang) {
    section(w, s, lang, &lang.tr(text_id!("report.standings")));
    let placement = s.tournament.settings.ranking.method == RankingMethod::PlacementPoints;
    let mut cols = vec![
        Col { x: MARGIN, w: 12.0, right: true },
        Col { x: MARGIN + 14.0, w: 60.0, right: false },
        Col { x: MARGIN + 74.0, w: 34.0, right: false },
        Col { x: MARGIN + 108.0, w: 14.0, right: false },
    ];
    let mut titles = vec![
        lang.tr(text_id!("standings.place")),
        lang.tr(text_id!("players.name")),
        lang.tr(text_id!("players.federation_id")),
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
    table_header(w, &cols, &titles);
    for r in &s.standings {
        if w.y < BOTTOM {
            room(w, s, lang, 2.0);
            table_header(w, &cols, &titles);
        }
        let number = s.players.iter().find(|p| p.id == r.player.id).map(|p| p.data.federation_id.clone());
        let mut cells =
            vec![r.place.to_string(), r.player.name.clone(), number.unwrap_or_default(), r.player.country.clone()];
        if placement {
            cells.push(format!("{:.2}", r.placement()));
        }
        cells.push(r.points.to_string());
        cells.push(if r.penalties > 0 { format!("-{}", r.penalties) } else { String::new() });
        row(w, &cols, &cells, Weight::Regular);
    }
}

fn teams(w: &mut Writer, s: &Snapshot, lang: Lang) {
    let teams = s.teams();
    if teams.is_empty() {
        return;
    }
    section(w, s, lang, &lang.tr(text_id!("teams.title")));
    let placement = s.tournament.settings.ranking.method == RankingMethod::PlacementPoints;
    let cols = [
        Col { x: MARGIN, w: 12.0, right: true },
        Col { x: MARGIN + 14.0, w: 46.0, right: false },
        Col { x: MARGIN + 60.0, w: 96.0, right: false },
        Col { x: MARGIN + 156.0, w: 24.0, right: true },
    ];
    let value = if placement { text_id!("standings.placement") } else { text_id!("standings.points") };
    let titles = [
        lang.tr(text_id!("standings.place")),
        lang.tr(text_id!("players.team")),
        lang.tr(text_id!("teams.members")),
        lang.tr(value),
    ];
    table_header(w, &cols, &titles);
    for team in &teams {
        room(w, s, lang, 1.0);
        let figure = if placement { format!("{:.2}", team.placement()) } else { team.points.to_string() };
        row(w, &cols, &[team.place.to_string(), team.team.clone(), team.members.join(", "), figure], Weight::Regular);
    }
}

fn penalties(w: &mut Writer, s: &Snapshot, records: &ReportRecords<'_>, lang: Lang) {
    section(w, s, lang, &lang.tr(text_id!("report.penalties")));
    let name = |id| s.players.iter().find(|p| p.id == id).map(|p| p.data.name.clone()).unwrap_or_default();
    if records.penalties.is_empty() && records.scored.is_empty() {
        fact(w, s, lang, "—", "");
        return;
    }
    for p in records.penalties {
        let session = p.session.map(|n| format!("S{n} · ")).unwrap_or_default();
        let revoked = if p.revoked { format!(" ({})", lang.tr(text_id!("report.revoked"))) } else { String::new() };
        let text = format!("{session}-{} · {} · {} {}{revoked}", p.points, p.reason, p.referee, short_time(&p.at));
        fact(w, s, lang, &name(p.player_id), &text);
    }
    for &(player, session, points) in records.scored {
        let text = msg!("report.scored_penalty", session = session, points = points).render(lang);
        fact(w, s, lang, &name(player), &text);
    }
}

fn corrections(w: &mut Writer, s: &Snapshot, records: &ReportRecords<'_>, lang: Lang) {
    section(w, s, lang, &lang.tr(text_id!("report.corrections")));
    let corrected: Vec<&NoteLine> =
        records.notes.iter().rev().filter(|line| line.note == Note::MancheCorrected).collect();
    if corrected.is_empty() {
        fact(w, s, lang, "—", "");
        return;
    }
    for line in corrected {
        let place = line
            .place
            .map(|p| match p.manche {
                Some(m) => format!("S{} · T{} · M{m}", p.session, p.table),
                None => format!("S{} · T{}", p.session, p.table),
            })
            .unwrap_or_default();
        let changes: Vec<String> = line
            .score_changes()
            .iter()
            .map(|c| match c.before {
                Some(before) => format!("{} {before} → {}", c.name, c.after),
                None => format!("{} {}", c.name, c.after),
            })
            .collect();
        let when = line.at.map(|at| at.format("%Y-%m-%d %H:%M").to_string()).unwrap_or_default();
        let text = format!("{} {when} · {}", line.entry.referee, changes.join(", "));
        fact(w, s, lang, &place, &text);
    }
}

/// A stored RFC 3339 time as `2026-11-29 10:12` in the desk's local time, as the notebook (and so the
/// corrections above) shows it; the stored text when it cannot be read.
fn short_time(at: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(at)
        .map(|t| t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_else(|_| at.to_owned())
}
