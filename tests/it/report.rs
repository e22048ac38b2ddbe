//! The tournament report for the federation (issue 65): what was played, by whom, the referees from the
//! notebook, the final and team standings, the penalties and the corrections with who and when; by the CLI too.

use stecca::desk;
use stecca::export::{Format, What, export};
use stecca::i18n::Lang;
use stecca::store::Store;

use crate::export::{flat, pdf_pages};

#[test]
fn the_report_holds_the_tournament_its_referees_standings_penalties_and_corrections() {
    let mut store = Store::open_in_memory().expect("open");
    let size = desk::DemoSize { players: 8, sessions: 1, club_weight: 0.0, ..desk::DemoSize::default() };
    let id = desk::create_demo(&mut store, size, 9, "Giulia Neri").expect("demo");
    let player = store.players(id).expect("players")[2].clone();
    store.add_penalty(id, player.id, Some(1), 30, "Telefono al tavolo", "Mario Rossi").expect("penalty");
    // A correction: the first table's first manche scored again as a void one.
    let table = store.seating(id).expect("seating")[0].id;
    let void = stecca::tournament::MancheEntry { void: true, ..stecca::tournament::MancheEntry::blank(4) };
    desk::confirm_manche(&mut store, table, 1, &void, "Mario Rossi").expect("correction");

    let pages = pdf_pages(&export(&store, id, What::Report, Format::Pdf, Lang::ENGLISH, None).expect("report"));
    let text: String = pages.iter().map(|p| flat(p)).collect::<Vec<_>>().join("\n");
    for needle in [
        "Tournament report",
        "FIMJ",
        "8 ranked, 0 substitutes",
        "Giulia Neri",
        "Mario Rossi",
        "Final standings",
        "Team standings",
        "Telefono al tavolo",
        "S1 · T1 · M1",
        &player.data.name,
    ] {
        assert!(text.contains(needle), "{needle} in {text}");
    }
    let standings = desk::standings(&store, id).expect("standings");
    assert!(text.contains(&standings[0].player.name), "the winner");
}

#[test]
fn stecca_export_writes_the_report() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let db = db.to_str().expect("path");
    let demo = crate::common::cli::stecca(db, &["demo", "--players", "8", "--sessions", "1"]);
    assert!(demo.status.success(), "{}", String::from_utf8_lossy(&demo.stderr));
    let out = dir.path().join("report.pdf");
    let run = crate::common::cli::stecca(
        db,
        &["export", "--tournament", "1", "--what", "report", "--format", "pdf", "--out", out.to_str().expect("p")],
    );
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(std::fs::read(&out).expect("pdf").starts_with(b"%PDF"));
}
