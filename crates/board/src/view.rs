//! What the board shows, read from the desk's snapshot of a tournament once per change and kept in memory: the
//! standings, the session players look for, and each player's card. Requests only read this; none reaches the
//! database.

use std::collections::BTreeMap;

use serde::Serialize;
use stecca_core::i18n::Lang;
use stecca_core::rules::SeatLabel;
use stecca_core::tournament::standings::PLACEMENT_SCALE;
use stecca_core::tournament::{Id, RankingMethod};
use stecca_desk::export::Snapshot;

/// A tournament as the board shows it.
#[derive(Clone, Debug)]
pub struct BoardView {
    /// The tournament's id.
    pub tournament: Id,
    /// Its name.
    pub name: String,
    /// Venue and dates, as the sheets print them under the name.
    pub venue_and_dates: String,
    /// The ruleset's heading in each language, by [`Lang::index`].
    headings: Vec<String>,
    /// How far the tournament has gone.
    pub progress: Progress,
    /// Whether placement points rank the players (shown as a column).
    pub placement: bool,
    /// The standings, in order.
    pub standings: Vec<Standing>,
    /// The session players look for: the one being played, or the next one seated.
    pub seating: Option<SessionSeating>,
    /// Each seated player's manches, by player id.
    pub cards: BTreeMap<Id, Card>,
    /// The clock the hall watches (the latest session's started), with its session number.
    pub clock: Option<(u32, stecca_core::tournament::clock::SessionClock)>,
    /// The team standings, in order (empty when nobody plays for a team).
    pub teams: Vec<stecca_core::tournament::TeamRow>,
}

/// How far the tournament has gone, as the standings sheet says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// The highest session with a manche entered (0 before the first).
    pub session: u32,
    /// Sessions the tournament has.
    pub sessions: u32,
    /// Whether every table of that session has played all its manches.
    pub complete: bool,
    /// Manches entered in that session.
    pub manches: usize,
}

impl Progress {
    /// Whether the standings are final: the last session is complete.
    pub fn is_final(&self) -> bool {
        self.complete && self.session >= self.sessions && self.sessions > 0
    }

    /// Whether a session is being played, so the standings move with every manche.
    pub fn is_provisional(&self) -> bool {
        self.session > 0 && !self.complete
    }
}

/// One line of the standings.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    /// Place (equal records share it).
    pub place: u32,
    /// The player's id (their page is `/player/ID`).
    pub id: Id,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Country.
    pub country: String,
    /// Points: nets minus penalties.
    pub points: i64,
    /// Placement points × [`PLACEMENT_SCALE`] (whole numbers: the page writes the decimals).
    pub placement_scaled: i64,
    /// Penalty points deducted.
    pub penalties: i64,
    /// Sessions with at least one manche.
    pub sessions_played: u32,
}

impl Standing {
    /// Placement points with two decimals ("2.50"), as the standings sheet prints them, rounded from the whole
    /// number in integers (a twelfth never falls halfway between two hundredths, so no tie needs a rule).
    pub fn placement_text(&self) -> String {
        let scale = PLACEMENT_SCALE;
        let sign = if self.placement_scaled < 0 { "-" } else { "" };
        let hundredths = (self.placement_scaled.abs() * 100 + scale / 2) / scale;
        format!("{sign}{}.{:02}", hundredths / 100, hundredths % 100)
    }
}

/// One session's tables.
#[derive(Clone, Debug)]
pub struct SessionSeating {
    /// The session's number.
    pub session: u32,
    /// Its tables, by number.
    pub tables: Vec<TableSeats>,
}

/// One table of a session.
#[derive(Clone, Debug)]
pub struct TableSeats {
    /// The table's number.
    pub number: u32,
    /// Its players by seat.
    pub seats: Vec<Seat>,
}

/// A player in a seat.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The seat (a wind, or a number where the ruleset has no winds).
    pub label: SeatLabel,
    /// The player's id.
    pub player: Id,
    /// The player's name.
    pub name: String,
}

/// One player's manches across the tournament, like the player card sheet.
#[derive(Clone, Debug, Default)]
pub struct Card {
    /// The player's name.
    pub name: String,
    /// Their manches in order.
    pub lines: Vec<CardLine>,
}

/// One manche of a player's card.
#[derive(Clone, Copy, Debug)]
pub struct CardLine {
    /// Session.
    pub session: u32,
    /// Table number.
    pub table: u32,
    /// Manche number.
    pub manche: u32,
    /// The player's seat in that manche.
    pub seat: SeatLabel,
    /// Whether the manche was void.
    pub void: bool,
    /// The player's net.
    pub net: i64,
    /// Running total after it.
    pub total: i64,
}

impl BoardView {
    /// The view of a snapshot read with its manches.
    pub fn from_snapshot(s: &Snapshot) -> BoardView {
        let settings = &s.tournament.settings;
        let dates = match (settings.start_date, settings.end_date) {
            (Some(a), Some(b)) if a != b => format!("{a} – {b}"),
            (Some(a), _) => a.to_string(),
            _ => String::new(),
        };
        let venue_and_dates =
            [settings.venue.as_str(), dates.as_str()].iter().filter(|t| !t.is_empty()).cloned().collect::<Vec<_>>();
        let session = s.session_reached();
        let progress = Progress {
            session,
            sessions: settings.sessions,
            complete: session == 0 || s.session_complete(session),
            manches: s.manches_in(session),
        };
        let standings = s
            .standings
            .iter()
            .map(|r| Standing {
                place: r.place,
                id: r.player.id,
                name: r.player.name.clone(),
                club: r.player.club.clone(),
                country: r.player.country.clone(),
                points: r.points,
                placement_scaled: r.placement_scaled,
                penalties: r.penalties,
                sessions_played: r.sessions_played,
            })
            .collect();
        BoardView {
            tournament: s.tournament.id,
            name: settings.name.clone(),
            venue_and_dates: venue_and_dates.join(" · "),
            headings: Lang::all().map(|lang| s.rules.heading(lang)).collect(),
            progress,
            placement: settings.ranking.method == RankingMethod::PlacementPoints,
            standings,
            seating: session_to_show(s).map(|session| seating_of(s, session)),
            cards: cards(s),
            clock: s.clock().cloned(),
            teams: s.teams(),
        }
    }

    /// The ruleset's heading in `lang`.
    pub fn heading(&self, lang: Lang) -> &str {
        self.headings.get(lang.index()).map_or("", String::as_str)
    }

    /// The players whose name contains `part` (any case), each with their seat in the session shown.
    pub fn find(&self, part: &str) -> Vec<(&Seat, u32)> {
        let part = part.trim().to_lowercase();
        let Some(seating) = &self.seating else { return Vec::new() };
        if part.is_empty() {
            return Vec::new();
        }
        let mut found: Vec<(&Seat, u32)> = seating
            .tables
            .iter()
            .flat_map(|t| t.seats.iter().map(move |seat| (seat, t.number)))
            .filter(|(seat, _)| seat.name.to_lowercase().contains(&part))
            .collect();
        found.sort_by_key(|(seat, _)| seat.name.to_lowercase());
        found
    }

    /// A standing line by player id.
    pub fn standing(&self, player: Id) -> Option<&Standing> {
        self.standings.iter().find(|r| r.id == player)
    }
}

/// The session players look for: the first seated one not yet complete (being played, or next), or the last
/// seated one when all are complete.
fn session_to_show(s: &Snapshot) -> Option<u32> {
    let mut sessions: Vec<u32> = s.tables.iter().map(|t| t.session).collect();
    sessions.sort_unstable();
    sessions.dedup();
    sessions.iter().copied().find(|&session| !s.session_complete(session)).or(sessions.last().copied())
}

fn seating_of(s: &Snapshot, session: u32) -> SessionSeating {
    let seat_model = s.tournament.settings.ruleset().seat_model();
    let mut tables: Vec<TableSeats> = s
        .tables
        .iter()
        .filter(|t| t.session == session)
        .map(|t| TableSeats {
            number: t.number,
            seats: t
                .players
                .iter()
                .enumerate()
                .map(|(pos, &player)| Seat { label: seat_model.seat(pos), player, name: s.name(player).to_owned() })
                .collect(),
        })
        .collect();
    tables.sort_by_key(|t| t.number);
    SessionSeating { session, tables }
}

fn cards(s: &Snapshot) -> BTreeMap<Id, Card> {
    let mut cards: BTreeMap<Id, Card> = BTreeMap::new();
    let mut tables: Vec<_> = s.tables.iter().collect();
    tables.sort_by_key(|t| (t.session, t.number));
    for table in tables {
        for (position, &player) in table.players.iter().enumerate() {
            let card =
                cards.entry(player).or_insert_with(|| Card { name: s.name(player).to_owned(), lines: Vec::new() });
            for manche in s.manches.get(&table.id).into_iter().flatten() {
                let net = manche.nets.get(position).copied().unwrap_or_default();
                let total = card.lines.last().map_or(0, |l| l.total) + net;
                let seat = manche
                    .input
                    .players
                    .get(position)
                    .and_then(|p| p.seat)
                    .map_or(SeatLabel::Number(position + 1), SeatLabel::Wind);
                card.lines.push(CardLine {
                    session: table.session,
                    table: table.number,
                    manche: manche.number,
                    seat,
                    void: manche.input.void,
                    net,
                    total,
                });
            }
        }
    }
    cards
}
