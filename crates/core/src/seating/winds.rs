//! Seat winds, exactly balanced: an equitable 4-edge-colouring of the bipartite graph players × tables.
//!
//! Every (session, table) is a vertex of degree 4 and every player a vertex of degree R; an edge is a seat.
//! Two rounds of Euler splits (de Werra) colour the edges so that each table gets each wind once and each
//! player gets each wind ⌊R/4⌋ or ⌈R/4⌉ times — exactly R/4 when 4 divides R.

use super::search::Group;

/// Reorders every table into seat order East, South, West, North.
pub fn assign_winds(sessions: &[Vec<Group>], players: usize) -> Vec<Vec<Group>> {
    let tables = sessions.first().map_or(0, Vec::len);
    // Edge k is seat k % 4 of table instance k / 4.
    let edges: Vec<(usize, usize)> =
        sessions.iter().flatten().enumerate().flat_map(|(slot, group)| group.iter().map(move |&p| (p, slot))).collect();
    let slots = sessions.len() * tables;
    let first = euler_split(players, slots, &edges, &(0..edges.len()).collect::<Vec<_>>());
    let mut wind = vec![0usize; edges.len()];
    for class in [false, true] {
        let members: Vec<usize> = (0..edges.len()).filter(|&e| first[e] == class).collect();
        let second = euler_split(players, slots, &edges, &members);
        for &e in &members {
            // (first, second) → E (0), W (2), S (1), N (3): any bijection works.
            wind[e] = match (class, second[e]) {
                (false, false) => 0,
                (false, true) => 2,
                (true, false) => 1,
                (true, true) => 3,
            };
        }
    }
    let mut out = Vec::with_capacity(sessions.len());
    let mut slot = 0;
    for session in sessions {
        let mut seated = Vec::with_capacity(session.len());
        for group in session {
            let mut ordered = *group;
            for (j, &p) in group.iter().enumerate() {
                ordered[wind[slot * 4 + j]] = p;
            }
            seated.push(ordered);
            slot += 1;
        }
        out.push(seated);
    }
    out
}

/// Improves the wind balance of the sessions not marked `keep` given the kept ones (which stay as they are):
/// table by table, the best of the 24 seatings of its four players given everyone's other sessions, repeated
/// while Σ (count − mean)² over players and winds goes down.
pub fn rebalance(seated: &mut [Vec<Group>], keep: &[bool], players: usize) {
    let mut counts = vec![[0i64; 4]; players];
    for group in seated.iter().flatten() {
        for (w, &p) in group.iter().enumerate() {
            counts[p][w] += 1;
        }
    }
    let permutations = permutations_of_four();
    for _pass in 0..50 {
        let mut improved = false;
        let free = seated.iter_mut().enumerate().filter(|(s, _)| !keep.get(*s).copied().unwrap_or(false));
        for group in free.flat_map(|(_, session)| session.iter_mut()) {
            for (w, &p) in group.iter().enumerate() {
                counts[p][w] -= 1;
            }
            // Cost of seating player p at wind w: the square it adds, (c + 1)² − c² = 2c + 1.
            let cost = |order: &[usize; 4]| -> i64 { (0..4).map(|w| 2 * counts[group[order[w]]][w] + 1).sum() };
            let current = cost(&[0, 1, 2, 3]);
            let best = permutations.iter().min_by_key(|order| cost(order)).copied().unwrap_or([0, 1, 2, 3]);
            if cost(&best) < current {
                *group = best.map(|k| group[k]);
                improved = true;
            }
            for (w, &p) in group.iter().enumerate() {
                counts[p][w] += 1;
            }
        }
        if !improved {
            break;
        }
    }
    repair_chains(seated, keep, &mut counts);
}

/// Fixes players left with a spread of 2 or more by an ejection chain: the player takes its rarest wind at one
/// of its free tables from the player holding it there, who then gives up that wind the same way, up to a few
/// steps; a chain is kept only if it ends with nobody worse than ±1.
fn repair_chains(seated: &mut [Vec<Group>], keep: &[bool], counts: &mut [[i64; 4]]) {
    let spread = |c: &[i64; 4]| c.iter().max().unwrap_or(&0) - c.iter().min().unwrap_or(&0);
    let free: Vec<(usize, usize)> = (0..seated.len())
        .filter(|&s| !keep.get(s).copied().unwrap_or(false))
        .flat_map(|s| (0..seated[s].len()).map(move |t| (s, t)))
        .collect();
    for _round in 0..4 * counts.len() {
        let Some(p) = (0..counts.len()).find(|&p| spread(&counts[p]) > 1) else { return };
        if !chain(seated, &free, counts, p, 6) {
            return;
        }
    }
}

/// One step of the chain for player `p`: at a free table, seat `p` at its rarest wind and the holder of that
/// wind at `p`'s most frequent one; recurse on the holder if it is now unbalanced. Undone if it fails.
fn chain(seated: &mut [Vec<Group>], free: &[(usize, usize)], counts: &mut [[i64; 4]], p: usize, depth: u32) -> bool {
    let spread = |c: &[i64; 4]| c.iter().max().unwrap_or(&0) - c.iter().min().unwrap_or(&0);
    if depth == 0 {
        return false;
    }
    let c = counts[p];
    let rare = (0..4).min_by_key(|&w| c[w]).unwrap_or(0);
    for &(s, t) in free {
        let group = seated[s][t];
        let Some(from) = group.iter().position(|&x| x == p) else { continue };
        if c[from] <= c[rare] + 1 {
            continue;
        }
        let q = group[rare];
        seated[s][t].swap(from, rare);
        counts[p][from] -= 1;
        counts[p][rare] += 1;
        counts[q][rare] -= 1;
        counts[q][from] += 1;
        if spread(&counts[q]) <= 1 || chain(seated, free, counts, q, depth - 1) {
            return true;
        }
        seated[s][t].swap(from, rare);
        counts[p][from] += 1;
        counts[p][rare] -= 1;
        counts[q][rare] += 1;
        counts[q][from] -= 1;
    }
    false
}

fn permutations_of_four() -> Vec<[usize; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                out.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    out
}

/// Splits the edges `members` (indices into `edges`, each (left, right)) into two colours so that every vertex
/// has as many edges of each colour as possible (±1 for odd degree). Returns the colour of every edge index.
fn euler_split(left: usize, right: usize, edges: &[(usize, usize)], members: &[usize]) -> Vec<bool> {
    // Vertices: left 0..left, right left..left+right, one dummy on the right side joined to every odd left
    // vertex so that all degrees are even. Right vertices (tables) have even degree (4 or 2) by construction.
    let dummy = left + right;
    let mut ends: Vec<(usize, usize, Option<usize>)> =
        members.iter().map(|&e| (edges[e].0, left + edges[e].1, Some(e))).collect();
    let mut degree = vec![0usize; dummy + 1];
    for &(a, b, _) in &ends {
        degree[a] += 1;
        degree[b] += 1;
    }
    for (v, _) in degree.iter().enumerate().take(dummy).filter(|(_, d)| *d % 2 == 1) {
        ends.push((v, dummy, None));
    }
    let mut adjacency: Vec<Vec<usize>> = vec![Vec::new(); dummy + 1];
    for (k, &(a, b, _)) in ends.iter().enumerate() {
        adjacency[a].push(k);
        adjacency[b].push(k);
    }
    let mut used = vec![false; ends.len()];
    let mut next = vec![0usize; dummy + 1];
    let mut colour = vec![false; edges.len()];
    for start in 0..=dummy {
        if next[start] == adjacency[start].len() {
            continue;
        }
        // Hierholzer: the edges come out as one closed trail (in reverse), consecutive edges sharing a vertex.
        let mut stack: Vec<(usize, Option<usize>)> = vec![(start, None)];
        let mut circuit: Vec<usize> = Vec::new();
        while let Some(&(v, via)) = stack.last() {
            while next[v] < adjacency[v].len() && used[adjacency[v][next[v]]] {
                next[v] += 1;
            }
            if let Some(&k) = adjacency[v].get(next[v]) {
                used[k] = true;
                let (a, b, _) = ends[k];
                stack.push((if a == v { b } else { a }, Some(k)));
            } else {
                stack.pop();
                circuit.extend(via);
            }
        }
        // The graph is bipartite, so the trail has even length and alternating colours balance every vertex.
        for (i, &k) in circuit.iter().enumerate() {
            if let Some(e) = ends[k].2 {
                colour[e] = i % 2 == 1;
            }
        }
    }
    colour
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wind_counts(seated: &[Vec<Group>], players: usize) -> Vec<[u32; 4]> {
        let mut counts = vec![[0u32; 4]; players];
        for group in seated.iter().flatten() {
            for (w, &p) in group.iter().enumerate() {
                counts[p][w] += 1;
            }
        }
        counts
    }

    #[test]
    fn the_same_four_players_for_eight_sessions_get_each_wind_twice() {
        let sessions = vec![vec![[0, 1, 2, 3]]; 8];
        let counts = wind_counts(&assign_winds(&sessions, 4), 4);
        assert!(counts.iter().all(|c| *c == [2, 2, 2, 2]), "{counts:?}");
    }

    #[test]
    fn an_odd_number_of_sessions_stays_within_one() {
        let sessions =
            vec![vec![[0, 1, 2, 3], [4, 5, 6, 7]], vec![[0, 4, 1, 5], [2, 6, 3, 7]], vec![[0, 5, 2, 7], [1, 4, 3, 6]]];
        let seated = assign_winds(&sessions, 8);
        for c in wind_counts(&seated, 8) {
            assert!(c.iter().max().unwrap_or(&0) - c.iter().min().unwrap_or(&0) <= 1, "{c:?}");
        }
        // Tables keep their players.
        for (a, b) in sessions.iter().flatten().zip(seated.iter().flatten()) {
            let (mut a, mut b) = (*a, *b);
            a.sort();
            b.sort();
            assert_eq!(a, b);
        }
    }
}
