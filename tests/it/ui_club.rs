//! The treasurer at the desk (egui_kittest): a club created, four members added by keyboard, an evening
//! opened with its table, chip counts that do not add up refused with the difference, the right ones saved,
//! the evening closed into the ledger after a confirmation, a member's receipt (with the chips counted) written
//! and read back, the settle-up paid row by row with the rows staying put, the club's cash held shown beside its
//! zero balance, and a correction whose entry is picked from the ledger.

use crate::common::desk::{click, harness, retype, type_into};
use egui::Role;
use egui_kittest::kittest::Queryable;
use stecca::store::Store;
use stecca::ui::{DeskApp, Screen};

const NAMES: [&str; 4] = ["Anna", "Bruno", "Carla", "Dario"];

#[test]
fn a_treasurer_runs_an_evening_from_chip_counts_to_receipts_and_settles_it() {
    let dir = tempfile::tempdir().expect("dir");
    let mut app = DeskApp::new(Store::open_in_memory().expect("store"));
    app.export_dir = Some(dir.path().to_owned());
    let mut harness = harness(app);
    harness.run();
    click(&mut harness, Role::Button, "Circolo");
    assert_eq!(harness.state().screen(), Screen::Club);
    type_into(&mut harness, "Nome del circolo", "Circolo del Drago");
    type_into(&mut harness, "Valore di una fiche (centesimi)", "0,5");
    type_into(&mut harness, "Quota tavolo (euro)", "2,00");
    click(&mut harness, Role::Button, "Crea circolo");
    let club = harness.state().desk().store().clubs().expect("clubs");
    assert_eq!(club.len(), 1, "{:?}", harness.state().status());
    let club = club[0].id;

    // Members: type a name, Enter, the next one (the name field takes the keyboard back).
    for name in NAMES {
        type_into(&mut harness, "Nome", name);
        harness.key_press(egui::Key::Enter);
        harness.run();
    }
    assert_eq!(
        harness.state().desk().store().members(club).expect("members").len(),
        4,
        "{:?}",
        harness.state().status()
    );

    click(&mut harness, Role::Button, "Serate");
    retype(&mut harness, "Data", "2026-11-20");
    for name in NAMES {
        type_into(&mut harness, &format!("Tavolo di {name}"), "1");
    }
    click(&mut harness, Role::Button, "Apri la serata");
    let evening = harness.state().desk().store().evenings(club).expect("evenings");
    assert_eq!(evening.len(), 1, "{:?}", harness.state().status());
    let evening = evening[0].id;

    // 100 chips short: the status line says by how much, nothing is saved.
    for (name, count) in NAMES.iter().zip(["6000", "3000", "4000", "2900"]) {
        type_into(&mut harness, &format!("Fiches di {name}"), count);
    }
    click(&mut harness, Role::Button, "Salva il conteggio del tavolo 1");
    let status = harness.state().status().expect("status").clone();
    assert!(status.error && status.text(stecca::ui::Lang::ITALIAN).contains("-100"), "{status:?}");
    assert!(harness.state().desk().store().chip_counts(evening).expect("counts").is_empty());
    retype(&mut harness, "Fiches di Dario", "3000");
    click(&mut harness, Role::Button, "Salva il conteggio del tavolo 1");
    assert_eq!(harness.state().desk().store().chip_counts(evening).expect("counts").len(), 1);

    // Closing cannot be undone: it asks first, and "Annulla" leaves the evening open.
    click(&mut harness, Role::Button, "Chiudi la serata");
    harness.get_by_label_contains("Chiudere la serata del 2026-11-20?");
    assert!(harness.state().desk().store().ledger(club).expect("ledger").is_empty(), "nothing posted yet");
    click(&mut harness, Role::Button, "Annulla");
    assert!(harness.query_by_label_contains("Chiudere la serata").is_none());
    click(&mut harness, Role::Button, "Chiudi la serata");
    click(&mut harness, Role::Button, "Sì, chiudi la serata");
    let ledger = harness.state().desk().store().ledger(club).expect("ledger");
    assert_eq!(ledger.len(), 8, "4 results and 4 fees: {:?}", harness.state().status());
    // Anna +2000 chips at half a cent is 10,00 €, less the 2,00 € fee.
    harness.get_by_label("8,00 €");

    click(&mut harness, Role::Button, "Ricevuta Anna");
    let written: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").filter_map(Result::ok).collect();
    assert_eq!(written.len(), 1, "{:?}", harness.state().status());
    let bytes = std::fs::read(written[0].path()).expect("receipt");
    let text = crate::common::pdf::text(&bytes);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in [
        "Circolo del Drago",
        "Ricevuta — Anna",
        "Serata del 2026-11-20",
        "8,00 €",
        "6000 fiches (+2000)",
        "Pagina 1 di 1",
    ] {
        assert!(text.contains(expected), "{expected:?} in {text}");
    }

    // Paying one row leaves every row where it was (the next one never slides under the pointer).
    click(&mut harness, Role::Button, "Regola i conti");
    let rows = |harness: &egui_kittest::Harness<'static, DeskApp>| {
        harness.query_all_by_label_contains("Pagato:").map(|n| n.rect().min.y).collect::<Vec<f32>>()
    };
    let before = rows(&harness);
    assert!(before.len() >= 2, "{before:?}");
    harness.query_all_by_label_contains("Pagato:").next().expect("a first row").click();
    harness.run();
    let after = rows(&harness);
    assert_eq!(after, before[1..], "the other rows have not moved");
    harness.get_by_label("✓ pagato");
    harness.get_by_label("1 di 4 trasferimenti pagati di questa proposta");
    harness.snapshot("club-settle-paying");
    click(&mut harness, Role::Button, "Segna tutti pagati");
    let balances = stecca::desk::balances(harness.state().desk().store(), club).expect("balances");
    assert!(balances.members.iter().all(|b| b.balance == 0) && balances.kitty == 0, "{balances:?}");
    click(&mut harness, Role::Button, "Nuova proposta");
    harness.get_by_label("Niente da regolare: ogni saldo è zero");

    // The club's balance is zero, and its cash box holds the four fees.
    click(&mut harness, Role::Button, "Soci");
    harness.get_by_label("Contanti in cassa");
    harness.get_by_label("8,00 €");

    // A correction picks its entry from the ledger as the treasurer reads it.
    click(&mut harness, Role::Button, "Libro cassa");
    harness.get_by_role_and_label(Role::ComboBox, "Registrazione da rettificare").click();
    harness.run();
    let fee = harness.state().desk().store().ledger(club).expect("ledger");
    let fee = fee.iter().find(|e| e.entry.kind == stecca::ledger::EntryKind::Fee).expect("a fee").id;
    harness.get_by_label_contains(&format!("n. {fee} · 2026-11-20")).click_accesskit();
    harness.run();
    let picked = harness.get_by_role_and_label(Role::ComboBox, "Registrazione da rettificare").value();
    assert!(picked.is_some_and(|p| p.starts_with(&format!("n. {fee} · "))), "picked");
    type_into(&mut harness, "Importo da aggiungere (es. -3,00)", "1,00");
    type_into(&mut harness, "Motivo", "quota ridotta");
    harness.get_by_role_and_label(Role::Button, "Rettifica una registrazione").click_accesskit();
    harness.run();
    let ledger = harness.state().desk().store().ledger(club).expect("ledger");
    let correction = ledger.last().expect("the correction");
    assert_eq!(correction.entry.corrects, Some(fee), "{:?}", harness.state().status());
}

/// The club's amount to avoid is set on the settle-up tab, and the proposal that follows has no payer split
/// into a 0,25 € remainder.
#[test]
fn the_treasurer_sets_an_amount_the_settle_up_avoids() {
    let mut store = Store::open_in_memory().expect("store");
    let club = crate::common::club_with_a_small_remainder(&mut store);

    let mut harness = harness(DeskApp::new(store));
    harness.run();
    click(&mut harness, Role::Button, "Circolo");
    click(&mut harness, Role::Button, "Regola i conti");
    harness.get_by_label("0,25 €");
    retype(&mut harness, "Evita trasferimenti sotto (euro)", "0,50");
    harness.key_press(egui::Key::Enter);
    harness.run();
    let saved = harness.state().desk().store().club(club).expect("club").settings.avoid_under;
    assert_eq!(saved, 50, "{:?}", harness.state().status());
    harness.get_by_label("Nelle proposte si evitano ora trasferimenti sotto 0,50 €");
    assert!(harness.query_by_label("0,25 €").is_none(), "the payer is no longer split into 0,25 €");
    harness.get_by_label("0,75 €");
    harness.get_by_label("3 trasferimenti, il minimo possibile");

    // A word that is not an amount is refused, naming the field, and the amount in force stays.
    retype(&mut harness, "Evita trasferimenti sotto (euro)", "mezzo euro");
    harness.key_press(egui::Key::Enter);
    harness.run();
    let status = harness.state().status().expect("status").clone();
    assert!(
        status.error && status.text(stecca::ui::Lang::ITALIAN).starts_with("Evita trasferimenti sotto:"),
        "{status:?}"
    );
    assert_eq!(harness.state().desk().store().club(club).expect("club").settings.avoid_under, 50);
    let field = harness.get_by_label("Evita trasferimenti sotto (euro)").value();
    assert_eq!(field.as_deref(), Some("0,50"));
}

/// At 800×600 the rulesets of the new club's form do not run over the next field (they wrapped inside the
/// form's grid and covered "Valore di una fiche").
#[test]
fn the_new_clubs_form_keeps_its_fields_apart_at_800_by_600() {
    let mut harness =
        crate::common::desk::harness_sized(DeskApp::new(Store::open_in_memory().expect("store")), [800.0, 600.0]);
    harness.run();
    click(&mut harness, Role::Button, "Circolo");
    harness.run();
    let last = harness.get_by_role_and_label(Role::RadioButton, "Mayumi-no Hanafuda").rect();
    let next = harness.get_by_role_and_label(Role::TextInput, "Valore di una fiche (centesimi)").rect();
    assert!(
        last.max.y <= next.min.y,
        "the last ruleset ends at {} and the next field starts at {}",
        last.max.y,
        next.min.y
    );
}
