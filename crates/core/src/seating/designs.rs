//! Repeat-free designs shipped whole, every table of every session, for the cells no cyclic base reaches.
//!
//! One line per design: `players sessions: a b c d | a b c d | … || …`, sessions separated by `||`, tables by
//! `|`. The 32 × 10 design comes from `examples/find_xor_design.rs`: it is invariant under XOR-ing the low
//! three bits of every player, and each player never meets exactly one other (its number XOR 1) — ten sessions
//! of three new opponents cover the other 30. The 56 × 18 design, found offline by a SAT solver (the file says
//! how), leaves the same pairs unmet: 18 sessions cover the other 54.
//!
//! `assets/seating/coverings.txt` uses the same line format for schedules one session past the maximum (24 × 8,
//! 36 × 12, 48 × 16) where every pair meets and each player meets one other twice (the file says how each was
//! built).

use super::{plan::Plan, search::Group};

/// A whole schedule shipped as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Design {
    /// Players 0‥N−1.
    pub players: usize,
    /// Every session's tables.
    pub sessions: Vec<Vec<Group>>,
}

/// The data lines of a shipped file (comments and blank lines skipped).
pub fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

/// A shipped line's head — exactly two numbers before the colon (players, then sessions or the group's order)
/// — and the body after it; `None` for any other head.
pub fn split_head(line: &str) -> Option<(usize, usize, &str)> {
    let (head, body) = line.split_once(':')?;
    let mut head = head.split_whitespace().map(str::parse::<usize>);
    let (first, second) = (head.next()?.ok()?, head.next()?.ok()?);
    head.next().is_none().then_some((first, second, body))
}

impl Design {
    /// Reads [`Design::to_line`]'s format; `None` for anything malformed (wrong counts, a number out of range,
    /// a player seated twice in a session).
    pub fn parse(line: &str) -> Option<Design> {
        let (players, count, body) = split_head(line)?;
        if players % 4 != 0 {
            return None;
        }
        let sessions = body.split("||").map(|s| parse_session(s, players)).collect::<Option<Vec<_>>>()?;
        (sessions.len() == count).then_some(Design { players, sessions })
    }

    /// One line: `players sessions: a b c d | … || …`.
    pub fn to_line(&self) -> String {
        let sessions: Vec<String> = self
            .sessions
            .iter()
            .map(|session| {
                let tables: Vec<String> =
                    session.iter().map(|t| t.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")).collect();
                tables.join(" | ")
            })
            .collect();
        format!("{} {}: {}", self.players, self.sessions.len(), sessions.join(" || "))
    }
}

/// One session: N/4 tables of four distinct players below N.
fn parse_session(text: &str, players: usize) -> Option<Vec<Group>> {
    let mut seated = vec![false; players];
    let tables = text
        .split('|')
        .map(|table| {
            let seats: Vec<usize> = table.split_whitespace().map(|p| p.parse().ok()).collect::<Option<_>>()?;
            let group: Group = seats.try_into().ok()?;
            for &p in &group {
                if p >= players || std::mem::replace(&mut seated[p], true) {
                    return None;
                }
            }
            Some(group)
        })
        .collect::<Option<Vec<Group>>>()?;
    (tables.len() == players / 4).then_some(tables)
}

/// Repeat-free plans at tables of three shipped whole for the cells the search does not reach in its budget
/// (nearly Kirkman and Kirkman triple systems; `examples/find_triple_designs.rs`).
pub const THREE_PLANS: &str = include_str!("../../assets/seating/designs-three.txt");

/// Every plan of [`THREE_PLANS`], parsed, as (players, plan).
pub fn three_plans() -> impl Iterator<Item = (usize, Plan)> {
    data_lines(THREE_PLANS).filter_map(parse_plan)
}

/// Reads a line of the same format with tables of any one size (the plans for tables of three): the players
/// and the plan; `None` for anything malformed — tables of mixed sizes, a player missing or seated twice in a
/// session, a number out of range, a session count that does not match.
pub fn parse_plan(line: &str) -> Option<(usize, Plan)> {
    let (players, count, body) = split_head(line)?;
    if !(2..=super::MAX_PLAYERS).contains(&players) {
        return None;
    }
    let plan: Plan = body
        .split("||")
        .map(|session| {
            let mut seated = vec![false; players];
            let tables = session
                .split('|')
                .map(|table| {
                    let seats: Vec<usize> = table.split_whitespace().map(|p| p.parse().ok()).collect::<Option<_>>()?;
                    for &p in &seats {
                        if p >= players || std::mem::replace(&mut seated[p], true) {
                            return None;
                        }
                    }
                    Some(seats)
                })
                .collect::<Option<Vec<_>>>()?;
            seated.iter().all(|&s| s).then_some(tables)
        })
        .collect::<Option<_>>()?;
    let size = plan.first()?.first()?.len();
    let uniform = size >= 2 && plan.iter().flatten().all(|table| table.len() == size);
    (uniform && plan.len() == count).then_some((players, plan))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_round_trips() {
        let line = "8 2: 0 1 2 3 | 4 5 6 7 || 0 4 1 5 | 2 6 3 7";
        let design = Design::parse(line).expect("valid");
        assert_eq!(design.sessions[1][1], [2, 6, 3, 7]);
        assert_eq!(design.to_line(), line);
    }

    #[test]
    fn malformed_lines_are_refused() {
        for line in [
            "8 2: 0 1 2 3 | 4 5 6 7", // one session, two announced
            "8 1: 0 1 2 3 | 4 5 6 6", // 6 seated twice
            "8 1: 0 1 2 3 | 4 5 6 8", // 8 is not a player
            "8 1: 0 1 2 3 | 4 5 6",   // a table of three
            "8 1: 0 1 2 3",           // a table missing
            "6 1: 0 1 2 3 | 4 5",     // not tables of four
            "8 x: 0 1 2 3 | 4 5 6 7", // no session count
        ] {
            assert_eq!(Design::parse(line), None, "{line}");
        }
    }

    #[test]
    fn a_plan_of_threes_is_read_and_malformed_ones_refused() {
        let (players, plan) = parse_plan("6 2: 0 1 2 | 3 4 5 || 0 3 1 | 2 4 5").expect("valid");
        assert_eq!(players, 6);
        assert_eq!(plan[1], [vec![0, 3, 1], vec![2, 4, 5]]);
        for line in [
            "6 2: 0 1 2 | 3 4 5", // one session, two announced
            "6 1: 0 1 2 | 3 4",   // 5 missing
            "6 1: 0 1 2 | 3 4 4", // 4 seated twice
            "6 1: 0 1 2 | 3 4 6", // 6 is not a player
            "6 1: 0 1 2 3 | 4 5", // mixed sizes
            "6 1: 0 1 2 | 3 4 x", // not a number
            "1 1: 0",             // nobody to meet
        ] {
            assert_eq!(parse_plan(line), None, "{line}");
        }
    }
}
