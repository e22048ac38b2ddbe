//! Why a ruleset's options object is refused, in the referee's language: each message names the option's path
//! (`options.limits.coppie`) and says what it takes. A ruleset's own refusals (a combination its digest
//! forbids) are messages of its own locale file.

use crate::message::Message;
use crate::msg;

/// `path` must be more than zero.
pub fn positive(path: &str, value: impl std::fmt::Display) -> Message {
    msg!("manche.option.positive", path = path, value = value)
}

/// `path` must not be below zero.
pub fn not_negative(path: &str, value: impl std::fmt::Display) -> Message {
    msg!("manche.option.negative", path = path, value = value)
}

/// `path` must lie between `min` and `max`.
pub fn in_range(path: &str, min: u64, max: u64, value: impl std::fmt::Display) -> Message {
    msg!("manche.option.range", path = path, min = min, max = max, value = value)
}

/// `path` must not exceed `max`.
pub fn at_most(path: &str, max: u64, value: impl std::fmt::Display) -> Message {
    msg!("manche.option.at_most", path = path, max = max, value = value)
}

/// The options are not a JSON object.
pub fn not_an_object() -> Message {
    msg!("manche.option.not_object")
}

/// The options object cannot be read at `path` (`detail`: the JSON reader's own words, English).
pub fn unreadable(path: &str, detail: impl std::fmt::Display) -> Message {
    msg!("manche.option.unreadable", path = path, detail = detail)
}
