//! Resolvable designs of blocks of four on v = 3m + 1 players, m ≡ 1 (mod 4) — every v ≡ 4 (mod 12): m
//! sessions, every pair meeting exactly once.
//!
//! Players are ∞ and (x, j) for x in an additive group G of order m and three levels j. The base session has
//! the block {∞, (0,0), (0,1), (0,2)} and, for each level j, t = (m − 1)/4 blocks {(±x, j), (±y, j+1)} given
//! by a *pairing*; session s is the base session shifted by x ↦ x + s. A pair within level j at difference d
//! meets in the session where the base has a block with ±x at j and 2x = ±d; a pair between levels j and j+1
//! at difference d in the one where the base has y − x or y + x = ±d. So the design is repeat-free (and
//! complete) when each level's ± classes are used once and, per j, the classes of y − x and y + x are all
//! different.
//!
//! In GF(m) with primitive element ω (m a prime power) the pairs (ω^i, ω^(i+t)) for i < t do it: ω^t = √−1,
//! the x run over S = {±ω^i : i < t} and the y over ω^t·S, which together are GF(m)*; y ± x = ω^i(ω^t ± 1),
//! and (ω^t + 1)/(ω^t − 1) = −√−1 carries S onto its complement. For m not a prime power the pairings over
//! Z_m were found offline (`examples/find_four_pairings.rs`) and are shipped as data.

use super::field::{Additive, Field};
use crate::seating::designs::{data_lines, split_head};
use crate::seating::plan::Plan;

/// The pairings over Z_m shipped as data: `players m: x y, x y, … | … | …` (level pairs 0→1, 1→2, 2→0).
const SHIPPED: &str = include_str!("../../../assets/seating/pairings-four.txt");

/// A base session: the group and, per level j, the pairs (x at level j, y at level j + 1).
#[derive(Clone, Debug)]
struct Pairing {
    group: Additive,
    pairs: [Vec<(usize, usize)>; 3],
}

/// The whole design for `players` (m sessions), when players ≡ 4 (mod 12) and a pairing is known.
pub fn design(players: usize) -> Option<Plan> {
    if players % 12 != 4 {
        return None;
    }
    let m = (players - 1) / 3;
    let pairing = field_pairing(m).or_else(|| shipped(players))?;
    Some(develop(&pairing))
}

/// The pairing in GF(m) for a prime power m ≡ 1 (mod 4).
fn field_pairing(m: usize) -> Option<Pairing> {
    let field = Field::new(m).filter(|_| m % 4 == 1)?;
    let t = (m - 1) / 4;
    let pairs: Vec<(usize, usize)> = (0..t).map(|i| (field.power(i), field.power(i + t))).collect();
    Some(Pairing { group: Additive::Field(field), pairs: [pairs.clone(), pairs.clone(), pairs] })
}

/// The shipped pairing over Z_m for `players`.
fn shipped(players: usize) -> Option<Pairing> {
    data_lines(SHIPPED).filter(|line| split_head(line).is_some_and(|(n, _, _)| n == players)).find_map(parse)
}

/// Reads a shipped line; `None` when malformed: a count that does not match, a pair list of the wrong
/// length, or a level whose ± classes are not each used exactly once.
fn parse(line: &str) -> Option<Pairing> {
    let (players, m, body) = split_head(line)?;
    if m % 4 != 1 || players != 3 * m + 1 {
        return None;
    }
    let t = (m - 1) / 4;
    let lists: Vec<Vec<(usize, usize)>> = body
        .split('|')
        .map(|list| {
            list.split(',')
                .map(|pair| {
                    let mut it = pair.split_whitespace().map(str::parse::<usize>);
                    let (x, y) = (it.next()?.ok()?, it.next()?.ok()?);
                    (it.next().is_none() && x < m && y < m).then_some((x, y))
                })
                .collect::<Option<Vec<_>>>()
        })
        .collect::<Option<_>>()?;
    let pairs: [Vec<(usize, usize)>; 3] = lists.try_into().ok()?;
    let class = |x: usize| x.min(m - x);
    for level in 0..3 {
        let mut used = vec![0; m / 2 + 1];
        let (xs, ys) = (&pairs[level], &pairs[(level + 2) % 3]);
        for c in xs.iter().map(|p| class(p.0)).chain(ys.iter().map(|p| class(p.1))) {
            used[c] += 1;
        }
        if xs.len() != t || used[0] != 0 || used.iter().skip(1).any(|&u| u != 1) {
            return None;
        }
    }
    Some(Pairing { group: Additive::Cyclic(m), pairs })
}

/// Every session: the base session shifted by each element of the group.
fn develop(pairing: &Pairing) -> Plan {
    let g = &pairing.group;
    let m = g.order();
    let infinity = 3 * m;
    let at = |x: usize, level: usize, s: usize| (level % 3) * m + g.add(x, s);
    (0..m)
        .map(|s| {
            let mut session = vec![vec![infinity, at(0, 0, s), at(0, 1, s), at(0, 2, s)]];
            for (j, pairs) in pairing.pairs.iter().enumerate() {
                for &(x, y) in pairs {
                    session.push(vec![at(x, j, s), at(g.neg(x), j, s), at(y, j + 1, s), at(g.neg(y), j + 1, s)]);
                }
            }
            session
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::tests::assert_resolvable_design;
    use super::*;

    #[test]
    fn the_field_construction_is_a_complete_design_for_every_prime_power() {
        // Up to 1,000 players: m = 5, 9, 13, 17, 25, 29, 37, 41, 49, 53, 61, 73, 81, 89, … 317.
        let mut built = 0;
        for m in (5..=333).step_by(4) {
            let Some(pairing) = field_pairing(m) else { continue };
            assert_resolvable_design(&develop(&pairing), 3 * m + 1, 4, m);
            built += 1;
        }
        assert_eq!(built, 39, "prime powers ≡ 1 (mod 4) from 5 to 333");
    }

    #[test]
    fn every_shipped_pairing_is_a_complete_design() {
        let lines: Vec<&str> = data_lines(SHIPPED).collect();
        let mut counts = Vec::new();
        for line in &lines {
            let pairing = parse(line).unwrap_or_else(|| panic!("malformed: {line}"));
            let m = pairing.group.order();
            assert_resolvable_design(&develop(&pairing), 3 * m + 1, 4, m);
            counts.push(3 * m + 1);
        }
        assert_eq!(counts, [100, 136, 232, 280], "the counts m = (v − 1)/3 is not a prime power leaves");
    }

    #[test]
    fn a_malformed_pairing_is_refused() {
        for line in [
            "16 5: 1 2 | 1 2 | 1 2 | 1 2", // four level pairs
            "16 5: 1 2 | 1 2 | 1 1",       // level 0 gets class 1 twice, class 2 never
            "17 5: 1 2 | 1 2 | 1 2",       // not 3m + 1
            "16 5: 1 7 | 1 2 | 1 2",       // 7 is not in Z_5
        ] {
            assert!(parse(line).is_none(), "{line}");
        }
        assert!(parse("16 5: 1 2 | 1 2 | 1 2").is_some());
    }
}
