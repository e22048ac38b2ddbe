//! `stecca seat --players N --sessions R [--seed S] [--clubs FILE.csv]`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use serde_json::json;

use super::EXIT_INVALID;
use crate::seating::{Entrant, SeatingRequest, generate, report};

/// Arguments of `stecca seat`.
#[derive(Debug, clap::Args)]
pub struct SeatArgs {
    /// Number of players (numbered 0…N−1); may be left out with --clubs.
    #[arg(long)]
    pub players: Option<usize>,
    /// Number of sessions.
    #[arg(long)]
    pub sessions: usize,
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
}

/// Runs `stecca seat`.
pub fn run(args: &SeatArgs) -> ExitCode {
    match seat(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("stecca seat: {error:#}");
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn seat(args: &SeatArgs) -> anyhow::Result<()> {
    let named = args.clubs.is_some();
    let entrants = match (&args.clubs, args.players) {
        (Some(file), players) => {
            let entrants = read_entrants(file)?;
            if let Some(n) = players.filter(|&n| n != entrants.len()) {
                bail!("--players {n} but {} lists {} players", file.display(), entrants.len());
            }
            entrants
        }
        (None, Some(n)) => SeatingRequest::numbered(n, 1, 0).entrants,
        (None, None) => bail!("give --players N, or --clubs FILE.csv"),
    };
    let request = SeatingRequest {
        entrants,
        sessions: args.sessions,
        seed: args.seed,
        club_weight: args.club_weight,
        country_weight: args.country_weight,
    };
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
    let output = json!({
        "sessions": sessions,
        "report": {
            "repeat_meetings": quality.repeat_meetings,
            "lower_bound": quality.lower_bound,
            "max_wind_deviation": quality.max_wind_deviation,
            "same_club_meetings": quality.same_club_meetings,
            "same_country_meetings": quality.same_country_meetings,
            "max_same_table": quality.max_same_table,
            "repeated_pairs": quality.repeated_pairs,
            "clubs": quality.clubs,
            "seconds": seconds,
        }
    });
    println!("{}", serde_json::to_string(&output)?);
    Ok(())
}

/// Reads `name,club,country` rows; every bad row is reported with its line, and nothing is used on error.
fn read_entrants(file: &Path) -> anyhow::Result<Vec<Entrant>> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_path(file)
        .with_context(|| format!("cannot read {}", file.display()))?;
    let headers = reader.headers().with_context(|| format!("{}: no header row", file.display()))?.clone();
    let column = |name: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(name));
    let Some(name_col) = column("name") else {
        bail!("{}: the header has no `name` column (expected name,club,country)", file.display());
    };
    let (club_col, country_col) = (column("club"), column("country"));
    let mut entrants: Vec<Entrant> = Vec::new();
    let mut errors = Vec::new();
    for (k, row) in reader.records().enumerate() {
        let line = k + 2;
        let row = match row {
            Ok(row) => row,
            Err(e) => {
                errors.push(format!("line {line}: {e}"));
                continue;
            }
        };
        let field = |c: Option<usize>| c.and_then(|c| row.get(c)).filter(|v| !v.is_empty()).map(str::to_owned);
        let Some(name) = field(Some(name_col)) else {
            errors.push(format!("line {line}: the name is empty"));
            continue;
        };
        if entrants.iter().any(|e| e.name == name) {
            errors.push(format!("line {line}: {name} is listed twice"));
            continue;
        }
        entrants.push(Entrant { name, club: field(club_col), country: field(country_col), substitute: false });
    }
    if !errors.is_empty() {
        bail!("{}: {}", file.display(), errors.join("; "));
    }
    Ok(entrants)
}
