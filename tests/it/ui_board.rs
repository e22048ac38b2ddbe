//! The hall's board from the desk's window: started for the open tournament, its address and QR code shown, the
//! pages served while the referee works, the address printed on the seating sheet, and stopped.

use egui::Role;
use egui_kittest::kittest::Queryable;
use stecca::store::Store;
use stecca::ui::{DeskApp, Screen};

use crate::common::desk::{click, harness, retype};
use crate::common::http::get;

#[test]
fn the_desk_starts_the_board_shows_its_address_and_the_seating_sheet_prints_it() {
    let dir = tempfile::tempdir().expect("dir");
    let mut store = Store::open(&dir.path().join("hall.db")).expect("store");
    let size =
        stecca::desk::DemoSize { players: 16, sessions: 2, club_weight: 0.0, ..stecca::desk::DemoSize::default() };
    let id = stecca::desk::create_demo(&mut store, size, 3, "demo").expect("demo");
    let mut app = DeskApp::new(store);
    app.export_dir = Some(dir.path().join("exports"));
    std::fs::create_dir(dir.path().join("exports")).expect("exports");
    app.open_tournament(id);
    app.go(Screen::Sessions);
    let mut harness = harness(app);
    harness.run();

    click(&mut harness, Role::Button, "Tabellone");
    click(&mut harness, Role::RadioButton, "Solo su questo computer");
    retype(&mut harness, "Porta", "99999");
    click(&mut harness, Role::Button, "Avvia il tabellone");
    harness.get_by_label("Porta: «99999» non è un numero da 1 a 65535");
    assert!(!harness.state().board_running());

    // Port 0: any free one (the tests run side by side).
    retype(&mut harness, "Porta", "0");
    click(&mut harness, Role::Button, "Avvia il tabellone");
    assert!(harness.state().board_running(), "the board runs");
    let url = harness.state().board_url().expect("an address");
    assert!(url.starts_with("http://127.0.0.1:"), "this computer only: {url}");
    harness.get_by_label(&url);
    harness.get_by_label("● Tabellone");
    let address = url.trim_start_matches("http://").trim_end_matches('/').parse().expect("address");
    let mut page = get(address, "/");
    for _ in 0..100 {
        if page.body.contains("Torneo dimostrativo") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        page = get(address, "/");
    }
    assert!(page.body.contains("Torneo dimostrativo — 16 giocatori"), "{}", page.body);
    harness.run();
    harness.get_by_label_contains("Mostra «Torneo dimostrativo — 16 giocatori», letto alle");

    // The seating sheet carries the address while the board runs.
    click(&mut harness, Role::Button, "Posti (PDF)");
    let pdf = std::fs::read_dir(dir.path().join("exports"))
        .expect("exports")
        .map(|e| e.expect("entry").path())
        .find(|p| p.extension().is_some_and(|e| e == "pdf"))
        .expect("the seating sheet");
    let pages = crate::common::pdf::pages(&std::fs::read(&pdf).expect("read"));
    assert!(pages[0].contains(&url), "the first page of session 1 names the board: {}", pages[0]);
    assert!(pages[0].contains("Classifica e posti sul telefono"));

    click(&mut harness, Role::Button, "Ferma il tabellone");
    assert!(!harness.state().board_running());
    // The board stops on a thread of its own (the window does not wait for its reader): shortly after.
    let started = std::time::Instant::now();
    while std::net::TcpStream::connect(address).is_ok() && started.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(std::net::TcpStream::connect(address).is_err(), "nothing listens any more");
    harness.get_by_label("Avvia il tabellone");
}
