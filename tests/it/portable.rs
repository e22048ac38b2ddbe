//! Portability held by a test: Windows and macOS releases are planned (docs/packaging.md, "Windows and macOS"), so
//! nothing in the program's own crates may call what only Unix has outside an item marked `#[cfg(unix)]`, and every
//! function so marked has a branch for the other systems beside it (`#[cfg(not(unix))]` or `#[cfg(windows)]`, same
//! name, same file). A statement or a match arm marked `#[cfg(unix)]` needs no branch: elsewhere it is simply absent.
//!
//! Unix-only means: `std::os::unix`, the `libc` and `nix` crates, and paths under `/etc`, `/dev`, `/proc`, `/sys`
//! written as string literals. Unit tests (`#[cfg(test)]`) and documentation are not the program and are skipped.
//! The files are read as token trees (`proc-macro2`, already here for the house test), so comments and strings
//! never look like code.

use std::collections::BTreeSet;
use std::str::FromStr;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

use crate::common::{PROGRAM_SOURCES, repo_root, rust_files};

const UNIX_PATHS: [&str; 4] = ["\"/etc/", "\"/dev/", "\"/proc/", "\"/sys/"];

#[derive(Debug, Default)]
struct Findings {
    /// Unix-only uses outside `#[cfg(unix)]`, with the tokens around them.
    outside: Vec<String>,
    /// Functions marked `#[cfg(unix)]`.
    unix_fns: BTreeSet<String>,
    /// Functions marked for the other systems.
    other_fns: BTreeSet<String>,
}

#[derive(Clone, Copy, PartialEq)]
enum Cfg {
    Unix,
    NotUnix,
    Test,
}

/// The configuration an attribute's tokens (inside `#[…]`) select, when it is one of ours.
fn cfg_of(attribute: &TokenStream) -> Option<Cfg> {
    let text: String = attribute.to_string().chars().filter(|c| !c.is_whitespace()).collect();
    match text.as_str() {
        "cfg(unix)" | "cfg(target_family=\"unix\")" => Some(Cfg::Unix),
        "cfg(not(unix))" | "cfg(windows)" | "cfg(target_os=\"windows\")" => Some(Cfg::NotUnix),
        "cfg(test)" => Some(Cfg::Test),
        _ => None,
    }
}

/// Where the item or statement starting at `from` ends: its first `;` or `,`, or its first brace group.
fn extent_end(tokens: &[TokenTree], from: usize) -> usize {
    for (i, token) in tokens.iter().enumerate().skip(from) {
        match token {
            TokenTree::Punct(p) if p.as_char() == ';' || p.as_char() == ',' => return i,
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => return i,
            _ => {}
        }
    }
    tokens.len().saturating_sub(1)
}

/// The name of the function an extent declares, if it declares one.
fn fn_name(tokens: &[TokenTree]) -> Option<String> {
    let at = tokens.iter().position(|t| matches!(t, TokenTree::Ident(i) if i == "fn"))?;
    match tokens.get(at + 1) {
        Some(TokenTree::Ident(name)) => Some(name.to_string()),
        _ => None,
    }
}

fn is_path_sep(tokens: &[TokenTree], at: usize) -> bool {
    matches!((tokens.get(at), tokens.get(at + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == ':' && b.as_char() == ':')
}

/// Whether the token at `at` starts a Unix-only use.
fn unix_only_at(tokens: &[TokenTree], at: usize) -> bool {
    match &tokens[at] {
        TokenTree::Ident(ident) if (ident == "libc" || ident == "nix") && is_path_sep(tokens, at + 1) => true,
        TokenTree::Ident(ident) if ident == "unix" && at >= 3 => {
            matches!(&tokens[at - 3], TokenTree::Ident(os) if os == "os") && is_path_sep(tokens, at - 2)
        }
        TokenTree::Literal(literal) => {
            let text = literal.to_string();
            UNIX_PATHS.iter().any(|prefix| text.starts_with(prefix))
        }
        _ => false,
    }
}

fn context(tokens: &[TokenTree], at: usize) -> String {
    let from = at.saturating_sub(4);
    let to = (at + 5).min(tokens.len());
    tokens[from..to].iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn scan(stream: TokenStream, under_unix: bool, found: &mut Findings) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut pending: Option<Cfg> = None;
    let mut i = 0;
    while i < tokens.len() {
        if let (TokenTree::Punct(hash), Some(TokenTree::Group(attribute))) = (&tokens[i], tokens.get(i + 1))
            && hash.as_char() == '#'
            && attribute.delimiter() == Delimiter::Bracket
        {
            pending = cfg_of(&attribute.stream()).or(pending);
            i += 2;
            continue;
        }
        if let Some(cfg) = pending.take() {
            let end = extent_end(&tokens, i);
            let extent = &tokens[i..=end];
            match cfg {
                Cfg::Test => {}
                Cfg::Unix => {
                    if let Some(name) = fn_name(extent) {
                        found.unix_fns.insert(name);
                    }
                    scan(extent.iter().cloned().collect(), true, found);
                }
                Cfg::NotUnix => {
                    if let Some(name) = fn_name(extent) {
                        found.other_fns.insert(name);
                    }
                    scan(extent.iter().cloned().collect(), under_unix, found);
                }
            }
            i = end + 1;
            continue;
        }
        match &tokens[i] {
            TokenTree::Group(group) => scan(group.stream(), under_unix, found),
            _ if !under_unix && unix_only_at(&tokens, i) => found.outside.push(context(&tokens, i)),
            _ => {}
        }
        i += 1;
    }
}

/// What one file's source says: Unix-only uses outside `#[cfg(unix)]`, and `#[cfg(unix)]` functions without a
/// branch for the other systems.
fn problems(source: &str) -> Vec<String> {
    let stream = TokenStream::from_str(source).expect("the file tokenizes");
    let mut found = Findings::default();
    scan(stream, false, &mut found);
    let mut problems: Vec<String> =
        found.outside.iter().map(|c| format!("Unix-only outside #[cfg(unix)]: {c}")).collect();
    for name in found.unix_fns.difference(&found.other_fns) {
        problems.push(format!("fn {name} is #[cfg(unix)] with no #[cfg(not(unix))] branch beside it"));
    }
    problems
}

#[test]
fn the_program_calls_nothing_unix_only_outside_cfg_unix_and_every_unix_function_has_its_other_branch() {
    // Tests, benches and examples are not shipped: only the program's own crates are read.
    let files: Vec<_> = PROGRAM_SOURCES.iter().flat_map(|folder| rust_files(&repo_root().join(folder))).collect();
    assert!(files.len() > 50, "the sources were found ({} files)", files.len());
    let mut all = Vec::new();
    let mut unix_fns = 0;
    for file in &files {
        let source = std::fs::read_to_string(file).expect("source");
        unix_fns += source.matches("#[cfg(unix)]").count();
        all.extend(problems(&source).into_iter().map(|p| format!("{}: {p}", file.display())));
    }
    assert!(unix_fns > 0, "the scan saw the #[cfg(unix)] items there are");
    assert!(all.is_empty(), "not portable:\n{}", all.join("\n"));
}

#[test]
fn the_scan_finds_a_unix_call_outside_cfg_and_a_unix_function_alone() {
    let bare = r#"fn host() -> Option<String> { std::fs::read_to_string("/etc/hostname").ok() }"#;
    assert_eq!(problems(bare).len(), 1, "{:?}", problems(bare));
    let os = "fn mode(m: &std::fs::Metadata) -> u32 { use std::os::unix::fs::PermissionsExt; m.permissions().mode() }";
    assert_eq!(problems(os).len(), 1);
    let libc = "fn flags() -> i32 { libc::O_NOFOLLOW }";
    assert_eq!(problems(libc).len(), 1);
    let alone = "#[cfg(unix)]\nfn flags() -> i32 { libc::O_NOFOLLOW }";
    assert_eq!(problems(alone), vec!["fn flags is #[cfg(unix)] with no #[cfg(not(unix))] branch beside it"]);
    let paired = "/// Reads `/etc/hostname`.\n#[cfg(unix)]\nfn flags() -> i32 { libc::O_NOFOLLOW }\n\
                  #[cfg(not(unix))]\nfn flags() -> i32 { 0 }";
    assert!(problems(paired).is_empty(), "{:?}", problems(paired));
    let statement =
        "fn b(x: &mut B) { #[cfg(unix)]\n x.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666)); }";
    assert!(problems(statement).is_empty(), "{:?}", problems(statement));
    let test_only = "#[cfg(test)]\nmod tests { fn t() { let _ = \"/dev/null\"; } }";
    assert!(problems(test_only).is_empty());
}
