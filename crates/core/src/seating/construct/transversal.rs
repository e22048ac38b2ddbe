//! Resolvable transversal designs: k·m players in k groups of m, sessions in which every table takes one
//! player from each group and no two players meet twice (players of one group never meet). Then, if the
//! groups can themselves be seated without repeats, their sessions follow (each group at its own tables):
//! Kirkman's tripling 3m from m, and 4·16 = 64 players in 16 + 5 sessions.
//!
//! Player (g, x) is g·m + x. Session c has the tables {(g, b + c·α_g) : g < k} for every b in a ring R of
//! order m: two players (g, x) and (h, y) meet in session c exactly when x − y = c·(α_g − α_h), so no pair
//! meets twice as long as (α_g − α_h)(c − c′) ≠ 0 for the sessions c ≠ c′ used.
//! - R a product of fields GF(q_i), each q_i ≥ k, and α_g = (g, g, …): every difference α_g − α_h is
//!   invertible, so all m sessions work.
//! - Otherwise R = Z_m and α_g = g: sessions 0‥r−1 where r = min over e < k of m / gcd(e, m) (for k = 4 and
//!   m ≡ 2 mod 4, m/2 sessions).
//!
//! Groups of 12 at tables of four are the exception: GF(3) has too few elements for four groups and Z_12 gives
//! only 4 sessions, but three mutually orthogonal Latin squares of order 12 exist. `TWELVE` is their difference
//! matrix over Z_2 × Z_6, found offline with CP-SAT in a second: session c has the tables {(g, c + E_g[j])}, and
//! two players (g, x) and (h, y) meet only where x − y = E_g[j] − E_h[j], which holds for exactly one j.

use super::field::{Field, prime_powers};
use crate::seating::plan::Plan;

/// Sessions of the transversal design on `size` groups of `players / size`, then `fill`'s sessions for one
/// group seated in every group at once, as many as `fill` gives; `None` when the players do not make at least
/// two groups of at least two.
pub fn design(players: usize, size: usize, fill: Option<Plan>) -> Option<Plan> {
    if size < 2 || players % size != 0 || players / size < 2 {
        return None;
    }
    let m = players / size;
    let mut plan: Plan = if (m, size) == (12, 4) {
        twelve_sessions()
    } else {
        let ring = Ring::for_groups(m, size);
        (0..ring.sessions)
            .map(|c| {
                (0..m).map(|b| (0..size).map(|g| g * m + ring.add(b, ring.mul(c, ring.alpha(g)))).collect()).collect()
            })
            .collect()
    };
    for session in fill.unwrap_or_default() {
        if session.iter().flatten().count() != m || session.iter().flatten().any(|&p| p >= m) {
            continue;
        }
        plan.push(
            (0..size).flat_map(|g| session.iter().map(move |t| t.iter().map(|&p| g * m + p).collect())).collect(),
        );
    }
    Some(plan)
}

/// A (12, 4; 1) difference matrix over Z_2 × Z_6, the element (a, b) written 6a + b: every row, and the
/// difference of every two rows, runs through all twelve elements once.
const TWELVE: [[usize; 12]; 4] = [
    [0, 4, 7, 8, 2, 3, 10, 1, 5, 6, 9, 11],
    [0, 11, 3, 5, 6, 8, 4, 2, 1, 9, 7, 10],
    [0, 5, 6, 10, 7, 11, 2, 4, 8, 1, 3, 9],
    [0, 7, 9, 2, 1, 4, 3, 11, 6, 10, 5, 8],
];

/// Addition in Z_2 × Z_6, the element (a, b) written 6a + b.
fn add_z2_z6(x: usize, y: usize) -> usize {
    6 * ((x / 6 + y / 6) % 2) + (x % 6 + y % 6) % 6
}

/// The 12 sessions of four groups of 12 from `TWELVE`: session c, table j seats (g, c + E_g[j]).
fn twelve_sessions() -> Plan {
    (0..12).map(|c| (0..12).map(|j| (0..4).map(|g| g * 12 + add_z2_z6(c, TWELVE[g][j])).collect()).collect()).collect()
}

/// The ring R, as mixed-radix digits over its fields (one digit, Z_m, when it is cyclic).
struct Ring {
    fields: Vec<Field>,
    cyclic: usize,
    sessions: usize,
}

impl Ring {
    fn for_groups(m: usize, k: usize) -> Ring {
        let powers = prime_powers(m);
        if powers.iter().all(|&q| q >= k) {
            let fields: Option<Vec<Field>> = powers.iter().map(|&q| Field::new(q)).collect();
            if let Some(fields) = fields {
                return Ring { fields, cyclic: 0, sessions: m };
            }
        }
        let gcd = |mut a: usize, mut b: usize| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let sessions = (1..k).map(|e| m / gcd(e, m)).min().unwrap_or(m);
        Ring { fields: Vec::new(), cyclic: m, sessions }
    }

    /// Applies `f` digit by digit (each digit in its own field).
    fn digitwise(&self, a: usize, b: usize, f: impl Fn(&Field, usize, usize) -> usize) -> usize {
        let (mut a, mut b, mut place, mut result) = (a, b, 1, 0);
        for field in &self.fields {
            let q = field.order();
            result += f(field, a % q, b % q) * place;
            (a, b, place) = (a / q, b / q, place * q);
        }
        result
    }

    fn add(&self, a: usize, b: usize) -> usize {
        if self.fields.is_empty() { (a + b) % self.cyclic } else { self.digitwise(a, b, Field::add) }
    }

    fn mul(&self, a: usize, b: usize) -> usize {
        if self.fields.is_empty() { a * b % self.cyclic } else { self.digitwise(a, b, Field::mul) }
    }

    /// α_g: g in every digit.
    fn alpha(&self, g: usize) -> usize {
        if self.fields.is_empty() { g } else { self.digitwise(0, 0, |_, _, _| g) }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::assert_repeat_free;
    use super::*;

    #[test]
    fn sessions_of_the_transversal_design_by_group_size() {
        // Fields for every prime-power factor of at least the table size: m sessions.
        for (m, k) in [(4, 4), (5, 4), (8, 4), (40, 4), (49, 4), (3, 3), (5, 3), (35, 3), (64, 4)] {
            let plan = design(k * m, k, None).expect("design");
            assert_eq!(plan.len(), m, "{k} × {m}");
            assert_repeat_free(&plan, k * m, k);
        }
        // Z_m: 2 ∥ m halves the sessions for tables of four; 3 ∥ m leaves a third.
        for (m, k, sessions) in [(10, 4, 5), (58, 4, 29), (6, 4, 2), (6, 3, 3)] {
            let plan = design(k * m, k, None).expect("design");
            assert_eq!(plan.len(), sessions, "{k} × {m}");
            assert_repeat_free(&plan, k * m, k);
        }
    }

    #[test]
    fn four_groups_of_twelve_get_all_twelve_sessions_from_the_difference_matrix() {
        let minus = |x: usize, y: usize| 6 * ((x / 6 + y / 6) % 2) + (x % 6 + 6 - y % 6) % 6;
        for (g, row) in TWELVE.iter().enumerate() {
            let mut seen: Vec<usize> = row.to_vec();
            seen.sort_unstable();
            assert_eq!(seen, (0..12).collect::<Vec<_>>(), "row {g}");
            for (h, other) in TWELVE.iter().enumerate().skip(g + 1) {
                let mut differences: Vec<usize> = row.iter().zip(other).map(|(&x, &y)| minus(x, y)).collect();
                differences.sort_unstable();
                assert_eq!(differences, (0..12).collect::<Vec<_>>(), "rows {g} and {h}");
            }
        }
        let plan = design(48, 4, None).expect("48");
        assert_eq!(plan.len(), 12);
        // Twelve sessions without a repeat: every player meets all 36 of the other groups.
        assert_repeat_free(&plan, 48, 4);
    }

    #[test]
    fn the_groups_are_seated_afterwards_when_they_can_be() {
        // 4 × 16: 16 sessions, then the 5 of sixteen players at tables of four in each group: 21.
        let sixteen = design(16, 4, Some(vec![vec![vec![0, 1, 2, 3]]])).expect("16");
        assert_eq!(sixteen.len(), 5);
        let plan = design(64, 4, Some(sixteen)).expect("64");
        assert_eq!(plan.len(), 21);
        assert_repeat_free(&plan, 64, 4);
        assert!(design(6, 4, None).is_none() && design(4, 4, None).is_none());
    }
}
