//! One session table: its players, its manches and the winds of each, and the confirmation of a manche.

use super::{DeskError, DeskResult};
use crate::message::Explain;
use crate::msg;
use std::sync::Arc;

use crate::rules::{CarryFrom, Fields, MancheFrame, Rotation, RulesInForce};
use crate::rules::{MancheInput, MancheOutcome};
use crate::store::{Save, SaveKind, SeatedTable, Store, StoredManche};
use crate::tournament::{
    EntryErrors, Id, MancheEntry, MancheWinds, TablePlayer, TournamentSettings, manche_winds_reseated,
};

/// Everything the table view and the manche entry need.
#[derive(Clone, Debug)]
pub struct TableState {
    /// The table.
    pub table: SeatedTable,
    /// The tournament's settings.
    pub settings: TournamentSettings,
    /// Its players by position.
    pub players: Vec<TablePlayer>,
    /// Its manches in order.
    pub manches: Vec<StoredManche>,
    /// The tournament's book, for rulesets that score from one (empty otherwise, or when none is kept).
    pub book: Vec<crate::rules::book::BookLine>,
    /// The tournament's ruleset bound to its options, read once.
    pub rules: Arc<dyn RulesInForce>,
    /// Who dealt after each manche, derived once from the outcomes (the table screen asks every row's winds
    /// on every frame).
    rotations: Vec<Rotation>,
    /// What the session carries into each manche (counters, deposits): into the first, then after each stored
    /// manche; derived once like the rotations.
    carried: Vec<Fields>,
    /// The session's clock, once the referee started it.
    pub clock: Option<crate::tournament::clock::SessionClock>,
}

impl TableState {
    /// The winds of manche `number` (1-based), from the manches before it.
    pub fn winds(&self, number: u32) -> MancheWinds {
        let before = number.saturating_sub(1) as usize;
        winds_of(&*self.rules, &self.table, &self.rotations[..before.min(self.rotations.len())])
    }

    /// Whether manche `number`, scoring `outcome`, leaves the deal where the stored manche left it: the same
    /// dealer and the same count of passes after it, so that every later manche keeps its dealer and winds.
    fn keeps_the_deal(&self, number: u32, outcome: &MancheOutcome) -> bool {
        let before = number.saturating_sub(1) as usize;
        let mut rotations = self.rotations[..before.min(self.rotations.len())].to_vec();
        rotations.push(self.rules.rotation(outcome));
        winds_of(&*self.rules, &self.table, &rotations) == self.winds(number + 1)
    }

    /// Whether manche `number` is the session's last deal: the session ends if the deal passes after it.
    fn is_last_deal(&self, number: u32) -> bool {
        self.winds(number).passes + 1 == self.settings.manches_per_session
    }

    /// Each player's total, by name, before any manche: the starting points.
    fn starting_totals(&self) -> Vec<(String, i64)> {
        let start = self.settings.starting_points();
        self.players.iter().map(|p| (p.name.clone(), start)).collect()
    }

    /// What the session carries into manche `number + 1`, after manche `number` scored `before`; `totals` are
    /// the players' totals before manche `number`, and become those after it.
    fn carry_after(&self, number: u32, before: (&MancheInput, &MancheOutcome), totals: &mut [(String, i64)]) -> Fields {
        for ((_, total), (_, net)) in totals.iter_mut().zip(&before.1.net) {
            *total += net;
        }
        let from = CarryFrom { before: Some(before), last_deal: self.is_last_deal(number + 1), totals };
        self.rules.carry(&from)
    }

    /// What the session carries into each manche: the first, then after each stored manche.
    fn carry_all(&self) -> Vec<Fields> {
        let mut totals = self.starting_totals();
        let first = CarryFrom { before: None, last_deal: self.is_last_deal(1), totals: &totals };
        let mut carried = vec![self.rules.carry(&first)];
        for manche in &self.manches {
            carried.push(self.carry_after(manche.number, (&manche.input, &manche.outcome), &mut totals));
        }
        carried
    }

    /// Each player's total before manche `number` (1-based), by name: the starting points, or the running
    /// totals after the manche before it.
    fn totals_before(&self, number: u32) -> Vec<(String, i64)> {
        let mut totals = self.starting_totals();
        if let Some(after) = number.checked_sub(2).and_then(|i| self.running_totals().into_iter().nth(i as usize)) {
            for ((_, total), value) in totals.iter_mut().zip(after) {
                *total = value;
            }
        }
        totals
    }

    /// Where manche `number` is played: the players by position, who deals, the prevailing wind.
    pub fn frame(&self, number: u32) -> MancheFrame {
        let winds = self.winds(number);
        MancheFrame {
            names: self.players.iter().map(|p| p.name.clone()).collect(),
            dealer: winds.east_position,
            round_wind: self.settings.ruleset().seat_model().has_winds().then_some(winds.round_wind),
            seat_winds: self.settings.ruleset().seat_model().has_seat_winds(),
            carried: self.carried_into(number),
            reseated: if winds.reseated.is_some() { winds.seat_winds() } else { Vec::new() },
        }
    }

    /// What the session carries into manche `number` (1-based) from the manche before it.
    pub fn carried_into(&self, number: u32) -> Fields {
        let into = (number as usize).saturating_sub(1).min(self.carried.len().saturating_sub(1));
        self.carried.get(into).cloned().unwrap_or_default()
    }

    /// The number the next new manche gets, or `None` when the session is complete: its manches are played, or
    /// the referee ended it on the clock (the hand in play when time was called is entered before that).
    pub fn next_number(&self) -> Option<u32> {
        if self.ended_on_the_clock() {
            return None;
        }
        let next = self.manches.len() as u32 + 1;
        (!self.winds(next).session_over(self.settings.manches_per_session)).then_some(next)
    }

    /// Whether the referee ended the session on its clock.
    pub fn ended_on_the_clock(&self) -> bool {
        self.clock.as_ref().is_some_and(|clock| clock.ended_at.is_some())
    }

    /// Chip totals per position after each manche (starting points plus nets).
    pub fn running_totals(&self) -> Vec<Vec<i64>> {
        let start = self.settings.starting_points();
        let mut totals = vec![start; self.players.len()];
        self.manches
            .iter()
            .map(|m| {
                for (total, net) in totals.iter_mut().zip(&m.nets) {
                    *total += net;
                }
                totals.clone()
            })
            .collect()
    }

    /// An empty manche for this table: one blank hand per player.
    pub fn blank_entry(&self) -> MancheEntry {
        MancheEntry::blank(self.players.len())
    }

    /// Validates and scores manche `number` as typed, without saving it.
    pub fn preview(&self, number: u32, entry: &MancheEntry) -> Result<(MancheInput, MancheOutcome), Box<EntryErrors>> {
        entry.score(&self.settings, &self.players, &self.frame(number))
    }
}

/// Reads a table with everything needed to show it and to enter its manches.
pub fn table_state(store: &Store, table: Id) -> DeskResult<TableState> {
    let seated = store.table(table)?;
    let mut players: Vec<TablePlayer> =
        seated.players.iter().map(|&id| TablePlayer { id, name: String::new() }).collect();
    let mut tournament = 0;
    for slot in &mut players {
        let player = store.player(slot.id)?;
        tournament = player.tournament_id;
        slot.name = player.data.name;
    }
    let settings = store.tournament(tournament)?.settings;
    let manches = store.table_manches(table)?;
    let rules = settings.in_force()?;
    let rotations = rotations(&*rules, &manches);
    let book = crate::book::kept(store, tournament, &settings)?;
    let clock = store.session_clock(tournament, seated.session)?;
    let mut state =
        TableState { table: seated, settings, players, manches, book, rules, rotations, carried: Vec::new(), clock };
    state.carried = state.carry_all();
    Ok(state)
}

/// How a station saves a manche: the revision it read, when it corrects one, and the key of this save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveAs {
    /// The revision of the manche the station showed when the referee began typing: for a correction, the
    /// stored manche's; [`SaveAs::NEW`] (0) for a manche the station showed as not yet entered, so that one
    /// another station saved meanwhile is refused, not overwritten. `None`: a new manche, or a correction of
    /// whatever is saved now (one user alone at the desk).
    pub revision: Option<i64>,
    /// Names this save: the same key when a save is tried again after its answer was lost, so that it is
    /// not made twice.
    pub key: String,
}

impl SaveAs {
    /// The revision of a manche not entered yet.
    pub const NEW: i64 = 0;

    /// A save of its own (a fresh key), correcting `revision` if given.
    pub fn fresh(revision: Option<i64>) -> SaveAs {
        SaveAs { revision, key: uuid::Uuid::new_v4().to_string() }
    }
}

/// Validates, scores and saves manche `number` of a table in one transaction: a new manche (the next number)
/// or a correction of an earlier one (audited). A correction that would change who is East in later manches
/// (the deal stays where it passed, or passes where it stayed) is refused.
pub fn confirm_manche(
    store: &mut Store,
    table: Id,
    number: u32,
    entry: &MancheEntry,
    referee: &str,
) -> DeskResult<(MancheInput, MancheOutcome)> {
    confirm_manche_as(store, table, number, entry, referee, &SaveAs::fresh(None))
}

/// [`confirm_manche`] for a station sharing the database: a correction is refused with who changed the
/// manche and when ([`crate::store::StoreError::Conflict`]) if it is no longer at the revision the station
/// read; a save repeated with the same key returns what the first one saved.
pub fn confirm_manche_as(
    store: &mut Store,
    table: Id,
    number: u32,
    entry: &MancheEntry,
    referee: &str,
    save: &SaveAs,
) -> DeskResult<(MancheInput, MancheOutcome)> {
    let state = table_state(store, table)?;
    // A save repeated after its answer was lost reaches the store like any other: the store finds its key on
    // the row and writes nothing again.
    let saved = state.manches.get(number as usize - 1);
    let is_new = number as usize == state.manches.len() + 1;
    if is_new && state.ended_on_the_clock() {
        return Err(DeskError::Refused(msg!(
            "error.manche.session_ended",
            table = state.table.number,
            session = state.table.session,
            count = state.manches.len()
        )));
    }
    if is_new && state.next_number().is_none() {
        return Err(DeskError::Refused(msg!(
            "error.manche.session_complete",
            table = state.table.number,
            count = state.manches.len()
        )));
    }
    let (input, outcome) = state.preview(number, entry).map_err(DeskError::Entry)?;
    // A station that showed the manche as not yet entered saves a new manche, whatever it finds now: one that
    // another writer saved meanwhile is that writer's, and the store refuses this save with its values. Only a
    // save that names no revision (one user at the desk, correcting what is there) corrects what it finds.
    let kind = match (saved, save.revision) {
        (_, Some(SaveAs::NEW)) | (None, None) => SaveKind::New,
        (Some(old), None) => SaveKind::Correction { revision: old.revision },
        (_, Some(revision)) => SaveKind::Correction { revision },
    };
    if matches!(kind, SaveKind::Correction { .. }) && (number as usize) < state.manches.len() {
        // A correction changes what the session carries into the manches after it (counters, deposits): they
        // are scored again with what they now start from, in the same transaction, each audited. The table is
        // read again inside it, under the write lock, so that a manche another station added meanwhile is
        // replayed too.
        store.all_or_nothing(|store| {
            let state = table_state(store, table)?;
            if !state.keeps_the_deal(number, &outcome) {
                return Err(changes_east(&state, number));
            }
            let later = replayed(&state, number, &input, &outcome)?;
            store.save_manche(&state.table, number, Save { kind, key: &save.key }, &input, &outcome, referee)?;
            for (old, (input, outcome)) in later {
                let again = Save { kind: SaveKind::Correction { revision: old.revision }, key: "" };
                store.save_manche(&state.table, old.number, again, &input, &outcome, referee)?;
            }
            Ok::<_, DeskError>(())
        })?;
        return Ok((input, outcome));
    }
    store.save_manche(&state.table, number, Save { kind, key: &save.key }, &input, &outcome, referee)?;
    Ok((input, outcome))
}

/// The refusal of a correction of manche `number` that would change who deals a later manche.
fn changes_east(state: &TableState, number: u32) -> DeskError {
    DeskError::Refused(msg!("error.manche.changes_east", number = number, from = number + 1, to = state.manches.len()))
}

/// The manches after `number` as they score once manche `number` is `(input, outcome)`: each one whose carried
/// fields change, with its new input and outcome. A replay
/// that would change who deals a later manche is refused, as a correction that does is.
fn replayed<'a>(
    state: &'a TableState,
    number: u32,
    input: &MancheInput,
    outcome: &MancheOutcome,
) -> DeskResult<Vec<(&'a StoredManche, (MancheInput, MancheOutcome))>> {
    let mut later = Vec::new();
    let mut totals = state.totals_before(number);
    let mut carried = state.carry_after(number, (input, outcome), &mut totals);
    for old in state.manches.iter().skip(number as usize) {
        let before = state.carried_into(old.number);
        if carried == before {
            // Unchanged, but what it carries on depends on the totals too (into the last deal): go on.
            carried = state.carry_after(old.number, (&old.input, &old.outcome), &mut totals);
            continue;
        }
        let mut again = old.input.clone();
        again.fields.retain(|key, _| !before.contains_key(key));
        again.fields.extend(carried);
        let scored = crate::rules::score_manche(&again).map_err(|error| {
            DeskError::Refused(
                msg!("error.manche.replay_refused", number = old.number).arg_message("why", error.message()),
            )
        })?;
        if !state.keeps_the_deal(old.number, &scored) {
            return Err(changes_east(state, number));
        }
        carried = state.carry_after(old.number, (&again, &scored), &mut totals);
        later.push((old, (again, scored)));
    }
    Ok(later)
}

/// How far a table has got in its session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableProgress {
    /// The manches the session counts (the deal passed after them, as the table screen counts).
    pub counted: u32,
    /// Manches without a result (a wall game, a void hand), whether the session counted them or not.
    pub void: usize,
}

/// Every table's progress in `tournament`, by table id: what its session counts, and its void manches apart
/// (a void hand that keeps the deal is played again, so a session of 16 may hold 17 manches).
pub fn table_progress(store: &Store, tournament: Id) -> DeskResult<std::collections::HashMap<Id, TableProgress>> {
    let settings = store.tournament(tournament)?.settings;
    let rules = settings.in_force()?;
    let mut progress = std::collections::HashMap::new();
    for table in store.seating(tournament)? {
        let manches = store.table_manches(table.id)?;
        if manches.is_empty() {
            continue;
        }
        let winds = winds_after(&*rules, &table, &manches);
        // A session that a manche ended counts as complete.
        let counted = if winds.ended { settings.manches_per_session } else { winds.passes };
        let void = manches.iter().filter(|m| m.outcome.void).count();
        progress.insert(table.id, TableProgress { counted, void });
    }
    Ok(progress)
}

/// Who dealt after each of `manches`, as the rules in force rotate the deal.
fn rotations(rules: &dyn RulesInForce, manches: &[StoredManche]) -> Vec<Rotation> {
    manches.iter().map(|m| rules.rotation(&m.outcome)).collect()
}

/// The winds at `table` once all of `manches` are played: `passes` is what its session counts.
pub fn winds_after(rules: &dyn RulesInForce, table: &SeatedTable, manches: &[StoredManche]) -> MancheWinds {
    winds_of(rules, table, &rotations(rules, manches))
}

/// The winds at `table` after manches that rotated the deal as `previous`, under the rules in force (their
/// reseating at each round included).
fn winds_of(rules: &dyn RulesInForce, table: &SeatedTable, previous: &[Rotation]) -> MancheWinds {
    manche_winds_reseated(table.start_round_wind, previous, table.players.len(), rules.round_seating())
}
