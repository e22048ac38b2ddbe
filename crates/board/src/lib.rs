//! The board in the hall: the standings, "where do I sit" and each player's card as small read-only web pages
//! for the players' phones and the hall's projector, served by Stecca itself from the database the referees
//! write (an SQLite file or the hall's PostgreSQL).
//!
//! Two threads of its own: the [`feed`] reads the tournament through its own [`Desk`] whenever the database's
//! change stamp moves and publishes a [`view::BoardView`]; the [`server`] answers every request from the last
//! one published. A request never reaches the database, the referees' window never waits on the board, and a
//! database that stops answering leaves the last good data on the pages, with a note.

mod answers;
pub mod feed;
mod json;
mod pages;
mod phone;
mod phone_http;
mod phone_page;
pub mod server;
mod tls;
pub mod view;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, UdpSocket};
use std::thread::JoinHandle;
use std::time::Duration;

use stecca_core::message::{Explain, Message, io_reason};
use stecca_core::msg;
use stecca_core::tournament::Id;
use stecca_desk::{Desk, DeskError};
use thiserror::Error;

pub use feed::{Board, Published};
pub use phone::PhoneCounts;
pub use server::Limits;
pub use tls::{MAX_PEM_BYTES, Tls, TlsError};

/// The address the board listens on unless told otherwise: this machine only.
pub const DEFAULT_LISTEN: SocketAddr = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 8080);

/// How the board runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Where to listen (port 0: any free port).
    pub listen: SocketAddr,
    /// The tournament to show (`None`: the newest one not archived).
    pub tournament: Option<Id>,
    /// How often the feed asks the database whether anything changed.
    pub every: Duration,
    /// The server's bounds.
    pub limits: Limits,
    /// The certificate and key to serve HTTPS with (`None`: plain HTTP). With them the port speaks TLS only.
    pub tls: Option<Tls>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            listen: DEFAULT_LISTEN,
            tournament: None,
            every: Duration::from_millis(500),
            limits: Limits::default(),
            tls: None,
        }
    }
}

/// Why the board did not start.
#[derive(Debug, Error)]
pub enum BoardError {
    /// The address is taken, not this machine's, or not allowed.
    #[error("cannot listen on {address}: {source}")]
    Listen {
        /// The address asked for.
        address: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The system refused a thread or a runtime.
    #[error("cannot start: {0}")]
    Start(#[from] std::io::Error),
    /// The database could not be opened.
    #[error("{0}")]
    Open(DeskError),
}

impl Explain for BoardError {
    fn message(&self) -> Message {
        match self {
            BoardError::Listen { address, source } => {
                msg!("board.cannot_listen", address = address).arg_message("why", io_reason(source))
            }
            BoardError::Start(source) => msg!("board.cannot_start").arg_message("why", io_reason(source)),
            BoardError::Open(error) => error.message(),
        }
    }
}

/// A running board; stops when dropped.
pub struct RunningBoard {
    address: SocketAddr,
    board: Board,
    stop: Option<tokio::sync::watch::Sender<bool>>,
    server: Option<JoinHandle<()>>,
    feed: Option<feed::Feed>,
    writer: Option<phone::Writer>,
    counts: std::sync::Arc<PhoneCounts>,
    https: bool,
}

impl RunningBoard {
    /// Starts the board: binds `options.listen` (before anything else, so a taken port is said at once), starts
    /// the feed on `desk` (the board's own: a second connection beside the referees') and the tables' phones'
    /// writer on another connection to the same database (a database that gives none, in memory, serves no
    /// table: their pages say why), and serves.
    pub fn start(desk: Desk, options: Options) -> Result<RunningBoard, BoardError> {
        let listener = TcpListener::bind(options.listen)
            .and_then(|l| l.set_nonblocking(true).map(|()| l))
            .map_err(|source| BoardError::Listen { address: options.listen, source })?;
        let address = listener.local_addr()?;
        let board = Board::default();
        let (phones, writer) = phone::Phones::start(desk.another(), &options.limits)?;
        let counts = phones.counts.clone();
        let feed = feed::Feed::start(board.clone(), desk, options.tournament, options.every)?;
        let phones = std::sync::Arc::new(phones);
        let runtime = tokio::runtime::Builder::new_current_thread().enable_io().enable_time().build()?;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let served = board.clone();
        let limits = options.limits;
        let https = options.tls.is_some();
        let acceptor = options.tls.as_ref().map(Tls::acceptor);
        let server = std::thread::Builder::new().name("board-server".into()).spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else { return };
                server::serve(listener, served, phones, limits, acceptor, stopped).await;
            });
        })?;
        let (server, feed, writer) = (Some(server), Some(feed), Some(writer));
        Ok(RunningBoard { address, board, stop: Some(stop), server, feed, writer, counts, https })
    }

    /// Starts a board on a desk opened at `location` (a file or a `postgres://` address).
    pub fn start_at(location: &str, options: Options) -> Result<RunningBoard, BoardError> {
        RunningBoard::start(Desk::open_at(location).map_err(BoardError::Open)?, options)
    }

    /// The address the board listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The address to give players: `http://…/` (`https://…/` with a certificate) with this machine's address
    /// on the hall's network when the board listens on every interface.
    pub fn url(&self) -> String {
        let ip = if self.address.ip().is_unspecified() { network_address() } else { self.address.ip() };
        let scheme = if self.https { "https" } else { "http" };
        format!("{scheme}://{}/", SocketAddr::new(ip, self.address.port()))
    }

    /// Waits until the feed has looked at the database once (the first pages had better show the tournament
    /// than "reading"; it takes a fraction of a second even for 400 players), for at most `limit`. Whether it
    /// has.
    pub fn wait_for_first_look(&self, limit: Duration) -> bool {
        let started = std::time::Instant::now();
        while self.board.published().generation == 0 {
            if started.elapsed() >= limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        true
    }

    /// What the pages show now.
    pub fn published(&self) -> std::sync::Arc<Published> {
        self.board.published()
    }

    /// What the tables' pages refused so far.
    pub fn phone_counts(&self) -> &PhoneCounts {
        &self.counts
    }

    /// Runs until the server ends (for `stecca board`, which a referee stops with Ctrl+C).
    pub fn wait(mut self) {
        if let Some(server) = self.server.take() {
            let _ = server.join();
        }
    }
}

impl Drop for RunningBoard {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(true);
        }
        if let Some(server) = self.server.take() {
            let _ = server.join();
        }
        drop(self.feed.take());
        // The writer ends once the server's side of its queue is gone with the server.
        drop(self.writer.take());
    }
}

/// This machine's address on the network its default route leaves by. A UDP socket "connected" to a
/// documentation address (RFC 5737) sends nothing: the system only picks the interface it would use.
fn network_address() -> IpAddr {
    let found = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|socket| socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).map(|()| socket))
        .and_then(|socket| socket.local_addr());
    match found {
        Ok(address) if !address.ip().is_unspecified() => address.ip(),
        _ => IpAddr::V4(Ipv4Addr::LOCALHOST),
    }
}
