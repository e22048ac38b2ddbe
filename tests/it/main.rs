//! The shell's integration tests, one binary (one link, one PostgreSQL server for the whole run): the command
//! line, the store on both backends, the desk, exports, the treasurer's book, crashes, the hall server and the
//! screens through their widgets (kittest).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, reason = "a failed expectation is the test failing")]

mod board;
mod board_browser;
mod board_phone;
mod board_tls;
mod card;
mod cli_club;
mod cli_flow;
mod cli_lang;
mod cli_nmjl;
mod cli_phone;
mod cli_postgres;
mod cli_score;
mod cli_seat;
mod cli_settle_up;
mod clock;
mod club;
mod common;
mod crash;
mod desk;
mod export;
mod form;
mod hall_script;
mod house;
mod mayumi;
mod mcr;
mod network_loss;
mod notebook;
mod one_table_writers;
mod packaging;
mod phone;
mod phone_browser;
mod plan_import;
mod portable;
mod postgres;
mod ranking_file;
mod report;
mod riichi;
mod schema;
mod store;
mod store_safety;
mod swiss;
mod teams;
mod toy_ruleset;
mod ui;
mod ui_board;
mod ui_classic;
mod ui_clock;
mod ui_club;
mod ui_drafts;
mod ui_keyboard;
mod ui_mayumi;
mod ui_mcr;
mod ui_nmjl;
mod ui_notebook;
mod ui_phone;
mod ui_riichi;
mod ui_stations;
mod ui_teams;
mod ui_words;
