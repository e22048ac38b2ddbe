//! Stecca: the desk for Mah Jong referees and club treasurers.
//!
//! A pure core without I/O — [`tiles`] (tiles and notation), [`hanafuda`] (cards and their codes), [`rules`] (the ruleset boundary, the exact
//! decomposition, FIMJ), [`settle`] (payments), [`seating`] (schedules), [`tournament`] (settings, winds,
//! standings), [`ledger`] (the treasurer's money and settle-up) — under a thin shell: [`store`] (SQLite), [`desk`] (the referee's operations), [`ui`] (egui) and
//! [`cli`].

rust_i18n::i18n!("assets/locales", fallback = "en");

pub mod cli;
pub mod desk;
pub mod export;
pub mod fonts;
pub mod hanafuda;
pub mod i18n;
pub mod ledger;
pub mod message;
pub mod rng;
pub mod rules;
pub mod seating;
pub mod settle;
pub mod store;
pub mod tiles;
pub mod tournament;
pub mod ui;

/// The engine version stored next to every computed result.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
