//! Compiles the desk's texts into the core. Every Fluent file — the core's in `assets/locales/<code>/`, each
//! shipped ruleset's beside its code in `src/rules/<id>/locales/<code>/` — is read and checked here: a text
//! missing in one language, variables that differ between languages, a file that is not valid Fluent or a
//! ruleset's id outside its namespace fails the build. The result (`$OUT_DIR/texts.rs`) is the languages found,
//! each with its files' text, and a sorted table of ids that `msg!` and `text_id!` search at compile time, so
//! that an id no locale file has is a compile error where it is written.

#[path = "build/texts.rs"]
mod texts;

use std::path::{Path, PathBuf};

fn locale_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            locale_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ftl" || e == "yml") {
            out.push(path);
        }
    }
}

/// What stops the build, shown as written (`main`'s error is printed with `Debug`).
struct Stop(String);

impl std::fmt::Debug for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn main() -> Result<(), Stop> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    println!("cargo:rerun-if-changed=build/texts.rs");
    let mut paths = Vec::new();
    for dir in ["assets/locales", "src"] {
        println!("cargo:rerun-if-changed={dir}");
        locale_files(&root.join(dir), &mut paths);
    }
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).map_err(|e| Stop(format!("{}: {e}", path.display())))?;
        files.push((path, text));
    }
    let code = texts::generate(root, &files)
        .map_err(|problems| Stop(format!("the locale files have problems:\n{}", problems.join("\n"))))?;
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| Stop("cargo sets OUT_DIR".into()))?);
    let out = out.join("texts.rs");
    std::fs::write(&out, code).map_err(|e| Stop(format!("{}: {e}", out.display())))
}
