//! The record behind a notebook line as a referee reads it: one row per field that the change set or moved,
//! named in the desk's words (a manche's fields in its ruleset's own), each value as the screens show it — a
//! tick as "sì", a wind by name, a seating's tables with the players' names — never the stored JSON keys.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::i18n::Lang;
use crate::message::Message;
use crate::rules::{self, EntryModel, MancheInput};
use crate::tiles::Wind;
use crate::tournament::{Id, RankingMethod, TieBreak};
use crate::{msg, text_id};

/// One field of a change: what it was and what it became (`None`: not set, or no record on that side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetailRow {
    /// The field, in words.
    pub field: Message,
    /// Its value before the change.
    pub before: Option<Message>,
    /// Its value after.
    pub after: Option<Message>,
}

/// The rows of a manche's input: the manche's own fields, then each player's, labelled by the ruleset's entry
/// model. A correction lists what changed; a first entry what was set.
pub fn manche_rows(before: Option<&MancheInput>, after: &MancheInput) -> Vec<DetailRow> {
    let model = rules::entry_model_in(&after.rules, &after.options);
    let words = Words { model, names: None };
    let object = |input: &MancheInput| serde_json::to_value(input).unwrap_or(Value::Null);
    let (was, now) = (before.map(object), object(after));
    // The manche's own fields (void, round wind, its options, a ruleset's manche fields), players aside.
    let top = |value: Option<&Value>| -> Map<String, Value> {
        let mut map = value.and_then(Value::as_object).cloned().unwrap_or_default();
        for key in ["players", "rules"] {
            map.remove(key);
        }
        map
    };
    let mut rows = object_rows(&words, None, &top(was.as_ref()), &top(Some(&now)), was.is_some());
    for player in &after.players {
        let old = before.and_then(|b| b.players.iter().find(|p| p.name == player.name));
        let fields = |p: &rules::PlayerInput| -> Map<String, Value> {
            let mut map = serde_json::to_value(p).ok().and_then(|v| v.as_object().cloned()).unwrap_or_default();
            map.remove("name");
            map
        };
        let old_fields = old.map(fields).unwrap_or_default();
        rows.extend(object_rows(&words, Some(&player.name), &old_fields, &fields(player), before.is_some()));
    }
    rows
}

/// The rows of any other record: a player's details, the tournament's settings, a penalty, a session's
/// seating, a book's lines. `names` turns the players' ids of a seating or a penalty into names.
pub fn record_rows(
    entity: &str,
    before: Option<&str>,
    after: Option<&str>,
    names: &HashMap<Id, String>,
) -> Vec<DetailRow> {
    // A record is JSON, except a table's round wind, kept as its bare letter ("E").
    let parse = |text: Option<&str>| {
        text.map(|t| serde_json::from_str::<Value>(t).unwrap_or_else(|_| Value::String(t.to_owned())))
    };
    let (was, now) = (parse(before), parse(after));
    let words = Words { model: None, names: Some(names) };
    match (entity, &was, &now) {
        ("seating", ..) => seating_rows(&words, was.as_ref(), now.as_ref()),
        ("book" | "card", ..) => list_rows(&words, was.as_ref(), now.as_ref()),
        (_, Some(Value::Object(_)) | None, Some(Value::Object(_)) | None) => {
            let object = |v: &Option<Value>| v.as_ref().and_then(Value::as_object).cloned().unwrap_or_default();
            object_rows(&words, None, &object(&was), &object(&now), was.is_some())
        }
        // A bare value: a table's round wind.
        _ => vec![row(
            words.label("round_wind"),
            was.as_ref().map(|v| words.value("round_wind", v)),
            now.as_ref().map(|v| words.value("round_wind", v)),
        )],
    }
}

/// What the labels and values come from.
struct Words<'a> {
    /// The manche's ruleset's entry model, for a manche.
    model: Option<&'a EntryModel>,
    /// Players' names by id, for records that name players by id.
    names: Option<&'a HashMap<Id, String>>,
}

impl Words<'_> {
    /// A field's name: the ruleset's label for its own fields, the desk's for the common ones, else the key.
    fn label(&self, key: &str) -> Message {
        if let Some(model) = self.model {
            if let Some(field) = model.hand.iter().chain(model.fields).find(|f| f.key == key) {
                return Message::new(field.label);
            }
            if key == "mahjong"
                && let Some(word) = model.mahjong
            {
                return Message::new(word);
            }
            if key == "void" {
                return Message::new(model.void_label);
            }
        }
        match known_key(key) {
            Some(id) => Message::new(id),
            None => plain(key),
        }
    }

    /// A value as the screens show it.
    fn value(&self, key: &str, value: &Value) -> Message {
        match (key, value) {
            (_, Value::Bool(true)) => msg!("audit.detail.yes"),
            (_, Value::Bool(false)) => msg!("audit.detail.no"),
            ("seat" | "round_wind", Value::String(code)) => match serde_json::from_value::<Wind>(value.clone()) {
                Ok(wind) => both(|lang| wind.name(lang)),
                Err(_) => plain(code),
            },
            ("rules", Value::String(id)) => rules::ruleset(id).map_or_else(|| plain(id), |r| r.name_message()),
            ("player", Value::Number(n)) => {
                let name = n.as_i64().and_then(|id| self.names.and_then(|names| names.get(&id)));
                name.map_or_else(|| plain(&n.to_string()), |name| plain(name))
            }
            ("method", _) => match serde_json::from_value::<RankingMethod>(value.clone()) {
                Ok(method) => Message::new(method.label()),
                Err(_) => compact(value),
            },
            ("tie_breaks", _) => match serde_json::from_value::<Vec<TieBreak>>(value.clone()) {
                Ok(keys) => joined(keys.iter().map(|k| Message::new(k.label())).collect()),
                Err(_) => compact(value),
            },
            ("win", Value::Array(flags)) => {
                let label = |id: &str| {
                    self.model
                        .and_then(|m| m.win_flags.iter().find(|f| f.id == id))
                        .map_or_else(|| plain(id), |f| Message::new(f.label))
                };
                joined(flags.iter().filter_map(Value::as_str).map(label).collect())
            }
            (_, Value::String(text)) => plain(text),
            _ => compact(value),
        }
    }
}

/// The rows of two objects' fields, nested objects by their path ("Classifica · Punti piazzamento"):
/// the fields that differ, or (a record made) those set. `player` heads each row with whose field it is.
fn object_rows(
    words: &Words,
    player: Option<&str>,
    was: &Map<String, Value>,
    now: &Map<String, Value>,
    changed_only: bool,
) -> Vec<DetailRow> {
    let mut rows = Vec::new();
    // The record's own order where it has one (serde keeps the struct's order), then keys only `was` has.
    for key in now.keys().chain(was.keys().filter(|k| !now.contains_key(*k))) {
        let (old, new) = (was.get(key).filter(|v| !empty(v)), now.get(key).filter(|v| !empty(v)));
        if old == new || (!changed_only && new.is_some_and(unset)) {
            continue;
        }
        let nested = |v: Option<&Value>| v.is_none_or(Value::is_object);
        if key != "options" && nested(old) && nested(new) {
            let empty = Map::new();
            let (a, b) =
                (old.and_then(Value::as_object).unwrap_or(&empty), new.and_then(Value::as_object).unwrap_or(&empty));
            for mut inner in object_rows(words, player, a, b, changed_only) {
                inner.field =
                    msg!("audit.detail.path").arg_message("outer", words.label(key)).arg_message("inner", inner.field);
                rows.push(inner);
            }
            continue;
        }
        let field = match player {
            Some(name) => msg!("audit.detail.player_field", player = name).arg_message("field", words.label(key)),
            None => words.label(key),
        };
        rows.push(row(field, old.map(|v| words.value(key, v)), new.map(|v| words.value(key, v))));
    }
    rows
}

/// A value that says nothing: null, empty text, an empty list (shown as "—").
fn empty(value: &Value) -> bool {
    value.is_null() || (!matches!(value, Value::Bool(_)) && unset(value))
}

/// A value not worth a row on a first entry: false, empty text, an empty list.
fn unset(value: &Value) -> bool {
    match value {
        Value::Bool(b) => !b,
        Value::String(s) => s.trim().is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

/// A session's seating: one row per table whose players changed, by name in seat order.
fn seating_rows(words: &Words, was: Option<&Value>, now: Option<&Value>) -> Vec<DetailRow> {
    let tables = |v: Option<&Value>| -> Vec<Vec<Id>> {
        v.and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default()
    };
    let (was, now) = (tables(was), tables(now));
    let name = |id: &Id| words.names.and_then(|n| n.get(id)).cloned().unwrap_or_else(|| format!("#{id}"));
    let seated = |table: &Vec<Id>| plain(&table.iter().map(name).collect::<Vec<_>>().join(", "));
    changed_items(&was, &now, |n| msg!("audit.detail.table", n = n), seated)
}

/// A book's lines: one row per line that changed, its fields in order.
fn list_rows(words: &Words, was: Option<&Value>, now: Option<&Value>) -> Vec<DetailRow> {
    let lines = |v: Option<&Value>| v.and_then(Value::as_array).cloned().unwrap_or_default();
    let (was, now) = (lines(was), lines(now));
    let line = |v: &Value| match v.as_object() {
        Some(fields) => joined(
            fields
                .iter()
                .filter(|(_, v)| !unset(v))
                .map(|(k, v)| match v {
                    Value::Bool(_) => words.label(k),
                    _ => words.value(k, v),
                })
                .collect(),
        ),
        None => words.value("", v),
    };
    changed_items(&was, &now, |n| msg!("audit.detail.line", n = n), line)
}

/// One row per position whose item differs between the two lists, labelled by `label` (counted from 1).
fn changed_items<T: PartialEq>(
    was: &[T],
    now: &[T],
    label: impl Fn(usize) -> Message,
    show: impl Fn(&T) -> Message,
) -> Vec<DetailRow> {
    (0..was.len().max(now.len()))
        .filter(|&i| was.get(i) != now.get(i))
        .map(|i| row(label(i + 1), was.get(i).map(&show), now.get(i).map(&show)))
        .collect()
}

fn row(field: Message, before: Option<Message>, after: Option<Message>) -> DetailRow {
    DetailRow { field, before, after }
}

/// Text that is data (a name, a hand), the same in every language.
fn plain(text: &str) -> Message {
    Message::each(|_| text.to_owned())
}

/// A text made in each language by `make`.
fn both(make: impl Fn(Lang) -> String) -> Message {
    Message::each(make)
}

/// Messages one after the other, separated by " · ".
fn joined(parts: Vec<Message>) -> Message {
    both(|lang| parts.iter().map(|p| p.render(lang)).collect::<Vec<_>>().join(" · "))
}

/// A value with no words of its own (a ruleset's options), as compact JSON.
fn compact(value: &Value) -> Message {
    plain(&value.to_string())
}

/// The desk's name for a common key of the stored records.
fn known_key(key: &str) -> Option<&'static str> {
    Some(match key {
        "name" => text_id!("field.name"),
        "club" => text_id!("field.club"),
        "country" => text_id!("field.country"),
        "federation_id" => text_id!("field.federation_id"),
        "substitute" => text_id!("audit.key.substitute"),
        "withdrawn" => text_id!("audit.key.withdrawn"),
        "venue" => text_id!("field.venue"),
        "start_date" => text_id!("audit.key.start_date"),
        "end_date" => text_id!("audit.key.end_date"),
        "rules" => text_id!("settings.rules"),
        "options" => text_id!("audit.key.options"),
        "sessions" => text_id!("standings.sessions"),
        "manches_per_session" => text_id!("settings.manches"),
        "ranking" => text_id!("settings.ranking"),
        "method" => text_id!("audit.key.method"),
        "placement_points" => text_id!("settings.placement_points"),
        "tie_breaks" => text_id!("settings.tie_breaks"),
        "seating_seed" => text_id!("settings.seed"),
        "points" => text_id!("standings.penalty_points"),
        "reason" => text_id!("field.reason"),
        "session" => text_id!("audit.key.session"),
        "player" => text_id!("audit.filter_player"),
        "seat" => text_id!("audit.key.seat"),
        "round_wind" => text_id!("table.round"),
        "win" => text_id!("audit.key.win"),
        "hand" => text_id!("entry.hand"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(rows: &[DetailRow], lang: Lang) -> Vec<String> {
        let side = |m: &Option<Message>| m.as_ref().map_or_else(|| "—".to_owned(), |m| m.render(lang));
        rows.iter().map(|r| format!("{}: {} → {}", r.field.render(lang), side(&r.before), side(&r.after))).collect()
    }

    #[test]
    fn a_players_edit_names_the_field_and_both_values() {
        let before = r#"{"name":"Bruno Rossi","club":"Drago","country":"IT","federation_id":"","substitute":false,"withdrawn":false}"#;
        let after = r#"{"name":"Bruno Russo","club":"Drago","country":"IT","federation_id":"","substitute":false,"withdrawn":true}"#;
        let rows = record_rows("player", Some(before), Some(after), &HashMap::new());
        assert_eq!(said(&rows, Lang::ITALIAN), ["Nome: Bruno Rossi → Bruno Russo", "Ritirato: no → sì"]);
    }

    #[test]
    fn settings_read_as_the_settings_screen_says_them() {
        let created = r#"{"name":"Open","rules":"fimj","sessions":4,"ranking":{"method":"total_points","placement_points":[4,2,1,0],"tie_breaks":["placement_points","best_session"]}}"#;
        let rows = record_rows("tournament", None, Some(created), &HashMap::new());
        let it = said(&rows, Lang::ITALIAN);
        assert!(it.contains(&"Regolamento: — → FIMJ — Regolamento italiano ufficiale (1993)".to_owned()), "{it:?}");
        assert!(
            it.contains(&"Classifica · Spareggi (in ordine): — → Punti piazzamento · Miglior sessione".to_owned()),
            "{it:?}"
        );
        assert!(it.contains(&"Classifica · Metodo: — → Punti totali".to_owned()), "{it:?}");
        assert!(!it.iter().any(|line| line.contains("tie_breaks") || line.contains('{')), "{it:?}");
    }

    #[test]
    fn a_tables_round_wind_reads_by_name() {
        let rows = record_rows("table", Some("E"), Some("S"), &HashMap::new());
        assert_eq!(said(&rows, Lang::ITALIAN), ["Giro: Est → Sud"]);
    }

    #[test]
    fn a_seating_swap_shows_the_two_tables_by_name() {
        let names: HashMap<Id, String> = (1..=8)
            .map(|i| {
                (i, ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Ugo"][i as usize - 1].to_owned())
            })
            .collect();
        let rows = record_rows("seating", Some("[[1,2,3,4],[5,6,7,8]]"), Some("[[1,2,3,5],[4,6,7,8]]"), &names);
        assert_eq!(
            said(&rows, Lang::ITALIAN),
            [
                "Tavolo 1: Anna, Bruno, Carla, Dario → Anna, Bruno, Carla, Elena",
                "Tavolo 2: Elena, Fabio, Giulia, Ugo → Dario, Fabio, Giulia, Ugo"
            ]
        );
    }

    #[test]
    fn a_manche_correction_lists_what_changed_in_the_rulesets_words() {
        let manche = |hand: &str, win: &str| -> MancheInput {
            serde_json::from_str(&format!(
                r#"{{"rules":"fimj","round_wind":"E","void":false,"options":{{}},"players":[
                {{"name":"Anna","seat":"E","hand":"{hand}","mahjong":true,"win":[{win}]}},
                {{"name":"Bruno","seat":"S","hand":"113d 2233b 37c E W N B","mahjong":false,"win":[]}}]}}"#
            ))
            .expect("manche")
        };
        let before = manche("[222d] 234444789b NN", "");
        let after = manche("[222d] 234444789b WW", r#""self_drawn""#);
        let rows = manche_rows(Some(&before), &after);
        let it = said(&rows, Lang::ITALIAN);
        assert_eq!(it.len(), 2, "{it:?}");
        assert!(
            it[0].starts_with("Anna · ") && it[0].ends_with(": [222d] 234444789b NN → [222d] 234444789b WW"),
            "{it:?}"
        );
        assert!(it[1].starts_with("Anna · ") && it[1].contains(": — → "), "{it:?}");
        assert!(!it.iter().any(|line| line.contains("self_drawn") || line.contains("win")), "{it:?}");
        // A first entry lists what was set, not the unticked and the empty.
        let entered = said(&manche_rows(None, &after), Lang::ENGLISH);
        assert!(entered.contains(&"Bruno · Seat: — → South".to_owned()), "{entered:?}");
        assert!(!entered.iter().any(|line| line.contains(": — → no")), "{entered:?}");
    }
}
