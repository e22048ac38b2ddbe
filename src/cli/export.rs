//! `stecca export --db PATH --tournament ID --what … --format pdf|csv [--sep ';'] --out FILE` (one table's slip:
//! `--what slip --session N --table T`) and `stecca list --db PATH`.

use std::path::PathBuf;

use anyhow::Context;

use super::open_existing;
use crate::export::csv::Separator;
use crate::export::{Format, What};
use crate::i18n::Lang;
use crate::msg;

/// Arguments of `stecca export`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The tournament's id (see `stecca list`).
    #[arg(long)]
    pub tournament: i64,
    /// What to export.
    #[arg(long, value_enum)]
    pub what: What,
    /// The file format.
    #[arg(long, value_enum)]
    pub format: Format,
    /// Where to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The player of a card (`--what card`).
    #[arg(long)]
    pub player: Option<i64>,
    /// The session of a table's slip (`--what slip`).
    #[arg(long)]
    pub session: Option<u32>,
    /// The table of a table's slip (`--what slip`).
    #[arg(long)]
    pub table: Option<u32>,
    /// The CSV separator: `,` (numbers with a decimal point) or `;` (decimal comma, for Italian spreadsheets).
    #[arg(long, default_value = ",", value_parser = separator)]
    pub sep: Separator,
    /// The hall board's address (as `stecca board` says it), printed with its QR code on the seating sheet, and
    /// each table's phone link on its slip.
    #[arg(long, value_name = "URL")]
    pub board_url: Option<String>,
}

/// `--sep ,` or `--sep ';'`.
pub(super) fn separator(text: &str) -> Result<Separator, String> {
    Separator::parse(text).ok_or_else(|| msg!("cli.separator", given = text).to_string())
}

/// Runs `stecca export`.
pub fn run(db: Option<&str>, args: &ExportArgs, lang: Option<Lang>) -> anyhow::Result<()> {
    let desk = open_existing(db)?;
    let lang = sheet_lang(&desk, lang)?;
    desk.tournament(args.tournament).with_context(|| msg!("cli.tournament_ids", tournament = args.tournament))?;
    let style = crate::export::Style { lang, separator: args.sep, board: args.board_url.clone() };
    let bytes = match (args.what, args.format, args.session, args.table) {
        (What::Slip, Format::Pdf, Some(session), Some(table)) => {
            desk.export_slip(args.tournament, session, table, style)?
        }
        _ => desk.export(args.tournament, args.what, args.format, style, args.player)?,
    };
    desk.write_export(&args.out, &bytes)?;
    say!("{}", msg!("cli.written", path = args.out.display(), bytes = bytes.len()));
    Ok(())
}

/// The language of sheets: `--lang` (a language code), or the desk's language (a printout follows the desk, not the
/// terminal's locale).
pub(super) fn sheet_lang(desk: &crate::desk::Desk, lang: Option<Lang>) -> anyhow::Result<Lang> {
    Ok(match lang {
        Some(lang) => lang,
        None => desk.preference("language")?.map(|c| Lang::from_code(&c)).unwrap_or_default(),
    })
}

/// Runs `stecca list`: one line per tournament.
pub fn list(db: Option<&str>) -> anyhow::Result<()> {
    let desk = open_existing(db)?;
    let tournaments = desk.tournaments()?;
    if tournaments.is_empty() {
        say!("{}", msg!("cli.no_tournaments"));
    }
    for t in tournaments {
        say!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            t.id,
            t.name,
            t.venue,
            t.start_date.unwrap_or_default(),
            msg!("cli.list_players", n = t.players),
            msg!("cli.list_manches", n = t.manches)
        );
    }
    Ok(())
}
