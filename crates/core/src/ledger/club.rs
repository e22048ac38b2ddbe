//! What a club keeps: its settings (ruleset, chip value, table fee, starting chips) and its members' details,
//! each checked before anything is saved.

use serde::{Deserialize, Serialize};

use super::money::{Cents, ChipValue, MAX_AMOUNT, format_cents};
use crate::i18n::Lang;
use crate::message::Message;
use crate::msg;
use crate::tournament::registration::{control_character, name_problem, tidy};

/// A club's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClubSettings {
    /// Its name, printed on receipts and statements (unique among the clubs of a database).
    pub name: String,
    /// The ruleset its evenings are played by (an id of the registry).
    pub rules: String,
    /// What one chip is worth.
    pub chip_value: ChipValue,
    /// Charged to each member who sits at a table in an evening (zero: no fee).
    pub table_fee: Cents,
    /// The chips each seat starts with (final chip counts must add up to this × the seats).
    pub starting_chips: i64,
    /// A settle-up avoids transfers under this amount where another plan with as few transfers has none
    /// (zero: no preference). Changes no balance: only which proposal is shown.
    pub avoid_under: Cents,
}

/// Why `amount` cannot be a club's amount to avoid in settle-ups, if anything (at creation and when changed).
pub fn avoid_under_problem(amount: Cents) -> Option<Message> {
    (!(0..=MAX_AMOUNT).contains(&amount)).then(|| msg!("error.club.avoid_under"))
}

/// The most chips a seat can start with (keeps chip sums far inside `i64`).
pub const MAX_STARTING_CHIPS: i64 = 1_000_000_000;

impl ClubSettings {
    /// Why these settings cannot be saved, if anything.
    pub fn problem(&self) -> Option<Message> {
        if let Some(problem) = control_character(msg!("field.club"), &self.name) {
            return Some(problem);
        }
        let name = self.name.trim();
        if name.is_empty() {
            return Some(msg!("error.club.no_name"));
        }
        if name.chars().count() > 100 {
            return Some(msg!("error.club.long_name", start = name.chars().take(20).collect::<String>()));
        }
        if crate::rules::ruleset(&self.rules).is_none() {
            return Some(msg!("error.club.rules", rules = self.rules));
        }
        if !(0..=MAX_AMOUNT).contains(&self.table_fee) {
            return Some(msg!("error.club.fee"));
        }
        if let Some(problem) = avoid_under_problem(self.avoid_under) {
            return Some(problem);
        }
        if !(1..=MAX_STARTING_CHIPS).contains(&self.starting_chips) {
            return Some(msg!("error.club.starting_chips", max = MAX_STARTING_CHIPS));
        }
        None
    }
}

impl ClubSettings {
    /// One line for headings: the ruleset, what a chip is worth, the table fee and the starting chips.
    pub fn summary(&self, lang: Lang) -> String {
        let rules = crate::rules::ruleset(&self.rules).map(|r| r.name(lang)).unwrap_or_default();
        let money = msg!(
            "club.money_line",
            value = self.chip_value.to_text(&super::money::decimal_separator(lang)),
            fee = format_cents(self.table_fee, lang),
            start = self.starting_chips
        )
        .render(lang);
        format!("{rules} · {money}")
    }
}

/// What the club knows of a member.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberData {
    /// Full name, unique in the club.
    pub name: String,
    /// The club's member number (optional).
    pub number: String,
    /// Country.
    pub country: String,
    /// Federation id.
    pub federation_id: String,
}

impl MemberData {
    /// Why this member cannot be saved, if anything: the name is empty or too long, or a field holds a control
    /// character.
    pub fn problem(&self) -> Option<Message> {
        for (field, text) in [
            (msg!("field.name"), &self.name),
            (msg!("field.member_number"), &self.number),
            (msg!("field.country"), &self.country),
            (msg!("field.federation_id"), &self.federation_id),
        ] {
            if let Some(problem) = control_character(field, text) {
                return Some(problem);
            }
        }
        if let Some(problem) = name_problem(&self.name) {
            return Some(problem);
        }
        if self.number.trim().chars().count() > 30 {
            return Some(msg!("error.club.long_number", name = self.name.trim()));
        }
        None
    }

    /// The same with surrounding spaces removed, composed (NFC).
    pub fn trimmed(&self) -> MemberData {
        MemberData {
            name: tidy(&self.name),
            number: tidy(&self.number),
            country: tidy(&self.country),
            federation_id: tidy(&self.federation_id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> ClubSettings {
        ClubSettings {
            name: "Circolo del Drago".into(),
            rules: crate::rules::default_ruleset().id().into(),
            chip_value: ChipValue::parse("0.5").expect("0.5"),
            table_fee: 200,
            starting_chips: 4000,
            avoid_under: 100,
        }
    }

    #[test]
    fn club_settings_are_checked_field_by_field() {
        assert_eq!(settings().problem(), None);
        let cases = [
            (ClubSettings { name: "  ".into(), ..settings() }, "name"),
            (ClubSettings { rules: "poker".into(), ..settings() }, "poker"),
            (ClubSettings { table_fee: -1, ..settings() }, "fee"),
            (ClubSettings { starting_chips: 0, ..settings() }, "chips"),
            (ClubSettings { avoid_under: -1, ..settings() }, "under"),
            (ClubSettings { name: "Drago\u{1b}".into(), ..settings() }, "U+001B"),
        ];
        for (bad, word) in cases {
            let problem = bad.problem().map(|p| p.to_string()).unwrap_or_default();
            assert!(problem.contains(word), "{bad:?}: {problem}");
        }
    }

    #[test]
    fn members_need_a_name_and_clean_fields() {
        assert_eq!(MemberData { name: "Anna".into(), ..MemberData::default() }.problem(), None);
        assert!(MemberData::default().problem().is_some());
        let bad = MemberData { name: "Anna".into(), number: "12\n".into(), ..MemberData::default() };
        assert!(bad.problem().is_some_and(|p| p.to_string().contains("U+000A")));
    }
}
