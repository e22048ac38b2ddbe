//! The command line: argument parsing and the I/O around the core. `main.rs` only calls [`run`].

/// `println!` for the command line's output, except that a reader that went away (`stecca seat … | head`) ends
/// the program quietly instead of in `println!`'s panic.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::say_line(format_args!($($arg)*))
    };
}

mod batches;
mod board;
mod book;
mod clock;
mod club;
mod db;
mod demo;
mod enter;
mod export;
mod input;
mod man;
mod players;
mod printed;
mod proposals;
mod score;
mod seat;
mod settle_up;
mod table_links;
mod tournament;

pub use score::JsonlScorer;

use std::process::ExitCode;

use crate::desk::Desk;
use crate::i18n::Lang;
use crate::msg;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Exit status for invalid input.
pub const EXIT_INVALID: u8 = 2;

/// Stecca: the scoring, settlement and tournament desk of the Mah Jong and card rulesets README lists.
#[derive(Debug, Parser)]
#[command(name = "stecca", version, about)]
pub struct Cli {
    /// The database: an SQLite file, or a shared PostgreSQL server as postgres://user[:password]@host[:port]/name
    /// (default: stecca.db in the user's data directory).
    #[arg(long, global = true, value_name = "PATH|URL")]
    pub db: Option<String>,
    /// The language Stecca speaks here, and prints sheets in (default: the locale's — LC_ALL, LC_MESSAGES or
    /// LANG — for messages, the desk's language for sheets). JSON for scripts is the same in every language.
    #[arg(long, global = true, value_parser = lang_parser())]
    pub lang: Option<Lang>,
    /// What to do; without a command the desk opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score and settle one manche given as JSON (or one per line with --jsonl); prints the result as JSON.
    Score(score::ScoreArgs),
    /// Seat N players for R sessions: no pair meets twice where possible, balanced winds; prints JSON.
    Seat(seat::SeatArgs),
    /// Create a demo tournament with every manche entered (32 players, 4 sessions by default).
    Demo(demo::DemoArgs),
    /// Write standings, seating, score sheets or a player card as PDF, or results as CSV.
    Export(export::ExportArgs),
    /// List the tournaments in the database with their ids.
    List,
    /// Create, delete (no results yet) or archive a tournament.
    Tournament(tournament::TournamentArgs),
    /// Register players from a CSV list.
    Players(players::PlayersArgs),
    /// The tournament's book, for rules that score from one: import its lines from CSV, or print them.
    Book(book::BookArgs),
    /// Confirm manches of a table from the ruleset's JSON (one, or one per line with --jsonl).
    Enter(enter::EnterArgs),
    /// The fewest transfers that settle balances given as JSON in whole cents; prints them as JSON.
    SettleUp(settle_up::SettleUpArgs),
    /// The treasurer's book: clubs, members, evenings, chip counts, cash, balances, settle-up, receipts.
    Club(club::ClubArgs),
    /// Serve the hall's board: standings, seating and players' cards as read-only web pages for phones.
    Board(board::BoardArgs),
    /// A session's clock: start, pause, resume, add minutes, end, show (the same on every station).
    Clock(clock::ClockArgs),
    /// Each table's link for its phone in a session, with its players' PINs; revoke or reissue one.
    TableLinks(table_links::TableLinksArgs),
    /// The manches the tables' phones sent: list, show, confirm or reject (with a reason) one.
    Proposals(proposals::ProposalsArgs),
    /// The database itself: prepare a shared server's, or copy a whole database between a file and a server.
    Db(db::DbArgs),
    /// Write the manual pages into a folder (for packagers).
    #[command(hide = true)]
    Man(man::ManArgs),
}

/// A language on the command line: the code of one the desk speaks, each listed in `--help` by its own name.
fn lang_parser() -> impl clap::builder::TypedValueParser<Value = Lang> {
    let codes = Lang::all().map(|lang| clap::builder::PossibleValue::new(lang.code()).help(lang.name()));
    clap::builder::TypedValueParser::map(clap::builder::PossibleValuesParser::new(codes), |code: String| {
        Lang::from_code(&code)
    })
}

/// The language of the locale: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty, as
/// POSIX orders them; the language it names when the desk speaks it (`it_IT.UTF-8`, `fr`), English otherwise.
pub fn locale_language(var: impl Fn(&str) -> Option<String>) -> Lang {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().filter_map(&var).find(|value| !value.is_empty());
    locale.and_then(|locale| Lang::parse(locale.split(['.', '@']).next().unwrap_or_default())).unwrap_or(Lang::ENGLISH)
}

/// What `stecca --version` says: the program's version, the engine version stored with every manche it
/// scores (a dispute about an old result names the engine that computed it), and the commit it was built from.
pub fn version_text() -> String {
    format!("{}\nengine {}\ncommit {}", env!("CARGO_PKG_VERSION"), crate::ENGINE_VERSION, env!("STECCA_COMMIT"))
}

/// The command line's definition, with the version text: for parsing, and for the manual pages.
pub fn command() -> clap::Command {
    static VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(version_text);
    Cli::command().version(VERSION.as_str())
}

/// Parses the arguments, runs the command and returns the process status.
pub fn run() -> ExitCode {
    let cli = match Cli::from_arg_matches(&command().get_matches()) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    let lang = cli.lang;
    crate::message::set_display_language(lang.unwrap_or_else(|| locale_language(|name| std::env::var(name).ok())));
    match cli.command {
        None => window(cli.db.as_deref()),
        Some(Command::Score(args)) => score::run(&args),
        Some(Command::Seat(args)) => seat::run(cli.db.as_deref(), &args),
        Some(Command::Demo(args)) => report(demo::run(cli.db.as_deref(), &args), "stecca demo"),
        Some(Command::Export(args)) => report(export::run(cli.db.as_deref(), &args, lang), "stecca export"),
        Some(Command::List) => report(export::list(cli.db.as_deref()), "stecca list"),
        Some(Command::Tournament(args)) => report(tournament::run(cli.db.as_deref(), &args), "stecca tournament"),
        Some(Command::Players(args)) => report(players::run(cli.db.as_deref(), &args), "stecca players"),
        Some(Command::Book(args)) => report(book::run(cli.db.as_deref(), &args), "stecca book"),
        Some(Command::Enter(args)) => enter::run(cli.db.as_deref(), &args),
        Some(Command::SettleUp(args)) => settle_up::run(&args),
        Some(Command::Club(args)) => report(club::run(cli.db.as_deref(), &args, lang), "stecca club"),
        Some(Command::Board(args)) => report(board::run(cli.db.as_deref(), &args), "stecca board"),
        Some(Command::Clock(args)) => report(clock::run(cli.db.as_deref(), &args), "stecca clock"),
        Some(Command::TableLinks(args)) => report(table_links::run(cli.db.as_deref(), &args), "stecca table-links"),
        Some(Command::Proposals(args)) => report(proposals::run(cli.db.as_deref(), &args), "stecca proposals"),
        Some(Command::Db(args)) => report(db::run(cli.db.as_deref(), &args), "stecca db"),
        Some(Command::Man(args)) => report(man::run(&args), "stecca man"),
    }
}

/// The database to use: `--db` (a file or a `postgres://` address) or the default file in the user's data
/// directory.
pub fn database(db: Option<&str>) -> anyhow::Result<String> {
    Ok(crate::desk::location(db)?)
}

/// Opens the database, creating a file that does not exist yet (an empty server database gets the schema).
pub fn open_desk(db: Option<&str>) -> anyhow::Result<Desk> {
    use anyhow::Context;
    let location = database(db)?;
    Desk::open_at(&location).with_context(|| msg!("cli.opening", location = crate::desk::redacted(&location)))
}

/// Opens an existing database (every command but `demo`, `tournament new` and `club new` refuses to create a
/// file; a server's database is created by its administrator).
pub fn open_existing(db: Option<&str>) -> anyhow::Result<Desk> {
    let location = database(db)?;
    if !crate::desk::is_url(&location) && !std::path::Path::new(&location).exists() {
        anyhow::bail!(msg!("cli.no_database", location = location));
    }
    open_desk(Some(&location))
}

/// The name written in the audit log for a command-line change: the desk's referee name, or "stecca".
fn referee(desk: &Desk) -> String {
    desk.referee_or("stecca")
}

/// An error with its causes on one line, each layer said once: a layer whose text its wrapper already says
/// (a desk error showing the store's message, which is also its source) adds nothing and is left out.
pub fn said(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for layer in error.chain() {
        let layer = layer.to_string();
        if text.contains(&layer) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&layer);
    }
    text
}

/// Writes one line of output. A closed pipe ends the program with the status a shell gives a program that
/// SIGPIPE stopped (128 + 13), as `yes | head` ends, so `set -o pipefail` scripts see the same thing; any other
/// failure to write is said once on standard error.
pub fn say_line(args: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let written = out.write_fmt(args).and_then(|()| out.write_all(b"\n")).and_then(|()| out.flush());
    match written {
        Ok(()) => {}
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(141),
        Err(error) => {
            eprintln!("stecca: {error}");
            std::process::exit(1);
        }
    }
}

/// Prints an error once, at the edge, and turns it into the exit status.
/// Opens the desk's window on the database.
#[cfg(feature = "gui")]
fn window(db: Option<&str>) -> ExitCode {
    report(crate::ui::run_desk(db), "stecca")
}

/// A build without the window (a hall server's) says so and what it does instead.
#[cfg(not(feature = "gui"))]
fn window(_: Option<&str>) -> ExitCode {
    eprintln!("stecca: {}", crate::message::Message::new(stecca_core::text_id!("cli.no_window")));
    ExitCode::from(2)
}

fn report(result: anyhow::Result<()>, command: &str) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{command}: {}", said(&error));
            ExitCode::FAILURE
        }
    }
}
