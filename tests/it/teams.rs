//! Teams (issue 65): a player's team at registration, by import and at correction, on SQLite and PostgreSQL,
//! never more players than the tournament's team size; the team standings (every member or the best ones) in
//! the CSV, the PDF and by the CLI.

use stecca::desk;
use stecca::export::{Format, What, export};
use stecca::i18n::Lang;
use stecca::message::Explain;
use stecca::store::Store;
use stecca::tournament::{PlayerData, TournamentSettings};

fn player(name: &str, team: &str) -> PlayerData {
    PlayerData { name: name.into(), team: team.into(), ..PlayerData::default() }
}

#[test]
fn a_team_holds_no_more_than_the_tournaments_size_on_sqlite() {
    team_size_is_kept(Store::open_in_memory().expect("open"));
}

#[test]
fn a_team_holds_no_more_than_the_tournaments_size_on_postgres() {
    team_size_is_kept(crate::common::pg::store());
}

fn team_size_is_kept(mut store: Store) {
    let settings = TournamentSettings { name: "Squadre".into(), team_size: 2, ..TournamentSettings::default() };
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    let anna = store.add_player(id, &player("Anna", "Draghi"), "R").expect("Anna");
    store.add_player(id, &player("Bruno", "Draghi"), "R").expect("Bruno");
    let third = store.add_player(id, &player("Carla", " Draghi "), "R").expect_err("a third Drago");
    assert_eq!(
        third.message().render(Lang::ENGLISH),
        "Carla: team “Draghi” already has 2 players, the tournament's team size"
    );
    let carla = store.add_player(id, &player("Carla", "Venti"), "R").expect("Carla");
    // A correction into the full team is refused; staying in one's own team is no move.
    let moved = store.update_player(id, carla, &player("Carla", "Draghi"), "R");
    assert!(moved.is_err(), "Draghi is full");
    store.update_player(id, anna, &PlayerData { club: "Drago".into(), ..player("Anna", "Draghi") }, "R").expect("edit");
    assert_eq!(store.players(id).expect("players")[0].data.team, "Draghi");
    // An import is all or nothing: a list that overfills a team saves nobody.
    let list = [player("Dario", "Venti"), player("Elena", "Venti")];
    assert!(store.import_players(id, &list, "R").is_err());
    assert_eq!(store.players(id).expect("players").len(), 3, "nothing of the list was saved");
    // The settings check the size.
    let wrong = TournamentSettings { team_size: 0, ..settings.clone() };
    assert!(wrong.validate().is_err());
    let wrong = TournamentSettings { team_best: 3, ..settings };
    assert!(wrong.validate().is_err(), "more best members than a team holds");
}

/// The demo's teams in the team standings: the sum of the members' points, or of the best ones'.
#[test]
fn the_team_standings_sum_the_members_and_are_exported() {
    use crate::export::{flat, pdf_pages};
    let mut store = Store::open_in_memory().expect("open");
    let size = desk::DemoSize { players: 16, sessions: 2, club_weight: 0.0, ..desk::DemoSize::default() };
    let id = desk::create_demo(&mut store, size, 5, "demo").expect("demo");
    let standings = desk::standings(&store, id).expect("standings");
    let players = store.players(id).expect("players");
    let teams = desk::team_standings(&store, id).expect("teams");
    assert_eq!(teams.len(), 4, "16 players in teams of 4");
    for team in &teams {
        let points: i64 = standings
            .iter()
            .filter(|r| players.iter().any(|p| p.id == r.player.id && p.data.team == team.team))
            .map(|r| r.points)
            .sum();
        assert_eq!(team.points, points, "{}", team.team);
        assert_eq!(team.members.len(), 4);
    }
    assert!(teams.windows(2).all(|w| w[0].points >= w[1].points), "best first");

    let csv = String::from_utf8(export(&store, id, What::Teams, Format::Csv, Lang::ENGLISH, None).expect("csv"))
        .expect("utf8");
    let first = csv.lines().nth(1).expect("a row");
    assert!(first.starts_with(&format!("1,{},{},", teams[0].team, teams[0].points)), "{csv}");
    let pdf = pdf_pages(&export(&store, id, What::Teams, Format::Pdf, Lang::ENGLISH, None).expect("pdf"));
    assert!(flat(&pdf[0]).contains("Team standings") && flat(&pdf[0]).contains(&teams[0].team));
    let standings_pdf = pdf_pages(&export(&store, id, What::Standings, Format::Pdf, Lang::ENGLISH, None).expect("pdf"));
    assert!(standings_pdf.iter().any(|page| flat(page).contains("Team standings")), "after the players'");

    // Counting each team's best two.
    let mut settings = store.tournament(id).expect("t").settings;
    settings.team_best = 2;
    desk::update_settings(&mut store, id, &settings, "R").expect("settings");
    let best = desk::team_standings(&store, id).expect("teams");
    for team in &best {
        let mut members: Vec<i64> = standings
            .iter()
            .filter(|r| players.iter().any(|p| p.id == r.player.id && p.data.team == team.team))
            .map(|r| r.points)
            .collect();
        members.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(team.points, members[0] + members[1], "{}", team.team);
        assert_eq!(team.counted, 2);
    }
}

/// By the CLI: a players list with a team column, then `export --what teams`.
#[test]
fn teams_come_in_by_the_players_list_and_out_by_the_cli() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("t.db");
    let db = db.to_str().expect("path");
    let new = crate::common::cli::stecca(db, &["tournament", "new", "--name", "Squadre", "--team-size", "2"]);
    assert!(new.status.success(), "{}", String::from_utf8_lossy(&new.stderr));
    let list = dir.path().join("players.csv");
    std::fs::write(
        &list,
        "name,club,team\nAnna,Drago,Rossi\nBruno,Vento,Rossi\nCarla,Drago,Verdi\nDario,Fiore,Verdi\n",
    )
    .expect("list");
    let import =
        crate::common::cli::stecca(db, &["players", "import", "--tournament", "1", list.to_str().expect("path")]);
    assert!(import.status.success(), "{}", String::from_utf8_lossy(&import.stderr));
    let out = dir.path().join("teams.csv");
    let export = crate::common::cli::stecca(
        db,
        &["export", "--tournament", "1", "--what", "teams", "--format", "csv", "--out", out.to_str().expect("path")],
    );
    assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
    let csv = std::fs::read_to_string(&out).expect("csv");
    assert!(csv.contains("Anna | Bruno") && csv.contains("Carla | Dario"), "{csv}");
    let players = dir.path().join("players-out.csv");
    let export = crate::common::cli::stecca(
        db,
        &["export", "--tournament", "1", "--what", "players", "--format", "csv", "--out", players.to_str().expect("p")],
    );
    assert!(export.status.success());
    let text = std::fs::read_to_string(&players).expect("players");
    assert!(text.lines().next().is_some_and(|h| h.contains("team")), "{text}");
}

/// The desk keeps team mates apart when it seats: 32 players in 8 teams over 5 sessions, nobody meets a team
/// mate and nobody meets anyone twice.
#[test]
fn the_desk_seats_team_mates_apart() {
    let mut store = Store::open_in_memory().expect("open");
    let settings = TournamentSettings { name: "Squadre".into(), sessions: 5, ..TournamentSettings::default() };
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    let players: Vec<PlayerData> = (0..32).map(|i| player(&format!("P{i:02}"), &format!("T{}", i / 4))).collect();
    store.import_players(id, &players, "R").expect("players");
    let outcome = desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    let quality = outcome.report.expect("a report");
    assert_eq!((quality.same_team_meetings(), quality.repeat_meetings()), (0, 0));
}

/// `stecca seat --apart team --apart club` on a list with a team column: 64 players in 16 teams over 5
/// sessions, no team meeting and no repeated meeting, and the report says so (the 400-player case is the
/// `seating_teams` bench).
#[test]
fn stecca_seat_keeps_named_groups_apart() {
    let dir = tempfile::tempdir().expect("dir");
    let list = dir.path().join("teams.csv");
    let mut text = String::from("name,club,team\n");
    for i in 0..64 {
        text.push_str(&format!("P{i},C{},T{}\n", i % 7, i / 4));
    }
    std::fs::write(&list, text).expect("list");
    let list = list.to_str().expect("path");
    let out = crate::common::cli::command()
        .args(["seat", "--clubs", list, "--sessions", "5", "--apart", "team", "--apart", "club"])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(answer["report"]["same_team_meetings"], 0);
    assert_eq!(answer["report"]["repeat_meetings"], 0);
    let wrong =
        crate::common::cli::command().args(["seat", "--players", "8", "--apart", "family"]).output().expect("runs");
    assert!(!wrong.status.success(), "an unknown group is refused");
}
