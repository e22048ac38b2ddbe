//! A station whose network goes away, not its server: inside a network namespace of its own, the test
//! thread runs a PostgreSQL server and a station, then takes the namespace's only link down, so that the
//! station's packets vanish as when a cable is pulled. The save in flight ends as "offline" (bounded by the
//! connection's TCP timeout, not hanging), later operations fail at once instead of waiting again, and when
//! the link is back the kept manche is saved once with its key.
//!
//! Needs root (a network namespace and `ip link`), as in CI; elsewhere it says why and does nothing.

use std::process::Command;

use stecca::desk::{self, SaveAs};
use stecca::store::{Store, StoreError};

fn link(state: &str) {
    let status = Command::new("ip").args(["link", "set", "lo", state]).status().expect("ip runs");
    assert!(status.success(), "ip link set lo {state}");
}

#[test]
fn a_lost_network_is_offline_and_the_kept_manche_lands_once_when_it_is_back() {
    // unshare(2) moves only this thread (the test's own) into a new network namespace; every socket and child
    // process this test makes is created from this thread.
    if let Err(error) = nix::sched::unshare(nix::sched::CloneFlags::CLONE_NEWNET) {
        eprintln!("network_loss: no network namespace here (needs root): {error}");
        assert!(!crate::common::pg::is_root(), "as root the namespace must be available");
        return;
    }
    link("up");
    let server = crate::common::pg::own_server();
    let mut store = Store::open_server(&server.fresh_database()).expect("station");
    let (id, table) = crate::common::seated_four(&mut store);
    desk::confirm_manche(&mut store, table, 1, &crate::common::digest_entry(), "R").expect("before the loss");

    link("down");
    let save = SaveAs::fresh(None);
    let error = desk::confirm_manche_as(&mut store, table, 2, &crate::common::digest_entry(), "R", &save)
        .expect_err("the network is gone");
    assert!(matches!(error, desk::DeskError::Store(StoreError::Offline { .. })), "{error:?}");
    assert!(matches!(store.change_stamp(), Err(StoreError::Offline { .. })), "still offline, said at once");

    link("up");
    std::thread::sleep(std::time::Duration::from_millis(2100));
    desk::confirm_manche_as(&mut store, table, 2, &crate::common::digest_entry(), "R", &save).expect("saved when back");
    desk::confirm_manche_as(&mut store, table, 2, &crate::common::digest_entry(), "R", &save).expect("the same save");
    assert_eq!(store.manche_count(id).expect("count"), 2, "manche 2 saved once");
    let manche = &store.table_manches(table).expect("manches")[1];
    assert_eq!(store.record_history("manche", manche.id).expect("history").len(), 1);
}
