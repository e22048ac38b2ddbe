//! Club separation by relabelling: swapping two players everywhere in a schedule keeps every meeting count
//! (so a repeat-free schedule stays repeat-free) while changing who the club mates meet.

/// Swaps players' places across all sessions while that lowers the total weight of the pairs that meet.
pub fn separate<T: AsRef<[usize]> + AsMut<[usize]>>(schedule: &mut [Vec<T>], players: usize, weights: &[i64]) {
    if weights.iter().all(|&w| w == 0) {
        return;
    }
    // mates[p] = everyone p meets, once per meeting.
    let mut mates: Vec<Vec<usize>> = vec![Vec::new(); players];
    for group in schedule.iter().flatten() {
        let group = group.as_ref();
        for &a in group {
            mates[a].extend(group.iter().copied().filter(|&b| b != a));
        }
    }
    // `who[p]` is the player now sitting where `p` sat in the schedule as built.
    let mut who: Vec<usize> = (0..players).collect();
    let weight = |a: usize, b: usize| weights[a * players + b];
    for _pass in 0..20 {
        let mut improved = false;
        for x in 0..players {
            for y in x + 1..players {
                // Exchange who sits at places x and y: x's mates now meet who[y], y's mates meet who[x].
                let (px, py) = (who[x], who[y]);
                let mut delta = 0;
                for &m in &mates[x] {
                    if m != y {
                        delta += weight(py, who[m]) - weight(px, who[m]);
                    }
                }
                for &m in &mates[y] {
                    if m != x {
                        delta += weight(px, who[m]) - weight(py, who[m]);
                    }
                }
                if delta < 0 {
                    who.swap(x, y);
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    for group in schedule.iter_mut().flatten() {
        for p in group.as_mut() {
            *p = who[*p];
        }
    }
}
