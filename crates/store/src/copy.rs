//! Moving a whole database between backends (a laptop's SQLite file to the hall's server and back): every
//! row of every table, ids kept, audit log and ledger included, in one transaction on each side. The source
//! is read under its write lock, so no station changes it half-way through; the target must be empty, so
//! nothing already there can clash with or be mixed into what arrives.

use super::db::{Kind, Value};
use super::{Store, StoreError, StoreResult};
use crate::msg;

/// Every table with its columns, parents before children (foreign keys and the ownership triggers check
/// each row as it arrives). `change_stamp` is each database's own.
pub const TABLES: &[(&str, &[&str])] = &[
    (
        "tournament",
        &[
            "id",
            "name",
            "venue",
            "start_date",
            "end_date",
            "rules",
            "options",
            "sessions",
            "manches_per_session",
            "ranking",
            "seating_seed",
            "created_at",
            "archived_at",
            "deleted_at",
            "session_minutes",
            "federation_format",
            "team_size",
            "team_best",
            "clock_warning_minutes",
            "last_hand_minutes",
            "proposals_by_pins",
        ],
    ),
    ("player", &["id", "tournament_id", "name", "club", "country", "federation_id", "substitute", "withdrawn", "team"]),
    ("session", &["id", "tournament_id", "number", "clock"]),
    ("session_table", &["id", "session_id", "number", "start_round_wind"]),
    ("seat", &["table_id", "position", "player_id"]),
    (
        "manche",
        &[
            "id",
            "table_id",
            "number",
            "input",
            "outcome",
            "engine_version",
            "referee",
            "entered_at",
            "outcome_version",
            "revision",
            "save_key",
        ],
    ),
    ("manche_net", &["manche_id", "player_id", "net", "mahjong", "penalty"]),
    ("payment", &["manche_id", "seq", "from_player", "to_player", "amount"]),
    ("pot_payment", &["manche_id", "seq", "player_id", "amount"]),
    (
        "penalty",
        &["id", "tournament_id", "player_id", "session_number", "points", "reason", "referee", "at", "revoked"],
    ),
    (
        "table_link",
        &["id", "tournament_id", "session", "table_number", "token", "pins", "players", "created_at", "revoked_at"],
    ),
    (
        "proposal",
        &[
            "id",
            "tournament_id",
            "link_id",
            "session",
            "table_number",
            "number",
            "entry",
            "sender",
            "sent_at",
            "pins_given",
            "state",
            "reason",
            "decided_by",
            "decided_at",
            "manche_id",
        ],
    ),
    ("audit", &["id", "tournament_id", "at", "referee", "entity", "entity_id", "action", "before", "after"]),
    ("preference", &["key", "value"]),
    ("book_line", &["id", "tournament_id", "position", "data"]),
    ("club", &["id", "name", "rules", "chip_value", "table_fee", "starting_chips", "avoid_under", "created_at"]),
    ("member", &["id", "club_id", "name", "number", "country", "federation_id"]),
    ("evening", &["id", "club_id", "date", "tournament_id", "closed_at"]),
    ("evening_member", &["evening_id", "member_id", "player_id"]),
    ("chip_count", &["table_id", "player_id", "chips"]),
    (
        "ledger_entry",
        &[
            "id",
            "club_id",
            "member_id",
            "evening_id",
            "kind",
            "amount",
            "method",
            "treasurer",
            "note",
            "corrects",
            "counterpart",
            "at",
        ],
    ),
];

/// How many rows go in one INSERT (PostgreSQL takes at most 65,535 parameters a statement).
const ROWS_PER_INSERT: usize = 200;

/// What a copy moved: rows per table, in the order copied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyReport {
    /// `(table, rows)`.
    pub tables: Vec<(&'static str, usize)>,
}

impl CopyReport {
    /// Rows of `table` copied.
    pub fn rows(&self, table: &str) -> usize {
        self.tables.iter().find(|(name, _)| *name == table).map_or(0, |(_, rows)| *rows)
    }
}

/// Copies everything in `from` into `to`, which must hold no tournament, club or preference yet.
pub fn copy_database(from: &mut Store, to: &mut Store) -> StoreResult<CopyReport> {
    let source = from.db.write()?;
    let target = to.db.write()?;
    let used: i64 = target.value(
        "SELECT (SELECT count(*) FROM tournament) + (SELECT count(*) FROM club) + (SELECT count(*) FROM preference)",
        &[],
    )?;
    if used > 0 {
        return Err(StoreError::Refused(msg!("error.store.not_empty", target = to.location.to_string())));
    }
    let mut report = CopyReport::default();
    for (table, columns) in TABLES {
        let list = columns.join(", ");
        // Rows in key order: a ledger correction comes after the entry it corrects.
        let rows = source.query_map(&format!("SELECT {list} FROM {table} ORDER BY {}", key_of(table)), &[], |row| {
            Ok(row.values().to_vec())
        })?;
        for chunk in rows.chunks(ROWS_PER_INSERT) {
            let mut placeholders = Vec::with_capacity(chunk.len());
            let mut values: Vec<Value> = Vec::with_capacity(chunk.len() * columns.len());
            for row in chunk {
                let first = values.len();
                placeholders.push(format!(
                    "({})",
                    (1..=columns.len()).map(|i| format!("?{}", first + i)).collect::<Vec<_>>().join(", ")
                ));
                values.extend(row.iter().cloned());
            }
            target.execute(&format!("INSERT INTO {table} ({list}) VALUES {}", placeholders.join(", ")), &values)?;
        }
        report.tables.push((table, rows.len()));
    }
    if target.kind() == Kind::Postgres {
        // Rows came with their ids: the next id each table hands out must follow them.
        for (table, _) in TABLES.iter().filter(|(_, columns)| columns.first() == Some(&"id")) {
            target.query_map(
                &format!("SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"),
                &[],
                |_| Ok(()),
            )?;
        }
    }
    target.commit()?;
    drop(source);
    Ok(report)
}

/// The columns that order a table's rows.
fn key_of(table: &str) -> &'static str {
    match table {
        "seat" => "table_id, position",
        "manche_net" => "manche_id, player_id",
        "payment" | "pot_payment" => "manche_id, seq",
        "preference" => "key",
        "evening_member" => "evening_id, member_id",
        "chip_count" => "table_id, player_id",
        _ => "id",
    }
}
