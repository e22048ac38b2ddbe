//! `/standings.json` and `/seating.json`: the pages' data for scripts and the hall's projector, the same in both
//! languages (seats by their letter: `E`, or `1` where the ruleset has no winds).

use serde::Serialize;

use crate::feed::Published;
use crate::view::{Progress, Standing};

#[derive(Serialize)]
struct Head<'a> {
    tournament: Option<i64>,
    name: Option<&'a str>,
    /// When the data were read (RFC 3339), absent before the first read.
    read_at: Option<String>,
    /// Whether the database answers now (the data are the last good ones when it does not).
    database_ok: bool,
    generation: u64,
}

fn head(published: &Published) -> Head<'_> {
    let view = published.view.as_deref();
    Head {
        tournament: view.map(|v| v.tournament),
        name: view.map(|v| v.name.as_str()),
        read_at: published.read_at.map(|t| t.to_rfc3339()),
        database_ok: published.trouble.is_none(),
        generation: published.generation,
    }
}

/// The standings as JSON.
pub fn standings(published: &Published) -> Result<Vec<u8>, serde_json::Error> {
    #[derive(Serialize)]
    struct Doc<'a> {
        #[serde(flatten)]
        head: Head<'a>,
        progress: Option<Progress>,
        #[serde(rename = "final")]
        is_final: bool,
        provisional: bool,
        standings: Vec<Row<'a>>,
    }
    #[derive(Serialize)]
    struct Row<'a> {
        #[serde(flatten)]
        standing: &'a Standing,
        /// Placement points with two decimals, as printed (absent when they do not rank).
        placement: Option<String>,
    }
    let view = published.view.as_deref();
    let progress = view.map(|v| v.progress);
    let rows = view.map_or_else(Vec::new, |v| {
        v.standings
            .iter()
            .map(|standing| Row { standing, placement: v.placement.then(|| standing.placement_text()) })
            .collect()
    });
    serde_json::to_vec_pretty(&Doc {
        head: head(published),
        progress,
        is_final: progress.is_some_and(|p| p.is_final()),
        provisional: progress.is_some_and(|p| p.is_provisional()),
        standings: rows,
    })
}

/// The session shown on `/seating`, as JSON.
pub fn seating(published: &Published) -> Result<Vec<u8>, serde_json::Error> {
    #[derive(Serialize)]
    struct Doc<'a> {
        #[serde(flatten)]
        head: Head<'a>,
        session: Option<u32>,
        tables: Vec<Table<'a>>,
    }
    #[derive(Serialize)]
    struct Table<'a> {
        number: u32,
        seats: Vec<Seat<'a>>,
    }
    #[derive(Serialize)]
    struct Seat<'a> {
        seat: String,
        player: i64,
        name: &'a str,
    }
    let seating = published.view.as_deref().and_then(|v| v.seating.as_ref());
    let tables = seating.map_or_else(Vec::new, |s| {
        s.tables
            .iter()
            .map(|t| Table {
                number: t.number,
                seats: t
                    .seats
                    .iter()
                    .map(|seat| Seat { seat: seat.label.letter(), player: seat.player, name: &seat.name })
                    .collect(),
            })
            .collect()
    });
    serde_json::to_vec_pretty(&Doc { head: head(published), session: seating.map(|s| s.session), tables })
}
