//! The options a Riichi tournament sets (`docs/rules/riichi-ema.md`: every *configurable* point, its default
//! the RCR 2016 reading), as the tournament's `options` object.

use serde::{Deserialize, Serialize};

use stecca_seam::message::Message;
use stecca_seam::rules::option_errors;

use super::input::{KazoeLimit, Options};

/// What 13 han or more without a yakuman pay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kazoe {
    /// Sanbaiman (RCR 2016).
    #[default]
    Sanbaiman,
    /// A counted yakuman.
    Yakuman,
}

/// Several winners on one discard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MultipleRon {
    /// Every winner is paid (RCR 2016 §3.3.1).
    #[default]
    All,
    /// Only the first winner after the discarder wins (head bump).
    HeadBump,
}

/// How a chombo is paid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chombo {
    /// Deducted from the offender's tournament result after uma, off the table's scores (RCR §3.4.6).
    #[default]
    Tournament,
    /// A reverse mangan paid at the table (outside tournaments).
    Table,
}

/// What happens to riichi deposits still on the table when the game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftoverPot {
    /// The first-placed player takes them; equal first places split them (RCR §3.6).
    #[default]
    First,
    /// Nobody takes them.
    None,
}

/// How the tournament enters its games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// Hand by hand: every hand's tiles or han and fu.
    #[default]
    Hands,
    /// The game's final scores and chombos only.
    Totals,
}

/// The options object of a Riichi tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RiichiOptions {
    /// Points each player starts the game with (RCR: 30,000; no oka).
    pub starting_points: i64,
    /// Red fives in play, one per suit at most (RCR 2016: 0).
    pub red_fives: u8,
    /// Kiriage mangan: 4 han 30 fu and 3 han 60 fu are paid as mangan (RCR: no).
    pub kiriage: bool,
    /// Tanyao on an open hand (RCR 2016: yes).
    pub open_tanyao: bool,
    /// Fu of a pair of a wind both seat and round wind (RCR: 4).
    pub double_wind_pair_fu: u8,
    /// 13 han or more without a yakuman.
    pub kazoe: Kazoe,
    /// Several winners on one discard.
    pub multiple_ron: MultipleRon,
    /// How a chombo is paid.
    pub chombo: Chombo,
    /// Points a chombo costs in the tournament result (RCR: 20,000).
    pub chombo_points: u32,
    /// Deposits left on the table at the end of the game.
    pub leftover_pot: LeftoverPot,
    /// How the games are entered.
    pub entry: Entry,
}

impl Default for RiichiOptions {
    fn default() -> Self {
        RiichiOptions {
            starting_points: 30_000,
            red_fives: 0,
            kiriage: false,
            open_tanyao: true,
            double_wind_pair_fu: 4,
            kazoe: Kazoe::Sanbaiman,
            multiple_ron: MultipleRon::All,
            chombo: Chombo::Tournament,
            chombo_points: 20_000,
            leftover_pot: LeftoverPot::First,
            entry: Entry::Hands,
        }
    }
}

impl RiichiOptions {
    /// Range checks serde cannot express, naming the option.
    pub fn check(&self) -> Result<(), Message> {
        if !(0..=1_000_000).contains(&self.starting_points) || self.starting_points % 100 != 0 {
            return Err(crate::msg!("riichi.error.option_starting_points", value = self.starting_points));
        }
        if self.red_fives > 1 {
            return Err(option_errors::in_range("options.red_fives", 0, 1, self.red_fives));
        }
        if !matches!(self.double_wind_pair_fu, 2 | 4) {
            return Err(option_errors::in_range("options.double_wind_pair_fu", 2, 4, self.double_wind_pair_fu));
        }
        if self.chombo_points > 100_000 || self.chombo_points % 100 != 0 {
            return Err(crate::msg!("riichi.error.option_chombo_points", value = self.chombo_points));
        }
        Ok(())
    }

    /// The evaluator's options.
    pub fn evaluator(&self) -> Options {
        Options {
            kiriage: self.kiriage,
            red_fives: self.red_fives > 0,
            open_tanyao: self.open_tanyao,
            double_wind_pair_fu: self.double_wind_pair_fu,
            kazoe: match self.kazoe {
                Kazoe::Sanbaiman => KazoeLimit::Sanbaiman,
                Kazoe::Yakuman => KazoeLimit::Yakuman,
            },
        }
    }
}
