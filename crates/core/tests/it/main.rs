//! The core's integration tests, one binary: every rule line of every ruleset, validation, the property tests
//! (payments sum to zero), seating and settle-up. Pure: no store, no desk, no window.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, reason = "a failed expectation is the test failing")]

mod classic_american;
mod common;
mod fimj_doubles;
mod fimj_limits;
mod fimj_settlement;
mod fimj_stick_points;
mod fimj_validation;
mod mcr;
mod mcr_reference;
mod nmjl;
mod properties;
mod properties_nmjl;
mod riichi;
mod riichi_reference;
mod seating;
mod settle_up_props;
