//! The one place the store's SQL meets a database. The store writes each statement once, in the SQL both
//! backends speak (numbered `?1` parameters, `RETURNING id`, `CAST(sum(…) AS BIGINT)`), and runs it through
//! [`Db`]; a [`Backend`] (SQLite embedded, PostgreSQL on a server) runs it, each translating what differs —
//! placeholders, how the write lock is taken, what a lost connection means.
//!
//! Values are the three kinds the schema stores: whole numbers, text and NULL (money is whole cents; flags
//! are 0/1). Writing the store's ~100 queries once over this small interface, rather than twice over two
//! drivers, is what keeps the two backends from drifting apart.

use std::cell::Cell;

use super::{StoreError, StoreResult};
use crate::msg;
use crate::tournament::Id;

/// A value sent to or read from the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// SQL NULL.
    Null,
    /// A whole number (ids, points, cents, 0/1 flags).
    Int(i64),
    /// Text (names, JSON, RFC 3339 times).
    Text(String),
}

/// What can be sent as a statement parameter.
pub trait ToValue {
    /// The value as sent.
    fn to_value(&self) -> Value;
}

impl ToValue for Value {
    fn to_value(&self) -> Value {
        self.clone()
    }
}

macro_rules! int_to_value {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Value {
                Value::Int(i64::from(*self))
            }
        }
    )*};
}
int_to_value!(i64, i32, u32, u16, u8, bool);

impl ToValue for usize {
    fn to_value(&self) -> Value {
        // Positions and counts: far below i64::MAX on any table the store writes.
        Value::Int(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl ToValue for str {
    fn to_value(&self) -> Value {
        Value::Text(self.to_owned())
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::Text(self.clone())
    }
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Value {
        (**self).to_value()
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToValue::to_value)
    }
}

/// Statement parameters: `params![tournament, name]` is the `&[Value]` for `?1, ?2`.
macro_rules! params {
    ($($x:expr),* $(,)?) => {
        &[$($crate::db::ToValue::to_value(&$x)),*][..]
    };
}
pub(crate) use params;

/// What can be read from a column.
pub trait FromValue: Sized {
    /// The value read, or why it cannot be.
    fn from_value(value: &Value) -> Result<Self, String>;
}

macro_rules! int_from_value {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(value: &Value) -> Result<Self, String> {
                match value {
                    Value::Int(n) => <$t>::try_from(*n).map_err(|_| format!("{n} is out of range")),
                    other => Err(format!("expected a number, found {other:?}")),
                }
            }
        }
    )*};
}
int_from_value!(i64, i32, u32, u64, usize);

impl FromValue for bool {
    fn from_value(value: &Value) -> Result<Self, String> {
        match value {
            Value::Int(n) => Ok(*n != 0),
            other => Err(format!("expected a flag, found {other:?}")),
        }
    }
}

impl FromValue for String {
    fn from_value(value: &Value) -> Result<Self, String> {
        match value {
            Value::Text(text) => Ok(text.clone()),
            Value::Int(n) => Ok(n.to_string()),
            Value::Null => Err("expected text, found NULL".to_owned()),
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: &Value) -> Result<Self, String> {
        match value {
            Value::Null => Ok(None),
            other => T::from_value(other).map(Some),
        }
    }
}

impl FromValue for chrono::NaiveDate {
    fn from_value(value: &Value) -> Result<Self, String> {
        let text = String::from_value(value)?;
        chrono::NaiveDate::parse_from_str(&text, "%Y-%m-%d").map_err(|e| format!("{text}: {e}"))
    }
}

impl FromValue for Value {
    fn from_value(value: &Value) -> Result<Self, String> {
        Ok(value.clone())
    }
}

/// One row of a result, read by column name: a query's columns can be reordered or added to without any reader
/// taking one column for another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The result's column names (as the query names them: `t.id` is `id`, `count(*) AS n` is `n`).
    pub(crate) names: std::sync::Arc<[String]>,
    pub(crate) values: Vec<Value>,
}

impl Row {
    /// Column `name` as `T`.
    pub fn get<T: FromValue>(&self, name: &str) -> StoreResult<T> {
        let index = self
            .names
            .iter()
            .position(|column| column == name)
            .ok_or_else(|| StoreError::Column(msg!("error.store.column_missing", name = name)))?;
        self.at(index, name)
    }

    /// The only column of a one-column result (`SELECT count(*) …`, `SELECT id …`) as `T`.
    pub fn only<T: FromValue>(&self) -> StoreResult<T> {
        match self.values.len() {
            1 => self.at(0, "the only column"),
            n => Err(StoreError::Column(msg!("error.store.column_count", count = n))),
        }
    }

    fn at<T: FromValue>(&self, index: usize, name: &str) -> StoreResult<T> {
        let value = self
            .values
            .get(index)
            .ok_or_else(|| StoreError::Column(msg!("error.store.column_missing", name = name)))?;
        // `why` is technical (a type expected, a value found): a defect to report, framed in the referee's language.
        T::from_value(value)
            .map_err(|why| StoreError::Column(msg!("error.store.column_value", name = name, detail = why)))
    }

    /// Every column, in order.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

/// Which kind of database a store is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An SQLite file (or memory).
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// A database connection as the store needs it. Statements are in the shared dialect (see the module doc).
/// `Send`: the desk runs on its own thread, so that a window never waits on it.
pub trait Backend: Send {
    /// Runs a statement; returns how many rows it changed.
    fn execute(&self, sql: &str, params: &[Value]) -> StoreResult<u64>;
    /// Runs a query; returns every row.
    fn query(&self, sql: &str, params: &[Value]) -> StoreResult<Vec<Row>>;
    /// Runs statements without parameters or results (transaction control, schema).
    fn batch(&self, sql: &str) -> StoreResult<()>;
    /// Starts a transaction holding the database's write lock from its first statement, so that an
    /// operation that reads and then writes never meets another station's write in between.
    fn begin_write(&self) -> StoreResult<()>;
    /// Which kind it is.
    fn kind(&self) -> Kind;
    /// For SQLite-only maintenance (integrity check, schema tests).
    fn sqlite(&self) -> Option<&rusqlite::Connection> {
        None
    }
    /// A second connection to the same server with the same credentials (`None` for a backend whose
    /// connections are opened by path instead).
    fn another(&self) -> Option<StoreResult<Box<dyn Backend>>> {
        None
    }
}

/// The store's connection: a backend and how deep the current write is nested.
pub struct Db {
    backend: Box<dyn Backend>,
    depth: Cell<u32>,
    /// Set when the database could be opened only for reading: every write is refused before it starts, naming
    /// this location.
    read_only: Option<String>,
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db").field("kind", &self.backend.kind()).field("depth", &self.depth.get()).finish()
    }
}

impl Db {
    /// A connection over `backend`.
    pub fn new(backend: Box<dyn Backend>) -> Db {
        Db { backend, depth: Cell::new(0), read_only: None }
    }

    /// A connection that only reads: every write is refused with [`StoreError::ReadOnly`] naming `location`.
    pub fn read_only(backend: Box<dyn Backend>, location: String) -> Db {
        Db { backend, depth: Cell::new(0), read_only: Some(location) }
    }

    /// Whether writes are refused (a database that could be opened only for reading).
    pub fn is_read_only(&self) -> bool {
        self.read_only.is_some()
    }

    /// Refuses a write on a read-only database before anything starts.
    fn check_writable(&self) -> StoreResult<()> {
        match &self.read_only {
            Some(location) => Err(StoreError::ReadOnly { location: location.clone() }),
            None => Ok(()),
        }
    }

    /// Which kind of database this is.
    pub fn kind(&self) -> Kind {
        self.backend.kind()
    }

    /// A second connection to the same server with the same credentials (`None` on SQLite).
    pub fn another(&self) -> Option<StoreResult<Db>> {
        let backend = self.backend.another()?;
        Some(backend.map(|backend| Db { backend, depth: Cell::new(0), read_only: self.read_only.clone() }))
    }

    /// The SQLite connection, when this is SQLite.
    pub fn sqlite(&self) -> Option<&rusqlite::Connection> {
        self.backend.sqlite()
    }

    /// Runs a statement; returns how many rows it changed.
    pub fn execute(&self, sql: &str, params: &[Value]) -> StoreResult<u64> {
        self.backend.execute(sql, params)
    }

    /// Inserts one row and returns its new `id` (the statement gets `RETURNING id`).
    pub fn insert(&self, sql: &str, params: &[Value]) -> StoreResult<Id> {
        let rows = self.backend.query(&format!("{sql} RETURNING id"), params)?;
        rows.first().ok_or(StoreError::NoRow)?.only()
    }

    /// Every row of a query, each read by `read`.
    pub fn query_map<T>(
        &self,
        sql: &str,
        params: &[Value],
        read: impl FnMut(&Row) -> StoreResult<T>,
    ) -> StoreResult<Vec<T>> {
        self.backend.query(sql, params)?.iter().map(read).collect()
    }

    /// The first row of a query, if any.
    pub fn query_opt<T>(
        &self,
        sql: &str,
        params: &[Value],
        read: impl FnOnce(&Row) -> StoreResult<T>,
    ) -> StoreResult<Option<T>> {
        self.backend.query(sql, params)?.first().map(read).transpose()
    }

    /// The first row of a query that always returns one (a count, an EXISTS).
    pub fn query_row<T>(
        &self,
        sql: &str,
        params: &[Value],
        read: impl FnOnce(&Row) -> StoreResult<T>,
    ) -> StoreResult<T> {
        self.query_opt(sql, params, read)?.ok_or(StoreError::NoRow)
    }

    /// The one value of a query that always returns one row.
    pub fn value<T: FromValue>(&self, sql: &str, params: &[Value]) -> StoreResult<T> {
        self.query_row(sql, params, |row| row.only())
    }

    /// Whether a write is under way.
    pub fn in_transaction(&self) -> bool {
        self.depth.get() > 0
    }

    /// Starts a transaction that later writes join as savepoints (see [`Db::end_outer`]).
    pub fn begin_outer(&self) -> StoreResult<Outer> {
        self.check_writable()?;
        let level = self.depth.get();
        self.backend.begin_write()?;
        self.depth.set(level + 1);
        Ok(Outer(level))
    }

    /// Ends what [`Db::begin_outer`] started: committed, or rolled back.
    pub fn end_outer(&self, outer: Outer, commit: bool) -> StoreResult<()> {
        self.finish(outer.0, commit)
    }

    /// Starts an operation that may write: the outermost takes the write lock, an inner one is a savepoint.
    pub fn write(&self) -> StoreResult<Write<'_>> {
        self.check_writable()?;
        let level = self.depth.get();
        if level == 0 {
            self.backend.begin_write()?;
        } else {
            self.backend.batch(&format!("SAVEPOINT w{level}"))?;
        }
        self.depth.set(level + 1);
        Ok(Write { db: self, level, done: false })
    }

    /// Ends the write at `level`: committed (the outermost also counts as a change other stations see) or
    /// rolled back.
    fn finish(&self, level: u32, commit: bool) -> StoreResult<()> {
        let result = match (level, commit) {
            (0, true) => self
                .backend
                .execute("UPDATE change_stamp SET n = n + 1 WHERE id = 1", &[])
                .and_then(|_| self.backend.batch("COMMIT")),
            (0, false) => self.backend.batch("ROLLBACK"),
            (_, true) => self.backend.batch(&format!("RELEASE SAVEPOINT w{level}")),
            (_, false) => self.backend.batch(&format!("ROLLBACK TO SAVEPOINT w{level}; RELEASE SAVEPOINT w{level}")),
        };
        if result.is_err() && commit && level == 0 {
            // A failed COMMIT may leave the transaction open: end it so the store stays usable.
            let _ = self.backend.batch("ROLLBACK");
        }
        self.depth.set(level);
        result
    }
}

/// A transaction begun by [`Db::begin_outer`], to be ended by [`Db::end_outer`].
#[must_use]
pub struct Outer(u32);

/// One operation's writes. Dropped without [`Write::commit`], everything it wrote is rolled back.
pub struct Write<'a> {
    db: &'a Db,
    level: u32,
    done: bool,
}

impl std::ops::Deref for Write<'_> {
    type Target = Db;

    fn deref(&self) -> &Db {
        self.db
    }
}

impl Write<'_> {
    /// Makes the operation's writes durable (or, nested, part of the enclosing write).
    pub fn commit(mut self) -> StoreResult<()> {
        self.done = true;
        self.db.finish(self.level, true)
    }
}

impl Drop for Write<'_> {
    fn drop(&mut self) {
        if !self.done {
            // Nothing to report to: the operation is already returning its own error.
            let _ = self.db.finish(self.level, false);
        }
    }
}

/// Rows of `(id, value)` as each id's values, in the order the rows came (a query's ORDER BY).
pub fn grouped<T>(rows: Vec<(Id, T)>) -> std::collections::HashMap<Id, Vec<T>> {
    let mut groups: std::collections::HashMap<Id, Vec<T>> = std::collections::HashMap::new();
    for (id, value) in rows {
        groups.entry(id).or_default().push(value);
    }
    groups
}

/// `?N` placeholders as `$N` (PostgreSQL), leaving quoted text alone.
pub fn numbered_dollars(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted && chars.peek().is_some_and(char::is_ascii_digit) => out.push('$'),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_dollars_outside_quotes() {
        assert_eq!(numbered_dollars("SELECT '?1', ?1 WHERE a = ?12"), "SELECT '?1', $1 WHERE a = $12");
    }

    #[test]
    fn values_read_back_as_their_types() {
        let names: std::sync::Arc<[String]> = ["n", "gone", "name", "flag"].map(String::from).into();
        let row = Row { names, values: vec![Value::Int(3), Value::Null, Value::Text("x".into()), Value::Int(1)] };
        assert_eq!(row.get::<u32>("n").expect("u32"), 3);
        assert_eq!(row.get::<Option<i64>>("gone").expect("null"), None);
        assert_eq!(row.get::<String>("name").expect("text"), "x");
        assert!(row.get::<bool>("flag").expect("flag"));
        assert!(row.get::<i64>("name").is_err());
        assert!(row.get::<u32>("nine").is_err(), "a column the query does not name");
        assert!(row.only::<u32>().is_err(), "four columns, not one");
        let one = Row { names: ["n".to_owned()].into(), values: vec![Value::Int(-1)] };
        assert!(one.only::<u32>().is_err());
        assert_eq!(one.only::<i64>().expect("i64"), -1);
    }
}
