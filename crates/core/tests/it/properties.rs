//! Property tests: settlement invariants on random valid manches, the exact decomposition against a brute
//! force search, and the notation's round trip.

use std::collections::BTreeSet;

use proptest::prelude::*;
use stecca_core::rules::decompose::{self, Shape, TileSet};
use stecca_core::rules::{manche_problems, score_manche as score_manche_input};
use stecca_core::settle::{Party, Rounding, SettleRules, settle};
use stecca_core::tiles::{Counts, KINDS, Meld, MeldKind, Tile, Wind, parse_hand};
use stecca_rules_fimj::{FimjOptions, random_manche, score_manche};

const FIMJ: SettleRules = SettleRules { east_factor: 2, rounding: Rounding::NearestTen, cap: None };

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_valid_manches_keep_the_settlement_invariants(seed in any::<u64>()) {
        let manche = random_manche(seed);
        let scored = score_manche(&manche, &FimjOptions::default());
        prop_assert!(scored.is_ok(), "seed {seed}: {:?}", scored.err());
        let Ok(scored) = scored else { return Ok(()) };
        prop_assert_eq!(scored.settlement.net.iter().sum::<i64>(), 0);
        for p in &scored.settlement.payments {
            prop_assert!(p.amount > 0 && p.amount % 10 == 0, "payment {:?}", p);
        }
        if manche.void {
            prop_assert!(scored.settlement.payments.is_empty());
        }
        // Each non-winner pays each winner exactly the winner's value, doubled with East, rounded.
        for (i, payer) in manche.seats.iter().enumerate().filter(|(_, s)| !s.mahjong) {
            for (j, winner) in manche.seats.iter().enumerate().filter(|(_, s)| s.mahjong) {
                let factor = if payer.wind == Wind::East || winner.wind == Wind::East { 2 } else { 1 };
                let value = scored.hands[j].as_ref().map_or(0, |h| h.value);
                let expected = Rounding::NearestTen.apply(value * factor);
                let paid: u64 = scored.settlement.payments.iter()
                    .filter(|p| p.from == i && p.to == j).map(|p| p.amount).sum();
                prop_assert_eq!(paid, expected, "seed {} payer {} winner {}", seed, i, j);
            }
        }
    }

    #[test]
    fn every_spoiled_hand_gets_its_own_problem_and_a_sound_manche_none(seed in any::<u64>(), spoil in 1usize..16) {
        let manche = random_manche(seed);
        let mut input = manche.to_input(&FimjOptions::default());
        prop_assert!(manche_problems(&input).is_empty(), "seed {seed}: a valid manche has no problems");
        if manche.void {
            return Ok(());
        }
        // One tile too many in each chosen hand that did not win, of a kind the manche still has a copy of.
        let mut spoiled = Vec::new();
        for (position, player) in input.players.iter_mut().enumerate() {
            if spoil & (1 << position) == 0 || player.mahjong {
                continue;
            }
            let all: Vec<Counts> = manche.seats.iter().filter_map(|s| s.hand.as_ref().map(|h| h.all_counts())).collect();
            let free = (0..KINDS).find(|&k| all.iter().map(|c| usize::from(c[k])).sum::<usize>() < 3 + spoiled.len());
            let Some(tile) = free.and_then(Tile::from_index) else { continue };
            let hand = player.hand.get_or_insert_with(String::new);
            hand.push_str(&format!(" {tile}"));
            spoiled.push(player.name.clone());
        }
        let problems = manche_problems(&input);
        for name in &spoiled {
            prop_assert!(
                problems.iter().any(|p| p.player.as_ref() == Some(name)),
                "seed {seed}: {name}'s hand has a tile too many but no problem of its own: {problems:?}"
            );
        }
        let mut named: Vec<_> = problems.iter().map(|p| p.player.clone()).collect();
        named.sort();
        named.dedup();
        prop_assert_eq!(named.len(), problems.len(), "one problem per player at most");
        if let Some(first) = problems.first() {
            let reported = score_manche_input(&input).err();
            prop_assert_eq!(Some(first), reported.as_ref(), "score reports the first");
        }
    }

    #[test]
    fn any_values_keep_the_settlement_invariants(
        values in prop::array::uniform4(0u64..5_000_000),
        east in 0usize..4,
        winners in 1u8..15,
    ) {
        let parties: Vec<Party> = (0..4)
            .map(|i| Party { value: values[i] * 2, east: i == east, winner: winners >> i & 1 == 1 })
            .collect();
        let s = settle(&parties, FIMJ);
        prop_assert_eq!(s.net.iter().sum::<i64>(), 0);
        prop_assert!(s.payments.iter().all(|p| p.amount % 10 == 0 && p.amount > 0));
        // Nobody who went Mah Jong ends a manche paying a non-winner.
        prop_assert!(s.payments.iter().all(|p| !parties[p.from].winner || parties[p.to].winner));
    }

    #[test]
    fn complete_decomposition_equals_brute_force(groups in prop::collection::vec(group(), 0..=4), pair in 0usize..KINDS) {
        let mut counts: Counts = [0; KINDS];
        for meld in &groups {
            meld.add_to(&mut counts);
        }
        counts[pair] += 2;
        prop_assume!(counts.iter().all(|&c| c <= 4));
        let mut ours = BTreeSet::new();
        decompose::complete(&counts, groups.len(), |a| {
            if a.shape == Shape::Standard {
                ours.insert(sorted(&a.melds));
            }
        });
        let brute = brute_force(&counts, TileSet::EMPTY, Some(groups.len()));
        prop_assert!(!ours.is_empty(), "a hand built from groups is complete");
        prop_assert_eq!(ours, brute);
    }

    #[test]
    fn partial_decomposition_equals_brute_force(tiles in prop::collection::vec(dense_tile(), 0..=13)) {
        let mut counts: Counts = [0; KINDS];
        for &t in &tiles {
            counts[t] += 1;
        }
        prop_assume!(counts.iter().all(|&c| c <= 4));
        let pairs = TileSet::EMPTY.with(Wind::East.tile()).with(Tile::from_index(31).expect("red dragon"));
        let mut ours = BTreeSet::new();
        let mut count = 0;
        decompose::partial(&counts, pairs, |a| {
            ours.insert(sorted(&a.melds));
            count += 1;
        });
        prop_assert_eq!(count, ours.len(), "no arrangement is produced twice");
        prop_assert_eq!(ours, brute_force(&counts, pairs, None));
    }

    #[test]
    fn notation_round_trips_through_display(seed in any::<u64>()) {
        for seat in random_manche(seed).seats {
            let Some(hand) = seat.hand else { continue };
            let text = hand.to_string();
            let reparsed = parse_hand(&text);
            prop_assert!(reparsed.is_ok(), "{text}: {:?}", reparsed.err());
            let Ok(mut reparsed) = reparsed else { continue };
            let mut original = hand.clone();
            original.bonus.sort();
            reparsed.bonus.sort();
            prop_assert_eq!(reparsed, original, "{}", text);
        }
    }

    #[test]
    fn token_order_does_not_change_the_score(seed in any::<u64>(), rotation in 0usize..8) {
        let manche = random_manche(seed);
        let mut shuffled = manche.clone();
        for seat in &mut shuffled.seats {
            let Some(hand) = &seat.hand else { continue };
            let mut tokens: Vec<String> = hand.to_string().split_whitespace().map(str::to_owned).collect();
            let n = tokens.len().max(1);
            tokens.rotate_left(rotation % n);
            seat.hand = parse_hand(&tokens.join(" ")).ok();
        }
        let a = score_manche(&manche, &FimjOptions::default()).map(|s| s.settlement.net);
        let b = score_manche(&shuffled, &FimjOptions::default()).map(|s| s.settlement.net);
        prop_assert_eq!(a, b);
    }
}

/// A random pung, chow or pair; concealed, like the arrangements.
fn group() -> impl Strategy<Value = Meld> {
    (0usize..3, 0usize..KINDS).prop_filter_map("chow start", |(kind, index)| {
        let tile = Tile::from_index(index)?;
        let kind = [MeldKind::Pung, MeldKind::Chow, MeldKind::Chow][kind];
        (kind != MeldKind::Chow || tile.starts_chow()).then_some(Meld { kind, tile, concealed: true })
    })
}

/// Tiles of one suit plus two honours, so random hands are dense enough to hold many groups.
fn dense_tile() -> impl Strategy<Value = usize> {
    prop_oneof![8 => 0usize..9, 1 => Just(27usize), 1 => Just(31usize), 1 => 9usize..12]
}

/// Every multiset of groups that fits `counts`: with `groups = Some(g)`, those using every tile with exactly
/// g groups and one pair; with `None`, the maximal ones (no group fits in what is left).
fn brute_force(counts: &Counts, pairs: TileSet, groups: Option<usize>) -> BTreeSet<Vec<Meld>> {
    let mut candidates = Vec::new();
    for tile in Tile::all() {
        let i = tile.index();
        if counts[i] >= 3 {
            candidates.push(Meld { kind: MeldKind::Pung, tile, concealed: true });
        }
        if counts[i] >= 2 && (groups.is_some() || pairs.contains(i)) {
            candidates.push(Meld { kind: MeldKind::Pair, tile, concealed: true });
        }
        if tile.starts_chow() && counts[i] > 0 && counts[i + 1] > 0 && counts[i + 2] > 0 {
            candidates.push(Meld { kind: MeldKind::Chow, tile, concealed: true });
        }
    }
    let mut found = BTreeSet::new();
    let mut current = Vec::new();
    let mut left = *counts;
    search(&candidates, 0, &mut left, &mut current, groups, &mut found);
    found
}

fn sorted(melds: &[Meld]) -> Vec<Meld> {
    let mut melds = melds.to_vec();
    melds.sort_by_key(|m| (m.tile, m.kind));
    melds
}

fn fits(meld: &Meld, left: &Counts) -> bool {
    let mut need: Counts = [0; KINDS];
    meld.add_to(&mut need);
    need.iter().zip(left).all(|(n, l)| n <= l)
}

fn search(
    candidates: &[Meld],
    start: usize,
    left: &mut Counts,
    current: &mut Vec<Meld>,
    groups: Option<usize>,
    found: &mut BTreeSet<Vec<Meld>>,
) {
    let accept = match groups {
        Some(g) => {
            let pairs = current.iter().filter(|m| m.kind == MeldKind::Pair).count();
            left.iter().all(|&c| c == 0) && pairs == 1 && current.len() == g + 1
        }
        None => !candidates.iter().any(|m| fits(m, left)),
    };
    if accept {
        found.insert(sorted(current));
    }
    for (k, meld) in candidates.iter().enumerate().skip(start) {
        if fits(meld, left) {
            let mut need: Counts = [0; KINDS];
            meld.add_to(&mut need);
            left.iter_mut().zip(need).for_each(|(l, n)| *l -= n);
            current.push(*meld);
            search(candidates, k, left, current, groups, found);
            current.pop();
            left.iter_mut().zip(need).for_each(|(l, n)| *l += n);
        }
    }
}
