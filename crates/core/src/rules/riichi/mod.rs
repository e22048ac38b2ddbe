//! Japanese Riichi under the EMA *Riichi Competition Rules* (RCR 2016): the pure evaluator of one winning
//! hand — its readings, yaku, dora, fu, limit and payments. Nothing here knows about manches, tables or text;
//! every answer and every refusal is typed data (the ruleset's registration turns them into messages).
//!
//! The entry points are [`parse_win`] (the notation of `shared/rules/notation.md`, a red five written `0`)
//! and [`evaluate`]; [`random`] makes random valid wins for the differential test against the `mahjong`
//! library (`scripts/riichi_reference.py`).
//!
//! Speed: a hand is a fixed array of 34 counts and every reading lives in fixed-size arrays, so an evaluation
//! allocates nothing.

mod cost;
mod evaluate;
mod fu;
mod input;
mod parse;
pub mod random;
mod reading;
pub mod reference;
mod tiles;
mod yaku;

#[cfg(test)]
mod tests;

pub use cost::{Limit, Payments};
pub use evaluate::{Refusal, Score, evaluate};
pub use fu::FuPart;
pub use input::{Conflict, KazoeLimit, Options, RiichiKind, Situation, Win, WinningHand};
pub use parse::{ParseError, parse_tile, parse_win};
pub use reading::Wait;
pub use tiles::{RED_FIVE_DIGIT, RedFives, dora_after, strip_red_fives, write_tile};
pub use yaku::Yaku;
