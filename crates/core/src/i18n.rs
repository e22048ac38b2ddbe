//! The two languages of the desk and its printouts. Strings live in `assets/locales/{it,en}.yml` (rust-i18n); rules vocabulary
//! (manche, punti di stecca, raddoppi, massimi) stays Italian in both.

use crate::tiles::Wind;

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

    /// A wind's name.
    pub fn wind(self, wind: Wind) -> String {
        self.tr(match wind {
            Wind::East => "wind.east",
            Wind::South => "wind.south",
            Wind::West => "wind.west",
            Wind::North => "wind.north",
        })
    }

    /// A seat's name: its wind, or "Posto 2" / "Seat 2".
    pub fn seat(self, seat: crate::rules::SeatLabel) -> String {
        match seat {
            crate::rules::SeatLabel::Wind(wind) => self.wind(wind),
            crate::rules::SeatLabel::Number(n) => format!("{} {n}", self.tr("seat.number")),
        }
    }

    /// Picks the Italian or English text of a pair.
    pub fn pick<'a>(self, italian: &'a str, english: &'a str) -> &'a str {
        match self {
            Lang::It => italian,
            Lang::En => english,
        }
    }
}
