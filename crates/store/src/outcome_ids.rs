//! Schema 8's data step: saved outcomes of version 1 (every explanation line and warning written out in
//! Italian and English) are rewritten with text ids (version 2), so that a wording fix or the other language
//! reaches them too. Only the words change: the outcome is scored again from its saved input and taken only
//! when every figure — nets, payments, each hand's score, points, doubles, limit, arrangement, who deals next,
//! and the number of lines and warnings — equals the saved one. Any other outcome (the engine scores it
//! differently today, or its input no longer parses) keeps its saved words, which are still read.

use crate::rules::{self, MancheInput, MancheOutcome};

/// The schema version whose migration runs [`rewrite`] on every version-1 outcome.
pub(crate) const SCHEMA: i64 = 8;

/// The version-2 form of the saved outcome `outcome` of the manche saved as `input`, or `None` when it is
/// to be left as it is.
pub(crate) fn rewrite(input: &str, outcome: &str) -> Option<String> {
    let input: MancheInput = serde_json::from_str(input).ok()?;
    let saved: MancheOutcome = serde_json::from_str(outcome).ok()?;
    let scored = rules::score_manche(&input).ok()?;
    (same_figures(&scored, &saved)).then(|| serde_json::to_string(&scored).ok()).flatten()
}

/// Whether `scored` and `saved` differ in nothing but their words.
fn same_figures(scored: &MancheOutcome, saved: &MancheOutcome) -> bool {
    if scored.players.len() != saved.players.len() || scored.warnings.len() != saved.warnings.len() {
        return false;
    }
    let mut masked = scored.clone();
    let mut saved = saved.clone();
    for (player, old) in masked.players.iter_mut().zip(saved.players.iter_mut()) {
        if player.items.len() != old.items.len() {
            return false;
        }
        // The summary is words too (version 1 had none).
        player.summary = old.summary.clone();
        // Version 1 gave every hand the tile rulesets' three figures, empty (zero, null) where the ruleset
        // has none of them: those are not figures that differ.
        old.figures.retain(|key, value| player.figures.get(key).is_some() || !is_empty_figure(value));
        for (item, old) in player.items.iter_mut().zip(&old.items) {
            item.label = old.label.clone();
            item.term = old.term.clone();
        }
    }
    for (warning, old) in masked.warnings.iter_mut().zip(&saved.warnings) {
        warning.text = old.text.clone();
    }
    masked == saved
}

/// The figures version 1 wrote for every hand whatever its ruleset (the tile rulesets' three, which the shared
/// outcome type had then), empty where the ruleset has none of them.
#[cfg(test)]
const VERSION_1_FIGURES: [&str; 3] = ["stick_points", "doubles", "limit"];

/// A figure version 1 wrote for every hand whatever its ruleset: zero or null.
fn is_empty_figure(value: &serde_json::Value) -> bool {
    value.is_null() || value.as_u64() == Some(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::Message;

    const INPUT: &str = r#"{"rules":"fimj","round_wind":"E","players":[
        {"name":"Anna","seat":"E","hand":"[999c] 2b 3b 5d 7d 9d 6c 7c S N B 1f"},
        {"name":"Bruno","seat":"S","hand":"[555b] RRR 123c 456d EE 2f","mahjong":true,"win":["self_drawn"]},
        {"name":"Carla","seat":"W","hand":"[234d] 66c 1b 4b 8b E S N VV"},
        {"name":"Dario","seat":"N","hand":"1c 2c 4c 5d 6d 8d 9b 1d 3b 5b 7b W W"}]}"#;

    /// The outcome as version 1 stored it: each label written out in both languages.
    fn as_version_1(outcome: &MancheOutcome) -> String {
        let mut json = serde_json::to_value(outcome).expect("json");
        for player in json["players"].as_array_mut().expect("players") {
            for item in player["items"].as_array_mut().expect("items") {
                let label: Message = serde_json::from_value(item["label"].clone()).expect("label");
                let object = item.as_object_mut().expect("item");
                object.remove("label");
                object.insert("label_it".into(), label.render(stecca_core::i18n::Lang::ITALIAN).into());
                object.insert("label_en".into(), label.render(stecca_core::i18n::Lang::ENGLISH).into());
            }
        }
        json.to_string()
    }

    #[test]
    fn a_version_1_outcome_with_the_same_figures_gets_ids() {
        let input: MancheInput = serde_json::from_str(INPUT).expect("input");
        let today = rules::score_manche(&input).expect("scores");
        let saved = as_version_1(&today);
        let read: MancheOutcome = serde_json::from_str(&saved).expect("v1 is read");
        assert!(read.players[1].items.iter().all(|item| item.label.id().is_none()), "v1 labels are words");
        let rewritten = rewrite(INPUT, &saved).expect("same figures: rewritten");
        let rewritten: MancheOutcome = serde_json::from_str(&rewritten).expect("v2");
        assert_eq!(rewritten, today);
        assert!(rewritten.players[1].items.iter().all(|item| item.label.id().is_some()));
    }

    #[test]
    fn a_version_1_outcome_of_rules_without_figures_drops_the_empty_ones_it_was_given() {
        let mut tried = 0;
        for ruleset in rules::rulesets() {
            let in_force = ruleset.in_force(&serde_json::json!({})).expect("the defaults");
            let model = ruleset.seat_model();
            let frame = rules::MancheFrame {
                names: (0..ruleset.table_size()).map(|i| format!("P{i}")).collect(),
                dealer: 0,
                round_wind: model.has_winds().then_some(crate::tiles::Wind::East),
                seat_winds: model.has_seat_winds(),
                ..rules::MancheFrame::default()
            };
            let input = in_force.random_manche(7, &frame);
            let today = rules::score_manche(&input).expect("scores");
            if today.players.iter().any(|p| p.figures != rules::Figures::none()) {
                continue;
            }
            tried += 1;
            let input = serde_json::to_string(&input).expect("json");
            let mut saved: serde_json::Value = serde_json::from_str(&as_version_1(&today)).expect("json");
            for player in saved["players"].as_array_mut().expect("players") {
                let player = player.as_object_mut().expect("player");
                for (name, empty) in VERSION_1_FIGURES.iter().zip([0.into(), 0.into(), serde_json::Value::Null]) {
                    player.insert((*name).into(), empty);
                }
            }
            let rewritten = rewrite(&input, &saved.to_string()).expect("the same figures: rewritten");
            assert_eq!(serde_json::from_str::<MancheOutcome>(&rewritten).expect("v2"), today, "{}", ruleset.id());
            saved["players"][1][VERSION_1_FIGURES[0]] = 4.into();
            assert_eq!(rewrite(&input, &saved.to_string()), None, "{}: a figure not empty differs", ruleset.id());
        }
        assert!(tried >= 2, "the rulesets without figures (today two) are tried");
    }

    #[test]
    fn a_version_1_outcome_whose_figures_differ_keeps_its_words() {
        let input: MancheInput = serde_json::from_str(INPUT).expect("input");
        let mut today = rules::score_manche(&input).expect("scores");
        today.players[1].score += 2;
        assert_eq!(rewrite(INPUT, &as_version_1(&today)), None);
        let mut today = rules::score_manche(&input).expect("scores");
        today.players[1].items.pop();
        assert_eq!(rewrite(INPUT, &as_version_1(&today)), None, "a line fewer: not the same explanation");
        assert_eq!(rewrite("{not json", &as_version_1(&today)), None);
    }
}
