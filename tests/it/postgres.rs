//! Several stations on one PostgreSQL database (issue "Several referee stations"): what is not ours or is
//! newer is refused and left alone; two stations confirm manches of different tables at once; a second
//! correction of the same manche is refused with who changed it and when, nothing overwritten; another
//! station's manche is seen through the change stamp; a lost server keeps nothing half-saved and a save
//! repeated with its key lands once; a whole database moves between SQLite and PostgreSQL with identical
//! standings and audit log.

use stecca::desk::{self, SaveAs};
use stecca::i18n::Lang;
use stecca::message::Explain;
use stecca::store::{Store, StoreError, copy_database, schema_version};
use stecca::tournament::{Id, MancheEntry, PlayerData, TournamentSettings};

/// The digest's manche with the winner's hand moved to seat `winner`.
fn entry(winner: usize) -> MancheEntry {
    let mut entry = crate::common::digest_entry();
    let winner_hand = entry.hands.iter().position(|h| h.mahjong).expect("a winner");
    entry.hands.swap(winner_hand, winner);
    entry
}

#[test]
fn a_database_of_another_program_is_refused_and_left_alone() {
    let url = crate::common::pg::url();
    let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
    client.batch_execute("CREATE TABLE invoices (id int); INSERT INTO invoices VALUES (7)").expect("foreign table");
    let error = Store::open_server(&url).expect_err("not ours");
    assert!(matches!(error, StoreError::Foreign { .. }), "{error:?}");
    assert!(error.to_string().contains("not a Stecca database"), "{error}");
    let tables: i64 = client
        .query_one("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", &[])
        .expect("count")
        .get(0);
    assert_eq!(tables, 1, "nothing was created beside the other program's table");
}

#[test]
fn a_database_of_a_newer_stecca_is_refused_and_left_alone() {
    let url = crate::common::pg::url();
    let store = Store::open_server(&url).expect("new database");
    store.execute_sql("UPDATE stecca_schema SET version = 99", &[]).expect("pretend newer");
    drop(store);
    let error = Store::open_server(&url).expect_err("newer");
    match &error {
        StoreError::TooNew { found, supported, .. } => assert_eq!((*found, *supported), (99, schema_version())),
        other => panic!("{other:?}"),
    }
    assert!(!error.to_string().contains("postgres:postgres@"), "no password or user:password in messages");
    let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
    let version: i64 = client.query_one("SELECT version FROM stecca_schema", &[]).expect("version").get(0);
    assert_eq!(version, 99);
}

/// A server database at schema 7 whose outcomes have their words written out (version 1) gets them as text
/// ids when a station of this build opens it, figures unchanged; its card (schema 5's own table) becomes the
/// NMJL book's lines (schema 9).
#[test]
fn saved_outcomes_get_text_ids_when_the_schema_moves_to_8() {
    let url = crate::common::pg::url();
    let mut store = Store::open_server(&url).expect("open");
    let (_, tables) = seated(&mut store, 1);
    desk::confirm_manche(&mut store, tables[0], 1, &entry(1), "R").expect("saved");
    let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
    let outcome: String = client.query_one("SELECT outcome FROM manche", &[]).expect("outcome").get(0);
    let mut old: serde_json::Value = serde_json::from_str(&outcome).expect("json");
    for item in old["players"]
        .as_array_mut()
        .expect("players")
        .iter_mut()
        .flat_map(|p| p["items"].as_array_mut().expect("items").iter_mut())
    {
        let label: stecca::message::Message = serde_json::from_value(item["label"].take()).expect("label");
        let item = item.as_object_mut().expect("item");
        item.remove("label");
        item.insert("label_it".into(), label.render(Lang::ITALIAN).into());
        item.insert("label_en".into(), label.render(Lang::ENGLISH).into());
    }
    client
        .execute("UPDATE manche SET outcome = $1, outcome_version = 1", &[&old.to_string()])
        .expect("as version 1 saved it");
    client
        .batch_execute(&format!(
            "DROP TABLE pot_payment; DROP FUNCTION stecca_pot_seated; DROP TABLE book_line; \
             ALTER TABLE club DROP COLUMN avoid_under; ALTER TABLE manche_net DROP COLUMN penalty; \
             ALTER TABLE session DROP COLUMN clock; ALTER TABLE tournament DROP COLUMN session_minutes; \
             ALTER TABLE tournament DROP COLUMN federation_format; ALTER TABLE tournament DROP COLUMN team_size; \
             ALTER TABLE tournament DROP COLUMN team_best; ALTER TABLE player DROP COLUMN team; \
             ALTER TABLE tournament DROP COLUMN clock_warning_minutes; \
             ALTER TABLE tournament DROP COLUMN last_hand_minutes; DROP TABLE proposal; DROP TABLE table_link; \
             ALTER TABLE tournament DROP COLUMN proposals_by_pins; {}",
            crate::card::schema_7_card_postgres()
        ))
        .expect("card");
    client
        .execute(
            "INSERT INTO card_hand (tournament_id, position, section, line, value, concealed, jokers) \
             SELECT id, 0, 'Singles and Pairs', 'NN EW SS 11 22 33 44', 75, 1, 0 FROM tournament",
            &[],
        )
        .expect("a card hand as schema 7 kept it");
    client.execute("UPDATE stecca_schema SET version = 7", &[]).expect("schema 7");
    drop(store);
    Store::open_server(&url).expect("migrates");
    let data: String = client.query_one("SELECT data FROM book_line", &[]).expect("the hand moved").get(0);
    let line: serde_json::Value = serde_json::from_str(&data).expect("json");
    assert_eq!(
        line,
        serde_json::json!({"section": "Singles and Pairs", "hand": "NN EW SS 11 22 33 44", "value": 75,
            "concealed": true, "jokers": false})
    );
    let row = client.query_one("SELECT outcome, outcome_version FROM manche", &[]).expect("row");
    assert_eq!(row.get::<_, i64>(1), 2);
    assert_eq!(row.get::<_, String>(0), outcome, "the outcome scored today, ids and all");
    let version: i64 = client.query_one("SELECT version FROM stecca_schema", &[]).expect("version").get(0);
    assert_eq!(version, schema_version());
}

/// A tournament of `tables` tables of four, seated for one session; returns it and its tables' ids.
fn seated(store: &mut Store, tables: usize) -> (Id, Vec<Id>) {
    let settings = TournamentSettings { name: "Stazioni".into(), sessions: 1, ..TournamentSettings::default() };
    let id = desk::create_tournament(store, &settings, "R").expect("tournament");
    let players: Vec<PlayerData> =
        (0..tables * 4).map(|i| PlayerData { name: format!("P{i:02}"), ..PlayerData::default() }).collect();
    let ids = store.import_players(id, &players, "R").expect("players");
    let plan: Vec<Vec<Id>> = ids.chunks(4).map(<[Id]>::to_vec).collect();
    store.save_seating(id, 1, &[plan], "R").expect("seating");
    let tables = store.seating(id).expect("tables").iter().map(|t| t.id).collect();
    (id, tables)
}

#[test]
fn two_stations_confirm_manches_of_different_tables_at_the_same_time() {
    let url = crate::common::pg::url();
    let (tournament, tables) = seated(&mut Store::open_server(&url).expect("open"), 2);
    let stations: Vec<_> = tables
        .iter()
        .map(|&table| {
            let url = url.clone();
            std::thread::spawn(move || {
                let mut store = Store::open_server(&url).expect("station");
                for number in 1..=10 {
                    desk::confirm_manche(&mut store, table, number, &entry(number as usize % 4), "R").expect("saved");
                }
            })
        })
        .collect();
    for station in stations {
        station.join().expect("the station finished");
    }
    let store = Store::open_server(&url).expect("open");
    assert_eq!(store.manche_count(tournament).expect("count"), 20);
    for table in tables {
        let manches = store.table_manches(table).expect("manches");
        assert_eq!(manches.iter().map(|m| m.number).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
    }
}

#[test]
fn a_second_correction_of_the_same_manche_is_refused_with_who_and_when() {
    let url = crate::common::pg::url();
    let mut mario = Store::open_server(&url).expect("station 1");
    let mut lucia = Store::open_server(&url).expect("station 2");
    let (_, tables) = seated(&mut mario, 1);
    let table = tables[0];
    desk::confirm_manche(&mut mario, table, 1, &entry(1), "Mario Rossi").expect("entered");
    // Both stations open manche 1 for correction: both read revision 1.
    let read = |store: &Store| desk::table_state(store, table).expect("table").manches[0].revision;
    let (seen_by_mario, seen_by_lucia) = (read(&mario), read(&lucia));
    assert_eq!((seen_by_mario, seen_by_lucia), (1, 1));

    let (marios, _) =
        desk::confirm_manche_as(&mut mario, table, 1, &entry(2), "Mario Rossi", &SaveAs::fresh(Some(seen_by_mario)))
            .expect("the first correction lands");
    let error =
        desk::confirm_manche_as(&mut lucia, table, 1, &entry(3), "Lucia Bianchi", &SaveAs::fresh(Some(seen_by_lucia)))
            .expect_err("the second is refused");
    let desk::DeskError::Store(StoreError::Conflict(conflict)) = &error else { panic!("{error:?}") };
    assert_eq!(conflict.current.referee, "Mario Rossi");
    assert_eq!(conflict.current.input, marios, "the refusal carries the values saved now");
    assert_eq!(conflict.current.revision, 2);
    let time = chrono::DateTime::parse_from_rfc3339(&conflict.current.entered_at).expect("time").format("%H:%M");
    let italian = error.message().render(Lang::ITALIAN);
    assert!(italian.contains(&format!("modificata da Mario Rossi alle {time} su un'altra postazione")), "{italian}");
    assert!(error.to_string().contains(&format!("changed by Mario Rossi at {time} on another station")));

    // Nothing was overwritten: the manche is Mario's correction, audited once as a correction.
    let stored = &desk::table_state(&lucia, table).expect("table").manches[0];
    assert_eq!((stored.input.clone(), stored.referee.as_str(), stored.revision), (marios, "Mario Rossi", 2));
    let history = lucia.record_history("manche", stored.id).expect("history");
    assert_eq!(history.iter().map(|h| h.action.as_str()).collect::<Vec<_>>(), ["enter", "correct"]);

    // Lucia, now shown revision 2, may correct it.
    desk::confirm_manche_as(&mut lucia, table, 1, &entry(3), "Lucia Bianchi", &SaveAs::fresh(Some(2)))
        .expect("a correction of what is saved now");
}

#[test]
fn a_station_sees_another_stations_manche_through_the_change_stamp() {
    let url = crate::common::pg::url();
    let mut entering = Store::open_server(&url).expect("station 1");
    let watching = Store::open_server(&url).expect("station 2");
    let (tournament, tables) = seated(&mut entering, 1);
    let before = watching.change_stamp().expect("stamp");
    assert!(desk::standings(&watching, tournament).expect("standings").iter().all(|r| r.points == 0));
    desk::confirm_manche(&mut entering, tables[0], 1, &entry(0), "R").expect("entered");
    assert_ne!(watching.change_stamp().expect("stamp"), before, "the other station's write is seen");
    assert_eq!(desk::table_state(&watching, tables[0]).expect("table").manches.len(), 1);
    assert!(desk::standings(&watching, tournament).expect("standings").iter().any(|r| r.points != 0));
}

#[test]
fn a_save_repeated_with_its_key_lands_once() {
    let mut store = crate::common::pg::store();
    let (tournament, tables) = seated(&mut store, 1);
    let save = SaveAs::fresh(None);
    desk::confirm_manche_as(&mut store, tables[0], 1, &entry(0), "R", &save).expect("saved");
    // The answer was lost: the station tries again with the same key (and the number it typed).
    desk::confirm_manche_as(&mut store, tables[0], 1, &entry(0), "R", &save).expect("the same save");
    assert_eq!(store.manche_count(tournament).expect("count"), 1);
    let manche = &store.table_manches(tables[0]).expect("manches")[0];
    assert_eq!(store.record_history("manche", manche.id).expect("history").len(), 1, "entered once, audited once");
    // The same values saved under another key (another station typing them too) change nothing either.
    desk::confirm_manche_as(&mut store, tables[0], 1, &entry(0), "R", &SaveAs::fresh(None)).expect("no change");
    assert_eq!(store.record_history("manche", manche.id).expect("history").len(), 1);
}

#[test]
fn a_lost_server_saves_nothing_and_the_kept_manche_lands_once_when_it_is_back() {
    // A server of its own: stopping it must not disturb the other tests.
    let server = crate::common::pg::own_server();
    let mut store = Store::open_server(&server.fresh_database()).expect("open");
    let (tournament, tables) = seated(&mut store, 1);
    server.stop();
    let save = SaveAs::fresh(None);
    let error = desk::confirm_manche_as(&mut store, tables[0], 1, &entry(0), "R", &save).expect_err("offline");
    assert!(matches!(error, desk::DeskError::Store(StoreError::Offline { .. })), "{error:?}");
    assert!(error.message().render(Lang::ITALIAN).contains("non è raggiungibile"), "{error}");
    // Why, in Italian too: the next try, made at once, is refused without waiting on the network.
    let again = desk::confirm_manche_as(&mut store, tables[0], 1, &entry(0), "R", &save).expect_err("offline");
    let said = again.message().render(Lang::ITALIAN);
    assert!(said.contains("ancora irraggiungibile; nuovo tentativo tra poco"), "{said}");
    server.restart();
    // The store tries the server again at most every two seconds after it found it gone.
    std::thread::sleep(std::time::Duration::from_millis(2100));
    desk::confirm_manche_as(&mut store, tables[0], 1, &entry(0), "R", &save).expect("saved when the server is back");
    desk::confirm_manche_as(&mut store, tables[0], 1, &entry(0), "R", &save).expect("tried again: the same save");
    assert_eq!(store.manche_count(tournament).expect("count"), 1);
}

#[test]
fn a_whole_database_moves_to_postgres_and_back_with_identical_standings_and_audit() {
    let dir = tempfile::tempdir().expect("dir");
    let mut laptop = Store::open(&dir.path().join("laptop.db")).expect("file");
    let size = desk::DemoSize { players: 16, sessions: 2, club_weight: 0.0, rules: "fimj" };
    let id = desk::create_demo(&mut laptop, size, 5, "demo").expect("demo");
    let player = laptop.players(id).expect("players")[0].id;
    laptop.add_penalty(id, player, Some(1), 50, "ritardo", "R").expect("penalty");

    let mut hall = crate::common::pg::store();
    let report = copy_database(&mut laptop, &mut hall).expect("to the server");
    assert_eq!(report.rows("manche"), laptop.manche_count(id).expect("count") as usize);
    assert_eq!(desk::standings(&hall, id).expect("hall"), desk::standings(&laptop, id).expect("laptop"));
    assert_eq!(hall.audit_log(id).expect("audit"), laptop.audit_log(id).expect("audit"));

    // The day goes on at the hall: new rows get ids after the copied ones.
    let late = hall.add_player(id, &PlayerData { name: "Ritardatario".into(), ..PlayerData::default() }, "R");
    assert!(late.expect("added") > laptop.players(id).expect("players").iter().map(|p| p.id).max().expect("max"));

    let mut archive = Store::open(&dir.path().join("archive.db")).expect("file");
    copy_database(&mut hall, &mut archive).expect("back to a file");
    assert_eq!(desk::standings(&archive, id).expect("archive"), desk::standings(&hall, id).expect("hall"));
    assert_eq!(archive.audit_log(id).expect("audit"), hall.audit_log(id).expect("audit"));

    let error = copy_database(&mut laptop, &mut hall).expect_err("not into a database in use");
    assert!(error.to_string().contains("already holds"), "{error}");
}

#[test]
fn each_station_keeps_its_own_referee_name_and_language() {
    let url = crate::common::pg::url();
    let mut first = Store::open_server(&url).expect("station 1");
    let mut second = Store::open_server(&url).expect("station 2");
    first.set_station("tavolo-regia");
    second.set_station("sala-b");
    first.set_preference("referee", "Mario Rossi").expect("saved");
    second.set_preference("referee", "Lucia Bianchi").expect("saved");
    first.set_preference("language", "en").expect("saved");
    assert_eq!(first.preference("referee").expect("read").as_deref(), Some("Mario Rossi"));
    assert_eq!(second.preference("referee").expect("read").as_deref(), Some("Lucia Bianchi"));
    assert_eq!(second.preference("language").expect("read"), None, "the other station's language is its own");
}

#[test]
fn two_stations_entering_the_same_new_manche_the_second_is_refused_with_the_first_ones_values() {
    let url = crate::common::pg::url();
    let mut first = Store::open_server(&url).expect("station 1");
    let mut second = Store::open_server(&url).expect("station 2");
    let (_, tables) = seated(&mut first, 1);
    let new = || SaveAs::fresh(Some(SaveAs::NEW));
    let (saved, _) =
        desk::confirm_manche_as(&mut first, tables[0], 1, &entry(1), "Mario Rossi", &new()).expect("first");
    let error =
        desk::confirm_manche_as(&mut second, tables[0], 1, &entry(2), "Lucia Bianchi", &new()).expect_err("second");
    let desk::DeskError::Store(StoreError::Conflict(conflict)) = &error else { panic!("{error:?}") };
    assert_eq!((conflict.current.input.clone(), conflict.current.referee.as_str()), (saved, "Mario Rossi"));
    assert_eq!(second.table_manches(tables[0]).expect("manches")[0].revision, 1, "nothing overwritten");
}

/// The SHA-256 fingerprint of the test server's certificate, as `openssl x509 -fingerprint` prints it.
fn server_fingerprint() -> String {
    let certificate = crate::common::pg::server().data.join("server.crt");
    let out = std::process::Command::new("openssl")
        .args(["x509", "-noout", "-fingerprint", "-sha256", "-in"])
        .arg(certificate)
        .output()
        .expect("openssl runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    text.trim().rsplit('=').next().expect("fingerprint").to_owned()
}

#[test]
fn a_station_talks_to_the_server_over_tls_and_checks_a_pinned_fingerprint() {
    let url = crate::common::pg::url();
    let store = Store::open_server(&url).expect("store");
    let encrypted = store.query_value("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", &[]).expect("ssl");
    assert_eq!(encrypted, stecca::store::db::Value::Int(1), "TLS by default (sslmode=require)");
    drop(store);

    let pinned = format!("{url}?sslfingerprint={}", server_fingerprint());
    Store::open_server(&pinned).expect("the right fingerprint is accepted");
    let wrong = format!("{url}?sslfingerprint={}", "AB:".repeat(31) + "CD");
    let error = Store::open_server(&wrong).expect_err("another certificate");
    let said = error.message().render(Lang::ENGLISH);
    assert!(said.contains("not the one given (sslfingerprint)"), "{said}");
    let bad = Store::open_server(&format!("{url}?sslmode=sometimes")).expect_err("a bad sslmode");
    assert!(matches!(bad, StoreError::Location { .. }), "{bad}");
    // In the referee's language, the setting named.
    let italian = bad.message().render(Lang::ITALIAN);
    assert!(italian.contains("sslmode=sometimes non è previsto"), "{italian}");
    assert!(italian.contains("non è l'indirizzo di un database"), "{italian}");
    let short = Store::open_server(&format!("{url}?sslfingerprint=AB")).expect_err("a short fingerprint");
    assert!(short.message().render(Lang::ENGLISH).contains("sslfingerprint: 32 bytes in hexadecimal"), "{short}");
}
