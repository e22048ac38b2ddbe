//! The board in a real browser: headless Chromium (Debian's `chromium` package, which `.ci/run` installs) lays
//! out every page at a phone's width and a desktop's, and nothing is wider than the screen; the standings and
//! the seating are photographed at both widths and compared with the screenshots kept beside the tests (looked
//! at when they were made; `UPDATE_SNAPSHOTS=1` makes them again).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use stecca::board::{Limits, Options, RunningBoard};
use stecca::store::Store;
use stecca::tournament::PlayerData;

use crate::common::http::get;
use crate::common::repo_root;

/// The phone: 360 points wide, the narrowest common Android screen.
const PHONE: (u32, u32) = (360, 780);
/// A laptop or the hall's projector.
const DESKTOP: (u32, u32) = (1280, 800);

/// Debian's Chromium.
fn chromium() -> PathBuf {
    let found = ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::var_os("PATH")
            .and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join(name)).find(|p| p.exists()))
    });
    found.expect("the board's browser test needs headless Chromium: Debian's chromium package (.ci/run installs it)")
}

/// Runs Chromium headless on `url` with `arguments`; returns what it printed. A browser that dies before it has
/// shown the page (once in CI, 2026-11-29: "Zygote could not fork" while other tests ran) is started once more,
/// saying so; what the page shows is never retried, only the browser's own failure to run.
pub(crate) fn run_chromium(arguments: &[String], url: &str) -> String {
    let run = || {
        let profile = tempfile::tempdir().expect("profile");
        Command::new(chromium())
            .args(["--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars", "--mute-audio"])
            // As root (CI) Chromium runs only without its sandbox; the pages are ours, served on 127.0.0.1.
            .arg("--no-sandbox")
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args(arguments)
            .arg(url)
            .output()
            .expect("chromium runs")
    };
    let mut output = run();
    if !output.status.success() {
        eprintln!("chromium failed, started once more: {}", String::from_utf8_lossy(&output.stderr));
        output = run();
    }
    assert!(output.status.success(), "chromium: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// For each page, its width as laid out in a frame `width` points wide, and the frame's: every page goes into
/// its own frame (`srcdoc`, so the measuring script may look inside) of one document, measured in one run.
pub(crate) fn laid_out_widths(pages: &[(String, String)], width: u32, dir: &Path) -> Vec<(String, u32, u32)> {
    let mut document = String::from("<!doctype html><html><body style=\"margin:0\">");
    for (i, (_, html)) in pages.iter().enumerate() {
        let escaped = html.replace('&', "&amp;").replace('"', "&quot;");
        document.push_str(&format!(
            "<iframe id=\"f{i}\" width=\"{width}\" height=\"6000\" style=\"border:0;display:block\" srcdoc=\"{escaped}\"></iframe>"
        ));
    }
    document.push_str(
        "<script>addEventListener('load',function(){var out=[];document.querySelectorAll('iframe').forEach(\
         function(f){var e=f.contentDocument.documentElement;out.push(e.scrollWidth+'/'+e.clientWidth);});\
         document.body.setAttribute('data-widths',out.join(' '));});</script></body></html>",
    );
    let file = dir.join(format!("pages-{width}.html"));
    std::fs::write(&file, document).expect("written");
    let dom = run_chromium(
        &["--window-size=1400,900".into(), "--virtual-time-budget=5000".into(), "--dump-dom".into()],
        &format!("file://{}", file.display()),
    );
    let widths = dom.split("data-widths=\"").nth(1).and_then(|rest| rest.split('"').next()).expect("measured");
    pages
        .iter()
        .zip(widths.split(' '))
        .map(|((path, _), pair)| {
            let (scroll, client) = pair.split_once('/').expect("a pair");
            (path.clone(), scroll.parse().expect("n"), client.parse().expect("n"))
        })
        .collect()
}

/// Photographs `url` at `size` and compares it with the kept screenshot `name`: the same size, and at most
/// 2% of the pixels visibly different (the footer's time of reading changes from run to run).
fn photograph(url: &str, size: (u32, u32), name: &str, dir: &Path) {
    let shot = dir.join(format!("{name}.png"));
    run_chromium(
        &[
            format!("--window-size={},{}", size.0, size.1),
            "--virtual-time-budget=2000".into(),
            format!("--screenshot={}", shot.display()),
        ],
        url,
    );
    let taken = image::open(&shot).expect("a PNG").to_rgba8();
    assert_eq!(taken.dimensions(), size, "{name}");
    let kept_path = repo_root().join("tests/snapshots/board").join(format!("{name}.png"));
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    if update || !kept_path.exists() {
        std::fs::create_dir_all(kept_path.parent().expect("folder")).expect("folder");
        std::fs::copy(&shot, &kept_path).expect("kept");
        assert!(update, "{name}: no kept screenshot; written to {} — look at it, then commit it", kept_path.display());
        return;
    }
    let kept = image::open(&kept_path).expect("the kept PNG").to_rgba8();
    assert_eq!(kept.dimensions(), taken.dimensions(), "{name}: size changed");
    let differing = kept
        .pixels()
        .zip(taken.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 48))
        .count();
    let total = (size.0 * size.1) as usize;
    assert!(
        differing * 50 <= total,
        "{name}: {differing} of {total} pixels differ from {}; the new one is {}",
        kept_path.display(),
        shot.display()
    );
}

#[test]
fn every_page_fits_a_phone_and_a_desktop_in_chromium_and_looks_as_kept() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hall.db");
    let mut store = Store::open(&db).expect("store");
    let size =
        stecca::desk::DemoSize { players: 32, sessions: 3, club_weight: 0.0, ..stecca::desk::DemoSize::default() };
    let id = stecca::desk::create_demo(&mut store, size, 7, "demo").expect("demo");
    // The longest name a federation list holds, and a club name to match: they wrap, never widen the page.
    let players = store.players(id).expect("players");
    let long = &players[0];
    let data = PlayerData {
        name: "Maria Giovanna Bartolomea Dell'Acquasanta-Castelfranchi".into(),
        club: "Associazione Mahjong Circolo dei Fiori di Prugna di Firenze".into(),
        ..long.data.clone()
    };
    store.update_player(id, long.id, &data, "demo").expect("renamed");
    drop(store);

    let options = Options {
        listen: "127.0.0.1:0".parse().expect("address"),
        tournament: Some(id),
        every: Duration::from_millis(100),
        limits: Limits::default(),
        ..Options::default()
    };
    let board = RunningBoard::start_at(db.to_str().expect("path"), options).expect("starts");
    assert!(board.wait_for_first_look(Duration::from_secs(10)));
    let at = board.address();
    let paths = [
        "/".to_owned(),
        "/?lang=it".to_owned(),
        "/seating".to_owned(),
        "/find?name=ma".to_owned(),
        format!("/player/{}", long.id),
        "/nothing-here".to_owned(),
    ];
    let pages: Vec<(String, String)> = paths.iter().map(|p| (p.clone(), get(at, p).body)).collect();
    for (width, _) in [PHONE, DESKTOP] {
        for (path, scroll, client) in laid_out_widths(&pages, width, dir.path()) {
            assert!(client > 0 && client <= width, "{path} at {width}: a frame of {client}");
            assert!(scroll <= client, "{path} at {width} points is {scroll} wide: it scrolls sideways");
        }
    }

    let url = |path: &str| format!("http://{at}{path}");
    photograph(&url("/?lang=it"), PHONE, "standings-phone", dir.path());
    photograph(&url("/seating?lang=it"), PHONE, "seating-phone", dir.path());
    photograph(&url("/?lang=en"), DESKTOP, "standings-desktop", dir.path());
    photograph(&url("/seating?lang=en"), DESKTOP, "seating-desktop", dir.path());
}
