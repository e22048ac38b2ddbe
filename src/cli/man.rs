//! `stecca man DIR`: the manual pages (`stecca.1` and one per command, `stecca-score.1`, …), written from the
//! command line's own definition with `clap_mangen`, so the manual never says what the program does not. Hidden
//! from the help: it is the packager's (`scripts/package.sh`), not the referee's.

use std::path::PathBuf;

use anyhow::Context as _;

/// Arguments of `stecca man`.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// The folder to write the pages into (made when missing); a page already there is replaced.
    #[arg(value_name = "DIR")]
    pub out: PathBuf,
}

/// Writes every page into the folder, each as a regular file of ours (as an export is written), which is why the
/// pages are rendered here rather than by `clap_mangen::generate_to`: that one follows a link at a page's name.
pub fn run(args: &ManArgs) -> anyhow::Result<()> {
    std::fs::create_dir_all(&args.out).with_context(|| format!("{}", args.out.display()))?;
    for (name, page) in pages()? {
        let path = args.out.join(&name);
        crate::export::write_export(&path, &page, None).with_context(|| format!("{}", path.display()))?;
    }
    Ok(())
}

/// Every visible command's page, by file name. Each footer names the release ("stecca 0.1.0"): the engine and
/// commit lines of `--version` are the binary's answer about itself.
pub fn pages() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut command = super::command().disable_help_subcommand(true);
    // Built once from the top, so each command's page is named after its full path (`stecca-club-new.1`).
    command.build();
    let mut pages = Vec::new();
    collect(command, &mut pages)?;
    Ok(pages)
}

fn collect(command: clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()).cloned() {
        collect(sub, pages)?;
    }
    let man = clap_mangen::Man::new(command).source(concat!("stecca ", env!("CARGO_PKG_VERSION")));
    let mut page = Vec::new();
    man.render(&mut page)?;
    pages.push((man.get_filename(), page));
    Ok(())
}
