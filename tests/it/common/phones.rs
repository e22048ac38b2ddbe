//! A hall of tables with phones: one tournament a ruleset, each with one table seated and its phone's link, as
//! the board's phone tests and the browser's need it.

use stecca::desk::{self, Desk};
use stecca::rules::Ruleset;
use stecca::store::Store;
use stecca::tournament::{PlayerData, TournamentSettings};

/// A table with a phone: its ruleset, its tournament, the table and its link's token.
pub struct PhoneTable {
    pub rules: &'static str,
    pub tournament: i64,
    pub table: i64,
    pub token: String,
}

/// For each of `rulesets`, a one-session tournament "Coppa <id>" with a table of players named by `name` (by
/// seat), seated by Rossi; the desk on `store`, and each table with its phone's link.
pub fn one_table_a_ruleset(
    mut store: Store,
    rulesets: &[&'static dyn Ruleset],
    name: impl Fn(usize) -> String,
) -> (Desk, Vec<PhoneTable>) {
    let mut seated = Vec::new();
    for rules in rulesets {
        let settings = TournamentSettings {
            name: format!("Coppa {}", rules.id()),
            sessions: 1,
            ..TournamentSettings::for_rules(rules.id())
        };
        let id = desk::create_tournament(&mut store, &settings, "Rossi").expect("tournament");
        for seat in 0..rules.table_size() {
            let data = PlayerData { name: name(seat), ..PlayerData::default() };
            store.add_player(id, &data, "Rossi").expect("player");
        }
        let players: Vec<i64> = store.players(id).expect("players").iter().map(|p| p.id).collect();
        store.save_seating(id, 1, &[vec![players]], "Rossi").expect("seated");
        seated.push((rules.id(), id, store.seating(id).expect("seating")[0].id));
    }
    let mut desk = Desk::new(store);
    let tables = seated
        .into_iter()
        .map(|(rules, tournament, table)| {
            let token = desk.table_links(tournament, 1, "Rossi").expect("links")[0].token.clone();
            PhoneTable { rules, tournament, table, token }
        })
        .collect();
    (desk, tables)
}
