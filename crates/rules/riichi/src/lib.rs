//! Japanese Riichi under the EMA *Riichi Competition Rules* (RCR 2016): `docs/rules/riichi-ema.md`.
//!
//! Two layers. The evaluator of one winning hand — its readings, yaku, dora, fu, limit and payments — knows
//! nothing about manches, tables or text: every answer and every refusal is typed data. The ruleset
//! ([`Riichi`]) reads a hand (kyoku) out of the desk's input, settles it (several winners, counters,
//! deposits, exhaustive draws, chombo), says who deals next and carries the game from hand to hand.
//!
//! The entry points are [`parse_win`] (the notation of `shared/rules/notation.md`, a red five written `0`)
//! and [`evaluate`]; [`random`] makes random valid wins for the differential test against the `mahjong`
//! library (`scripts/riichi_reference.py`).
//!
//! Speed: a hand is a fixed array of 34 counts and every reading lives in fixed-size arrays, so an evaluation
//! allocates nothing.

#![warn(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

mod cost;
mod evaluate;
mod fu;
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
mod settle;
mod tiles;
mod totals;
mod yaku;

#[cfg(test)]
mod tests;

pub use cost::{Limit, Payments};
pub use evaluate::{Refusal, Score, evaluate};
pub use fu::FuPart;
pub use input::{Conflict, KazoeLimit, Options, RiichiKind, Situation, Win, WinningHand};
pub use manche::ID;
pub use options::{Chombo, Entry, Kazoe, LeftoverPot, MultipleRon, RiichiOptions};
pub use outcome::yaku_id;
pub use parse::{ParseError, parse_tile, parse_win};
pub use reading::Wait;
pub use ruleset::{Game, Riichi};
pub use tiles::{RED_FIVE_DIGIT, RedFives, dora_after, strip_red_fives, write_tile};
pub use yaku::Yaku;
