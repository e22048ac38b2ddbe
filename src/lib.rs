//! Stecca: the desk for Mah Jong referees and club treasurers.
//!
//! The pure core lives in its own crate, `stecca-core` (tiles, Hanafuda cards, rules, settlement, seating, the
//! tournament domain, the ledger, messages and translations), re-exported here under the same paths; this crate
//! is the thin shell over it: [`store`] (SQLite, PostgreSQL), [`desk`] (the referee's and treasurer's
//! operations), [`export`] (PDF, CSV), `ui` (egui: the `gui` feature, on by default) and [`cli`].

pub use stecca_core::{ENGINE_VERSION, i18n, ledger, message, msg, rng, rules, seating, settle, tiles, tournament};
pub use stecca_desk::{self as desk, export, fonts};
pub use stecca_store as store;

pub use stecca_board as board;
#[cfg(feature = "gui")]
pub use stecca_ui as ui;

pub mod cli;
