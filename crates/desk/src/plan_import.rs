//! Importing a seating plan from a file (a federation's plan, a best-known published table): read and checked
//! whole by the core, refused for sessions with results or after a session not yet seated, saved all or none
//! in one transaction, with the quality report of the plan it makes.

use super::{DeskError, DeskResult};
use crate::message::Message;
use crate::msg;
use crate::seating::Quality;
use crate::seats::{SeatingOutcome, gap_before, stored_report, tables_quality};
use crate::store::{Player, SeatedTable, Store};
use crate::tournament::{Id, ImportedPlan, PlanPlayer, parse_plan_csv};

/// What importing a file would do: the sessions it seats and the quality of the whole plan afterwards, or
/// every problem that stops it.
#[derive(Clone, Debug)]
pub struct PlanPreview {
    /// The sessions the file seats (empty when it cannot be read).
    pub sessions: Option<std::ops::RangeInclusive<u32>>,
    /// Every problem, each naming its line, session, table or player; the import is possible when empty.
    pub problems: Vec<Message>,
    /// The quality report of the tournament's plan with the file's sessions in place.
    pub report: Option<Quality>,
}

/// Reads `text` as a plan for `tournament` and says what importing it would do; nothing is written.
pub fn preview_seating_import(store: &Store, tournament: Id, text: &str) -> DeskResult<PlanPreview> {
    let checked = checked(store, tournament, text)?;
    let Some(plan) = checked.plan.as_ref().filter(|_| checked.problems.is_empty()) else {
        return Ok(PlanPreview { sessions: None, problems: checked.problems, report: None });
    };
    let report = quality_with(&checked, tournament, plan)?;
    Ok(PlanPreview { sessions: Some(range(plan)), problems: Vec::new(), report: Some(report) })
}

/// Imports the plan in `text` for its sessions, all or none; refused with the first problem (and how many
/// there are) when the file has any.
pub fn import_seating(store: &mut Store, tournament: Id, text: &str, referee: &str) -> DeskResult<SeatingOutcome> {
    let Checked { plan, problems, .. } = checked(store, tournament, text)?;
    let Some(plan) = plan.filter(|_| problems.is_empty()) else {
        let first = problems.first().cloned().unwrap_or_else(|| msg!("error.plan_import.empty"));
        return Err(DeskError::Refused(
            msg!("error.plan_import.refused", n = problems.len()).arg_message("first", first),
        ));
    };
    crate::seats::save_seated(store, tournament, plan.first, &plan.sessions, referee)?;
    Ok(SeatingOutcome { sessions: range(&plan), report: stored_report(store, tournament)? })
}

fn range(plan: &ImportedPlan) -> std::ops::RangeInclusive<u32> {
    plan.first..=plan.first + plan.sessions.len() as u32 - 1
}

/// A file read against the stored tournament, with what was read of it.
struct Checked {
    plan: Option<ImportedPlan>,
    problems: Vec<Message>,
    players: Vec<Player>,
    tables: Vec<SeatedTable>,
}

/// The file read by the core, then checked against the stored tournament: no session with results, none after
/// a session not yet seated.
fn checked(store: &Store, tournament: Id, text: &str) -> DeskResult<Checked> {
    let settings = store.tournament(tournament)?.settings;
    let players = store.players(tournament)?;
    let roster: Vec<PlanPlayer> = players
        .iter()
        .map(|p| PlanPlayer {
            id: p.id,
            name: p.data.name.clone(),
            federation_id: p.data.federation_id.clone(),
            withdrawn: p.data.withdrawn,
        })
        .collect();
    let sizes = settings.table_sizes();
    let tables = store.seating(tournament)?;
    let plan = match parse_plan_csv(text, &roster, settings.sessions, sizes) {
        Ok(plan) => plan,
        Err(problems) => return Ok(Checked { plan: None, problems, players, tables }),
    };
    let counts = store.manche_counts(tournament)?;
    let mut problems = Vec::new();
    for session in range(&plan) {
        if tables.iter().any(|t| t.session == session && counts.contains_key(&t.id)) {
            problems.push(msg!("error.plan_import.played", session = session));
        }
    }
    problems.extend(gap_before(&tables, plan.first));
    Ok(Checked { plan: Some(plan), problems, players, tables })
}

/// The quality of the stored plan with the imported sessions in place of the stored ones.
fn quality_with(checked: &Checked, tournament: Id, plan: &ImportedPlan) -> DeskResult<Quality> {
    let sessions = range(plan);
    let mut tables: Vec<SeatedTable> =
        checked.tables.iter().filter(|t| !sessions.contains(&t.session)).cloned().collect();
    for (session, seated) in sessions.zip(&plan.sessions) {
        for (t, players) in seated.iter().enumerate() {
            tables.push(SeatedTable {
                id: 0,
                tournament,
                session,
                number: t as u32 + 1,
                start_round_wind: crate::tiles::Wind::East,
                players: players.clone(),
            });
        }
    }
    tables.sort_by_key(|t| (t.session, t.number));
    tables_quality(&tables, &checked.players)
}
