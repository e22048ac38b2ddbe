//! A cable that can be pulled without root: a TCP relay on 127.0.0.1 between a station and its server. While
//! pulled, the relay forwards nothing and closes nothing, so the station's queries wait exactly as they do
//! behind a cable pulled out of a switch (the bytes sit in the kernel's buffers); put back, they carry on.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The relay; dropping it leaves the cable in (its threads end with their connections).
pub struct Cable {
    url: String,
    pulled: Arc<AtomicBool>,
}

impl Cable {
    /// A relay in front of the server at `url` (a `postgres://…@127.0.0.1:PORT/…` address).
    pub fn in_front_of(url: &str) -> Cable {
        let (before, host, server_port, after) = address(url);
        let listener = TcpListener::bind("127.0.0.1:0").expect("relay port");
        let port = listener.local_addr().expect("address").port();
        let pulled = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&pulled);
        std::thread::spawn(move || {
            for station in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect(("127.0.0.1", server_port)) else { continue };
                for (from, to) in
                    [(station.try_clone().expect("clone"), server.try_clone().expect("clone")), (server, station)]
                {
                    let flag = Arc::clone(&flag);
                    std::thread::spawn(move || relay(from, to, &flag));
                }
            }
        });
        Cable { url: format!("{before}{host}:{port}{after}"), pulled }
    }

    /// The server's address through the relay, for a station.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Pulls the cable: nothing passes until it is put back.
    pub fn pull(&self) {
        self.pulled.store(true, Ordering::SeqCst);
    }

    /// Puts the cable back.
    pub fn put_back(&self) {
        self.pulled.store(false, Ordering::SeqCst);
    }
}

/// Copies `from` to `to`, holding every byte while the cable is pulled.
fn relay(mut from: TcpStream, mut to: TcpStream, pulled: &AtomicBool) {
    let mut buffer = [0u8; 16 * 1024];
    loop {
        hold(pulled);
        let Ok(n) = from.read(&mut buffer) else { return };
        if n == 0 {
            let _ = to.shutdown(std::net::Shutdown::Write);
            return;
        }
        // Bytes read just before the pull still wait for the cable.
        hold(pulled);
        if to.write_all(&buffer[..n]).is_err() {
            return;
        }
    }
}

/// Waits while the cable is pulled.
fn hold(pulled: &AtomicBool) {
    while pulled.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// `url` cut around its host and port: what comes before the host, the host, the port, what follows.
fn address(url: &str) -> (&str, &str, u16, &str) {
    let at = url.rfind('@').map_or(0, |i| i + 1);
    let end = url[at..].find('/').map_or(url.len(), |i| at + i);
    let (host, port) = url[at..end].rsplit_once(':').expect("an address with a port");
    (&url[..at], host, port.parse().expect("a port"), &url[end..])
}
