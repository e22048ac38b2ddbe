//! Records which commit the binary was built from, for `stecca --version`: `STECCA_COMMIT` when the packager
//! sets it (a build from a source archive has no git history), else `git log` of this checkout, else
//! "unknown".

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=STECCA_COMMIT");
    // A new commit moves HEAD or the branch it names; either reruns this script.
    for watched in [".git/HEAD", ".git/refs/heads", ".git/packed-refs"] {
        if std::path::Path::new(watched).exists() {
            println!("cargo:rerun-if-changed={watched}");
        }
    }
    let commit = std::env::var("STECCA_COMMIT").ok().filter(|c| !c.trim().is_empty()).or_else(git_commit);
    println!("cargo:rustc-env=STECCA_COMMIT={}", commit.as_deref().unwrap_or("unknown").trim());
}

/// `HASH (DATE)` of HEAD, in one call to git.
fn git_commit() -> Option<String> {
    let output = Command::new("git").args(["log", "-1", "--abbrev=12", "--format=%h (%cs)"]).output().ok()?;
    let commit = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    (output.status.success() && !commit.is_empty()).then_some(commit)
}
