//! The board's own reader of the database: a thread with its own desk that asks for the change stamp twice a
//! second and reads the tournament again only when it moved. What it read is published whole for the pages; a
//! database that stops answering leaves the last good view published, with a note saying since when.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use chrono::{DateTime, Local};
use stecca_core::message::{Explain, Message};
use stecca_core::msg;
use stecca_core::tournament::Id;
use stecca_desk::{Desk, DeskResult};

use crate::view::BoardView;

/// What the pages read: the last view read, and whether the database answers now.
#[derive(Clone, Debug, Default)]
pub struct Published {
    /// The tournament as last read (none before the first good read).
    pub view: Option<Arc<BoardView>>,
    /// When it was read.
    pub read_at: Option<DateTime<Local>>,
    /// Why the database could not be read, and since when (none while it answers).
    pub trouble: Option<Trouble>,
    /// Moves whenever anything above changes: a page compares it to know it is out of date.
    pub generation: u64,
}

/// The database could not be read.
#[derive(Clone, Debug)]
pub struct Trouble {
    /// Since when.
    pub since: DateTime<Local>,
    /// Why, as the desk says it.
    pub why: Message,
}

/// The latest [`Published`], shared between the reader and the server.
#[derive(Clone, Debug, Default)]
pub struct Board {
    current: Arc<RwLock<Arc<Published>>>,
}

impl Board {
    /// What the pages show now.
    pub fn published(&self) -> Arc<Published> {
        self.current.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Publishes a new view, or a new state of the database, moving the generation.
    fn publish(&self, change: impl FnOnce(&mut Published)) {
        let mut current = self.current.write().unwrap_or_else(PoisonError::into_inner);
        let mut next = Published::clone(&current);
        change(&mut next);
        next.generation = current.generation + 1;
        *current = Arc::new(next);
    }
}

/// The reader's thread; stops when dropped.
pub struct Feed {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Feed {
    /// Starts reading `tournament` (or the newest tournament not archived) through `desk` every `every`,
    /// publishing to `board`. The desk stays the feed's: a server that went away is connected to again by its
    /// store, on a later look.
    pub fn start(board: Board, desk: Desk, tournament: Option<Id>, every: Duration) -> std::io::Result<Feed> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new().name("board-feed".into()).spawn(move || {
            let mut reader = Reader { desk, stamp: None, snapshot: None, tournament };
            loop {
                match reader.look().map_err(|e| e.message()) {
                    Ok(Some(view)) => board.publish(|p| {
                        p.view = Some(Arc::new(view));
                        p.read_at = Some(Local::now());
                        p.trouble = None;
                    }),
                    Ok(None) => {
                        if board.published().trouble.is_some() {
                            board.publish(|p| p.trouble = None);
                        }
                    }
                    // Said once, with its first reason: a server away for minutes gives a new reason at every
                    // look ("no answer", "trying again soon"), and each publication reloads every phone.
                    Err(why) => {
                        if board.published().trouble.is_none() {
                            board.publish(|p| p.trouble = Some(Trouble { since: Local::now(), why }));
                        }
                    }
                }
                match stopped.recv_timeout(every) {
                    Err(RecvTimeoutError::Timeout) => {}
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                }
            }
        })?;
        Ok(Feed { stop: Some(stop), thread: Some(thread) })
    }
}

impl Drop for Feed {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The reader's state between two looks at the database.
struct Reader {
    desk: Desk,
    /// The change stamp of the view published last.
    stamp: Option<i64>,
    /// What it was made from, so that the next look reads only the tables that changed.
    snapshot: Option<stecca_desk::export::Snapshot>,
    tournament: Option<Id>,
}

impl Reader {
    /// One look: a new view when the database changed, nothing when it did not, why when it cannot be read.
    fn look(&mut self) -> DeskResult<Option<BoardView>> {
        let desk = &self.desk;
        let stamp = desk.change_stamp()?;
        if self.stamp == Some(stamp) {
            return Ok(None);
        }
        let tournament = match self.tournament {
            Some(id) => id,
            None => {
                let newest = desk.tournaments()?.into_iter().find(|t| !t.archived);
                let Some(newest) = newest else {
                    return Err(stecca_desk::DeskError::Refused(msg!("board.no_tournament")));
                };
                newest.id
            }
        };
        let snapshot = match self.snapshot.take() {
            Some(previous) if previous.tournament.id == tournament => desk.refresh_snapshot(previous)?,
            _ => desk.snapshot(tournament, true)?,
        };
        let view = BoardView::from_snapshot(&snapshot);
        self.snapshot = Some(snapshot);
        self.stamp = Some(stamp);
        Ok(Some(view))
    }
}
