//! The treasurer's book through the desk operations: a club, its members, an evening with one table counted
//! in chips and one played manche by manche, closing it into the ledger, cash, corrections, settle-up.

use chrono::NaiveDate;
use stecca::desk::{self, Cash, Party, Scope, TableSource};
use stecca::ledger::{ChipValue, ClubSettings, EntryKind, MemberData};
use stecca::message::Explain;
use stecca::store::{NewEntry, Store};
use stecca::tournament::Id;

const NAMES: [&str; 8] = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Ugo"];

fn club(store: &mut Store, fee: i64) -> (Id, Vec<Id>) {
    let settings = ClubSettings {
        name: "Circolo del Drago".into(),
        rules: "fimj".into(),
        chip_value: ChipValue::parse("0.5").expect("0.5"),
        table_fee: fee,
        starting_chips: 4000,
        avoid_under: 0,
    };
    let club = desk::create_club(store, &settings).expect("club");
    let members = NAMES
        .iter()
        .map(|name| store.add_member(club, &MemberData { name: (*name).into(), ..MemberData::default() }))
        .collect::<Result<Vec<_>, _>>()
        .expect("members");
    (club, members)
}

fn date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 20).expect("date")
}

fn an_evening_from_chip_counts_and_manches_to_the_ledger_and_a_settle_up(mut store: Store) {
    let (club, m) = club(&mut store, 200);
    let evening =
        desk::open_evening(&mut store, club, date(), &[m[..4].to_vec(), m[4..].to_vec()], "Tesoriere").expect("opened");
    // The evening's tournament plays the club's rules in club rotation and stays out of the referee's list.
    let tournament = store.evening(evening).expect("evening").tournament_id;
    let settings = store.tournament(tournament).expect("tournament").settings;
    assert_eq!(settings.options["east_rotation"], "club");
    assert!(store.list_tournaments().expect("list").iter().all(|t| t.id != tournament));

    let view = desk::evening_view(&store, evening).expect("view");
    assert_eq!(view.tables.len(), 2);
    let (first, second) = (view.tables[0].id, view.tables[1].id);
    assert_eq!(view.tables[0].seats.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), NAMES[..4]);

    // Counts that do not add up: the difference is named and nothing is saved.
    let short = desk::enter_chip_counts(&mut store, evening, first, &[5000, 3000, 4200, 3700]).expect_err("100 short");
    assert!(short.to_string().contains("15900") && short.to_string().contains("-100"), "{short}");
    assert!(store.chip_counts(evening).expect("counts").is_empty());
    desk::enter_chip_counts(&mut store, evening, first, &[5001, 3000, 4200, 3799]).expect("counts add up");

    // Closing before the second table has a result is refused, naming it.
    let open = desk::close_evening(&mut store, evening, "Tesoriere").expect_err("table 2 open");
    assert!(open.to_string().contains('2'), "{open}");
    desk::confirm_manche(&mut store, second, 1, &crate::common::digest_entry(), "Arbitro").expect("manche");
    let chips = desk::enter_chip_counts(&mut store, evening, second, &[4000, 4000, 4000, 4000]).expect_err("manches");
    assert!(chips.to_string().contains("manche"), "{chips}");

    let view = desk::evening_view(&store, evening).expect("view");
    assert_eq!(view.tables[0].source, TableSource::ChipCounts);
    assert_eq!(view.tables[1].source, TableSource::Manches(1));
    let results: Vec<i64> = view.tables.iter().flat_map(|t| &t.seats).map(|s| s.result.expect("result")).collect();
    assert_eq!(&results[..4], [1001, -1000, 200, -201]);
    assert_eq!(results[4..].iter().sum::<i64>(), 0);

    let posted = desk::close_evening(&mut store, evening, "Tesoriere").expect("closed");
    // 8 results and 8 fees; +1001 chips at half a cent is 500.5 cents: the half cent goes to the club.
    assert_eq!(posted.len(), 16);
    assert_eq!(posted[0], NewEntry::new(m[0], Some(evening), EntryKind::Result, 500));
    assert_eq!(posted[1], NewEntry::new(m[0], Some(evening), EntryKind::Fee, -200));
    assert_eq!(posted[6].amount, -101, "-201 chips: -100.5 cents rounds to -101");
    let again = desk::close_evening(&mut store, evening, "Tesoriere").expect_err("closed twice");
    assert!(again.to_string().contains("chiusa") || again.to_string().contains("closed"), "{again}");
    // Its tables are read-only now.
    assert!(desk::confirm_manche(&mut store, second, 2, &crate::common::digest_entry(), "Arbitro").is_err());

    let balances = desk::balances(&store, club).expect("balances");
    let sum: i64 = balances.members.iter().map(|b| b.balance).sum();
    assert_eq!(balances.kitty, -sum);
    assert_eq!(balances.kitty, 8 * 200 + 1, "the fees and the half cent");

    // The evening's settle-up: the fewest transfers, the kitty one more party; paying them settles it.
    let plan = desk::settle_up(&store, club, Scope::Evening(evening), false).expect("plan");
    assert!(plan.optimal && plan.transfers.len() == plan.lower_bound);
    assert!(plan.transfers.iter().any(|t| t.to == Party::Kitty || t.from == Party::Kitty));
    for transfer in &plan.transfers {
        desk::mark_paid(&mut store, club, Scope::Evening(evening), transfer, "contanti", "Tesoriere").expect("paid");
    }
    let after = desk::scope_balances(&store, club, Scope::Evening(evening)).expect("after");
    assert!(after.members.iter().all(|b| b.balance == 0) && after.kitty == 0, "{after:?}");
    assert!(desk::settle_up(&store, club, Scope::Now, false).expect("nothing left").transfers.is_empty());
}

fn cash_corrections_and_everyone_with_the_kitty(mut store: Store) {
    let (club, m) = club(&mut store, 0);
    let cash = |member, kind, amount| Cash { member, kind, amount, method: "contanti".into(), note: String::new() };
    let paid_in = desk::record_cash(&mut store, club, &cash(m[0], EntryKind::CashIn, 1500), "Tesoriere").expect("in");
    desk::record_cash(&mut store, club, &cash(m[1], EntryKind::CashOut, 500), "Tesoriere").expect("out");
    for (bad, word) in [(cash(m[2], EntryKind::CashIn, 0), "zero"), (cash(m[2], EntryKind::Result, 5), "cash")] {
        let error = desk::record_cash(&mut store, club, &bad, "Tesoriere").expect_err("refused");
        assert!(error.to_string().to_lowercase().contains(word), "{error}");
    }
    // Free text reaches receipts and CSV: a control character is refused, naming the field, and nothing saved.
    let escape = Cash { method: "contanti\u{1b}[2J".into(), ..cash(m[2], EntryKind::CashIn, 100) };
    let error = desk::record_cash(&mut store, club, &escape, "Tesoriere").expect_err("escape");
    assert!(error.to_string().contains("Method") && error.to_string().contains("U+001B"), "{error}");
    assert_eq!(store.ledger(club).expect("ledger").len(), 2);
    // 15,00 was typed for 12,00: the entry stays, a correction names it with the reason.
    let no_reason = desk::correct_entry(&mut store, club, paid_in, -300, " ", "Tesoriere").expect_err("reason");
    assert!(no_reason.to_string().contains("reason"), "{no_reason}");
    let fix = desk::correct_entry(&mut store, club, paid_in, -300, "typed 15 for 12", "Tesoriere").expect("fix");
    let ledger = store.ledger(club).expect("ledger");
    assert_eq!(ledger.len(), 3);
    assert_eq!(ledger[0].entry.amount, 1500, "the corrected entry is unchanged");
    let correction = ledger.iter().find(|e| e.id == fix).expect("correction");
    assert_eq!((correction.entry.member, correction.entry.corrects), (m[0], Some(paid_in)));
    assert_eq!(correction.treasurer, "Tesoriere");
    // Append-only: the database itself refuses to change or delete an entry.
    for sql in ["UPDATE ledger_entry SET amount = 0", "DELETE FROM ledger_entry"] {
        let refused = store.execute_sql(sql, &[]).expect_err("append-only");
        assert_eq!(refused.message().id(), Some("error.guard.ledger_append_only"), "{refused:?}");
    }

    let balances = desk::balances(&store, club).expect("balances");
    assert_eq!(balances.members.iter().find(|b| b.member.id == m[0]).map(|b| b.balance), Some(1200));
    assert_eq!(balances.kitty, -(1200 - 500));
    let plan = desk::settle_up(&store, club, Scope::Now, true).expect("kitty");
    assert_eq!(plan.transfers.len(), 2);
    assert!(plan.transfers.iter().all(|t| t.from == Party::Kitty || t.to == Party::Kitty));
    for transfer in &plan.transfers {
        desk::mark_paid(&mut store, club, Scope::Now, transfer, "bonifico", "Tesoriere").expect("paid");
    }
    let settled = desk::balances(&store, club).expect("settled");
    assert!(settled.members.iter().all(|b| b.balance == 0) && settled.kitty == 0);
}

fn rows_of_another_club_are_refused_and_nothing_is_saved_half_way(mut store: Store) {
    let (club_a, a) = club(&mut store, 0);
    let other = ClubSettings {
        name: "Circolo della Tigre".into(),
        rules: "fimj".into(),
        chip_value: ChipValue::cents(1),
        table_fee: 0,
        starting_chips: 2000,
        avoid_under: 0,
    };
    let club_b = desk::create_club(&mut store, &other).expect("club b");
    let b = store.add_member(club_b, &MemberData { name: "Zoe".into(), ..MemberData::default() }).expect("zoe");
    let mixed = [NewEntry::new(a[0], None, EntryKind::CashIn, 100), NewEntry::new(b, None, EntryKind::CashIn, 100)];
    let error = store.append_entries(club_a, &mixed, "T").expect_err("another club's member");
    assert!(error.message().to_string().contains("club"), "{error}");
    assert!(store.ledger(club_a).expect("ledger").is_empty(), "nothing saved half-way");
    // An evening with a member of another club, a member twice, or a table too small: refused, nothing kept.
    assert!(desk::open_evening(&mut store, club_a, date(), &[vec![a[0], a[1], a[2], b]], "T").is_err());
    let twice = desk::open_evening(&mut store, club_a, date(), &[vec![a[0], a[1], a[2], a[0]]], "T").expect_err("x2");
    assert!(twice.to_string().contains("Anna"), "{twice}");
    let small = desk::open_evening(&mut store, club_a, date(), &[vec![a[0], a[1]]], "T").expect_err("two");
    let said = stecca::message::Explain::message(&small).render(stecca::i18n::Lang::ITALIAN);
    assert_eq!(said, "Tavolo 1: 2 giocatori; a un tavolo di queste regole siedono 4 giocatori", "not 'da 4 a 4'");
    assert!(store.evenings(club_a).expect("evenings").is_empty());
    let duplicate = desk::create_club(&mut store, &other).expect_err("same name");
    assert!(duplicate.to_string().contains("Tigre"), "{duplicate}");
}

fn a_settle_up_avoids_small_amounts_under_the_clubs_setting(mut store: Store) {
    // −2,00, −1,00, +1,75, +1,25.
    let club = crate::common::club_with_a_small_remainder(&mut store);
    let amounts = |store: &Store| -> Vec<i64> {
        let plan = desk::settle_up(store, club, Scope::Now, false).expect("plan");
        plan.transfers.iter().map(|t| t.amount).collect()
    };
    // Largest with largest: Anna pays Carla 1,75 € and the 0,25 € she still owes to Dario.
    assert!(amounts(&store).contains(&25), "{:?}", amounts(&store));
    store.set_avoid_under(club, 100).expect("set");
    assert_eq!(store.club(club).expect("club").settings.avoid_under, 100);
    let avoiding = amounts(&store);
    assert_eq!(avoiding.len(), 3, "as few transfers as before");
    assert!(avoiding.iter().all(|&a| a >= 75), "{avoiding:?}");
    assert!(store.set_avoid_under(club, -1).is_err(), "a negative amount is refused");
    assert_eq!(store.club(club).expect("club").settings.avoid_under, 100);
}

#[test]
fn every_ruleset_plays_a_club_evening_counted_in_chips() {
    for ruleset in stecca::rules::rulesets() {
        let mut store = Store::open_in_memory().expect("store");
        let settings = ClubSettings {
            name: format!("Circolo {}", ruleset.id()),
            rules: ruleset.id().into(),
            chip_value: ChipValue::cents(1),
            table_fee: 0,
            starting_chips: 1000,
            avoid_under: 0,
        };
        let club = desk::create_club(&mut store, &settings).expect("club");
        let members: Vec<Id> = NAMES[..ruleset.table_size()]
            .iter()
            .map(|name| store.add_member(club, &MemberData { name: (*name).into(), ..MemberData::default() }))
            .collect::<Result<_, _>>()
            .expect("members");
        let evening = desk::open_evening(&mut store, club, date(), &[members], "T")
            .unwrap_or_else(|e| panic!("{}: {e}", ruleset.id()));
        let view = desk::evening_view(&store, evening).expect("view");
        let mut counts = vec![1000; ruleset.table_size()];
        counts[0] += 10;
        counts[1] -= 10;
        desk::enter_chip_counts(&mut store, evening, view.tables[0].id, &counts).expect("counts");
        let posted = desk::close_evening(&mut store, evening, "T").expect("closed");
        assert_eq!(posted[0].amount, 10, "{}", ruleset.id());
        assert_eq!(posted.iter().map(|e| e.amount).sum::<i64>(), 0, "{}", ruleset.id());
    }
}

crate::on_both_backends!(
    an_evening_from_chip_counts_and_manches_to_the_ledger_and_a_settle_up,
    cash_corrections_and_everyone_with_the_kitty,
    rows_of_another_club_are_refused_and_nothing_is_saved_half_way,
    a_settle_up_avoids_small_amounts_under_the_clubs_setting,
);
