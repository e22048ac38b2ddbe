//! Driving the real `stecca` binary: a tournament made, registered and seated by the command line, and
//! manches written as `stecca enter` lines.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{Value, json};

/// The real `stecca` binary in an English locale (`LC_ALL=C.UTF-8`), whatever the developer's own, so that
/// what it says can be read by the tests; the tests of its Italian set `--lang` or `LANG` themselves.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_stecca"));
    command.env("LC_ALL", "C.UTF-8");
    command
}

/// Runs `stecca ARGS --db DB` (a file or a server's URL) and returns what it printed.
pub fn stecca(db: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Output {
    crate::common::cli::command().args(args).arg("--db").arg(db).output().expect("stecca runs")
}

/// Runs a command that must succeed; returns its standard output.
pub fn ok(db: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> String {
    let out = stecca(db, args);
    assert!(out.status.success(), "stecca {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

/// A FIMJ tournament of `players` players (P01, P02, …) in one club each, seated for `sessions` sessions by
/// the command line; returns its id.
pub fn seated_tournament(db: &Path, players: usize, sessions: u32) -> i64 {
    let id: i64 = ok(db, &["tournament", "new", "--name", "Coppa CLI", "--sessions", &sessions.to_string()])
        .trim()
        .parse()
        .expect("the id");
    let list = db.with_extension("players.csv");
    let rows: String = (1..=players).map(|i| format!("P{i:02},Club {},IT\n", i % 5)).collect();
    std::fs::write(&list, format!("name,club,country\n{rows}")).expect("list");
    ok(db, &["players", "import", "--tournament", &id.to_string(), list.to_str().expect("path")]);
    ok(db, &["seat", "--tournament", &id.to_string()]);
    id
}

/// The names at a table, in seat order, as `stecca seat --tournament` would list them.
pub fn table_names(store: &stecca::store::Store, tournament: i64, session: u32, table: u32) -> Vec<String> {
    let seated = store.seating(tournament).expect("seating");
    let players = store.players(tournament).expect("players");
    let t = seated.iter().find(|t| t.session == session && t.number == table).expect("table");
    t.players.iter().map(|id| players.iter().find(|p| p.id == *id).expect("player").data.name.clone()).collect()
}

/// A manche line for `stecca enter`: the digest's hands, the player in seat `winner` going Mah Jong
/// self-drawn; no seat winds, round wind or number (the table's rotation fills them).
pub fn manche_line(names: &[String], winner: usize, table: u32) -> String {
    let hands = [
        "[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f",
        "[555b] RRR 123c 456d EE 2f",
        "[234d] 66c 1b 4b 8b E S N VV",
        "1c 2c 4c 5d 6d 8d 9b 1d 3b 5b 7b W W",
    ];
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let hand = hands[(i + 4 - winner + 1) % 4];
            if i == winner {
                json!({"name": name, "hand": hand, "mahjong": true, "win": ["self_drawn"]})
            } else {
                json!({"name": name, "hand": hand})
            }
        })
        .collect();
    json!({"rules": "fimj", "table": table, "players": players}).to_string()
}

/// Runs `stecca ARGS` with `stdin` on its standard input and returns what it printed.
pub fn stecca_stdin(args: &[&str], stdin: &[u8]) -> Output {
    stecca_in_locale(args, &[("LC_ALL", "C.UTF-8")], stdin)
}

/// Runs `stecca ARGS` in the locale `env` gives (no `LC_ALL`, `LC_MESSAGES` or `LANG` of the test's own), with
/// `stdin` on its standard input.
pub fn stecca_in_locale(args: &[&str], env: &[(&str, &str)], stdin: &[u8]) -> Output {
    let mut command = crate::common::cli::command();
    command.env_remove("LC_ALL").env_remove("LC_MESSAGES").env_remove("LANG");
    for (key, value) in env {
        command.env(key, value);
    }
    crate::common::output_with_input(command.args(args), stdin)
}

/// `stecca enter --jsonl` on session 1 of `tournament` (on table `table` when given, else each line's own),
/// reading `lines` from a file, on `db` (a file or a server's URL); its answers on a pipe.
pub fn enter_writer(
    db: impl AsRef<std::ffi::OsStr>,
    tournament: i64,
    table: Option<u32>,
    lines: &Path,
) -> std::process::Child {
    let mut command = command();
    command.args(["enter", "--jsonl", "--session", "1", "--tournament", &tournament.to_string()]);
    if let Some(table) = table {
        command.args(["--table", &table.to_string()]);
    }
    command
        .arg(lines)
        .arg("--db")
        .arg(db)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the writer starts")
}
