//! `stecca club …` end to end on a database file: a club, members, an evening from chip counts, closing it,
//! cash, a correction, balances, settle-up paid, and the ledger CSV, a receipt and the statement read back.

use crate::common::cli::{ok, stecca};
use serde_json::Value;

/// Runs `stecca club export --club CLUB --what ARGS… --out FILE.pdf` and returns the PDF's text, page by page,
/// whitespace collapsed.
fn export_pdf(db: &std::path::Path, club: &str, what: &[&str]) -> Vec<String> {
    let out = db.with_extension(format!("{}.pdf", what.join("-").replace(['/', ' '], "_")));
    let mut args = vec!["club", "export", "--club", club, "--out", out.to_str().expect("path"), "--what"];
    args.extend_from_slice(what);
    ok(db, &args);
    let bytes = std::fs::read(&out).expect("written");
    let pages = crate::common::pdf::pages(&bytes);
    pages.iter().map(|p| p.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

#[test]
fn a_club_evening_by_the_command_line_from_chip_counts_to_receipts() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("circolo.db");
    let bad = stecca(&db, &["club", "new", "--name", "X", "--chip-value", "0,00001", "--starting-chips", "1"]);
    assert!(!bad.status.success() && !db.exists(), "a bad club leaves no database behind");
    let club = ok(
        &db,
        &[
            "club",
            "new",
            "--name",
            "Circolo del Drago",
            "--rules",
            "fimj",
            "--chip-value",
            "0,5",
            "--fee",
            "2,00",
            "--starting-chips",
            "4000",
        ],
    );
    let club = club.trim();
    for (name, number) in [("Anna", "1"), ("Bruno", "2"), ("Carla", "3"), ("Dario", "")] {
        ok(&db, &["club", "add-member", "--club", club, "--name", name, "--number", number]);
    }
    let opened: Value = serde_json::from_str(&ok(
        &db,
        &["club", "evening", "--club", club, "--date", "2026-11-20", "--table", "Anna,Bruno,Carla,Dario"],
    ))
    .expect("json");
    let evening = opened["evening"].to_string();
    let short = stecca(&db, &["club", "chips", "--evening", &evening, "--table", "1", "6000", "3000", "4000", "2900"]);
    let why = String::from_utf8_lossy(&short.stderr);
    assert!(!short.status.success() && why.contains("15900") && why.contains("-100"), "{why}");
    ok(&db, &["club", "chips", "--evening", &evening, "--table", "1", "6001", "3000", "4000", "2999"]);
    let closed: Value = serde_json::from_str(&ok(&db, &["club", "close", "--evening", &evening])).expect("json");
    assert_eq!(closed["entries"].as_array().map(Vec::len), Some(8));
    assert_eq!(closed["entries"][0], serde_json::json!({"member": "Anna", "kind": "result", "amount": 1000}));

    // Bruno pays 6 euro in cash; 7 was typed first and is corrected with a reason.
    let paid = ok(&db, &["club", "cash", "--club", club, "--member", "Bruno", "--in", "7,00", "--method", "contanti"]);
    ok(&db, &["club", "correct", "--club", club, "--entry", paid.trim(), "--amount", "-1,00", "--reason", "7 for 6"]);
    let nobody = stecca(&db, &["club", "cash", "--club", club, "--member", "Zeno", "--in", "1"]);
    assert!(String::from_utf8_lossy(&nobody.stderr).contains("Zeno"));

    let balances: Value = serde_json::from_str(&ok(&db, &["club", "balances", "--club", club])).expect("json");
    // Anna +2000 chips = 10,00 € − 2,00 fee; Bruno −1000 chips = −5,00 − 2,00 + 6,00; Dario −1001 = −5,01 (half
    // a cent to the club) − 2,00.
    assert_eq!(balances["members"]["Anna"], 800);
    assert_eq!(balances["members"]["Bruno"], -100);
    assert_eq!(balances["members"]["Dario"], -701);
    let sum: i64 = balances["members"].as_object().expect("members").values().filter_map(Value::as_i64).sum();
    assert_eq!(balances["kitty"], -sum);

    let plan: Value =
        serde_json::from_str(&ok(&db, &["club", "settle", "--club", club, "--pay", "--method", "contanti"]))
            .expect("json");
    assert_eq!(plan["optimal"], true);
    assert!(plan["count"].as_u64().is_some_and(|c| c >= 1));
    let settled: Value = serde_json::from_str(&ok(&db, &["club", "balances", "--club", club])).expect("json");
    assert!(settled["members"].as_object().expect("members").values().all(|b| b == 0), "{settled}");
    assert_eq!(settled["kitty"], 0);

    let csv_path = dir.path().join("ledger.csv");
    ok(&db, &["club", "export", "--club", club, "--what", "ledger", "--out", csv_path.to_str().expect("path")]);
    let csv = std::fs::read_to_string(&csv_path).expect("csv");
    let mut lines = csv.lines();
    assert!(lines.next().is_some_and(|h| h.starts_with("entry,at,member,member_number,evening,kind,amount_cents")));
    assert!(csv.contains(",Bruno,2,,correction,-100,-1.00,,"), "{csv}");
    let total: i64 = csv.lines().skip(1).filter_map(|l| l.split(',').nth(6).and_then(|a| a.parse::<i64>().ok())).sum();
    assert_eq!(total, 0, "after the settle-up every entry adds up to nothing");

    let text = export_pdf(&db, club, &["receipt", "--member", "Anna", "--evening", &evening, "--lang", "it"]);
    assert_eq!(text.len(), 1);
    for expected in [
        "Circolo del Drago",
        "Ricevuta — Anna (tessera n. 1)",
        "Serata del 2026-11-20",
        "10,00 €",
        "−2,00 €",
        "8,00 €",
        "Pagina 1 di 1",
        "A credito",
    ] {
        assert!(text[0].contains(expected), "{expected:?} in {}", text[0]);
    }
    let text = export_pdf(
        &db,
        club,
        &["receipt", "--member", "Bruno", "--from", "2026-11-01", "--to", "2099-12-31", "--lang", "en"],
    );
    for expected in ["Receipt — Bruno", "Paid in", "Correction n.", "7 for 6", "Even", "Page 1 of 1"] {
        assert!(text[0].contains(expected), "{expected:?} in {}", text[0]);
    }
    let text = export_pdf(&db, club, &["statement", "--lang", "it"]);
    for expected in ["Estratto conto del circolo", "Anna", "Dario", "Totale soci", "Cassa del circolo", "Pagina 1 di 1"]
    {
        assert!(text[0].contains(expected), "{expected:?} in {}", text[0]);
    }
}

#[test]
fn a_member_whose_name_holds_a_comma_is_seated_by_quoting_it() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("circolo.db");
    let club = ok(&db, &["club", "new", "--name", "Circolo", "--chip-value", "1", "--starting-chips", "4000"]);
    let club = club.trim();
    for name in ["Rossi, Mario", "Bruno", "Carla", "Dario"] {
        ok(&db, &["club", "add-member", "--club", club, "--name", name]);
    }
    let table = "\"Rossi, Mario\", Bruno,Carla,Dario";
    let opened: Value =
        serde_json::from_str(&ok(&db, &["club", "evening", "--club", club, "--date", "2026-11-20", "--table", table]))
            .expect("json");
    let tournament = opened["tournament"].as_i64().expect("tournament");
    let store = stecca::store::Store::open(&db).expect("store");
    assert_eq!(crate::common::cli::table_names(&store, tournament, 1, 1), ["Rossi, Mario", "Bruno", "Carla", "Dario"]);
    let unquoted = stecca(
        &db,
        &["club", "evening", "--club", club, "--date", "2026-11-21", "--table", "Rossi, Mario,Bruno,Carla,Dario"],
    );
    assert!(!unquoted.status.success(), "unquoted, the comma separates: no member named Rossi");
}

#[test]
fn the_amount_a_settle_up_avoids_is_set_at_creation_and_changed_later() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("circolo.db");
    let args = ["club", "new", "--name", "Circolo", "--chip-value", "1", "--starting-chips", "4000"];
    let club = ok(&db, &[&args[..], &["--avoid-under", "0,50"]].concat());
    let club = club.trim();
    let store = || stecca::store::Store::open(&db).expect("store");
    let id: i64 = club.parse().expect("id");
    assert_eq!(store().club(id).expect("club").settings.avoid_under, 50);
    ok(&db, &["club", "avoid-under", "--club", club, "1,00"]);
    assert_eq!(store().club(id).expect("club").settings.avoid_under, 100);
    let refused = stecca(&db, &["club", "avoid-under", "--club", club, "--", "-1"]);
    assert!(!refused.status.success());
    assert_eq!(store().club(id).expect("club").settings.avoid_under, 100, "nothing changed");
}

#[test]
fn an_evening_that_does_not_exist_is_said_once() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("circolo.db");
    ok(&db, &["club", "new", "--name", "Circolo", "--chip-value", "1", "--starting-chips", "4000"]);
    let out = stecca(&db, &["club", "close", "--evening", "99"]);
    assert!(!out.status.success());
    let error = String::from_utf8_lossy(&out.stderr);
    assert_eq!(error.matches("does not exist").count(), 1, "{error}");
}
