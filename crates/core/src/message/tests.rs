//! Messages render in both languages; ids are checked when the code compiles (`msg!`, `text_id!`) and the locale
//! files when the core builds (`build.rs`), so these tests cover what is left: the run-time check that plug-in
//! rulesets' texts pass, and the same check `msg!` makes, called at run time.

use super::table::{TextsError, add_texts, check_use, find};
use super::*;

#[test]
fn a_message_is_rendered_in_each_language_with_its_arguments() {
    let message = msg!("error.player.duplicate", name = "Anna Rossi");
    assert_eq!(message.render(Lang::It), "«Anna Rossi» è già iscritto a questo torneo");
    assert_eq!(message.render(Lang::En), "“Anna Rossi” is already registered in this tournament");
    assert_eq!(message.to_string(), message.render(Lang::En));
    let nested = msg!("error.io.at", path = "/tmp/x.csv").arg_message("why", msg!("error.io.permission"));
    assert!(nested.render(Lang::It).contains("permesso"), "{}", nested.render(Lang::It));
    assert!(nested.render(Lang::En).contains("permission"), "{}", nested.render(Lang::En));
}

#[test]
fn places_are_ordinals_in_each_language() {
    let places = |lang| [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(|n| ordinal(n).render(lang)).join(" ");
    assert_eq!(places(Lang::En), "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st 111th");
    assert_eq!(places(Lang::It), "1° 2° 3° 4° 11° 12° 13° 21° 22° 23° 101° 111°");
}

#[test]
fn the_boards_counts_agree_in_both_languages() {
    assert_eq!(msg!("board.shown", shown = 1, total = 1).render(Lang::En), "1 of 1 player");
    assert_eq!(msg!("board.shown", shown = 1, total = 12).render(Lang::It), "1 di 12 giocatori");
    assert_eq!(msg!("board.card", name = "Anna", place = 3, points = 1).render(Lang::En), "Anna: place 3, 1 point");
    assert_eq!(msg!("board.card", name = "Anna", place = 3, points = 1).render(Lang::It), "Anna: 3º posto, 1 punto");
    assert_eq!(msg!("board.card", name = "Anna", place = 1, points = 40).render(Lang::It), "Anna: 1º posto, 40 punti");
}

#[test]
fn the_compiled_table_is_sorted_and_complete_in_both_languages() {
    assert!(table::TEXTS.len() > 500, "only {} texts compiled", table::TEXTS.len());
    assert!(table::TEXTS.windows(2).all(|w| w[0].key < w[1].key), "sorted, no key twice");
    for text in table::TEXTS {
        assert!(!text.it.is_empty() && !text.en.is_empty(), "{}", text.key);
        assert!(std::ptr::eq(find(text.key).expect("found"), text), "{}", text.key);
    }
    assert!(find("error.player").is_none() && find("zzz").is_none() && find("").is_none());
}

#[test]
fn an_unknown_id_or_argument_is_refused_as_msg_refuses_it_when_compiling() {
    check_use("error.player.duplicate", &["name"]);
    let unknown = std::panic::catch_unwind(|| check_use("error.player.duplicat", &[]));
    assert!(unknown.is_err(), "a misspelt id");
    let wrong_argument = std::panic::catch_unwind(|| check_use("error.player.duplicate", &["player"]));
    assert!(wrong_argument.is_err(), "an argument the text has no placeholder for");
}

#[test]
fn a_plug_in_brings_its_texts_checked_like_the_shipped_ones() {
    let italian = "plugtest:\n  hello: \"Ciao {name}\"\n";
    let english = "plugtest:\n  hello: \"Hello {name}\"\n";
    add_texts("plugtest", italian, english).expect("complete texts");
    let message = Message::new("plugtest.hello").arg("name", "Anna");
    assert_eq!(message.render(Lang::It), "Ciao Anna");
    assert_eq!(message.render(Lang::En), "Hello Anna");

    let problems = |it: &str, en: &str| match add_texts("plugbad", it, en) {
        Err(TextsError(problems)) => problems.join("\n"),
        Ok(()) => String::new(),
    };
    assert!(
        problems("plugbad:\n  a: \"A\"\n", "plugbad:\n  a: \"A\"\n  b: \"B\"\n")
            .contains("`plugbad.b` is missing in Italian")
    );
    assert!(problems("plugbad:\n  a: \"{x}\"\n", "plugbad:\n  a: \"{y}\"\n").contains("placeholders"));
    assert!(problems("other:\n  a: \"A\"\n", "other:\n  a: \"A\"\n").contains("must start with `plugbad.`"));
    assert!(problems("plugbad: [1]\n", "plugbad: [1]\n").contains("must be a string"));
    let shadowing = "plugbad:\n  a: \"A\"\nerror:\n  io:\n    full: \"x\"\n";
    assert!(problems(shadowing, shadowing).contains("must start with"), "the core's texts cannot be redefined");
    assert_eq!(Message::new("plugbad.a").render(Lang::En), "plugbad.a", "nothing of a refused plug-in was added");
}

#[test]
fn a_counted_noun_agrees_with_its_count_in_both_languages() {
    let one = msg!("players.complete", active = 1, tables = 1, size = 4);
    assert_eq!(one.render(Lang::It), "1 giocatore attivo: 1 tavolo da 4.");
    assert_eq!(one.render(Lang::En), "1 active player: 1 table of 4.");
    let many = msg!("players.complete", active = 8, tables = 2, size = 4);
    assert_eq!(many.render(Lang::It), "8 giocatori attivi: 2 tavoli da 4.");
    assert_eq!(many.render(Lang::En), "8 active players: 2 tables of 4.");
    let none = msg!("club.fewest", count = 0);
    assert_eq!(none.render(Lang::It), "0 trasferimenti, il minimo possibile");
}

#[test]
fn a_template_is_filled_in_one_pass() {
    let values = [("n", Cow::Borrowed("1")), ("name", Cow::Borrowed("{n} Anna"))];
    assert_eq!(fill("{n} {n|tavolo|tavoli} di {name}", &values), "1 tavolo di {n} Anna", "a value is not a template");
    let three = [("n", Cow::Borrowed(" 3 "))];
    assert_eq!(
        fill("{n|tavolo|tavoli}: {other} {n}", &three),
        "tavoli: {other}  3 ",
        "a placeholder without its value"
    );
    assert_eq!(fill("{n|sola}", &three), "sola", "one form for both");
    assert_eq!(fill("a { b {n} c", &three), "a { b  3  c", "a brace before a placeholder is text");
    assert_eq!(fill("aperta { senza chiusura", &three), "aperta { senza chiusura", "an unclosed brace is text");
    assert_eq!(fill("{\"balances\": {n}}", &three), "{\"balances\":  3 }", "JSON in a text");
    assert_eq!(fill("", &three), "");
}
