//! The seam every ruleset is written against, without I/O: [`rules`] (the [`rules::Ruleset`] traits, the
//! fields a referee types, items, outcomes, the state a session carries from manche to manche, a deck of cards
//! as data), [`tiles`] (tiles and notation), [`settle`] (payments), [`message`] and [`i18n`] (texts as ids with
//! arguments, rendered in each language of the desk), [`import`] (CSV lists a referee imports) and [`rng`].
//!
//! Each ruleset is a crate of its own (`crates/rules/<id>`) that depends on this one only; the registry crate
//! lists them; the core (tournaments, seating, the ledger) and the shell depend on the registry.

#![warn(missing_docs)]

pub mod i18n;
pub mod import;
pub mod message;
pub mod rng;
pub mod rules;
pub mod settle;
pub mod tiles;
