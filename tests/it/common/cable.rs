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
    port: u16,
    pulled: Arc<AtomicBool>,
}

impl Cable {
    /// A relay to `127.0.0.1:server_port`.
    pub fn to(server_port: u16) -> Cable {
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
        Cable { port, pulled }
    }

    /// The relay's port: a station's address names it instead of the server's.
    pub fn port(&self) -> u16 {
        self.port
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
        while pulled.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let Ok(n) = from.read(&mut buffer) else { return };
        if n == 0 {
            let _ = to.shutdown(std::net::Shutdown::Write);
            return;
        }
        // Bytes read just before the pull still wait for the cable.
        while pulled.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(5));
        }
        if to.write_all(&buffer[..n]).is_err() {
            return;
        }
    }
}

/// `url` with its port replaced by the cable's.
pub fn through(url: &str, cable: &Cable) -> String {
    let at = url.rfind('@').map_or(0, |i| i + 1);
    let host_end = url[at..].find('/').map_or(url.len(), |i| at + i);
    let host = &url[at..host_end];
    let host = host.rsplit_once(':').map_or(host, |(name, _)| name);
    format!("{}{host}:{}{}", &url[..at], cable.port(), &url[host_end..])
}
