//! The languages of the desk and its printouts. A language is a folder of Fluent files named by its code
//! (`assets/locales/<code>/` for the desk's texts, `crates/rules/<id>/locales/<code>/` for each ruleset's),
//! compiled into [`crate::i18n::texts`] and into each ruleset crate: adding one touches no code. Rules
//! vocabulary (manche, punti di stecca, raddoppi, massimi) stays Italian in every language.

pub mod texts;

use texts::LANGUAGES;

/// A language of the desk: one of the folders the build found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(u8);

/// The position of `code` in [`LANGUAGES`]; a compile error where a language the build did not find is named.
const fn position(code: &str) -> u8 {
    let code = code.as_bytes();
    let mut i = 0;
    while i < LANGUAGES.len() {
        let found = LANGUAGES[i].code.as_bytes();
        if found.len() == code.len() {
            let mut j = 0;
            while j < code.len() && found[j] == code[j] {
                j += 1;
            }
            if j == code.len() {
                // The build makes at most a few languages; an index past 255 would fail the build's own check.
                #[allow(clippy::cast_possible_truncation, reason = "LANGUAGES has far fewer than 256 entries")]
                return i as u8;
            }
        }
        i += 1;
    }
    #[allow(clippy::panic, reason = "a panic in const evaluation is how a missing language becomes a compile error")]
    {
        panic!("no locale folder has this language")
    }
}

impl Lang {
    /// Italiano: the federation's language, the desk's default.
    pub const ITALIAN: Lang = Lang(position("it"));
    /// English: the command line's language unless `--lang` or the locale says otherwise, and the language a
    /// text given as data is read in when it is not given in the reader's.
    pub const ENGLISH: Lang = Lang(position("en"));

    /// Every language of the desk, ordered by code.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..LANGUAGES.len()).filter_map(|i| u8::try_from(i).ok()).map(Lang)
    }

    /// The position among [`Lang::all`] (for a table with one entry a language).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The locale code (`it`, `en`, `fr`).
    pub fn code(self) -> &'static str {
        LANGUAGES.get(self.index()).map_or("it", |language| language.code)
    }

    /// The language with this code (`fr`, also `fr-CH` or `FR`), if the desk speaks it.
    pub fn parse(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or_default();
        Lang::all().find(|lang| lang.code().eq_ignore_ascii_case(primary))
    }

    /// From a stored code; anything unknown is the default, Italian.
    pub fn from_code(code: &str) -> Lang {
        Lang::parse(code).unwrap_or_default()
    }

    /// The language a browser asks for first among those the desk speaks, from its `Accept-Language` header
    /// (`fr-CH, fr;q=0.9, en;q=0.8`): by weight, then in the order written.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut asked: Vec<(u16, usize, Lang)> = header
            .split(',')
            .enumerate()
            .filter_map(|(order, item)| {
                let mut parts = item.split(';');
                let lang = Lang::parse(parts.next()?)?;
                let weight = parts
                    .find_map(|part| part.trim().strip_prefix("q="))
                    .map_or(1000, |q| q.trim().parse::<f32>().map_or(0, |q| (q.clamp(0.0, 1.0) * 1000.0) as u16));
                (weight > 0).then_some((weight, order, lang))
            })
            .collect();
        asked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        asked.first().map(|&(_, _, lang)| lang)
    }

    /// The language's own name ("Français"), as its menu entry shows it.
    pub fn name(self) -> String {
        self.tr(crate::text_id!("language.name"))
    }

    /// The text of `key` in this language; a key no locale file has reads as itself (ids written in the code
    /// are checked when it compiles: see [`crate::text_id!`]).
    pub fn tr(self, key: &str) -> String {
        crate::i18n::texts::render(key, self, &[]).unwrap_or_else(|| key.to_owned())
    }
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::ITALIAN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browser_gets_the_language_it_weighs_most_among_those_the_desk_speaks() {
        assert_eq!(Lang::from_accept_language("en-GB,en;q=0.9,it;q=0.8"), Some(Lang::ENGLISH));
        assert_eq!(Lang::from_accept_language("de-DE, it;q=0.5, en;q=0.7"), Some(Lang::ENGLISH));
        assert_eq!(Lang::from_accept_language("it;q=0.2, EN;q=0"), Some(Lang::ITALIAN));
        assert_eq!(Lang::from_accept_language("de, ja"), None);
        assert_eq!(Lang::from_accept_language(""), None);
        assert_eq!(Lang::parse("it_IT"), Some(Lang::ITALIAN));
        assert_eq!(Lang::from_code("xx"), Lang::ITALIAN);
    }

    #[test]
    fn every_language_names_itself() {
        assert_eq!(Lang::ITALIAN.name(), "Italiano");
        assert_eq!(Lang::ENGLISH.name(), "English");
        assert!(Lang::all().all(|lang| !lang.name().is_empty() && lang.name() != "language.name"));
    }
}
