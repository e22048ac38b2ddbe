//! The two languages of the desk and its printouts. Strings live in `assets/locales/{it,en}.yml` (rust-i18n); rules vocabulary
//! (manche, punti di stecca, raddoppi, massimi) stays Italian in both.

/// A language of the desk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// Italiano (the default: the federation's language).
    #[default]
    It,
    /// English.
    En,
}

impl Lang {
    /// The locale code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::It => "it",
            Lang::En => "en",
        }
    }

    /// From a stored code; anything unknown is Italian.
    pub fn from_code(code: &str) -> Lang {
        if code == "en" { Lang::En } else { Lang::It }
    }

    /// The translation of `key`.
    pub fn tr(self, key: &str) -> String {
        rust_i18n::t!(key, locale = self.code()).into_owned()
    }

    /// Picks the Italian or English text of a pair.
    pub fn pick<'a>(self, italian: &'a str, english: &'a str) -> &'a str {
        match self {
            Lang::It => italian,
            Lang::En => english,
        }
    }
}
