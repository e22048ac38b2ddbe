//! The ruleset seam, proved with a ruleset Stecca does not ship: "Tre", three players a table, no winds and no
//! tiles (a dealer and numbered seats), the winner collecting the stake from each other player (twice the stake
//! with `double`), the winner dealing next. It lives in `tests/support/tre`; the desk, the store, the standings and the
//! exports run it through the same code paths as FIMJ and classic American: create, seat, enter, standings,
//! exports.

use stecca::desk;
use stecca::export::{Format, What, export};
use stecca::i18n::Lang;
use stecca::store::Store;
use stecca::tournament::{HandEntry, MancheEntry, PlayerData, TournamentSettings};

fn won(position: usize, double: bool) -> MancheEntry {
    let mut entry = MancheEntry::blank(3);
    entry.hands[position] = HandEntry {
        mahjong: true,
        win: if double { vec!["double".into()] } else { Vec::new() },
        ..HandEntry::default()
    };
    entry
}

fn csv_of(store: &Store, id: i64, what: What) -> String {
    String::from_utf8(export(store, id, what, Format::Csv, Lang::ITALIAN, None).expect("csv")).expect("utf-8")
}

#[test]
fn a_three_player_ruleset_without_winds_runs_through_the_whole_desk() {
    crate::common::register_tre();
    let mut store = Store::open_in_memory().expect("open");
    let settings = TournamentSettings {
        name: "Serata a tre".into(),
        rules: "tre".into(),
        sessions: 2,
        manches_per_session: 3,
        ..TournamentSettings::default()
    };
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    let names = ["Ada", "Bea", "Cy", "Dan", "Eve", "Fra"];
    for name in names {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "R").expect("player");
    }

    // Seat: two tables of three per session, nobody twice at one table with the same two.
    let outcome = desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    assert_eq!(outcome.sessions, 1..=2);
    let tables = store.seating(id).expect("seating");
    assert_eq!(tables.len(), 4);
    assert!(tables.iter().all(|t| t.players.len() == 3), "tables of three");
    let first: Vec<_> = tables.iter().filter(|t| t.session == 1).collect();
    let second: Vec<_> = tables.iter().filter(|t| t.session == 2).collect();
    assert!(
        first.iter().all(|a| second.iter().all(|b| {
            let mut x = a.players.clone();
            let mut y = b.players.clone();
            x.sort();
            y.sort();
            x != y
        })),
        "session 2 does not repeat a table of session 1"
    );

    // Enter: the winner deals next; a draw passes the deal; the session ends after three counted manches.
    let table = first[0].id;
    let state = desk::table_state(&store, table).expect("state");
    assert_eq!(state.frame(1).round_wind, None, "no winds");
    assert_eq!(state.frame(1).dealer, 0);
    let (input, scored) = desk::confirm_manche(&mut store, table, 1, &won(2, true), "R").expect("manche 1");
    assert!(input.players.iter().all(|p| p.seat.is_none()), "no seat winds in the input");
    assert_eq!(scored.net.iter().map(|(_, n)| n).sum::<i64>(), 0);
    assert_eq!(desk::table_state(&store, table).expect("state").frame(2).dealer, 2, "the winner deals");
    let draw = MancheEntry { void: true, ..MancheEntry::blank(3) };
    desk::confirm_manche(&mut store, table, 2, &draw, "R").expect("manche 2");
    assert_eq!(desk::table_state(&store, table).expect("state").frame(3).dealer, 0, "a draw passes the deal");
    desk::confirm_manche(&mut store, table, 3, &won(0, false), "R").expect("manche 3");
    let state = desk::table_state(&store, table).expect("state");
    assert_eq!(state.next_number(), None, "three manches make the session");
    let players = state.players.clone();
    assert_eq!(state.running_totals().last(), Some(&vec![100, 70, 130]), "100 to start, then the stakes");

    // A bad manche: two winners, refused on the whole manche, nothing saved.
    let mut two = won(0, false);
    two.hands[1].mahjong = true;
    let other = first[1].id;
    assert!(desk::confirm_manche(&mut store, other, 1, &two, "R").is_err());
    assert!(store.table_manches(other).expect("manches").is_empty());

    // Tre's own fields, kinds no shipped ruleset has: a count of sticks per player, and one player picked to pay
    // for all. Position 1 holds 3 sticks; position 2 pays both losers' debts to the winner at position 0.
    let mut sticks = won(0, false);
    sticks.hands[1].set("sticks", "3");
    sticks.hands[2].set_flag("pays_all", true);
    let (input, scored) = desk::confirm_manche(&mut store, other, 1, &sticks, "R").expect("sticks");
    let at_other = desk::table_state(&store, other).expect("state").players;
    assert_eq!(input.field::<String>("pays_all").expect("name").as_deref(), Some(at_other[2].name.as_str()));
    assert_eq!(scored.net.iter().map(|(_, n)| *n).collect::<Vec<_>>(), [23, 0, -23], "10 + 3 and 10, both from 2");
    assert_eq!(MancheEntry::from_input(&input), sticks, "the typed manche comes back for a correction");
    let mut winner_pays = won(0, false);
    winner_pays.hands[0].set_flag("pays_all", true);
    let refused = desk::confirm_manche(&mut store, other, 2, &winner_pays, "R").expect_err("the winner pays nobody");
    assert!(refused.to_string().contains("the winner pays nobody"), "{refused}");

    // Standings: nets of the three players, nobody else moved.
    let standings = desk::standings(&store, id).expect("standings");
    let points = |name: &str| standings.iter().find(|r| r.player.name == name).expect("ranked").points;
    assert_eq!(points(&players[0].name), -20 + 2 * 10, "paid 20, then collected 10 from each");
    assert_eq!(points(&players[1].name), -20 - 10, "paid 20 (double), then 10");
    assert_eq!(standings.iter().map(|r| r.points).sum::<i64>(), 0);
    assert_eq!(standings[0].player.name, players[2].name, "the double winner leads");

    // Exports: seats are numbered, payments are rows, the heading names the ruleset.
    let seating = csv_of(&store, id, What::Seating);
    assert!(seating.lines().nth(1).is_some_and(|l| l.starts_with("1,1,1,")), "{seating}");
    assert!(seating.lines().any(|l| l.starts_with("1,1,3,")) && !seating.contains(",4,"), "three seats: {seating}");
    let manches = csv_of(&store, id, What::Manches);
    assert_eq!(manches.lines().count(), 1 + 12, "three rows per manche: {manches}");
    assert!(manches.lines().any(|l| l.contains(&format!(",{},,no,sticks=3,", at_other[1].name))), "{manches}");
    assert!(manches.lines().any(|l| l.contains(&format!(",{},,no,pays_all,", at_other[2].name))), "{manches}");
    let payments = csv_of(&store, id, What::Payments);
    assert_eq!(
        payments.lines().skip(1).collect::<Vec<_>>(),
        [
            format!("1,1,1,{},{},20,tre,stake 10", players[0].name, players[2].name),
            format!("1,1,1,{},{},20,tre,stake 10", players[1].name, players[2].name),
            format!("1,1,3,{},{},10,tre,stake 10", players[1].name, players[0].name),
            format!("1,1,3,{},{},10,tre,stake 10", players[2].name, players[0].name),
            format!("1,2,1,{},{},13,tre,stake 10", at_other[2].name, at_other[0].name),
            format!("1,2,1,{},{},10,tre,stake 10", at_other[2].name, at_other[0].name),
        ]
    );
    let standings_csv = csv_of(&store, id, What::Standings);
    assert!(standings_csv.contains(&format!(",{},", players[2].name)));
    for what in [What::Standings, What::Seating] {
        let pdf = export(&store, id, what, Format::Pdf, Lang::ENGLISH, None).expect("pdf");
        assert!(pdf.starts_with(b"%PDF"), "{what:?}");
    }
    // The score sheet's fact columns come from Tre's own list: the winner, then who paid for all.
    let sheets = export(&store, id, What::Scoresheets, Format::Pdf, Lang::ITALIAN, None).expect("sheets");
    let sheet = crate::export::flat(&crate::export::pdf_pages(&sheets)[0]);
    for title in ["Vincitore", "Ha pagato tutto"] {
        assert!(sheet.contains(title), "{title} in {sheet}");
    }
    let card = export(&store, id, What::Card, Format::Pdf, Lang::ITALIAN, Some(players[0].id)).expect("card");
    assert!(card.starts_with(b"%PDF"));
    assert!(settings_heading(&store, id).contains("Tre (test) · posta 10"));
}

fn settings_heading(store: &Store, id: i64) -> String {
    store.tournament(id).expect("t").settings.rules_heading(stecca::i18n::Lang::ITALIAN)
}

/// The seam carries a game from hand to hand: Tre with `carry_draws` puts each player's stake on the table at a
/// draw and gives it to the next winner — the table's pot, carried in a manche field that the table fills in. A
/// script that gives it must give the table's; a correction scores the manches after it again from what they
/// now start with, each audited, in one transaction; the pot's rows are stored and exported.
#[test]
fn a_session_carries_its_pot_from_hand_to_hand_and_a_correction_replays_what_follows() {
    a_pot_carried_from_hand_to_hand(Store::open_in_memory().expect("open"));
}

#[test]
fn a_session_carries_its_pot_from_hand_to_hand_on_postgres() {
    a_pot_carried_from_hand_to_hand(crate::common::pg::store());
}

fn a_pot_carried_from_hand_to_hand(mut store: Store) {
    crate::common::register_tre();
    let settings = TournamentSettings {
        name: "Serata a tre".into(),
        rules: "tre".into(),
        options: serde_json::json!({"carry_draws": true}),
        sessions: 1,
        manches_per_session: 4,
        ..TournamentSettings::default()
    };
    let id = desk::create_tournament(&mut store, &settings, "R").expect("create");
    for name in ["Ada", "Bea", "Cy"] {
        store.add_player(id, &PlayerData { name: name.into(), ..PlayerData::default() }, "R").expect("player");
    }
    desk::seat_tournament(&mut store, id, 0.0, "R").expect("seat");
    let table = store.seating(id).expect("seating")[0].id;
    let draw = MancheEntry { void: true, ..MancheEntry::blank(3) };
    let on_table = |store: &Store, number: u32| {
        desk::table_state(store, table).expect("state").frame(number).carried.get("on_table").cloned()
    };
    let zero = Some(serde_json::json!(0));

    assert_eq!(on_table(&store, 1), zero, "the session starts with an empty table");
    let (_, drawn) = desk::confirm_manche(&mut store, table, 1, &draw, "R").expect("manche 1, a draw");
    assert_eq!(drawn.net.iter().map(|(_, n)| *n).collect::<Vec<_>>(), [-10, -10, -10], "each puts the stake down");
    assert_eq!(on_table(&store, 2), Some(serde_json::json!(30)), "30 on the table");
    let stored = &store.table_manches(table).expect("manches")[0];
    assert_eq!(stored.pot.iter().map(|p| p.amount).collect::<Vec<_>>(), [10, 10, 10], "the pot's rows");
    // Manche 2 is won at position 2 (the deal passed to position 1): the stakes, and the 30 on the table.
    let (input, _) = desk::confirm_manche(&mut store, table, 2, &won(2, false), "R").expect("manche 2");
    assert_eq!(input.field::<u64>("on_table").expect("read"), Some(30), "the table filled it in");
    let nets = |store: &Store, number: usize| store.table_manches(table).expect("manches")[number - 1].nets.clone();
    assert_eq!(nets(&store, 2), [-10, -10, 50]);
    assert_eq!(on_table(&store, 3), zero, "the winner took it all");
    desk::confirm_manche(&mut store, table, 3, &won(2, false), "R").expect("manche 3");
    let totals = desk::table_state(&store, table).expect("state").running_totals();
    assert_eq!(totals.last().expect("three manches").iter().sum::<i64>(), 300, "no chip lost: the table is empty");
    let payments = csv_of(&store, id, What::Payments);
    let players = desk::table_state(&store, table).expect("state").players;
    assert!(payments.contains(&format!("1,1,1,{},,10,", players[0].name)), "a deposit: {payments}");
    assert!(payments.contains(&format!("1,1,2,,{},30,", players[2].name)), "a collection: {payments}");

    // A script naming another amount on the table than the table's is refused; nothing saved.
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let at = desk::TableAddress { tournament: id, session: 1, table: 1 };
    let players_json: Vec<_> =
        names.iter().map(|n| serde_json::json!({"name": n, "mahjong": *n == names[2]})).collect();
    let script: stecca::rules::MancheInput =
        serde_json::from_value(serde_json::json!({"rules": "tre", "on_table": 20, "players": players_json}))
            .expect("input");
    let refused = desk::enter_manche(&mut store, at, None, &script, "R").expect_err("not the table's pot");
    assert!(refused.to_string().contains("on_table 20 given, but the table's manche 4 starts from 0"), "{refused}");
    assert_eq!(store.table_manches(table).expect("manches").len(), 3, "nothing saved");

    // Correcting manche 1 into a win at position 1 (the deal still passes to position 1): manche 2 now starts
    // from an empty table and is scored again; manche 3 starts as before (empty) and stays.
    desk::confirm_manche(&mut store, table, 1, &won(1, false), "Lucia").expect("the correction and its replay");
    let manches = store.table_manches(table).expect("manches");
    assert_eq!(manches[1].input.field::<u64>("on_table").expect("read"), Some(0), "nothing on the table any more");
    assert_eq!(manches[1].nets, [-10, -10, 20], "manche 2 scored again from what it now starts with");
    assert!(manches.iter().all(|m| m.pot.is_empty()), "no deposit left in the store");
    assert_eq!(
        manches.iter().map(|m| (m.revision, m.referee.as_str())).collect::<Vec<_>>(),
        [(2, "Lucia"), (2, "Lucia"), (1, "R")],
        "manche 3 started from nothing before and after: untouched"
    );
    let history = store.record_history("manche", manches[1].id).expect("history");
    assert_eq!(history.iter().map(|h| h.action.as_str()).collect::<Vec<_>>(), ["enter", "correct"]);
}

/// Issue 67: a registry is a value, so two configurations live side by side in one process: one with the toy
/// ruleset (one line: `with`) plays it, the shipped one does not know it and says which it knows, and both score
/// the shipped rulesets alike.
#[test]
fn two_registries_in_one_process_answer_each_for_its_own_rulesets() {
    use stecca::rules::{MancheFrame, Registry};
    let shipped = Registry::shipped();
    let with_tre = Registry::shipped().with(&stecca_toy_tre::TRE).expect("Tre's locale files are complete");
    assert!(shipped.ruleset("tre").is_none());
    let tre = with_tre.ruleset("tre").expect("the toy ruleset");
    assert_eq!(with_tre.rulesets().len(), shipped.rulesets().len() + 1);
    let frame = MancheFrame { names: ["Ada", "Bea", "Cy"].map(str::to_owned).to_vec(), ..MancheFrame::default() };
    let rules = tre.in_force(&serde_json::json!({})).expect("the defaults");
    let manche = rules.random_manche(7, &frame);
    assert!(with_tre.score_manche(&manche).is_ok());
    let refused = shipped.score_manche(&manche).expect_err("not a ruleset of this registry");
    let said = refused.reason.render(Lang::ENGLISH);
    assert!(said.contains("tre") && said.contains("fimj"), "{said}");
    assert_eq!(shipped.known_ids(), with_tre.known_ids(), "a referee is offered the shipped rulesets");
    let fimj = shipped.ruleset("fimj").expect("fimj");
    let fimj_rules = fimj.in_force(&serde_json::json!({})).expect("the defaults");
    let frame = MancheFrame {
        names: ["Ada", "Bea", "Cy", "Dan"].map(str::to_owned).to_vec(),
        round_wind: Some(stecca::tiles::Wind::East),
        seat_winds: true,
        ..MancheFrame::default()
    };
    let fimj_manche = fimj_rules.random_manche(7, &frame);
    assert_eq!(shipped.score_manche(&fimj_manche).ok(), with_tre.score_manche(&fimj_manche).ok());
}

/// Issue 67: a desk holds its registry. Two desks of one process offer different rulesets: the one holding the
/// shipped rulesets refuses a Tre tournament (and club), naming those it offers; the one whose registry adds Tre
/// creates it and scores its manche.
#[test]
fn two_desks_in_one_process_offer_each_the_rulesets_of_its_registry() {
    use stecca::desk::Desk;
    use stecca::ledger::ClubSettings;
    use stecca::rules::Registry;
    let with_tre = Registry::shipped().with(&stecca_toy_tre::TRE).expect("Tre's locale files are complete");
    let mut shipped = Desk::new(Store::open_in_memory().expect("open")).with_registry(Registry::shipped());
    let mut toy = Desk::new(Store::open_in_memory().expect("open")).with_registry(with_tre);
    let settings = TournamentSettings { name: "A tre".into(), rules: "tre".into(), ..TournamentSettings::default() };
    let refused = shipped.create_tournament(&settings, "R").expect_err("not a ruleset this desk offers");
    let said = stecca::message::Explain::message(&refused).render(Lang::ENGLISH);
    assert!(said.contains("tre") && said.contains("fimj"), "{said}");
    assert!(shipped.tournaments().expect("list").is_empty(), "nothing saved");
    let club = ClubSettings {
        name: "Circolo".into(),
        rules: "tre".into(),
        chip_value: stecca::ledger::ChipValue::parse("1").expect("a chip value"),
        table_fee: 0,
        starting_chips: 100,
        avoid_under: 0,
    };
    let refused = shipped.create_club(&club).expect_err("a club of Tre neither");
    let said = stecca::message::Explain::message(&refused).render(Lang::ENGLISH);
    assert!(said.contains("tre") && said.contains("fimj"), "{said}");
    assert!(toy.create_club(&club).is_ok(), "the other desk keeps a club of Tre");
    assert!(shipped.registry().ruleset("tre").is_none() && toy.registry().ruleset("tre").is_some());
    let id = toy.create_tournament(&settings, "R").expect("this desk offers Tre");
    assert_eq!(toy.tournament(id).expect("read").settings.rules, "tre");
    let fimj = TournamentSettings { name: "FIMJ".into(), ..TournamentSettings::default() };
    assert!(shipped.create_tournament(&fimj, "R").is_ok() && toy.create_tournament(&fimj, "R").is_ok());
}
