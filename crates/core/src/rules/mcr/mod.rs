//! Chinese Official / MCR (*Mahjong Competition Rules*, 2006) winning hands: `docs/rules/mcr.md`.
//!
//! A pure evaluator, like the Riichi one: the winner's tiles and the circumstances of the win go in
//! ([`WinningHand`], [`Situation`], [`Options`]); the fan found, their points and whether the hand reaches the
//! 8-point minimum come out ([`Score`]), or a typed [`Refusal`]. No text, no desk, no ruleset yet.
//!
//! Every reading of the tiles is scored — four sets and a pair, Seven Pairs, Thirteen Orphans, the Honors and
//! Knitted Tiles hands, a Knitted Straight with a set and a pair — and the one worth most is kept (MCR
//! §3.9.1.5). [`random`] makes random valid wins for the differential test against PyMahjongGB
//! (`scripts/mcr_reference.py`, [`reference`]).

mod evaluate;
mod fan;
mod input;
mod parse;
pub mod random;
mod reading;
pub mod reference;
mod sets;

#[cfg(test)]
mod tests;

pub use evaluate::{MINIMUM, Refusal, Score, evaluate};
pub use fan::Fan;
pub use input::{ConcealedSelfDraw, Conflict, NineGatesPungs, Options, Situation, WinningHand};
pub use parse::{ParseError, parse_win};
