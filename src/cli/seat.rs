//! `stecca seat --players N --sessions R [--seed S] [--clubs FILE.csv]`: a schedule for numbered or listed
//! players; `stecca seat --db PATH --tournament ID [--sessions a..b]`: seats a stored tournament.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use serde_json::json;

use super::EXIT_INVALID;
use crate::msg;
use crate::seating::{
    APART_WEIGHT, AboveBound, Entrant, MAX_PLAYERS, MAX_SESSIONS, Quality, SeatingRequest, TableSizes, generate,
    plan_report, report, seat_any_size as seat_plan,
};

/// Arguments of `stecca seat`.
#[derive(Debug, clap::Args)]
pub struct SeatArgs {
    /// Seat this tournament of the database (its players, seed and ruleset's table size).
    #[arg(long, conflicts_with_all = ["players", "clubs", "seed"])]
    pub tournament: Option<i64>,
    /// Number of players (numbered 0…N−1); may be left out with --clubs.
    #[arg(long)]
    pub players: Option<u64>,
    /// Number of sessions; with --tournament, the sessions to seat as `a..b` or `a` (default: every
    /// session without results).
    #[arg(long)]
    pub sessions: Option<String>,
    /// Seed: the same arguments and seed give the same schedule.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// CSV with a header and columns name,club,country: players are named and clubs kept apart.
    #[arg(long)]
    pub clubs: Option<PathBuf>,
    /// Weight of a same-club meeting (10 = as bad as a repeated meeting, 0 = ignore clubs).
    #[arg(long, default_value_t = 1.0)]
    pub club_weight: f64,
    /// Weight of a same-country meeting, same scale.
    #[arg(long, default_value_t = 0.25)]
    pub country_weight: f64,
    /// Keep these groups apart before anything else (repeatable): a meeting inside one costs as much as ten
    /// repeated meetings. Team mates are always kept so at a tournament; club and country by their weights
    /// unless named here.
    #[arg(long, value_enum)]
    pub apart: Vec<Apart>,
    /// Players a table (2, 3 or 4). Tables of three add tables of two where the count requires;
    /// tables of four and of two need a multiple.
    #[arg(long, default_value_t = 4, conflicts_with = "tournament")]
    pub table_size: usize,
    /// Seat the one session given by --sessions from the standings of the sessions before it (Swiss style:
    /// table 1 the leaders; repeated meetings parted by swaps with the next table).
    #[arg(long, requires_all = ["tournament", "sessions"])]
    pub by_standings: bool,
    /// Seat the tournament from a plan file (CSV with columns session, table, seat, player — the player by
    /// registration number or name; `-` for standard input): checked whole, saved all or none.
    #[arg(long, requires = "tournament", conflicts_with_all = ["by_standings", "sessions"])]
    pub import: Option<PathBuf>,
}

/// A group `--apart` keeps apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Apart {
    /// Players of the same team.
    Team,
    /// Players of the same club.
    Club,
    /// Players of the same country.
    Country,
}

impl SeatArgs {
    /// The weights the arguments give: `--apart` raises a group to [`APART_WEIGHT`]; teams are apart always
    /// at a tournament, and in a `--clubs` list only when named.
    fn weights(&self, tournament: bool) -> crate::desk::Weights {
        let apart = |group: Apart, otherwise: f64| if self.apart.contains(&group) { APART_WEIGHT } else { otherwise };
        crate::desk::Weights {
            club: apart(Apart::Club, self.club_weight),
            country: apart(Apart::Country, self.country_weight),
            team: apart(Apart::Team, if tournament { APART_WEIGHT } else { 0.0 }),
        }
    }
}

/// Runs `stecca seat`.
pub fn run(db: Option<&str>, args: &SeatArgs) -> ExitCode {
    let result = match args.tournament {
        Some(tournament) => seat_tournament(db, tournament, args),
        None => seat(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("stecca seat: {}", super::said(&error));
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// `--sessions` as a count between 1 and the most a schedule has, checked before anything is allocated.
fn session_count(text: Option<&str>) -> anyhow::Result<usize> {
    let Some(text) = text else { bail!(msg!("cli.give_sessions")) };
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_SESSIONS as u64).contains(&n) => Ok(n as usize),
        _ => bail!(msg!("cli.sessions_count", text = text, max = MAX_SESSIONS)),
    }
}

/// `--sessions a..b` or `a` for a stored tournament.
fn session_range(text: &str) -> anyhow::Result<std::ops::RangeInclusive<u32>> {
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_SESSIONS as u32).contains(n))
            .with_context(|| msg!("cli.sessions_range", text = text, max = MAX_SESSIONS))
    };
    match text.split_once("..") {
        Some((a, b)) => Ok(number(a)?..=number(b.trim_start_matches('='))?),
        None => {
            let a = number(text)?;
            Ok(a..=a)
        }
    }
}

fn seat_tournament(db: Option<&str>, tournament: i64, args: &SeatArgs) -> anyhow::Result<()> {
    if args.by_standings {
        return seat_by_standings(db, tournament, args);
    }
    if let Some(file) = &args.import {
        return import_plan(db, tournament, file);
    }
    let range = args.sessions.as_deref().map(session_range).transpose()?;
    let mut desk = super::open_existing(db)?;
    let by = super::referee(&desk);
    let start = Instant::now();
    let outcome = desk.seat_sessions(tournament, range, args.weights(true), &by)?;
    let seconds = start.elapsed().as_secs_f64();
    let tables = named_tables(&desk, tournament, outcome.sessions.clone())?;
    let mut output = json!({
        "tournament": tournament,
        "first_session": outcome.sessions.start(),
        "sessions": tables,
    });
    if let Some(quality) = &outcome.report {
        output["report"] = quality_json(quality, seconds);
    }
    say!("{}", serde_json::to_string(&output)?);
    Ok(())
}

/// Most bytes a plan file may have (400 players × 40 sessions of rows are about 1 MB).
const MAX_PLAN_FILE: usize = 16 << 20;

/// `--import FILE`: a plan file checked whole; every problem is printed, and nothing is saved when any is.
fn import_plan(db: Option<&str>, tournament: i64, file: &Path) -> anyhow::Result<()> {
    let text = super::input::read_all(&mut *super::input::open(Some(file))?, MAX_PLAN_FILE)
        .with_context(|| file.display().to_string())?;
    let mut desk = super::open_existing(db)?;
    let preview = desk.preview_seating_import(tournament, &text)?;
    if !preview.problems.is_empty() {
        let problems: Vec<String> = preview.problems.iter().map(ToString::to_string).collect();
        bail!(msg!("cli.nothing_imported", file = file.display(), problems = problems.join("; ")));
    }
    let by = super::referee(&desk);
    let start = Instant::now();
    let outcome = desk.import_seating(tournament, &text, &by)?;
    let seconds = start.elapsed().as_secs_f64();
    let mut output = json!({
        "tournament": tournament,
        "first_session": outcome.sessions.start(),
        "last_session": outcome.sessions.end(),
    });
    if let Some(quality) = &outcome.report {
        output["report"] = quality_json(quality, seconds);
    }
    say!("{}", serde_json::to_string(&output)?);
    Ok(())
}

/// `--by-standings`: one session from the standings, with what could not be parted.
fn seat_by_standings(db: Option<&str>, tournament: i64, args: &SeatArgs) -> anyhow::Result<()> {
    let text = args.sessions.as_deref().unwrap_or_default();
    let range = session_range(text)?;
    if range.start() != range.end() {
        bail!(msg!("cli.standings_one_session", text = text));
    }
    let mut desk = super::open_existing(db)?;
    let by = super::referee(&desk);
    let start = Instant::now();
    let outcome = desk.seat_by_standings(tournament, *range.start(), &by)?;
    let seconds = start.elapsed().as_secs_f64();
    let tables = named_tables(&desk, tournament, outcome.session..=outcome.session)?.concat();
    let mut output = json!({
        "tournament": tournament,
        "session": outcome.session,
        "tables": tables,
        "repeats": outcome.repeats.iter().map(|(a, b, times)| json!({"players": [a, b], "met_before": times})).collect::<Vec<_>>(),
        "moved": outcome.moved.iter().map(|(p, from, to)| json!({"player": p, "table_by_rank": from, "table": to})).collect::<Vec<_>>(),
    });
    if let Some(quality) = &outcome.report {
        output["report"] = quality_json(quality, seconds);
    }
    say!("{}", serde_json::to_string(&output)?);
    Ok(())
}

/// The stored tables of `sessions`, each its players' names by seat, session by session.
fn named_tables(
    desk: &crate::desk::Desk,
    tournament: i64,
    sessions: std::ops::RangeInclusive<u32>,
) -> anyhow::Result<Vec<Vec<Vec<String>>>> {
    let players = desk.players(tournament)?;
    let name = |id: i64| players.iter().find(|p| p.id == id).map(|p| p.data.name.clone()).unwrap_or_default();
    let seating = desk.seating(tournament)?;
    Ok(sessions
        .map(|s| {
            seating.iter().filter(|t| t.session == s).map(|t| t.players.iter().map(|&p| name(p)).collect()).collect()
        })
        .collect())
}

fn quality_json(quality: &Quality, seconds: f64) -> serde_json::Value {
    match quality {
        Quality::Four(report) => report_json(report, seconds),
        Quality::AnySize(report) => plan_report_json(report, seconds),
    }
}

fn plan_report_json(quality: &crate::seating::PlanReport, seconds: f64) -> serde_json::Value {
    json!({
        "repeat_meetings": quality.repeat_meetings,
        "lower_bound": quality.lower_bound,
        "above_bound": AboveBound::of(quality.repeat_meetings, quality.lower_bound),
        "max_first_deal_deviation": quality.max_first_deal_deviation,
        "same_club_meetings": quality.same_club_meetings,
        "same_country_meetings": quality.same_country_meetings,
        "same_team_meetings": quality.same_team_meetings,
        "max_same_table": quality.max_same_table,
        "repeated_pairs": quality.repeated_pairs,
        "clubs": quality.clubs,
        "table_sizes": quality.table_sizes,
        "seconds": seconds,
    })
}

fn report_json(quality: &crate::seating::Report, seconds: f64) -> serde_json::Value {
    json!({
        "repeat_meetings": quality.repeat_meetings,
        "lower_bound": quality.lower_bound,
        "above_bound": AboveBound::of(quality.repeat_meetings, quality.lower_bound),
        "max_wind_deviation": quality.max_wind_deviation,
        "same_club_meetings": quality.same_club_meetings,
        "same_country_meetings": quality.same_country_meetings,
        "same_team_meetings": quality.same_team_meetings,
        "max_same_table": quality.max_same_table,
        "repeated_pairs": quality.repeated_pairs,
        "clubs": quality.clubs,
        "seconds": seconds,
    })
}

fn seat(args: &SeatArgs) -> anyhow::Result<()> {
    let named = args.clubs.is_some();
    let sessions = session_count(args.sessions.as_deref())?;
    if !(2..=4).contains(&args.table_size) {
        bail!(msg!("cli.table_size", size = args.table_size));
    }
    let fewest = if args.table_size == 4 { 4 } else { 2 };
    let players = match args.players {
        Some(n) if !(fewest as u64..=MAX_PLAYERS as u64).contains(&n) => {
            bail!(msg!("cli.schedule_players", n = n, fewest = fewest, max = MAX_PLAYERS))
        }
        other => other.map(|n| n as usize),
    };
    let entrants = match (&args.clubs, players) {
        (Some(file), players) => {
            let entrants = read_entrants(file)?;
            if let Some(n) = players.filter(|&n| n != entrants.len()) {
                bail!(msg!("cli.players_mismatch", n = n, file = file.display(), listed = entrants.len()));
            }
            entrants
        }
        (None, Some(n)) => SeatingRequest::numbered(n, 1, 0).entrants,
        (None, None) => bail!(msg!("cli.give_players")),
    };
    let weights = args.weights(false);
    let request = SeatingRequest {
        entrants,
        sessions,
        seed: args.seed,
        club_weight: weights.club,
        country_weight: weights.country,
        team_weight: weights.team,
    };
    if args.table_size != 4 {
        return seat_any_size(&request, args.table_size, named);
    }
    let start = Instant::now();
    let schedule = generate(&request)?;
    let seconds = start.elapsed().as_secs_f64();
    let quality = report(&schedule, &request.entrants)?;
    let sessions = if named {
        json!(
            schedule
                .sessions
                .iter()
                .map(|s| s.iter().map(|t| t.map(|p| request.entrants[p].name.clone())).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        )
    } else {
        json!(schedule.sessions)
    };
    let output = json!({ "sessions": sessions, "report": report_json(&quality, seconds) });
    say!("{}", serde_json::to_string(&output)?);
    Ok(())
}

/// A plan at tables of two or three (three with tables of two where the count requires), with its report.
fn seat_any_size(request: &SeatingRequest, size: usize, named: bool) -> anyhow::Result<()> {
    let sizes = TableSizes { max: size, min: 2 };
    let start = Instant::now();
    let plan = seat_plan(request, sizes, &[])?;
    let seconds = start.elapsed().as_secs_f64();
    let quality = plan_report(&plan, &request.entrants)?;
    let sessions = if named {
        json!(
            plan.iter()
                .map(|s| s.iter().map(|t| t.iter().map(|&p| request.entrants[p].name.clone()).collect()).collect())
                .collect::<Vec<Vec<Vec<String>>>>()
        )
    } else {
        json!(plan)
    };
    let output = json!({ "sessions": sessions, "report": plan_report_json(&quality, seconds) });
    say!("{}", serde_json::to_string(&output)?);
    Ok(())
}

/// Reads `name,club,country[,team]` rows; every bad row is reported with its line, and nothing is used on error.
fn read_entrants(file: &Path) -> anyhow::Result<Vec<Entrant>> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_path(file)
        .with_context(|| msg!("cli.cannot_read", path = file.display()))?;
    let headers = reader.headers().with_context(|| msg!("cli.no_header", file = file.display()))?.clone();
    let column = |name: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(name));
    let Some(name_col) = column("name") else {
        bail!(msg!("cli.no_name_column", file = file.display()));
    };
    let (club_col, country_col, team_col) = (column("club"), column("country"), column("team"));
    let mut entrants: Vec<Entrant> = Vec::new();
    let mut errors = Vec::new();
    for (k, row) in reader.records().enumerate() {
        let line = k + 2;
        let row = match row {
            Ok(row) => row,
            Err(e) => {
                errors.push(msg!("cli.at_line", line = line, why = e).to_string());
                continue;
            }
        };
        let field = |c: Option<usize>| c.and_then(|c| row.get(c)).filter(|v| !v.is_empty()).map(str::to_owned);
        let Some(name) = field(Some(name_col)) else {
            errors.push(msg!("cli.empty_name", line = line).to_string());
            continue;
        };
        let fields = [
            (msg!("field.name"), Some(name_col)),
            (msg!("field.club"), club_col),
            (msg!("field.country"), country_col),
            (msg!("field.team"), team_col),
        ];
        if let Some(problem) = fields.into_iter().find_map(|(label, c)| {
            crate::tournament::registration::control_character(label, &field(c).unwrap_or_default())
        }) {
            errors.push(msg!("cli.at_line", line = line, why = problem).to_string());
            continue;
        }
        if entrants.iter().any(|e| e.name == name) {
            errors.push(msg!("cli.listed_twice", line = line, name = name).to_string());
            continue;
        }
        if entrants.len() == MAX_PLAYERS {
            bail!(msg!("cli.too_many_entrants", file = file.display(), max = MAX_PLAYERS));
        }
        entrants.push(Entrant {
            name,
            club: field(club_col),
            country: field(country_col),
            team: field(team_col),
            substitute: false,
        });
    }
    if !errors.is_empty() {
        bail!("{}: {}", file.display(), errors.join("; "));
    }
    Ok(entrants)
}
