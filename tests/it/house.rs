//! The house's shape, held by tests as well as by the compiler: the crates' arrows go one way (the core needs no
//! GUI, database, PDF or command-line crate; the UI cannot reach the store), no screen or CLI command names the
//! store, and no crate has a cycle among its modules.
//!
//! A module cycle is read the way `cargo modules dependencies --acyclic` reads one, with one difference: a module
//! using what one of its ancestors defines is Rust's lexical scope (a child sees its parent), not a dependency,
//! so the module tree itself is not a cycle. Every other use — a path in code or a `use`, followed through
//! re-exports to the module that defines the item — is an arrow, and the arrows must have no cycle. The files
//! are read with `syn` rather than with `cargo-modules`, which builds rust-analyzer (tens of minutes here).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use syn::visit::Visit;

use crate::common::{PROGRAM_SOURCES, repo_root, rust_files};

type ModPath = Vec<String>;

/// The crate's modules by path (`lib.rs` / `main.rs` is the empty path), each with its parsed file.
fn modules(src: &Path) -> BTreeMap<ModPath, syn::File> {
    let mut found = BTreeMap::new();
    for path in rust_files(src) {
        let relative = path.strip_prefix(src).expect("inside").with_extension("");
        let mut parts: ModPath = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        match parts.last().map(String::as_str) {
            Some("lib" | "main") if parts.len() == 1 => parts.clear(),
            Some("mod") => {
                parts.pop();
            }
            _ => {}
        }
        let text = std::fs::read_to_string(&path).expect("source");
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{} does not parse: {e}", path.display()));
        found.insert(parts, file);
    }
    // A module compiled only for unit tests (`#[cfg(test)] mod tests;`) may use anything.
    let test_modules: Vec<ModPath> = found
        .iter()
        .flat_map(|(module, file)| {
            file.items.iter().filter_map(move |item| match item {
                syn::Item::Mod(m) if m.content.is_none() && test_only(&m.attrs) => {
                    Some(module.iter().cloned().chain([m.ident.to_string()]).collect())
                }
                _ => None,
            })
        })
        .collect();
    found.retain(|module, _| !test_modules.contains(module));
    found
}

/// Whether an item is compiled only for the crate's own unit tests (they may use anything).
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.path().is_ident("cfg") && a.meta.require_list().is_ok_and(|l| l.tokens.to_string() == "test"))
}

/// One `use` of a module: the path and the name it brings into scope.
struct Use {
    path: Vec<String>,
    name: String,
}

/// What a module's code names: its `use`s and every other path of two segments or more.
#[derive(Default)]
struct Names {
    uses: Vec<Use>,
    paths: Vec<Vec<String>>,
}

impl Names {
    fn use_tree(&mut self, prefix: &[String], tree: &syn::UseTree) {
        let joined = |last: String| prefix.iter().cloned().chain([last]).collect::<Vec<_>>();
        match tree {
            syn::UseTree::Path(p) => self.use_tree(&joined(p.ident.to_string()), &p.tree),
            syn::UseTree::Name(n) => {
                let name = n.ident.to_string();
                // `use a::{self}` brings `a` itself.
                let (path, name) = if name == "self" {
                    (prefix.to_vec(), prefix.last().cloned().unwrap_or_default())
                } else {
                    (joined(name.clone()), name)
                };
                self.uses.push(Use { path, name });
            }
            syn::UseTree::Rename(r) => {
                let path = if r.ident == "self" { prefix.to_vec() } else { joined(r.ident.to_string()) };
                self.uses.push(Use { path, name: r.rename.to_string() });
            }
            syn::UseTree::Glob(_) => self.paths.push(prefix.to_vec()),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }

    /// Paths inside a macro's tokens (`format!("{}", crate::x::y())`), which syn leaves unparsed.
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut current: Vec<String> = Vec::new();
        let mut colons = 0;
        let flush = |current: &mut Vec<String>, paths: &mut Vec<Vec<String>>| {
            if current.len() > 1 {
                paths.push(std::mem::take(current));
            }
            current.clear();
        };
        for token in tokens {
            match token {
                proc_macro2::TokenTree::Ident(ident) => {
                    if colons != 2 {
                        flush(&mut current, &mut self.paths);
                    }
                    current.push(ident.to_string());
                    colons = 0;
                }
                proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
                proc_macro2::TokenTree::Group(g) => {
                    flush(&mut current, &mut self.paths);
                    colons = 0;
                    self.tokens(g.stream());
                }
                proc_macro2::TokenTree::Punct(_) | proc_macro2::TokenTree::Literal(_) => {
                    flush(&mut current, &mut self.paths);
                    colons = 0;
                }
            }
        }
        flush(&mut current, &mut self.paths);
    }
}

impl<'ast> Visit<'ast> for Names {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(u) => &u.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&[], &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() > 1 {
            self.paths.push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }
}

/// Where a name brought in by `use` leads.
#[derive(Clone, Debug, PartialEq)]
enum Import {
    /// Another crate.
    Extern,
    /// A module of this crate.
    Module(ModPath),
    /// An item defined in (or re-exported by) a module of this crate.
    Item(ModPath),
}

struct Graph {
    modules: BTreeSet<ModPath>,
    imports: BTreeMap<ModPath, BTreeMap<String, Import>>,
}

impl Graph {
    /// The module `path` starts from, and the segments after it.
    fn base<'p>(&self, current: &[String], path: &'p [String]) -> Option<(ModPath, &'p [String])> {
        match path.first().map(String::as_str)? {
            "crate" => Some((Vec::new(), &path[1..])),
            "self" => Some((current.to_vec(), &path[1..])),
            "super" => {
                let mut base = current.to_vec();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                Some((base, rest))
            }
            first => {
                let child = current.iter().cloned().chain([first.to_owned()]).collect::<Vec<_>>();
                self.modules.contains(&child).then(|| (current.to_vec(), path))
            }
        }
    }

    /// The module a path leads to: the deepest module it names, followed through the `use`s of that module for
    /// the next segment; `None` for another crate's path.
    fn resolve(&self, current: &[String], path: &[String], depth: usize) -> Option<Import> {
        if depth > 16 {
            return None;
        }
        let first = path.first()?;
        let keyword = ["crate", "self", "super"].contains(&first.as_str());
        let child = current.iter().cloned().chain([first.clone()]).collect::<Vec<_>>();
        if !keyword && !self.modules.contains(&child) {
            // A name this module imported (or another crate, or a local item).
            return match self.imports.get(current)?.get(first)? {
                Import::Extern => Some(Import::Extern),
                Import::Item(module) => Some(Import::Item(module.clone())),
                Import::Module(module) => {
                    let rest: Vec<String> = ["self".to_owned()].into_iter().chain(path[1..].iter().cloned()).collect();
                    self.resolve(module, &rest, depth + 1)
                }
            };
        }
        let (mut module, rest) = self.base(current, path)?;
        let mut taken = 0;
        for segment in rest {
            let deeper = module.iter().cloned().chain([segment.clone()]).collect::<Vec<_>>();
            if !self.modules.contains(&deeper) {
                break;
            }
            module = deeper;
            taken += 1;
        }
        if taken == rest.len() {
            return Some(Import::Module(module));
        }
        // The next segment is an item of `module`: defined there, or brought in by one of its `use`s.
        match self.imports.get(&module).and_then(|names| names.get(&rest[taken])) {
            Some(Import::Extern) => Some(Import::Extern),
            Some(Import::Item(from) | Import::Module(from)) if *from != module => Some(Import::Item(from.clone())),
            _ => Some(Import::Item(module)),
        }
    }
}

fn module_name(path: &[String]) -> String {
    if path.is_empty() { "crate".to_owned() } else { path.join("::") }
}

/// The arrows between a crate's modules, each with one path that makes it, and the cycles among them.
fn cycles(src: &Path) -> Vec<Vec<String>> {
    let files = modules(src);
    let mut names: BTreeMap<ModPath, Names> = BTreeMap::new();
    for (module, file) in &files {
        let mut found = Names::default();
        found.visit_file(file);
        names.insert(module.clone(), found);
    }
    let mut graph = Graph { modules: files.keys().cloned().collect(), imports: BTreeMap::new() };
    // Imports resolve against each other (re-exports of re-exports): a few rounds reach the fixed point.
    for _ in 0..6 {
        let mut imports = BTreeMap::new();
        for (module, found) in &names {
            let mut map = BTreeMap::new();
            for u in &found.uses {
                let import = match graph.resolve(module, &u.path, 0) {
                    Some(Import::Module(m)) if m == *module => continue,
                    Some(import) => import,
                    None if !["crate", "self", "super"].contains(&u.path[0].as_str()) => Import::Extern,
                    None => continue,
                };
                map.insert(u.name.clone(), import);
            }
            imports.insert(module.clone(), map);
        }
        graph.imports = imports;
    }
    let mut arrows: BTreeMap<ModPath, BTreeMap<ModPath, String>> = BTreeMap::new();
    for (module, found) in &names {
        let paths = found.uses.iter().map(|u| &u.path).chain(found.paths.iter());
        for path in paths {
            let target = match graph.resolve(module, path, 0) {
                Some(Import::Module(t) | Import::Item(t)) => t,
                _ => continue,
            };
            // A module's own items, and its ancestors' (lexical scope), are not arrows.
            if target.len() <= module.len() && module[..target.len()] == target[..] {
                continue;
            }
            arrows.entry(module.clone()).or_default().entry(target).or_insert_with(|| path.join("::"));
        }
    }
    strongly_connected(&graph.modules, &arrows)
        .into_iter()
        .map(|component| {
            let mut lines: Vec<String> = Vec::new();
            for from in &component {
                for (to, why) in arrows.get(from).into_iter().flatten() {
                    if component.contains(to) {
                        lines.push(format!("{} -> {} ({why})", module_name(from), module_name(to)));
                    }
                }
            }
            lines
        })
        .collect()
}

/// Tarjan's strongly connected components of more than one module.
fn strongly_connected(
    modules: &BTreeSet<ModPath>,
    arrows: &BTreeMap<ModPath, BTreeMap<ModPath, String>>,
) -> Vec<BTreeSet<ModPath>> {
    struct Walk<'a> {
        arrows: &'a BTreeMap<ModPath, BTreeMap<ModPath, String>>,
        index: BTreeMap<ModPath, usize>,
        low: BTreeMap<ModPath, usize>,
        stack: Vec<ModPath>,
        on_stack: BTreeSet<ModPath>,
        found: Vec<BTreeSet<ModPath>>,
    }
    impl Walk<'_> {
        fn visit(&mut self, v: &ModPath) {
            let i = self.index.len();
            self.index.insert(v.clone(), i);
            self.low.insert(v.clone(), i);
            self.stack.push(v.clone());
            self.on_stack.insert(v.clone());
            for w in self.arrows.get(v).map(|a| a.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
                if !self.index.contains_key(&w) {
                    self.visit(&w);
                    let low = self.low[v].min(self.low[&w]);
                    self.low.insert(v.clone(), low);
                } else if self.on_stack.contains(&w) {
                    let low = self.low[v].min(self.index[&w]);
                    self.low.insert(v.clone(), low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(&w);
                    let done = w == *v;
                    component.insert(w);
                    if done {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        arrows,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for module in modules {
        if !walk.index.contains_key(module) {
            walk.visit(module);
        }
    }
    walk.found
}

#[test]
fn no_crate_has_a_cycle_among_its_modules() {
    let mut report = Vec::new();
    for src in PROGRAM_SOURCES {
        for cycle in cycles(&repo_root().join(src)) {
            report.push(format!("{src}:\n  {}", cycle.join("\n  ")));
        }
    }
    assert!(report.is_empty(), "module cycles:\n{}", report.join("\n"));
}

#[test]
fn the_cycle_finder_finds_a_cycle_between_siblings_and_none_in_a_parent_and_its_child() {
    let dir = tempfile::tempdir().expect("dir");
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
        std::fs::write(path, text).expect("write");
    };
    write("lib.rs", "mod a;\nmod b;\nmod tree;\npub use a::A;\n");
    write("a.rs", "pub struct A;\npub fn f() { crate::b::g() }\n");
    write("b.rs", "pub fn g() { format!(\"{:?}\", crate::A::default()); }\n");
    write("tree/mod.rs", "mod leaf;\npub struct Shared;\npub use leaf::Leaf;\n");
    write("tree/leaf.rs", "pub struct Leaf(super::Shared);\n#[cfg(test)]\nmod tests { use crate::a::A; }\n");
    let found = cycles(dir.path());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0], ["a -> b (crate::b::g)", "b -> a (crate::A::default)"]);
}

/// The workspace's packages and their direct normal dependencies, from `cargo metadata`.
fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = std::process::Command::new(cargo)
        .args(["metadata", "--no-deps", "--offline", "--format-version", "1"])
        .current_dir(repo_root())
        .output()
        .expect("cargo metadata");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let packages = metadata["packages"].as_array().expect("packages");
    packages
        .iter()
        .map(|p| {
            let normal = p["dependencies"].as_array().expect("dependencies").iter().filter(|d| d["kind"].is_null());
            let names = normal.map(|d| d["name"].as_str().expect("name").to_owned()).collect();
            (p["name"].as_str().expect("name").to_owned(), names)
        })
        .collect()
}

/// The ruleset crates (`crates/rules/<id>`), by package name.
fn ruleset_crates(deps: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    deps.keys().filter(|name| name.starts_with("stecca-rules-")).cloned().collect()
}

#[test]
fn the_arrows_between_the_crates_go_one_way() {
    let deps = dependencies();
    let ours =
        |package: &str| -> Vec<String> { deps[package].iter().filter(|d| d.starts_with("stecca")).cloned().collect() };
    assert_eq!(ours("stecca-locales"), Vec::<String>::new());
    assert_eq!(ours("stecca-seam"), ["stecca-locales"]);
    let rulesets = ruleset_crates(&deps);
    assert!(rulesets.len() >= 6, "{rulesets:?}");
    for ruleset in &rulesets {
        assert_eq!(ours(ruleset), ["stecca-seam"], "a ruleset reaches the seam only, never another ruleset");
    }
    assert_eq!(ours("stecca-toy-tre"), ["stecca-seam"], "the tests' toy ruleset is written as a shipped one is");
    let mut registry = rulesets.clone();
    registry.push("stecca-seam".to_owned());
    registry.sort();
    assert_eq!(ours("stecca-registry"), registry, "the registry lists the rulesets over the seam");
    assert_eq!(ours("stecca-core"), ["stecca-registry", "stecca-seam"]);
    assert_eq!(ours("stecca-store"), ["stecca-core"]);
    assert_eq!(ours("stecca-desk"), ["stecca-core", "stecca-store"]);
    assert_eq!(ours("stecca-board"), ["stecca-core", "stecca-desk"], "the board reads the desk's views only");
    assert_eq!(ours("stecca-ui"), ["stecca-board", "stecca-core", "stecca-desk"], "the UI cannot reach the store");
    let forbidden = ["egui", "eframe", "egui_extras", "rfd", "rusqlite", "rusqlite_migration", "postgres"];
    let forbidden: Vec<&str> = forbidden.into_iter().chain(["printpdf", "clap", "anyhow", "tokio"]).collect();
    let pure = ["stecca-locales", "stecca-seam", "stecca-registry", "stecca-core"].map(str::to_owned);
    for package in pure.iter().chain(&rulesets) {
        let found: Vec<_> = forbidden.iter().filter(|f| deps[package].contains(**f)).collect();
        assert!(found.is_empty(), "{package} depends on {found:?}");
    }
}

/// Only the registry names a ruleset's crate: the core, the shell and the other rulesets ask the registry for a
/// ruleset by id (the tests, benches and examples may call a ruleset's own functions).
#[test]
fn only_the_registry_names_a_ruleset_crate() {
    let mut offenders = Vec::new();
    let outside =
        PROGRAM_SOURCES.iter().filter(|s| !s.starts_with("crates/rules/") && !s.starts_with("crates/registry"));
    let rules = repo_root().join("crates/rules");
    for entry in std::fs::read_dir(&rules).expect("crates/rules") {
        let folder = entry.expect("entry").path();
        let own = format!("stecca_rules_{}", folder.file_name().expect("name").to_string_lossy());
        for path in rust_files(&folder.join("src")) {
            let text = std::fs::read_to_string(&path).expect("source");
            if text.replace(&own, "").contains("stecca_rules_") {
                offenders.push(path.display().to_string());
            }
        }
    }
    for folder in outside {
        for path in rust_files(&repo_root().join(folder)) {
            if std::fs::read_to_string(&path).expect("source").contains("stecca_rules_") {
                offenders.push(path.display().to_string());
            }
        }
    }
    assert!(offenders.is_empty(), "these name a ruleset's crate: {offenders:?}");
}

#[test]
fn no_screen_and_no_command_names_the_store() {
    let mut offenders = Vec::new();
    for src in ["crates/ui/src", "crates/board/src", "src/cli"] {
        for path in rust_files(&repo_root().join(src)) {
            let text = std::fs::read_to_string(&path).expect("source");
            if text.contains("stecca_store") || text.contains("crate::store") || text.contains("Store::") {
                offenders.push(path.display().to_string());
            }
        }
    }
    assert!(offenders.is_empty(), "these name the store instead of the desk: {offenders:?}");
}

/// The packages the `stecca` binary links, from `cargo metadata` with `features` (normal dependencies, followed
/// through the resolved graph).
fn linked_packages(features: &[&str]) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = std::process::Command::new(cargo)
        .args(["metadata", "--offline", "--format-version", "1"])
        .args(features)
        .current_dir(repo_root())
        .output()
        .expect("cargo metadata");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let name_of: BTreeMap<&str, &str> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| (p["id"].as_str().expect("id"), p["name"].as_str().expect("name")))
        .collect();
    let nodes = metadata["resolve"]["nodes"].as_array().expect("resolved");
    let node = |id: &str| nodes.iter().find(|n| n["id"].as_str() == Some(id)).expect("node");
    let root = name_of.iter().find(|(_, name)| **name == "stecca").map(|(id, _)| *id).expect("stecca");
    let (mut seen, mut todo) = (BTreeSet::new(), vec![root.to_owned()]);
    while let Some(id) = todo.pop() {
        if !seen.insert(id.clone()) {
            continue;
        }
        for dep in node(&id)["deps"].as_array().expect("deps") {
            let normal = dep["dep_kinds"].as_array().expect("kinds").iter().any(|k| k["kind"].is_null());
            if normal {
                todo.push(dep["pkg"].as_str().expect("pkg").to_owned());
            }
        }
    }
    seen.iter().map(|id| name_of[id.as_str()].to_owned()).collect()
}

/// A hall server without a display builds the command line and the board without the window's crates.
#[test]
fn a_build_without_the_gui_feature_links_no_window() {
    let window = ["stecca-ui", "eframe", "egui", "winit", "rfd", "glutin"];
    let full = linked_packages(&[]);
    assert!(window.iter().all(|w| full.contains(*w)), "the desk's build has its window");
    let headless = linked_packages(&["--no-default-features"]);
    let found: Vec<&&str> = window.iter().filter(|w| headless.contains(**w)).collect();
    assert!(found.is_empty(), "a headless build links {found:?}");
    assert!(headless.contains("stecca-board") && headless.contains("stecca-desk"), "{headless:?}");
}
