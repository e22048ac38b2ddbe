//! Repeat-free plans built by construction rather than found by search: the resolvable designs the literature
//! proves to exist, computed in code where a formula exists and shipped as data (checked by the tests) where it
//! was found offline. They reach the cells local search cannot: zero repeated meetings at every session count
//! up to the counting bound, for every 4 mod 12 player count at tables of four ([`rotational`]) and every
//! 3 mod 6 count at tables of three ([`kirkman`]), and far beyond twelve sessions for many other counts
//! ([`transversal`]).

mod field;
mod kirkman;
mod rotational;
mod transversal;

use super::plan::Plan;

/// The most sessions a construction is asked for (the schedule's maximum).
const CAP: usize = super::MAX_SESSIONS;

/// The repeat-free plan with the most sessions (at most [`CAP`]) that a construction gives for `players` at
/// tables of exactly `size` (three or four), or `None` when none applies. The same plan every time: nothing
/// here is random.
pub fn best(players: usize, size: usize) -> Option<Plan> {
    if !(3..=4).contains(&size) || players < size || players % size != 0 || players > super::MAX_PLAYERS {
        return None;
    }
    if players == size {
        return Some(vec![vec![(0..size).collect()]]);
    }
    let direct = if size == 4 { rotational::design(players) } else { kirkman::design(players) };
    let complete = (players - 1) / (size - 1);
    if let Some(plan) = direct.as_ref().filter(|p| p.len() >= complete.min(CAP)) {
        return Some(plan.iter().take(CAP).cloned().collect());
    }
    // The transversal design alone when it has enough sessions; otherwise its groups are seated afterwards.
    let m = players / size;
    let fill = if m >= CAP { None } else { best(m, size) };
    let transversal = transversal::design(players, size, fill);
    let mut plan = [direct, transversal].into_iter().flatten().max_by_key(Vec::len)?;
    plan.truncate(CAP);
    Some(plan)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Every player once per session, tables of `size`, no pair twice.
    pub fn assert_repeat_free(plan: &Plan, players: usize, size: usize) {
        let mut met = vec![false; players * players];
        for (s, session) in plan.iter().enumerate() {
            let mut seated: Vec<usize> = session.iter().flatten().copied().collect();
            seated.sort_unstable();
            assert_eq!(seated, (0..players).collect::<Vec<_>>(), "{players}: session {s} seats everyone once");
            for table in session {
                assert_eq!(table.len(), size, "{players}: session {s}");
                for (i, &a) in table.iter().enumerate() {
                    for &b in &table[i + 1..] {
                        assert!(!std::mem::replace(&mut met[a * players + b], true), "{players}: {a}, {b} twice");
                        met[b * players + a] = true;
                    }
                }
            }
        }
    }

    /// Repeat-free with `sessions` sessions, and (as it must then be) every pair meeting exactly once when the
    /// sessions reach (players − 1)/(size − 1).
    pub fn assert_resolvable_design(plan: &Plan, players: usize, size: usize, sessions: usize) {
        assert_eq!(plan.len(), sessions, "{players} players");
        assert_repeat_free(plan, players, size);
        assert_eq!(sessions * (size - 1), players - 1, "a complete design");
    }

    #[test]
    fn every_4_mod_12_count_reaches_the_bound_at_tables_of_four() {
        for players in (4..=super::super::MAX_PLAYERS).filter(|v| v % 12 == 4) {
            let plan = best(players, 4).unwrap_or_else(|| panic!("{players}: no construction"));
            assert_eq!(plan.len(), ((players - 1) / 3).min(CAP), "{players}");
            assert_repeat_free(&plan, players, 4);
        }
    }

    #[test]
    fn every_3_mod_6_count_to_150_reaches_the_bound_at_tables_of_three() {
        for players in (3..=150).filter(|v| v % 6 == 3) {
            let plan = best(players, 3).unwrap_or_else(|| panic!("{players}: no construction"));
            assert_eq!(plan.len(), ((players - 1) / 2).min(CAP), "{players}");
            assert_repeat_free(&plan, players, 3);
        }
    }

    #[test]
    fn other_counts_get_what_the_transversal_designs_give() {
        // 160 = 4 × 40 (GF(8) × GF(5)): 40 sessions; 48 = 4 × 12 (three MOLS of order 12): 12, then 12 at tables
        // of four: 1 more;
        // 36 = 3 × 12 (GF(4) × GF(3)): 12, then 12 at tables of three: 4 more.
        for (players, size, sessions) in [(160, 4, 40), (48, 4, 13), (400, 4, 40), (120, 3, 40), (36, 3, 16)] {
            let plan = best(players, size).expect("a construction");
            assert_eq!(plan.len(), sessions, "{players} at tables of {size}");
            assert_repeat_free(&plan, players, size);
        }
        assert_eq!(best(6, 4), None);
        assert_eq!(best(8, 5), None);
        assert_eq!(best(2000, 4), None);
    }
}
