//! A realistic demo tournament: named players from several clubs, a generated seating, and every manche of
//! every session entered with valid random hands scored by the engine — so a newcomer sees a full tournament.

use super::{DeskResult, confirm_manche, seat_tournament, table_state};
use crate::store::{PlayerData, Store};
use crate::tournament::{Id, MancheEntry, TournamentSettings};

/// How big a demo tournament is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DemoSize {
    /// Players (a multiple of four).
    pub players: usize,
    /// Sessions.
    pub sessions: u32,
    /// Weight of keeping club mates apart in the seating (0 ignores clubs and seats fastest).
    pub club_weight: f64,
    /// The ruleset played (an id of the registry).
    pub rules: &'static str,
}

impl Default for DemoSize {
    fn default() -> Self {
        DemoSize { players: 32, sessions: 4, club_weight: 1.0, rules: crate::rules::default_ruleset().id() }
    }
}

const FIRST: [&str; 24] = [
    "Alessandra",
    "Bruno",
    "Chiara",
    "Davide",
    "Elena",
    "Francesco",
    "Giulia",
    "Lorenzo",
    "Marta",
    "Niccolò",
    "Olga",
    "Paolo",
    "Roberta",
    "Stefano",
    "Teresa",
    "Umberto",
    "Valentina",
    "Walter",
    "Zeno",
    "Ilaria",
    "Matteo",
    "Sofia",
    "Tommaso",
    "Beatrice",
];
const LAST: [&str; 20] = [
    "Rossi",
    "Bianchi",
    "Bàrtoli",
    "Esposito",
    "Colombo",
    "Ricci",
    "Marino",
    "Greco",
    "Bruno",
    "Gallo",
    "Conti",
    "De Luca",
    "Mancini",
    "Costa",
    "Giordano",
    "Rizzo",
    "Lombardi",
    "Moretti",
    "Dell'Acqua",
    "Fontana",
];
const CLUBS: [(&str, &str); 8] = [
    ("Mah Jong Club Milano", "IT"),
    ("Circolo del Drago Bologna", "IT"),
    ("Vento dell'Est Roma", "IT"),
    ("Bambù Torino", "IT"),
    ("Fiori di Prugna Firenze", "IT"),
    ("Lanterne Napoli", "IT"),
    ("MJ Lugano", "CH"),
    ("Club Riichi Nice", "FR"),
];

/// The demo's teams' names; past the list they come round again with a number.
const TEAMS: [&str; 12] = [
    "Draghi Rossi",
    "Draghi Verdi",
    "Draghi Bianchi",
    "Venti dell'Est",
    "Venti del Sud",
    "Venti dell'Ovest",
    "Venti del Nord",
    "Fiori di Pruno",
    "Quattro Stagioni",
    "Canne di Bambù",
    "Cerchi d'Oro",
    "Caratteri Antichi",
];

/// The name of the demo's team `n` (0-based).
fn team_name(n: usize) -> String {
    let name = TEAMS[n % TEAMS.len()];
    match n / TEAMS.len() {
        0 => name.to_owned(),
        round => format!("{name} {}", round + 1),
    }
}

/// The demo's players: distinct names, clubs of four to eight players.
pub fn demo_players(count: usize) -> Vec<PlayerData> {
    (0..count)
        .map(|i| {
            let first = FIRST[i % FIRST.len()];
            let last = LAST[(i * 7 + i / FIRST.len()) % LAST.len()];
            let round = i / (FIRST.len() * LAST.len());
            let name = if round == 0 { format!("{first} {last}") } else { format!("{first} {last} ({})", round + 1) };
            let (club, country) = CLUBS[(i * 3 + i / 5) % CLUBS.len()];
            PlayerData {
                name,
                club: club.to_owned(),
                country: country.to_owned(),
                federation_id: format!("FIMJ-{:04}", 1000 + i),
                ..PlayerData::default()
            }
        })
        .collect()
}

/// Creates, seats and fills a demo tournament in one transaction; returns its id. Nothing of it is left when
/// any step fails (too many players to seat, a full disk).
pub fn create_demo(store: &mut Store, size: DemoSize, seed: u64, referee: &str) -> DeskResult<Id> {
    store.all_or_nothing(|store| {
        let today = chrono::Local::now().date_naive();
        let settings = TournamentSettings {
            name: format!("Torneo dimostrativo — {} giocatori", size.players),
            venue: "Circolo del Drago, Bologna".to_owned(),
            start_date: Some(today),
            end_date: Some(today),
            sessions: size.sessions,
            seating_seed: seed,
            session_minutes: 90,
            ..TournamentSettings::for_rules(size.rules)
        };
        let id = super::create_tournament(store, &settings, referee)?;
        // Teams of the tournament's size, from consecutive players (of different clubs).
        let mut players = demo_players(size.players);
        let team_size = settings.team_size.max(1) as usize;
        for (i, player) in players.iter_mut().enumerate() {
            player.team = team_name(i / team_size);
        }
        store.import_players(id, &players, referee)?;
        seat_tournament(store, id, size.club_weight, referee)?;
        fill(store, id, seed, referee)?;
        clocks(store, id, &settings, referee)?;
        Ok(id)
    })
}

/// Each session's clock as a day's play leaves it: started in turn, an hour and a half each with a break
/// between, and ended by the referee when the last table finished, the last one a few minutes ago.
fn clocks(store: &mut Store, id: Id, settings: &TournamentSettings, referee: &str) -> DeskResult<()> {
    use crate::tournament::clock::ClockAction;
    let now = chrono::Utc::now();
    let minutes = settings.session_minutes.max(1);
    for session in 1..=settings.sessions {
        let before_now = i64::from(settings.sessions - session) * (i64::from(minutes) + 30) + i64::from(minutes);
        let start = now - chrono::Duration::minutes(before_now + 5);
        store.clock_action(id, session, ClockAction::Start(minutes), start, referee)?;
        let end = start + chrono::Duration::minutes(i64::from(minutes) - 3);
        store.clock_action(id, session, ClockAction::End, end, referee)?;
    }
    Ok(())
}

fn fill(store: &mut Store, id: Id, seed: u64, referee: &str) -> DeskResult<()> {
    let mut next_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for table in store.seating(id)? {
        let mut state = table_state(store, table.id)?;
        while let Some(number) = state.next_number() {
            // Random manches are valid by construction; the loop only guards against a rule (e.g. club play's
            // ninth East win) that a random manche might trip.
            let frame = state.frame(number);
            let entry = loop {
                next_seed = next_seed.wrapping_add(1);
                let input = state.rules.random_manche(next_seed, &frame);
                let entry = MancheEntry::from_input(&input);
                if state.preview(number, &entry).is_ok() {
                    break entry;
                }
            };
            confirm_manche(store, table.id, number, &entry, referee)?;
            state = table_state(store, table.id)?;
        }
    }
    Ok(())
}
