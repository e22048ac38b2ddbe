//! `scripts/hall-server.sh`, the one command that prepares a hall's server: run on loopback, it creates the
//! server and the `stecca` database, prints the address stations use (without the password) and the password on
//! a line of its own; stations connect over TLS only, with the password from PGPASSWORD or ~/.pgpass, as a role
//! that is no superuser and cannot run programs; the certificate is verified by fingerprint or CA file; a wrong
//! or missing password is refused without being printed; run again, it finds the server running.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::pg::{as_server_user, bin_dir, is_root};

/// Runs the script (as the `postgres` user when this is root) on loopback only. It runs from a copy beside
/// `data`: the `postgres` user may not read a checkout inside a private folder (a CI clone in `mktemp -d`).
fn hall_server(data: &Path, port: u16) -> Output {
    let script = data.with_file_name("hall-server.sh");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/hall-server.sh"), &script).expect("copied");
    as_server_user(Path::new("env"))
        .args(["STECCA_LISTEN=127.0.0.1", "STECCA_PASSWORD=segreto42", "bash"])
        .arg(script)
        .arg(data)
        .arg(port.to_string())
        .output()
        .expect("the script runs")
}

fn stop(data: &Path) {
    let pg_ctl = bin_dir().expect("postgresql installed").join("pg_ctl");
    let _ = as_server_user(&pg_ctl).arg("-D").arg(data).args(["-m", "fast", "stop"]).output();
}

/// Runs `stecca ARGS --db URL` with `env` added to its environment (and no PGPASSWORD or PGPASSFILE of ours).
fn station(url: &str, env: &[(&str, &std::ffi::OsStr)], args: &[&str]) -> Output {
    let mut command = crate::common::cli::command();
    command.args(args).arg("--db").arg(url).env_remove("PGPASSWORD").env("PGPASSFILE", "/nonexistent");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("stecca runs")
}

fn said(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn the_hall_server_script_prepares_a_database_stations_can_use() {
    let dir = tempfile::Builder::new().prefix("stecca-hall-").tempdir().expect("dir");
    if is_root() {
        assert!(Command::new("chown").arg("postgres").arg(dir.path()).status().expect("chown").success());
    }
    let data = dir.path().join("hall");
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("port").local_addr().expect("addr").port();
    let out = hall_server(&data, port);
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    let result = std::panic::catch_unwind(|| {
        assert!(out.status.success(), "{printed}{}", String::from_utf8_lossy(&out.stderr));
        let url = format!("postgres://stecca@127.0.0.1:{port}/stecca");
        assert!(printed.contains(&format!("stecca --db {url}\n")), "{printed}");
        assert!(printed.lines().any(|l| l == "password: segreto42"), "{printed}");
        assert_eq!(printed.matches("segreto42").count(), 1, "the password only on its own line: {printed}");
        let password = [("PGPASSWORD", std::ffi::OsStr::new("segreto42"))];

        let init = station(&url, &password, &["db", "init"]);
        assert!(init.status.success(), "{}", said(&init));
        let created =
            station(&url, &password, &["tournament", "new", "--name", "Torneo della sala", "--sessions", "2"]);
        assert!(created.status.success(), "{}", said(&created));

        // The password from a password file readable by its owner only, as libpq reads it.
        let pgpass = dir.path().join("pgpass");
        std::fs::write(&pgpass, format!("# the hall\n127.0.0.1:{port}:stecca:stecca:segreto42\n")).expect("pgpass");
        let set_mode = |mode| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&pgpass, std::fs::Permissions::from_mode(mode)).expect("chmod");
        };
        set_mode(0o600);
        let from_file = [("PGPASSFILE", pgpass.as_os_str())];
        let list = station(&url, &from_file, &["list"]);
        assert!(said(&list).contains("Torneo della sala"), "{}", said(&list));
        set_mode(0o644);
        let ignored = station(&url, &from_file, &["list"]);
        assert!(!ignored.status.success() && said(&ignored).contains("asks for a password"), "{}", said(&ignored));

        let none = station(&url, &[], &["list"]);
        assert!(!none.status.success() && said(&none).contains("PGPASSWORD"), "{}", said(&none));
        let wrong = station(&url, &[("PGPASSWORD", std::ffi::OsStr::new("sbagliata"))], &["list"]);
        assert!(!wrong.status.success() && said(&wrong).contains("refused the password"), "{}", said(&wrong));
        assert!(!said(&wrong).contains("sbagliata"));

        // The stations' role: no superuser, no roles or databases, no programs on the server; TLS on the wire.
        let store = stecca::store::Store::open_server_with_password(&url, Some("segreto42")).expect("station");
        let value = |sql: &str| store.query_value(sql, &[]).expect(sql);
        let yes = stecca::store::db::Value::Int(1);
        let no = stecca::store::db::Value::Int(0);
        assert_eq!(value("SELECT rolsuper FROM pg_roles WHERE rolname = current_user"), no);
        assert_eq!(value("SELECT rolcreaterole FROM pg_roles WHERE rolname = current_user"), no);
        assert_eq!(value("SELECT rolcreatedb FROM pg_roles WHERE rolname = current_user"), no);
        assert_eq!(value("SELECT pg_has_role(current_user, 'pg_execute_server_program', 'member')"), no);
        assert_eq!(value("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()"), yes);
        assert!(store.execute_sql("COPY (SELECT 1) TO PROGRAM 'true'", &[]).is_err(), "no programs");
        drop(store);

        // Without TLS, nobody gets in, on loopback too.
        let plain = postgres::Client::connect(
            &format!("host=127.0.0.1 port={port} user=stecca password=segreto42 dbname=stecca sslmode=disable"),
            postgres::NoTls,
        );
        assert!(plain.is_err(), "a connection without TLS is refused");
        let hba = std::fs::read_to_string(data.join("pg_hba.conf")).expect("pg_hba.conf");
        let rules: Vec<&str> = hba.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
        assert!(rules.iter().all(|l| l.starts_with("hostssl stecca  stecca") || l.starts_with("local")), "{hba}");
        assert!(!hba.contains("0.0.0.0/0") && !hba.contains("::/0"), "{hba}");

        // The certificate, verified by the printed fingerprint or by the hall's CA file.
        let fingerprint = printed
            .lines()
            .find_map(|l| l.strip_prefix("The server's certificate, SHA-256 fingerprint: "))
            .expect("the fingerprint is printed");
        let pinned = format!("{url}?sslfingerprint={fingerprint}");
        assert!(station(&pinned, &password, &["list"]).status.success());
        let other = format!("{url}?sslfingerprint={}", "AB:".repeat(31) + "CD");
        let refused = station(&other, &password, &["list"]);
        assert!(!refused.status.success() && said(&refused).contains("fingerprint"), "{}", said(&refused));
        let ca = dir.path().join("ca.crt");
        std::fs::copy(data.join("ca.crt"), &ca).expect("ca copied");
        let verified =
            station(&format!("{url}?sslmode=verify-full&sslrootcert={}", ca.display()), &password, &["list"]);
        assert!(verified.status.success(), "{}", said(&verified));

        let again = hall_server(&data, port);
        assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
        let list = station(&url, &password, &["list"]);
        assert!(said(&list).contains("Torneo della sala"), "run again, it keeps what is there: {}", said(&list));
    });
    stop(&data);
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}
