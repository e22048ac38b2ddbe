//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod cable;
pub mod cli;
pub mod desk;
pub mod pg;
pub mod tre;

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
