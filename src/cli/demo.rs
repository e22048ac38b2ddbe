//! `stecca demo [--db PATH] [--players N] [--sessions R] [--seed S] [--rules ID]`.

use anyhow::Context;

use crate::desk::DemoSize;
use crate::msg;

/// Arguments of `stecca demo`.
#[derive(Debug, clap::Args)]
pub struct DemoArgs {
    /// Players (a multiple of the ruleset's table size).
    #[arg(long, default_value_t = 32)]
    pub players: usize,
    /// Sessions of 16 manches.
    #[arg(long, default_value_t = 4)]
    pub sessions: u32,
    /// Weight of keeping club mates apart (0 ignores clubs).
    #[arg(long, default_value_t = 1.0)]
    pub club_weight: f64,
    /// Seed of the seating and the random hands.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    /// The ruleset played, by id (README lists them); the default one when absent.
    #[arg(long)]
    pub rules: Option<String>,
}

/// Runs `stecca demo`.
pub fn run(db: Option<&str>, args: &DemoArgs) -> anyhow::Result<()> {
    let rules = match &args.rules {
        None => crate::rules::default_ruleset(),
        Some(id) => crate::rules::ruleset(id)
            .with_context(|| msg!("cli.unknown_rules", id = id, known = crate::rules::known_ids()))?,
    };
    let seats = rules.table_size();
    if args.players > crate::seating::MAX_PLAYERS {
        anyhow::bail!(msg!("cli.demo_too_many", players = args.players, max = crate::seating::MAX_PLAYERS));
    }
    if !(1..=crate::tournament::settings::MAX_SESSIONS).contains(&args.sessions) {
        anyhow::bail!(msg!(
            "cli.demo_sessions",
            sessions = args.sessions,
            max = crate::tournament::settings::MAX_SESSIONS
        ));
    }
    let sizes = crate::seating::TableSizes { max: seats, min: rules.min_table_size() };
    if sizes.layout(args.players).is_none() {
        anyhow::bail!(
            msg!("cli.demo_multiple", players = args.players, seats = seats).arg_message("rules", rules.name_message())
        );
    }
    let mut desk = super::open_desk(db)?;
    let size =
        DemoSize { players: args.players, sessions: args.sessions, club_weight: args.club_weight, rules: rules.id() };
    let started = std::time::Instant::now();
    let id = desk.create_demo(size, args.seed, "demo")?;
    let manches = desk.manche_count(id)?;
    let said = msg!(
        "cli.demo_made",
        id = id,
        players = args.players,
        sessions = args.sessions,
        manches = manches,
        seconds = format!("{:.1}", started.elapsed().as_secs_f64()),
        location = desk.location()
    );
    say!("{said}");
    Ok(())
}
