//! Offline search for the repeat-free plans at tables of three in `crates/core/assets/seating/designs-three.txt`:
//! `cargo run --release --example find_triple_designs -- PLAYERS SESSIONS [SEED] [BUDGET]`.
//!
//! 27 players × 13 sessions is built, not searched: the 27 points of the affine space AG(3, 3) with its 13
//! parallel classes of lines (each class nine disjoint lines of three points; two points lie on exactly one
//! line). 21 players × 10 sessions is found by a small exact search with a symmetry: players (x, level) for x
//! in Z_7 and three levels; three sessions fixed by x ↦ x + 1 and seven developed from one base session.
//! 24 players × 11 sessions likewise: players (x, level) for x in Z_11, two levels, and two players fixed by
//! the shift; eleven shifts of one base session.
//! The other cells run the whole-plan tabu search of the desk with a far larger budget, seed after
//! seed, until a plan has no repeated meeting.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]
use stecca::seating::{Plan, repeat_free_plan};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (Some(&players), Some(&sessions)) = (args.first(), args.get(1)) else {
        eprintln!("usage: find_triple_designs PLAYERS SESSIONS [SEED] [BUDGET]");
        std::process::exit(2);
    };
    let (players, sessions) = (players as usize, sessions as usize);
    let first_seed = args.get(2).copied().unwrap_or(1);
    let budget = args.get(3).copied().unwrap_or(5_000_000);
    let plan = if players == 27 && sessions <= 13 {
        Some(affine_space().into_iter().take(sessions).collect())
    } else if players == 21 && sessions <= 10 {
        seven_by_three().map(|plan| plan.into_iter().take(sessions).collect())
    } else if players == 24 && sessions <= 11 {
        eleven_by_two_plus_two().map(|plan| plan.into_iter().take(sessions).collect())
    } else {
        (first_seed..first_seed + 50).find_map(|seed| {
            eprintln!("seed {seed}");
            repeat_free_plan(players, sessions, 3, seed, budget)
        })
    };
    let Some(plan) = plan else {
        eprintln!("no repeat-free plan found");
        std::process::exit(1);
    };
    println!("{}", line(players, &plan));
}

/// The 13 parallel classes of AG(3, 3): for each direction d (up to sign), the lines {p, p + d, p + 2d}.
fn affine_space() -> Plan {
    let point = |v: [usize; 3]| v[0] * 9 + v[1] * 3 + v[2];
    let mut directions = Vec::new();
    for code in 1..27usize {
        let d = [code / 9, code / 3 % 3, code % 3];
        // One of d and −d: the first non-zero coordinate is 1.
        if d.iter().find(|&&x| x != 0) == Some(&1) {
            directions.push(d);
        }
    }
    directions
        .iter()
        .map(|d| {
            let mut seen = [false; 27];
            let mut class = Vec::new();
            for p in 0..27 {
                if seen[p] {
                    continue;
                }
                let v = [p / 9, p / 3 % 3, p % 3];
                let line: Vec<usize> = (0..3)
                    .map(|k| point([(v[0] + k * d[0]) % 3, (v[1] + k * d[1]) % 3, (v[2] + k * d[2]) % 3]))
                    .collect();
                for &q in &line {
                    seen[q] = true;
                }
                class.push(line);
            }
            class
        })
        .collect()
}

/// A pair's class: two pairs of one class are moved onto each other by the shift x ↦ x + 1 of the cyclic part,
/// so a base session developed by the shift covers each pair at most once when it uses each class once.
type PairClass = (usize, usize, usize);

/// A Kirkman triple system on 21 players (x, level), x in Z_7, numbered level·7 + x: three sessions
/// {(x,0), (x+a,1), (x+b,2)} fixed by the shift, then one base session whose seven shifts cover the rest.
fn seven_by_three() -> Option<Plan> {
    let at = |x: usize, level: usize| level * 7 + x % 7;
    let shift = |p: usize, k: usize| at(p % 7 + k, p / 7);
    let class = |p: usize, q: usize| -> PairClass {
        let ((x, i), (y, j)) = ((p % 7, p / 7), (q % 7, q / 7));
        let ((x, i), (y, j)) = if i <= j { ((x, i), (y, j)) } else { ((y, j), (x, i)) };
        let d = (y + 7 - x) % 7;
        (i, j, if i == j { d.min(7 - d) } else { d })
    };
    let offsets: Vec<(usize, usize)> = (0..7).flat_map(|a| (0..7).map(move |b| (a, b))).collect();
    for (i, &f1) in offsets.iter().enumerate() {
        for (j, &f2) in offsets.iter().enumerate().skip(i + 1) {
            for &f3 in &offsets[j + 1..] {
                let fixed = [f1, f2, f3];
                let mut used: Vec<PairClass> =
                    fixed.iter().flat_map(|&(a, b)| [(0, 1, a), (0, 2, b), (1, 2, (b + 7 - a) % 7)]).collect();
                let distinct = used.iter().enumerate().all(|(k, c)| !used[..k].contains(c));
                let mut base = Vec::new();
                if distinct && base_session(&mut (0..21).collect(), &mut used, &class, &mut base) {
                    let mut plan = develop(&base, 7, shift);
                    plan.extend(
                        fixed
                            .iter()
                            .map(|&(a, b)| (0..7).map(|x| vec![at(x, 0), at(x + a, 1), at(x + b, 2)]).collect()),
                    );
                    return Some(plan);
                }
            }
        }
    }
    None
}

/// A nearly Kirkman triple system on 24 players: (x, level) for x in Z_11 and two levels, numbered
/// level·11 + x, and two fixed players 22 and 23; eleven shifts of one base session. The pairs never met are
/// 22–23 and one matching (x,0)–(x+d,1), so every player misses exactly one other.
fn eleven_by_two_plus_two() -> Option<Plan> {
    let shift = |p: usize, k: usize| if p >= 22 { p } else { p / 11 * 11 + (p % 11 + k) % 11 };
    let class = |p: usize, q: usize| -> PairClass {
        let (p, q) = (p.min(q), p.max(q));
        match (p >= 22, q >= 22) {
            (true, _) => (3, 0, 0),
            (false, true) => (2, q - 22, p / 11),
            _ => {
                let ((x, i), (y, j)) = ((p % 11, p / 11), (q % 11, q / 11));
                let d = (y + 11 - x) % 11;
                if i == j { (i, 0, d.min(11 - d)) } else { (4, 0, d) }
            }
        }
    };
    (0..11).find_map(|unmet| {
        let mut used = vec![(3, 0, 0), (4, 0, unmet)];
        let mut base = Vec::new();
        // The two fixed players first: their tables are the most constrained.
        let mut left: Vec<usize> = [22, 23].into_iter().chain(0..22).collect();
        base_session(&mut left, &mut used, &class, &mut base).then(|| develop(&base, 11, shift))
    })
}

/// The base session's shifts by 0‥k−1.
fn develop(base: &[Vec<usize>], k: usize, shift: impl Fn(usize, usize) -> usize) -> Plan {
    (0..k).map(|s| base.iter().map(|t| t.iter().map(|&p| shift(p, s)).collect()).collect()).collect()
}

/// Backtracking: seats the first player left with two others so that the table's three pair classes are new.
fn base_session(
    left: &mut Vec<usize>,
    used: &mut Vec<PairClass>,
    class: &impl Fn(usize, usize) -> PairClass,
    base: &mut Vec<Vec<usize>>,
) -> bool {
    let Some(&p) = left.first() else { return true };
    for i in 1..left.len() {
        for j in i + 1..left.len() {
            let (q, r) = (left[i], left[j]);
            let classes = [class(p, q), class(p, r), class(q, r)];
            let clash = classes.iter().any(|c| used.contains(c))
                || classes[0] == classes[1]
                || classes[0] == classes[2]
                || classes[1] == classes[2];
            if clash {
                continue;
            }
            used.extend(classes);
            base.push(vec![p, q, r]);
            let rest: Vec<usize> = left.iter().copied().filter(|&x| x != p && x != q && x != r).collect();
            let saved = std::mem::replace(left, rest);
            if base_session(left, used, class, base) {
                return true;
            }
            *left = saved;
            base.pop();
            used.truncate(used.len() - 3);
        }
    }
    false
}

/// One line of the shipped file: `players sessions: a b c | … || …`.
fn line(players: usize, plan: &Plan) -> String {
    let sessions: Vec<String> = plan
        .iter()
        .map(|s| {
            s.iter()
                .map(|t| t.iter().map(usize::to_string).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect();
    format!("{players} {}: {}", plan.len(), sessions.join(" || "))
}
