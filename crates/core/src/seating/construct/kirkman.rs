//! Kirkman triple systems on 3m players: (3m − 1)/2 sessions at tables of three, every pair meeting exactly
//! once. Players are (x, j) for x in an additive group of order m and three levels j.
//!
//! For m = q a prime power ≡ 1 (mod 6), q = 6t + 1 with primitive element ω and ε = ω^(2t) a cube root of
//! unity (the construction of Ray-Chaudhuri and Wilson's kind, as written out by Bubbler on Mathematics Stack
//! Exchange): the base session C holds Z = {(0,0),(0,1),(0,2)}, the 3t triples {(ω^i, j), (εω^i, j), (ε²ω^i, j)}
//! for i < t within each level, and the triples A_i = {(ω^i,0), (εω^i,1), (ε²ω^i,2)} for the i < 6t with
//! ⌊i/t⌋ odd; its q shifts by x ↦ x + s are q sessions, and each A_i with ⌊i/t⌋ even gives one more session
//! by its q shifts. Within a level, ω^i(ε − 1) times the sixth roots of unity are the differences, and they
//! cover GF(q)* as i runs below t; between two levels each A_i adds one difference ω^i(ε^a − ε^b), all of
//! them together once.
//!
//! For the other odd m the same shape over Z_m (a base session C and (m − 1)/2 transversal triples, each
//! developed into one session) was found offline (`examples/find_kirkman_bases.rs`) and is shipped as data.

use super::field::Field;
use crate::seating::designs::{self, data_lines, split_head};
use crate::seating::plan::Plan;

/// The bases over Z_m shipped as data: `players sessions: x.j x.j x.j | … || b c | b c …` (the base session's
/// triples other than Z, then the transversal triples {(0,0), (b,1), (c,2)}: (m − 1)/2 of them for a whole
/// system, fewer for a partial one — 105 players, 40 sessions).
const SHIPPED: &str = include_str!("../../../assets/seating/kirkman-bases.txt");

/// The Kirkman triple system on `players` (or, for 105, its first 40 sessions), when one is known by
/// construction or shipped.
pub fn design(players: usize) -> Option<Plan> {
    if players % 6 != 3 {
        return None;
    }
    field_design(players / 3).or_else(|| shipped(players)).or_else(|| whole(players))
}

/// A Kirkman system shipped whole (15 players: no base of this shape exists over Z_5).
fn whole(players: usize) -> Option<Plan> {
    let complete = (players - 1) / 2;
    designs::three_plans().find(|(n, plan)| *n == players && plan.len() == complete).map(|(_, plan)| plan)
}

/// The system on 3q players for a prime power q ≡ 1 (mod 6).
fn field_design(q: usize) -> Option<Plan> {
    let field = Field::new(q).filter(|_| q % 6 == 1)?;
    let t = (q - 1) / 6;
    let at = |x: usize, level: usize, s: usize| level * q + field.add(x, s);
    let triple = |i: usize, levels: [usize; 3], s: usize| -> Vec<usize> {
        (0..3).map(|k| at(field.power(i + 2 * t * k), levels[k], s)).collect()
    };
    let mut plan: Plan = (0..q)
        .map(|s| {
            let mut session = vec![vec![at(0, 0, s), at(0, 1, s), at(0, 2, s)]];
            for level in 0..3 {
                session.extend((0..t).map(|i| triple(i, [level; 3], s)));
            }
            session.extend((0..6 * t).filter(|i| (i / t) % 2 == 1).map(|i| triple(i, [0, 1, 2], s)));
            session
        })
        .collect();
    for i in (0..6 * t).filter(|i| (i / t) % 2 == 0) {
        plan.push((0..q).map(|s| triple(i, [0, 1, 2], s)).collect());
    }
    Some(plan)
}

/// The shipped system on `players`.
fn shipped(players: usize) -> Option<Plan> {
    let line = data_lines(SHIPPED).find(|line| split_head(line).is_some_and(|(n, _, _)| n == players))?;
    parse(line).map(|(_, plan)| plan)
}

/// Reads and develops a shipped line: (players, plan); `None` when malformed (a count that does not match, a
/// point out of range, a base session that does not seat every player once).
fn parse(line: &str) -> Option<(usize, Plan)> {
    let (players, sessions, body) = split_head(line)?;
    let m = players / 3;
    if players % 6 != 3 || sessions <= m || sessions > (players - 1) / 2 {
        return None;
    }
    let (base, short) = body.split_once("||")?;
    let point = |text: &str| -> Option<usize> {
        let (x, level) = text.split_once('.')?;
        let (x, level) = (x.parse::<usize>().ok()?, level.parse::<usize>().ok()?);
        (x < m && level < 3).then_some(level * m + x)
    };
    let mut base: Vec<Vec<usize>> = base
        .split('|')
        .map(|t| t.split_whitespace().map(point).collect::<Option<Vec<usize>>>().filter(|t| t.len() == 3))
        .collect::<Option<_>>()?;
    base.insert(0, vec![0, m, 2 * m]);
    let mut seated = vec![false; players];
    if base.len() != m || base.iter().flatten().any(|&p| std::mem::replace(&mut seated[p], true)) {
        return None;
    }
    let short: Vec<(usize, usize)> = short
        .split('|')
        .map(|pair| {
            let mut it = pair.split_whitespace().map(str::parse::<usize>);
            let (b, c) = (it.next()?.ok()?, it.next()?.ok()?);
            (it.next().is_none() && b < m && c < m).then_some((b, c))
        })
        .collect::<Option<_>>()?;
    if short.len() != sessions - m {
        return None;
    }
    let shift = |p: usize, s: usize| p / m * m + (p % m + s) % m;
    let mut plan: Plan =
        (0..m).map(|s| base.iter().map(|t| t.iter().map(|&p| shift(p, s)).collect()).collect()).collect();
    for (b, c) in short {
        plan.push((0..m).map(|s| vec![shift(0, s), shift(m + b, s), shift(2 * m + c, s)]).collect());
    }
    Some((players, plan))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_repeat_free, assert_resolvable_design};
    use super::*;

    #[test]
    fn the_field_construction_is_a_kirkman_system_for_every_prime_power() {
        let mut built = Vec::new();
        for q in (7..=333).step_by(6) {
            let Some(plan) = field_design(q) else { continue };
            assert_resolvable_design(&plan, 3 * q, 3, (3 * q - 1) / 2);
            built.push(3 * q);
        }
        assert_eq!(built.len(), 36, "prime powers ≡ 1 (mod 6) from 7 to 331");
        assert_eq!(built[..5], [21, 39, 57, 75, 93]);
    }

    #[test]
    fn every_shipped_base_is_a_kirkman_system() {
        let lines: Vec<&str> = data_lines(SHIPPED).collect();
        let mut counts = Vec::new();
        for line in &lines {
            let (players, plan) = parse(line).unwrap_or_else(|| panic!("malformed: {line}"));
            if players == 105 {
                assert_eq!(plan.len(), 40, "partial: the most sessions a schedule has");
                assert_repeat_free(&plan, players, 3);
            } else {
                assert_resolvable_design(&plan, players, 3, (players - 1) / 2);
            }
            counts.push(players);
        }
        assert_eq!(counts, [33, 51, 69, 87, 105]);
    }

    #[test]
    fn a_malformed_base_is_refused() {
        let good = "15 7: 1.0 2.0 4.0 | 3.0 1.1 2.2 | 2.1 3.1 4.2 | 4.1 1.2 3.2 || 1 2 | 3 4";
        assert!(parse(good).is_some());
        for line in [
            "15 6: 1.0 2.0 4.0 | 3.0 1.1 2.2 | 2.1 3.1 4.2 | 4.1 1.2 3.2 || 1 2 | 3 4", // 6 sessions announced
            "15 7: 1.0 2.0 4.0 | 3.0 1.1 2.2 | 2.1 3.1 4.2 | 4.1 1.2 1.2 || 1 2 | 3 4", // 1.2 twice
            "15 7: 1.0 2.0 4.0 | 3.0 1.1 2.2 | 2.1 3.1 4.2 | 4.1 1.2 5.2 || 1 2 | 3 4", // 5 is not in Z_5
            "15 7: 1.0 2.0 4.0 | 3.0 1.1 2.2 | 2.1 3.1 4.2 | 4.1 1.2 3.2 || 1 2",       // a triple missing
            "15 7: 1.0 2.0 4.0 | 3.0 1.1 2.2 | 2.1 3.1 4.2 4.1 1.2 3.2 || 1 2 | 3 4",   // a table of six
        ] {
            assert!(parse(line).is_none(), "{line}");
        }
    }
}
