//! Reading a seating plan from a CSV file (a federation's plan, a best-known published table): columns
//! `session`, `table`, `seat`, `player`, the player by registration number or by name. The file is checked
//! whole before anything is saved: numbers in range, every seat once, players known and active, every
//! active player once per session, table sizes the rules seat, the sessions one run. Every problem is
//! reported with its line (or its session), not only the first.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::Id;
use super::registration::{checked_rows, csv_with_columns};
use crate::message::Message;
use crate::msg;
use crate::seating::{MAX_PLAYERS, MAX_SESSIONS, TableSizes};

/// The columns of a plan file, all required.
pub const PLAN_COLUMNS: [&str; 4] = ["session", "table", "seat", "player"];

/// Most rows a plan file may have (every player in every session), checked before anything is kept.
const MAX_ROWS: usize = MAX_PLAYERS * MAX_SESSIONS;

/// A registered player as a plan file may name them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanPlayer {
    /// Database id.
    pub id: Id,
    /// Name (matched without regard to case).
    pub name: String,
    /// Registration number (matched first, without regard to case), may be empty.
    pub federation_id: String,
    /// A withdrawn player cannot be seated.
    pub withdrawn: bool,
}

/// A plan read from a file: sessions `first…`, each its tables by number, each its players by seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedPlan {
    /// The first session the file seats.
    pub first: u32,
    /// `sessions[s][t][k]` = the player at seat k+1 of table t+1 in session `first + s`.
    pub sessions: Vec<Vec<Vec<Id>>>,
}

/// One row, as far as it could be read.
struct Row {
    line: usize,
    session: u32,
    table: u32,
    seat: u32,
    player: Id,
}

/// Reads and checks a plan file for a tournament of `sessions` sessions whose rules seat `sizes`.
pub fn parse_plan_csv(
    text: &str,
    players: &[PlanPlayer],
    sessions: u32,
    sizes: TableSizes,
) -> Result<ImportedPlan, Vec<Message>> {
    let (mut reader, index) = csv_with_columns(text, &PLAN_COLUMNS).map_err(|e| vec![e])?;
    if let Some(missing) = PLAN_COLUMNS.iter().zip(index).find_map(|(name, i)| i.is_none().then_some(*name)) {
        return Err(vec![msg!("error.plan_import.no_column", column = missing)]);
    }
    let roster = Roster::of(players);
    let mut problems = Vec::new();
    let mut rows = Vec::new();
    for (i, (line, record)) in checked_rows(&mut reader, text).enumerate() {
        if i >= MAX_ROWS {
            return Err(vec![msg!("error.plan_import.too_long", max = MAX_ROWS)]);
        }
        let record = match record {
            Ok(record) => record,
            Err(why) => {
                problems.push(at(line, why));
                continue;
            }
        };
        let field = |c: usize| index[c].and_then(|i| record.get(i)).unwrap_or("").trim();
        let number = |c: usize, max: u32| -> Result<u32, Message> {
            let text = field(c);
            text.parse::<u32>().ok().filter(|n| (1..=max).contains(n)).ok_or_else(|| {
                msg!("error.plan_import.number", value = text, max = max).arg_message("field", column_name(c))
            })
        };
        let parsed = (|| {
            let session = number(0, sessions)?;
            let table = number(1, MAX_PLAYERS as u32)?;
            let seat = number(2, sizes.max as u32)?;
            let player = roster.find(field(3))?;
            Ok::<_, Message>(Row { line, session, table, seat, player })
        })();
        match parsed {
            Ok(row) => rows.push(row),
            Err(why) => problems.push(at(line, why)),
        }
    }
    if rows.is_empty() && problems.is_empty() {
        return Err(vec![msg!("error.plan_import.empty")]);
    }
    let by_session = check_seats(&rows, players, &mut problems);
    let plan = check_sessions(by_session, players, sizes, &mut problems);
    if problems.is_empty()
        && let Some(plan) = plan
    {
        return Ok(plan);
    }
    Err(problems)
}

/// A problem at a line of the file.
fn at(line: usize, why: Message) -> Message {
    msg!("error.plan_import.at_line", line = line).arg_message("why", why)
}

/// The column's name in the referee's language.
fn column_name(column: usize) -> Message {
    match column {
        0 => msg!("field.session"),
        1 => msg!("field.table"),
        _ => msg!("field.seat"),
    }
}

/// The registered players by registration number and by name (both without regard to case), built once for
/// the whole file.
struct Roster<'a> {
    by_number: HashMap<String, Vec<&'a PlanPlayer>>,
    by_name: HashMap<String, Vec<&'a PlanPlayer>>,
}

impl<'a> Roster<'a> {
    fn of(players: &'a [PlanPlayer]) -> Roster<'a> {
        let mut roster = Roster { by_number: HashMap::new(), by_name: HashMap::new() };
        for p in players {
            if !p.federation_id.is_empty() {
                roster.by_number.entry(p.federation_id.to_lowercase()).or_default().push(p);
            }
            roster.by_name.entry(super::name_key(&p.name)).or_default().push(p);
        }
        roster
    }

    /// A player by registration number, or else by name; a name two players share must be given by number.
    fn find(&self, token: &str) -> Result<Id, Message> {
        if token.is_empty() {
            return Err(msg!("error.plan_import.no_player"));
        }
        let lower = token.to_lowercase();
        let found = self.by_number.get(&lower).or_else(|| self.by_name.get(&super::name_key(token)));
        match found.map(Vec::as_slice).unwrap_or_default() {
            [] => Err(msg!("error.plan_import.unknown_player", player = token)),
            [one] if one.withdrawn => Err(msg!("error.plan_import.withdrawn", player = one.name)),
            [one] => Ok(one.id),
            _ => Err(msg!("error.plan_import.ambiguous", player = token)),
        }
    }
}

/// Session → table → seat → (player, line); a seat given twice or a player seated twice in a session is a
/// problem of the line that repeats it.
type Sessions = BTreeMap<u32, BTreeMap<u32, BTreeMap<u32, Id>>>;

fn check_seats(rows: &[Row], players: &[PlanPlayer], problems: &mut Vec<Message>) -> Sessions {
    let name = |id: Id| players.iter().find(|p| p.id == id).map(|p| p.name.clone()).unwrap_or_default();
    let mut sessions: Sessions = BTreeMap::new();
    let mut where_seated: HashMap<(u32, Id), usize> = HashMap::new();
    for row in rows {
        if let Some(first) = where_seated.insert((row.session, row.player), row.line) {
            let why =
                msg!("error.plan_import.player_twice", player = name(row.player), session = row.session, line = first);
            problems.push(at(row.line, why));
            continue;
        }
        let seats = sessions.entry(row.session).or_default().entry(row.table).or_default();
        if seats.insert(row.seat, row.player).is_some() {
            let why = msg!("error.plan_import.seat_twice", session = row.session, table = row.table, seat = row.seat);
            problems.push(at(row.line, why));
        }
    }
    sessions
}

/// Every session: tables numbered 1…T with seats 1…k, the sizes the rules seat, every active player once;
/// and the sessions one run. The plan, when nothing is wrong.
fn check_sessions(
    sessions: Sessions,
    players: &[PlanPlayer],
    sizes: TableSizes,
    problems: &mut Vec<Message>,
) -> Option<ImportedPlan> {
    let active: Vec<&PlanPlayer> = players.iter().filter(|p| !p.withdrawn).collect();
    let layout = sizes.layout(active.len());
    let first = *sessions.keys().next()?;
    let mut plan = Vec::new();
    for (expected, (&session, tables)) in (first..).zip(&sessions) {
        if session != expected {
            problems.push(msg!("error.plan_import.session_gap", first = first, session = session, missing = expected));
            return None;
        }
        let mut seated: Vec<Vec<Id>> = Vec::new();
        for (expected_table, (&table, seats)) in (1..).zip(tables) {
            if table != expected_table {
                problems.push(msg!("error.plan_import.table_gap", session = session, table = expected_table));
                break;
            }
            if let Some(seat) = (1..).zip(seats.keys()).find_map(|(k, &s)| (k != s).then_some(k)) {
                problems.push(msg!("error.plan_import.seat_gap", session = session, table = table, seat = seat));
            }
            seated.push(seats.values().copied().collect());
        }
        let here: HashSet<Id> = seated.iter().flatten().copied().collect();
        for player in &active {
            if !here.contains(&player.id) {
                problems.push(msg!("error.plan_import.missing", session = session, player = player.name));
            }
        }
        let mut got: Vec<usize> = seated.iter().map(Vec::len).collect();
        got.sort_unstable_by(|a, b| b.cmp(a));
        if let Some(layout) = &layout
            && got != *layout
        {
            let tables = seated.len();
            problems.push(msg!(
                "error.plan_import.sizes",
                session = session,
                tables = tables,
                players = got.iter().sum::<usize>(),
                size = sizes.max
            ));
        }
        plan.push(seated);
    }
    if layout.is_none() {
        problems.push(msg!("error.plan_import.no_layout", players = active.len(), size = sizes.max));
    }
    Some(ImportedPlan { first, sessions: plan })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(n: usize) -> Vec<PlanPlayer> {
        (0..n)
            .map(|i| PlanPlayer {
                id: 100 + i as Id,
                name: format!("Giocatore {i}"),
                federation_id: format!("FIMJ-{i:03}"),
                withdrawn: false,
            })
            .collect()
    }

    /// Eight players over `sessions` sessions, by name in session 1 and by number after.
    fn file(sessions: u32) -> String {
        let mut text = String::from("session,table,seat,player\n");
        for s in 1..=sessions {
            for p in 0..8u32 {
                let (table, seat) = ((p + s - 1) % 8 / 4 + 1, p % 4 + 1);
                let player = if s == 1 { format!("giocatore {p}") } else { format!("fimj-{p:03}") };
                text.push_str(&format!("{s},{table},{seat},{player}\n"));
            }
        }
        text
    }

    fn problems(text: &str) -> Vec<String> {
        let said = parse_plan_csv(text, &players(8), 3, TableSizes::exactly(4)).expect_err("refused");
        said.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_whole_plan_is_read_by_name_and_by_number() {
        let plan = parse_plan_csv(&file(2), &players(8), 3, TableSizes::exactly(4)).expect("read");
        assert_eq!(plan.first, 1);
        assert_eq!(plan.sessions[0], vec![vec![100, 101, 102, 103], vec![104, 105, 106, 107]]);
        assert_eq!(plan.sessions[1], vec![vec![100, 101, 102, 107], vec![104, 105, 106, 103]]);
    }

    #[test]
    fn a_name_is_found_however_its_accent_was_typed() {
        let mut roster = players(4);
        roster[0].name = "Ànna".into();
        let text =
            "session,table,seat,player\n1,1,1,A\u{300}NNA\n1,1,2,Giocatore 1\n1,1,3,Giocatore 2\n1,1,4,Giocatore 3\n";
        let plan = parse_plan_csv(text, &roster, 1, TableSizes::exactly(4)).expect("read");
        assert_eq!(plan.sessions[0], vec![vec![100, 101, 102, 103]]);
    }

    #[test]
    fn bad_values_are_each_named_with_their_line() {
        let text =
            "session,table,seat,player\n4,1,1,Giocatore 0\n1,x,1,Giocatore 1\n1,1,5,Giocatore 2\n1,1,1,Nessuno\n";
        let said = problems(text);
        assert!(said[0].starts_with("Line 2: Session: “4” is not a number from 1 to 3"), "{said:?}");
        assert!(said[1].starts_with("Line 3: Table: “x”"), "{said:?}");
        assert!(said[2].starts_with("Line 4: Seat: “5” is not a number from 1 to 4"), "{said:?}");
        assert!(said[3].starts_with("Line 5: no player is registered as “Nessuno”"), "{said:?}");
    }

    #[test]
    fn everyone_once_per_session_and_every_seat_once() {
        let mut text = file(1);
        text.push_str("1,2,4,Giocatore 0\n");
        let said = problems(&text);
        assert!(said.iter().any(|s| s.contains("Giocatore 0 is already seated in session 1 (line 2)")), "{said:?}");
        let text = file(1).replace("1,2,4,giocatore 7\n", "");
        let said = problems(&text);
        assert!(said.iter().any(|s| s.contains("Session 1: Giocatore 7 is not seated")), "{said:?}");
        let text = file(1).replace("1,2,4,giocatore 7", "1,2,3,giocatore 7");
        let said = problems(&text);
        assert!(said.iter().any(|s| s.contains("session 1, table 2, seat 3 is given twice")), "{said:?}");
    }

    #[test]
    fn table_sizes_withdrawn_players_and_gaps_are_refused() {
        let mut withdrawn = players(8);
        withdrawn[7].withdrawn = true;
        let said = parse_plan_csv(&file(1), &withdrawn, 3, TableSizes::exactly(4)).expect_err("refused");
        assert!(said[0].to_string().contains("Giocatore 7 has withdrawn"), "{said:?}");
        let text = file(3).lines().filter(|l| !l.starts_with("2,")).collect::<Vec<_>>().join("\n");
        let said = problems(&text);
        assert!(said[0].contains("session 2 is missing"), "{said:?}");
        let text = file(1).replace(",2,", ",3,");
        let said = problems(&text);
        assert!(said.iter().any(|s| s.contains("Session 1: table 2 is missing")), "{said:?}");
    }

    #[test]
    fn a_bad_header_or_an_empty_file_is_refused() {
        assert!(problems("session,table,seat\n1,1,1\n")[0].contains("player"));
        assert!(problems("sessione,table,seat,player\n")[0].contains("sessione"));
        assert!(problems("session,table,seat,player\n")[0].contains("no row"));
    }
}
