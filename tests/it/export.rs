//! Exports read back: PDF text extracted and checked (names with accents, long names, points, page numbers),
//! CSV snapshots (insta), formula injection, the CLI contract of `stecca export` and `stecca list`.

use stecca::desk::{self, DemoSize};
use stecca::export::{Format, What, export};
use stecca::i18n::Lang;
use stecca::message::Explain;
use stecca::store::Store;
use stecca::tournament::{Id, PlayerData, TournamentSettings};

const LONG: &str = "Maria Valentina Alessandra Ferrante-Giustiniani Dell'Orto Bi"; // 60 characters

/// A tournament of eight players with awkward names (accents, 60 characters, a formula), seated for two
/// sessions, with one manche entered at table 1.
fn awkward(store: &mut Store) -> Id {
    let settings = TournamentSettings {
        name: "Campionato Città di Bologna".into(),
        venue: "Sala Borsa".into(),
        start_date: chrono::NaiveDate::from_ymd_opt(2026, 11, 21),
        end_date: chrono::NaiveDate::from_ymd_opt(2026, 11, 22),
        sessions: 2,
        ..TournamentSettings::default()
    };
    let id = desk::create_tournament(store, &settings, "Rossi").expect("tournament");
    let names = ["Niccolò Bàrtoli-Dell'Acqua", LONG, "=HYPERLINK(\"x\")", "Zoë", "Anna", "Bruno", "Carla", "Dario"];
    let players: Vec<PlayerData> = names
        .iter()
        .enumerate()
        .map(|(i, n)| PlayerData {
            name: (*n).into(),
            club: "Drago".into(),
            country: "IT".into(),
            federation_id: format!("BO-{:03}", i + 1),
            ..PlayerData::default()
        })
        .collect();
    let ids = store.import_players(id, &players, "Rossi").expect("players");
    let sessions = vec![
        vec![vec![ids[0], ids[1], ids[2], ids[3]], vec![ids[4], ids[5], ids[6], ids[7]]],
        vec![vec![ids[0], ids[4], ids[2], ids[6]], vec![ids[1], ids[5], ids[3], ids[7]]],
    ];
    store.save_seating(id, 1, &sessions, "Rossi").expect("seat");
    let table = store.seating(id).expect("seating")[0].id;
    desk::confirm_manche(store, table, 1, &crate::common::digest_entry(), "Rossi").expect("manche");
    id
}

pub fn pdf_pages(bytes: &[u8]) -> Vec<String> {
    crate::common::pdf::pages(bytes)
}

/// Extracted text with whitespace collapsed (extraction may split words and lines differently).
pub fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn standings_pdf_holds_names_points_and_page_numbers(mut store: Store) {
    let id = awkward(&mut store);
    let bytes = export(&store, id, What::Standings, Format::Pdf, Lang::ITALIAN, None).expect("pdf");
    let pages = pdf_pages(&bytes);
    assert_eq!(pages.len(), 1);
    let text = flat(&pages[0]);
    assert!(text.contains("Campionato Città di Bologna"), "{text}");
    assert!(text.contains("Niccolò Bàrtoli-Dell'Acqua"), "{text}");
    assert!(text.contains("Zoë"));
    assert!(text.contains("Pagina 1 di 1"));
    // Only the glyphs used are embedded: DejaVu Sans alone is 740 KB, regular and bold over 1.4 MB.
    assert!(bytes.len() < 60_000, "{} bytes: the fonts are subset", bytes.len());
    assert!(
        text.contains("Classifica provvisoria — sessione 1 / 2 in corso, 1 manche inserita"),
        "one manche of session 1: provisional, {text}"
    );
    let rows = desk::standings(&store, id).expect("standings");
    for row in &rows {
        assert!(text.contains(&row.points.to_string()), "points of {}", row.player.name);
    }
    // The 60-character name is shortened to its column, never drawn over the next one.
    assert!(text.contains("Maria Valentina"), "{text}");
    assert!(!text.contains(LONG), "the long name is fitted to its column");
    // The same sheet in French, a language that is only locale folders: its words, its page numbers.
    let french = Lang::parse("fr").expect("French is a language of the desk");
    let bytes = export(&store, id, What::Standings, Format::Pdf, french, None).expect("pdf");
    let text = flat(&pdf_pages(&bytes)[0]);
    assert!(text.contains("Classement") && text.contains("Page 1 sur 1"), "{text}");
    assert!(text.contains("Niccolò Bàrtoli-Dell'Acqua"), "{text}");
}

fn a_long_standings_list_repeats_its_header_on_every_page(mut store: Store) {
    let id = desk::create_demo(
        &mut store,
        DemoSize { players: 80, sessions: 1, club_weight: 0.0, ..DemoSize::default() },
        3,
        "demo",
    )
    .expect("demo");
    let bytes = export(&store, id, What::Standings, Format::Pdf, Lang::ENGLISH, None).expect("pdf");
    let pages = pdf_pages(&bytes);
    assert_eq!(pages.len(), 3, "80 rows need two pages, the demo's 20 teams a third");
    for (i, page) in pages.iter().enumerate() {
        let text = flat(page);
        assert!(text.contains("Standings") || text.contains("Team standings"), "header on page {}", i + 1);
        assert!(text.contains("Points"), "column titles on page {}", i + 1);
        assert!(text.contains(&format!("Page {} of 3", i + 1)), "{text}");
    }
    assert!(flat(&pages[2]).contains("Team standings"), "the teams after the players");
}

fn seating_score_sheets_and_card_pdfs(mut store: Store) {
    let id = awkward(&mut store);
    let seating = pdf_pages(&export(&store, id, What::Seating, Format::Pdf, Lang::ITALIAN, None).expect("seating"));
    assert_eq!(seating.len(), 4, "by table and by name, for each of 2 sessions");
    let by_table = flat(&seating[0]);
    assert!(by_table.contains("Posti ai tavoli") && by_table.contains("Niccolò Bàrtoli-Dell'Acqua"), "{by_table}");
    let by_name = flat(&seating[1]);
    assert!(by_name.find("Anna").expect("Anna") < by_name.find("Zoë").expect("Zoë"), "sorted by name");

    let sheets = pdf_pages(&export(&store, id, What::Scoresheets, Format::Pdf, Lang::ITALIAN, None).expect("sheets"));
    assert_eq!(sheets.len(), 4, "one page per table per session");
    let sheet = flat(&sheets[0]);
    for needle in ["Foglio segnapunti", "Sessione 1", "Tavolo 1", "Firma dell'arbitro", "Totale", "16", "Pagina 1 di 4"]
    {
        assert!(sheet.contains(needle), "{needle} in {sheet}");
    }

    let player = store.players(id).expect("players")[0].id;
    let card = pdf_pages(&export(&store, id, What::Card, Format::Pdf, Lang::ENGLISH, Some(player)).expect("card"));
    let text = flat(&card[0]);
    assert!(text.contains("Player card") && text.contains("Niccolò Bàrtoli-Dell'Acqua"), "{text}");
    let net = store.table_manches(store.seating(id).expect("s")[0].id).expect("m")[0].nets[0];
    assert!(text.contains(&format!("Total: {net}")), "{text}");
}

fn csv_exports_match_their_snapshots(mut store: Store) {
    let id = awkward(&mut store);
    for what in [What::Standings, What::Players, What::Seating, What::Payments] {
        let bytes = export(&store, id, what, Format::Csv, Lang::ITALIAN, None).expect("csv");
        let text = String::from_utf8(bytes).expect("UTF-8");
        insta::assert_snapshot!(format!("csv_{}", what.name()), text);
    }
    let manches = String::from_utf8(export(&store, id, What::Manches, Format::Csv, Lang::ITALIAN, None).expect("csv"))
        .expect("utf8");
    // Timestamps change from run to run: compare the rest.
    let stable: Vec<String> = manches
        .lines()
        .map(|line| line.split(',').filter(|c| !c.starts_with("20") || c.len() < 19).collect::<Vec<_>>().join(","))
        .collect();
    insta::assert_snapshot!("csv_manches", stable.join("\n"));
}

fn a_formula_in_a_name_is_neutralised_and_numbers_stay_numbers(mut store: Store) {
    let id = awkward(&mut store);
    let bytes = export(&store, id, What::Standings, Format::Csv, Lang::ITALIAN, None).expect("csv");
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let mut saw_formula = false;
    for record in reader.records() {
        let record = record.expect("row");
        let name = &record[1];
        assert!(!name.starts_with('='), "{name}");
        saw_formula |= name == "'=HYPERLINK(\"x\")";
        let points: i64 = record[5].parse().expect("points are a plain number");
        assert!(!record[5].starts_with('\''), "{points}");
    }
    assert!(saw_formula);
}

/// `--sep ';'` (the Italian desk's default): cells split on `;`, the decimals of placement points written with a
/// comma, numbers still plain numbers and a formula in a name still neutralised (issue "The desk at the table,
/// round two", CSV for Italian spreadsheets).
fn a_semicolon_csv_has_decimal_commas_and_the_same_formula_guard(mut store: Store) {
    let id = awkward(&mut store);
    let style = stecca::export::Style {
        lang: Lang::ITALIAN,
        separator: stecca::export::csv::Separator::Semicolon,
        board: None,
    };
    let bytes = export(&store, id, What::Standings, Format::Csv, style.clone(), None).expect("csv");
    let text = String::from_utf8(bytes.clone()).expect("utf-8");
    assert!(text.starts_with("rank;name;club;country;federation_id;points;placement_points;"), "{text}");
    let mut reader = csv::ReaderBuilder::new().delimiter(b';').from_reader(bytes.as_slice());
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    let formula = rows.iter().find(|r| r[1].contains("HYPERLINK")).expect("the formula's row");
    assert_eq!(&formula[1], "'=HYPERLINK(\"x\")", "neutralised");
    assert_eq!(&formula[6], "1,5", "a decimal comma");
    assert_eq!(&formula[4], "BO-003", "the federation number");
    assert!(rows.iter().all(|r| r[5].parse::<i64>().is_ok()), "points are plain numbers");
    // The players' list carries the federation number, not the desk's row id.
    let players = export(&store, id, What::Players, Format::Csv, style, None).expect("players");
    let players = String::from_utf8(players).expect("utf-8");
    assert!(players.starts_with("federation_id;name;") && players.contains("\nBO-001;Niccolò"), "{players}");
}

fn unsupported_combinations_and_missing_players_are_refused(mut store: Store) {
    let id = awkward(&mut store);
    let error =
        export(&store, id, What::Scoresheets, Format::Csv, Lang::ITALIAN, None).expect_err("no CSV score sheets");
    assert!(error.to_string().contains("scoresheets as csv"), "{error}");
    let error = export(&store, id, What::Card, Format::Pdf, Lang::ITALIAN, None).expect_err("which player?");
    assert!(error.to_string().contains("--player"), "{error}");
    let error = export(&store, id, What::Card, Format::Pdf, Lang::ITALIAN, Some(9999)).expect_err("unknown player");
    assert_eq!(error.message().id(), Some("error.player.other_tournament"), "{error}");
}

#[test]
fn the_export_and_list_commands() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = {
        let mut store = Store::open(&db).expect("store");
        awkward(&mut store)
    };
    let list = crate::common::cli::command().args(["list", "--db"]).arg(&db).output().expect("list");
    assert!(list.status.success());
    let listed = String::from_utf8_lossy(&list.stdout);
    assert!(listed.starts_with(&format!("{id}\tCampionato Città di Bologna")), "{listed}");

    let out = dir.path().join("standings.pdf");
    let status = crate::common::cli::command()
        .args(["export", "--tournament", &id.to_string(), "--what", "standings", "--format", "pdf", "--db"])
        .arg(&db)
        .arg("--out")
        .arg(&out)
        .status()
        .expect("export");
    assert!(status.success());
    let text = flat(&pdf_pages(&std::fs::read(&out).expect("written"))[0]);
    assert!(text.contains("Niccolò"));

    // `--sep ';'` for Italian spreadsheets; any other separator is refused by name.
    let out = dir.path().join("classifica.csv");
    let tournament = id.to_string();
    let args = ["export", "--tournament", &tournament, "--what", "standings", "--format", "csv", "--db"];
    let status = crate::common::cli::command()
        .args(args)
        .arg(&db)
        .args(["--sep", ";", "--out"])
        .arg(&out)
        .status()
        .expect("csv");
    assert!(status.success());
    let written = std::fs::read_to_string(&out).expect("written");
    assert!(written.starts_with("rank;name;") && written.contains(";1,5;"), "{written}");
    let bad = crate::common::cli::command().args(args).arg(&db).args(["--sep", "|", "--out"]).arg(&out).output();
    let bad = bad.expect("refused");
    assert!(!bad.status.success());
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.contains("--sep |: the separator is \",\" or \";\""), "{said}");

    let bad = crate::common::cli::command()
        .args(["export", "--tournament", "77", "--what", "standings", "--format", "csv", "--out", "x.csv", "--db"])
        .arg(&db)
        .output()
        .expect("export");
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("--tournament 77: see"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
    let missing = crate::common::cli::command().args(["list", "--db", "/nonexistent/none.db"]).output().expect("list");
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no such database"));
}

/// Spreadsheets split a CSV on `,` or, in Italian locales, on `;`: read either way, no cell of any export
/// starts a formula (numbers, negative ones included, stay numbers).
fn no_export_cell_starts_a_formula_whichever_separator_the_spreadsheet_uses(mut store: Store) {
    let settings = TournamentSettings { name: "Coppa;=1+1".into(), sessions: 1, ..TournamentSettings::default() };
    let id = desk::create_tournament(&mut store, &settings, "Rossi").expect("tournament");
    let names = ["Rossi;=cmd|'/C calc'!A0", "Bianchi; +SUM(A1)", "Verdi,@x", "Neri;-2+3"];
    let players: Vec<PlayerData> = names
        .iter()
        .map(|n| PlayerData {
            name: (*n).into(),
            club: "Drago;=2".into(),
            country: "IT".into(),
            ..PlayerData::default()
        })
        .collect();
    let ids = store.import_players(id, &players, "Rossi").expect("players");
    store.save_seating(id, 1, &[vec![ids.clone()]], "Rossi").expect("seat");
    let table = store.seating(id).expect("seating")[0].id;
    let mut entry = crate::common::digest_entry();
    entry.hands[1].mahjong = true;
    desk::confirm_manche(&mut store, table, 1, &entry, "Rossi").expect("manche");
    for what in [What::Standings, What::Seating, What::Players, What::Manches, What::Payments] {
        let bytes = export(&store, id, what, Format::Csv, Lang::ITALIAN, None).expect("csv");
        for separator in [b',', b';'] {
            let mut reader = csv::ReaderBuilder::new()
                .delimiter(separator)
                .flexible(true)
                .has_headers(false)
                .from_reader(bytes.as_slice());
            for record in reader.records() {
                for field in record.expect("row").iter() {
                    let field = field.trim_start_matches([' ', '"']);
                    let formula = field.starts_with(['=', '+', '-', '@', '\t', '\r']);
                    assert!(
                        !formula || field.parse::<f64>().is_ok(),
                        "{what:?} split on {}: {field:?}",
                        separator as char
                    );
                }
            }
        }
    }
}

/// A player card of a 100-character name: the heading shrinks to fit the page and keeps the whole name.
fn a_card_of_a_hundred_character_name_keeps_it_whole_on_the_page(mut store: Store) {
    let (id, table) = crate::common::seated_four(&mut store);
    let long: String = "Maria Vittoria Bàrtoli-Dell'Acqua de' Medici ".repeat(3).chars().take(100).collect();
    let anna = store.players(id).expect("players")[0].clone();
    let data = PlayerData { name: long.clone(), ..anna.data };
    store.update_player(id, anna.id, &data, "R").expect("rename");
    desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "R").expect("manche");
    let bytes = export(&store, id, What::Card, Format::Pdf, Lang::ITALIAN, Some(anna.id)).expect("card");
    if let Ok(dir) = std::env::var("STECCA_PDF_DIR") {
        std::fs::write(std::path::Path::new(&dir).join("long-card.pdf"), &bytes).expect("kept for a look");
    }
    let text = flat(&pdf_pages(&bytes)[0]);
    assert!(text.contains(flat(long.trim_end()).as_str()), "{text}");
}

/// Once every table of the session has played its manches, the standings are "after session 1".
fn standings_after_a_complete_session_say_so(mut store: Store) {
    let size = desk::DemoSize { players: 8, sessions: 2, ..desk::DemoSize::default() };
    let id = desk::create_demo(&mut store, size, 3, "R").expect("demo");
    let bytes = export(&store, id, What::Standings, Format::Pdf, Lang::ITALIAN, None).expect("pdf");
    let text = flat(&pdf_pages(&bytes)[0]);
    assert!(text.contains("Classifica — dopo la sessione 2 / 2"), "{text}");
    assert!(!text.contains("provvisoria"));
}

fn nmjl_sheets_carry_the_facts_of_each_game_and_the_csv_the_card_lines(mut store: Store) {
    let size = DemoSize { players: 8, sessions: 1, club_weight: 0.0, rules: "nmjl" };
    let id = desk::create_demo(&mut store, size, 7, "demo").expect("demo");
    let sheets = pdf_pages(&export(&store, id, What::Scoresheets, Format::Pdf, Lang::ITALIAN, None).expect("sheets"));
    let sheet = flat(&sheets[0]);
    for needle in ["Vincitore", "Mano · valore", "Scarto di", "No jolly", "Esp.", "Americano (NMJL)"] {
        assert!(sheet.contains(needle), "{needle} in {sheet}");
    }
    let english = pdf_pages(&export(&store, id, What::Scoresheets, Format::Pdf, Lang::ENGLISH, None).expect("sheets"));
    assert!(flat(&english[0]).contains("Discard by"), "{}", english[0]);
    let csv = String::from_utf8(export(&store, id, What::Manches, Format::Csv, Lang::ENGLISH, None).expect("csv"))
        .expect("utf8");
    assert!(csv.lines().any(|l| l.contains(",yes,exposures=")), "the winner's exposures: {csv}");
    assert!(csv.lines().any(|l| l.contains(",no,discarder,")), "the discarder: {csv}");
    let standings = desk::standings(&store, id).expect("standings");
    assert_eq!(standings.iter().map(|r| r.points).sum::<i64>(), 0, "payments settle to zero");
}

crate::on_both_backends!(
    standings_pdf_holds_names_points_and_page_numbers,
    a_long_standings_list_repeats_its_header_on_every_page,
    seating_score_sheets_and_card_pdfs,
    csv_exports_match_their_snapshots,
    a_formula_in_a_name_is_neutralised_and_numbers_stay_numbers,
    a_semicolon_csv_has_decimal_commas_and_the_same_formula_guard,
    unsupported_combinations_and_missing_players_are_refused,
    no_export_cell_starts_a_formula_whichever_separator_the_spreadsheet_uses,
    a_card_of_a_hundred_character_name_keeps_it_whole_on_the_page,
    standings_after_a_complete_session_say_so,
    nmjl_sheets_carry_the_facts_of_each_game_and_the_csv_the_card_lines,
);
