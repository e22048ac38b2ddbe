//! The Riichi evaluator against the `mahjong` library (`scripts/riichi_reference.py`), on random valid wins.
//!
//! `RIICHI_DIFF_HANDS` sets the number of hands (default 3,000, well under 30 s), `RIICHI_DIFF_SEED` the seed.
//! The offline run: `RIICHI_DIFF_HANDS=100000 cargo test --release -p stecca-core --test it riichi_reference --
//! --nocapture`. Without python3 or the library the test says SKIPPED on the terminal (not through the captured
//! output) and passes, unless `STECCA_REQUIRE_MAHJONG` is set, when it fails. The deliberate differences (RCR
//! 2016 against the library) are listed in `stecca_rules_riichi::reference` and counted apart.

use crate::common::{env_number, python_reference};
use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use stecca_core::rng::Rng;
use stecca_rules_riichi::evaluate;
use stecca_rules_riichi::random::{RandomWin, random_win};
use stecca_rules_riichi::reference::{Verdict, compare, to_json};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/riichi_reference.py");

/// Says SKIPPED where a person sees it (the test harness captures `eprintln!`), or fails when the library is
/// required.
fn skip(why: &str) {
    assert!(std::env::var_os("STECCA_REQUIRE_MAHJONG").is_none(), "riichi differential cannot run: {why}");
    let _ = writeln!(std::io::stderr(), "SKIPPED riichi differential test: {why} (pip install mahjong)");
}

#[test]
fn riichi_evaluator_agrees_with_the_mahjong_library() {
    let hands = env_number("RIICHI_DIFF_HANDS", 3000) as usize;
    let mut rng = Rng::new(env_number("RIICHI_DIFF_SEED", 2016));
    let wins: Vec<RandomWin> = (0..hands).map(|_| random_win(&mut rng)).collect();
    let input: String = wins.iter().enumerate().map(|(i, w)| format!("{}\n", to_json(i, w))).collect();

    let started = Instant::now();
    let ours: Vec<_> = wins.iter().map(|w| evaluate(&w.hand, &w.situation, &w.options)).collect();
    let our_time = started.elapsed();

    let (theirs, library_note) = match python_reference(SCRIPT, input) {
        Ok(found) => found,
        Err(why) => return skip(&why),
    };
    assert_eq!(theirs.len(), hands, "one answer per hand");
    let mut same = 0;
    let mut deliberate: BTreeMap<String, usize> = BTreeMap::new();
    let mut differs = Vec::new();
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let mut coverage: BTreeMap<String, usize> = BTreeMap::new();
    for ((win, our), their) in wins.iter().zip(&ours).zip(&theirs) {
        match our {
            Err(e) => *refused.entry(format!("{e:?}")).or_default() += 1,
            Ok(score) => score.yaku.iter().for_each(|y| *coverage.entry(format!("{y:?}")).or_default() += 1),
        }
        match compare(win, our, their) {
            Verdict::Same => same += 1,
            Verdict::Deliberate(kind) => *deliberate.entry(format!("{kind:?}")).or_default() += 1,
            Verdict::Differs(what) => {
                differs.push(format!("{}: {what}", stecca_rules_riichi::reference::notation(win)))
            }
        }
    }
    println!(
        "riichi differential: {hands} hands, {same} same, deliberate {deliberate:?}, {} different; refused by both \
         sides {refused:?}; ours {:.3} s, {}",
        differs.len(),
        our_time.as_secs_f64(),
        library_note.trim()
    );
    println!("yaku met: {coverage:?}");
    for line in differs.iter().take(15) {
        println!("  {line}");
    }
    assert!(differs.is_empty(), "{} of {hands} hands differ from the library", differs.len());
}
