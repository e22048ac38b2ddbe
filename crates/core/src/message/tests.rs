//! Every message the code names exists in Italian and in English, with the same placeholders; a text missing in
//! Italian fails here instead of showing English (or a bare key) in the Italian desk.

use std::collections::BTreeSet;
use std::path::Path;

use super::*;

/// A key the code uses and the placeholders its call fills.
struct Use {
    key: String,
    args: Vec<String>,
    place: String,
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text of a call's arguments after its opening parenthesis, up to the matching one.
fn call_arguments(rest: &str) -> &str {
    let mut depth = 1;
    for (i, c) in rest.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return &rest[..i];
                }
            }
            _ => {}
        }
    }
    rest
}

fn is_key(text: &str) -> bool {
    text.contains('.') && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.')
}

/// Every `msg!("key", a = …)`, `Message::new("key")` and `tr("key")` in the sources.
fn uses() -> Vec<Use> {
    let mut files = Vec::new();
    // The core's sources, the store's and the shell's (the workspace root's `src`): the texts live here, their
    // uses in all three.
    let core = Path::new(env!("CARGO_MANIFEST_DIR"));
    rust_files(&core.join("src"), &mut files);
    rust_files(&core.join("../store/src"), &mut files);
    rust_files(&core.join("../desk/src"), &mut files);
    rust_files(&core.join("../ui/src"), &mut files);
    rust_files(&core.join("../../src"), &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source readable");
        for opener in ["msg!(\"", "Message::new(\"", "tr(\""] {
            for (at, _) in text.match_indices(opener) {
                let rest = &text[at + opener.len()..];
                let Some(end) = rest.find('"') else { continue };
                let key = &rest[..end];
                if !is_key(key) {
                    continue;
                }
                let args = if opener == "msg!(\"" {
                    call_arguments(&rest[end + 1..])
                        .split(',')
                        .filter_map(|part| part.split_once('=').map(|(name, _)| name.trim().to_owned()))
                        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
                        .collect()
                } else {
                    Vec::new()
                };
                let line = text[..at].lines().count();
                found.push(Use { key: key.to_owned(), args, place: format!("{}:{line}", file.display()) });
            }
        }
    }
    found
}

fn placeholders(text: &str) -> BTreeSet<String> {
    text.split('{').skip(1).filter_map(|part| part.split_once('}').map(|(name, _)| name.to_owned())).collect()
}

#[test]
fn every_message_the_code_names_is_in_both_languages_with_the_same_placeholders() {
    let uses = uses();
    assert!(uses.len() > 200, "the scan found only {} uses", uses.len());
    let mut problems = Vec::new();
    for found in &uses {
        let italian = crate::_RUST_I18N_BACKEND.translate("it", &found.key);
        let english = crate::_RUST_I18N_BACKEND.translate("en", &found.key);
        let (Some(italian), Some(english)) = (italian, english) else {
            problems.push(format!(
                "{}: `{}` missing in it: {}, en: {}",
                found.place,
                found.key,
                italian.is_none(),
                english.is_none()
            ));
            continue;
        };
        if placeholders(italian) != placeholders(english) {
            problems.push(format!(
                "{}: `{}` has placeholders {:?} in Italian, {:?} in English",
                found.place,
                found.key,
                placeholders(italian),
                placeholders(english)
            ));
        }
        for arg in &found.args {
            if !placeholders(english).contains(arg) {
                problems
                    .push(format!("{}: `{}` is given {{{arg}}}, which its text does not use", found.place, found.key));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every text of a locale file, by its dotted key.
fn locale_texts(lang: &str) -> std::collections::BTreeMap<String, String> {
    fn flatten(prefix: &str, value: &serde_yaml::Value, out: &mut std::collections::BTreeMap<String, String>) {
        match value {
            serde_yaml::Value::Mapping(map) => {
                for (key, value) in map {
                    let key = key.as_str().expect("keys are text");
                    let path = if prefix.is_empty() { key.to_owned() } else { format!("{prefix}.{key}") };
                    flatten(&path, value, out);
                }
            }
            serde_yaml::Value::String(text) => {
                out.insert(prefix.to_owned(), text.clone());
            }
            other => panic!("{prefix}: a text must be a string, not {other:?}"),
        }
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/locales/{lang}.yml"));
    let text = std::fs::read_to_string(&path).expect("locale file");
    let value: serde_yaml::Value = serde_yaml::from_str(&text).expect("valid YAML");
    let mut out = std::collections::BTreeMap::new();
    flatten("", &value, &mut out);
    out
}

/// Every key of either locale file — those the code builds at run time too (`nav.{screen}`, `wind.{w}`), which
/// no scan of the sources can find — is in both, with the same placeholders, and the compiled table has it: with
/// no fallback language, this is what keeps English (or a bare key) out of the Italian desk.
#[test]
fn every_text_of_either_language_is_in_both_with_the_same_placeholders() {
    let italian = locale_texts("it");
    let english = locale_texts("en");
    assert!(english.len() > 500, "only {} texts read", english.len());
    let mut problems = Vec::new();
    for key in english.keys().filter(|k| !italian.contains_key(*k)) {
        problems.push(format!("`{key}` is missing in Italian"));
    }
    for key in italian.keys().filter(|k| !english.contains_key(*k)) {
        problems.push(format!("`{key}` is missing in English"));
    }
    for (key, it) in &italian {
        let Some(en) = english.get(key) else { continue };
        if placeholders(it) != placeholders(en) {
            problems.push(format!(
                "`{key}`: placeholders {:?} in Italian, {:?} in English",
                placeholders(it),
                placeholders(en)
            ));
        }
        for lang in ["it", "en"] {
            if crate::_RUST_I18N_BACKEND.translate(lang, key).is_none() {
                problems.push(format!("`{key}` is not in the compiled {lang} table"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_message_is_rendered_in_each_language_with_its_arguments() {
    let message = msg!("error.player.duplicate", name = "Anna Rossi");
    assert_eq!(message.render(Lang::It), "«Anna Rossi» è già iscritto a questo torneo");
    assert_eq!(message.render(Lang::En), "“Anna Rossi” is already registered in this tournament");
    assert_eq!(message.to_string(), message.render(Lang::En));
    let nested = msg!("error.io.at", path = "/tmp/x.csv").arg_message("why", msg!("error.io.permission"));
    assert!(nested.render(Lang::It).contains("permesso"), "{}", nested.render(Lang::It));
    assert!(nested.render(Lang::En).contains("permission"), "{}", nested.render(Lang::En));
    assert_eq!(Message::both("sì", "yes").render(Lang::It), "sì");
}
