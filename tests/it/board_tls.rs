//! The board over HTTPS, as README tells a hall to serve it: a certificate signed by the hall's CA (a throw-away
//! one made here with openssl, by README's command), pages read by a phone that trusts that CA, nothing for a
//! phone that does not or that speaks plain HTTP, the phone's cookie `Secure`, the certificate and key files
//! read with care, and a client that never finishes its handshake holding nothing for long.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use stecca::board::{Limits, MAX_PEM_BYTES, Options, RunningBoard, Tls};
use stecca::i18n::Lang;
use stecca::message::Explain;

use crate::common::cli::{command, ok, seated_tournament};
use crate::common::http::{Answer, parse, raw};

/// A hall's CA and the board's certificate and key signed by it, for 127.0.0.1.
struct HallCa {
    dir: tempfile::TempDir,
    ca: PathBuf,
    cert: PathBuf,
    key: PathBuf,
}

/// Runs `openssl ARGS` in `dir` (the arguments separated by spaces).
fn openssl(dir: &Path, args: &str) {
    let output = std::process::Command::new("openssl")
        .args(args.split_whitespace())
        .current_dir(dir)
        .output()
        .expect("openssl runs");
    assert!(output.status.success(), "openssl {args}: {}", String::from_utf8_lossy(&output.stderr));
}

/// A CA made as scripts/hall-server.sh makes the hall's, and the board's certificate made by README's command.
fn hall_ca() -> HallCa {
    let dir = tempfile::tempdir().expect("dir");
    openssl(
        dir.path(),
        "req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=Stecca-hall-CA \
         -keyout ca.key -out ca.crt -addext basicConstraints=critical,CA:TRUE \
         -addext keyUsage=critical,keyCertSign,cRLSign",
    );
    openssl(
        dir.path(),
        "req -x509 -CA ca.crt -CAkey ca.key -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
         -subj /CN=Stecca-board -addext subjectAltName=IP:127.0.0.1 \
         -addext basicConstraints=critical,CA:FALSE -addext extendedKeyUsage=serverAuth \
         -keyout board.key -out board.crt",
    );
    let key = dir.path().join("board.key");
    set_mode(&key, 0o600);
    HallCa { ca: dir.path().join("ca.crt"), cert: dir.path().join("board.crt"), key, dir }
}

fn set_mode(file: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// A phone's TLS settings that trust `ca` only.
fn trusting(ca: &Path) -> Arc<rustls::ClientConfig> {
    let mut roots = rustls::RootCertStore::empty();
    for certificate in CertificateDer::pem_file_iter(ca).expect("the CA") {
        roots.add(certificate.expect("a certificate")).expect("trusted");
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    Arc::new(config)
}

/// `GET path` over TLS on `stream` (connected to the board at 127.0.0.1): the answer, or why the handshake or
/// the exchange failed.
fn https_get_on(stream: TcpStream, phone: &Arc<rustls::ClientConfig>, path: &str) -> Result<Answer, std::io::Error> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let name = ServerName::try_from("127.0.0.1").expect("a name");
    let connection = rustls::ClientConnection::new(phone.clone(), name).map_err(std::io::Error::other)?;
    let mut tls = rustls::StreamOwned::new(connection, stream);
    tls.write_all(format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").as_bytes())?;
    let mut bytes = Vec::new();
    match tls.read_to_end(&mut bytes) {
        Ok(_) => {}
        // A server that closes without TLS's goodbye after a whole answer: the answer stands.
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof && !bytes.is_empty() => {}
        Err(e) => return Err(e),
    }
    Ok(parse(&bytes))
}

fn https_get(at: SocketAddr, phone: &Arc<rustls::ClientConfig>, path: &str) -> Result<Answer, std::io::Error> {
    https_get_on(TcpStream::connect(at)?, phone, path)
}

/// A board of `db`'s newest tournament in this process, with `tls`, once it has read it.
fn board_in_process(db: &Path, limits: Limits, tls: Option<Tls>) -> RunningBoard {
    let options = Options {
        listen: "127.0.0.1:0".parse().expect("address"),
        every: Duration::from_millis(100),
        limits,
        tls,
        ..Options::default()
    };
    let board = RunningBoard::start_at(db.to_str().expect("path"), options).expect("starts");
    assert!(board.wait_for_first_look(Duration::from_secs(10)), "the board read it");
    board
}

/// What a client that speaks plain HTTP to `at` reads back.
fn plain_http(at: SocketAddr) -> Vec<u8> {
    let mut stream = TcpStream::connect(at).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    stream.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").expect("sent");
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    bytes
}

/// The `Set-Cookie` values of `answer`.
fn cookies(answer: &Answer) -> Vec<&str> {
    answer.headers.iter().filter(|(n, _)| n == "set-cookie").map(|(_, v)| v.as_str()).collect()
}

#[test]
fn the_board_serves_https_with_the_hall_cas_certificate_and_nothing_in_plain_http() {
    let hall = hall_ca();
    let db = hall.dir.path().join("hall.db");
    let id = seated_tournament(&db, 8, 1);
    let tls = Tls::from_files(&hall.cert, &hall.key).expect("the certificate and key serve");
    let board = board_in_process(&db, Limits::default(), Some(tls));
    let at = board.address();
    assert_eq!(board.url(), format!("https://{at}/"));

    let phone = trusting(&hall.ca);
    let page = https_get(at, &phone, "/?lang=it").expect("a phone that trusts the hall's CA is served");
    assert_eq!(page.status, 200, "{page:?}");
    assert!(page.body.contains("Coppa CLI") && page.body.contains("P01"), "the standings: {}", page.body);
    assert!(cookies(&page).iter().all(|c| c.ends_with("; Secure")) && !cookies(&page).is_empty(), "{page:?}");

    // The table's phone: its cookie is sent back over HTTPS only.
    let links =
        ok(&db, &["table-links", "--tournament", &id.to_string(), "--session", "1", "--board-url", &board.url()]);
    let link = links.split_whitespace().find(|w| w.starts_with("https://")).expect("a table's link");
    let path = &link[link.find("/t/").expect("a table's path")..];
    let table = https_get(at, &phone, path).expect("the table's page");
    assert_eq!(table.status, 200, "{table:?}");
    let phone_cookie = cookies(&table).into_iter().find(|c| c.starts_with("phone=")).expect("the phone's cookie");
    assert!(phone_cookie.contains("HttpOnly") && phone_cookie.ends_with("; Secure"), "{phone_cookie}");

    // A phone that does not trust the hall's CA gets no page: its browser would show a warning.
    let stranger = trusting(&hall_ca().ca);
    let refused = https_get(at, &stranger, "/");
    assert!(refused.is_err(), "a certificate from another CA is not trusted: {refused:?}");

    // Plain HTTP on that port: no page, no answer in HTTP at all.
    let bytes = plain_http(at);
    assert!(!bytes.starts_with(b"HTTP/"), "{}", String::from_utf8_lossy(&bytes));
    assert!(!String::from_utf8_lossy(&bytes).contains("Coppa CLI"));
    // And the board still serves HTTPS after it.
    assert_eq!(https_get(at, &phone, "/stamp").expect("served").status, 200);
    drop(board);

    // Without a certificate the cookies are not `Secure` (a phone would never send them back over HTTP).
    let board = board_in_process(&db, Limits::default(), None);
    assert!(board.url().starts_with("http://"));
    let page = raw(board.address(), b"GET /?lang=it HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n");
    assert!(!cookies(&page).is_empty() && cookies(&page).iter().all(|c| !c.contains("Secure")), "{page:?}");
}

/// The refusal of `Tls::from_files(cert, key)`, in English.
fn refusal(cert: &Path, key: &Path) -> String {
    Tls::from_files(cert, key).expect_err("refused").message().render(Lang::ENGLISH)
}

#[test]
fn a_key_open_to_others_an_oversized_file_or_a_wrong_one_is_refused_by_name() {
    let hall = hall_ca();
    let key_text = std::fs::read_to_string(&hall.key).expect("key");
    let secret_line = key_text.lines().nth(1).expect("a line of the key").to_owned();
    let (cert, key) = (hall.cert.as_path(), hall.key.as_path());

    set_mode(key, 0o644);
    let said = refusal(cert, key);
    assert!(said.contains(&format!("run chmod 600 {}", key.display())), "{said}");
    set_mode(key, 0o640);
    assert!(refusal(cert, key).contains("chmod 600"), "readable by the group");
    set_mode(key, 0o600);
    Tls::from_files(cert, key).expect("once closed, it serves");

    let huge = hall.dir.path().join("huge.pem");
    let filler = "A".repeat(64);
    let mut text = String::from("-----BEGIN CERTIFICATE-----\n");
    while (text.len() as u64) <= MAX_PEM_BYTES {
        text.push_str(&filler);
        text.push('\n');
    }
    std::fs::write(&huge, &text).expect("written");
    let said = refusal(&huge, key);
    assert!(said.contains(&huge.display().to_string()) && said.contains("bytes"), "{said}");
    set_mode(&huge, 0o600);
    let said = refusal(cert, &huge);
    assert!(said.contains(&huge.display().to_string()) && said.contains("bytes"), "an oversized key: {said}");

    let said = refusal(hall.dir.path(), key);
    assert!(said.contains("is not a file"), "a folder: {said}");
    let said = refusal(&hall.dir.path().join("missing.crt"), key);
    assert!(said.contains("missing.crt"), "{said}");
    let said = refusal(key, key);
    assert!(said.contains("no certificate"), "a key given as the certificate: {said}");
    let cert_as_key = hall.dir.path().join("board-crt.key");
    std::fs::copy(cert, &cert_as_key).expect("copied");
    set_mode(&cert_as_key, 0o600);
    let said = refusal(cert, &cert_as_key);
    assert!(said.contains("no private key"), "a certificate given as the key: {said}");
    let ca_key = hall.dir.path().join("ca.key");
    set_mode(&ca_key, 0o600);
    let said = refusal(cert, &ca_key);
    assert!(said.contains("cannot serve together"), "the CA's key with the board's certificate: {said}");

    // A key of another user's (as root, the tests can make one).
    let foreign = hall.dir.path().join("foreign.key");
    std::fs::copy(key, &foreign).expect("copied");
    set_mode(&foreign, 0o600);
    if std::os::unix::fs::chown(&foreign, Some(65534), Some(65534)).is_ok() {
        let said = refusal(cert, &foreign);
        assert!(said.contains("belongs to another user"), "{said}");
    }

    // Whatever was refused, nothing of the key is said.
    for said in [refusal(cert, &ca_key), refusal(cert, &cert_as_key), refusal(key, key)] {
        assert!(!said.contains(&secret_line), "{said}");
    }
}

/// A connection to `at` from the loopback address `from` (127.0.0.2 is another client than 127.0.0.1).
fn connect_from(from: &str, at: SocketAddr) -> TcpStream {
    use socket2::{Domain, SockAddr, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("socket");
    let local: SocketAddr = format!("{from}:0").parse().expect("address");
    socket.bind(&SockAddr::from(local)).expect("bound");
    socket.connect(&SockAddr::from(at)).expect("connects");
    socket.into()
}

#[test]
fn a_client_that_never_finishes_a_handshake_is_closed_within_the_head_time_while_another_is_served() {
    let hall = hall_ca();
    let db = hall.dir.path().join("hall.db");
    seated_tournament(&db, 8, 1);
    let tls = Tls::from_files(&hall.cert, &hall.key).expect("serves");
    let limits = Limits { per_client: 2, head_time: Duration::from_secs(1), ..Limits::default() };
    let board = board_in_process(&db, limits, Some(tls));
    let at = board.address();
    let phone = trusting(&hall.ca);

    // One client opens as many connections as it may and says nothing, not even its TLS hello.
    let started = Instant::now();
    let mut silent: Vec<TcpStream> = (0..2).map(|_| connect_from("127.0.0.1", at)).collect();
    std::thread::sleep(Duration::from_millis(200));
    // Its third is not served: the counts come before the handshake.
    let third = https_get_on(connect_from("127.0.0.1", at), &phone, "/stamp");
    assert!(third.is_err(), "a third connection of the same client: {third:?}");
    // Another client is served all the while.
    let other = https_get_on(connect_from("127.0.0.2", at), &phone, "/").expect("another client is served");
    assert_eq!(other.status, 200);
    assert!(started.elapsed() < Duration::from_secs(1), "served at once: {:?}", started.elapsed());

    // The silent connections are closed once the head time is over.
    for stream in &mut silent {
        stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        let mut rest = Vec::new();
        let _ = stream.read_to_end(&mut rest);
        assert!(rest.is_empty(), "nothing said to a client that said nothing");
    }
    let closed = started.elapsed();
    assert!(closed >= Duration::from_millis(900) && closed < Duration::from_secs(4), "closed after {closed:?}");
    // Then the same client is served again.
    let again = https_get_on(connect_from("127.0.0.1", at), &phone, "/stamp").expect("served again");
    assert_eq!(again.status, 200);
}

/// A `stecca board` process, stopped when dropped.
struct BoardProcess(Child);

impl Drop for BoardProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn stecca_board_takes_the_certificate_and_key_on_the_command_line() {
    let hall = hall_ca();
    let db = hall.dir.path().join("hall.db");
    seated_tournament(&db, 8, 1);
    let (cert, key) = (hall.cert.to_str().expect("path"), hall.key.to_str().expect("path"));
    let db = db.to_str().expect("path");
    let board = |args: &[&str]| {
        let mut board = command();
        board.arg("board").args(args).args(["--listen", "127.0.0.1:0", "--db", db]);
        board
    };

    let mut child = BoardProcess(
        board(&["--cert", cert, "--key", key]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("starts"),
    );
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().expect("stdout")).read_line(&mut line).expect("the address");
    let url = line.split_whitespace().find(|w| w.starts_with("https://")).expect("an https address");
    let at: SocketAddr = url.trim_start_matches("https://").trim_end_matches('/').parse().expect("an address");
    let page = https_get(at, &trusting(&hall.ca), "/").expect("served over HTTPS");
    assert_eq!(page.status, 200);
    drop(child);

    let alone = board(&["--cert", cert]).output().expect("runs");
    assert!(!alone.status.success());
    assert!(String::from_utf8_lossy(&alone.stderr).contains("--key"), "{}", String::from_utf8_lossy(&alone.stderr));

    set_mode(&hall.key, 0o644);
    let open = board(&["--cert", cert, "--key", key]).output().expect("runs");
    assert!(!open.status.success());
    let said = String::from_utf8_lossy(&open.stderr);
    assert!(said.contains(&format!("chmod 600 {key}")), "{said}");
    let secret = std::fs::read_to_string(&hall.key).expect("key");
    assert!(!said.contains(secret.lines().nth(1).expect("a line")), "the key is never said");
}
