//! The treasurer's book, pure: money in whole cents and the chip's value ([`money`]), ledger entries and an
//! evening's results from chip counts ([`book`]), and settle-up with the fewest transfers ([`settle_up`]).
//! The store keeps the entries; the desk adds them; nothing here does I/O.

pub mod book;
pub mod club;
mod counted_search;
pub mod money;
#[cfg(test)]
mod planted;
pub mod settle_up;
mod zero_sum_search;

pub use book::{ChipCountError, EntryKind, EveningMoney, cash_effect, chip_results, evening_money};
pub use club::{ClubSettings, MAX_STARTING_CHIPS, MemberData, avoid_under_problem};
pub use money::{Cents, ChipValue, MAX_AMOUNT, MoneyError, format_cents, parse_cents, plain_cents};
pub use settle_up::{DP_LIMIT, EXACT_LIMIT, Proposal, SettleError, Transfer, fewest_transfers, with_kitty};
