//! Compiles the ruleset's texts (`locales/<code>/<id>.ftl`, one folder a language of the desk) and its own
//! `msg!` and `text_id!`, which check every id where it is written (see `stecca_locales::ruleset_build_script`).

fn main() -> Result<(), stecca_locales::Stop> {
    stecca_locales::ruleset_build_script()
}
