//! How the screens talk to the desk without waiting for it: a screen sends a job to the desk's worker and
//! draws what it already has; the answer comes back as a reply applied to the desk application at the start of
//! a later frame (the worker wakes the window). Reads are [`Fetched`] views kept per key and asked again after
//! every change; writes say what to do with their answer.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};

use crate::DeskApp;
use crate::desk::{Desk, DeskResult, Worker};

/// What the worker sends back: a change to the desk application, made on the window's thread.
pub(crate) type Reply = Box<dyn FnOnce(&mut DeskApp) + Send>;

/// The worker and the way back from it.
pub(crate) struct Link {
    pub(crate) worker: Worker,
    replies: Sender<Reply>,
    inbox: Receiver<Reply>,
    /// Writes sent and not answered yet: another one waits until they are (a second click on "Add" while the
    /// server is slow must not add the player twice).
    pub(crate) writing: usize,
}

impl Link {
    pub(crate) fn new(desk: Desk) -> Link {
        let (replies, inbox) = mpsc::channel();
        Link { worker: Worker::spawn(desk), replies, inbox, writing: 0 }
    }
}

/// A view read through the worker: the last answer for `K`, shown until a newer one arrives.
pub(crate) struct Fetched<K, T> {
    shown: Option<(K, Arc<T>)>,
    /// What was last asked for, at which revision of the data.
    asked: Option<(K, u64)>,
}

impl<K, T> Default for Fetched<K, T> {
    fn default() -> Self {
        Fetched { shown: None, asked: None }
    }
}

impl DeskApp {
    /// Sends `job` to the desk; `then` gets its answer on the window's thread, in the order jobs were sent.
    pub(crate) fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Desk) -> T + Send + 'static,
        then: impl FnOnce(&mut DeskApp, T) + Send + 'static,
    ) {
        let replies = self.link.replies.clone();
        self.link.worker.send(move |desk| {
            let answer = job(desk);
            // The window is gone when nobody receives: there is nothing left to tell.
            let _ = replies.send(Box::new(move |app: &mut DeskApp| then(app, answer)));
        });
        if let Some(ctx) = &self.ctx {
            ctx.request_repaint();
        }
    }

    /// Sends a change to the desk, one at a time: while an earlier change waits for its answer, this one is
    /// refused with a word; `then` gets the answer as it is.
    pub(crate) fn change<T: Send + 'static>(
        &mut self,
        job: impl FnOnce(&mut Desk) -> T + Send + 'static,
        then: impl FnOnce(&mut DeskApp, T) + Send + 'static,
    ) {
        if self.link.writing > 0 {
            self.fail(crate::msg!("desk.still_writing"));
            return;
        }
        self.link.writing += 1;
        self.run(job, move |app, answer| {
            app.link.writing -= 1;
            then(app, answer);
        });
    }

    /// [`DeskApp::change`] for the usual change: when it is done, every view is read again and `done` gets its
    /// value; a refusal is shown on the status line.
    pub(crate) fn write<T: Send + 'static>(
        &mut self,
        job: impl FnOnce(&mut Desk) -> DeskResult<T> + Send + 'static,
        done: impl FnOnce(&mut DeskApp, T) + Send + 'static,
    ) {
        self.change(job, move |app, answer| match answer {
            Ok(value) => {
                app.changed();
                done(app, value);
            }
            Err(error) => app.fail(error),
        });
    }

    /// The view in `slot` for `key`, asking the desk for it when it was not asked at this revision yet. `None`
    /// until the first answer for this key arrives; a refusal is shown on the status line.
    pub(crate) fn fetch<K, T>(
        &mut self,
        slot: fn(&mut DeskApp) -> &mut Fetched<K, T>,
        key: K,
        load: impl FnOnce(&Desk) -> DeskResult<T> + Send + 'static,
    ) -> Option<Arc<T>>
    where
        K: Clone + PartialEq + Send + 'static,
        T: Send + 'static,
    {
        let revision = self.revision;
        let fetched = slot(self);
        if fetched.asked.as_ref().is_none_or(|(asked, at)| *asked != key || *at != revision) {
            fetched.asked = Some((key.clone(), revision));
            let answered = key.clone();
            self.run(
                move |desk| load(desk),
                move |app, answer| match answer {
                    Ok(value) => slot(app).shown = Some((answered, Arc::new(value))),
                    Err(error) => app.fail(error),
                },
            );
        }
        slot(self).shown.as_ref().filter(|(shown, _)| *shown == key).map(|(_, value)| Arc::clone(value))
    }

    /// Applies the answers that arrived since the last frame.
    pub(crate) fn receive(&mut self) {
        while let Ok(reply) = self.link.inbox.try_recv() {
            reply(self);
        }
    }

    /// Blocks until the desk has answered everything sent so far and applies the answers (tests and scripted
    /// runs, so that each frame they draw shows what the last one asked for; a window never calls it).
    pub fn settle(&mut self) {
        loop {
            self.link.worker.wait_idle();
            let Ok(reply) = self.link.inbox.try_recv() else { return };
            reply(self);
        }
    }

    /// The desk itself, once it has answered everything, for the tests that check what it wrote.
    #[cfg(feature = "inspect")]
    pub fn desk(&self) -> std::sync::MutexGuard<'_, Desk> {
        self.link.worker.desk()
    }
}
