//! The options of the classic American rules (`shared/rules/classic-american.md`, "Options chosen before
//! play"), with the digest's defaults. Unknown keys and bad values are refused by name.

use serde::{Deserialize, Deserializer, Serialize};

use stecca_seam::message::Message;
use stecca_seam::rules::option_errors;

/// Which code is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// Babcock's *Rules of Mah-Jongg*, 1923 (the "red book").
    Lrb,
    /// *The American Code of Laws for Mah-Jongg*, 1924.
    #[default]
    Tacolfmj,
}

/// The TACOLFMJ game types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameType {
    /// Any hand may go Mah Jong.
    #[default]
    Mixed,
    /// Only one suit plus honours, one suit, or all honours may go Mah Jong.
    Cleared,
    /// The winning hand must hold at least one double (own flowers not counting).
    OneDouble,
}

/// How each payment is rounded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentRounding {
    /// No rounding (the codes' rule).
    #[default]
    Exact,
    /// To the nearest ten, as many clubs do.
    NearestTen,
}

/// Every option, as a tournament stores it and `stecca score` reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClassicOptions {
    /// Chips each player starts with.
    pub starting_points: i64,
    /// LRB or TACOLFMJ.
    pub edition: Edition,
    /// TACOLFMJ game type (LRB plays the mixed column).
    pub game_type: GameType,
    /// LRB's optional rule: only a cleared hand may go Mah Jong.
    pub lrb_cleared_required: bool,
    /// The limit: absent = the edition's (TACOLFMJ 500, LRB none); `null` = no limit; a number = that limit.
    #[serde(deserialize_with = "explicit_limit", skip_serializing_if = "Option::is_none")]
    pub limit: Option<Option<u64>>,
    /// What a limit hand is worth when no limit is in force (the players' agreed value).
    pub limit_hand_value: u64,
    /// Rounding of each payment.
    pub rounding: PaymentRounding,
}

/// `"limit": null` must stay distinguishable from an absent key.
fn explicit_limit<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Option<u64>>, D::Error> {
    Option::<u64>::deserialize(deserializer).map(Some)
}

impl Default for ClassicOptions {
    fn default() -> Self {
        ClassicOptions {
            starting_points: 2000,
            edition: Edition::Tacolfmj,
            game_type: GameType::Mixed,
            lrb_cleared_required: false,
            limit: None,
            limit_hand_value: 500,
            rounding: PaymentRounding::Exact,
        }
    }
}

/// The TACOLFMJ limit.
pub const TACOLFMJ_LIMIT: u64 = 500;
/// Largest limit or limit-hand value accepted.
pub const MAX_LIMIT: u64 = 1_000_000;

impl ClassicOptions {
    /// Reads and checks an `options` object (`null` and `{}` are the defaults).
    pub fn from_json(value: &serde_json::Value) -> Result<ClassicOptions, Message> {
        let options: ClassicOptions = stecca_seam::rules::options_from_json(value)?;
        options.check()?;
        Ok(options)
    }

    /// Checks every value and the combinations the digest refuses.
    pub fn check(&self) -> Result<(), Message> {
        if self.starting_points <= 0 {
            return Err(option_errors::positive("options.starting_points", self.starting_points));
        }
        if self.edition == Edition::Lrb && self.game_type != GameType::Mixed {
            let game_type = serde_json::to_value(self.game_type)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            return Err(msg!("classic_american.option_error.lrb_game_type", game_type = game_type));
        }
        if self.edition == Edition::Tacolfmj && self.lrb_cleared_required {
            return Err(msg!("classic_american.option_error.lrb_cleared_required"));
        }
        if let Some(Some(limit)) = self.limit
            && !(1..=MAX_LIMIT).contains(&limit)
        {
            return Err(msg!("classic_american.option_error.limit", max = MAX_LIMIT, value = limit));
        }
        if !(1..=MAX_LIMIT).contains(&self.limit_hand_value) {
            return Err(option_errors::in_range("options.limit_hand_value", 1, MAX_LIMIT, self.limit_hand_value));
        }
        Ok(())
    }

    /// The limit in force, if any.
    pub fn limit_in_force(&self) -> Option<u64> {
        match self.limit {
            Some(explicit) => explicit,
            None if self.edition == Edition::Tacolfmj => Some(TACOLFMJ_LIMIT),
            None => None,
        }
    }

    /// What a limit hand is worth: the limit in force, or the agreed value.
    pub fn limit_value(&self) -> u64 {
        self.limit_in_force().unwrap_or(self.limit_hand_value)
    }

    /// The game-type column scored: LRB always plays the mixed one.
    pub fn column(&self) -> GameType {
        match self.edition {
            Edition::Lrb => GameType::Mixed,
            Edition::Tacolfmj => self.game_type,
        }
    }

    /// Only a cleared hand (at most one suit) may go Mah Jong.
    pub fn cleared_required(&self) -> bool {
        match self.edition {
            Edition::Lrb => self.lrb_cleared_required,
            Edition::Tacolfmj => self.game_type == GameType::Cleared,
        }
    }

    /// The prevailing (round) wind counts like own wind (TACOLFMJ only).
    pub fn prevailing_wind_counts(&self) -> bool {
        self.edition == Edition::Tacolfmj
    }

    /// Edition and game type in words, for headings ("TACOLFMJ 1924 · partita mista").
    pub fn describe(&self) -> Message {
        let edition = match self.edition {
            Edition::Lrb => "LRB 1923 (Babcock)",
            Edition::Tacolfmj => "TACOLFMJ 1924",
        };
        let game = match self.column() {
            GameType::Mixed => msg!("classic_american.edition.mixed"),
            GameType::Cleared => msg!("classic_american.edition.cleared"),
            GameType::OneDouble => msg!("classic_american.edition.one_double"),
        };
        let heading = if self.edition == Edition::Lrb && self.lrb_cleared_required {
            msg!("classic_american.edition.with_cleared_required", edition = edition)
        } else {
            msg!("classic_american.edition.heading", edition = edition)
        };
        heading.arg_message("game", game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_limit_follows_the_edition_unless_set() {
        let tacolfmj = ClassicOptions::from_json(&json!({})).expect("defaults");
        assert_eq!(tacolfmj.limit_in_force(), Some(500));
        let lrb = ClassicOptions::from_json(&json!({"edition": "lrb"})).expect("lrb");
        assert_eq!((lrb.limit_in_force(), lrb.limit_value()), (None, 500));
        let none = ClassicOptions::from_json(&json!({"limit": null})).expect("no limit");
        assert_eq!(none.limit_in_force(), None);
        let lrb_capped = ClassicOptions::from_json(&json!({"edition": "lrb", "limit": 1000})).expect("lrb limit");
        assert_eq!(lrb_capped.limit_in_force(), Some(1000));
    }

    #[test]
    fn refused_combinations_name_the_option() {
        crate::texts::install();
        for (options, field) in [
            (json!({"edition": "lrb", "game_type": "cleared"}), "options.game_type"),
            (json!({"lrb_cleared_required": true}), "options.lrb_cleared_required"),
            (json!({"limit": 0}), "options.limit"),
            (json!({"limit_hand_value": 0}), "options.limit_hand_value"),
            (json!({"starting_points": -5}), "options.starting_points"),
            (json!({"edition": "wwmj"}), "edition"),
            (json!({"colour": 1}), "colour"),
        ] {
            let error = ClassicOptions::from_json(&options).expect_err("refused");
            assert!(error.render(stecca_seam::i18n::Lang::ENGLISH).contains(field), "{options}: {error}");
        }
    }
}
