//! Stecca's pure core, without I/O: [`tiles`] (tiles and notation), [`hanafuda`] (cards and their codes),
//! [`rules`] (the ruleset boundary and the four rulesets), [`settle`] (payments), [`seating`] (schedules),
//! [`tournament`] (settings, winds, standings), [`ledger`] (the treasurer's money and settle-up), [`message`]
//! and [`i18n`] (texts as ids with arguments, rendered in Italian or English), [`rng`].
//!
//! It depends on no GUI, database, PDF or command-line crate: the shell (`stecca`: storage, the desk, exports,
//! the command line, the egui screens) depends on it, never the other way, and the compiler holds that arrow.

#![warn(missing_docs)]

pub mod hanafuda;
pub mod i18n;
pub mod ledger;
pub mod message;
pub mod rng;
pub mod rules;
pub mod seating;
pub mod settle;
pub mod tiles;
pub mod tournament;

/// The engine version stored next to every computed result.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
