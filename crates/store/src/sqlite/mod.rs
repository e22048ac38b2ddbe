//! The embedded backend: one SQLite file (or memory) through rusqlite. Statements are prepared once and
//! cached by rusqlite; `BEGIN IMMEDIATE` takes the file's write lock before the first read.

use rusqlite::Connection;
use rusqlite::types::{ToSqlOutput, ValueRef};

use super::db::{Backend, Kind, Row, Value};
use super::{StoreError, StoreResult};
use crate::msg;

/// An open SQLite connection.
pub(crate) struct Sqlite {
    conn: Connection,
}

/// Prepared statements kept per connection. Every statement of the store is prepared once and kept; a
/// confirmed manche alone runs some thirty distinct ones, which a cache of rusqlite's default 16 would evict
/// in turn and prepare again every time.
const STATEMENT_CACHE: usize = 256;

impl Sqlite {
    /// The backend over an open, checked connection.
    pub(crate) fn new(conn: Connection) -> Sqlite {
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        Sqlite { conn }
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Value::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Value::Int(n) => ToSqlOutput::Borrowed(ValueRef::Integer(*n)),
            Value::Text(text) => ToSqlOutput::Borrowed(ValueRef::Text(text.as_bytes())),
        })
    }
}

fn value(raw: ValueRef<'_>) -> StoreResult<Value> {
    match raw {
        ValueRef::Null => Ok(Value::Null),
        ValueRef::Integer(n) => Ok(Value::Int(n)),
        ValueRef::Text(bytes) => Ok(Value::Text(String::from_utf8_lossy(bytes).into_owned())),
        ValueRef::Real(r) => Err(StoreError::Column(msg!("error.store.column_real", value = r))),
        ValueRef::Blob(_) => Err(StoreError::Column(msg!("error.store.column_blob"))),
    }
}

impl Backend for Sqlite {
    fn execute(&self, sql: &str, params: &[Value]) -> StoreResult<u64> {
        let changed = self.conn.prepare_cached(sql)?.execute(rusqlite::params_from_iter(params))?;
        Ok(changed as u64)
    }

    fn query(&self, sql: &str, params: &[Value]) -> StoreResult<Vec<Row>> {
        let mut statement = self.conn.prepare_cached(sql)?;
        let columns = statement.column_count();
        let names: std::sync::Arc<[String]> = statement.column_names().into_iter().map(str::to_owned).collect();
        let mut rows = statement.query(rusqlite::params_from_iter(params))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let values = (0..columns).map(|i| value(row.get_ref(i)?)).collect::<StoreResult<_>>()?;
            out.push(Row { names: std::sync::Arc::clone(&names), values });
        }
        Ok(out)
    }

    fn batch(&self, sql: &str) -> StoreResult<()> {
        Ok(self.conn.execute_batch(sql)?)
    }

    fn begin_write(&self) -> StoreResult<()> {
        self.batch("BEGIN IMMEDIATE")
    }

    fn kind(&self) -> Kind {
        Kind::Sqlite
    }

    fn sqlite(&self) -> Option<&Connection> {
        Some(&self.conn)
    }
}
pub(crate) mod open;
