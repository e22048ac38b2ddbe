//! The options of modern American play (`shared/rules/nmjl.md`): payments or tournament points, the deal's
//! rotation in club play, and the tournament convention's figures (the digest marks them *configurable*).

use serde::{Deserialize, Serialize};

use stecca_seam::message::Message;
use stecca_seam::rules::option_errors;

/// What a game gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Club play: the losers pay the winner (the default).
    #[default]
    Payments,
    /// Tournament convention: each game gives points.
    Tournament,
}

/// Who deals the next game in club play (tournament play always passes the deal).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealRotation {
    /// East passes to the right after every game (the default).
    #[default]
    EveryGame,
    /// East deals again after winning (a house rule of some clubs).
    EastKeepsOnWin,
}

/// The tournament convention's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TournamentPoints {
    /// Bonus for a self-picked Mah Jongg (10).
    pub self_picked: u64,
    /// Bonus for a jokerless hand (20).
    pub jokerless: u64,
    /// The discarder's loss when the winner had 0 or 1 exposures (10).
    pub discarder_up_to_one_exposure: u64,
    /// The discarder's loss when the winner had 2 exposures (20).
    pub discarder_two_exposures: u64,
    /// The discarder's loss when the winner had 3 or more exposures (25).
    pub discarder_three_exposures: u64,
    /// A wall game's points for every player whose hand is not dead (10).
    pub wall_game: u64,
}

impl Default for TournamentPoints {
    fn default() -> Self {
        TournamentPoints {
            self_picked: 10,
            jokerless: 20,
            discarder_up_to_one_exposure: 10,
            discarder_two_exposures: 20,
            discarder_three_exposures: 25,
            wall_game: 10,
        }
    }
}

impl TournamentPoints {
    /// What the discarder loses when the winner had `exposures` groups exposed.
    pub fn discarder_loss(&self, exposures: u32) -> u64 {
        match exposures {
            0 | 1 => self.discarder_up_to_one_exposure,
            2 => self.discarder_two_exposures,
            _ => self.discarder_three_exposures,
        }
    }
}

/// Every option, as a tournament stores it and `stecca score` reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct NmjlOptions {
    /// Chips or points each player starts with (0: standings show the sum of the games).
    pub starting_points: i64,
    /// Payments or tournament points.
    pub mode: Mode,
    /// The deal's rotation in club play.
    pub rotation: DealRotation,
    /// The tournament convention's figures.
    pub tournament: TournamentPoints,
}

/// Largest figure accepted for an option (values beyond it are typing mistakes).
pub const MAX_FIGURE: u64 = 10_000;

impl NmjlOptions {
    /// Reads and checks an `options` object (`null` and `{}` are the defaults).
    pub fn from_json(value: &serde_json::Value) -> Result<NmjlOptions, Message> {
        let options: NmjlOptions = stecca_seam::rules::options_from_json(value)?;
        options.check()?;
        Ok(options)
    }

    /// Checks every figure.
    pub fn check(&self) -> Result<(), Message> {
        if self.starting_points < 0 {
            return Err(option_errors::not_negative("options.starting_points", self.starting_points));
        }
        let t = &self.tournament;
        for (name, value) in [
            ("self_picked", t.self_picked),
            ("jokerless", t.jokerless),
            ("discarder_up_to_one_exposure", t.discarder_up_to_one_exposure),
            ("discarder_two_exposures", t.discarder_two_exposures),
            ("discarder_three_exposures", t.discarder_three_exposures),
            ("wall_game", t.wall_game),
        ] {
            if value > MAX_FIGURE {
                return Err(option_errors::at_most(&format!("options.tournament.{name}"), MAX_FIGURE, value));
            }
        }
        Ok(())
    }

    /// Whether the deal passes after every game: always in tournament play, by the club's choice otherwise.
    pub fn deal_always_passes(&self) -> bool {
        self.mode == Mode::Tournament || self.rotation == DealRotation::EveryGame
    }

    /// The mode in words, for headings.
    pub fn describe(&self) -> Message {
        match self.mode {
            Mode::Payments => crate::msg!("nmjl.edition.payments"),
            Mode::Tournament => crate::msg!("nmjl.edition.tournament"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_are_the_digest_figures() {
        let options = NmjlOptions::from_json(&json!({})).expect("defaults");
        assert_eq!(options.mode, Mode::Payments);
        let t = options.tournament;
        assert_eq!((t.self_picked, t.jokerless, t.wall_game), (10, 20, 10));
        assert_eq!((t.discarder_loss(0), t.discarder_loss(1), t.discarder_loss(2)), (10, 10, 20));
        assert_eq!((t.discarder_loss(3), t.discarder_loss(4)), (25, 25));
    }

    #[test]
    fn tournament_play_always_passes_the_deal() {
        let club = NmjlOptions::from_json(&json!({"rotation": "east_keeps_on_win"})).expect("club");
        assert!(!club.deal_always_passes());
        let tournament =
            NmjlOptions::from_json(&json!({"mode": "tournament", "rotation": "east_keeps_on_win"})).expect("t");
        assert!(tournament.deal_always_passes());
        assert!(NmjlOptions::default().deal_always_passes());
    }

    #[test]
    fn bad_options_name_the_field() {
        for (options, field) in [
            (json!({"mode": "league"}), "options.mode"),
            (json!({"tournament": {"wall_game": 20000}}), "options.tournament.wall_game"),
            (json!({"tournament": {"bonus": 1}}), "options.tournament"),
            (json!({"starting_points": -1}), "options.starting_points"),
        ] {
            let error = NmjlOptions::from_json(&options).expect_err("refused");
            assert!(error.render(stecca_seam::i18n::Lang::ENGLISH).contains(field), "{options}: {error}");
        }
    }
}
