//! A plain HTTP/1.1 client on a socket, for the board's tests: it sends exactly the bytes a test writes (a
//! hostile method, an oversized head, a body on a GET) and reads the answer as it comes.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An answer: status, headers (names in lower case) and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Sends `request` as it is (a whole head, `Connection: close` included by the caller) and reads the answer
/// until the server closes.
pub fn raw(address: SocketAddr, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(address).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    stream.write_all(request).expect("sent");
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).expect("read");
    parse(&bytes)
}

/// The answer in `bytes`.
pub fn parse(bytes: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer { status, headers, body: body.to_owned() }
}

/// `METHOD path` with the given extra header lines.
pub fn request(address: SocketAddr, method: &str, path: &str, headers: &[&str]) -> Answer {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: board\r\nConnection: close\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    raw(address, head.as_bytes())
}

/// `GET path`.
pub fn get(address: SocketAddr, path: &str) -> Answer {
    request(address, "GET", path, &[])
}

/// `GET path` of a JSON document.
pub fn get_json(address: SocketAddr, path: &str) -> serde_json::Value {
    let answer = get(address, path);
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{path}: {e}: {}", answer.body))
}
