//! The desk on its own thread, so that a window never waits on a disk or a network: the screens send jobs (what
//! to ask the [`Desk`]) and carry on drawing; each job runs in turn on the worker, which wakes the window when
//! one is done. Jobs run in the order they were sent, so answers arrive in that order too.
//!
//! Written on std's channel, mutex and condition variable rather than an async runtime: one thread, one queue,
//! nothing to schedule, and the worker needs no more.

use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::Desk;

/// A job for the worker.
type Job = Box<dyn FnOnce(&mut Desk) + Send>;

/// What a window is told when a job is done (egui's `request_repaint`).
type Wake = Box<dyn Fn() + Send + Sync>;

/// What does not change while the desk is open, known without asking the worker.
#[derive(Clone, Debug)]
pub struct Facts {
    /// The database's address as shown to a referee.
    pub location: String,
    /// The database file, when it is one.
    pub path: Option<PathBuf>,
    /// Whether nothing can be written.
    pub read_only: bool,
    /// Whether the database is a server several stations share.
    pub shared: bool,
}

/// The worker's state the window may look at.
struct Shared {
    desk: Mutex<Desk>,
    /// Jobs sent and not yet done, and since when the one running now has been running.
    queue: Mutex<Queue>,
    done: Condvar,
    wake: Mutex<Option<Wake>>,
}

#[derive(Default)]
struct Queue {
    waiting: usize,
    running_since: Option<Instant>,
}

/// The desk's thread and its queue of jobs.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    shared: Arc<Shared>,
    facts: Facts,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the worker on `desk`. Should the system refuse a thread, the jobs run where they are sent instead
    /// (the window then waits on the desk, as a desk without a worker would), rather than not at all.
    pub fn spawn(desk: Desk) -> Worker {
        let facts = Facts {
            location: desk.location(),
            path: desk.path().map(Into::into),
            read_only: desk.is_read_only(),
            shared: desk.is_shared(),
        };
        let shared = Arc::new(Shared {
            desk: Mutex::new(desk),
            queue: Mutex::new(Queue::default()),
            done: Condvar::new(),
            wake: Mutex::new(None),
        });
        let (jobs, inbox) = mpsc::channel::<Job>();
        let on_thread = Arc::clone(&shared);
        let thread = std::thread::Builder::new().name("stecca-desk".into()).spawn(move || {
            for job in inbox {
                on_thread.run(job);
            }
        });
        match thread {
            Ok(thread) => Worker { jobs: Some(jobs), shared, facts, thread: Some(thread) },
            Err(_) => Worker { jobs: None, shared, facts, thread: None },
        }
    }

    /// What does not change while the desk is open.
    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// Tells the window through `wake` each time a job is done.
    pub fn set_wake(&self, wake: impl Fn() + Send + Sync + 'static) {
        *self.shared.wake.lock().unwrap_or_else(PoisonError::into_inner) = Some(Box::new(wake));
    }

    /// Queues `job`; it runs after every job sent before it.
    pub fn send(&self, job: impl FnOnce(&mut Desk) + Send + 'static) {
        self.shared.queue().waiting += 1;
        let job: Job = Box::new(job);
        let Some(jobs) = &self.jobs else { return self.shared.run(job) };
        if let Err(returned) = jobs.send(job) {
            // The thread is gone (it never is while the worker lives): the job runs here rather than not at all.
            self.shared.run(returned.0);
        }
    }

    /// How many jobs are queued or running.
    pub fn waiting(&self) -> usize {
        self.shared.queue().waiting
    }

    /// How long the job running now has been running.
    pub fn running_for(&self) -> Option<Duration> {
        self.shared.queue().running_since.map(|since| since.elapsed())
    }

    /// Blocks until every job sent so far is done (tests and scripted runs; a window never calls it).
    pub fn wait_idle(&self) {
        let mut queue = self.shared.queue();
        while queue.waiting > 0 {
            queue = self.shared.done.wait(queue).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// The desk itself, once the worker is idle, for the tests that check what it wrote.
    #[cfg(feature = "inspect")]
    pub fn desk(&self) -> MutexGuard<'_, Desk> {
        self.wait_idle();
        self.shared.desk.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Shared {
    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs one job, then says it is done: to the window first, then to whoever waits for the queue to empty.
    fn run(&self, job: Job) {
        self.queue().running_since = Some(Instant::now());
        {
            let mut desk = self.desk.lock().unwrap_or_else(PoisonError::into_inner);
            // A job that panicked said nothing; the worker goes on with the next one rather than leaving the
            // window waiting for ever.
            let _ = std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut desk)));
        }
        {
            let mut queue = self.queue();
            queue.waiting = queue.waiting.saturating_sub(1);
            queue.running_since = None;
        }
        if let Some(wake) = self.wake.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
            wake();
        }
        self.done.notify_all();
    }
}

impl Drop for Worker {
    /// Lets the queued jobs finish (a manche being saved is saved), then ends the thread.
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker").field("facts", &self.facts).field("waiting", &self.waiting()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn worker() -> Worker {
        Worker::spawn(Desk::new(Store::open_in_memory().unwrap()))
    }

    #[test]
    fn jobs_run_in_the_order_they_were_sent_and_wake_the_window_each_time() {
        let worker = worker();
        let woken = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&woken);
        worker.set_wake(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let (tx, rx) = mpsc::channel();
        for i in 0..5 {
            let tx = tx.clone();
            worker.send(move |desk| {
                tx.send((i, desk.tournaments().unwrap().len())).unwrap();
            });
        }
        worker.wait_idle();
        assert_eq!(worker.waiting(), 0);
        assert_eq!(rx.try_iter().collect::<Vec<_>>(), (0..5).map(|i| (i, 0)).collect::<Vec<_>>());
        assert_eq!(woken.load(Ordering::SeqCst), 5);
    }

    #[test]
    fn a_job_that_panics_does_not_stop_the_next_one() {
        let worker = worker();
        worker.send(|_| panic!("a job gone wrong"));
        let (tx, rx) = mpsc::channel();
        worker.send(move |desk| tx.send(desk.is_read_only()).unwrap());
        worker.wait_idle();
        assert_eq!(rx.try_recv(), Ok(false));
    }

    #[test]
    fn while_a_job_runs_the_queue_says_so_without_waiting_for_it() {
        let worker = worker();
        let (release, gate) = mpsc::channel::<()>();
        let (started_tx, started) = mpsc::channel::<()>();
        worker.send(move |_| {
            started_tx.send(()).unwrap();
            gate.recv().unwrap();
        });
        worker.send(|_| {});
        started.recv().unwrap();
        assert_eq!(worker.waiting(), 2);
        assert!(worker.running_for().is_some());
        release.send(()).unwrap();
        worker.wait_idle();
        assert_eq!(worker.running_for(), None);
    }
}
