//! Reading and checking the desk's texts. This crate serves twice: the build scripts of the seam and of each
//! ruleset crate read their locale files with it (a text missing in one language, or whose placeholders differ
//! between languages, fails the build), and the seam checks a ruleset's texts with it when the ruleset is
//! registered.
//!
//! A language is a folder of [Project Fluent](https://projectfluent.org) files named by its code: the seam's
//! texts in `crates/seam/assets/locales/<code>/`, each ruleset's in `crates/rules/<id>/locales/<code>/<id>.ftl`.
//! Adding a language adds such folders and touches no code. Every message id of a ruleset's file starts with `<id>-`, so
//! that no ruleset can shadow another's words or the seam's. In the code, and in what the stores keep, an id is
//! written with dots (`error.player.duplicate`); Fluent writes it with dashes (`error-player-duplicate`), and an
//! id is lowercase letters, digits and `_` between them, so the two spellings map one to one.
//!
//! Fluent (the `fluent-syntax` parser here, `fluent-bundle` at run time) brings real plural rules for every
//! language (French counts 0 as singular, English does not) and ordinals, which the desk's own `{n|one|other}`
//! could not express.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use fluent_syntax::ast;

/// What the code must know of one text: its Fluent id and the variables it takes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The id as Fluent writes it (`error-player-duplicate`).
    pub fluent_id: String,
    /// Every `$variable` the text uses.
    pub variables: BTreeSet<String>,
    /// The variables a choice is made on (`{ $n -> … }`): given to Fluent as numbers, so that plural rules apply.
    pub selectors: BTreeSet<String>,
}

/// The id as the code writes it, from Fluent's (`error-player-duplicate` → `error.player.duplicate`).
pub fn dotted(fluent_id: &str) -> String {
    fluent_id.replace('-', ".")
}

fn well_formed(fluent_id: &str) -> bool {
    !fluent_id.is_empty()
        && fluent_id.split('-').all(|part| {
            !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
}

fn inline_variables(
    expression: &ast::InlineExpression<&str>,
    variables: &mut BTreeSet<String>,
    selectors: &mut BTreeSet<String>,
) {
    match expression {
        ast::InlineExpression::VariableReference { id } => {
            variables.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, variables, selectors);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, variables, selectors);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, variables, selectors),
        ast::InlineExpression::StringLiteral { .. }
        | ast::InlineExpression::NumberLiteral { .. }
        | ast::InlineExpression::MessageReference { .. }
        | ast::InlineExpression::TermReference { .. } => {}
    }
}

fn expression_variables(
    expression: &ast::Expression<&str>,
    variables: &mut BTreeSet<String>,
    selectors: &mut BTreeSet<String>,
) {
    match expression {
        ast::Expression::Inline(inline) => inline_variables(inline, variables, selectors),
        ast::Expression::Select { selector, variants } => {
            let mut chosen_on = BTreeSet::new();
            inline_variables(selector, &mut chosen_on, selectors);
            variables.extend(chosen_on.iter().cloned());
            selectors.extend(chosen_on);
            for variant in variants {
                pattern_variables(&variant.value, variables, selectors);
            }
        }
    }
}

fn pattern_variables(pattern: &ast::Pattern<&str>, variables: &mut BTreeSet<String>, selectors: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, variables, selectors);
        }
    }
}

/// The texts of one Fluent file, by dotted id. `source` names the file in problems; `namespace`, when given, is
/// the prefix every id must carry.
pub fn read_file(
    source: &str,
    ftl: &str,
    namespace: Option<&str>,
    problems: &mut Vec<String>,
) -> BTreeMap<String, Entry> {
    let resource = match fluent_syntax::parser::parse(ftl) {
        Ok(resource) => resource,
        Err((resource, errors)) => {
            for error in errors {
                let line = ftl.get(..error.pos.start).map_or(0, |before| before.lines().count().max(1));
                problems.push(format!("{source}:{line}: not valid Fluent: {}", error.kind));
            }
            resource
        }
    };
    let mut texts = BTreeMap::new();
    for entry in &resource.body {
        let ast::Entry::Message(message) = entry else { continue };
        let fluent_id = message.id.name;
        if !well_formed(fluent_id) {
            problems
                .push(format!("{source}: `{fluent_id}`: an id is lowercase letters, digits and `_`, joined by `-`"));
            continue;
        }
        let Some(value) = &message.value else {
            problems.push(format!("{source}: `{fluent_id}` has no text"));
            continue;
        };
        if let Some(namespace) = namespace
            && !fluent_id.starts_with(&format!("{namespace}-"))
        {
            problems.push(format!("{source}: `{fluent_id}` must start with `{namespace}-`"));
        }
        let mut entry = Entry { fluent_id: fluent_id.to_owned(), ..Entry::default() };
        pattern_variables(value, &mut entry.variables, &mut entry.selectors);
        if texts.insert(dotted(fluent_id), entry).is_some() {
            problems.push(format!("{source}: `{fluent_id}` is written twice"));
        }
    }
    texts
}

/// The texts every language has, checked: every id in every language, with the same variables. A language's
/// choices may differ (French chooses on a count where English does not), so the selectors are all languages'.
pub fn merge(
    languages: &BTreeMap<String, BTreeMap<String, Entry>>,
    problems: &mut Vec<String>,
) -> BTreeMap<String, Entry> {
    let mut merged: BTreeMap<String, Entry> = BTreeMap::new();
    for texts in languages.values() {
        for (key, entry) in texts {
            let known = merged
                .entry(key.clone())
                .or_insert_with(|| Entry { variables: entry.variables.clone(), ..entry.clone() });
            known.selectors.extend(entry.selectors.iter().cloned());
        }
    }
    for (key, entry) in &merged {
        for (language, texts) in languages {
            match texts.get(key) {
                None => problems.push(format!("`{key}` is missing in `{language}`")),
                Some(text) if text.variables != entry.variables => problems.push(format!(
                    "`{key}`: variables {:?} in `{language}`, {:?} in another language",
                    text.variables, entry.variables
                )),
                Some(_) => {}
            }
        }
    }
    merged
}

/// The language (the folder's name) and namespace (`None` for the desk's own `stecca.ftl`) of a locale file
/// at `…/locales/<code>/<name>.ftl`; `desk` is the seam's `assets/locales`, where the desk's own texts are.
fn file_language<'a>(path: &'a Path, desk: &Path) -> Option<(&'a str, Option<&'a str>)> {
    if path.extension()? != "ftl" {
        return None;
    }
    let name = path.file_stem()?.to_str()?;
    let folder = path.parent()?;
    let code = folder.file_name()?.to_str()?;
    let in_locales = folder.parent()?.file_name()? == "locales";
    let valid_code = !code.is_empty() && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    (in_locales && valid_code).then_some((code, (folder.parent() != Some(desk) || name != "stecca").then_some(name)))
}

/// The generated code of the compiled texts (`LANGUAGES` and `TEXTS`, see `i18n/texts.rs`) from every locale
/// file of the crate at `root` (`(path, text)`), or every problem found. Pure, so that a test can add a language
/// to the shipped files and see what the build makes of it.
pub fn generate(root: &Path, files: &[(PathBuf, String)]) -> Result<String, Vec<String>> {
    let desk = root.join("assets/locales");
    let mut problems = Vec::new();
    let mut by_language: BTreeMap<String, BTreeMap<String, Entry>> = BTreeMap::new();
    let mut sources: BTreeMap<String, Vec<&Path>> = BTreeMap::new();
    for (path, ftl) in files {
        let shown = path.strip_prefix(root).unwrap_or(path).display().to_string();
        let Some((code, namespace)) = file_language(path, &desk) else {
            problems.push(format!("{shown}: a locale file is `locales/<language>/<name>.ftl`"));
            continue;
        };
        let found = read_file(&shown, ftl, namespace, &mut problems);
        let table = by_language.entry(code.to_owned()).or_default();
        for (key, entry) in found {
            if table.insert(key.clone(), entry).is_some() {
                problems.push(format!("{shown}: `{key}` is written in another file of `{code}` too"));
            }
        }
        sources.entry(code.to_owned()).or_default().push(path);
    }
    if by_language.len() > usize::from(u8::MAX) {
        problems.push(format!("{} languages: at most 255", by_language.len()));
    }
    let merged = merge(&by_language, &mut problems);
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut code =
        String::from("/// The languages, by code, each with the text of its Fluent files (generated by `build.rs`).\n");
    code.push_str("pub static LANGUAGES: &[Language] = &[\n");
    for (language, paths) in &sources {
        let texts: Vec<String> =
            paths.iter().map(|path| format!("include_str!({:?})", path.display().to_string())).collect();
        let _ = writeln!(code, "    Language {{ code: {language:?}, files: &[{}] }},", texts.join(", "));
    }
    code.push_str("];\n\n/// Every text, sorted by id (generated by `build.rs` from the locale files).\n");
    code.push_str("pub static TEXTS: &[Text] = &[\n");
    let quoted = |names: &BTreeSet<String>| names.iter().map(|n| format!("{n:?}")).collect::<Vec<_>>().join(", ");
    for (key, entry) in &merged {
        let _ = writeln!(
            code,
            "    Text {{ key: {key:?}, fluent_id: {:?}, placeholders: &[{}], selectors: &[{}] }},",
            entry.fluent_id,
            quoted(&entry.variables),
            quoted(&entry.selectors)
        );
    }
    code.push_str("];\n\n/// Every Fluent file, with its language's code (generated by `build.rs`).\n");
    code.push_str("pub static FILES: &[(&str, &str)] = &[\n");
    for (language, paths) in &sources {
        for path in paths {
            let _ = writeln!(code, "    ({language:?}, include_str!({:?})),", path.display().to_string());
        }
    }
    code.push_str("];\n");
    Ok(code)
}

/// What stops a build script, shown as written (`main`'s error is printed with `Debug`).
pub struct Stop(pub String);

impl std::fmt::Debug for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn locale_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            locale_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ftl") {
            out.push(path);
        }
    }
}

/// Every Fluent file under the folders `dirs` of the crate at `root`, sorted by path, with its text.
pub fn read_locale_files(root: &Path, dirs: &[&str]) -> Result<Vec<(PathBuf, String)>, Stop> {
    let mut paths = Vec::new();
    for dir in dirs {
        locale_files(&root.join(dir), &mut paths);
    }
    paths.sort();
    paths
        .into_iter()
        .map(|path| match std::fs::read_to_string(&path) {
            Ok(text) => Ok((path, text)),
            Err(e) => Err(Stop(format!("{}: {e}", path.display()))),
        })
        .collect()
}

/// A path cargo gives a build script in the environment variable `name`.
fn cargo_path(name: &str) -> Result<PathBuf, Stop> {
    std::env::var_os(name).map(PathBuf::from).ok_or_else(|| Stop(format!("cargo sets {name}")))
}

/// Reads every Fluent file under `dirs` (folders of the crate being built) and checks them; returns the files
/// read and the compiled texts (see [`generate`]).
fn compile(dirs: &[&str]) -> Result<(Vec<(PathBuf, String)>, String), Stop> {
    for dir in dirs {
        println!("cargo:rerun-if-changed={dir}");
    }
    let root = cargo_path("CARGO_MANIFEST_DIR")?;
    let files = read_locale_files(&root, dirs)?;
    let code = generate(&root, &files)
        .map_err(|problems| Stop(format!("the locale files have problems:\n{}", problems.join("\n"))))?;
    Ok((files, code))
}

/// Writes a build script's generated code to `$OUT_DIR/texts.rs`.
fn write_texts(code: &str) -> Result<(), Stop> {
    let out = cargo_path("OUT_DIR")?.join("texts.rs");
    std::fs::write(&out, code).map_err(|e| Stop(format!("{}: {e}", out.display())))
}

/// The distinct names, sorted, that `name` gives the files' paths (their folder's, their own).
fn names_of(files: &[(PathBuf, String)], name: impl Fn(&Path) -> Option<&std::ffi::OsStr>) -> Vec<String> {
    let mut names: Vec<String> = files.iter().filter_map(|(path, _)| Some(name(path)?.to_str()?.to_owned())).collect();
    names.sort();
    names.dedup();
    names
}

/// What a crate's build script does with its texts: reads every Fluent file under `dirs` (folders of the
/// crate being built), checks them, and writes the compiled texts to `$OUT_DIR/texts.rs` (see [`generate`]).
/// Returns the languages found, by code. A problem in the files stops the build with every problem named.
pub fn build_script(dirs: &[&str]) -> Result<Vec<String>, Stop> {
    let (files, code) = compile(dirs)?;
    write_texts(&code)?;
    Ok(names_of(&files, |path| path.parent()?.file_name()))
}

/// What a ruleset crate's build script does (`fn main() -> Result<(), Stop> { ruleset_build_script() }`): compiles
/// the Fluent files of its `locales/<code>/<id>.ftl` as [`build_script`] does, refuses languages other than the
/// desk's, and writes to `$OUT_DIR/texts.rs` the compiled texts in a module `texts`, with the crate's own `msg!`
/// and `text_id!`, which check an id against the ruleset's texts and the seam's when the code compiles. The crate's root includes the file:
/// `include!(concat!(env!("OUT_DIR"), "/texts.rs"));`.
pub fn ruleset_build_script() -> Result<(), Stop> {
    let (files, table) = compile(&["locales"])?;
    let desk = std::env::var("DEP_STECCA_SEAM_LANGUAGES")
        .map_err(|_| Stop("a ruleset crate depends on stecca-seam, which names the desk's languages".into()))?;
    require_languages(&names_of(&files, |path| path.parent()?.file_name()), &desk)?;
    let names = names_of(&files, Path::file_stem);
    let [namespace] = names.as_slice() else {
        return Err(Stop(format!("a ruleset's locale files are `locales/<code>/<id>.ftl`, one name: found {names:?}")));
    };
    let indented: String = table.lines().map(|line| format!("    {line}\n")).collect();
    let code = format!(
        "/// The ruleset's texts, compiled from its `locales/<code>/<id>.ftl` by `build.rs`.\n\
         #[allow(dead_code, reason = \"the languages' table is the seam's business; a ruleset uses its ids and files\")]\n\
         mod texts {{\n    use stecca_seam::i18n::texts::{{Language, Text}};\n\n{indented}\n    \
         /// The ruleset's id, which every id of its texts starts with.\n    \
         pub const NAMESPACE: &str = {namespace:?};\n\n    \
         /// Adds the ruleset's texts to the desk's, for a unit test that shows one (the registry adds them for\n    \
         /// the desk).\n    \
         #[cfg(test)]\n    \
         pub fn install() {{\n        \
         let _ = stecca_seam::i18n::texts::add_texts(NAMESPACE, FILES);\n    \
         }}\n}}\n\n\
         /// A message of the ruleset's texts or the seam's, its id and placeholders checked when the code compiles.\n\
         #[allow(unused_macros, reason = \"a ruleset may give every text as a message, or none\")]\n\
         macro_rules! msg {{ ($($t:tt)*) => {{ stecca_seam::msg_in!(crate::texts::TEXTS; $($t)*) }}; }}\n\
         /// A text id of the ruleset's texts or the seam's, checked when the code compiles.\n\
         #[allow(unused_macros, reason = \"a ruleset may give every text as a message, or none\")]\n\
         macro_rules! text_id {{ ($id:literal) => {{ stecca_seam::text_id_in!(crate::texts::TEXTS; $id) }}; }}\n\
         #[allow(unused_imports, reason = \"`crate::msg!` and `crate::text_id!` wherever a module writes them\")]\n\
         pub(crate) use {{msg, text_id}};\n"
    );
    write_texts(&code)
}

/// A ruleset crate's languages must be the desk's (`expected`, the seam's codes joined by `,`): a language
/// missing from a ruleset would leave its words untranslated, one only the ruleset has would never be shown.
pub fn require_languages(found: &[String], expected: &str) -> Result<(), Stop> {
    let expected: Vec<&str> = expected.split(',').filter(|code| !code.is_empty()).collect();
    let missing: Vec<&str> = expected.iter().copied().filter(|code| !found.iter().any(|f| f == code)).collect();
    let extra: Vec<&str> = found.iter().map(String::as_str).filter(|code| !expected.contains(code)).collect();
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    Err(Stop(format!(
        "the ruleset's locale folders do not match the desk's languages ({}): missing {missing:?}, not the desk's {extra:?}",
        expected.join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ruleset_has_exactly_the_desks_languages() {
        let found = |codes: &[&str]| codes.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>();
        assert!(require_languages(&found(&["en", "fr", "it"]), "en,fr,it").is_ok());
        let missing = require_languages(&found(&["en", "it"]), "en,fr,it").expect_err("no French");
        assert!(missing.0.contains("missing [\"fr\"]"), "{}", missing.0);
        let extra = require_languages(&found(&["de", "en", "fr", "it"]), "en,fr,it").expect_err("German");
        assert!(extra.0.contains("not the desk's [\"de\"]"), "{}", extra.0);
    }

    #[test]
    fn a_ruleset_file_outside_its_namespace_is_named() {
        let mut problems = Vec::new();
        let texts = read_file("en/tre.ftl", "tre-name = Tre\nfimj-name = FIMJ\n", Some("tre"), &mut problems);
        assert_eq!(texts.len(), 2);
        assert_eq!(problems, ["en/tre.ftl: `fimj-name` must start with `tre-`"]);
    }
}
