//! What the package installs, checked without building it (`scripts/install-test.sh` builds and installs it): the
//! desktop entry and the AppStream metadata name the window's application id and the release, every file the
//! Debian package lists is in the repository, each icon is the size its theme folder says, and
//! `stecca --version` names the release, the engine and the commit.

use std::path::Path;

use stecca::ui::APP_ID;

use crate::common::repo_root;

fn read(relative: &str) -> String {
    std::fs::read_to_string(repo_root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The value of `key=` in a desktop entry.
fn entry<'a>(desktop: &'a str, key: &str) -> Option<&'a str> {
    desktop.lines().find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
}

#[test]
fn the_desktop_entry_opens_the_desk_under_the_windows_id_in_italian_and_english() {
    let desktop = read(&format!("packaging/linux/{APP_ID}.desktop"));
    assert_eq!(entry(&desktop, "Exec"), Some("stecca"), "the desk opens with no arguments");
    assert_eq!(entry(&desktop, "Icon"), Some(APP_ID));
    assert_eq!(entry(&desktop, "StartupWMClass"), Some(APP_ID));
    assert_eq!(entry(&desktop, "Terminal"), Some("false"));
    for key in ["Name", "GenericName", "GenericName[it]", "Comment", "Comment[it]", "Keywords", "Keywords[it]"] {
        assert!(entry(&desktop, key).is_some_and(|v| !v.is_empty()), "{key}");
    }
    assert_ne!(entry(&desktop, "Comment"), entry(&desktop, "Comment[it]"), "the Italian comment is Italian");
}

#[test]
fn the_metadata_names_the_entry_and_this_release() {
    let metainfo = read(&format!("packaging/linux/{APP_ID}.metainfo.xml"));
    assert!(metainfo.contains(&format!("<id>{APP_ID}</id>")));
    assert!(metainfo.contains(&format!("<launchable type=\"desktop-id\">{APP_ID}.desktop</launchable>")));
    assert!(metainfo.contains("<binary>stecca</binary>"));
    let release = format!("<release version=\"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(metainfo.contains(&release), "the metadata lists release {}", env!("CARGO_PKG_VERSION"));
    assert!(metainfo.contains("<summary xml:lang=\"it\">"), "an Italian summary");
}

/// The source paths of `[package.metadata.deb]`'s assets.
fn deb_assets() -> Vec<String> {
    let manifest = read("Cargo.toml");
    let block = manifest.split("[package.metadata.deb]").nth(1).expect("the package's metadata");
    let assets = block.split("assets = [").nth(1).expect("its assets").split("\n]").next().expect("closed");
    assets.lines().filter_map(|line| line.trim().strip_prefix("[\"")?.split('"').next().map(str::to_owned)).collect()
}

#[test]
fn every_file_the_package_lists_is_in_the_repository() {
    let assets = deb_assets();
    assert!(assets.len() >= 15, "{assets:?}");
    for must in ["target/release/stecca", "LICENSE-MIT", "crates/desk/assets/fonts/DejaVu-LICENSE.txt"] {
        assert!(assets.iter().any(|a| a == must), "the package ships {must}");
    }
    for asset in assets.iter().filter(|a| !a.starts_with("target/")) {
        assert!(repo_root().join(asset).is_file(), "{asset} is listed but missing");
    }
    for size in [16, 32, 48, 64, 128, 256] {
        let png = format!("packaging/icons/hicolor/{size}x{size}/apps/{APP_ID}.png");
        assert!(assets.contains(&png), "the package ships the {size}px icon");
    }
}

/// Width and height from a PNG's header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("icon");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{} is a PNG", path.display());
    let number = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().expect("four bytes"));
    (number(16), number(20))
}

#[test]
fn each_icon_is_the_size_its_folder_says() {
    for size in [16, 32, 48, 64, 128, 256] {
        let path = repo_root().join(format!("packaging/icons/hicolor/{size}x{size}/apps/{APP_ID}.png"));
        assert_eq!(png_size(&path), (size, size), "{}", path.display());
    }
    assert!(read(&format!("packaging/icons/{APP_ID}.svg")).contains("<svg"));
    assert!(read("packaging/icons/LICENSE").contains("drawn for Stecca"));
}

#[test]
fn version_names_the_release_the_engine_and_the_commit() {
    let out = crate::common::cli::command().arg("--version").output().expect("stecca runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.first().copied(), Some(format!("stecca {}", env!("CARGO_PKG_VERSION")).as_str()), "{text}");
    assert_eq!(lines.get(1).copied(), Some(format!("engine {}", stecca::ENGINE_VERSION).as_str()), "{text}");
    let commit = lines.get(2).and_then(|l| l.strip_prefix("commit ")).expect("a commit line");
    // This checkout is a git clone, so the hash is known (a build from a source archive says "unknown").
    let hash = commit.split(' ').next().unwrap_or_default();
    assert!(hash.len() >= 7 && hash.chars().all(|c| c.is_ascii_hexdigit()), "{text}");
}

#[test]
fn the_manual_has_a_page_per_command_written_from_the_help_and_the_help_does_not_list_it() {
    let dir = tempfile::tempdir().expect("dir");
    let out = crate::common::cli::command().arg("man").arg(dir.path()).output().expect("stecca runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let page = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let release = format!("\"stecca {}\"", env!("CARGO_PKG_VERSION"));
    assert!(page("stecca.1").contains(&format!(".TH stecca 1  {release}")), "a manual page naming the release");
    // A command's page says its own options, as its --help does.
    let seat = page("stecca-seat.1");
    assert!(seat.contains("by\\-standings"), "stecca seat's page lists --by-standings");
    let title = format!(".TH stecca-club-new 1  {release}");
    assert!(page("stecca-club-new.1").contains(&title), "a command's page is named by its path");
    assert!(!dir.path().join("stecca-man.1").exists(), "the packager's command has no page");
    let help = crate::common::cli::command().arg("--help").output().expect("stecca runs");
    let help = String::from_utf8(help.stdout).expect("utf-8");
    assert!(help.contains("seat") && !help.contains("\n  man "), "{help}");
}

#[test]
fn the_manual_refuses_a_folder_that_is_a_file_and_a_link_at_a_pages_name_untouched() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("pages");
    std::fs::write(&file, "not a folder").expect("file");
    let out = crate::common::cli::command().arg("man").arg(&file).output().expect("stecca runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("stecca man") && stderr.contains("pages"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), "not a folder");

    #[cfg(unix)]
    {
        let target = dir.path().join("precious.txt");
        std::fs::write(&target, "precious").expect("target");
        let pages = dir.path().join("man");
        std::fs::create_dir(&pages).expect("folder");
        std::os::unix::fs::symlink(&target, pages.join("stecca.1")).expect("link");
        let out = crate::common::cli::command().arg("man").arg(&pages).output().expect("stecca runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && stderr.contains("stecca.1"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&target).expect("kept"), "precious", "the link's target is untouched");
    }
}
