//! Exact arrangements of a hand's concealed tiles, shared by the Mah Jong rulesets.
//!
//! The enumeration is canonical: at each tile index, groups starting there are chosen in the fixed order
//! pung → pair → chow → leftover, so every arrangement is produced exactly once. Rulesets score each one and
//! keep the best, which makes "the arrangement that scores most" exact by construction.
//!
//! * [`complete`] yields every way to split the bag into `groups` groups and one pair, plus the special shapes
//!   (seven pairs, thirteen orphans) when the bag is a whole 14-tile hand.
//! * [`partial`] yields every *maximal* set of groups (no group can be formed from the leftover tiles). It is
//!   meant for non-winning hands whose score can only grow when a group is added, so only maximal sets matter.
//!   Leftovers are checked as soon as each tile index is finished, which prunes non-maximal branches early.

use arrayvec::ArrayVec;

use crate::tiles::{Counts, KINDS, Meld, MeldKind, Tile};

/// The overall shape of an arrangement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Groups and pairs (four groups and a pair for a complete hand).
    Standard,
    /// Seven distinct pairs (14 concealed tiles). Four identical tiles are not two pairs: otherwise every
    /// hand of four equal chows in one suit (1111 2222 3333 + pair) would also be seven pairs, and the limit
    /// would make the digest's "four equal chows in one suit" double unreachable.
    SevenPairs,
    /// One of each terminal and honour, one of them twice.
    ThirteenOrphans,
}

/// Groups made of concealed tiles. Every meld is marked concealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrangement {
    /// Standard, seven pairs or thirteen orphans.
    pub shape: Shape,
    /// The groups, in tile order (empty for thirteen orphans).
    pub melds: ArrayVec<Meld, 7>,
}

/// A set of tile kinds, as a bit mask over [`Tile::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileSet(u64);

impl TileSet {
    /// No tile.
    pub const EMPTY: TileSet = TileSet(0);

    /// The set with `tile` added.
    #[inline]
    pub fn with(self, tile: Tile) -> TileSet {
        TileSet(self.0 | 1 << tile.index())
    }

    /// Whether `tile` is in the set.
    #[inline]
    pub fn contains(self, tile_index: usize) -> bool {
        self.0 >> tile_index & 1 == 1
    }
}

/// Calls `visit` with every complete arrangement of `counts` into `groups` groups plus one pair, and with the
/// seven-pairs and thirteen-orphans shapes when `groups` is 4 and they apply. Nothing is called when the tiles
/// form no complete hand.
pub fn complete(counts: &Counts, groups: usize, mut visit: impl FnMut(&Arrangement)) {
    let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
    if total != groups * 3 + 2 || counts.iter().any(|&c| c > 4) {
        return;
    }
    let mut work = *counts;
    let mut arrangement = Arrangement { shape: Shape::Standard, melds: ArrayVec::new() };
    let mut search = Search { counts: &mut work, left: [0; KINDS], pairs: TileSet::EMPTY };
    search.complete(0, Stage::Pung, false, &mut arrangement, &mut visit);
    if groups == 4 {
        if let Some(pairs) = seven_pairs(counts) {
            visit(&pairs);
        }
        if is_thirteen_orphans(counts) {
            visit(&Arrangement { shape: Shape::ThirteenOrphans, melds: ArrayVec::new() });
        }
    }
}

/// Calls `visit` with every maximal arrangement of `counts` into pungs, chows and the pairs allowed by
/// `pairs` (tiles whose pairs can score); leftover tiles are simply not part of any meld.
pub fn partial(counts: &Counts, pairs: TileSet, mut visit: impl FnMut(&Arrangement)) {
    if counts.iter().any(|&c| c > 4) {
        return;
    }
    let mut work = *counts;
    let mut arrangement = Arrangement { shape: Shape::Standard, melds: ArrayVec::new() };
    let mut search = Search { counts: &mut work, left: [0; KINDS], pairs };
    search.partial(0, Stage::Pung, &mut arrangement, &mut visit);
}

/// Whether a chow can start at each index (numbers 1–7); a table because this sits in the innermost loop.
const CHOW_STARTS: [bool; KINDS] = chow_table(0);
/// Whether a chow can end at each index (numbers 3–9).
const CHOW_ENDS: [bool; KINDS] = chow_table(2);

const fn chow_table(offset: usize) -> [bool; KINDS] {
    let mut table = [false; KINDS];
    let mut i = 0;
    while i < 27 {
        let number = i % 9;
        table[i] = number >= offset && number < 7 + offset;
        i += 1;
    }
    table
}

/// The choices at one tile index, in canonical order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Pung,
    Pair,
    Chow,
    Leftover,
}

struct Search<'a> {
    counts: &'a mut Counts,
    left: Counts,
    pairs: TileSet,
}

impl Search<'_> {
    fn complete(
        &mut self,
        pos: usize,
        stage: Stage,
        pair_used: bool,
        arrangement: &mut Arrangement,
        visit: &mut impl FnMut(&Arrangement),
    ) {
        let Some(i) = (pos..KINDS).find(|&i| self.counts[i] > 0) else {
            if pair_used {
                visit(arrangement);
            }
            return;
        };
        let stage = if i == pos { stage } else { Stage::Pung };
        if stage <= Stage::Pung && self.counts[i] >= 3 {
            self.take(arrangement, MeldKind::Pung, i);
            self.complete(i, Stage::Pung, pair_used, arrangement, visit);
            self.give_back(arrangement, MeldKind::Pung, i);
        }
        if stage <= Stage::Pair && !pair_used && self.counts[i] >= 2 {
            self.take(arrangement, MeldKind::Pair, i);
            self.complete(i, Stage::Pair, true, arrangement, visit);
            self.give_back(arrangement, MeldKind::Pair, i);
        }
        if self.chow_possible(i) {
            self.take(arrangement, MeldKind::Chow, i);
            self.complete(i, Stage::Chow, pair_used, arrangement, visit);
            self.give_back(arrangement, MeldKind::Chow, i);
        }
    }

    fn partial(
        &mut self,
        pos: usize,
        stage: Stage,
        arrangement: &mut Arrangement,
        visit: &mut impl FnMut(&Arrangement),
    ) {
        // Leftovers only accumulate at the index being placed, so `pos` is the one index that can have just
        // finished with a group formable from leftovers; the indices skipped after it hold no leftovers.
        if pos < KINDS && self.counts[pos] == 0 && !self.finished_index_is_maximal(pos) {
            return;
        }
        let Some(i) = (pos..KINDS).find(|&i| self.counts[i] > 0) else {
            visit(arrangement);
            return;
        };
        let stage = if i == pos { stage } else { Stage::Pung };
        if stage <= Stage::Pung && self.counts[i] >= 3 {
            self.take(arrangement, MeldKind::Pung, i);
            self.partial(i, Stage::Pung, arrangement, visit);
            self.give_back(arrangement, MeldKind::Pung, i);
        }
        if stage <= Stage::Pair && self.counts[i] >= 2 && self.pairs.contains(i) {
            self.take(arrangement, MeldKind::Pair, i);
            self.partial(i, Stage::Pair, arrangement, visit);
            self.give_back(arrangement, MeldKind::Pair, i);
        }
        if stage <= Stage::Chow && self.chow_possible(i) {
            self.take(arrangement, MeldKind::Chow, i);
            self.partial(i, Stage::Chow, arrangement, visit);
            self.give_back(arrangement, MeldKind::Chow, i);
        }
        self.counts[i] -= 1;
        self.left[i] += 1;
        self.partial(i, Stage::Leftover, arrangement, visit);
        self.left[i] -= 1;
        self.counts[i] += 1;
    }

    fn chow_possible(&self, i: usize) -> bool {
        CHOW_STARTS[i] && self.counts[i + 1] > 0 && self.counts[i + 2] > 0
    }

    /// Index `i` has no tiles left to place: no group may be formable from leftovers that it completes — a
    /// pung or scoring pair of `i`, or a chow ending at `i`. Checking as each index finishes prunes a
    /// non-maximal branch as early as possible; every group of leftovers is caught at its last index.
    fn finished_index_is_maximal(&self, i: usize) -> bool {
        let n = self.left[i];
        if n == 0 {
            return true;
        }
        if n >= 3 || (n >= 2 && self.pairs.contains(i)) {
            return false;
        }
        !(CHOW_ENDS[i] && self.left[i - 1] > 0 && self.left[i - 2] > 0)
    }

    fn take(&mut self, arrangement: &mut Arrangement, kind: MeldKind, i: usize) {
        adjust(self.counts, kind, i, false);
        let Some(tile) = Tile::from_index(i) else {
            return;
        };
        // At most 7 groups fit in 18 tiles, and `complete`/`partial` reject counts above 4 per kind.
        let _ = arrangement.melds.try_push(Meld { kind, tile, concealed: true });
    }

    fn give_back(&mut self, arrangement: &mut Arrangement, kind: MeldKind, i: usize) {
        adjust(self.counts, kind, i, true);
        arrangement.melds.pop();
    }
}

fn adjust(counts: &mut Counts, kind: MeldKind, i: usize, add: bool) {
    let apply = |c: &mut u8, n: u8| if add { *c += n } else { *c -= n };
    match kind {
        MeldKind::Chow => counts[i..i + 3].iter_mut().for_each(|c| apply(c, 1)),
        kind => apply(&mut counts[i], kind.tile_count()),
    }
}

fn seven_pairs(counts: &Counts) -> Option<Arrangement> {
    if counts.iter().any(|&c| c != 0 && c != 2) {
        return None;
    }
    let mut melds = ArrayVec::new();
    for tile in Tile::all().filter(|t| counts[t.index()] == 2) {
        melds.try_push(Meld { kind: MeldKind::Pair, tile, concealed: true }).ok()?;
    }
    (melds.len() == 7).then_some(Arrangement { shape: Shape::SevenPairs, melds })
}

fn is_thirteen_orphans(counts: &Counts) -> bool {
    let mut pairs = 0;
    for tile in Tile::all() {
        match (tile.is_head(), counts[tile.index()]) {
            (true, 1) | (false, 0) => {}
            (true, 2) => pairs += 1,
            _ => return false,
        }
    }
    pairs == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::parse_hand;

    fn arrangements(text: &str, groups: usize) -> Vec<String> {
        let hand = parse_hand(text).expect("valid notation");
        let mut out = Vec::new();
        complete(&hand.concealed, groups, |a| {
            let melds: Vec<String> = a.melds.iter().map(|m| m.to_string()).collect();
            out.push(format!("{:?}: {}", a.shape, melds.join(" ")));
        });
        out
    }

    #[test]
    fn triple_runs_split_as_pungs_or_chows() {
        let found = arrangements("111222333c 789d SS", 4);
        assert_eq!(
            found,
            ["Standard: 789d 111c 222c 333c SS", "Standard: 789d 123c 123c 123c SS"],
            "the bag 111222333c must yield both readings"
        );
    }

    #[test]
    fn seven_pairs_and_standard_readings_both_appear() {
        let found = arrangements("112233d 112233b 55c", 4);
        assert!(found.contains(&"SevenPairs: 11d 22d 33d 11b 22b 33b 55c".to_owned()), "{found:?}");
        assert!(found.contains(&"Standard: 123d 123d 123b 123b 55c".to_owned()), "{found:?}");
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn thirteen_orphans_is_recognised() {
        let found = arrangements("19d 19b 19c ESWN RVB 1d", 4);
        assert_eq!(found, ["ThirteenOrphans: "]);
    }

    #[test]
    fn an_incomplete_hand_has_no_arrangement() {
        assert!(arrangements("123c 456d 789b 11c 2b 5d 9d", 4).is_empty());
        assert!(arrangements("123c 456d", 4).is_empty(), "too few tiles");
    }

    #[test]
    fn fewer_groups_when_some_are_exposed() {
        assert_eq!(arrangements("234d 55c", 1), ["Standard: 234d 55c"]);
    }

    #[test]
    fn chow_tables_match_the_tiles() {
        for tile in Tile::all() {
            assert_eq!(CHOW_STARTS[tile.index()], tile.starts_chow(), "{tile}");
            assert_eq!(CHOW_ENDS[tile.index()], matches!(tile.number(), Some(3..=9)), "{tile}");
        }
    }

    #[test]
    fn partial_arrangements_are_maximal_and_distinct() {
        let hand = parse_hand("1234c RR").expect("valid");
        let pairs = TileSet::EMPTY.with(crate::tiles::Tile::dragon(crate::tiles::Dragon::Red));
        let mut found = Vec::new();
        partial(&hand.concealed, pairs, |a| {
            found.push(a.melds.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" "));
        });
        assert_eq!(found, ["123c RR", "234c RR"]);
    }
}
