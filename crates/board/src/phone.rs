//! The tables' phones on the board: the one write path of the site. A table's link (`/t/TOKEN`, printed on its
//! slip) shows that table and the form of its next manche; the form sent becomes a proposal the referee
//! confirms at the desk. The server never waits on the database on its own thread: every read and write of a
//! phone goes to the [`Writer`], a thread with its own desk (a second connection beside the feed's) fed by a
//! bounded queue, and the request awaits its answer for a bounded time.
//!
//! What keeps a hall full of phones safe is here too: the [`Guard`] counts wrong tokens and posts by client
//! address and blocks an address that guesses, and [`Csrf`] gives each form a token only this board and this
//! phone's cookie make.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ring::hmac;
use ring::rand::{SecureRandom, SystemRandom};
use stecca_core::message::{Explain, Message};
use stecca_core::msg;
use stecca_core::tournament::MancheEntry;
use stecca_desk::form::{FormView, read_form};
use stecca_desk::{Desk, DeskError, DeskResult, PhoneTable, Sent, StoreError, StoredManche};
use tokio::sync::oneshot;

use crate::answers::Limits;

/// What a phone asks of the writer.
#[derive(Debug)]
pub(crate) enum Ask {
    /// The table's page.
    Show,
    /// The page with the ruleset's answer to the form as posted.
    Preview {
        /// The manche the form was for.
        number: u32,
        /// The form's fields.
        pairs: Vec<(String, String)>,
    },
    /// The form sent as the table's manche.
    Send {
        /// The manche the form was for.
        number: u32,
        /// The form's fields.
        pairs: Vec<(String, String)>,
        /// The PINs typed, by seat position.
        pins: Vec<String>,
        /// Who sent it: the phone's address and what it says it is.
        sender: String,
    },
}

/// The writer's answer: the page to draw, or why there is none.
pub(crate) type Answer = Result<PhonePage, Fault>;

/// Why a phone gets no table.
#[derive(Debug)]
pub(crate) enum Fault {
    /// The token opens no table (wrong, revoked, or its session over): 404, counted.
    NotFound,
    /// The database could not answer.
    Trouble(Message),
    /// The writer's queue is full or it took too long: 503.
    Busy,
}

/// What became of a phone's post.
#[derive(Debug)]
pub(crate) enum Said {
    /// Sent: it waits for the referee.
    Queued(u32),
    /// The same manche was sent already (by another phone, or twice): it waits once.
    AlreadyQueued(u32),
    /// Every player vouched for it with their PIN: it is saved.
    Saved(u32),
    /// It does not score yet: the mistakes are beside the hands.
    NotValid,
    /// Refused, saying why (a wrong PIN naming the player, another entry waiting, not the next manche).
    Refused(Message),
    /// The desk has that manche already: what it has.
    Entered(Box<StoredManche>, Message),
}

/// The table's page as the writer read it.
#[derive(Debug)]
pub(crate) struct PhonePage {
    /// The table.
    pub(crate) table: PhoneTable,
    /// Each player's seat at the session's first manche (as the slip says it), by position.
    pub(crate) seats: Vec<Message>,
    /// The form of the next manche, as typed (none while a proposal waits or when the session is complete).
    pub(crate) form: Option<FormView>,
    /// The nets of the proposal waiting for the referee, as the ruleset scores it.
    pub(crate) waiting: Option<(u32, Vec<(String, i64)>)>,
    /// What became of the post.
    pub(crate) said: Option<Said>,
}

/// One phone's request to the writer.
struct Job {
    token: String,
    ask: Ask,
    reply: oneshot::Sender<Answer>,
}

/// The phones' side of the server: the writer's queue, the guard and the form tokens.
pub(crate) struct Phones {
    jobs: Result<SyncSender<Job>, Message>,
    pub(crate) guard: Guard,
    pub(crate) csrf: Option<Csrf>,
    pub(crate) counts: Arc<PhoneCounts>,
}

/// What the phones' guard counted since the board started.
#[derive(Debug, Default)]
pub struct PhoneCounts {
    /// Requests with a token that opens no table.
    pub wrong_tokens: AtomicU64,
    /// Times an address was blocked for guessing.
    pub blocks: AtomicU64,
    /// Requests refused because their address was blocked or posted too often.
    pub refused: AtomicU64,
    /// Requests answered "busy" (the writer's queue full, or no answer in time).
    pub busy: AtomicU64,
}

impl PhoneCounts {
    /// The counts now: wrong tokens, blocks, refused, busy.
    pub fn now(&self) -> [u64; 4] {
        [&self.wrong_tokens, &self.blocks, &self.refused, &self.busy].map(|c| c.load(Ordering::Relaxed))
    }
}

/// The writer's thread; ends when the server's side of its queue is dropped.
pub(crate) struct Writer {
    thread: Option<JoinHandle<()>>,
}

impl Drop for Writer {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Phones {
    /// The phones' side, with a writer on `desk` (its own connection; `Err`: the database gives no second
    /// connection, and the phones' pages say why).
    pub(crate) fn start(desk: DeskResult<Desk>, limits: &Limits) -> std::io::Result<(Phones, Writer)> {
        let counts = Arc::new(PhoneCounts::default());
        let guard = Guard::new(*limits, counts.clone());
        let csrf = Csrf::new();
        let desk = match desk {
            Ok(desk) => desk,
            Err(error) => {
                let phones = Phones { jobs: Err(error.message()), guard, csrf, counts };
                return Ok((phones, Writer { thread: None }));
            }
        };
        let (jobs, queue) = mpsc::sync_channel::<Job>(limits.phone_queue.max(1));
        let thread = std::thread::Builder::new().name("board-phones".into()).spawn(move || work(desk, &queue))?;
        Ok((Phones { jobs: Ok(jobs), guard, csrf, counts }, Writer { thread: Some(thread) }))
    }

    /// Asks the writer, waiting at most `limit` for its answer; a full queue is busy at once.
    pub(crate) async fn ask(&self, token: &str, ask: Ask, limit: Duration) -> Answer {
        let jobs = self.jobs.as_ref().map_err(|why| Fault::Trouble(why.clone()))?;
        let (reply, answer) = oneshot::channel();
        match jobs.try_send(Job { token: token.to_owned(), ask, reply }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(self.busy()),
            Err(TrySendError::Disconnected(_)) => return Err(Fault::Trouble(msg!("board.phone.no_writer"))),
        }
        match tokio::time::timeout(limit, answer).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => Err(Fault::Trouble(msg!("board.phone.no_writer"))),
            Err(_) => Err(self.busy()),
        }
    }

    fn busy(&self) -> Fault {
        self.counts.busy.fetch_add(1, Ordering::Relaxed);
        Fault::Busy
    }
}

/// The writer's loop: one job at a time, skipping those whose phone stopped waiting.
fn work(mut desk: Desk, queue: &Receiver<Job>) {
    while let Ok(job) = queue.recv() {
        if job.reply.is_closed() {
            continue;
        }
        let answer = answer(&mut desk, &job.token, job.ask);
        let _ = job.reply.send(answer);
    }
}

/// Reads (and for a send, writes) what a phone asked.
fn answer(desk: &mut Desk, token: &str, ask: Ask) -> Answer {
    let table = desk.phone_table(token).map_err(fault)?;
    let (said, typed) = match ask {
        Ask::Show => (None, None),
        Ask::Preview { number, pairs } => {
            let entry = typed_entry(&table, &pairs);
            (entered(&table, number), Some((number, entry)))
        }
        Ask::Send { number, pairs, pins, sender } => {
            let entry = typed_entry(&table, &pairs);
            let said = match desk.propose(token, number, &entry, &pins, &sender) {
                Ok(Sent::Queued(_)) => Said::Queued(number),
                Ok(Sent::AlreadyQueued(_)) => Said::AlreadyQueued(number),
                Ok(Sent::Saved(number)) => Said::Saved(number),
                Err(DeskError::Entry(_)) => Said::NotValid,
                Err(DeskError::Store(StoreError::Conflict(conflict))) => {
                    let why = conflict.message();
                    Said::Entered(Box::new(conflict.current), why)
                }
                Err(DeskError::Refused(why)) => Said::Refused(why),
                Err(other) => return Err(fault(other)),
            };
            // The table as it is now: the proposal waiting, or the manche saved.
            let table = desk.phone_table(token).map_err(fault)?;
            return Ok(page(table, Some(said), Some((number, entry))));
        }
    };
    Ok(page(table, said, typed))
}

/// What the desk has of manche `number`, when it has it (a form posted after the manche was entered).
fn entered(table: &PhoneTable, number: u32) -> Option<Said> {
    let stored = table.state.manches.get((number as usize).checked_sub(1)?)?;
    let why = msg!(
        "error.manche.entered_elsewhere",
        number = number,
        referee = stored.referee,
        time = crate::phone::clock_time(&stored.entered_at)
    );
    Some(Said::Entered(Box::new(stored.clone()), why))
}

/// "10:12" of a stored RFC 3339 time (the text itself when it is not one).
pub(crate) fn clock_time(stored: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(stored)
        .map(|t| t.with_timezone(&chrono::Local).format("%H:%M").to_string())
        .unwrap_or_else(|_| stored.to_owned())
}

fn typed_entry(table: &PhoneTable, pairs: &[(String, String)]) -> MancheEntry {
    let state = &table.state;
    read_form(state.rules.entry_model(), state.players.len(), &state.book, pairs)
}

/// The page of `table`: the form of its next manche (as `typed` when it was typed for that manche; else as the
/// referee rejected it, to be mended; else empty) unless a proposal of it waits, with that proposal's nets.
fn page(table: PhoneTable, said: Option<Said>, typed: Option<(u32, MancheEntry)>) -> PhonePage {
    let state = &table.state;
    let waiting = table.next.and_then(|next| {
        let proposal = table.waiting(next)?;
        let entry: MancheEntry = serde_json::from_str(&proposal.entry).ok()?;
        let nets = state.preview(next, &entry).map(|(_, outcome)| outcome.net).unwrap_or_default();
        Some((next, nets))
    });
    let form = match (table.next, &waiting) {
        (Some(next), None) => {
            let entry = match typed {
                Some((number, entry)) if number == next => entry,
                _ => table.rejected(next).and_then(|p| serde_json::from_str(&p.entry).ok()).unwrap_or_default(),
            };
            Some(state.form_view(next, &entry))
        }
        _ => None,
    };
    let seats = state.form_view(1, &MancheEntry::default()).columns.into_iter().map(|c| c.seat).collect();
    PhonePage { table, seats, form, waiting, said }
}

fn fault(error: DeskError) -> Fault {
    match error {
        DeskError::Store(StoreError::NotFound(_)) => Fault::NotFound,
        other => Fault::Trouble(other.message()),
    }
}

/// Counts by client address (see `answers::client_of`): wrong tokens (too many within the window block the
/// address for a while) and posts (too many within the window are refused).
pub(crate) struct Guard {
    records: Mutex<HashMap<IpAddr, Record>>,
    limits: Limits,
    counts: Arc<PhoneCounts>,
}

/// One client's recent history.
#[derive(Default)]
struct Record {
    wrong: VecDeque<Instant>,
    posts: VecDeque<Instant>,
    blocked_until: Option<Instant>,
}

/// The most clients remembered; past it, those with nothing recent are forgotten first.
const MAX_RECORDS: usize = 8192;

impl Guard {
    fn new(limits: Limits, counts: Arc<PhoneCounts>) -> Guard {
        Guard { records: Mutex::new(HashMap::new()), limits, counts }
    }

    fn with<T>(&self, client: IpAddr, change: impl FnOnce(&mut Record) -> T) -> T {
        let mut records = self.records.lock().unwrap_or_else(PoisonError::into_inner);
        if records.len() >= MAX_RECORDS && !records.contains_key(&client) {
            let now = Instant::now();
            let window = self.limits.wrong_window.max(self.limits.post_window);
            records.retain(|_, r| {
                r.blocked_until.is_some_and(|until| until > now)
                    || r.wrong.back().into_iter().chain(r.posts.back()).any(|&t| now.duration_since(t) < window)
            });
        }
        change(records.entry(client).or_default())
    }

    /// How long `client` stays blocked, when it is (the request is counted as refused).
    pub(crate) fn blocked(&self, client: IpAddr, now: Instant) -> Option<Duration> {
        let left = self.with(client, |record| {
            let until = record.blocked_until?;
            if until <= now {
                record.blocked_until = None;
                return None;
            }
            Some(until - now)
        })?;
        self.counts.refused.fetch_add(1, Ordering::Relaxed);
        Some(left)
    }

    /// Counts a wrong token from `client`; the one that reaches the limit within the window blocks it.
    pub(crate) fn wrong_token(&self, client: IpAddr, now: Instant) {
        self.counts.wrong_tokens.fetch_add(1, Ordering::Relaxed);
        let limits = self.limits;
        let blocked = self.with(client, |record| {
            forget_before(&mut record.wrong, now, limits.wrong_window);
            record.wrong.push_back(now);
            if record.wrong.len() < limits.wrong_tokens {
                return false;
            }
            record.wrong.clear();
            record.blocked_until = Some(now + limits.block_time);
            true
        });
        if blocked {
            self.counts.blocks.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Whether `client` may post now (counting the post), or has posted its share of the window.
    pub(crate) fn may_post(&self, client: IpAddr, now: Instant) -> bool {
        let limits = self.limits;
        let allowed = self.with(client, |record| {
            forget_before(&mut record.posts, now, limits.post_window);
            if record.posts.len() >= limits.posts {
                return false;
            }
            record.posts.push_back(now);
            true
        });
        if !allowed {
            self.counts.refused.fetch_add(1, Ordering::Relaxed);
        }
        allowed
    }
}

/// Drops the times older than `window` from the front of `times`.
fn forget_before(times: &mut VecDeque<Instant>, now: Instant, window: Duration) {
    while times.front().is_some_and(|&t| now.duration_since(t) >= window) {
        times.pop_front();
    }
}

/// The forms' tokens. A form's token is an HMAC, with a secret drawn when the board starts, over the phone's
/// cookie and the table's token: nothing to remember per phone (400 phones cost no memory, and no table of
/// tokens can be filled up by a client), a token read by another browser is worthless without this phone's
/// cookie (which is `HttpOnly` and `SameSite=Strict`: another site's page neither reads nor sends it), and a
/// restarted board simply asks the phone to load its page again.
pub(crate) struct Csrf {
    key: hmac::Key,
    random: SystemRandom,
}

/// The phone's cookie: 128 random bits in hexadecimal.
pub(crate) const COOKIE: &str = "phone";
const COOKIE_HEX: usize = 32;

impl Csrf {
    /// A new secret (`None`: the system gave no random numbers, and the phones cannot post).
    fn new() -> Option<Csrf> {
        let random = SystemRandom::new();
        let key = hmac::Key::generate(hmac::HMAC_SHA256, &random).ok()?;
        Some(Csrf { key, random })
    }

    /// A new cookie value.
    pub(crate) fn new_cookie(&self) -> Option<String> {
        let mut bytes = [0u8; COOKIE_HEX / 2];
        self.random.fill(&mut bytes).ok()?;
        Some(hex::encode(bytes))
    }

    /// Whether `value` is a cookie this board could have given (its shape only).
    pub(crate) fn is_cookie(value: &str) -> bool {
        value.len() == COOKIE_HEX && value.bytes().all(|b| b.is_ascii_hexdigit())
    }

    /// The token of the form `cookie`'s phone gets for the table of `table`.
    pub(crate) fn form_token(&self, cookie: &str, table: &str) -> String {
        hex::encode(hmac::sign(&self.key, &signed(cookie, table)))
    }

    /// Whether `posted` is the token of the form `cookie`'s phone got for the table of `table`.
    pub(crate) fn check(&self, cookie: &str, table: &str, posted: &str) -> bool {
        hex::decode(posted).is_ok_and(|tag| hmac::verify(&self.key, &signed(cookie, table), &tag).is_ok())
    }
}

fn signed(cookie: &str, table: &str) -> Vec<u8> {
    format!("{cookie}\n{table}").into_bytes()
}

/// The most characters of what a phone says it is, in a proposal's sender.
const AGENT_CHARS: usize = 60;

/// Who sent a proposal, as the referee's queue shows it: the phone's address and a short summary of its
/// `User-Agent` (what its first parentheses say, "Linux; Android 14; Pixel 7", else the start), printable
/// characters only, cut.
pub(crate) fn sender(address: IpAddr, agent: &str) -> String {
    let inside = agent.split_once('(').and_then(|(_, rest)| rest.split_once(')')).map(|(inside, _)| inside);
    let summary = inside.filter(|s| !s.trim().is_empty()).unwrap_or(agent);
    let clean: String = summary
        .chars()
        .map(|c| if c.is_ascii_graphic() { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(AGENT_CHARS)
        .collect();
    if clean.is_empty() { address.to_string() } else { format!("{address} {clean}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            wrong_tokens: 3,
            wrong_window: Duration::from_secs(60),
            block_time: Duration::from_secs(300),
            posts: 2,
            post_window: Duration::from_secs(60),
            ..Limits::default()
        }
    }

    #[test]
    fn wrong_tokens_within_the_window_block_the_address_for_a_while() {
        let counts = Arc::new(PhoneCounts::default());
        let guard = Guard::new(limits(), counts.clone());
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().expect("ip"), "10.0.0.2".parse().expect("ip"));
        let t0 = Instant::now();
        guard.wrong_token(a, t0);
        guard.wrong_token(a, t0 + Duration::from_secs(61));
        guard.wrong_token(a, t0 + Duration::from_secs(62));
        assert!(guard.blocked(a, t0 + Duration::from_secs(62)).is_none(), "the first fell out of the window");
        guard.wrong_token(a, t0 + Duration::from_secs(63));
        let left = guard.blocked(a, t0 + Duration::from_secs(64)).expect("blocked");
        assert_eq!(left, Duration::from_secs(299));
        assert!(guard.blocked(b, t0 + Duration::from_secs(64)).is_none(), "another address is not");
        assert!(guard.blocked(a, t0 + Duration::from_secs(363)).is_none(), "the block ends");
        assert_eq!(counts.now(), [4, 1, 1, 0]);
    }

    #[test]
    fn posts_are_bounded_by_address_and_window() {
        let guard = Guard::new(limits(), Arc::new(PhoneCounts::default()));
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let t0 = Instant::now();
        assert!(guard.may_post(a, t0) && guard.may_post(a, t0));
        assert!(!guard.may_post(a, t0 + Duration::from_secs(59)));
        assert!(guard.may_post(a, t0 + Duration::from_secs(60)));
    }

    #[test]
    fn a_form_token_belongs_to_one_phone_and_one_table() {
        let csrf = Csrf::new().expect("random");
        let cookie = csrf.new_cookie().expect("cookie");
        assert!(Csrf::is_cookie(&cookie));
        let token = csrf.form_token(&cookie, "abc");
        assert!(csrf.check(&cookie, "abc", &token));
        assert!(!csrf.check(&cookie, "abd", &token), "another table");
        assert!(!csrf.check(&csrf.new_cookie().expect("cookie"), "abc", &token), "another phone");
        assert!(!csrf.check(&cookie, "abc", ""));
        assert!(!csrf.check(&cookie, "abc", "zz"));
        let other = Csrf::new().expect("random");
        assert!(!other.check(&cookie, "abc", &token), "another board (or this one restarted)");
    }

    #[test]
    fn the_sender_is_the_address_and_a_short_clean_summary() {
        let ip: IpAddr = "192.168.1.7".parse().expect("ip");
        let agent = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko)";
        assert_eq!(sender(ip, agent), "192.168.1.7 Linux; Android 14; Pixel 7");
        assert_eq!(sender(ip, ""), "192.168.1.7");
        let hostile = format!("<script>\u{7}\n{}", "x".repeat(500));
        let said = sender(ip, &hostile);
        assert!(said.chars().count() <= "192.168.1.7 ".len() + AGENT_CHARS, "{said}");
        assert!(said.chars().all(|c| c.is_ascii_graphic() || c == ' '), "{said}");
    }
}
