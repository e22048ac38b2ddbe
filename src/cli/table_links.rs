//! `stecca table-links --tournament ID --session N --board-url URL [--revoke T | --reissue T]`: each table's
//! link for its phone (made for the tables that have none), with its players' PINs by seat; `--revoke T` ends
//! table T's link, `--reissue T` ends it and prints the new one (for a slip printed again).

use super::{open_existing, referee};
use crate::desk::{Desk, TableLinkView};
use crate::msg;

/// Arguments of `stecca table-links`.
#[derive(Debug, clap::Args)]
pub struct TableLinksArgs {
    /// The tournament's id.
    #[arg(long)]
    pub tournament: i64,
    /// The session number.
    #[arg(long)]
    pub session: u32,
    /// The hall board's address (as `stecca board` says it): each link is an address on it.
    #[arg(long, value_name = "URL", required_unless_present = "revoke")]
    pub board_url: Option<String>,
    /// Revoke table T's link: its slip opens nothing any more.
    #[arg(long, value_name = "T", conflicts_with = "reissue")]
    pub revoke: Option<u32>,
    /// Revoke table T's link and print its new one (new PINs too), for a new slip.
    #[arg(long, value_name = "T")]
    pub reissue: Option<u32>,
}

/// Runs `stecca table-links`.
pub fn run(db: Option<&str>, args: &TableLinksArgs) -> anyhow::Result<()> {
    let mut desk = open_existing(db)?;
    desk.tournament(args.tournament)?;
    let by = referee(&desk);
    let (tournament, session) = (args.tournament, args.session);
    if let Some(table) = args.revoke {
        desk.revoke_table_link(tournament, session, table, false, &by)?;
        say!("{}", msg!("cli.table_link_revoked", session = session, table = table));
        return Ok(());
    }
    let board = args.board_url.as_deref().unwrap_or_default();
    let links = match args.reissue {
        Some(table) => desk.revoke_table_link(tournament, session, table, true, &by)?.into_iter().collect(),
        None => desk.table_links(tournament, session, &by)?,
    };
    for link in &links {
        print_link(&desk, tournament, link, board)?;
    }
    Ok(())
}

/// A table's link: its address, then each player by seat with their PIN.
fn print_link(desk: &Desk, tournament: i64, link: &TableLinkView, board: &str) -> anyhow::Result<()> {
    let seats = desk.tournament(tournament)?.settings.ruleset().seat_model();
    let lang = crate::message::display_language();
    say!("{}", msg!("cli.table_link", session = link.session, table = link.table, url = link.url(board)));
    for (position, (name, pin)) in link.players.iter().enumerate() {
        say!("{}", msg!("cli.table_link_player", seat = seats.seat(position).name(lang), name = name, pin = pin));
    }
    Ok(())
}
