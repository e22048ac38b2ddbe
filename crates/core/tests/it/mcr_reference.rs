//! The MCR evaluator against PyMahjongGB (`scripts/mcr_reference.py`), on random valid wins.
//!
//! `MCR_DIFF_HANDS` sets the number of hands (default 2,000, about a second in a debug build), `MCR_DIFF_SEED`
//! the seed. The offline run: `MCR_DIFF_HANDS=100000 cargo test --release -p stecca-core --test it
//! mcr_reference -- --nocapture`. Without python3 or the library the test says SKIPPED on the terminal and
//! passes, unless `STECCA_REQUIRE_PYMAHJONGGB=1`, when it fails. The deliberate differences (the rule book
//! against the library) are listed in `stecca_rules_mcr::reference` and counted apart.

use crate::common::{env_number, python_reference};
use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use stecca_core::rng::Rng;
use stecca_rules_mcr::random::{RandomWin, random_win};
use stecca_rules_mcr::reference::{Verdict, compare, notation, to_json};
use stecca_rules_mcr::{Options, evaluate};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/mcr_reference.py");

/// Says SKIPPED where a person sees it, or fails when the library is required.
fn skip(why: &str) {
    let required = std::env::var("STECCA_REQUIRE_PYMAHJONGGB").is_ok_and(|v| v == "1");
    assert!(!required, "MCR differential cannot run: {why}");
    let _ = writeln!(std::io::stderr(), "SKIPPED MCR differential test: {why} (pip install PyMahjongGB)");
}

#[test]
fn mcr_evaluator_agrees_with_pymahjonggb() {
    let hands = env_number("MCR_DIFF_HANDS", 2000) as usize;
    let mut rng = Rng::new(env_number("MCR_DIFF_SEED", 2006));
    let wins: Vec<RandomWin> = (0..hands).map(|_| random_win(&mut rng)).collect();
    let input: String = wins.iter().enumerate().map(|(i, w)| format!("{}\n", to_json(i, w))).collect();

    let started = Instant::now();
    let ours: Vec<_> = wins.iter().map(|w| evaluate(&w.hand, &w.situation, &Options::default())).collect();
    let our_time = started.elapsed();

    let (theirs, library_note) = match python_reference(SCRIPT, input) {
        Ok(found) => found,
        Err(why) => return skip(&why),
    };
    assert_eq!(theirs.len(), hands, "one answer per hand");
    let mut same = 0;
    let mut deliberate: BTreeMap<String, usize> = BTreeMap::new();
    let mut differs = Vec::new();
    let mut coverage: BTreeMap<String, usize> = BTreeMap::new();
    let mut below_minimum = 0;
    for ((win, our), their) in wins.iter().zip(&ours).zip(&theirs) {
        if let Ok(score) = our {
            score.fans.iter().for_each(|(f, _)| *coverage.entry(format!("{f:?}")).or_default() += 1);
            below_minimum += usize::from(!score.legal);
        }
        match compare(win, our, their) {
            Verdict::Same => same += 1,
            Verdict::Deliberate(kinds) => {
                kinds.iter().for_each(|k| *deliberate.entry(format!("{k:?}")).or_default() += 1);
            }
            Verdict::Differs(what) => differs.push(format!("{}: {what}", notation(win))),
        }
    }
    println!(
        "MCR differential: {hands} hands, {same} same, {} deliberate {deliberate:?}, {} different; {below_minimum} \
         under 8 points; ours {:.3} s, {}",
        hands - same - differs.len(),
        differs.len(),
        our_time.as_secs_f64(),
        library_note.trim()
    );
    println!("fan met ({} of 81): {coverage:?}", coverage.len());
    for line in differs.iter().take(20) {
        println!("  {line}");
    }
    assert!(differs.is_empty(), "{} of {hands} hands differ from the library", differs.len());
}
