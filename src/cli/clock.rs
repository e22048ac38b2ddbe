//! `stecca clock start [--minutes M]|pause|resume|add MINUTES|end|show --tournament ID --session N`: a
//! session's clock, the same on every station; prints it as JSON (the state, the seconds left, what the hall
//! is told, the time as shown).

use super::{open_existing, referee};
use crate::desk::ClockRequest;
use crate::tournament::clock::{SessionClock, call_of, state_of};

/// Arguments of `stecca clock`.
#[derive(Debug, clap::Args)]
pub struct ClockArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
    /// The tournament's id.
    #[arg(long, global = true)]
    pub tournament: Option<i64>,
    /// The session number.
    #[arg(long, global = true)]
    pub session: Option<u32>,
}

/// The clock subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Start the session's clock, for its minutes or the tournament's session length.
    Start {
        /// How long the session lasts (default: the tournament's setting).
        #[arg(long)]
        minutes: Option<u32>,
    },
    /// Stop the time.
    Pause,
    /// Let the time run again.
    Resume,
    /// Give the session more minutes.
    Add {
        /// Minutes added.
        minutes: u32,
    },
    /// End the session.
    End,
    /// Print the clock.
    Show,
}

/// Runs `stecca clock`.
pub fn run(db: Option<&str>, args: &ClockArgs) -> anyhow::Result<()> {
    let (Some(tournament), Some(session)) = (args.tournament, args.session) else {
        anyhow::bail!(crate::msg!("cli.clock_needs"));
    };
    let mut desk = open_existing(db)?;
    desk.tournament(tournament)?;
    let request = match args.action {
        Action::Start { minutes } => Some(ClockRequest::Start(minutes)),
        Action::Pause => Some(ClockRequest::Pause),
        Action::Resume => Some(ClockRequest::Resume),
        Action::Add { minutes } => Some(ClockRequest::Add(minutes)),
        Action::End => Some(ClockRequest::End),
        Action::Show => None,
    };
    let clock = match request {
        Some(request) => {
            let by = referee(&desk);
            Some(desk.clock(tournament, session, request, &by)?)
        }
        None => desk.session_clock(tournament, session)?,
    };
    say!("{}", shown(session, clock.as_ref()));
    Ok(())
}

/// The clock as scripts read it.
fn shown(session: u32, clock: Option<&SessionClock>) -> serde_json::Value {
    let now = chrono::Utc::now();
    let state = state_of(clock, now);
    let mut json = serde_json::json!({"session": session});
    if let (Some(object), Ok(serde_json::Value::Object(fields))) = (json.as_object_mut(), serde_json::to_value(state)) {
        object.extend(fields);
        object.insert("call".into(), serde_json::to_value(call_of(clock, now)).unwrap_or_default());
        if let Some(time) = state.shown() {
            object.insert("shown".into(), time.into());
        }
        if let Some(clock) = clock {
            object.insert("minutes".into(), clock.minutes.into());
            object.insert("started_at".into(), clock.started_at.to_rfc3339().into());
        }
    }
    json
}
