//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod cable;
pub mod cdp;
pub mod cli;
pub mod desk;
pub mod http;
pub mod pdf;
pub mod pg;
pub mod phones;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Makes "tre", the toy ruleset (`tests/support/tre`), known to this test process: one registry line.
pub fn register_tre() {
    stecca::rules::register(&stecca_toy_tre::TRE).expect("Tre's locale files are complete");
}

/// Every crate's source folder, from the workspace root: the program itself, which some tests read as text.
pub const PROGRAM_SOURCES: [&str; 15] = [
    "crates/locales/src",
    "crates/seam/src",
    "crates/rules/fimj/src",
    "crates/rules/classic_american/src",
    "crates/rules/nmjl/src",
    "crates/rules/mayumi/src",
    "crates/rules/riichi/src",
    "crates/rules/mcr/src",
    "crates/registry/src",
    "crates/core/src",
    "crates/store/src",
    "crates/desk/src",
    "crates/board/src",
    "crates/ui/src",
    "src",
];

/// The workspace root, where `Cargo.toml`, README and the crates are.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `command` to its end with `input` on its standard input and its output captured.
pub fn output_with_input(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{:?} starts: {e}", command.get_program()));
    let mut stdin = child.stdin.take().expect("stdin");
    let bytes = input.to_vec();
    // Written from a thread: the child answers while it reads, and a full pipe must not block the test.
    let writer = std::thread::spawn(move || stdin.write_all(&bytes));
    let output = child.wait_with_output().expect("the program ends");
    writer.join().expect("writer").expect("stdin written");
    output
}

/// Every `.rs` file under `folder`, at any depth.
pub fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display())) {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// A tournament with four players (Anna, Bruno, Carla, Dario) seated for one session; returns
/// (tournament, table of session 1).
pub fn seated_four(store: &mut stecca::store::Store) -> (i64, i64) {
    use stecca::tournament::{PlayerData, TournamentSettings};
    let settings = TournamentSettings { name: "Coppa di prova".into(), sessions: 1, ..TournamentSettings::default() };
    let id = stecca::desk::create_tournament(store, &settings, "Arbitro").expect("tournament");
    for name in ["Anna", "Bruno", "Carla", "Dario"] {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "Arbitro").expect("player");
    }
    let players: Vec<i64> = store.players(id).expect("players").iter().map(|p| p.id).collect();
    store.save_seating(id, 1, &[vec![players[..4].to_vec()]], "Arbitro").expect("seating");
    let table = store.seating(id).expect("seating")[0].id;
    (id, table)
}

/// A club ("Circolo della Gru", fimj, 1 cent a chip, no fee, 4,000 chips a seat, no amount to avoid) whose one
/// closed evening left Anna −2,00 €, Bruno −1,00 €, Carla +1,75 € and Dario +1,25 €: the plain settle-up splits
/// a payer into a 0,25 € remainder. Returns the club.
pub fn club_with_a_small_remainder(store: &mut stecca::store::Store) -> i64 {
    use stecca::desk;
    use stecca::ledger::{ChipValue, ClubSettings, MemberData};
    let settings = ClubSettings {
        name: "Circolo della Gru".into(),
        rules: "fimj".into(),
        chip_value: ChipValue::cents(1),
        table_fee: 0,
        starting_chips: 4000,
        avoid_under: 0,
    };
    let club = desk::create_club(store, &settings).expect("club");
    let members: Vec<i64> = ["Anna", "Bruno", "Carla", "Dario"]
        .iter()
        .map(|name| store.add_member(club, &MemberData { name: (*name).into(), ..MemberData::default() }))
        .collect::<Result<_, _>>()
        .expect("members");
    let date = chrono::NaiveDate::from_ymd_opt(2026, 11, 20).expect("date");
    let evening = desk::open_evening(store, club, date, &[members], "T").expect("evening");
    let table = desk::evening_view(store, evening).expect("view").tables[0].id;
    desk::enter_chip_counts(store, evening, table, &[3800, 3900, 4175, 4125]).expect("counts");
    desk::close_evening(store, evening, "T").expect("closed");
    club
}

/// The digest's example manche as typed at a table (Bruno, South, self-drawn Mah Jong).
pub fn digest_entry() -> stecca::tournament::MancheEntry {
    use stecca::tournament::{HandEntry, MancheEntry};
    let hand = |text: &str| HandEntry { text: text.to_owned(), ..HandEntry::default() };
    MancheEntry {
        void: false,
        hands: vec![
            hand("[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f"),
            HandEntry {
                text: "[555b] RRR 123c 456d EE 2f".into(),
                mahjong: true,
                win: vec!["self_drawn".into()],
                ..HandEntry::default()
            },
            hand("[234d] 66c 1b 4b 8b E S N VV"),
            hand("1c 2c 4c 5d 6d 8d 9b 1d 3b 5b 7b W W"),
        ],
    }
}
