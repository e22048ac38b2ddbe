//! A session's clock: how long the session lasts, when the referee started it, the pauses and the time added,
//! and when it ended. Pure: the store keeps the record, every station computes the time left from it and its
//! own clock (stations agree when their clocks do: the record holds instants, never a countdown).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::message::Message;
use crate::msg;

/// Longest session a clock runs for, in minutes (a day).
pub const MAX_MINUTES: u32 = 24 * 60;

/// The minutes before the end at which the clock warns unless the tournament sets others (the RCR's and the
/// MCR's "15 minutes" signal).
pub const WARNING_MINUTES: u32 = 15;

fn default_warning() -> u32 {
    WARNING_MINUTES
}

/// A session's clock as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionClock {
    /// The session's length when started, in minutes.
    pub minutes: u32,
    /// When the referee started it.
    pub started_at: DateTime<Utc>,
    /// Since when it is paused, if it is.
    pub paused_since: Option<DateTime<Utc>>,
    /// Seconds spent paused before `paused_since`.
    pub paused_seconds: i64,
    /// Seconds the referee added (a delay at a table, a late start).
    pub added_seconds: i64,
    /// When the referee ended the session, if it is over.
    pub ended_at: Option<DateTime<Utc>>,
    /// Minutes before the end at which the hall is warned (0: no warning); the tournament's when started.
    #[serde(default = "default_warning")]
    pub warning_minutes: u32,
    /// Minutes before the end at which the hall is told "last hand" (0: no such call).
    #[serde(default)]
    pub last_hand_minutes: u32,
}

/// What the referee does to a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockAction {
    /// Starts the session's clock for its length in minutes.
    Start(u32),
    /// Stops the time.
    Pause,
    /// Lets the time run again.
    Resume,
    /// Adds minutes.
    Add(u32),
    /// Ends the session.
    End,
}

/// Where a clock is at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ClockState {
    /// Not started.
    NotStarted,
    /// Running, with the seconds left (negative once the time is up).
    Running {
        /// Seconds left.
        left: i64,
    },
    /// Paused, with the seconds left.
    Paused {
        /// Seconds left.
        left: i64,
    },
    /// Ended by the referee.
    Ended,
}

/// What the clock says to the hall at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockCall {
    /// Nothing to say.
    None,
    /// The warning's minutes or fewer are left (15 unless the tournament sets another).
    LastMinutes,
    /// The tournament's "last hand" minutes or fewer are left: no hand starts after the one in play.
    LastHand,
    /// The time is up: the hand in play is the last.
    Time,
    /// The session is over.
    Over,
}

impl ClockState {
    /// What the hall is told, with the warning and the last hand called at these minutes before the end (0:
    /// never).
    pub fn call_with(self, warning_minutes: u32, last_hand_minutes: u32) -> ClockCall {
        let within = |minutes: u32, left: i64| minutes > 0 && left <= i64::from(minutes) * 60;
        match self {
            ClockState::NotStarted => ClockCall::None,
            ClockState::Ended => ClockCall::Over,
            ClockState::Running { left } | ClockState::Paused { left } if left <= 0 => ClockCall::Time,
            ClockState::Running { left } | ClockState::Paused { left } if within(last_hand_minutes, left) => {
                ClockCall::LastHand
            }
            ClockState::Running { left } | ClockState::Paused { left } if within(warning_minutes, left) => {
                ClockCall::LastMinutes
            }
            _ => ClockCall::None,
        }
    }

    /// The time left as the hall reads it: `1:29:59`, `14:05`, `-0:42` once it is up; `None` when the clock
    /// shows no time (not started, ended).
    pub fn shown(self) -> Option<String> {
        let (ClockState::Running { left } | ClockState::Paused { left }) = self else { return None };
        let sign = if left < 0 { "-" } else { "" };
        let seconds = left.unsigned_abs();
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
        Some(if h > 0 { format!("{sign}{h}:{m:02}:{s:02}") } else { format!("{sign}{m}:{s:02}") })
    }
}

/// Why a clock action is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockRefusal {
    /// Started twice.
    AlreadyStarted,
    /// Paused, resumed, given time or ended before it was started.
    NotStarted,
    /// Paused while paused.
    AlreadyPaused,
    /// Resumed while running.
    NotPaused,
    /// Anything after the end.
    Ended,
    /// A length of no minutes, or more than a day.
    Minutes(u32),
}

impl ClockRefusal {
    /// The refusal in words, naming the session.
    pub fn message(self, session: u32) -> Message {
        match self {
            ClockRefusal::AlreadyStarted => msg!("clock.error.started", session = session),
            ClockRefusal::NotStarted => msg!("clock.error.not_started", session = session),
            ClockRefusal::AlreadyPaused => msg!("clock.error.paused", session = session),
            ClockRefusal::NotPaused => msg!("clock.error.running", session = session),
            ClockRefusal::Ended => msg!("clock.error.ended", session = session),
            ClockRefusal::Minutes(minutes) => msg!("clock.error.minutes", minutes = minutes, max = MAX_MINUTES),
        }
    }
}

/// The clock after `action` at `now`, from `clock` (`None`: never started).
pub fn apply(
    clock: Option<&SessionClock>,
    action: ClockAction,
    now: DateTime<Utc>,
) -> Result<SessionClock, ClockRefusal> {
    let minutes_ok = |m: u32| if (1..=MAX_MINUTES).contains(&m) { Ok(m) } else { Err(ClockRefusal::Minutes(m)) };
    let Some(clock) = clock else {
        return match action {
            ClockAction::Start(minutes) => Ok(SessionClock {
                minutes: minutes_ok(minutes)?,
                started_at: now,
                paused_since: None,
                paused_seconds: 0,
                added_seconds: 0,
                ended_at: None,
                warning_minutes: WARNING_MINUTES,
                last_hand_minutes: 0,
            }),
            _ => Err(ClockRefusal::NotStarted),
        };
    };
    if clock.ended_at.is_some() {
        return Err(ClockRefusal::Ended);
    }
    let mut next = clock.clone();
    match action {
        ClockAction::Start(_) => return Err(ClockRefusal::AlreadyStarted),
        ClockAction::Pause if clock.paused_since.is_some() => return Err(ClockRefusal::AlreadyPaused),
        ClockAction::Pause => next.paused_since = Some(now),
        ClockAction::Resume => {
            let Some(since) = clock.paused_since else { return Err(ClockRefusal::NotPaused) };
            next.paused_seconds += (now - since).num_seconds().max(0);
            next.paused_since = None;
        }
        ClockAction::Add(minutes) => next.added_seconds += i64::from(minutes_ok(minutes)?) * 60,
        ClockAction::End => {
            if let Some(since) = clock.paused_since {
                next.paused_seconds += (now - since).num_seconds().max(0);
                next.paused_since = None;
            }
            next.ended_at = Some(now);
        }
    }
    Ok(next)
}

impl SessionClock {
    /// What the hall is told at `now`, at this clock's warnings.
    pub fn call(&self, now: DateTime<Utc>) -> ClockCall {
        self.state(now).call_with(self.warning_minutes, self.last_hand_minutes)
    }

    /// Where the clock is at `now`.
    pub fn state(&self, now: DateTime<Utc>) -> ClockState {
        if self.ended_at.is_some() {
            return ClockState::Ended;
        }
        let until = self.paused_since.unwrap_or(now);
        let run = (until - self.started_at).num_seconds().max(0) - self.paused_seconds;
        let left = i64::from(self.minutes) * 60 + self.added_seconds - run;
        if self.paused_since.is_some() { ClockState::Paused { left } } else { ClockState::Running { left } }
    }
}

/// The state of a session whose clock may not be started.
pub fn state_of(clock: Option<&SessionClock>, now: DateTime<Utc>) -> ClockState {
    clock.map_or(ClockState::NotStarted, |c| c.state(now))
}

/// What the hall is told at `now` about a session whose clock may not be started.
pub fn call_of(clock: Option<&SessionClock>, now: DateTime<Utc>) -> ClockCall {
    clock.map_or(ClockCall::None, |c| c.call(now))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minute: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + minute * 60, 0).expect("an instant")
    }

    #[test]
    fn a_session_runs_pauses_gets_time_and_ends() {
        let started = apply(None, ClockAction::Start(90), at(0)).expect("start");
        assert_eq!(started.state(at(30)), ClockState::Running { left: 60 * 60 });
        let paused = apply(Some(&started), ClockAction::Pause, at(30)).expect("pause");
        assert_eq!(paused.state(at(40)), ClockState::Paused { left: 60 * 60 }, "a pause stops the time");
        let resumed = apply(Some(&paused), ClockAction::Resume, at(40)).expect("resume");
        assert_eq!(resumed.state(at(50)), ClockState::Running { left: 50 * 60 });
        let added = apply(Some(&resumed), ClockAction::Add(5), at(50)).expect("add");
        assert_eq!(added.state(at(50)), ClockState::Running { left: 55 * 60 });
        assert_eq!(added.call(at(95)), ClockCall::LastMinutes, "15 minutes left");
        assert_eq!(added.call(at(105)), ClockCall::Time);
        assert_eq!(added.state(at(106)).shown().as_deref(), Some("-1:00"), "past the time");
        assert_eq!(added.state(at(0)).shown().as_deref(), Some("1:45:00"));
        let ended = apply(Some(&added), ClockAction::End, at(107)).expect("end");
        assert_eq!((ended.state(at(200)), ended.call(at(200))), (ClockState::Ended, ClockCall::Over));
    }

    #[test]
    fn the_warnings_are_called_at_the_minutes_the_clock_was_started_with() {
        let mut clock = apply(None, ClockAction::Start(90), at(0)).expect("start");
        clock.warning_minutes = 20;
        clock.last_hand_minutes = 5;
        assert_eq!(clock.call(at(69)), ClockCall::None);
        assert_eq!(clock.call(at(70)), ClockCall::LastMinutes, "20 minutes left");
        assert_eq!(clock.call(at(85)), ClockCall::LastHand, "5 minutes left: the last hand");
        assert_eq!(clock.call(at(90)), ClockCall::Time);
        clock.warning_minutes = 0;
        clock.last_hand_minutes = 0;
        assert_eq!(clock.call(at(89)), ClockCall::None, "no warning set");
        let stored: SessionClock = serde_json::from_str(
            r#"{"minutes":90,"started_at":"2027-01-15T08:00:00Z","paused_since":null,"paused_seconds":0,
               "added_seconds":0,"ended_at":null}"#,
        )
        .expect("a clock stored before the warnings were kept");
        assert_eq!((stored.warning_minutes, stored.last_hand_minutes), (15, 0));
    }

    #[test]
    fn actions_out_of_order_are_refused() {
        assert_eq!(apply(None, ClockAction::Pause, at(0)), Err(ClockRefusal::NotStarted));
        assert_eq!(apply(None, ClockAction::End, at(0)), Err(ClockRefusal::NotStarted));
        assert_eq!(apply(None, ClockAction::Start(0), at(0)), Err(ClockRefusal::Minutes(0)));
        assert_eq!(apply(None, ClockAction::Start(MAX_MINUTES + 1), at(0)), Err(ClockRefusal::Minutes(1441)));
        let started = apply(None, ClockAction::Start(90), at(0)).expect("start");
        assert_eq!(apply(Some(&started), ClockAction::Start(90), at(1)), Err(ClockRefusal::AlreadyStarted));
        assert_eq!(apply(Some(&started), ClockAction::Resume, at(1)), Err(ClockRefusal::NotPaused));
        let paused = apply(Some(&started), ClockAction::Pause, at(1)).expect("pause");
        assert_eq!(apply(Some(&paused), ClockAction::Pause, at(2)), Err(ClockRefusal::AlreadyPaused));
        let ended = apply(Some(&paused), ClockAction::End, at(3)).expect("end while paused");
        assert_eq!(ended.paused_seconds, 120, "the pause closes with the end");
        assert_eq!(apply(Some(&ended), ClockAction::Add(5), at(4)), Err(ClockRefusal::Ended));
    }
}
