//! `scripts/hall-server.sh`, the one command that prepares a hall's server: run on loopback, it creates the
//! server and the `stecca` database, prints the address stations use, and a station connects with it (a
//! wrong password is refused without being printed); run again, it finds the server running.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::cli::stecca;
use common::pg::{as_server_user, bin_dir, is_root};

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

#[test]
fn the_hall_server_script_prepares_a_database_stations_can_use() {
    let dir = tempfile::Builder::new().prefix("stecca-hall-").tempdir().expect("dir");
    if is_root() {
        assert!(Command::new("chown").arg("postgres").arg(dir.path()).status().expect("chown").success());
    }
    let data = dir.path().join("hall");
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("port").local_addr().expect("addr").port();
    let out = hall_server(&data, port);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let result = std::panic::catch_unwind(|| {
        assert!(out.status.success(), "{said}{}", String::from_utf8_lossy(&out.stderr));
        assert!(said.contains("stecca --db postgres://stecca:segreto42@"), "{said}");
        assert!(said.contains(&format!(":{port}/stecca")), "{said}");

        let url = format!("postgres://stecca:segreto42@127.0.0.1:{port}/stecca");
        let init = stecca(&url, &["db", "init"]);
        assert!(init.status.success(), "{}", String::from_utf8_lossy(&init.stderr));
        let created = stecca(&url, &["tournament", "new", "--name", "Torneo della sala", "--sessions", "2"]);
        assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
        let list = String::from_utf8_lossy(&stecca(&url, &["list"]).stdout).into_owned();
        assert!(list.contains("Torneo della sala"), "{list}");

        let wrong = stecca(format!("postgres://stecca:sbagliata@127.0.0.1:{port}/stecca"), &["list"]);
        assert!(!wrong.status.success());
        let error = String::from_utf8_lossy(&wrong.stderr);
        assert!(error.contains("password") && !error.contains("sbagliata"), "{error}");

        let again = hall_server(&data, port);
        assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
        let list = String::from_utf8_lossy(&stecca(&url, &["list"]).stdout).into_owned();
        assert!(list.contains("Torneo della sala"), "run again, it keeps what is there: {list}");
    });
    stop(&data);
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}
