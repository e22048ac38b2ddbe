//! `stecca export --db PATH --tournament ID --what … --format pdf|csv --out FILE` and `stecca list --db PATH`.

use std::path::PathBuf;

use anyhow::Context;

use super::open_existing;
use crate::export::{Format, What};
use crate::i18n::Lang;

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
    /// Language of the sheets: it or en (default: the desk's language).
    #[arg(long)]
    pub lang: Option<String>,
}

/// Runs `stecca export`.
pub fn run(db: Option<&str>, args: &ExportArgs) -> anyhow::Result<()> {
    let desk = open_existing(db)?;
    let lang = sheet_lang(&desk, args.lang.as_deref())?;
    desk.tournament(args.tournament)
        .with_context(|| format!("--tournament {}: see `stecca list` for the ids", args.tournament))?;
    let bytes = desk.export(args.tournament, args.what, args.format, lang, args.player)?;
    desk.write_export(&args.out, &bytes)?;
    println!("{} ({} bytes)", args.out.display(), bytes.len());
    Ok(())
}

/// The language of sheets: `--lang it|en`, or the desk's language.
pub(super) fn sheet_lang(desk: &crate::desk::Desk, lang: Option<&str>) -> anyhow::Result<Lang> {
    Ok(match lang {
        Some("it") => Lang::It,
        Some("en") => Lang::En,
        Some(other) => anyhow::bail!("--lang {other}: expected it or en"),
        None => desk.preference("language")?.map(|c| Lang::from_code(&c)).unwrap_or_default(),
    })
}

/// Runs `stecca list`: one line per tournament.
pub fn list(db: Option<&str>) -> anyhow::Result<()> {
    let desk = open_existing(db)?;
    let tournaments = desk.tournaments()?;
    if tournaments.is_empty() {
        println!("no tournaments (create one in the desk, or `stecca demo`)");
    }
    for t in tournaments {
        println!(
            "{}\t{}\t{}\t{}\t{} players\t{} manches",
            t.id,
            t.name,
            t.venue,
            t.start_date.unwrap_or_default(),
            t.players,
            t.manches
        );
    }
    Ok(())
}
