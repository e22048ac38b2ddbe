//! A table's phone in a real browser (issue "The table enters its own hands"): headless Chromium at a phone's
//! width, driven over the DevTools protocol (`common::cdp`), fills one manche of every ruleset on its table's
//! page as a player would — typing the hands, ticking Mah Jong and the win flags (the board's `/phone.js`
//! previews each tick at once, and the typed text comes back with the page), pressing "Preview" then "Send" —
//! and the desk queues exactly that manche. The form is posted by the browser itself, so its defences are
//! those a phone meets: the `SameSite=Strict` cookie, the form's token and the `Origin` Chromium sends under
//! the page's `Referrer-Policy`. The same form on another site's page, even holding a leaked form token, is
//! refused and queues nothing.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use stecca::board::{Limits, Options, RunningBoard};
use stecca::desk::Desk;
use stecca::desk::form::read_form;
use stecca::rules::{Ruleset, rulesets};
use stecca::store::Store;
use stecca::tournament::MancheEntry;

use crate::common::cdp::{Browser, Loaded};
use crate::common::phones::{PhoneTable, one_table_a_ruleset};

/// The phone: 360 points wide, the narrowest common Android screen.
const WIDTH: u64 = 360;
/// What the phone says it is (the referee's queue shows it as the sender).
const ANDROID: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) \
                       Chrome/148.0.0.0 Mobile Safari/537.36";
/// The players of a table, as many as its ruleset seats.
const NAMES: [&str; 5] = ["Anna Dell'Acqua", "Bruno", "Carla", "Dario", "Elena"];

/// One table of its own tournament, seated for session 1, with its link.
/// A database with one tournament per ruleset given, and the board serving it.
struct Hall {
    _dir: tempfile::TempDir,
    desk: Desk,
    tables: Vec<PhoneTable>,
    board: RunningBoard,
}

fn hall(rulesets: &[&'static dyn Ruleset]) -> Hall {
    let dir = tempfile::tempdir().expect("dir");
    let db: PathBuf = dir.path().join("phones.db");
    let store = Store::open(&db).expect("store");
    let (desk, tables) = one_table_a_ruleset(store, rulesets, |seat| NAMES[seat].to_owned());
    let options = Options {
        listen: "127.0.0.1:0".parse().expect("address"),
        tournament: None,
        every: Duration::from_millis(100),
        // Every tick is a post from 127.0.0.1: more than a minute's share of one phone.
        limits: Limits { posts: 1000, ..Limits::default() },
        ..Options::default()
    };
    let board = RunningBoard::start_at(db.to_str().expect("path"), options).expect("starts");
    Hall { _dir: dir, desk, tables, board }
}

/// A manche of `seated`'s ruleset that scores, and the form's fields for it as `FormView::pairs` names them.
fn manche(desk: &Desk, seated: &PhoneTable) -> (MancheEntry, Vec<(String, String)>) {
    let state = desk.table_state(seated.table).expect("table");
    let frame = state.frame(1);
    let entry = (0..200u64)
        .map(|seed| MancheEntry::from_input(&state.rules.random_manche(seed, &frame)))
        .find(|entry| state.preview(1, entry).is_ok())
        .unwrap_or_else(|| panic!("{}: a random manche that scores", seated.rules));
    let pairs = state.form_view(1, &entry).pairs();
    (entry, pairs)
}

/// Chromium as a phone: 360 points wide, touch-sized, saying it is an Android phone that reads English.
fn phone(arguments: &[String]) -> Browser {
    let mut browser = Browser::start(arguments);
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": WIDTH, "height": 780, "deviceScaleFactor": 2, "mobile": true }),
    );
    browser.call("Emulation.setUserAgentOverride", json!({ "userAgent": ANDROID, "acceptLanguage": "en" }));
    browser
}

/// One of the form's controls as the page has it now.
#[derive(Debug)]
struct Control {
    name: String,
    /// `text`, `checkbox`, `radio`, `select-one`.
    kind: String,
    value: String,
    checked: bool,
}

impl Control {
    fn is_tick(&self) -> bool {
        self.kind == "checkbox" || self.kind == "radio"
    }
}

/// The form's controls a player fills (not its hidden fields, the PINs or the buttons).
fn controls(browser: &mut Browser) -> Vec<Control> {
    let found = browser.evaluate(
        "(() => { const f = document.querySelector('form.manche'); if (!f) return null;
           return Array.from(f.querySelectorAll('input, select'))
             .filter(e => e.name && e.type !== 'hidden' && e.type !== 'password')
             .map(e => ({ name: e.name, kind: e.type, value: e.value, checked: !!e.checked })); })()",
    );
    let Value::Array(found) = found else { panic!("no form on the page: {}", text_of(browser)) };
    found
        .iter()
        .map(|c| Control {
            name: c["name"].as_str().unwrap_or("").to_owned(),
            kind: c["kind"].as_str().unwrap_or("").to_owned(),
            value: c["value"].as_str().unwrap_or("").to_owned(),
            checked: c["checked"].as_bool().unwrap_or(false),
        })
        .collect()
}

/// The page's visible text.
fn text_of(browser: &mut Browser) -> String {
    browser.evaluate("document.body ? document.body.innerText : ''").as_str().unwrap_or("").to_owned()
}

/// A JavaScript string of `text`.
fn js(text: &str) -> String {
    serde_json::to_string(text).expect("json")
}

/// What filling a form took.
#[derive(Debug, Default)]
struct Filling {
    /// Ticks clicked, each a preview round trip by `/phone.js`.
    ticks: usize,
    /// Typed values found again, as typed, in the page a tick's preview brought back.
    kept: usize,
}

/// Fills the form on the page with `pairs` as a player does: types each text field and chooses each list's
/// value, then clicks the first tick still to set (its preview brings the page back, with a winner's fields
/// when it was Mah Jong), and again until the form holds every pair.
fn fill(browser: &mut Browser, pairs: &[(String, String)], what: &str) -> Filling {
    let mut filling = Filling::default();
    let mut typed: Vec<&(String, String)> = Vec::new();
    for _ in 0..=pairs.len() {
        let now = controls(browser);
        let text = |name: &str| now.iter().find(|c| !c.is_tick() && c.name == name);
        // The page a tick brought back holds what was typed before it.
        for (name, value) in &typed {
            let shown = text(name).map_or("(no field)", |c| c.value.as_str());
            assert_eq!(shown, value, "{what}: {name} typed before tick {}, lost by its preview", filling.ticks);
            filling.kept += 1;
        }
        for pair in pairs {
            let (name, value) = pair;
            let Some(control) = text(name) else { continue };
            if control.value != *value {
                enter(browser, control, value);
            }
            if !typed.contains(&pair) {
                typed.push(pair);
            }
        }
        let wanted = |c: &Control| pairs.iter().any(|(n, v)| *n == c.name && *v == c.value);
        // A tick to set, or one set that is not wanted (a radio's "nobody" goes when its player is chosen).
        let Some(tick) =
            now.iter().find(|c| c.is_tick() && (wanted(c) != c.checked) && (c.kind == "checkbox" || wanted(c)))
        else {
            check_holds(&controls(browser), pairs, what);
            return filling;
        };
        let click = format!(
            "Array.from(document.querySelectorAll('form.manche input')).find(e => e.name === {} && e.value === {}).click()",
            js(&tick.name),
            js(&tick.value)
        );
        let page = browser.act(&click, "the page /phone.js previews when a tick changes");
        assert_eq!((page.status, page.method.as_str()), (200, "POST"), "{what}: the tick's preview {page:?}");
        filling.ticks += 1;
    }
    panic!("{what}: the form never holds {pairs:?}: {:?}", controls(browser));
}

/// Types `value` into a text field (focused, its text selected, typed over as a keyboard does), or chooses it
/// in a list.
fn enter(browser: &mut Browser, control: &Control, value: &str) {
    let find = format!(
        "Array.from(document.querySelector('form.manche').elements).find(e => e.name === {})",
        js(&control.name)
    );
    if control.kind == "select-one" {
        let chosen = browser.evaluate(&format!(
            "(() => {{ const e = {find}; e.value = {}; e.dispatchEvent(new Event('change', {{ bubbles: true }})); \
             return e.value; }})()",
            js(value)
        ));
        assert_eq!(chosen.as_str(), Some(value), "{}: the list offers {value:?}", control.name);
        return;
    }
    let focused = browser.evaluate(&format!(
        "(() => {{ const e = {find}; e.scrollIntoView({{ block: 'center' }}); e.focus(); e.select(); \
         return document.activeElement === e; }})()"
    ));
    assert_eq!(focused, Value::Bool(true), "{}: focused", control.name);
    browser.type_text(value);
}

/// Every pair is in the form: its text typed, its tick set.
fn check_holds(now: &[Control], pairs: &[(String, String)], what: &str) {
    for (name, value) in pairs {
        let held = now
            .iter()
            .any(|c| c.name == *name && if c.is_tick() { c.value == *value && c.checked } else { c.value == *value });
        assert!(held, "{what}: the form does not hold {name}={value:?}: {now:?}");
    }
}

/// Clicks the form's button `value` ("preview", "send") and waits for the page it posts to.
fn press(browser: &mut Browser, value: &str) -> Loaded {
    let click = format!("document.querySelector('form.manche button[value={value}]').click()");
    browser.act(&click, &format!("the page after {value}"))
}

/// For every ruleset, one Chromium at a phone's width fills the next manche on its table's page, previews it
/// (the ruleset's answer shown as the desk previews it) and sends it: the desk queues that manche once, and
/// confirmed it is stored as if typed at the desk.
#[test]
fn every_rulesets_manche_filled_and_sent_in_chromium_at_a_phones_width_is_queued_as_typed() {
    let started = Instant::now();
    let mut hall = hall(rulesets());
    let at = hall.board.address();
    let origin = format!("http://{at}");
    let mut browser = phone(&[]);
    let mut said = Vec::new();
    for seated in &hall.tables {
        let rules = seated.rules;
        let began = Instant::now();
        let (entry, pairs) = manche(&hall.desk, seated);
        let state = hall.desk.table_state(seated.table).expect("table");
        let (_, typed_outcome) = state.preview(1, &entry).expect("scores");
        let url = format!("{origin}/t/{}", seated.token);

        let page = browser.navigate(&url);
        assert_eq!(page.status, 200, "{rules}: {page:?}");
        let filling = fill(&mut browser, &pairs, rules);
        let width = browser.evaluate("document.documentElement.scrollWidth").as_u64().unwrap_or(u64::MAX);
        assert!(width <= WIDTH, "{rules}: the filled form is {width} points wide on a {WIDTH}-point phone");

        let previewed = press(&mut browser, "preview");
        assert_eq!(previewed.status, 200, "{rules}: {previewed:?}");
        assert_eq!(previewed.sent("origin"), Some(origin.as_str()), "{rules}: {previewed:?}");
        assert!(previewed.sent("cookie").is_some_and(|c| c.contains("phone=")), "{rules}: {previewed:?}");
        let nets =
            browser.evaluate("Array.from(document.querySelectorAll('.outcome ul.nets li')).map(l => l.textContent)");
        let expected: Vec<String> = typed_outcome.net.iter().map(|(name, net)| format!("{name} {net:+}")).collect();
        assert_eq!(nets, json!(expected), "{rules}: the preview shows the ruleset's answer");
        check_holds(&controls(&mut browser), &pairs, rules);
        assert!(hall.desk.proposals(seated.tournament).expect("queue").is_empty(), "{rules}: a preview sends nothing");

        let sent = press(&mut browser, "send");
        assert_eq!((sent.status, sent.sent("origin")), (200, Some(origin.as_str())), "{rules}: {sent:?}");
        let text = text_of(&mut browser);
        assert!(text.contains("Manche 1 sent: it waits for the referee."), "{rules}: {text}");
        let queue = hall.desk.proposals(seated.tournament).expect("queue");
        assert_eq!(queue.len(), 1, "{rules}: one proposal");
        assert_eq!(queue[0].table, Some(seated.table), "{rules}: for its table");
        let posted = read_form(state.rules.entry_model(), state.players.len(), &state.book, &pairs);
        assert_eq!(queue[0].entry, posted, "{rules}: the proposal is the manche the form was filled with");
        assert_eq!(queue[0].proposal.sender, "127.0.0.1 Linux; Android 14; Pixel 7", "{rules}");
        let (_, confirmed) =
            hall.desk.confirm_proposal(seated.tournament, queue[0].proposal.id, None, "Rossi").expect("confirmed");
        assert_eq!(confirmed, typed_outcome, "{rules}: the outcome of the manche typed at the desk");
        said.push(format!(
            "{rules}: {} ticks previewed, {} typed values kept through them, {:?}",
            filling.ticks,
            filling.kept,
            began.elapsed()
        ));
    }
    eprintln!("every ruleset's manche in Chromium in {:?}: {}", started.elapsed(), said.join("; "));
}

/// Another site: one page, whatever is asked, on a port of its own (so `http://127.0.0.1:PORT` is another
/// origin of the same site as the board, and `http://evil.example:PORT`, mapped to 127.0.0.1, another site).
struct Site {
    address: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

fn serve(page: String) -> Site {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("address");
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    let thread = std::thread::spawn(move || {
        for stream in listener.incoming() {
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            let Ok(mut stream) = stream else { continue };
            let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).is_ok_and(|n| n == 1) {
                head.push(byte[0]);
            }
            let answer = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\n\
                 Connection: close\r\n\r\n{page}",
                page.len()
            );
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    Site { address, stop, thread: Some(thread) }
}

impl Drop for Site {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = TcpStream::connect(self.address);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Text for an HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The phone opened its table's page; a page of another site (and one of another port of the board's host)
/// then posts the table's form to the board — with the form token this phone was given, as if it had leaked —
/// when the player presses its button. Chromium posts it; the board refuses it (403) and queues nothing. The
/// same manche sent from the table's own page is queued.
#[test]
fn a_tables_form_posted_from_another_sites_page_in_chromium_is_refused() {
    let hall = hall(&[rulesets()[0]]);
    let at = hall.board.address();
    let origin = format!("http://{at}");
    let seated = &hall.tables[0];
    let url = format!("{origin}/t/{}", seated.token);
    let mut browser = phone(&["--host-resolver-rules=MAP evil.example 127.0.0.1".to_owned()]);
    let page = browser.navigate(&url);
    assert_eq!(page.status, 200, "{page:?}");
    let csrf = browser.evaluate("document.querySelector('input[name=csrf]').value");
    let csrf = csrf.as_str().expect("the form's token").to_owned();
    let (_, mut pairs) = manche(&hall.desk, seated);
    pairs.extend([("csrf".into(), csrf), ("number".into(), "1".into()), ("do".into(), "send".into())]);
    let fields: String = pairs
        .iter()
        .map(|(n, v)| format!("<input type=\"hidden\" name=\"{}\" value=\"{}\">", attribute(n), attribute(v)))
        .collect();
    let site = serve(format!(
        "<!doctype html><title>Win a prize</title><form method=\"post\" action=\"{}\">{fields}\
         <button id=\"go\">Win</button></form>",
        attribute(&url)
    ));
    let port = site.address.port();

    for (other, same_site) in
        [(format!("http://evil.example:{port}"), false), (format!("http://127.0.0.1:{port}"), true)]
    {
        let lure = browser.navigate(&format!("{other}/"));
        assert_eq!(lure.status, 200, "{other}: {lure:?}");
        let posted = browser.act("document.getElementById('go').click()", "the board's answer to another site's form");
        assert_eq!((posted.method.as_str(), posted.url.as_str()), ("POST", url.as_str()), "{posted:?}");
        assert_eq!(posted.status, 403, "{other}: {posted:?}");
        assert_eq!(posted.sent("origin"), Some(other.as_str()), "the browser says where the form was: {posted:?}");
        // Another site's page never carries the phone's cookie; another port of the same host does (a cookie
        // knows no ports), and the `Origin` alone refuses it.
        let cookie = posted.sent("cookie").is_some_and(|c| c.contains("phone="));
        assert_eq!(cookie, same_site, "{other}: {posted:?}");
        let text = text_of(&mut browser);
        assert!(text.contains("cannot be sent"), "{other}: {text}");
        assert!(hall.desk.proposals(seated.tournament).expect("queue").is_empty(), "{other}: nothing queued");
    }

    let page = browser.navigate(&url);
    assert_eq!(page.status, 200, "{page:?}");
    let own: Vec<_> = pairs.iter().filter(|(n, _)| !["csrf", "number", "do"].contains(&n.as_str())).cloned().collect();
    fill(&mut browser, &own, seated.rules);
    let sent = press(&mut browser, "send");
    assert_eq!((sent.status, sent.sent("origin")), (200, Some(origin.as_str())), "{sent:?}");
    assert!(text_of(&mut browser).contains("Manche 1 sent"), "the same manche from the table's own page");
    assert_eq!(hall.desk.proposals(seated.tournament).expect("queue").len(), 1);
    drop(site);
}
