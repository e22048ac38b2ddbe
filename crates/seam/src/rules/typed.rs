//! The typed side of the ruleset seam. A ruleset is written against its own types — its `Options` (read once,
//! checked, never silently replaced by the defaults) and its `Manche` (what it reads out of the common input) —
//! by implementing [`TypedRuleset`]; one generic adapter turns it into the [`Ruleset`] the registry lists, and
//! [`RulesInForce`] is a ruleset bound to one tournament's options, parsed when it is made.

use std::fmt::Debug;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::problems::Problems;
use super::{
    CarryFrom, ChoiceOption, EntryModel, Fields, Locales, MancheError, MancheFrame, MancheInput, MancheOutcome,
    Rotation, Ruleset, SeatModel, TunableValue,
};
use crate::i18n::Lang;
use crate::message::Message;

/// A ruleset written against its own option and manche types. Implement this, not [`Ruleset`]: the adapter
/// reads the options once, refuses a bad object by the path of its value, and scores.
pub trait TypedRuleset: Clone + Debug + Send + Sync + 'static {
    /// Every configurable value, with the digest's defaults as `Default` (an absent key is its default).
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug + Send + Sync + 'static;
    /// The manche as this ruleset reads it from the common input.
    type Manche;

    /// Short id used in files and on the command line (`fimj`).
    fn id(&self) -> &'static str;
    /// The text id of the ruleset's name (see [`Ruleset::name_id`]).
    fn name_id(&self) -> &'static str;
    /// The ruleset's texts (see [`Ruleset::locales`]).
    fn locales(&self) -> Locales;
    /// Players at a table.
    fn table_size(&self) -> usize;
    /// Fewest players a table may have (see [`Ruleset::min_table_size`]).
    fn min_table_size(&self) -> usize {
        self.table_size()
    }
    /// How the players are seated.
    fn seat_model(&self) -> SeatModel;
    /// The manches a session counts (passes of the deal) unless the tournament sets another number.
    fn manches_per_session(&self) -> u32 {
        16
    }
    /// Points added to each session table's places when the standings are counted (first place's first), as
    /// a tournament of this ruleset ranks by default; `None`: the standings rank by points alone.
    fn placement_bonus(&self) -> Option<&'static [i64]> {
        None
    }
    /// Table points each session table's places earn, by which a tournament of this ruleset ranks first (then
    /// by score), first place's first; `None`: the ruleset ranks by points (see [`Ruleset::table_points`]).
    fn table_points(&self) -> Option<&'static [i64]> {
        None
    }
    /// What a referee types for each player.
    fn entry_model(&self) -> &'static EntryModel;
    /// What a referee types under these options (a tournament that reports each game by its final scores
    /// types other fields than one that enters every hand); the default is [`TypedRuleset::entry_model`].
    fn entry_model_in(&self, _options: &Self::Options) -> &'static EntryModel {
        self.entry_model()
    }
    /// The numeric option values a settings screen offers.
    fn tunable_values(&self) -> &'static [TunableValue] {
        &[]
    }
    /// The options chosen from a list.
    fn choice_options(&self) -> &'static [ChoiceOption] {
        &[]
    }
    /// The options a club evening is played with, over the defaults.
    fn club_options(&self) -> serde_json::Value {
        serde_json::json!({})
    }

    /// Reads an `options` object (`null` = the defaults); the default reads it field by field over the defaults.
    /// A ruleset whose options merge deeper (a table of card values given in part) reads them itself.
    fn read_options(&self, json: &serde_json::Value) -> Result<Self::Options, Message> {
        super::options_from_json(json)
    }
    /// Range checks serde cannot express; the error names the option's path (`options.limits.coppie: …`).
    fn check_options(&self, options: &Self::Options) -> Result<(), Message>;
    /// The edition and variant the options select; `None` when the ruleset has one form.
    fn edition(&self, _options: &Self::Options) -> Option<Message> {
        None
    }
    /// Who deals the manche after `outcome`.
    fn rotation(&self, options: &Self::Options, outcome: &MancheOutcome) -> Rotation;
    /// Whether the deal passes after every manche whatever happens.
    fn deal_always_passes(&self, options: &Self::Options) -> bool;
    /// How the players of a table of four are reseated at the start of each round (each position's seat
    /// wind, round by round); `None` (the default): the seats turn with the deal only.
    fn round_seating(&self, _options: &Self::Options) -> Option<&'static [[crate::tiles::Wind; 4]]> {
        None
    }
    /// Whether each manche's nets are the chips its payments move (between players and the table's pot), as the
    /// adapter checks after every score; `false` for a ruleset whose manches award points that nobody pays.
    fn nets_are_payments(&self, _options: &Self::Options) -> bool {
        true
    }
    /// The manche fields the session carries into the next manche (see [`MancheFrame::carried`]), from what the
    /// session knows then ([`CarryFrom`]: the manche before, whether the next is the last deal, the totals).
    /// The default carries nothing: each hand stands alone.
    fn carry(&self, _options: &Self::Options, _from: &CarryFrom<'_>) -> Fields {
        Fields::new()
    }

    /// Reads the manche out of the common input (a field the ruleset has no use for is refused by name).
    fn read_manche(&self, input: &MancheInput) -> Result<Self::Manche, Problems>;
    /// Checks the whole manche and computes every hand and payment; on failure every problem found, one per
    /// player at most.
    fn score(&self, manche: &Self::Manche, options: &Self::Options) -> Result<MancheOutcome, Problems>;
    /// A random valid manche at `frame`, for demo tournaments and tests; the same seed gives the same manche.
    /// The adapter sets its `options`.
    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &Self::Options) -> MancheInput;
}

/// A ruleset bound to one tournament's options, read once when it was made.
pub trait RulesInForce: Debug + Send + Sync {
    /// The ruleset.
    fn ruleset(&self) -> &dyn Ruleset;
    /// The edition and variant the options select (`None` when the ruleset has one form).
    fn edition(&self) -> Option<Message>;
    /// The ruleset's name and the edition in `lang` ("Americano classico · TACOLFMJ 1924 · partita mista"), for
    /// headings and sheets.
    fn heading(&self, lang: Lang) -> String {
        let name = self.ruleset().name(lang);
        match self.edition() {
            Some(edition) => format!("{name} · {}", edition.render(lang)),
            None => name,
        }
    }
    /// What a referee types for each player under these options.
    fn entry_model(&self) -> &'static EntryModel;
    /// Who deals the manche after `outcome`.
    fn rotation(&self, outcome: &MancheOutcome) -> Rotation;
    /// How the players are reseated at the start of each round (see [`TypedRuleset::round_seating`]).
    fn round_seating(&self) -> Option<&'static [[crate::tiles::Wind; 4]]>;
    /// Whether the deal passes after every manche whatever happens (so that a score sheet can print each
    /// manche's dealer in advance).
    fn deal_always_passes(&self) -> bool;
    /// A random valid manche at `frame` under these options; the same seed gives the same manche.
    fn random_manche(&self, seed: u64, frame: &MancheFrame) -> MancheInput;
    /// The manche fields the session carries into the next manche (see [`TypedRuleset::carry`]).
    fn carry(&self, from: &CarryFrom<'_>) -> Fields;
    /// Scores `input` under these options without reading its `options` again: what [`super::score_manche`]
    /// gives when `input.options` are the options these were made from (a bulk run reads each options object
    /// once, not once a manche).
    fn score(&self, input: &MancheInput) -> Result<MancheOutcome, MancheError>;
}

/// The adapter's bound form of a typed ruleset.
#[derive(Debug)]
struct InForce<R: TypedRuleset> {
    rules: R,
    options: R::Options,
}

impl<R: TypedRuleset> RulesInForce for InForce<R> {
    fn ruleset(&self) -> &dyn Ruleset {
        &self.rules
    }

    fn edition(&self) -> Option<Message> {
        self.rules.edition(&self.options)
    }

    fn entry_model(&self) -> &'static EntryModel {
        self.rules.entry_model_in(&self.options)
    }

    fn rotation(&self, outcome: &MancheOutcome) -> Rotation {
        self.rules.rotation(&self.options, outcome)
    }

    fn deal_always_passes(&self) -> bool {
        self.rules.deal_always_passes(&self.options)
    }

    fn round_seating(&self) -> Option<&'static [[crate::tiles::Wind; 4]]> {
        self.rules.round_seating(&self.options)
    }

    fn random_manche(&self, seed: u64, frame: &MancheFrame) -> MancheInput {
        // The manche carries every option in force, the defaults spelled out, as a stored manche does.
        let options = serde_json::to_value(&self.options).unwrap_or_default();
        let mut manche = MancheInput { options, ..self.rules.random_manche(seed, frame, &self.options) };
        manche.fields.extend(frame.carried.clone());
        manche
    }

    fn carry(&self, from: &CarryFrom<'_>) -> Fields {
        self.rules.carry(&self.options, from)
    }

    fn score(&self, input: &MancheInput) -> Result<MancheOutcome, MancheError> {
        score_read(&self.rules, &self.options, input).map_err(Problems::into_error)
    }
}

/// Reads and checks a ruleset's options object (`null` = the defaults).
fn read_options<R: TypedRuleset>(rules: &R, json: &serde_json::Value) -> Result<R::Options, MancheError> {
    // The option's message names its path (`options.limits.coppie: …`): it is about the manche as a whole.
    let options = rules.read_options(json).map_err(MancheError::general)?;
    rules.check_options(&options).map_err(MancheError::general)?;
    Ok(options)
}

/// Reads the options and the manche, then scores.
fn score_input<R: TypedRuleset>(rules: &R, input: &MancheInput) -> Result<MancheOutcome, Problems> {
    let options = read_options(rules, &input.options)?;
    score_read(rules, &options, input)
}

/// Reads the manche and scores it under `options` (already read).
fn score_read<R: TypedRuleset>(
    rules: &R,
    options: &R::Options,
    input: &MancheInput,
) -> Result<MancheOutcome, Problems> {
    let manche = rules.read_manche(input)?;
    let outcome = rules.score(&manche, options)?;
    // Whatever a ruleset computes, chips only move: a net that its payments do not explain is never saved.
    if rules.nets_are_payments(options) && !outcome.is_balanced() {
        return Err(MancheError::general(crate::msg!("manche.error.unbalanced", rules = rules.id())).into());
    }
    Ok(outcome)
}

impl<R: TypedRuleset> Ruleset for R {
    fn id(&self) -> &'static str {
        TypedRuleset::id(self)
    }

    fn name_id(&self) -> &'static str {
        TypedRuleset::name_id(self)
    }

    fn locales(&self) -> Locales {
        TypedRuleset::locales(self)
    }

    fn table_size(&self) -> usize {
        TypedRuleset::table_size(self)
    }

    fn min_table_size(&self) -> usize {
        TypedRuleset::min_table_size(self)
    }

    fn seat_model(&self) -> SeatModel {
        TypedRuleset::seat_model(self)
    }

    fn manches_per_session(&self) -> u32 {
        TypedRuleset::manches_per_session(self)
    }

    fn placement_bonus(&self) -> Option<&'static [i64]> {
        TypedRuleset::placement_bonus(self)
    }

    fn table_points(&self) -> Option<&'static [i64]> {
        TypedRuleset::table_points(self)
    }

    fn entry_model(&self) -> &'static EntryModel {
        TypedRuleset::entry_model(self)
    }

    fn default_options(&self) -> serde_json::Value {
        serde_json::to_value(R::Options::default()).unwrap_or_default()
    }

    fn club_options(&self) -> serde_json::Value {
        TypedRuleset::club_options(self)
    }

    fn in_force(&self, options: &serde_json::Value) -> Result<Arc<dyn RulesInForce>, MancheError> {
        Ok(Arc::new(InForce { rules: self.clone(), options: read_options(self, options)? }))
    }

    fn score(&self, input: &MancheInput) -> Result<MancheOutcome, MancheError> {
        score_input(self, input).map_err(Problems::into_error)
    }

    fn problems(&self, input: &MancheInput) -> Vec<MancheError> {
        score_input(self, input).err().map(Problems::into_vec).unwrap_or_default()
    }

    fn tunable_values(&self) -> &'static [TunableValue] {
        TypedRuleset::tunable_values(self)
    }

    fn choice_options(&self) -> &'static [ChoiceOption] {
        TypedRuleset::choice_options(self)
    }
}
