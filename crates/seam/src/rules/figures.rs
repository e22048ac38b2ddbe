//! A hand's own figures as its ruleset counts them (FIMJ's and classic's punti di stecca, raddoppi and the
//! limit scored), carried by the outcome as named values in the ruleset's order, so that the shared outcome
//! names no ruleset's figure and scripts read them where they always were.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Named values in the order the ruleset gives them; serialized as the entries of a map (an outcome
/// flattens them among its own keys).
///
/// Hand-written rather than a `serde_json::Map`: without serde_json's `preserve_order` feature (which would
/// reorder every other JSON object the workspace writes) a map sorts its keys, and scripts read the figures in
/// the order they have always been printed.
#[derive(Clone, Debug, Default)]
pub struct Figures(Vec<(String, serde_json::Value)>);

impl Figures {
    /// No figures (rulesets whose score needs no explanation beyond its lines).
    pub fn none() -> Self {
        Figures(Vec::new())
    }

    /// Adds `key` with `value` after the figures given so far.
    pub fn with(mut self, key: &str, value: impl Into<serde_json::Value>) -> Self {
        self.0.push((key.to_owned(), value.into()));
        self
    }

    /// The figure `key`, if the ruleset gives it.
    pub fn get(&self, key: &str) -> Option<&serde_json::Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Keeps only the figures `keep` accepts, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &serde_json::Value) -> bool) {
        self.0.retain(|(key, value)| keep(key, value));
    }

    /// Every figure, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &serde_json::Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }
}

/// The same figures whatever their order: an outcome read back through a sorted JSON map is the same outcome.
impl PartialEq for Figures {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len() && self.iter().all(|(key, value)| other.get(key) == Some(value))
    }
}

impl Eq for Figures {}

impl Serialize for Figures {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl<'de> Deserialize<'de> for Figures {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct InOrder;
        impl<'de> Visitor<'de> for InOrder {
            type Value = Figures;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a hand's figures by name")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Figures, A::Error> {
                let mut figures = Vec::with_capacity(map.size_hint().unwrap_or(0).min(16));
                while let Some(entry) = map.next_entry::<String, serde_json::Value>()? {
                    figures.push(entry);
                }
                Ok(Figures(figures))
            }
        }
        deserializer.deserialize_map(InOrder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_keep_their_order_through_json() {
        let figures =
            Figures::none().with("stick_points", 36).with("doubles", 2).with("limit", serde_json::Value::Null);
        let json = serde_json::to_string(&figures).expect("json");
        assert_eq!(json, r#"{"stick_points":36,"doubles":2,"limit":null}"#);
        let read: Figures = serde_json::from_str(&json).expect("read");
        assert_eq!(read, figures);
        assert_eq!(read.get("doubles"), Some(&serde_json::json!(2)));
        let sorted: Figures = serde_json::from_value(serde_json::to_value(&figures).expect("value")).expect("read");
        assert_eq!(sorted.iter().map(|(k, _)| k).collect::<Vec<_>>(), ["doubles", "limit", "stick_points"]);
        assert_eq!(sorted, figures, "the same figures in another order");
        assert_ne!(sorted, figures.clone().with("extra", 1));
    }
}
