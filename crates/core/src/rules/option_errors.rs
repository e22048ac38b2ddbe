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

#[cfg(test)]
mod tests {
    use crate::i18n::Lang;
    use crate::message::Explain;
    use crate::rules::ruleset;

    /// An option a referee may set out of range is refused in the referee's language, its path named.
    #[test]
    fn a_refused_option_is_said_in_both_languages() {
        let fimj = ruleset("fimj").expect("fimj");
        let error = fimj.check_options(&serde_json::json!({"limits": {"coppie": 0}})).expect_err("out of range");
        let italian = error.message().render(Lang::ITALIAN);
        assert!(italian.contains("options.limits.coppie: deve essere tra 1 e 1000000, non 0"), "{italian}");
        let english = error.message().render(Lang::ENGLISH);
        assert!(english.contains("options.limits.coppie: must be between 1 and 1000000, got 0"), "{english}");
        let classic = ruleset("classic_american").expect("classic");
        let error = classic.check_options(&serde_json::json!({"edition": "tacolfmj", "lrb_cleared_required": true}));
        let italian = error.expect_err("an LRB rule").message().render(Lang::ITALIAN);
        assert!(italian.contains("è una regola LRB"), "{italian}");
        let mayumi = ruleset("mayumi").expect("mayumi");
        let error = mayumi.check_options(&serde_json::json!({"cards": {"13L": 10}})).expect_err("no month 13");
        let italian = error.message().render(Lang::ITALIAN);
        assert!(italian.starts_with("options.cards: 13L: "), "{italian}");
    }
}
