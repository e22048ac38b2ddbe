//! The `stecca seat` command-line contract.

use std::process::Output;

use serde_json::Value;

fn stecca(args: &[&str]) -> Output {
    crate::common::cli::command().args(args).output().expect("the binary runs")
}

fn json(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn numbered_players_every_session_every_table_seats_e_s_w_n() {
    let v = json(&stecca(&["seat", "--players", "24", "--sessions", "7", "--seed", "3"]));
    let sessions = v["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 7);
    for session in sessions {
        let mut seen: Vec<u64> = session
            .as_array()
            .expect("tables")
            .iter()
            .flat_map(|t| {
                t.as_array().expect("table").iter().map(|p| p.as_u64().expect("player number")).collect::<Vec<_>>()
            })
            .collect();
        seen.sort();
        assert_eq!(seen, (0..24).collect::<Vec<u64>>());
    }
    let report = &v["report"];
    assert_eq!(report["repeat_meetings"], 0);
    assert_eq!(report["lower_bound"], 0);
    assert!(report["above_bound"].is_null(), "nothing above a bound that is reached");
    assert_eq!(report["max_wind_deviation"], 1);
    assert_eq!(report["same_club_meetings"], 0);
    assert!(report["seconds"].as_f64().is_some());
}

#[test]
fn the_same_seed_prints_the_same_sessions() {
    let a = json(&stecca(&["seat", "--players", "36", "--sessions", "5", "--seed", "9"]));
    let b = json(&stecca(&["seat", "--players", "36", "--sessions", "5", "--seed", "9"]));
    assert_eq!(a["sessions"], b["sessions"]);
}

#[test]
fn clubs_file_names_the_players_and_separates_clubs() {
    let dir = std::env::temp_dir().join(format!("stecca-seat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("clubs.csv");
    let mut csv = String::from("name,club,country\n");
    for i in 0..16 {
        csv.push_str(&format!("Giocatore {i},Club {},IT\n", i % 4));
    }
    std::fs::write(&file, csv).expect("write");
    let v = json(&stecca(&["seat", "--sessions", "3", "--clubs", file.to_str().expect("utf-8")]));
    assert!(v["sessions"][0][0][0].as_str().is_some_and(|n| n.starts_with("Giocatore ")));
    assert_eq!(v["report"]["same_club_meetings"], 0);
    assert_eq!(v["report"]["repeat_meetings"], 0);
}

#[test]
fn bad_rows_in_the_clubs_file_are_listed_by_line() {
    let dir = std::env::temp_dir().join(format!("stecca-seat-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("clubs.csv");
    std::fs::write(&file, "name,club\nAnna,A\n,B\nAnna,C\nDario,D\n").expect("write");
    let out = stecca(&["seat", "--sessions", "2", "--clubs", file.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 3: the name is empty") && stderr.contains("line 4: Anna is listed twice"),
        "{stderr}"
    );
}

#[test]
fn invalid_arguments_exit_2_with_a_clear_message() {
    let out = stecca(&["seat", "--players", "30", "--sessions", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("add 2 substitutes to make 32"));
    assert_eq!(stecca(&["seat", "--players", "16"]).status.code(), Some(2), "--sessions is required");
    assert_eq!(stecca(&["seat", "--sessions", "2"]).status.code(), Some(2), "players or clubs");
    assert_eq!(stecca(&["seat", "--players", "x", "--sessions", "2"]).status.code(), Some(2));
}

#[test]
fn tables_of_three_report_the_same_figures_and_add_tables_of_two() {
    let v = json(&stecca(&["seat", "--players", "15", "--sessions", "7", "--table-size", "3"]));
    let report = &v["report"];
    assert_eq!(report["repeat_meetings"], 0, "Kirkman's schoolgirls");
    assert_eq!(report["lower_bound"], 0);
    assert_eq!(report["table_sizes"], serde_json::json!([3, 3, 3, 3, 3]));
    assert!(report["max_first_deal_deviation"].as_u64().is_some_and(|d| d <= 1));
    let v = json(&stecca(&["seat", "--players", "16", "--sessions", "3", "--table-size", "3"]));
    assert_eq!(v["report"]["table_sizes"], serde_json::json!([3, 3, 3, 3, 2, 2]));
    assert_eq!(v["sessions"][0].as_array().map(Vec::len), Some(6));
}

#[test]
fn a_bad_table_size_or_count_is_refused_with_nothing_printed() {
    for (args, why) in [
        (vec!["--players", "15", "--table-size", "5"], "--table-size 5: a table seats 2, 3 or 4 players"),
        (vec!["--players", "1", "--table-size", "3"], "--players 1: a schedule needs between 2 and"),
        (vec!["--players", "7", "--table-size", "2"], "7 players do not fill tables of 2"),
    ] {
        let mut all = vec!["seat", "--sessions", "2"];
        all.extend(args);
        let out = stecca(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(why), "{all:?}: {stderr}");
    }
}

#[test]
fn the_same_arguments_give_the_same_plan_in_every_run() {
    // Separate processes (fresh hash seeds, fresh allocations): a search bounded by time rather than by steps,
    // or anything iterating a hash map, would show here. Cells that end in the search, not only in a design:
    // clubs to keep apart, beyond the maximum, tables of three with tables of two.
    let dir = tempfile::tempdir().expect("temp dir");
    let clubs = dir.path().join("clubs.csv");
    let mut csv = String::from("name,club,country\n");
    for i in 0..40 {
        csv.push_str(&format!("Player {i},Club {},Country {}\n", i % 7, i % 3));
    }
    std::fs::write(&clubs, csv).expect("csv");
    let clubs = clubs.to_str().expect("utf-8 path");
    for args in [
        vec!["seat", "--clubs", clubs, "--sessions", "5", "--seed", "5"],
        vec!["seat", "--players", "12", "--sessions", "3", "--seed", "2"],
        vec!["seat", "--players", "100", "--sessions", "33", "--seed", "8"],
        vec!["seat", "--players", "34", "--sessions", "10", "--table-size", "3", "--seed", "4"],
    ] {
        let first = json(&stecca(&args));
        let second = json(&stecca(&args));
        assert_eq!(first["sessions"], second["sessions"], "{args:?}");
        assert_eq!(first["report"]["repeat_meetings"], second["report"]["repeat_meetings"], "{args:?}");
    }
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly_not_in_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    // 400 players over 40 sessions print 68 kB, more than a pipe holds (64 kB), so the write meets the closed pipe.
    let mut child = crate::common::cli::command()
        .args(["seat", "--players", "400", "--sessions", "40", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).expect("the output starts");
    assert_eq!(&first, b"{");
    drop(stdout);
    let out = child.wait_with_output().expect("it ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "nothing to say about a reader that left: {stderr}");
    assert_eq!(out.status.code(), Some(141), "the status of a program a closed pipe stopped");
}
