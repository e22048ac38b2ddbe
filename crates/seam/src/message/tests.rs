//! Messages render in every language; ids are checked when the code compiles (`msg!`, `text_id!`) and the locale
//! files when the core builds (`build.rs`), so these tests cover what is left: the run-time check that plug-in
//! rulesets' texts pass, and the same check `msg!` makes, called at run time.

use super::*;
use crate::i18n::texts::{self as table, NO_TEXTS, TextsError, add_texts, check_use_in, find};

#[test]
fn a_message_is_rendered_in_each_language_with_its_arguments() {
    let message = msg!("error.player.duplicate", name = "Anna Rossi");
    assert_eq!(message.render(Lang::ITALIAN), "«Anna Rossi» è già iscritto a questo torneo");
    assert_eq!(message.render(Lang::ENGLISH), "“Anna Rossi” is already registered in this tournament");
    assert_eq!(message.to_string(), message.render(Lang::ENGLISH));
    let nested = msg!("error.io.at", path = "/tmp/x.csv").arg_message("why", msg!("error.io.permission"));
    assert!(nested.render(Lang::ITALIAN).contains("permesso"), "{}", nested.render(Lang::ITALIAN));
    assert!(nested.render(Lang::ENGLISH).contains("permission"), "{}", nested.render(Lang::ENGLISH));
}

#[test]
fn places_are_ordinals_in_each_language() {
    let places = |lang| [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(|n| ordinal(n).render(lang)).join(" ");
    assert_eq!(places(Lang::ENGLISH), "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st 111th");
    assert_eq!(places(Lang::ITALIAN), "1° 2° 3° 4° 11° 12° 13° 21° 22° 23° 101° 111°");
    let french = Lang::parse("fr").expect("French is a language of the desk");
    assert_eq!(places(french), "1er 2e 3e 4e 11e 12e 13e 21e 22e 23e 101e 111e");
}

#[test]
fn the_boards_counts_agree_in_both_languages() {
    assert_eq!(msg!("board.shown", shown = 1, total = 1).render(Lang::ENGLISH), "1 of 1 player");
    assert_eq!(msg!("board.shown", shown = 1, total = 12).render(Lang::ITALIAN), "1 di 12 giocatori");
    assert_eq!(
        msg!("board.card", name = "Anna", place = 3, points = 1).render(Lang::ENGLISH),
        "Anna: place 3, 1 point"
    );
    assert_eq!(
        msg!("board.card", name = "Anna", place = 3, points = 1).render(Lang::ITALIAN),
        "Anna: 3º posto, 1 punto"
    );
    assert_eq!(
        msg!("board.card", name = "Anna", place = 1, points = 40).render(Lang::ITALIAN),
        "Anna: 1º posto, 40 punti"
    );
}

#[test]
fn the_compiled_table_is_sorted_and_complete_in_every_language() {
    assert!(table::TEXTS.len() > 500, "only {} texts compiled", table::TEXTS.len());
    assert!(table::TEXTS.windows(2).all(|w| w[0].key < w[1].key), "sorted, no key twice");
    for text in table::TEXTS {
        for lang in Lang::all() {
            let shown = lang.tr(text.key);
            assert!(!shown.is_empty() && shown != text.key, "{} in {}", text.key, lang.code());
        }
        assert!(std::ptr::eq(find(text.key).expect("found"), text), "{}", text.key);
    }
    assert!(find("error.player").is_none() && find("zzz").is_none() && find("").is_none());
}

#[test]
fn an_unknown_id_or_argument_is_refused_as_msg_refuses_it_when_compiling() {
    check_use_in(NO_TEXTS, "error.player.duplicate", &["name"]);
    let unknown = std::panic::catch_unwind(|| check_use_in(NO_TEXTS, "error.player.duplicat", &[]));
    assert!(unknown.is_err(), "a misspelt id");
    let wrong_argument = std::panic::catch_unwind(|| check_use_in(NO_TEXTS, "error.player.duplicate", &["player"]));
    assert!(wrong_argument.is_err(), "an argument the text has no placeholder for");
}

/// The same Fluent file in every language of the desk but Italian, which gets `italian`.
fn files<'a>(italian: &'a str, others: &'a str) -> Vec<(&'static str, &'a str)> {
    Lang::all().map(|lang| (lang.code(), if lang == Lang::ITALIAN { italian } else { others })).collect()
}

#[test]
fn a_plug_in_brings_its_texts_checked_like_the_shipped_ones() {
    add_texts("plugtest", &files("plugtest-hello = Ciao { $name }\n", "plugtest-hello = Hello { $name }\n"))
        .expect("complete texts");
    let message = Message::new("plugtest.hello").arg("name", "Anna");
    assert_eq!(message.render(Lang::ITALIAN), "Ciao Anna");
    assert_eq!(message.render(Lang::ENGLISH), "Hello Anna");

    let problems = |it: &str, others: &str| match add_texts("plugbad", &files(it, others)) {
        Err(TextsError(problems)) => problems.join("\n"),
        Ok(()) => String::new(),
    };
    assert!(problems("plugbad-a = A\n", "plugbad-a = A\nplugbad-b = B\n").contains("`plugbad.b` is missing in `it`"));
    assert!(problems("plugbad-a = { $x }\n", "plugbad-a = { $y }\n").contains("variables"));
    assert!(problems("other-a = A\n", "other-a = A\n").contains("must start with `plugbad-`"));
    assert!(problems("plugbad-a = { $x\n", "plugbad-a = A\n").contains("not valid Fluent"));
    let shadowing = "plugbad-a = A\nerror-io-full = x\n";
    assert!(problems(shadowing, shadowing).contains("must start with"), "the core's texts cannot be redefined");
    assert_eq!(Message::new("plugbad.a").render(Lang::ENGLISH), "plugbad.a", "nothing of a refused plug-in was added");
}

#[test]
fn a_counted_noun_agrees_with_its_count_in_each_language() {
    let one = msg!("players.complete", active = 1, tables = 1, size = 4);
    assert_eq!(one.render(Lang::ITALIAN), "1 giocatore attivo: 1 tavolo da 4.");
    assert_eq!(one.render(Lang::ENGLISH), "1 active player: 1 table of 4.");
    let many = msg!("players.complete", active = 8, tables = 2, size = 4);
    assert_eq!(many.render(Lang::ITALIAN), "8 giocatori attivi: 2 tavoli da 4.");
    assert_eq!(many.render(Lang::ENGLISH), "8 active players: 2 tables of 4.");
    let none = msg!("club.fewest", count = 0);
    assert_eq!(none.render(Lang::ITALIAN), "0 trasferimenti, il minimo possibile");
    // French counts 0 as one (CLDR's rule), which the desk's own two-form plurals could not say.
    let french = Lang::parse("fr").expect("French is a language of the desk");
    assert_eq!(none.render(french), "0 transfert, le moins possible");
    assert_eq!(many.render(french), "8 joueurs actifs: 2 tables de 4.");
    assert_eq!(one.render(french), "1 joueur actif: 1 table de 4.");
}

#[test]
fn a_value_is_never_read_as_a_text_and_a_count_chooses_by_each_languages_plural_rules() {
    let text = "plugvalue-tables = { $n } { $n ->\n    [one] tavolo\n   *[other] tavoli\n} di { $name } ({ $total })\n";
    add_texts("plugvalue", &files(text, text)).expect("complete texts");
    let message = |n: &str| Message::new("plugvalue.tables").arg("n", n).arg("name", "{ $n } Anna").arg("total", "+3");
    assert_eq!(message("1").render(Lang::ITALIAN), "1 tavolo di { $n } Anna (+3)", "a value is not a template");
    assert_eq!(message("3").render(Lang::ENGLISH), "3 tavoli di { $n } Anna (+3)");
    assert_eq!(message("+1").render(Lang::ITALIAN), "+1 tavoli di { $n } Anna (+3)", "a count shown as given");
    assert_eq!(message("-").render(Lang::ITALIAN), "- tavoli di { $n } Anna (+3)", "not a number: the other form");
    assert_eq!(
        Message::new("plugvalue.tables").arg("n", 2).render(Lang::ITALIAN),
        "2 tavoli di {$name} ({$total})",
        "a variable without its value is shown as Fluent writes it"
    );
}

/// `msg!` makes each argument's text as `Display` would, whichever way it takes (a string copied, a number by its
/// own writer, anything else through `Display`), for values and references alike.
#[test]
fn msg_arguments_read_as_their_display() {
    fn through_display(text: impl fmt::Display) -> Message {
        Message::new("common.not_a_number").arg("field", "f").arg("text", text)
    }
    let name = String::from("Anna «2»");
    let name_ref = &name;
    let slice: &str = "Bruno";
    assert_eq!(msg!("common.not_a_number", field = "f", text = name), through_display(&name));
    assert_eq!(msg!("common.not_a_number", field = "f", text = name_ref), through_display(&name));
    assert_eq!(msg!("common.not_a_number", field = "f", text = slice), through_display(slice));
    assert_eq!(msg!("common.not_a_number", field = "f", text = 7u8), through_display(7u8));
    assert_eq!(msg!("common.not_a_number", field = "f", text = -3i64), through_display(-3i64));
    assert_eq!(msg!("common.not_a_number", field = "f", text = usize::MAX), through_display(usize::MAX));
    assert_eq!(msg!("common.not_a_number", field = "f", text = u64::MAX), through_display(u64::MAX));
    assert_eq!(msg!("common.not_a_number", field = "f", text = i32::MIN), through_display(i32::MIN));
    assert_eq!(msg!("common.not_a_number", field = "f", text = 'ß'), through_display('ß'));
    assert_eq!(msg!("common.not_a_number", field = "f", text = 1.5f64), through_display(1.5f64));
    let path = std::path::Path::new("/tmp/x y");
    assert_eq!(msg!("common.not_a_number", field = "f", text = path.display()), through_display(path.display()));
}
