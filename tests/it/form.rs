//! The manche form as the desk's model (issue "The table enters its own hands"): for every ruleset, a manche
//! drawn as a form and posted back from a web page is the same typed manche, scoring the same; hostile posts
//! are read safely.

use stecca::desk::form::{MAX_FIELD_CHARS, read_form};
use stecca::desk::{self, TableState};
use stecca::rules::rulesets;
use stecca::store::Store;
use stecca::tournament::{MancheEntry, PlayerData, TournamentSettings};

/// A table of `rules` seated with as many players as it takes.
fn table_of(store: &mut Store, rules: &str) -> TableState {
    let settings =
        TournamentSettings { name: format!("Modulo {rules}"), sessions: 1, ..TournamentSettings::for_rules(rules) };
    let id = desk::create_tournament(store, &settings, "R").expect("tournament");
    let seats = stecca::rules::ruleset(rules).expect("registered").table_size();
    for i in 0..seats {
        store
            .add_player(id, &PlayerData { name: format!("Giocatore {i}"), ..PlayerData::default() }, "R")
            .expect("player");
    }
    let players: Vec<i64> = store.players(id).expect("players").iter().map(|p| p.id).collect();
    store.save_seating(id, 1, &[vec![players]], "R").expect("seated");
    let table = store.seating(id).expect("seating")[0].id;
    desk::table_state(store, table).expect("table")
}

#[test]
fn every_rulesets_manche_posted_from_its_form_is_the_manche_typed() {
    let mut store = Store::open_in_memory().expect("store");
    for rules in rulesets() {
        let state = table_of(&mut store, rules.id());
        let model = state.rules.entry_model();
        let seats = state.players.len();
        let frame = state.frame(1);
        let mut scored = 0;
        for seed in 0..40u64 {
            let entry = MancheEntry::from_input(&state.rules.random_manche(seed, &frame));
            let Ok((_, outcome)) = state.preview(1, &entry) else { continue };
            scored += 1;
            let view = state.form_view(1, &entry);
            assert_eq!(view.columns.len(), seats);
            let shown = view.outcome.as_ref().unwrap_or_else(|| panic!("{}: seed {seed} previews", rules.id()));
            assert_eq!(shown.nets, outcome.net, "{}: seed {seed}", rules.id());
            let back = read_form(model, seats, &state.book, &view.pairs());
            let again = state.preview(1, &back).unwrap_or_else(|e| panic!("{}: seed {seed}: {e:?}", rules.id()));
            assert_eq!(again.1, outcome, "{}: seed {seed}: posted back {back:?} from {entry:?}", rules.id());
            assert_eq!(state.form_view(1, &back).pairs(), view.pairs(), "{}: seed {seed}: stable", rules.id());
        }
        assert!(scored >= 20, "{}: {scored} random manches scored", rules.id());
    }
}

#[test]
fn a_hostile_post_is_read_safely() {
    let mut store = Store::open_in_memory().expect("store");
    for rules in rulesets() {
        let state = table_of(&mut store, rules.id());
        let model = state.rules.entry_model();
        let seats = state.players.len();
        let long = "1".repeat(MAX_FIELD_CHARS * 50);
        let mut pairs: Vec<(String, String)> = vec![
            ("h0".into(), long.clone()),
            ("h99".into(), "x".into()),
            ("mj0".into(), "on".into()),
            ("w0".into(), "not_a_flag".into()),
            ("<script>".into(), "</script>".into()),
        ];
        for field in model.fields {
            pairs.push((format!("f1.{}", field.key), long.clone()));
            pairs.push((format!("one.{}", field.key), "999999999999999999999".into()));
            pairs.push((format!("one.{}", field.key), "-1".into()));
        }
        let entry = read_form(model, seats, &state.book, &pairs);
        assert_eq!(entry.hands.len(), seats, "{}", rules.id());
        assert!(entry.hands[0].text.chars().count() <= MAX_FIELD_CHARS, "{}", rules.id());
        assert!(entry.hands.iter().all(|h| h.win.iter().all(|w| w != "not_a_flag")), "{}", rules.id());
        assert!(entry.hands.iter().flat_map(|h| h.fields.values()).all(|v| v.chars().count() <= MAX_FIELD_CHARS));
        // Whatever was posted, the form draws and previews without a panic.
        let view = state.form_view(1, &entry);
        assert_eq!(view.columns.len(), seats);
    }
}

/// A line of the ruleset's book (modern American's card) typed on a web form as the list offers it is picked as
/// the entry screen picks it (its value and its section's flag filled in), and posted back as that line.
#[test]
fn a_book_line_chosen_on_a_web_form_is_picked_as_at_the_desk() {
    let mut store = Store::open_in_memory().expect("store");
    let state = table_of(&mut store, "nmjl");
    let card = "section,hand,value,concealed,jokers\n\
                2468,FF 2222 44 6666 88,25,X,yes\n\
                Singles and Pairs,NN EW SS 11 22 33 44,75,C,no\n";
    desk::import_book(&mut store, state.table.tournament, card, "R").expect("the card");
    let state = desk::table_state(&store, state.table.id).expect("table with its card");
    let model = state.rules.entry_model();
    let mut entry = MancheEntry { void: false, hands: vec![Default::default(); 4] };
    entry.hands[1].mahjong = true;
    let view = state.form_view(1, &entry);
    let book_field = view.columns[1].fields.iter().find(|f| !f.offered.is_empty()).expect("the card's field");
    let line = book_field.offered.iter().find(|l| l.contains("NN EW SS")).expect("offered").clone();
    let pairs = vec![("mj1".to_owned(), "on".to_owned()), (book_field.name.clone(), line.clone())];
    let read = read_form(model, 4, &state.book, &pairs);
    assert_eq!(read.hands[1].get("card_hand"), line, "the line picked");
    assert_eq!(read.hands[1].get("value"), "75", "its value filled in");
    assert!(read.hands[1].win.iter().any(|w| w == "singles_and_pairs"), "its section's flag: {:?}", read.hands[1]);
    let posted = state.form_view(1, &read).pairs();
    assert!(posted.contains(&(book_field.name.clone(), line)), "posted back as the line: {posted:?}");
    assert_eq!(read_form(model, 4, &state.book, &posted), read);
}
