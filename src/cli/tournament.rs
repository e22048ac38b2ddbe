//! `stecca tournament new|delete|archive`: tournaments made and removed by scripts.

use anyhow::Context;

use super::{open_existing, referee};
use crate::msg;
use crate::tournament::TournamentSettings;

/// Arguments of `stecca tournament`.
#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The tournament subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Create a tournament (and the database, if it does not exist yet); prints its id.
    New {
        /// Its name.
        #[arg(long)]
        name: String,
        /// The ruleset, by id (README lists them); the default one when absent.
        #[arg(long)]
        rules: Option<String>,
        /// Number of sessions.
        #[arg(long, default_value_t = 4)]
        sessions: u32,
        /// The ruleset's options as JSON, e.g. '{"mode":"club"}'.
        #[arg(long)]
        options: Option<String>,
        /// Where it is played.
        #[arg(long, default_value = "")]
        venue: String,
        /// First day (YYYY-MM-DD).
        #[arg(long)]
        start: Option<chrono::NaiveDate>,
        /// Seed of the seating.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How long a session lasts on its clock, in minutes.
        #[arg(long, default_value_t = 0)]
        session_minutes: u32,
        /// The shape of a federation number: `#` a digit, `A` a letter, other characters themselves
        /// (`########` for an EMA number).
        #[arg(long, default_value = "")]
        federation_format: String,
        /// The most players a team may have (default: a table's worth).
        #[arg(long)]
        team_size: Option<u32>,
        /// How many of a team's best members count in the team standings (0: all).
        #[arg(long, default_value_t = 0)]
        team_best: u32,
        /// Minutes before a session's end at which its clock warns the hall (0: no warning).
        #[arg(long, default_value_t = 15)]
        clock_warning: u32,
        /// Minutes before a session's end at which its clock calls "last hand" (0: no such call).
        #[arg(long, default_value_t = 0)]
        last_hand: u32,
    },
    /// Delete a tournament that has no results (one with results can only be archived).
    Delete {
        /// The tournament's id (see `stecca list`).
        #[arg(long)]
        tournament: i64,
    },
    /// Archive a tournament (read-only), or with --undo open it again for changes.
    Archive {
        /// The tournament's id.
        #[arg(long)]
        tournament: i64,
        /// Reopen instead.
        #[arg(long)]
        undo: bool,
    },
}

/// Runs `stecca tournament`.
pub fn run(db: Option<&str>, args: &TournamentArgs) -> anyhow::Result<()> {
    match &args.action {
        Action::New {
            name,
            rules,
            sessions,
            options,
            venue,
            start,
            seed,
            session_minutes,
            federation_format,
            team_size,
            team_best,
            clock_warning,
            last_hand,
        } => {
            let options = match options {
                Some(text) => serde_json::from_str(text).context(msg!("cli.options_not_json"))?,
                None => serde_json::Value::Object(serde_json::Map::new()),
            };
            let rules = rules.clone().unwrap_or_else(|| crate::rules::default_ruleset().id().to_owned());
            let played = TournamentSettings::for_rules(&rules);
            let settings = TournamentSettings {
                name: name.clone(),
                venue: venue.clone(),
                start_date: *start,
                end_date: *start,
                options,
                sessions: *sessions,
                seating_seed: *seed,
                session_minutes: *session_minutes,
                federation_format: federation_format.trim().to_owned(),
                team_size: team_size.unwrap_or(played.team_size),
                team_best: *team_best,
                clock_warning_minutes: *clock_warning,
                last_hand_minutes: *last_hand,
                ..played
            };
            // Checked before the database is opened (or created): a bad command leaves no file behind.
            settings.validate()?;
            let mut desk = super::open_desk(db)?;
            let by = referee(&desk);
            let id = desk.create_tournament(&settings, &by)?;
            say!("{id}");
        }
        Action::Delete { tournament } => {
            let mut desk = open_existing(db)?;
            let name = desk.tournament(*tournament)?.settings.name;
            let by = referee(&desk);
            desk.delete_tournament(*tournament, &by)?;
            say!("{}", msg!("cli.tournament_deleted", tournament = tournament, name = name));
        }
        Action::Archive { tournament, undo } => {
            let mut desk = open_existing(db)?;
            let by = referee(&desk);
            desk.set_archived(*tournament, !undo, &by)?;
            let said = if *undo {
                msg!("cli.tournament_reopened", tournament = tournament)
            } else {
                msg!("cli.tournament_archived", tournament = tournament)
            };
            say!("{said}");
        }
    }
    Ok(())
}
