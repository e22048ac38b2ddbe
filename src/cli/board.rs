//! `stecca board --db DB [--tournament ID] [--listen ADDRESS:PORT] [--per-client N] [--cert FILE --key FILE]`:
//! serves the hall's board (standings, seating, players' cards, the tables' pages) until stopped with Ctrl+C,
//! over HTTPS when given a certificate and its key.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;

use crate::message::Explain;
use crate::msg;

/// Arguments of `stecca board`.
#[derive(Debug, clap::Args)]
pub struct BoardArgs {
    /// The tournament to show (see `stecca list`; default: the newest one not archived).
    #[arg(long)]
    pub tournament: Option<i64>,
    /// Where to listen: 127.0.0.1:8080 (the default) is this machine only; 0.0.0.0:8080 is every network it
    /// is on, the hall's included.
    #[arg(long, value_name = "ADDRESS:PORT", default_value_t = stecca_board::DEFAULT_LISTEN)]
    pub listen: SocketAddr,
    /// Connections served at once to one client address (8 by default: a browser opens up to 6). A hall whose
    /// phones reach the board through one router's address (NAT) needs more: up to the 512 of all clients.
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u16).range(1..=512))]
    pub per_client: u16,
    /// The board's certificate (PEM: the certificate, then any intermediate), signed by the hall server's CA: the
    /// board then serves HTTPS only. Needs --key.
    #[arg(long, value_name = "FILE", requires = "key")]
    pub cert: Option<PathBuf>,
    /// The certificate's private key (PEM), a file of this user's that no one else may read (chmod 600).
    /// Needs --cert.
    #[arg(long, value_name = "FILE", requires = "cert")]
    pub key: Option<PathBuf>,
}

/// Runs `stecca board`: checks the database and the tournament, then serves until the process is stopped.
pub fn run(db: Option<&str>, args: &BoardArgs) -> anyhow::Result<()> {
    // The files first: a wrong key is said before the database is opened.
    let tls = match (&args.cert, &args.key) {
        (Some(cert), Some(key)) => {
            Some(stecca_board::Tls::from_files(cert, key).map_err(|e| anyhow::anyhow!(e.message()))?)
        }
        _ => None,
    };
    let desk = super::open_existing(db)?;
    let tournament = match args.tournament {
        Some(id) => desk.tournament(id).with_context(|| format!("--tournament {id}"))?,
        None => {
            let newest = desk.tournaments()?.into_iter().find(|t| !t.archived);
            let Some(newest) = newest else { anyhow::bail!(msg!("board.no_tournament")) };
            desk.tournament(newest.id)?
        }
    };
    let limits = stecca_board::Limits { per_client: usize::from(args.per_client), ..stecca_board::Limits::default() };
    let options = stecca_board::Options {
        listen: args.listen,
        tournament: Some(tournament.id),
        limits,
        tls,
        ..stecca_board::Options::default()
    };
    // The desk opened for the checks becomes the board's own.
    let board = stecca_board::RunningBoard::start(desk, options).map_err(|e| anyhow::anyhow!(e.message()))?;
    // Said once the pages show the tournament (or after 5 s of a server that does not answer: they say so).
    board.wait_for_first_look(std::time::Duration::from_secs(5));
    say!("{}", msg!("cli.board_at", name = tournament.settings.name, url = board.url()));
    board.wait();
    Ok(())
}
