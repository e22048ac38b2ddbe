//! Printing at full size: standings for 400 players, plus seating sheets and score sheets for 100 tables ×
//! 12 sessions, written as PDF, with each file's size (the fonts are subset: only the glyphs used are
//! embedded). `cargo bench --bench export`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a bench or an example stops on a failed step"
)]

use std::time::Instant;

use stecca::desk::{self, demo_players};
use stecca::export::{Format, What, export};
use stecca::i18n::Lang;
use stecca::store::Store;
use stecca::tournament::TournamentSettings;

fn main() {
    let mut store = Store::open_in_memory().expect("store");
    let settings =
        TournamentSettings { name: "Campionato Europeo".into(), sessions: 12, ..TournamentSettings::default() };
    let id = desk::create_tournament(&mut store, &settings, "bench").expect("tournament");
    store.import_players(id, &demo_players(400), "bench").expect("players");
    desk::seat_tournament(&mut store, id, 0.0, "bench").expect("seating");

    let started = Instant::now();
    let mut bytes = 0;
    let mut pages = Vec::new();
    for what in [What::Standings, What::Seating, What::Scoresheets] {
        let one = Instant::now();
        let pdf = export(&store, id, what, Format::Pdf, Lang::ITALIAN, None).expect("pdf");
        pages.push(format!("{} {:.0} ms, {} KB", what.name(), one.elapsed().as_secs_f64() * 1000.0, pdf.len() / 1024));
        bytes += pdf.len();
    }
    let total = started.elapsed();
    println!("export: 400 players, 100 tables × 12 sessions: {} ({} bytes)", pages.join(", "), bytes);
    println!("export: all three PDFs in {:.0} ms", total.as_secs_f64() * 1000.0);
}
