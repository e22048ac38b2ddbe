//! How the window talks to the desk without waiting for it: a job goes to the desk's worker, and its answer comes
//! back as a reply applied on the window's thread at the start of a later frame (the worker wakes the window).

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};

use crate::desk::{Desk, Worker};

/// What the worker sends back: a change to `A` (the window's state), made on the window's thread.
pub(crate) type Reply<A> = Box<dyn FnOnce(&mut A) + Send>;

/// The worker and the way back from it to an `A`.
pub(crate) struct Link<A> {
    pub(crate) worker: Worker,
    replies: Sender<Reply<A>>,
    inbox: Receiver<Reply<A>>,
    /// Writes sent and not answered yet: another one waits until they are (a second click on "Add" while the
    /// server is slow must not add the player twice).
    pub(crate) writing: usize,
}

impl<A: 'static> Link<A> {
    /// Moves `desk` to its own thread.
    pub(crate) fn new(desk: Desk) -> Link<A> {
        let (replies, inbox) = mpsc::channel();
        Link { worker: Worker::spawn(desk), replies, inbox, writing: 0 }
    }

    /// Sends `job` to the desk; `then` is applied to the window's state with its answer, in the order jobs were
    /// sent.
    pub(crate) fn send<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Desk) -> T + Send + 'static,
        then: impl FnOnce(&mut A, T) + Send + 'static,
    ) {
        let replies = self.replies.clone();
        self.worker.send(move |desk| {
            let answer = job(desk);
            // The window is gone when nobody receives: there is nothing left to tell.
            let _ = replies.send(Box::new(move |app: &mut A| then(app, answer)));
        });
    }

    /// The next answer that arrived, if any.
    pub(crate) fn next_reply(&self) -> Option<Reply<A>> {
        self.inbox.try_recv().ok()
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

impl<K: PartialEq, T> Fetched<K, T> {
    /// Notes that `key` is asked for at `revision`; `false` when it already was.
    pub(crate) fn ask(&mut self, key: &K, revision: u64) -> bool
    where
        K: Clone,
    {
        if self.asked.as_ref().is_some_and(|(asked, at)| asked == key && *at == revision) {
            return false;
        }
        self.asked = Some((key.clone(), revision));
        true
    }

    /// Takes `value`, read elsewhere for `key` at `revision`, as if it had been asked for and answered here.
    pub(crate) fn prefill(&mut self, key: K, revision: u64, value: Arc<T>)
    where
        K: Clone,
    {
        self.asked = Some((key.clone(), revision));
        self.shown = Some((key, value));
    }

    /// Keeps the answer for `key`.
    pub(crate) fn answer(&mut self, key: K, value: T) {
        self.shown = Some((key, Arc::new(value)));
    }

    /// The last answer for `key`, if one arrived.
    pub(crate) fn shown(&self, key: &K) -> Option<Arc<T>> {
        self.shown.as_ref().filter(|(shown, _)| shown == key).map(|(_, value)| Arc::clone(value))
    }
}
