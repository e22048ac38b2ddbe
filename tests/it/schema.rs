//! The schema, once: SQLite's and PostgreSQL's live schemas (tables, columns and their kinds, NOT NULL, primary
//! keys, foreign keys, unique keys, triggers) and the copy list of `db copy` must describe the same database. Any
//! difference fails here unless it is declared below, with the reason it is there.

use std::collections::{BTreeMap, BTreeSet};

use stecca::store::{COPIED_TABLES, Store};

/// One table as both backends must agree on it.
#[derive(Debug, Default, PartialEq, Eq)]
struct Table {
    /// Column → (kind: "int" or "text", NOT NULL, part of the primary key).
    columns: BTreeMap<String, (String, bool, bool)>,
    /// (column, referenced table, referenced column).
    foreign_keys: BTreeSet<(String, String, String)>,
    /// Unique keys other than the primary key, each as its sorted columns.
    unique: BTreeSet<Vec<String>>,
}

/// Tables only one backend has, each with why.
const ONLY_SQLITE: &[(&str, &str)] = &[];
const ONLY_POSTGRES: &[(&str, &str)] =
    &[("stecca_schema", "PostgreSQL keeps the schema version in a table; SQLite in PRAGMA user_version")];
/// Tables `db copy` leaves alone, with why.
const NOT_COPIED: &[(&str, &str)] = &[("change_stamp", "each database counts its own changes")];

fn kind(declared: &str) -> String {
    let declared = declared.to_ascii_lowercase();
    if ["int", "bool", "serial"].iter().any(|k| declared.contains(k)) {
        "int".to_owned()
    } else if ["text", "char"].iter().any(|k| declared.contains(k)) {
        "text".to_owned()
    } else {
        format!("other: {declared}")
    }
}

fn sqlite_schema(store: &Store) -> (BTreeMap<String, Table>, BTreeSet<(String, String)>) {
    let conn = store.connection().expect("sqlite");
    let strings = |sql: &str| -> Vec<String> {
        let mut statement = conn.prepare(sql).expect(sql);
        statement.query_map([], |r| r.get(0)).expect(sql).map(|r| r.expect("row")).collect()
    };
    let mut tables = BTreeMap::new();
    for name in strings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
        let mut table = Table::default();
        let mut columns = conn.prepare(&format!("PRAGMA table_info({name})")).expect("columns");
        let rows = columns
            .query_map([], |r| {
                Ok((r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get::<_, bool>(3)?, r.get::<_, i64>(5)? > 0))
            })
            .expect("columns");
        for row in rows {
            let (column, declared, not_null, primary) = row.expect("column");
            // SQLite's INTEGER PRIMARY KEY is NOT NULL without saying so.
            table.columns.insert(column, (kind(&declared), not_null || primary, primary));
        }
        let mut keys = conn.prepare(&format!("PRAGMA foreign_key_list({name})")).expect("fks");
        let rows = keys
            .query_map([], |r| Ok((r.get::<_, String>(3)?, r.get::<_, String>(2)?, r.get::<_, Option<String>>(4)?)))
            .expect("fks");
        for row in rows {
            let (from, parent, to) = row.expect("fk");
            table.foreign_keys.insert((from, parent, to.unwrap_or_else(|| "id".to_owned())));
        }
        let mut indexes = conn.prepare(&format!("PRAGMA index_list({name})")).expect("indexes");
        let rows = indexes
            .query_map([], |r| Ok((r.get::<_, String>(1)?, r.get::<_, bool>(2)?, r.get::<_, String>(3)?)))
            .expect("indexes");
        for row in rows {
            let (index, unique, origin) = row.expect("index");
            if !unique || origin == "pk" {
                continue;
            }
            let mut columns = strings(&format!("SELECT name FROM pragma_index_info('{index}')"));
            columns.sort();
            table.unique.insert(columns);
        }
        tables.insert(name, table);
    }
    let mut triggers = conn.prepare("SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger'").expect("t");
    let triggers =
        triggers.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).expect("t").map(|r| r.expect("trigger")).collect();
    (tables, triggers)
}

fn postgres_schema(url: &str) -> (BTreeMap<String, Table>, BTreeSet<(String, String)>) {
    let mut client = postgres::Client::connect(url, postgres::NoTls).expect("admin connection");
    let mut tables = BTreeMap::<String, Table>::new();
    let rows = client
        .query(
            "SELECT c.table_name::text, c.column_name::text, c.data_type::text, c.is_nullable = 'NO', \
             EXISTS (SELECT 1 FROM information_schema.table_constraints tc \
                     JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name \
                      AND k.table_name = tc.table_name \
                     WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_name = c.table_name \
                       AND k.column_name = c.column_name) \
             FROM information_schema.columns c JOIN information_schema.tables t \
               ON t.table_name = c.table_name AND t.table_schema = c.table_schema \
             WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'",
            &[],
        )
        .expect("columns");
    for row in rows {
        let (table, column, declared, not_null, primary): (String, String, String, bool, bool) =
            (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4));
        tables.entry(table).or_default().columns.insert(column, (kind(&declared), not_null, primary));
    }
    let rows = client
        .query(
            "SELECT conrelid::regclass::text, contype::text, \
                    (SELECT array_agg(a.attname::text ORDER BY a.attname) FROM pg_attribute a \
                      WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)), \
                    confrelid::regclass::text, \
                    (SELECT array_agg(a.attname::text) FROM pg_attribute a \
                      WHERE a.attrelid = c.confrelid AND a.attnum = ANY (c.confkey)) \
             FROM pg_constraint c WHERE connamespace = 'public'::regnamespace AND contype IN ('f', 'u')",
            &[],
        )
        .expect("constraints");
    for row in rows {
        let (table, kind, columns): (String, String, Vec<String>) = (row.get(0), row.get(1), row.get(2));
        let entry = tables.entry(table).or_default();
        if kind == "u" {
            entry.unique.insert(columns);
        } else {
            let parent: String = row.get(3);
            let to: Vec<String> = row.get(4);
            entry.foreign_keys.insert((columns[0].clone(), parent, to[0].clone()));
        }
    }
    let rows = client
        .query(
            "SELECT t.relname::text, (SELECT array_agg(a.attname::text ORDER BY a.attname) FROM pg_attribute a \
                     WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)) \
             FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid \
             WHERE t.relnamespace = 'public'::regnamespace AND i.indisunique AND NOT i.indisprimary \
               AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)",
            &[],
        )
        .expect("unique indexes");
    for row in rows {
        let (table, columns): (String, Vec<String>) = (row.get(0), row.get(1));
        tables.entry(table).or_default().unique.insert(columns);
    }
    let triggers = client
        .query("SELECT DISTINCT event_object_table::text, trigger_name::text FROM information_schema.triggers", &[])
        .expect("triggers")
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    (tables, triggers)
}

/// Every difference between the two live schemas and the copy list that is not declared above.
fn differences(
    (mut lite, lite_triggers): (BTreeMap<String, Table>, BTreeSet<(String, String)>),
    (mut server, server_triggers): (BTreeMap<String, Table>, BTreeSet<(String, String)>),
) -> Vec<String> {
    let mut found = Vec::new();
    for (table, _) in ONLY_SQLITE {
        if lite.remove(*table).is_none() {
            found.push(format!("{table} is declared SQLite-only but is not there"));
        }
    }
    for (table, _) in ONLY_POSTGRES {
        if server.remove(*table).is_none() {
            found.push(format!("{table} is declared PostgreSQL-only but is not there"));
        }
    }
    for name in lite.keys().filter(|n| !server.contains_key(*n)) {
        found.push(format!("table {name} is in SQLite only"));
    }
    for name in server.keys().filter(|n| !lite.contains_key(*n)) {
        found.push(format!("table {name} is in PostgreSQL only"));
    }
    for (name, table) in lite.iter().filter(|(n, _)| server.contains_key(*n)) {
        if table != &server[name] {
            found.push(format!("table {name}: SQLite {table:?}\n  PostgreSQL {:?}", server[name]));
        }
    }
    // Trigger names differ by dialect (PostgreSQL's call functions); each table must be guarded by both or neither.
    let guarded = |t: &BTreeSet<(String, String)>| t.iter().map(|(table, _)| table.clone()).collect::<BTreeSet<_>>();
    let (lite_guarded, server_guarded) = (guarded(&lite_triggers), guarded(&server_triggers));
    for table in lite_guarded.symmetric_difference(&server_guarded) {
        found.push(format!("table {table} has triggers on one backend only"));
    }
    let copied: BTreeMap<&str, Vec<&str>> = COPIED_TABLES.iter().map(|(t, c)| (*t, c.to_vec())).collect();
    for (name, table) in &lite {
        let declared = NOT_COPIED.iter().any(|(t, _)| t == name);
        match (copied.get(name.as_str()), declared) {
            (Some(_), true) => found.push(format!("{name} is declared not copied but is in the copy list")),
            (None, false) => found.push(format!("table {name} is not in the copy list")),
            (None, true) => {}
            (Some(columns), false) => {
                let mut columns = columns.clone();
                columns.sort_unstable();
                let live: Vec<&str> = table.columns.keys().map(String::as_str).collect();
                if columns != live {
                    found.push(format!("the copy list's columns of {name}: {columns:?}, the schema's: {live:?}"));
                }
            }
        }
    }
    for name in copied.keys().filter(|n| !lite.contains_key(**n)) {
        found.push(format!("the copy list names {name}, which is no table"));
    }
    found
}

#[test]
fn both_backends_and_the_copy_list_describe_one_schema() {
    let sqlite = Store::open_in_memory().expect("sqlite");
    let url = crate::common::pg::url();
    drop(Store::open_server(&url).expect("the schema on the server"));
    let (lite, server) = (sqlite_schema(&sqlite), postgres_schema(&url));
    // What is compared is the whole schema, not an empty shell.
    assert!(lite.0.len() >= 19, "{} tables", lite.0.len());
    assert!(lite.0.values().map(|t| t.foreign_keys.len()).sum::<usize>() >= 20);
    assert!(lite.1.len() >= 9 && server.1.len() >= 9, "{} and {} triggers", lite.1.len(), server.1.len());
    assert_eq!(differences(lite, server), Vec::<String>::new());

    // And a drift is found: a column added on one side, a trigger dropped on the other.
    let conn = sqlite.connection().expect("sqlite");
    conn.execute_batch("ALTER TABLE player ADD COLUMN nickname TEXT").expect("drift");
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("admin");
    let (table, trigger) = postgres_schema(&url).1.into_iter().next().expect("a trigger");
    admin.batch_execute(&format!("DROP TRIGGER {trigger} ON {table}")).expect("dropped");
    let found = differences(sqlite_schema(&sqlite), postgres_schema(&url));
    assert!(found.iter().any(|d| d.starts_with("table player:") && d.contains("nickname")), "{found:?}");
    assert!(found.iter().any(|d| d.contains("copy list's columns of player")), "{found:?}");
    if !postgres_schema(&url).1.iter().any(|(t, _)| *t == table) {
        assert!(found.iter().any(|d| d == &format!("table {table} has triggers on one backend only")), "{found:?}");
    }
}
