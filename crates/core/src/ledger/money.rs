//! Money in whole cents (never floating point), what a chip is worth, and the one rounding rule.
//!
//! **Rounding**: an evening's result in chips × the chip's value is rounded to the nearest cent, and an exact
//! half cent goes to the club — a winner's half is rounded down, a loser's up (round half toward minus
//! infinity). What rounding leaves over is the club kitty's: the kitty's balance is always minus the members'.

use thiserror::Error;

use crate::i18n::Lang;
use crate::message::{Explain, Message};
use crate::msg;

/// An amount of money in euro cents. Positive in a balance: the club owes the member.
pub type Cents = i64;

/// The largest amount the ledger keeps (one hundred billion euro): sums of thousands of entries stay far
/// inside `i64`.
pub const MAX_AMOUNT: Cents = 10_000_000_000_000;

/// Decimal places of a chip's value in cents ("0.5" cents, "0.0125" cents).
const CHIP_DECIMALS: u32 = 4;
const CHIP_SCALE: i64 = 10_i64.pow(CHIP_DECIMALS);

/// What one chip is worth, in ten-thousandths of a cent (exact for any value typed with up to four decimals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ChipValue(i64);

/// A money or chip-value field that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoneyError {
    /// Not an amount ("12,50", "-3", "0.5").
    #[error("{text:?} is not an amount")]
    NotAnAmount {
        /// What was typed.
        text: String,
    },
    /// More decimals than allowed.
    #[error("{text:?}: at most {decimals} decimals")]
    Decimals {
        /// What was typed.
        text: String,
        /// The most allowed.
        decimals: u32,
    },
    /// Out of the range the ledger keeps, or not above zero where it must be.
    #[error("{text:?} is out of range")]
    Range {
        /// What was typed.
        text: String,
    },
}

impl Explain for MoneyError {
    fn message(&self) -> Message {
        match self {
            MoneyError::NotAnAmount { text } => msg!("error.money.not_amount", text = text),
            MoneyError::Decimals { text, decimals } => msg!("error.money.decimals", text = text, decimals = decimals),
            MoneyError::Range { text } => msg!("error.money.range", text = text),
        }
    }
}

impl ChipValue {
    /// A chip worth `cents` whole cents.
    pub fn cents(cents: i64) -> ChipValue {
        ChipValue(cents.saturating_mul(CHIP_SCALE))
    }

    /// Reads a value in cents as typed: "0.5", "0,5", "2", "0.0125"; above zero, at most 4 decimals, at most
    /// 1000 euro a chip.
    pub fn parse(text: &str) -> Result<ChipValue, MoneyError> {
        let scaled = parse_decimal(text, CHIP_DECIMALS)?;
        if scaled <= 0 || scaled > 100_000 * CHIP_SCALE {
            return Err(MoneyError::Range { text: text.trim().to_owned() });
        }
        Ok(ChipValue(scaled))
    }

    /// The value in ten-thousandths of a cent (as stored).
    pub fn raw(self) -> i64 {
        self.0
    }

    /// The stored value back; `None` when it is not above zero.
    pub fn from_raw(raw: i64) -> Option<ChipValue> {
        (raw > 0).then_some(ChipValue(raw))
    }

    /// The value in cents as typed, with `separator` for decimals and no trailing zeros ("0,5").
    pub fn to_text(self, separator: &str) -> String {
        let whole = self.0 / CHIP_SCALE;
        let fraction = self.0 % CHIP_SCALE;
        if fraction == 0 {
            return whole.to_string();
        }
        let digits = format!("{fraction:04}");
        format!("{whole}{separator}{}", digits.trim_end_matches('0'))
    }

    /// `chips` chips in cents, rounded as this module states (a half cent goes to the club).
    pub fn to_cents(self, chips: i64) -> Cents {
        let exact = i128::from(chips) * i128::from(self.0);
        let scale = i128::from(CHIP_SCALE);
        // ⌈(exact − scale/2) / scale⌉: nearest, ties toward minus infinity.
        let shifted = exact - scale / 2;
        let rounded = -((-shifted).div_euclid(scale));
        rounded.clamp(-i128::from(MAX_AMOUNT), i128::from(MAX_AMOUNT)) as Cents
    }
}

/// Reads an amount of euro as typed ("12,50", "-3", "1.234,5" is refused: no thousands separators) in cents.
pub fn parse_cents(text: &str) -> Result<Cents, MoneyError> {
    let cents = parse_decimal(text, 2)?;
    if cents.abs() > MAX_AMOUNT {
        return Err(MoneyError::Range { text: text.trim().to_owned() });
    }
    Ok(cents)
}

/// `text` × 10^decimals as a whole number: an optional sign, digits, and at most `decimals` decimals after
/// "." or ",".
fn parse_decimal(text: &str, decimals: u32) -> Result<i64, MoneyError> {
    let trimmed = text.trim();
    let not_amount = || MoneyError::NotAnAmount { text: trimmed.to_owned() };
    let (negative, body) = match trimmed.strip_prefix(['-', '−']) {
        Some(rest) => (true, rest),
        None => (false, trimmed.strip_prefix('+').unwrap_or(trimmed)),
    };
    let (whole, fraction) = body.split_once(['.', ',']).unwrap_or((body, ""));
    let digits_only = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits_only(whole) || !digits_only(fraction) {
        return Err(not_amount());
    }
    if fraction.len() > decimals as usize {
        return Err(MoneyError::Decimals { text: trimmed.to_owned(), decimals });
    }
    // 18 digits at most: the value and its scaling stay inside i64.
    if whole.len() + decimals as usize > 18 {
        return Err(MoneyError::Range { text: trimmed.to_owned() });
    }
    let padded = format!("{whole}{fraction:0<width$}", width = decimals as usize);
    let value: i64 = padded.parse().map_err(|_| not_amount())?;
    Ok(if negative { -value } else { value })
}

/// The separator of decimals in `lang` (`,` in Italian, `.` in English): its locale files say.
pub fn decimal_separator(lang: Lang) -> String {
    lang.tr(crate::text_id!("number.decimal_separator"))
}

/// An amount for people: "1.234,50 €" in Italian, "€1,234.50" in English, a minus sign when negative. The
/// separators and where the euro goes are each language's texts.
pub fn format_cents(cents: Cents, lang: Lang) -> String {
    let thousands = lang.tr(crate::text_id!("number.thousands_separator"));
    let decimal = decimal_separator(lang);
    let magnitude = cents.unsigned_abs();
    let whole = (magnitude / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push_str(&thousands);
        }
        grouped.push(digit);
    }
    let sign = if cents < 0 { "−" } else { "" };
    let number = format!("{grouped}{decimal}{:02}", magnitude % 100);
    format!("{sign}{}", crate::msg!("money.amount", number = number).render(lang))
}

/// An amount for files (CSV): "-1234.50", no grouping, a point.
pub fn plain_cents(cents: Cents) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let magnitude = cents.unsigned_abs();
    format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_a_cent_a_chip_rounds_half_cents_toward_the_club() {
        let half = ChipValue::parse("0,5").expect("0,5");
        assert_eq!(half.to_cents(400), 200);
        assert_eq!(half.to_cents(-400), -200);
        // 1 chip = half a cent: the winner gets 0, the loser pays 1; the cent left is the kitty's.
        assert_eq!(half.to_cents(1), 0);
        assert_eq!(half.to_cents(-1), -1);
        assert_eq!(half.to_cents(3), 1);
        assert_eq!(half.to_cents(-3), -2);
        // Not a half: to the nearest either way.
        let third = ChipValue::parse("0.3").expect("0.3");
        assert_eq!(third.to_cents(2), 1); // 0.6
        assert_eq!(third.to_cents(-2), -1); // -0.6
        assert_eq!(third.to_cents(1), 0); // 0.3
        assert_eq!(third.to_cents(-1), 0); // -0.3
        assert_eq!(ChipValue::cents(2).to_cents(-7), -14);
    }

    #[test]
    fn chip_values_are_read_and_written_back() {
        for (text, raw, back) in
            [("0.5", 5000, "0,5"), ("2", 20_000, "2"), ("0,0125", 125, "0,0125"), ("10.25", 102_500, "10,25")]
        {
            let value = ChipValue::parse(text).expect(text);
            assert_eq!(value.raw(), raw, "{text}");
            assert_eq!(value.to_text(","), back);
        }
        assert_eq!(ChipValue::parse("0"), Err(MoneyError::Range { text: "0".into() }));
        assert_eq!(ChipValue::parse("-1"), Err(MoneyError::Range { text: "-1".into() }));
        assert_eq!(ChipValue::parse("0.00001"), Err(MoneyError::Decimals { text: "0.00001".into(), decimals: 4 }));
        assert_eq!(ChipValue::parse("mezzo"), Err(MoneyError::NotAnAmount { text: "mezzo".into() }));
    }

    #[test]
    fn amounts_are_read_in_cents_and_shown_in_each_language() {
        assert_eq!(parse_cents("12,50"), Ok(1250));
        assert_eq!(parse_cents("12.5"), Ok(1250));
        assert_eq!(parse_cents("-3"), Ok(-300));
        assert_eq!(parse_cents(" 0,07 "), Ok(7));
        assert!(matches!(parse_cents("1.234,50"), Err(MoneyError::NotAnAmount { .. })));
        assert!(matches!(parse_cents("12,505"), Err(MoneyError::Decimals { decimals: 2, .. })));
        assert!(matches!(parse_cents(""), Err(MoneyError::NotAnAmount { .. })));
        assert!(matches!(parse_cents("."), Err(MoneyError::NotAnAmount { .. })));
        assert!(matches!(parse_cents("99999999999999999999"), Err(MoneyError::Range { .. })));
        assert_eq!(format_cents(123_450, Lang::ITALIAN), "1.234,50 €");
        assert_eq!(format_cents(-123_450, Lang::ENGLISH), "−€1,234.50");
        assert_eq!(format_cents(5, Lang::ITALIAN), "0,05 €");
        let french = Lang::parse("fr").expect("French is a language of the desk");
        assert_eq!(format_cents(-123_450, french), "−1\u{a0}234,50 €");
        assert_eq!(plain_cents(-123_405), "-1234.05");
    }
}
