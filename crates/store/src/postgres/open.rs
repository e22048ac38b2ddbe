//! Opening a PostgreSQL database without ever harming one that is not ours: under the write lock, a database
//! whose tables are not Stecca's, or whose schema is newer than this build's, is refused before anything is
//! written; an empty database gets the whole schema; an older Stecca schema is migrated in the same
//! transaction. (A server keeps its own backups: no file is copied here.)

use super::super::db::{Backend, Value};
use super::super::{StoreError, StoreResult, migrations, outcome_ids, schema_version};
use super::Postgres;
use crate::msg;

/// Connects to `url` (with `password`, or the one found as libpq finds it), checks the database and brings its
/// schema up to date.
pub(crate) fn open(url: &str, password: Option<&str>) -> StoreResult<Postgres> {
    let backend = Postgres::connect(url, password)?;
    backend.begin_write()?;
    let result = check_and_migrate(&backend);
    let end = if result.is_ok() { "COMMIT" } else { "ROLLBACK" };
    let ended = backend.batch(end);
    result?;
    ended?;
    Ok(backend)
}

fn check_and_migrate(backend: &Postgres) -> StoreResult<()> {
    let foreign = || StoreError::Foreign { path: backend.shown().to_owned(), why: msg!("error.open.not_stecca") };
    let ours = backend.query("SELECT to_regclass('stecca_schema') IS NOT NULL", &[])?;
    let ours = ours.first().map(|row| row.only::<bool>()).transpose()?.unwrap_or(false);
    let found = if ours {
        let rows = backend.query("SELECT application, version FROM stecca_schema", &[])?;
        let Some(row) = rows.first() else { return Err(foreign()) };
        if row.get::<String>("application")? != "stecca" {
            return Err(foreign());
        }
        row.get::<i64>("version")?
    } else {
        let tables = backend
            .query("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()", &[])?;
        let tables = tables.first().map(|row| row.only::<i64>()).transpose()?.unwrap_or(0);
        if tables > 0 {
            return Err(foreign());
        }
        0
    };
    let supported = schema_version();
    if found > supported {
        return Err(StoreError::TooNew { path: backend.shown().to_owned(), found, supported });
    }
    // The first migration with a postgres.sql creates the schema as it stands at its version; each later one
    // has its own postgres.sql.
    let mut version = found;
    for (number, sql) in migrations("postgres.sql") {
        if number <= version {
            continue;
        }
        let Some(sql) = sql else {
            if version == 0 {
                continue;
            }
            return Err(StoreError::Migration { to: number, detail: None });
        };
        backend.batch(sql).map_err(|e| StoreError::Migration { to: number, detail: Some(e.to_string()) })?;
        if number == outcome_ids::SCHEMA {
            rewrite_outcomes(backend)?;
        }
        backend.execute("UPDATE stecca_schema SET version = ?1", &[Value::Int(number)])?;
        version = number;
    }
    Ok(())
}

/// Schema 8's data step ([`outcome_ids`]), in the migration's transaction.
fn rewrite_outcomes(backend: &Postgres) -> StoreResult<()> {
    for row in backend.query("SELECT id, input, outcome FROM manche WHERE outcome_version = 1", &[])? {
        let (id, input, outcome) = (row.get::<i64>("id")?, row.get::<String>("input")?, row.get::<String>("outcome")?);
        if let Some(outcome) = outcome_ids::rewrite(&input, &outcome) {
            backend.execute(
                "UPDATE manche SET outcome = ?2, outcome_version = ?3 WHERE id = ?1",
                &[Value::Int(id), Value::Text(outcome), Value::Int(crate::rules::OUTCOME_VERSION)],
            )?;
        }
    }
    Ok(())
}
