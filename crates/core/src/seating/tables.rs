//! Table numbers: each session's groups are given table numbers so that players sit at tables they have sat at
//! least often, by an optimal assignment (Hungarian algorithm) per session.

use super::search::Group;

/// Reorders each session's tables (index = table number − 1) to spread every player over the tables; sessions
/// marked `keep` keep their numbers and only count as history.
pub fn number_tables(sessions: &[Vec<Group>], keep: &[bool], players: usize) -> Vec<Vec<Group>> {
    let tables = sessions.first().map_or(0, Vec::len);
    let mut visits = vec![vec![0i64; tables]; players];
    let mut out = Vec::with_capacity(sessions.len());
    for (s, session) in sessions.iter().enumerate() {
        if keep.get(s).copied().unwrap_or(false) {
            for (t, group) in session.iter().enumerate() {
                for &p in group {
                    visits[p][t] += 1;
                }
            }
            out.push(session.clone());
            continue;
        }
        // Squared visit counts make a third visit cost more than two second visits.
        let cost: Vec<Vec<i64>> = session
            .iter()
            .map(|group| (0..tables).map(|t| group.iter().map(|&p| visits[p][t] * visits[p][t]).sum()).collect())
            .collect();
        let table_of_group = hungarian(&cost);
        let mut numbered = session.clone();
        for (g, &t) in table_of_group.iter().enumerate() {
            numbered[t] = session[g];
            for &p in &session[g] {
                visits[p][t] += 1;
            }
        }
        out.push(numbered);
    }
    out
}

/// Minimum-cost perfect assignment of rows to columns of a square matrix; returns the column of each row.
fn hungarian(cost: &[Vec<i64>]) -> Vec<usize> {
    let n = cost.len();
    // Potentials formulation (e-maxx), 1-based with a virtual column 0.
    let (mut u, mut v) = (vec![0i64; n + 1], vec![0i64; n + 1]);
    let mut row_of = vec![0usize; n + 1];
    let mut way = vec![0usize; n + 1];
    for i in 1..=n {
        row_of[0] = i;
        let mut j0 = 0;
        let mut min = vec![i64::MAX; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = row_of[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=n {
                if !used[j] {
                    let reduced = cost[i0 - 1][j - 1] - u[i0] - v[j];
                    if reduced < min[j] {
                        min[j] = reduced;
                        way[j] = j0;
                    }
                    if min[j] < delta {
                        delta = min[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[row_of[j]] += delta;
                    v[j] -= delta;
                } else {
                    min[j] -= delta;
                }
            }
            j0 = j1;
            if row_of[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            row_of[j0] = row_of[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut column = vec![0; n];
    for j in 1..=n {
        if row_of[j] > 0 {
            column[row_of[j] - 1] = j - 1;
        }
    }
    column
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hungarian_finds_the_optimum() {
        let cost = vec![vec![4, 1, 3], vec![2, 0, 5], vec![3, 2, 2]];
        let assignment = hungarian(&cost);
        let total: i64 = assignment.iter().enumerate().map(|(r, &c)| cost[r][c]).sum();
        assert_eq!(total, 5);
    }

    #[test]
    fn the_same_groups_rotate_over_the_tables() {
        let sessions = vec![vec![[0, 1, 2, 3], [4, 5, 6, 7]]; 2];
        let numbered = number_tables(&sessions, &[], 8);
        assert_ne!(numbered[0][0], numbered[1][0], "the group at table 1 moves to table 2");
    }
}
