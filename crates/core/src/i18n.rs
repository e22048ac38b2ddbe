//! The two languages of the desk and its printouts. Texts live in the locale files (`assets/locales/{it,en}.yml`
//! and each ruleset's beside its code), compiled into [`crate::message::table`]; rules vocabulary (manche, punti
//! di stecca, raddoppi, massimi) stays Italian in both.

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

    /// The text of `key` in this language; a key no locale file has reads as itself (ids written in the code
    /// are checked when it compiles: see [`crate::text_id!`]).
    pub fn tr(self, key: &str) -> String {
        crate::message::table::lookup(key, self == Lang::It).unwrap_or_else(|| key.to_owned())
    }
}
