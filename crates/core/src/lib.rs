//! Stecca's pure core, without I/O: [`seating`] (schedules), [`tournament`] (settings, winds, standings) and
//! [`ledger`] (the treasurer's money and settle-up), over the seam every ruleset is written against
//! (`stecca-seam`: [`tiles`], [`settle`], [`message`], [`i18n`], [`rng`]) and the registry of
//! rulesets (`stecca-registry`), both re-exported here with [`rules`] so that the shell reaches them through
//! this crate.
//!
//! It depends on no GUI, database, PDF or command-line crate: the shell (`stecca`: storage, the desk, exports,
//! the command line, the egui screens) depends on it, never the other way, and the compiler holds that arrow.

#![warn(missing_docs)]

pub mod ledger;
pub mod seating;
pub mod tournament;

pub use stecca_seam::{i18n, message, msg, rng, settle, text_id, tiles};

/// The ruleset boundary ([`stecca_seam::rules`]) and the registry of rulesets ([`stecca_registry`]): a ruleset
/// by id, scoring a manche with the ruleset it names.
pub mod rules {
    pub use stecca_registry::*;
    pub use stecca_seam::rules::*;
}

/// The engine version stored next to every computed result.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
