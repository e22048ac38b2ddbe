//! A throw-away PostgreSQL server for tests and benchmarks: Debian's `postgresql` binaries, `initdb` into a
//! temporary folder as an unprivileged user (`postgres`, through `runuser`, when running as root), `pg_ctl`
//! on a free port of 127.0.0.1, one server per test process and a fresh database per test. A watcher stops
//! the server and removes its folder when the process that started it ends.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The running server.
pub struct Server {
    /// `postgres://postgres@127.0.0.1:PORT`.
    pub base: String,
    /// The data folder (the server's log is `log` in it).
    pub data: PathBuf,
    /// Where the server binaries are.
    pub bin: PathBuf,
    /// The server's settings (`pg_ctl -o`), the same at every start.
    options: String,
}

static SERVER: OnceLock<Server> = OnceLock::new();
static DATABASES: AtomicUsize = AtomicUsize::new(0);

/// The newest `/usr/lib/postgresql/*/bin` that has `initdb`.
pub fn bin_dir() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let version: u32 = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

/// Whether tests run as root (CI does).
pub fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// A command run as the unprivileged `postgres` user when this process is root (PostgreSQL refuses root).
pub fn as_server_user(program: &Path) -> Command {
    if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("address").port()
}

fn start(durable: bool) -> Server {
    let Some(bin) = bin_dir() else {
        panic!(
            "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: install Debian's `postgresql` \
             package (apt-get install postgresql), as .ci/run does"
        );
    };
    let data = tempfile::Builder::new().prefix("stecca-pg-").tempdir().expect("temp dir").keep();
    if is_root() {
        let status = Command::new("chown").args(["-R", "postgres:postgres"]).arg(&data).status().expect("chown");
        assert!(status.success(), "chown of the data folder to postgres");
    }
    let output = as_server_user(&bin.join("initdb"))
        .arg("-D")
        .arg(&data)
        .args(["-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        .output()
        .expect("initdb runs");
    assert!(output.status.success(), "initdb: {}", String::from_utf8_lossy(&output.stderr));
    // The administrator (`postgres`) is trusted; every other role gives its password, as at a hall's server.
    let hba = "local all all trust\nhost all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n";
    let hba_file = data.join("pg_hba.conf");
    let mut write_hba = as_server_user(Path::new("sh"));
    write_hba.arg("-c").arg(format!("printf '{}' > {}", hba.replace('\n', "\\n"), hba_file.display()));
    assert!(write_hba.status().expect("pg_hba written").success());
    // TLS on, as in a hall: stations ask for it by default (sslmode=require).
    let output = as_server_user(Path::new("openssl"))
        .args(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"])
        .args(["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout"])
        .arg(data.join("server.key"))
        .arg("-out")
        .arg(data.join("server.crt"))
        .output()
        .expect("openssl runs");
    assert!(output.status.success(), "openssl: {}", String::from_utf8_lossy(&output.stderr));
    let port = free_port();
    let mut options = format!(
        "-p {port} -k {dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c ssl=on \
         -c ssl_cert_file={dir}/server.crt -c ssl_key_file={dir}/server.key",
        dir = data.display()
    );
    if !durable {
        // Tests only: nothing here must survive a crash of the machine.
        options.push_str(" -c fsync=off -c synchronous_commit=off -c full_page_writes=off");
    }
    let server = Server { base: format!("postgres://postgres@127.0.0.1:{port}"), data, bin, options };
    server.pg_ctl_start();
    watch(&server.bin, &server.data);
    server
}

/// Stops the server and removes its folder once this process has ended.
#[allow(clippy::zombie_processes, reason = "the watcher outlives this process by design; init reaps it")]
fn watch(bin: &Path, data: &Path) {
    let runuser = if is_root() { "runuser -u postgres -- " } else { "" };
    let script = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {runuser}{pg_ctl} -D {data} -m immediate stop \
         >/dev/null 2>&1; rm -rf {data}",
        pid = std::process::id(),
        pg_ctl = bin.join("pg_ctl").display(),
        data = data.display(),
    );
    Command::new("setsid")
        .args(["sh", "-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the watcher starts");
}

/// This process's server (started on first use), as fast as tests want it (no fsync).
pub fn server() -> &'static Server {
    SERVER.get_or_init(|| start(false))
}

/// A server of its own, for a test that stops and restarts it.
pub fn own_server() -> Server {
    start(false)
}

/// A durable server of its own (fsync on), for benchmarks.
pub fn durable_server() -> Server {
    start(true)
}

impl Server {
    /// A new, empty database on this server: its URL.
    pub fn fresh_database(&self) -> String {
        let name = format!("t{}_{}", std::process::id(), DATABASES.fetch_add(1, Ordering::SeqCst));
        let mut admin =
            postgres::Client::connect(&format!("{}/postgres", self.base), postgres::NoTls).expect("admin connection");
        admin.batch_execute(&format!("CREATE DATABASE {name}")).expect("create database");
        format!("{}/{name}", self.base)
    }

    /// A new, empty database owned by a new role that logs in with `password`: its URL, without the password.
    pub fn password_database(&self, password: &str) -> String {
        let name = format!("p{}_{}", std::process::id(), DATABASES.fetch_add(1, Ordering::SeqCst));
        let mut admin =
            postgres::Client::connect(&format!("{}/postgres", self.base), postgres::NoTls).expect("admin connection");
        admin.batch_execute(&format!("CREATE ROLE {name} LOGIN PASSWORD '{password}'")).expect("role");
        admin.batch_execute(&format!("CREATE DATABASE {name} OWNER {name}")).expect("database");
        let port = self.base.rsplit(':').next().expect("port");
        format!("postgres://{name}@127.0.0.1:{port}/{name}")
    }

    /// Stops the server now (a station losing its server); [`Server::restart`] brings it back.
    pub fn stop(&self) {
        let status = as_server_user(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .args(["-m", "fast", "-w", "stop"])
            .stdout(Stdio::null())
            .status()
            .expect("pg_ctl stop");
        assert!(status.success(), "pg_ctl stop");
    }

    /// Starts the stopped server again, as it was (same port, same settings).
    pub fn restart(&self) {
        self.pg_ctl_start();
    }

    /// `pg_ctl start`, waiting until the server accepts connections.
    fn pg_ctl_start(&self) {
        let output = as_server_user(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .arg("-l")
            .arg(self.data.join("log"))
            .args(["-w", "-o", &self.options, "start"])
            .output()
            .expect("pg_ctl runs");
        assert!(
            output.status.success(),
            "pg_ctl start: {}{}",
            String::from_utf8_lossy(&output.stdout),
            std::fs::read_to_string(self.data.join("log")).unwrap_or_default()
        );
    }
}

/// A fresh database's URL on this process's server.
pub fn url() -> String {
    server().fresh_database()
}

/// A store on a fresh database of this process's server.
pub fn store() -> stecca::store::Store {
    stecca::store::Store::open_server(&url()).expect("open the PostgreSQL store")
}

/// Runs each named test, `fn name(store: Store)`, once on a fresh SQLite store in memory and once on a fresh
/// PostgreSQL database: the store's suite on both backends.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod on_sqlite {
            $(
                #[test]
                fn $name() {
                    super::$name(stecca::store::Store::open_in_memory().expect("sqlite store"));
                }
            )*
        }
        mod on_postgres {
            $(
                #[test]
                fn $name() {
                    super::$name($crate::common::pg::store());
                }
            )*
        }
    };
}
