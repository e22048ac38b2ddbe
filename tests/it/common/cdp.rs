//! A small Chrome DevTools Protocol client for the tests that drive a real browser: headless Chromium started
//! with `--remote-debugging-pipe`, which reads NUL-terminated JSON commands on its fd 3 and writes its answers
//! and events, NUL-terminated, on its fd 4. The workspace has no `unsafe` (no `pre_exec` to arrange the file
//! descriptors), so a shell moves our pipes there before it becomes Chromium: our stdin pipe is its fd 3, our
//! stdout pipe its fd 4. Every wait has a deadline: a browser that hangs fails the test instead of the run.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The longest wait for one answer or event (a page load included).
const WAIT: Duration = Duration::from_secs(30);

/// Debian's Chromium (as `board_browser.rs` finds it).
pub fn chromium() -> PathBuf {
    let found = ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::var_os("PATH")
            .and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join(name)).find(|p| p.exists()))
    });
    found.expect("the board's browser test needs headless Chromium: Debian's chromium package (.ci/run installs it)")
}

/// A page loaded by a navigation: the document's answer and the request the browser sent for it.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The answer's status (0 when the browser saw no answer).
    pub status: u64,
    /// The document's address.
    pub url: String,
    /// The request's method.
    pub method: String,
    /// The headers the browser really sent (cookies and `Origin` included), names in lower case.
    pub sent: Vec<(String, String)>,
}

impl Loaded {
    /// A header the browser sent.
    pub fn sent(&self, name: &str) -> Option<&str> {
        self.sent.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// One headless Chromium with one page (a tab), driven over the pipe.
pub struct Browser {
    child: Child,
    commands: Option<ChildStdin>,
    messages: Receiver<Value>,
    /// Events read while waiting for something else, oldest first.
    events: Vec<Value>,
    next_id: u64,
    session: String,
    log: PathBuf,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts Chromium (headless, a new profile, `arguments` added) and opens a page on `about:blank` with its
    /// page and network events on.
    pub fn start(arguments: &[String]) -> Browser {
        let profile = tempfile::tempdir().expect("profile");
        let log = profile.path().join("chromium.log");
        let mut line = format!(
            "exec 3<&0 0</dev/null 4>&1 1>/dev/null; exec '{}' --headless --disable-gpu --no-first-run \
             --no-default-browser-check --hide-scrollbars --mute-audio --no-sandbox --user-data-dir='{}' \
             --remote-debugging-pipe",
            chromium().display(),
            profile.path().display()
        );
        for argument in arguments {
            line.push_str(&format!(" '{argument}'"));
        }
        line.push_str(" about:blank");
        // As root (CI) Chromium runs only without its sandbox; the pages are ours, served on 127.0.0.1.
        let mut child = Command::new("bash")
            .args(["-c", &line])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("log"))
            .spawn()
            .expect("bash starts chromium");
        let commands = child.stdin.take().expect("fd 3");
        let answers = child.stdout.take().expect("fd 4");
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(answers);
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                if message.last() == Some(&0) {
                    message.pop();
                }
                if let Ok(value) = serde_json::from_slice::<Value>(&message)
                    && sender.send(value).is_err()
                {
                    return;
                }
                message.clear();
            }
        });
        let mut browser = Browser {
            child,
            commands: Some(commands),
            messages,
            events: Vec::new(),
            next_id: 0,
            session: String::new(),
            log,
            _profile: profile,
        };
        let target = browser.send(None, "Target.createTarget", json!({ "url": "about:blank" }));
        let target = target["targetId"].as_str().expect("a target").to_owned();
        let attached = browser.send(None, "Target.attachToTarget", json!({ "targetId": target, "flatten": true }));
        browser.session = attached["sessionId"].as_str().expect("a session").to_owned();
        browser.call("Page.enable", json!({}));
        browser.call("Network.enable", json!({}));
        browser.call("Runtime.enable", json!({}));
        browser
    }

    /// Sends a command (to the page's session, or to the browser) and returns its result.
    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut command = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            command["sessionId"] = json!(session);
        }
        let mut bytes = serde_json::to_vec(&command).expect("json");
        bytes.push(0);
        let pipe = self.commands.as_mut().expect("the browser's pipe");
        if let Err(error) = pipe.write_all(&bytes).and_then(|()| pipe.flush()) {
            panic!("{method}: the browser does not read: {error}{}", self.tail());
        }
        let deadline = Instant::now() + WAIT;
        loop {
            let message = self.next(deadline, method);
            if message["id"].as_u64() == Some(id) {
                if let Some(error) = message.get("error") {
                    panic!("{method}: {error}");
                }
                return message["result"].clone();
            }
            if message.get("method").is_some() {
                self.events.push(message);
            }
        }
    }

    /// The next message from the browser, before `deadline`.
    fn next(&mut self, deadline: Instant, waiting_for: &str) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(left) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => {
                panic!("no {waiting_for} from the browser within {WAIT:?}{}", self.tail())
            }
            Err(RecvTimeoutError::Disconnected) => panic!("the browser ended waiting for {waiting_for}{}", self.tail()),
        }
    }

    /// What Chromium last wrote on its standard error, for a failure's message.
    fn tail(&self) -> String {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let start = log.len().saturating_sub(2000);
        let start = (start..log.len()).find(|&i| log.is_char_boundary(i)).unwrap_or(log.len());
        format!("\nchromium said: {}", &log[start..])
    }

    /// A command to the page.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params)
    }

    /// The first event (already read or still to come) that `matches`, taken out of those kept.
    pub fn wait_for(&mut self, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
        if let Some(at) = self.events.iter().position(&matches) {
            return self.events.remove(at);
        }
        let deadline = Instant::now() + WAIT;
        loop {
            let message = self.next(deadline, what);
            if matches(&message) {
                return message;
            }
            if message.get("method").is_some() {
                self.events.push(message);
            }
        }
    }

    /// Runs `script` in the page and returns its value (a promise awaited); a script that throws fails the test.
    pub fn evaluate(&mut self, script: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": script, "returnByValue": true, "awaitPromise": true, "userGesture": true }),
        );
        if let Some(thrown) = result.get("exceptionDetails") {
            panic!("{script}\nthrew {thrown}");
        }
        result["result"]["value"].clone()
    }

    /// Opens `url` and waits for its load.
    pub fn navigate(&mut self, url: &str) -> Loaded {
        self.events.clear();
        let navigated = self.call("Page.navigate", json!({ "url": url }));
        assert!(navigated.get("errorText").is_none(), "{url}: {navigated}");
        self.loaded_as(url)
    }

    /// Runs `script` (a click that submits a form) and waits for `what`, the page it leads to.
    pub fn act(&mut self, script: &str, what: &str) -> Loaded {
        self.events.clear();
        self.evaluate(script);
        self.loaded_as(what)
    }

    /// Types `text` into the focused field as a keyboard (an input method) would.
    pub fn type_text(&mut self, text: &str) {
        self.call("Input.insertText", json!({ "text": text }));
    }

    /// Waits for the load of `what`; returns the document's answer and the request sent for it.
    fn loaded_as(&mut self, what: &str) -> Loaded {
        self.wait_for(&format!("load of {what}"), |e| e["method"] == "Page.loadEventFired");
        let document = |e: &Value| e["method"] == "Network.requestWillBeSent" && e["params"]["type"] == "Document";
        let Some(request) = self.events.iter().rev().find(|e| document(e)).cloned() else {
            return Loaded::default();
        };
        let id = request["params"]["requestId"].clone();
        let answer = self.wait_for("the document's answer", |e| {
            e["method"] == "Network.responseReceived" && e["params"]["requestId"] == id
        });
        let extra = self.wait_for("the headers sent", |e| {
            e["method"] == "Network.requestWillBeSentExtraInfo" && e["params"]["requestId"] == id
        });
        let sent = extra["params"]["headers"]
            .as_object()
            .map(|headers| {
                headers.iter().map(|(n, v)| (n.to_ascii_lowercase(), v.as_str().unwrap_or("").to_owned())).collect()
            })
            .unwrap_or_default();
        Loaded {
            status: answer["params"]["response"]["status"].as_u64().unwrap_or(0),
            url: answer["params"]["response"]["url"].as_str().unwrap_or("").to_owned(),
            method: request["params"]["request"]["method"].as_str().unwrap_or("").to_owned(),
            sent,
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Closing the pipe ends Chromium; killed (by its own id) if it has not ended in a while.
        let _ = self.send_close();
        self.commands.take();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if self.child.try_wait().is_ok_and(|status| status.is_some()) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Asks the browser to close, without waiting for its answer.
    fn send_close(&mut self) -> std::io::Result<()> {
        let pipe = self.commands.as_mut().ok_or(std::io::ErrorKind::BrokenPipe)?;
        pipe.write_all(b"{\"id\":0,\"method\":\"Browser.close\"}\0")?;
        pipe.flush()
    }
}
