//! Compiles the seam's texts (the desk's own, in `assets/locales/<code>/`, and the manche's, beside the seam's
//! code in `src/rules/locales/<code>/`) into the seam: a text missing in one language, variables that differ
//! between languages or a file that is not valid Fluent fails the build (`stecca-locales` says how). The result
//! (`$OUT_DIR/texts.rs`) is the languages found, each with its files' text, and a sorted table of ids that `msg!`
//! and `text_id!` search at compile time, so that an id no locale file has is a compile error where it is
//! written. The languages found are the desk's: each ruleset crate's build script reads them (`links`
//! metadata, `DEP_STECCA_SEAM_LANGUAGES`) and refuses a ruleset whose folders differ.

fn main() -> Result<(), stecca_locales::Stop> {
    let languages = stecca_locales::build_script(&["assets/locales", "src"])?;
    println!("cargo:languages={}", languages.join(","));
    Ok(())
}
