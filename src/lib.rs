//! Stecca: the desk for Mah Jong referees and club treasurers.
//!
//! A pure core without I/O — [`tiles`] (tiles and notation), [`rules`] (the ruleset boundary, the exact
//! decomposition, FIMJ), [`settle`] (payments), [`seating`] (schedules) — under a thin shell: [`cli`].

pub mod cli;
pub mod rng;
pub mod rules;
pub mod seating;
pub mod settle;
pub mod tiles;

/// The engine version stored next to every computed result.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
