//! Reading and checking the desk's texts. One file of this code serves twice: the build script reads every
//! locale file of the core and of the shipped rulesets with it (a text missing in one language, or whose
//! placeholders differ between the two, fails the build), and the core checks a plug-in ruleset's texts with it
//! when the ruleset is registered.
//!
//! A locale file is YAML whose leaves are texts: `it.yml`/`en.yml` hold the core's texts; `<ns>.it.yml` and
//! `<ns>.en.yml` hold the texts of a ruleset whose id is `<ns>`, every key of which starts with `<ns>.` so that no
//! ruleset can shadow another's words or the core's.
//!
//! YAML is read by yaml-rust2 (maintained, pure Rust, YAML 1.2: `yes` is text; a key given twice is an error),
//! which replaced the deprecated serde_yaml: the files are a tree of texts, so its document model is all we need.

use std::collections::{BTreeMap, BTreeSet};

/// One text in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    /// Italian.
    pub it: String,
    /// English.
    pub en: String,
}

/// The `{name}` placeholders of a text; a noun that agrees with a count, `{name|one|other}`, is a placeholder
/// `name` too (see `Message::render`).
pub fn placeholders(text: &str) -> BTreeSet<String> {
    text.split('{')
        .skip(1)
        .filter_map(|part| {
            part.split_once('}').map(|(inside, _)| inside.split('|').next().unwrap_or(inside).to_owned())
        })
        .collect()
}

fn flatten(prefix: &str, value: &yaml_rust2::Yaml, out: &mut BTreeMap<String, String>, problems: &mut Vec<String>) {
    match value {
        yaml_rust2::Yaml::Hash(map) => {
            for (key, value) in map {
                let Some(key) = key.as_str() else {
                    problems.push(format!("{prefix}: a key must be text, not {key:?}"));
                    continue;
                };
                if key.is_empty() || !key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                    problems.push(format!("{prefix}.{key}: a key is lowercase letters, digits and `_`"));
                }
                let path = if prefix.is_empty() { key.to_owned() } else { format!("{prefix}.{key}") };
                flatten(&path, value, out, problems);
            }
        }
        yaml_rust2::Yaml::String(text) => {
            out.insert(prefix.to_owned(), text.clone());
        }
        other => problems.push(format!("{prefix}: a text must be a string, not {other:?}")),
    }
}

/// The texts of one locale file, by dotted key. `source` names the file in problems; `namespace`, when given,
/// is the prefix every key must carry.
pub fn read_file(
    source: &str,
    yaml: &str,
    namespace: Option<&str>,
    problems: &mut Vec<String>,
) -> BTreeMap<String, String> {
    let value = match yaml_rust2::YamlLoader::load_from_str(yaml) {
        // One document per file; an empty file holds none.
        Ok(mut documents) if documents.len() <= 1 => {
            documents.pop().unwrap_or(yaml_rust2::Yaml::Hash(Default::default()))
        }
        Ok(documents) => {
            problems.push(format!("{source}: {} YAML documents where one is read", documents.len()));
            return BTreeMap::new();
        }
        Err(error) => {
            problems.push(format!("{source}: not valid YAML: {error}"));
            return BTreeMap::new();
        }
    };
    let mut texts = BTreeMap::new();
    let mut found = Vec::new();
    flatten("", &value, &mut texts, &mut found);
    problems.extend(found.into_iter().map(|problem| format!("{source}: {problem}")));
    if let Some(namespace) = namespace {
        let prefix = format!("{namespace}.");
        for key in texts.keys().filter(|key| !key.starts_with(&prefix)) {
            problems.push(format!("{source}: `{key}` must start with `{prefix}`"));
        }
    }
    texts
}

/// Pairs the Italian and English texts: every key in both, with the same placeholders.
pub fn pair(
    italian: BTreeMap<String, String>,
    mut english: BTreeMap<String, String>,
    problems: &mut Vec<String>,
) -> BTreeMap<String, Pair> {
    let mut pairs = BTreeMap::new();
    for (key, it) in italian {
        let Some(en) = english.remove(&key) else {
            problems.push(format!("`{key}` is missing in English"));
            continue;
        };
        if placeholders(&it) != placeholders(&en) {
            problems.push(format!(
                "`{key}`: placeholders {:?} in Italian, {:?} in English",
                placeholders(&it),
                placeholders(&en)
            ));
        }
        pairs.insert(key, Pair { it, en });
    }
    problems.extend(english.into_keys().map(|key| format!("`{key}` is missing in Italian")));
    pairs
}
