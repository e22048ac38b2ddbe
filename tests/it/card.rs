//! A tournament's card at the desk (issue "Modern American (NMJL)"): import with a per-row check (all rows or
//! none), edits replacing it whole and audited, refused for rules without a card; and NMJL games entered and
//! stored with the hand picked from it.

use stecca::desk;
use stecca::rules::MancheInput;
use stecca::rules::book::BookValue;
use stecca::store::Store;
use stecca::tournament::{HandEntry, MancheEntry, PlayerData, TournamentSettings};
use stecca_rules_nmjl::card::{CARD as MODEL, CARD_VALUE, CONCEALED, HAND, JOKERS, SECTION};

const CARD: &str = "section,hand,value,concealed,jokers\n\
                    2468,FF 2222 44 6666 88,25,X,yes\n\
                    Like Numbers,FF 1111 D 1111 D 11,30,X,yes\n\
                    Singles and Pairs,NN EW SS 11 22 33 44,75,C,no\n";

/// An NMJL tournament (tournament points when `tournament`) with Ada, Bea, Cy, Dot seated at one table.
fn nmjl(store: &mut Store, options: serde_json::Value) -> (i64, i64) {
    let settings = TournamentSettings {
        name: "Mahjongg Open".into(),
        rules: "nmjl".into(),
        options,
        sessions: 1,
        manches_per_session: 4,
        ..TournamentSettings::default()
    };
    let id = desk::create_tournament(store, &settings, "Arbitro").expect("tournament");
    for name in ["Ada", "Bea", "Cy", "Dot"] {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "Arbitro").expect("player");
    }
    let players: Vec<i64> = store.players(id).expect("players").iter().map(|p| p.id).collect();
    store.save_seating(id, 1, &[vec![players]], "Arbitro").expect("seating");
    (id, store.seating(id).expect("seating")[0].id)
}

fn a_card_file_is_imported_whole_or_not_at_all(mut store: Store) {
    let (id, _) = nmjl(&mut store, serde_json::json!({}));
    let bad = format!("{CARD}Quints,11111 22 33333,forty,X,\n");
    let error = desk::import_book(&mut store, id, &bad, "Arbitro").expect_err("a bad row");
    assert!(error.to_string().contains("Line 5") && error.to_string().contains("«forty»"), "{error}");
    assert!(desk::book(&store, id).expect("card").is_empty(), "nothing imported");
    assert_eq!(desk::import_book(&mut store, id, CARD, "Arbitro").expect("import"), 3);
    let card = desk::book(&store, id).expect("card");
    assert_eq!(card.len(), 3);
    assert_eq!(MODEL.label(&card[2]), "Singles and Pairs · NN EW SS 11 22 33 44");
    assert!(card[2].flag(CONCEALED) && !card[2].flag(JOKERS));
    let again = desk::preview_book_import(&store, id, CARD).expect("preview");
    assert!(again.iter().all(|row| row.result.is_err()), "the same hands again are duplicates");
    let audit = store.audit_log(id).expect("audit");
    assert!(audit.iter().any(|e| e.entity == "book" && e.action == "set"));
}

fn an_edit_replaces_the_card_and_is_checked_first(mut store: Store) {
    let (id, _) = nmjl(&mut store, serde_json::json!({}));
    desk::import_book(&mut store, id, CARD, "Arbitro").expect("import");
    let mut card = desk::book(&store, id).expect("card");
    card[0].set(CARD_VALUE, BookValue::Number(30));
    card.remove(1);
    desk::set_book(&mut store, id, &card, "Arbitro").expect("edit");
    let kept = desk::book(&store, id).expect("card");
    assert_eq!((kept.len(), kept[0].number(CARD_VALUE)), (2, 30));
    let mut blank_section = MODEL.blank();
    blank_section.set(SECTION, BookValue::Text(" ".into()));
    blank_section.set(HAND, BookValue::Text("FF".into()));
    blank_section.set(CARD_VALUE, BookValue::Number(25));
    card.push(blank_section);
    let error = desk::set_book(&mut store, id, &card, "Arbitro").expect_err("empty section");
    assert!(error.to_string().contains("Section"), "{error}");
    assert_eq!(desk::book(&store, id).expect("card").len(), 2, "nothing changed");
}

fn rules_without_a_card_keep_none(mut store: Store) {
    let settings = TournamentSettings { name: "Coppa".into(), ..TournamentSettings::default() };
    let id = desk::create_tournament(&mut store, &settings, "Arbitro").expect("tournament");
    let error = desk::import_book(&mut store, id, CARD, "Arbitro").expect_err("FIMJ has no card");
    assert!(error.to_string().contains("keep no tournament list"), "{error}");
    assert!(desk::book(&store, id).expect("no book").is_empty());
}

fn ada_wins(value: &str, card_hand: &str, discarder: usize) -> MancheEntry {
    let mut hands = vec![HandEntry::default(); 4];
    hands[0] = HandEntry { mahjong: true, ..HandEntry::default() };
    hands[0].set("value", value);
    hands[0].set("card_hand", card_hand);
    hands[0].set("exposures", "2");
    hands[discarder].set_flag("discarder", true);
    MancheEntry { void: false, hands }
}

fn a_game_is_confirmed_stored_and_ranked(mut store: Store) {
    let (id, table) = nmjl(&mut store, serde_json::json!({"mode": "tournament"}));
    let entry = ada_wins("25", "2468 · FF 2222 44 6666 88", 1);
    let (input, outcome) = desk::confirm_manche(&mut store, table, 1, &entry, "Arbitro").expect("saved");
    assert_eq!(
        input.players[0].field::<String>("card_hand").expect("text").as_deref(),
        Some("2468 · FF 2222 44 6666 88")
    );
    assert_eq!(outcome.net, [("Ada".into(), 25), ("Bea".into(), -20), ("Cy".into(), 0), ("Dot".into(), 0)]);
    let state = desk::table_state(&store, table).expect("table");
    assert_eq!(state.manches[0].outcome.players[0].arrangement, "2468 · FF 2222 44 6666 88");
    assert_eq!(MancheEntry::from_input(&state.manches[0].input), entry, "the typed game comes back for a correction");
    let standings = desk::standings(&store, id).expect("standings");
    assert_eq!((standings[0].player.name.as_str(), standings[0].points), ("Ada", 25));
    // East passes after every game: Bea deals the second.
    assert_eq!(state.frame(2).dealer, 1);
}

fn typing_mistakes_are_placed_beside_the_hand(mut store: Store) {
    let (_, table) = nmjl(&mut store, serde_json::json!({}));
    let mut entry = ada_wins("2x5", "", 1);
    entry.hands[2].set("dead", "dead");
    let error = desk::confirm_manche(&mut store, table, 1, &entry, "Arbitro").expect_err("not a number");
    let desk::DeskError::Entry(errors) = error else { panic!("an entry error: {error}") };
    assert!(
        errors.hands[0]
            .as_ref()
            .is_some_and(|e| e.reason.render(stecca::i18n::Lang::ITALIAN).contains("«2x5» non è un numero intero"))
    );
    let mut entry = ada_wins("25", "", 1);
    entry.hands[3].set_flag("discarder", true);
    let error = desk::confirm_manche(&mut store, table, 1, &entry, "Arbitro").expect_err("two discarders");
    let desk::DeskError::Entry(errors) = error else { panic!("an entry error: {error}") };
    assert!(errors.hands[3].is_some(), "{errors:?}");
}

fn a_script_enters_a_game_but_not_a_bettor(mut store: Store) {
    let (id, _) = nmjl(&mut store, serde_json::json!({}));
    let at = desk::TableAddress { tournament: id, session: 1, table: 1 };
    let mut input: MancheInput = serde_json::from_value(serde_json::json!({"rules": "nmjl", "players": [
        {"name": "Dot"}, {"name": "Ada", "mahjong": true, "value": 30, "win": ["self_picked"]},
        {"name": "Bea"}, {"name": "Cy", "dead": true}]}))
    .expect("shape");
    input.fields.insert("bettor".into(), serde_json::json!({"name": "Eve", "on": "Ada"}));
    let error = desk::enter_manche(&mut store, at, None, &input, "script").expect_err("bettor");
    assert!(error.to_string().contains("bettor"), "{error}");
    input.fields.remove("bettor");
    let entered = desk::enter_manche(&mut store, at, None, &input, "script").expect("entered");
    assert_eq!(entered.nets, [("Ada".into(), 180), ("Bea".into(), -60), ("Cy".into(), -60), ("Dot".into(), -60)]);
}

/// Schema 5's card table as PostgreSQL's schema 7 created it (schema 9 turned it into book lines), read from
/// that migration's own file.
pub fn schema_7_card_postgres() -> &'static str {
    let schema = include_str!("../../crates/store/migrations/07-stations/postgres.sql");
    let start = schema.find("CREATE TABLE card_hand").expect("schema 7 creates the card's table");
    let end = start + schema[start..].find(");").expect("its end") + 2;
    &schema[start..end]
}

/// A database file at schema 8 with a card in schema 5's own table: opened by this build, its hands are the
/// NMJL book's lines, in order, flags and all, and the old table is gone.
#[test]
fn a_card_kept_before_schema_9_becomes_the_books_lines() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("old.db");
    let conn = rusqlite::Connection::open(&path).expect("raw");
    for sql in [
        include_str!("../../crates/store/migrations/01-initial/up.sql"),
        include_str!("../../crates/store/migrations/02-audit-by-record/up.sql"),
        include_str!("../../crates/store/migrations/03-payment-rows/up.sql"),
        include_str!("../../crates/store/migrations/04-tournament-guards/up.sql"),
        include_str!("../../crates/store/migrations/05-card/up.sql"),
        include_str!("../../crates/store/migrations/06-club-ledger/up.sql"),
        include_str!("../../crates/store/migrations/07-stations/up.sql"),
        include_str!("../../crates/store/migrations/08-outcome-ids/up.sql"),
    ] {
        conn.execute_batch(sql).expect("an older schema");
    }
    conn.pragma_update(None, "user_version", 8).expect("version 8");
    conn.execute_batch(
        "INSERT INTO tournament (id, name, rules, sessions, created_at) VALUES (1, 'Open', 'nmjl', 1, '2026-01-01');
         INSERT INTO card_hand (tournament_id, position, section, line, value, concealed, jokers) VALUES
           (1, 0, '2468', 'FF 2222 44 6666 88', 25, 0, 1),
           (1, 1, 'Singles and Pairs', 'NN EW SS 11 22 33 44', 75, 1, 0);",
    )
    .expect("a card as schema 8 kept it");
    drop(conn);
    let store = Store::open(&path).expect("migrates");
    let card = desk::book(&store, 1).expect("the book");
    let read: Vec<(String, u64, bool, bool)> =
        card.iter().map(|l| (MODEL.label(l), l.number(CARD_VALUE), l.flag(CONCEALED), l.flag(JOKERS))).collect();
    assert_eq!(
        read,
        [
            ("2468 · FF 2222 44 6666 88".to_owned(), 25, false, true),
            ("Singles and Pairs · NN EW SS 11 22 33 44".to_owned(), 75, true, false)
        ]
    );
    let old_table: bool = store
        .connection()
        .expect("sqlite")
        .query_row("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'card_hand')", [], |r| r.get(0))
        .expect("query");
    assert!(!old_table, "schema 5's table is gone");
}

/// Issue 62: a row with a field too few or too many, a negative value or an invisible character is refused
/// with its line and what is wrong, and nothing is added.
fn a_misshapen_card_row_is_refused_naming_its_line(mut store: Store) {
    let (id, _) = nmjl(&mut store, serde_json::json!({}));
    for (row, said) in [
        ("Quints,11111 22 33333,40", "Line 5: 3 fields where the header has 5: concealed, jokers are missing"),
        ("Quints,11111 22 33333,40,X,no,99", "Line 5: 6 fields where the header has 5: “99” is extra"),
        ("Quints,11111 22 33333,-25,X,no", "Line 5: Value: «-25» must not be negative"),
        ("Quints,11111\u{200b} 22 33333,40,X,no", "Line 5: Hand: “11111? 22 33333” has the invisible character U+200B"),
    ] {
        let error = desk::import_book(&mut store, id, &format!("{CARD}{row}\n"), "Arbitro").expect_err(row);
        assert!(error.to_string().starts_with(said), "{error}");
        assert!(desk::book(&store, id).expect("card").is_empty(), "nothing imported");
    }
}

crate::on_both_backends!(
    a_misshapen_card_row_is_refused_naming_its_line,
    a_card_file_is_imported_whole_or_not_at_all,
    an_edit_replaces_the_card_and_is_checked_first,
    rules_without_a_card_keep_none,
    a_game_is_confirmed_stored_and_ranked,
    typing_mistakes_are_placed_beside_the_hand,
    a_script_enters_a_game_but_not_a_bettor,
);

/// A script imports the card (all rows or none, the bad row named) and prints it back as the CSV it reads.
#[test]
fn a_script_imports_the_card_and_prints_it() {
    use crate::common::cli::{ok, stecca};
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let id = ok(&db, &["tournament", "new", "--name", "Open", "--rules", "nmjl"]).trim().to_owned();
    let file = dir.path().join("card.csv");
    std::fs::write(&file, format!("{CARD}Quints,11111 22 33333,forty,X,\n")).expect("file");
    let out = stecca(&db, &["book", "import", "--tournament", &id, file.to_str().expect("path")]);
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && error.contains("Line 5") && error.contains("«forty»"), "{error}");
    std::fs::write(&file, CARD).expect("file");
    let done = ok(&db, &["book", "import", "--tournament", &id, file.to_str().expect("path")]);
    assert!(done.contains('3'), "{done}");
    let shown = ok(&db, &["book", "show", "--tournament", &id]);
    assert_eq!(
        shown,
        "section,hand,value,concealed,jokers\n\
         2468,FF 2222 44 6666 88,25,0,1\n\
         Like Numbers,FF 1111 D 1111 D 11,30,0,1\n\
         Singles and Pairs,NN EW SS 11 22 33 44,75,1,0\n"
    );
    // Issue 62: said in the card's own words, in Italian too.
    std::fs::write(&file, "section,hand,value,concealed\nQuints,11111 22 33333,40,X\n").expect("file");
    let done = ok(&db, &["--lang", "it", "book", "import", "--tournament", &id, file.to_str().expect("path")]);
    assert_eq!(done.trim_end(), format!("Carta del torneo {id}: 1 mano importata."));
    let fimj = ok(&db, &["tournament", "new", "--name", "Coppa"]).trim().to_owned();
    let out = stecca(&db, &["book", "show", "--tournament", &fimj]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("keep no tournament list"));
}
