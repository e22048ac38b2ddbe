//! The options an MCR tournament sets (`docs/rules/mcr.md`: every *configurable* point, its default the
//! digest's reading of the Green Book), as the tournament's `options` object.

use serde::{Deserialize, Serialize};

use stecca_seam::message::Message;

use super::input::{ConcealedSelfDraw, NineGatesPungs, Options};

/// Whether Nine Gates also takes Pung of Terminals or Honors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NineGatesTerminalPungs {
    /// None (WMCC 2006 ruling, App. 1 fan 4).
    #[default]
    None,
    /// All but one (as PyMahjongGB counts).
    AllButOne,
}

/// What a self-drawn hand that is concealed by definition (Nine Gates, Four Concealed Pungs, the special
/// shapes) takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConcealedSelfDrawn {
    /// Fully Concealed Hand, 4 (App. 1 notes).
    #[default]
    FullyConcealed,
    /// Self-Drawn, 1 (PyMahjongGB and Chinese practice).
    SelfDrawn,
}

/// The options object of an MCR tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct McrOptions {
    /// Nine Gates and Pung of Terminals or Honors.
    pub nine_gates_terminal_pungs: NineGatesTerminalPungs,
    /// Self-drawn hands concealed by definition.
    pub fully_concealed_with_concealed_hands: ConcealedSelfDrawn,
    /// What a False Hu costs its offender, paid in equal parts to the other three (EMA: 30, 10 each).
    pub false_hu_penalty: u32,
    /// The players change seats at each new round (MCR App. 4); otherwise the seats only turn with the deal.
    pub reseat_each_round: bool,
}

impl Default for McrOptions {
    fn default() -> Self {
        McrOptions {
            nine_gates_terminal_pungs: NineGatesTerminalPungs::None,
            fully_concealed_with_concealed_hands: ConcealedSelfDrawn::FullyConcealed,
            false_hu_penalty: 30,
            reseat_each_round: true,
        }
    }
}

impl McrOptions {
    /// Range checks serde cannot express, naming the option.
    pub fn check(&self) -> Result<(), Message> {
        // Paid in equal parts to three players: a multiple of 3 keeps every payment whole.
        if self.false_hu_penalty > 300 || self.false_hu_penalty % 3 != 0 {
            return Err(crate::msg!("mcr.error.option_false_hu_penalty", value = self.false_hu_penalty));
        }
        Ok(())
    }

    /// The evaluator's options.
    pub fn evaluator(&self) -> Options {
        Options {
            nine_gates_terminal_pungs: match self.nine_gates_terminal_pungs {
                NineGatesTerminalPungs::None => NineGatesPungs::None,
                NineGatesTerminalPungs::AllButOne => NineGatesPungs::AllButOne,
            },
            fully_concealed_with_concealed_hands: match self.fully_concealed_with_concealed_hands {
                ConcealedSelfDrawn::FullyConcealed => ConcealedSelfDraw::FullyConcealed,
                ConcealedSelfDrawn::SelfDrawn => ConcealedSelfDraw::SelfDrawn,
            },
        }
    }
}
