//! The rulesets Stecca ships, one line each (a ruleset is a crate of its own, written against `stecca-seam`),
//! and the rulesets registered at run time (the test suite's toy rulesets, plug-ins). Everything above asks
//! here for a ruleset by id, and never names one.

use std::sync::LazyLock;

use stecca_seam::i18n::texts::{TextsError, add_renamed, add_texts};
use stecca_seam::msg;
use stecca_seam::rules::{EntryModel, MancheError, MancheInput, MancheOutcome, Ruleset, overlay};

/// Every ruleset Stecca ships, one line each, in the order a referee is offered them (the first is the
/// default).
static SHIPPED: &[&dyn Ruleset] = &[
    &stecca_rules_fimj::Fimj,
    &stecca_rules_classic_american::ClassicAmerican,
    &stecca_rules_nmjl::Nmjl,
    &stecca_rules_mayumi::Mayumi,
    &stecca_rules_riichi::Riichi,
    &stecca_rules_mcr::Mcr,
];

/// Whether every shipped ruleset's texts joined the desk's; done once, on first use of the registry.
static SHIPPED_TEXTS: LazyLock<Result<(), TextsError>> = LazyLock::new(|| {
    let mut problems = Vec::new();
    for ruleset in SHIPPED {
        if let Err(TextsError(found)) = add_locales(*ruleset) {
            problems.extend(found.into_iter().map(|problem| format!("{}: {problem}", ruleset.id())));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(TextsError(problems)) }
});

/// Adds a ruleset's texts to the desk's, and the ids its texts had in outcomes stored by earlier builds.
fn add_locales(ruleset: &dyn Ruleset) -> Result<(), TextsError> {
    let locales = ruleset.locales();
    add_texts(ruleset.id(), locales.files)?;
    for (old, new) in locales.renamed {
        add_renamed(ruleset.id(), old, new)?;
    }
    Ok(())
}

/// Every ruleset Stecca ships, by id, their texts ready to be shown.
pub fn rulesets() -> &'static [&'static dyn Ruleset] {
    LazyLock::force(&SHIPPED_TEXTS);
    SHIPPED
}

/// The shipped rulesets' texts are the desk's: what went wrong when they were added (each ruleset crate's build
/// checked its files, so nothing but a clash between two rulesets' ids could).
pub fn texts_installed() -> Result<(), &'static TextsError> {
    SHIPPED_TEXTS.as_ref().map(|_| ())
}

/// A set of rulesets the desk can play, as a value: the shipped ones ([`Registry::shipped`]) and any added
/// ([`Registry::with`]: the tests' toy ruleset, a plug-in). Two can live side by side in one process, each
/// answering for its own rulesets only. Their texts join the desk's, which are one for the process and
/// namespaced by ruleset id: two different rulesets with one id cannot both be added, in one registry or two.
#[derive(Clone)]
pub struct Registry {
    rulesets: Vec<&'static dyn Ruleset>,
}

impl Registry {
    /// The rulesets Stecca ships, their texts ready to be shown.
    pub fn shipped() -> Registry {
        Registry { rulesets: rulesets().to_vec() }
    }

    /// This registry and `ruleset` besides, with the texts of its locale files ([`Ruleset::locales`], checked as
    /// the build checks the shipped ones); a ruleset whose id is already here is the one kept. The process then
    /// knows it by its id too (see [`ruleset`]), so that a tournament of it is read wherever it is read.
    pub fn with(mut self, ruleset: &'static dyn Ruleset) -> Result<Registry, TextsError> {
        if self.ruleset(ruleset.id()).is_none() {
            known_to_the_process(ruleset)?;
            self.rulesets.push(ruleset);
        }
        Ok(self)
    }

    /// The process's registry as it is now: the shipped rulesets and every one added since, by any registry.
    pub fn process() -> Registry {
        process().clone()
    }

    /// Every ruleset of this registry, the shipped ones first.
    pub fn rulesets(&self) -> &[&'static dyn Ruleset] {
        &self.rulesets
    }

    /// The ruleset with this id (`"fimj"`).
    pub fn ruleset(&self, id: &str) -> Option<&'static dyn Ruleset> {
        self.rulesets.iter().copied().find(|r| r.id() == id)
    }

    /// The ruleset `id`, or the manche's error naming the known ones.
    pub fn ruleset_named(&self, id: &str) -> Result<&'static dyn Ruleset, MancheError> {
        self.ruleset(id).ok_or_else(|| {
            let known = self.known_ids();
            MancheError::general(msg!("manche.error.rules_unknown_ruleset_rules_known", rules = id, known = known))
        })
    }

    /// The ids of the rulesets this registry plays, for messages that name the known ones ("fimj,
    /// classic_american, …"). The rulesets added to the shipped ones are not named: they are a test's or a
    /// plug-in's, and a referee is offered the shipped ones.
    pub fn known_ids(&self) -> String {
        let shipped = self.rulesets.iter().filter(|r| SHIPPED.iter().any(|s| s.id() == r.id()));
        shipped.map(|r| r.id()).collect::<Vec<_>>().join(", ")
    }

    /// Scores a manche with the ruleset it names.
    pub fn score_manche(&self, input: &MancheInput) -> Result<MancheOutcome, MancheError> {
        self.ruleset_named(&input.rules)?.score(input)
    }

    /// The options in force: the ruleset's defaults overlaid with `options`, so that `{}` and the defaults
    /// spelled out compare equal.
    pub fn effective_options(&self, rules: &str, options: &serde_json::Value) -> serde_json::Value {
        let mut base = self.ruleset(rules).map(|r| r.default_options()).unwrap_or_else(|| serde_json::json!({}));
        overlay(&mut base, options);
        base
    }

    /// What a referee types for a manche of `rules` under `options` (the ruleset's own model when the options
    /// are refused: a form being typed); `None` for an unknown ruleset.
    pub fn entry_model_in(&self, rules: &str, options: &serde_json::Value) -> Option<&'static EntryModel> {
        let ruleset = self.ruleset(rules)?;
        Some(ruleset.in_force(options).map_or_else(|_| ruleset.entry_model(), |in_force| in_force.entry_model()))
    }

    /// Every problem of a manche (see [`Ruleset::problems`]); empty when it scores.
    pub fn manche_problems(&self, input: &MancheInput) -> Vec<MancheError> {
        match self.ruleset(&input.rules) {
            Some(rules) => rules.problems(input),
            None => self.score_manche(input).err().into_iter().collect(),
        }
    }

    /// The ruleset a new tournament plays unless the referee picks another (the first shipped).
    pub fn default_ruleset(&self) -> &'static dyn Ruleset {
        self.rulesets.first().copied().unwrap_or_else(default_ruleset)
    }
}

/// The process's registry, which the functions below answer from: the shipped rulesets and every ruleset added
/// by [`register`] or by any [`Registry::with`]. A ruleset's id is unique in the process (its texts are
/// namespaced by it), so looking a tournament's ruleset up here is never ambiguous; what a desk offers for a new
/// tournament is its own registry's.
static PROCESS: LazyLock<std::sync::RwLock<Registry>> = LazyLock::new(|| std::sync::RwLock::new(Registry::shipped()));

fn process() -> std::sync::RwLockReadGuard<'static, Registry> {
    PROCESS.read().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Adds a ruleset to the process's registry besides the shipped ones (tests, plug-ins), with its texts.
#[doc(hidden)]
pub fn register(ruleset: &'static dyn Ruleset) -> Result<(), TextsError> {
    known_to_the_process(ruleset)
}

/// Adds `ruleset`'s texts to the desk's and the ruleset to the process's registry, unless its id is there.
fn known_to_the_process(ruleset: &'static dyn Ruleset) -> Result<(), TextsError> {
    let mut registry = PROCESS.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    // The process's registry starts from the shipped rulesets, their texts added: no other can claim their ids.
    if registry.ruleset(ruleset.id()).is_none() {
        add_locales(ruleset)?;
        registry.rulesets.push(ruleset);
    }
    Ok(())
}

/// The ruleset with this id (`"fimj"`), in the process's registry.
pub fn ruleset(id: &str) -> Option<&'static dyn Ruleset> {
    process().ruleset(id)
}

/// See [`Registry::effective_options`].
pub fn effective_options(rules: &str, options: &serde_json::Value) -> serde_json::Value {
    process().effective_options(rules, options)
}

/// The ids of the shipped rulesets, for messages that name the known ones ("fimj, classic_american, …").
pub fn known_ids() -> String {
    process().known_ids()
}

/// Scores a manche with the ruleset it names.
pub fn score_manche(input: &MancheInput) -> Result<MancheOutcome, MancheError> {
    ruleset_named(&input.rules)?.score(input)
}

/// The ruleset `id`, or the manche's error naming the known ones.
pub fn ruleset_named(id: &str) -> Result<&'static dyn Ruleset, MancheError> {
    process().ruleset_named(id)
}

/// See [`Registry::entry_model_in`].
pub fn entry_model_in(rules: &str, options: &serde_json::Value) -> Option<&'static EntryModel> {
    process().entry_model_in(rules, options)
}

/// See [`Registry::manche_problems`].
pub fn manche_problems(input: &MancheInput) -> Vec<MancheError> {
    process().manche_problems(input)
}

/// The ruleset a new tournament plays unless the referee picks another (the first of [`rulesets`]).
pub fn default_ruleset() -> &'static dyn Ruleset {
    rulesets()[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use stecca_seam::i18n::Lang;
    use stecca_seam::i18n::texts::is_text;
    use stecca_seam::message::{Explain, Message};
    use stecca_seam::rules::{FactKind, FieldKind, Item, Warning, option_value};

    /// Mayumi's card words were the seam's notation texts until the deck moved into its crate: an outcome stored
    /// then names `notation.card.*`, which reads in every language as the `mayumi.card.*` it became.
    #[test]
    fn a_card_word_stored_under_its_old_id_reads_as_its_new_one() {
        LazyLock::force(&SHIPPED_TEXTS);
        for lang in Lang::all() {
            let old = Message::new("mayumi.item.kind")
                .arg("codes", "6R")
                .arg_message("kind", Message::new("notation.card.kinds.ribbon"));
            let new = Message::new("mayumi.item.kind")
                .arg("codes", "6R")
                .arg_message("kind", Message::new("mayumi.card.kinds.ribbon"));
            assert_eq!(old.render(lang), new.render(lang));
            let family = Message::new("mayumi.card.family.botan").render(lang);
            assert!(!family.contains("card"), "{family}");
            assert_eq!(Message::new("notation.card.family.botan").render(lang), family);
        }
    }

    /// Each shipped ruleset's texts join the desk's when the registry is first used: its name is shown in every
    /// language, not its id, and a ruleset registered later finds the namespace of a shipped one taken.
    #[test]
    fn the_shipped_rulesets_texts_are_the_desks_in_every_language() {
        assert!(texts_installed().is_ok(), "{:?}", texts_installed());
        for ruleset in rulesets() {
            for lang in Lang::all() {
                let name = ruleset.name(lang);
                assert!(!name.is_empty() && name != ruleset.name_id(), "{}: {name}", ruleset.id());
            }
        }
        let fimj = ruleset("fimj").expect("fimj");
        let claim = add_texts(
            "fimj",
            &[("en", "fimj-name = Mine\n"), ("fr", "fimj-name = Mine\n"), ("it", "fimj-name = Mine\n")],
        );
        assert!(claim.is_err(), "another ruleset's words");
        assert_ne!(fimj.name(Lang::ENGLISH), "Mine");
    }

    fn numeric_leaves(prefix: &str, value: &serde_json::Value, out: &mut Vec<String>) {
        let Some(map) = value.as_object() else { return };
        for (key, value) in map {
            let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
            if value.is_object() {
                numeric_leaves(&path, value, out);
            } else if value.is_number() {
                out.push(path);
            }
        }
    }

    #[test]
    fn every_numeric_option_but_starting_points_is_tunable_with_a_label() {
        for rules in rulesets() {
            let defaults = rules.default_options();
            let mut leaves = Vec::new();
            numeric_leaves("", &defaults, &mut leaves);
            leaves.retain(|p| p != "starting_points");
            let mut listed: Vec<String> = rules.tunable_values().iter().map(|t| t.path.to_owned()).collect();
            for value in rules.tunable_values() {
                assert!(option_value(&defaults, value.path).is_some(), "{}: {}", rules.id(), value.path);
                assert!(is_text(value.label), "{}: {}", value.path, value.label);
                assert!(is_text(value.group), "{}: {}", value.path, value.group);
            }
            leaves.sort();
            listed.sort();
            assert_eq!(leaves, listed, "{}", rules.id());
        }
    }

    #[test]
    fn a_model_keeps_a_book_exactly_when_a_field_picks_from_one() {
        for rules in rulesets() {
            let model = rules.entry_model();
            let picks = model.fields.iter().any(|f| matches!(f.kind, FieldKind::FromBook { .. }));
            assert_eq!(picks, model.book().is_some(), "{}", rules.id());
            if let Some(book) = model.book() {
                for id in book.text_ids() {
                    assert!(is_text(id), "{}: {id}", rules.id());
                }
                for key in book.label_columns {
                    assert!(book.columns.iter().any(|c| c.key == *key), "{}: {key}", rules.id());
                }
            }
        }
        assert!(ruleset("nmjl").and_then(|r| r.entry_model().book()).is_some(), "the card is NMJL's book");
    }

    #[test]
    fn every_score_sheet_fact_names_a_field_or_win_flag_of_its_model() {
        for rules in rulesets() {
            let model = rules.entry_model();
            for fact in model.sheet_facts {
                assert!(model.fact_kind(fact.key).is_some(), "{}: {}", rules.id(), fact.key);
            }
            assert_eq!(
                model.sheet_columns("pdf.winner").len(),
                model.sheet_facts.len() + usize::from(model.mahjong.is_some() && !model.sheet_facts.is_empty()),
                "{}",
                rules.id()
            );
        }
        let nmjl = ruleset("nmjl").expect("nmjl").entry_model().sheet_columns("pdf.winner");
        let kinds: Vec<FactKind> = nmjl.iter().map(|&(_, kind)| kind).collect();
        assert_eq!(kinds[0], FactKind::Winner);
        assert!(matches!(kinds[1], FactKind::Field(FieldKind::FromBook { .. })));
        assert_eq!(
            kinds[2..],
            [FactKind::Field(FieldKind::OnePlayer), FactKind::WinFlag, FactKind::Field(FieldKind::Number)]
        );
        assert!(
            ruleset("fimj").expect("fimj").entry_model().sheet_columns("pdf.winner").is_empty(),
            "tile rules: points per player only"
        );
    }

    #[test]
    fn a_stored_line_keeps_its_id_and_one_saved_before_ids_keeps_its_words() {
        let line = Item {
            term: None,
            label: Message::new("fimj.line.double").arg_message("what", Message::new("fimj.line.snake")),
            points: None,
            doubles: Some(1),
            limit: None,
            quantity: None,
        };
        let stored = serde_json::to_value(&line).expect("stored");
        assert_eq!(stored["label"]["id"], "fimj.line.double", "{stored}");
        let read: Item = serde_json::from_value(stored).expect("read back");
        assert_eq!(read, line);
        assert_eq!(read.label.render(Lang::ITALIAN), "Raddoppio: serpente");
        assert_eq!(read.label.render(Lang::ENGLISH), "Double: snake");

        let version_1 =
            serde_json::json!({"label_it": "Raddoppio: serpente", "label_en": "Double: snake", "doubles": 1});
        let old: Item = serde_json::from_value(version_1).expect("version 1");
        assert_eq!(
            (old.label.render(Lang::ITALIAN), old.label.render(Lang::ENGLISH)),
            (read.label.render(Lang::ITALIAN), read.label.render(Lang::ENGLISH))
        );
        let warning: Warning =
            serde_json::from_value(serde_json::json!({"player": "Botan", "it": "sì", "en": "yes"})).expect("v1");
        assert_eq!((warning.text.render(Lang::ITALIAN), warning.player.as_deref()), ("sì".to_owned(), Some("Botan")));
    }

    /// An option a referee may set out of range is refused in the referee's language, its path named.
    #[test]
    fn a_refused_option_is_said_in_both_languages() {
        let fimj = ruleset("fimj").expect("fimj");
        let error = fimj.check_options(&serde_json::json!({"limits": {"coppie": 0}})).expect_err("out of range");
        let italian = error.message().render(Lang::ITALIAN);
        assert!(italian.contains("options.limits.coppie: deve essere tra 1 e 1000000, non 0"), "{italian}");
        let english = error.message().render(Lang::ENGLISH);
        assert!(english.contains("options.limits.coppie: must be between 1 and 1000000, got 0"), "{english}");
        let classic = ruleset("classic_american").expect("classic");
        let error = classic.check_options(&serde_json::json!({"edition": "tacolfmj", "lrb_cleared_required": true}));
        let italian = error.expect_err("an LRB rule").message().render(Lang::ITALIAN);
        assert!(italian.contains("è una regola LRB"), "{italian}");
        let mayumi = ruleset("mayumi").expect("mayumi");
        let error = mayumi.check_options(&serde_json::json!({"cards": {"13L": 10}})).expect_err("no month 13");
        let italian = error.message().render(Lang::ITALIAN);
        assert!(italian.starts_with("options.cards: 13L: "), "{italian}");
    }
}
