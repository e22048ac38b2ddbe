//! Chinese Official / MCR (*Mahjong Competition Rules*, 2006) winning hands: `docs/rules/mcr.md`.
//!
//! Two layers, like Riichi. The evaluator of one winning hand: the winner's tiles and the circumstances of the
//! win go in ([`WinningHand`], [`Situation`], [`Options`]); the fan found, their points and whether the hand
//! reaches the 8-point minimum come out ([`Score`]), or a typed [`Refusal`]; no text. The ruleset ([`Mcr`])
//! reads a hand out of the desk's input (the tiles, or the fan typed from the score sheet), settles it (8 +
//! points, False Hu, deductions), passes the deal after every hand and reseats the table at each round.
//!
//! Every reading of the tiles is scored — four sets and a pair, Seven Pairs, Thirteen Orphans, the Honors and
//! Knitted Tiles hands, a Knitted Straight with a set and a pair — and the one worth most is kept (MCR
//! §3.9.1.5). [`random`] makes random valid wins for the differential test against PyMahjongGB
//! (`scripts/mcr_reference.py`, [`reference`]).

#![warn(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

mod evaluate;
mod fan;
mod input;
pub mod manche;
mod options;
mod outcome;
mod parse;
pub mod random;
mod random_manche;
mod reading;
pub mod reference;
mod ruleset;
mod sets;
mod settle;
pub mod sheet;

#[cfg(test)]
mod tests;

pub use evaluate::{MINIMUM, Refusal, Score, evaluate};
pub use fan::Fan;
pub use input::{ConcealedSelfDraw, Conflict, NineGatesPungs, Options, Situation, WinningHand};
pub use manche::ID;
pub use options::{ConcealedSelfDrawn, McrOptions, NineGatesTerminalPungs};
pub use outcome::fan_label;
pub use parse::{ParseError, parse_win};
pub use ruleset::Mcr;
