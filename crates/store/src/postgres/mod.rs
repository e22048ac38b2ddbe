//! The shared backend: a PostgreSQL server that several stations use at once.
//!
//! - Writes are serialised by one advisory lock taken at the start of every write transaction, as SQLite's
//!   `BEGIN IMMEDIATE` does for a file: every check-then-write of the store (the next manche number, a
//!   manche's revision, "already closed") stays exact with any number of stations, and a write waits (at most
//!   [`LOCK_WAIT`]) for another station's instead of failing half-way. Reads never wait.
//! - A lost connection is reported as [`StoreError::Offline`] and the next statement reconnects — except
//!   inside a write, where only the rollback may follow (a new connection would run the rest of the write
//!   outside its transaction).
//! - Statements are prepared once per connection and kept.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::error::Error;
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use bytes::BytesMut;
use postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};
use postgres::{Client, Config, Statement};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::OfflineReason;
use super::db::{Backend, Kind, Row, Value, numbered_dollars};
use super::{StoreError, StoreResult};
use crate::message::Message;
use crate::msg;

/// The advisory lock key of every write transaction ("STEC").
const WRITE_LOCK: i64 = 0x5354_4543;

/// How long a write waits for another station's before it gives up with "busy".
const LOCK_WAIT: &str = "10s";

/// After the server could not be reached, how long every operation fails at once before the next attempt:
/// the desk's screens read on every frame, and must not each wait for a network that is gone.
const RETRY_AFTER: Duration = Duration::from_secs(2);

/// How long the quick check that the server's port answers may take before a real connection is tried (on a
/// hall's network a live server answers within milliseconds).
const PROBE: Duration = Duration::from_millis(800);

type BoxError = Box<dyn Error + Sync + Send>;

impl ToSql for Value {
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(n) => match *ty {
                Type::INT8 => n.to_sql(ty, out),
                Type::INT4 => i32::try_from(*n)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(*n)?.to_sql(ty, out),
                Type::BOOL => (*n != 0).to_sql(ty, out),
                _ => n.to_string().as_str().to_sql(ty, out),
            },
            Value::Text(text) => match *ty {
                Type::INT8 => text.parse::<i64>()?.to_sql(ty, out),
                _ => text.as_str().to_sql(ty, out),
            },
        }
    }

    fn accepts(_: &Type) -> bool {
        // Every parameter is encoded for the type the server inferred (see `to_sql`).
        true
    }

    to_sql_checked!();
}

impl<'a> FromSql<'a> for Value {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Value, BoxError> {
        Ok(match *ty {
            Type::INT8 => Value::Int(i64::from_sql(ty, raw)?),
            Type::INT4 => Value::Int(i32::from_sql(ty, raw)?.into()),
            Type::INT2 => Value::Int(i16::from_sql(ty, raw)?.into()),
            Type::BOOL => Value::Int(bool::from_sql(ty, raw)?.into()),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => {
                Value::Text(<&str>::from_sql(ty, raw)?.to_owned())
            }
            ref other => return Err(format!("a column of type {other} (cast it in the query)").into()),
        })
    }

    fn from_sql_null(_: &Type) -> Result<Value, BoxError> {
        Ok(Value::Null)
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

/// A connection to a PostgreSQL database, reopened when it was lost.
pub(crate) struct Postgres {
    config: Config,
    /// TLS as the address asks (`sslmode=require` unless it says otherwise).
    tls: MakeRustlsConnect,
    /// `user@host:port/database`, without the password: what messages name.
    shown: String,
    client: RefCell<Option<Client>>,
    statements: RefCell<HashMap<String, Statement>>,
    /// A write transaction is open on the server (or was, on a connection since lost).
    in_write: Cell<bool>,
    /// When the server was last found unreachable.
    unreachable_since: Cell<Option<Instant>>,
}

/// Whether an error means the server cannot be reached (rather than that it refused the statement).
fn is_offline(error: &postgres::Error) -> bool {
    if error.is_closed() {
        return true;
    }
    if let Some(db) = error.as_db_error() {
        // 08: connection exception; 57P01–57P03: the server is shutting down or starting.
        let code = db.code().code();
        return code.starts_with("08") || code.starts_with("57P");
    }
    let mut source = error.source();
    while let Some(inner) = source {
        if inner.is::<std::io::Error>() {
            return true;
        }
        source = inner.source();
    }
    false
}

/// An error with its causes: "error connecting to server: Connection refused (os error 111)".
fn with_causes(error: &postgres::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(inner) = source {
        let said = inner.to_string();
        if !text.contains(&said) {
            text = format!("{text}: {said}");
        }
        source = inner.source();
    }
    text
}

/// Whether a server at `host` is on this machine (a Unix socket, `localhost` or a loopback address), where a
/// connection without TLS crosses no network.
fn on_this_machine(host: Option<&postgres::config::Host>) -> bool {
    match host {
        Some(postgres::config::Host::Tcp(host)) => {
            host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
        }
        Some(postgres::config::Host::Unix(_)) | None => true,
    }
}

impl Postgres {
    /// Connects to `url` (`postgres://user@host[:port]/database[?sslmode=…&sslrootcert=…&sslfingerprint=…]`).
    /// The password is `password` when given, else the one in the address, else `PGPASSWORD` or the password
    /// file, as libpq finds it; with none, a server that asks for one is answered [`StoreError::Password`].
    pub(crate) fn connect(url: &str, password: Option<&str>) -> StoreResult<Postgres> {
        let location = |why: Message| StoreError::Location { location: redacted(url), why };
        let split = tls::split(url).map_err(location)?;
        // The driver's own words (English) name what it could not read, framed in the referee's language.
        let mut config: Config =
            split.url.parse().map_err(|e: postgres::Error| location(msg!("error.store.driver", detail = e)))?;
        let tls = tls::connector(&split.verify).map_err(location)?;
        if let Some(password) = password {
            config.password(password);
        } else if config.get_password().is_none()
            && let Some(found) = stored_password(&config)
        {
            config.password(found);
        }
        // A station in a hall: say "offline" within seconds rather than hang the desk on a dead network.
        config.connect_timeout(Duration::from_secs(3));
        config.keepalives(true).keepalives_idle(Duration::from_secs(10));
        config.tcp_user_timeout(Duration::from_secs(10));
        config.application_name("stecca");
        Postgres::start(config, tls)
    }

    /// Connects with a configuration made by [`Postgres::connect`].
    fn start(config: Config, tls: MakeRustlsConnect) -> StoreResult<Postgres> {
        let shown = shown(&config);
        let backend = Postgres {
            config,
            tls,
            shown,
            client: RefCell::new(None),
            statements: RefCell::new(HashMap::new()),
            in_write: Cell::new(false),
            unreachable_since: Cell::new(None),
        };
        backend.with_client(|_, _| Ok(()))?;
        Ok(backend)
    }

    /// The server and database, without the password.
    pub(crate) fn shown(&self) -> &str {
        &self.shown
    }

    fn offline(&self, why: OfflineReason) -> StoreError {
        self.unreachable_since.set(Some(Instant::now()));
        StoreError::Offline { server: self.shown.clone(), why }
    }

    /// Opens a connection: refused at once shortly after the last failure, and only tried when the server's
    /// port answers a quick probe (a connection attempt into a dead network waits for its full timeout).
    fn reconnect(&self) -> StoreResult<Client> {
        if let Some(since) = self.unreachable_since.get()
            && since.elapsed() < RETRY_AFTER
        {
            return Err(StoreError::Offline { server: self.shown.clone(), why: OfflineReason::RetryingSoon });
        }
        if let Some(address) = self.tcp_address()
            && let Err(e) = TcpStream::connect_timeout(&address, PROBE)
        {
            return Err(self.offline(OfflineReason::NoAnswer(e.kind())));
        }
        let mut client = self.config.connect(self.tls.clone()).map_err(|e| self.connect_failed(&e))?;
        client
            .batch_execute(&format!("SET lock_timeout = '{LOCK_WAIT}'; SET client_min_messages = warning"))
            .map_err(|e| self.offline(OfflineReason::Connection(with_causes(&e))))?;
        self.unreachable_since.set(None);
        Ok(client)
    }

    /// Why a connection could not be opened: no password or a wrong one (the desk asks again), else the server
    /// cannot be reached.
    fn connect_failed(&self, error: &postgres::Error) -> StoreError {
        let wrong = error.code() == Some(&postgres::error::SqlState::INVALID_PASSWORD);
        let said = with_causes(error);
        if wrong || said.contains("password missing") {
            return StoreError::Password { server: self.shown.clone(), wrong };
        }
        if said.contains("server does not support TLS") {
            // Not a network that comes back: the address or the server must change, and the refusal says how.
            let server = &self.shown;
            return StoreError::Refused(if on_this_machine(self.config.get_hosts().first()) {
                msg!("error.store.no_tls_here", server = server)
            } else {
                msg!("error.store.no_tls_hall", server = server)
            });
        }
        self.offline(OfflineReason::Connection(said))
    }

    /// The server's first TCP address (none for a Unix socket or a name that does not resolve now).
    fn tcp_address(&self) -> Option<std::net::SocketAddr> {
        let Some(postgres::config::Host::Tcp(host)) = self.config.get_hosts().first() else { return None };
        let port = self.config.get_ports().first().copied().unwrap_or(5432);
        (host.as_str(), port).to_socket_addrs().ok()?.next()
    }

    fn fail(&self, error: postgres::Error) -> StoreError {
        if is_offline(&error) {
            *self.client.borrow_mut() = None;
            self.statements.borrow_mut().clear();
            return self.offline(OfflineReason::Connection(with_causes(&error)));
        }
        StoreError::from(error)
    }

    /// Runs `work` on the connection, opening it first when there is none.
    fn with_client<T>(
        &self,
        work: impl FnOnce(&mut Client, &mut HashMap<String, Statement>) -> Result<T, postgres::Error>,
    ) -> StoreResult<T> {
        let result = {
            let mut slot = self.client.borrow_mut();
            if slot.is_none() {
                if self.in_write.get() {
                    return Err(self.offline(OfflineReason::LostDuringWrite));
                }
                *slot = Some(self.reconnect()?);
            }
            let Some(client) = slot.as_mut() else {
                return Err(self.offline(OfflineReason::NoConnection));
            };
            work(client, &mut self.statements.borrow_mut())
        };
        result.map_err(|e| self.fail(e))
    }

    fn prepared(
        client: &mut Client,
        statements: &mut HashMap<String, Statement>,
        sql: &str,
    ) -> Result<Statement, postgres::Error> {
        if let Some(statement) = statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = client.prepare(&numbered_dollars(sql))?;
        statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }
}

fn refs(params: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    params.iter().map(|v| v as &(dyn ToSql + Sync)).collect()
}

impl Backend for Postgres {
    fn execute(&self, sql: &str, params: &[Value]) -> StoreResult<u64> {
        self.with_client(|client, statements| {
            let statement = Postgres::prepared(client, statements, sql)?;
            client.execute(&statement, &refs(params))
        })
    }

    fn query(&self, sql: &str, params: &[Value]) -> StoreResult<Vec<Row>> {
        let rows = self.with_client(|client, statements| {
            let statement = Postgres::prepared(client, statements, sql)?;
            client.query(&statement, &refs(params))
        })?;
        let Some(first) = rows.first() else { return Ok(Vec::new()) };
        let names: std::sync::Arc<[String]> = first.columns().iter().map(|c| c.name().to_owned()).collect();
        rows.iter()
            .map(|row| {
                let values = (0..row.len()).map(|i| row.try_get::<_, Value>(i)).collect::<Result<_, _>>();
                values.map(|values| Row { names: std::sync::Arc::clone(&names), values }).map_err(StoreError::Postgres)
            })
            .collect()
    }

    fn batch(&self, sql: &str) -> StoreResult<()> {
        let ends_write = sql == "COMMIT" || sql == "ROLLBACK";
        if ends_write && self.client.borrow().is_none() {
            // The connection went with the transaction: the server rolled it back.
            self.in_write.set(false);
            return if sql == "ROLLBACK" { Ok(()) } else { Err(self.offline(OfflineReason::Lost)) };
        }
        let result = self.with_client(|client, _| client.batch_execute(sql));
        if ends_write {
            self.in_write.set(false);
        }
        result
    }

    fn begin_write(&self) -> StoreResult<()> {
        self.with_client(|client, _| {
            client.batch_execute(&format!("BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})"))
        })?;
        self.in_write.set(true);
        Ok(())
    }

    fn kind(&self) -> Kind {
        Kind::Postgres
    }

    fn another(&self) -> Option<StoreResult<Box<dyn Backend>>> {
        Some(Postgres::start(self.config.clone(), self.tls.clone()).map(|p| Box::new(p) as Box<dyn Backend>))
    }
}

/// `user@host:port/database` of a connection's settings.
fn shown(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        // An IPv6 address is bracketed, as in the URL it came from.
        Some(postgres::config::Host::Tcp(host)) if host.contains(':') => format!("[{host}]"),
        Some(postgres::config::Host::Tcp(host)) => host.clone(),
        #[cfg(unix)]
        Some(postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => "localhost".to_owned(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config.get_user().unwrap_or("");
    let database = config.get_dbname().unwrap_or(user);
    format!("{user}@{host}:{port}/{database}")
}

/// The password for a connection from `PGPASSWORD` or the password file.
fn stored_password(config: &Config) -> Option<String> {
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(host)) => host.clone(),
        _ => "localhost".to_owned(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config.get_user().unwrap_or("");
    let database = config.get_dbname().unwrap_or(user);
    password::lookup(&host, port, database, user)
}

/// A location as it may be shown: a server address without its password, a file path as it is.
pub fn redacted(location: &str) -> String {
    if !is_url(location) {
        return location.to_owned();
    }
    match tls::split(location).ok().and_then(|split| split.url.parse::<Config>().ok()).ok_or(()) {
        Ok(config) => format!("postgres://{}", shown(&config)),
        Err(_) => "postgres://…".to_owned(),
    }
}

/// Is `location` a server address rather than a file?
pub fn is_url(location: &str) -> bool {
    location.starts_with("postgres://") || location.starts_with("postgresql://")
}

mod open;
mod password;
mod tls;
pub(crate) use open::open;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_is_on_this_machine_by_a_socket_localhost_or_a_loopback_address() {
        use postgres::config::Host;
        let tcp = |host: &str| Host::Tcp(host.to_owned());
        for here in [tcp("localhost"), tcp("127.0.0.1"), tcp("127.0.0.2"), tcp("::1"), Host::Unix("/run".into())] {
            assert!(on_this_machine(Some(&here)), "{here:?}");
        }
        for hall in [tcp("192.168.1.20"), tcp("hall.local"), tcp("fe80::1")] {
            assert!(!on_this_machine(Some(&hall)), "{hall:?}");
        }
    }
}
