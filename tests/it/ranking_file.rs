//! The federation's ranking file (issue 65): `--what ranking --format csv` lists the ranked players in standings
//! order with their federation number, last and first name apart, country, the ruleset's total, table points
//! where the tournament ranks by them, and the MERS base rank (1000 for the first, 0 for the last, shared by
//! tied players); the standings CSV carries the same base rank. Through the desk and the real binary.

use stecca::desk;
use stecca::export::{Format, What, export};
use stecca::i18n::Lang;
use stecca::store::Store;
use stecca::tournament::{Id, PlayerData, mers, name_parts};

use crate::common::cli::{ok, stecca};

/// The rows of a CSV export, header first.
fn rows(store: &Store, id: Id, what: What) -> Vec<csv::StringRecord> {
    let bytes = export(store, id, what, Format::Csv, Lang::ENGLISH, None).expect("csv");
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(bytes.as_slice());
    reader.records().map(|r| r.expect("row")).collect()
}

/// A demo tournament of 8 players of `rules`, one session played.
fn demo(store: &mut Store, rules: &'static str) -> Id {
    let size = desk::DemoSize { players: 8, sessions: 1, club_weight: 0.0, rules };
    desk::create_demo(store, size, 7, "demo").expect("demo")
}

/// Second and third in the standings made equal: ties broken by points alone, and the one ahead penalised by
/// the difference. Returns the two players' ids.
fn tie_second_and_third(store: &mut Store, id: Id) -> (Id, Id) {
    let mut settings = store.tournament(id).expect("tournament").settings;
    settings.ranking.tie_breaks.clear();
    desk::update_settings(store, id, &settings, "R").expect("settings");
    let standings = desk::standings(store, id).expect("standings");
    let (second, third) = (&standings[1], &standings[2]);
    let gap = second.points - third.points;
    if gap > 0 {
        store.add_penalty(id, second.player.id, None, gap, "ritardo", "R").expect("penalty");
    }
    (second.player.id, third.player.id)
}

#[test]
fn the_ranking_file_lists_the_ranked_players_with_their_base_rank_and_ties_share_it() {
    let mut store = Store::open_in_memory().expect("open");
    let id = demo(&mut store, "fimj");
    let (second, third) = tie_second_and_third(&mut store, id);
    let substitute = PlayerData { name: "Sara Sostituta".into(), substitute: true, ..PlayerData::default() };
    store.add_player(id, &substitute, "R").expect("a substitute");
    let standings = desk::standings(&store, id).expect("standings");
    let players = store.players(id).expect("players");

    let file = rows(&store, id, What::Ranking);
    let header: Vec<&str> = file[0].iter().collect();
    assert_eq!(
        header,
        [
            "place",
            "federation_id",
            "last_name",
            "first_name",
            "country",
            "table_points",
            "points",
            "mers_base_rank",
            "rules",
            "edition"
        ]
    );
    assert_eq!(file.len(), 1 + 8, "the eight ranked players, not the substitute");
    assert!(file.iter().all(|r| !r[2].contains("Sostituta")), "a substitute is not ranked");
    for (row, standing) in file[1..].iter().zip(&standings) {
        assert_eq!(row[0], standing.place.to_string(), "standings order and places");
        let player = players.iter().find(|p| p.id == standing.player.id).expect("registered");
        assert_eq!(&row[1], player.data.federation_id, "the federation number");
        assert!(row[1].starts_with("FIMJ-"), "{}", &row[1]);
        assert_eq!(format!("{} {}", &row[3], &row[2]), standing.player.name, "first and last name, split");
        assert_eq!(&row[2], name_parts(&standing.player.name).last);
        assert_eq!(&row[4], standing.player.country);
        assert_eq!(&row[5], "", "no table points where the ranking is by points");
        assert_eq!(row[6], standing.points.to_string(), "the ruleset's total");
        assert_eq!(row[7], mers::base_rank(standing.place, 8).to_string());
        assert_eq!((&row[8], row[9].is_empty()), ("fimj", false), "the ruleset and its edition");
    }
    let base = |r: &csv::StringRecord| r[7].parse::<u32>().expect("a whole number");
    assert_eq!((&file[1][0], base(&file[1])), ("1", 1000), "the winner: 1000");
    assert_eq!((&file[8][0], base(&file[8])), ("8", 0), "the last: 0");
    // Second and third tied: both second, both 1000 × 6 / 7 = 857; the next one is fourth.
    let tied: Vec<&csv::StringRecord> = file[1..]
        .iter()
        .zip(&standings)
        .filter(|(_, s)| [second, third].contains(&s.player.id))
        .map(|(row, _)| row)
        .collect();
    assert_eq!(tied.len(), 2);
    assert!(tied.iter().all(|r| &r[0] == "2" && base(r) == 857), "{tied:?}");
    assert_eq!((&file[4][0], base(&file[4])), ("4", 571), "after two second places: fourth, 1000 × 4 / 7 = 571.43");

    // The standings CSV carries the same base rank, before the ruleset's two columns.
    let table = rows(&store, id, What::Standings);
    let column = table[0].iter().position(|c| c == "mers_base_rank").expect("the column");
    assert_eq!(column, table[0].len() - 3, "the last of the standings' own columns");
    let from_standings: Vec<&str> = table[1..].iter().map(|r| &r[column]).collect();
    let from_file: Vec<&str> = file[1..].iter().map(|r| &r[7]).collect();
    assert_eq!(from_standings, from_file);
}

#[test]
fn an_mcr_ranking_file_has_table_points_and_the_pdf_is_refused() {
    let mut store = Store::open_in_memory().expect("open");
    let id = demo(&mut store, "mcr");
    let file = rows(&store, id, What::Ranking);
    assert_eq!(file.len(), 9);
    let hundredths: i64 = file[1..]
        .iter()
        .map(|r| {
            let (whole, cents) = r[5].split_once('.').expect("two decimals");
            assert_eq!(cents.len(), 2, "{}", &r[5]);
            whole.parse::<i64>().expect("whole") * 100 + cents.parse::<i64>().expect("cents")
        })
        .sum();
    // Table points 4/2/1/0 at two tables; a share of a tie is rounded to hundredths, so allow a cent a player.
    assert!((hundredths - 1400).abs() <= 8, "7 table points a table: {hundredths}");
    let standings = desk::standings(&store, id).expect("standings");
    assert_eq!(file[1][6], standings[0].points.to_string(), "the score beside the table points");
    assert_eq!(&file[1][8], "mcr");

    let refused = export(&store, id, What::Ranking, Format::Pdf, Lang::ENGLISH, None).expect_err("no PDF");
    let said = stecca::message::Explain::message(&refused).render(Lang::ENGLISH);
    assert!(said.starts_with("ranking as pdf: not available") && said.contains("CSV: standings, ranking"), "{said}");
}

/// `stecca export --what ranking --format csv --out FILE` on the real binary; `--format pdf` says it is not
/// available and writes nothing.
#[test]
fn stecca_export_writes_the_ranking_file() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    ok(&db, &["demo", "--players", "8", "--sessions", "1"]);
    let id = ok(&db, &["list"]).split('\t').next().expect("an id").trim().to_owned();
    let out = dir.path().join("ranking.csv");
    let path = out.to_str().expect("path");
    ok(&db, &["export", "--tournament", &id, "--what", "ranking", "--format", "csv", "--out", path]);
    let text = std::fs::read_to_string(&out).expect("written");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("place,federation_id,last_name,first_name,country,table_points,points,mers_base_rank,")
    );
    assert_eq!(lines.len(), 9, "{text}");
    let base_rank = |line: &str| line.split(',').nth(7).map(str::to_owned);
    assert!(lines[1].starts_with("1,FIMJ-"), "{}", lines[1]);
    assert_eq!(base_rank(lines[1]).as_deref(), Some("1000"), "{}", lines[1]);
    assert_eq!(base_rank(lines[8]).as_deref(), Some("0"), "{}", lines[8]);

    let pdf = dir.path().join("ranking.pdf");
    let refused = stecca(
        &db,
        &["export", "--tournament", &id, "--what", "ranking", "--format", "pdf", "--out", pdf.to_str().expect("path")],
    );
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("ranking as pdf: not available"), "{stderr}");
    assert!(!pdf.exists(), "nothing written");
}
