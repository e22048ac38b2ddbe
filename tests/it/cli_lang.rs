//! The command line speaks Italian or English: by `--lang`, or by the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`);
//! the JSON it writes for scripts is the same in both.

use std::process::Output;

use stecca::cli::locale_language;
use stecca::i18n::Lang;

fn run(args: &[&str], env: &[(&str, &str)], stdin: &str) -> Output {
    crate::common::cli::stecca_in_locale(args, env, stdin.as_bytes())
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_locale_names_the_language_in_posix_order() {
    let env = |vars: &'static [(&'static str, &'static str)]| {
        move |name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned())
    };
    assert_eq!(locale_language(env(&[("LANG", "it_IT.UTF-8")])), Lang::ITALIAN);
    assert_eq!(locale_language(env(&[("LANG", "it")])), Lang::ITALIAN);
    assert_eq!(locale_language(env(&[("LANG", "en_GB.UTF-8")])), Lang::ENGLISH);
    assert_eq!(locale_language(env(&[])), Lang::ENGLISH, "no locale: English");
    assert_eq!(locale_language(env(&[("LANG", "it_IT.UTF-8"), ("LC_ALL", "C")])), Lang::ENGLISH, "LC_ALL first");
    assert_eq!(locale_language(env(&[("LANG", "en_US"), ("LC_MESSAGES", "it_CH.UTF-8")])), Lang::ITALIAN);
    assert_eq!(locale_language(env(&[("LC_ALL", ""), ("LANG", "it_IT")])), Lang::ITALIAN, "an empty one is skipped");
    assert_eq!(locale_language(env(&[("LANG", "italic")])), Lang::ENGLISH, "only a language code counts");
}

#[test]
fn errors_are_said_in_italian_by_lang_or_by_the_locale_and_in_english_otherwise() {
    let missing = ["list", "--db", "/nonexistent/stecca-none.db"];
    let italian = run(&[&["--lang", "it"][..], &missing[..]].concat(), &[], "");
    assert!(stderr(&italian).contains("il database non esiste"), "{}", stderr(&italian));
    let by_locale = run(&missing, &[("LANG", "it_IT.UTF-8")], "");
    assert_eq!(stderr(&by_locale), stderr(&italian));
    let english = run(&missing, &[("LANG", "en_US.UTF-8")], "");
    assert!(stderr(&english).contains("no such database"), "{}", stderr(&english));
    let flag_wins = run(&[&["--lang", "en"][..], &missing[..]].concat(), &[("LANG", "it_IT.UTF-8")], "");
    assert_eq!(stderr(&flag_wins), stderr(&english));
}

/// A manche the rules refuse: the referee reads why in the locale's language; a script reading `--jsonl` gets
/// the same JSON either way.
#[test]
fn a_refused_manche_is_explained_in_italian_while_the_json_for_scripts_stays_the_same() {
    let manche = r#"{"rules":"fimj","round_wind":"E","players":[
        {"name":"Anna","seat":"E","hand":"[556b] 111c 999d EE RR","mahjong":true},
        {"name":"Bruno","seat":"S","hand":"123b"},{"name":"Carla","seat":"W","hand":"456c"},
        {"name":"Dario","seat":"N","hand":"789d"}]}"#;
    let italian = run(&["score"], &[("LANG", "it_IT.UTF-8")], manche);
    assert!(!italian.status.success());
    assert!(stderr(&italian).contains("una combinazione esposta deve essere"), "{}", stderr(&italian));
    let english = run(&["score"], &[], manche);
    assert!(stderr(&english).contains("an exposed group must be"), "{}", stderr(&english));

    let line = manche.replace('\n', " ");
    let jsonl_it = run(&["score", "--jsonl"], &[("LANG", "it_IT.UTF-8")], &line);
    let jsonl_en = run(&["score", "--jsonl"], &[], &line);
    assert_eq!(jsonl_it.stdout, jsonl_en.stdout, "the JSON does not change with the language");
    assert!(String::from_utf8_lossy(&jsonl_en.stdout).contains("an exposed group must be"));
}

/// The human lines a command prints (not its JSON) follow the language too.
#[test]
fn what_a_command_prints_for_people_follows_the_language() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("lang.db");
    let db = db.to_str().expect("path");
    let out = run(&["--lang", "it", "demo", "--db", db, "--players", "8", "--sessions", "2"], &[], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("8 giocatori, 2 sessioni"), "{said}");
    let listed = run(&["list", "--db", db], &[("LANG", "it_IT.UTF-8")], "");
    assert!(String::from_utf8_lossy(&listed.stdout).contains("\t8 giocatori\t"), "{listed:?}");
}
