//! Manche entry: the table's hands side by side, each column drawn from the ruleset's entry model — its main
//! field (a hand in tiles with the palette, or the cards taken, with the deck's grid), Mah Jong and the win flags,
//! then its list of fields — checked and scored as the referee types, mistakes shown next to the hand;
//! Ctrl+Enter confirms and saves. No ruleset's field is named here.
//!
//! Keyboard: Enter in a typed field moves to the next typed field of the column, else to the next hand (from the
//! last, round to the first); F1–F4
//! toggle Mah Jong of hand 1–4 (and give the keyboard to the winner's first typed field; without Mah Jong they
//! choose whose column is typed and clicked); F5–F12 (then Shift+F5…) toggle the winner's flags, shown in one
//! row; Shift+F1–F4 set the tick one player carries (such as who discarded); a card-line field offers the card's
//! lines from a few letters and Enter takes the first; Ctrl+Enter confirms (or says why it cannot); Esc goes back
//! to the table and keeps what was typed as a draft of that manche, taken up again when the referee comes back.

use crate::text_id;
use std::collections::HashMap;

use egui::{Color32, RichText};

use super::RED;

use crate::desk::{DeskError, SaveAs, StationDraft, TableState};
use crate::desk::{StoreError, StoredManche};
use crate::frame::{Frame, Has};
use crate::link::Fetched;
use crate::message::Explain;
use crate::message::Message;
use crate::msg;
use crate::rules::deck::{Deck, DeckCard};
use crate::rules::{Applies, EntryModel, Field, FieldKind};
use crate::tiles::parse_hand;
use crate::tournament::{EntryErrors, HandEntry, Id, MancheEntry};
use crate::widgets::tiles::{Palette, paint_hand_strip};
use crate::widgets::{cards, fields};
use crate::{Lang, Screen};

use crate::desk::form::{FormView, Preview};

/// The manche being typed, and the drafts of manches left unconfirmed.
#[derive(Default)]
pub struct State {
    table: Id,
    number: u32,
    entry: MancheEntry,
    /// What the entry started from (blank, or the stored manche being corrected): a draft is kept only when
    /// the referee typed something beyond it.
    original: MancheEntry,
    active: usize,
    palette: Palette,
    /// The ruleset's answer to the entry as typed, and the desk's form model drawn from it (the breakdowns,
    /// the payments, the mistakes by hand: what a table's phone shows too), for the entry and the revision
    /// they were made at, from the table as read (its address: a table read again is another).
    preview: Option<(MancheEntry, u64, Preview, std::sync::Arc<FormView>, usize)>,
    /// The field to give the keyboard on the next frame: (table position, slot — see [`MAIN`]).
    focus: Option<(usize, usize)>,
    /// The revision of the stored manche the correction started from (`None` for a new manche): another
    /// station's correction in between is refused rather than overwritten.
    base_revision: Option<i64>,
    /// Typed, unconfirmed manches by (table, number), with the revision each was typed over: Esc never throws
    /// typed work away.
    drafts: HashMap<(Id, u32), (MancheEntry, Option<i64>)>,
    /// The entry on screen was taken up from a draft.
    restored: bool,
    /// The table as stored (its players, seats, manches), read again after every change.
    stored_table: Fetched<Id, TableState>,
    /// Ctrl+Enter's refusal on the status line and the mistake it named: it goes once the form no longer has
    /// that mistake (a winner marked after "nobody went Mah Jong"), instead of contradicting the form.
    refused: Option<(Message, Message)>,
    /// The manche on screen is a table's proposal: Ctrl+Enter confirms it, and it can be rejected.
    proposal: Option<OnScreen>,
    /// What the referee changed in proposals left without a decision, by proposal: taken up when one is opened
    /// again (the proposal itself waits in the queue, so nothing of it is a draft of the station).
    proposal_edits: HashMap<Id, MancheEntry>,
    /// Why the proposal on screen is rejected, as typed.
    reject_reason: String,
}

/// A table's proposal on the entry screen.
#[derive(Clone, Debug)]
struct OnScreen {
    id: Id,
    tournament: Id,
    /// The table's number in its session, and the phone that sent it, when, with every PIN or not.
    table_number: u32,
    sender: String,
    sent_at: String,
    pins_given: bool,
    /// The manche as the phone sent it: confirmed as it is unless the referee changed something.
    sent: MancheEntry,
}

impl State {
    /// Starts typing manche `number` of `table`: its draft if one was left, else empty or the stored manche
    /// with its revision (a correction). What was being typed before is kept as a draft of its own manche.
    pub fn reset(&mut self, table: Id, number: u32, stored: Option<(MancheEntry, i64)>) {
        self.keep_draft();
        let mut drafts = std::mem::take(&mut self.drafts);
        let proposal_edits = std::mem::take(&mut self.proposal_edits);
        // The table read for the last manche serves the next one until the desk answers again.
        let stored_table = std::mem::take(&mut self.stored_table);
        let revision = stored.as_ref().map(|(_, revision)| *revision);
        let original = stored.map(|(entry, _)| entry).unwrap_or_default();
        let draft = drafts.remove(&(table, number));
        let restored = draft.is_some();
        let (entry, base_revision) = draft.unwrap_or_else(|| (original.clone(), revision));
        *self = State {
            table,
            number,
            entry,
            base_revision,
            original,
            focus: Some((0, MAIN)),
            drafts,
            restored,
            stored_table,
            proposal_edits,
            ..State::default()
        };
    }

    /// Opens the proposal `view` of manche `number` of `table` as the phone sent it (or as the referee left it
    /// when it was open before). What was being typed before is kept as a draft of its own manche.
    pub(crate) fn open_proposal(&mut self, table: Id, tournament: Id, view: &crate::desk::ProposalView) {
        self.keep_draft();
        let proposal = &view.proposal;
        let mut proposal_edits = std::mem::take(&mut self.proposal_edits);
        let sent = view.entry.clone();
        // A draft this station typed of the same manche stays a draft: the proposal is not it.
        let entry = proposal_edits.remove(&proposal.id).unwrap_or_else(|| sent.clone());
        *self = State {
            table,
            number: proposal.number,
            entry,
            original: sent.clone(),
            focus: Some((0, MAIN)),
            drafts: std::mem::take(&mut self.drafts),
            stored_table: std::mem::take(&mut self.stored_table),
            proposal_edits,
            proposal: Some(OnScreen {
                id: proposal.id,
                tournament,
                table_number: proposal.table,
                sender: proposal.sender.clone(),
                sent_at: proposal.sent_at.clone(),
                pins_given: proposal.pins_given,
                sent,
            }),
            ..State::default()
        };
    }

    /// Whether the manche on screen is a table's proposal.
    pub(crate) fn shows_proposal(&self) -> bool {
        self.proposal.is_some()
    }

    /// Proposal `id` was decided (or withdrawn): what the referee changed in it is forgotten, and if it is on
    /// screen the form leaves it.
    fn proposal_done(&mut self, id: Id) {
        self.proposal_edits.remove(&id);
        if self.proposal.as_ref().is_none_or(|p| p.id != id) {
            return;
        }
        self.proposal = None;
        self.entry = MancheEntry::default();
        self.original = MancheEntry::default();
        self.reject_reason.clear();
        self.number = 0;
    }

    /// Takes the table as the table screen read it at `revision`, so that the entry draws at once instead of
    /// reading it again.
    pub(crate) fn knows_table(&mut self, table: Id, state: std::sync::Arc<TableState>, revision: u64) {
        self.stored_table.prefill(table, revision, state);
    }

    /// Keeps the entry on screen as a draft when something was typed.
    fn keep_draft(&mut self) {
        if let Some(proposal) = &self.proposal {
            // A proposal's changes wait with the proposal, never as a draft of its manche at this station.
            let typed = std::mem::replace(&mut self.entry, self.original.clone());
            if typed != proposal.sent {
                self.proposal_edits.insert(proposal.id, typed);
            }
            return;
        }
        if self.unsaved_on_screen().is_some() {
            // What stays on screen is what the entry started from: nothing typed on it is left to keep twice.
            let typed = std::mem::replace(&mut self.entry, self.original.clone());
            self.drafts.insert((self.table, self.number), (typed, self.base_revision));
        }
    }

    /// The number of the manche on screen when something was typed in it and not confirmed.
    pub(crate) fn unsaved_on_screen(&self) -> Option<u32> {
        if self.proposal.is_some() {
            // It waits in the queue whatever happens to the window.
            return None;
        }
        let blank = |e: &MancheEntry| !e.void && e.hands.iter().all(|h| *h == HandEntry::default());
        let typed = if blank(&self.original) { !blank(&self.entry) } else { self.entry != self.original };
        (self.number > 0 && typed).then_some(self.number)
    }

    /// Whether this station keeps a draft of manche `number` of `table` (typed, left unconfirmed).
    pub(crate) fn has_draft(&self, table: Id, number: u32) -> bool {
        self.drafts.contains_key(&(table, number))
    }

    /// Forgets what was typed in the manche on screen (the referee chose to throw it away).
    pub(crate) fn discard_on_screen(&mut self) {
        self.entry = self.original.clone();
        self.drafts.remove(&(self.table, self.number));
    }

    /// Every manche typed and not confirmed, the one on screen included, in table and number order: what this
    /// station keeps across a restart.
    pub(crate) fn station_drafts(&self) -> Vec<StationDraft> {
        let mut drafts: Vec<StationDraft> = self
            .drafts
            .iter()
            .map(|(&(table, number), (entry, base_revision))| StationDraft {
                table,
                number,
                entry: entry.clone(),
                base_revision: *base_revision,
            })
            .collect();
        if self.unsaved_on_screen().is_some() {
            drafts.retain(|d| (d.table, d.number) != (self.table, self.number));
            drafts.push(StationDraft {
                table: self.table,
                number: self.number,
                entry: self.entry.clone(),
                base_revision: self.base_revision,
            });
        }
        drafts.sort_by_key(|d| (d.table, d.number));
        drafts
    }

    /// Takes up drafts kept before (by this station at its last run, or before another tournament opened).
    pub(crate) fn take_up_drafts(&mut self, drafts: Vec<StationDraft>) {
        for draft in drafts {
            self.drafts.insert((draft.table, draft.number), (draft.entry, draft.base_revision));
        }
    }

    /// Manche `number` of `table` was saved: nothing of it is a draft any more, and if it is on screen the
    /// form empties.
    fn saved(&mut self, table: Id, number: u32) {
        self.drafts.remove(&(table, number));
        if (self.table, self.number) == (table, number) {
            self.entry = MancheEntry::default();
            self.original = MancheEntry::default();
            self.base_revision = None;
            self.number = 0;
        }
    }

    /// Another station changed the manche on screen: the form shows what is saved now, as a correction of it.
    fn show_saved(&mut self, current: &StoredManche) {
        self.entry = MancheEntry::from_input(&current.input);
        self.original = self.entry.clone();
        self.base_revision = Some(current.revision);
        self.restored = false;
    }
}

/// A confirmed manche not yet saved because the server could not be reached: tried again (with the same
/// key, so that it is never saved twice) until it lands or is refused.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pending {
    table: Id,
    number: u32,
    entry: MancheEntry,
    save: SaveAs,
    correcting: bool,
}

/// Where a confirmed manche waits for the server; kept while tournaments open and close (the manche is saved to
/// its own tournament anyway).
#[derive(Default)]
pub struct Outbox {
    pub(crate) pending: Option<Pending>,
}

impl Pending {
    /// The manche number, for the banner.
    pub(crate) fn number(&self) -> u32 {
        self.number
    }
}

/// The key that toggles Mah Jong of the hand at `position`: F1–F4 (larger tables have no key for the rest).
fn mahjong_key(position: usize) -> Option<egui::Key> {
    [egui::Key::F1, egui::Key::F2, egui::Key::F3, egui::Key::F4].get(position).copied()
}

/// The key that toggles the winner's flag number `index`: F5–F12, then Shift+F5–F12.
fn flag_key(index: usize) -> Option<(egui::Modifiers, egui::Key)> {
    const KEYS: [egui::Key; 8] = [
        egui::Key::F5,
        egui::Key::F6,
        egui::Key::F7,
        egui::Key::F8,
        egui::Key::F9,
        egui::Key::F10,
        egui::Key::F11,
        egui::Key::F12,
    ];
    let key = *KEYS.get(index % KEYS.len())?;
    match index / KEYS.len() {
        0 => Some((egui::Modifiers::NONE, key)),
        1 => Some((egui::Modifiers::SHIFT, key)),
        _ => None,
    }
}

fn key_name(lang: Lang, (modifiers, key): (egui::Modifiers, egui::Key)) -> String {
    if modifiers.shift { format!("{}+{}", lang.tr(text_id!("entry.shift")), key.name()) } else { key.name().to_owned() }
}

/// Whose win flags F5… change: the hand being typed if it went Mah Jong, else the first hand that did.
fn flag_target(hands: &[HandEntry], active: usize) -> Option<usize> {
    if hands.get(active).is_some_and(|h| h.mahjong) {
        return Some(active);
    }
    hands.iter().position(|h| h.mahjong)
}

/// Sets the tick `key` on hand `position` alone (a tick one player carries, or a player picked for the
/// manche); a second press on the same hand clears it. Where `not_winner`, never on a winner.
fn claim(hands: &mut [HandEntry], position: usize, key: &str, not_winner: bool) {
    let Some(hand) = hands.get(position) else { return };
    let refused = not_winner && hand.mahjong;
    let on = !(hand.flag(key) || refused);
    for (i, hand) in hands.iter_mut().enumerate() {
        hand.set_flag(key, on && i == position);
    }
}

/// Moves a tick just set on hand `position` to it alone.
fn keep_one(hands: &mut [HandEntry], position: usize, key: &str) {
    for (i, hand) in hands.iter_mut().enumerate() {
        if i != position {
            hand.set_flag(key, false);
        }
    }
}

fn toggle_flag(win: &mut Vec<String>, id: &str) {
    if win.iter().any(|w| w == id) {
        win.retain(|w| w != id);
    } else {
        win.push(id.to_owned());
    }
}

/// Draws the screen.
pub fn show<S: Has<State> + Has<Outbox>>(app: &mut Frame<S>, ui: &mut egui::Ui, table: Id, number: u32) {
    if app.screens.get::<State>().table != table || app.screens.get::<State>().number != number {
        app.screens.get::<State>().reset(table, number, None);
    }
    let stored =
        app.fetch(|app| &mut app.screens.get::<State>().stored_table, table, move |desk| desk.table_state(table));
    let Some(state) = stored else { return };
    let seats = state.players.len();
    if app.screens.get::<State>().entry.hands.len() != seats {
        app.screens.get::<State>().entry.hands.resize(seats, HandEntry::default());
    }
    let lang = app.lang;
    let revision = app.revision;
    let mine = app.screens.get::<State>();
    let read = std::sync::Arc::as_ptr(&state) as usize;
    let stale = mine.preview.as_ref().is_none_or(|(e, rev, _, view, from)| {
        e != &mine.entry || *rev != revision || *from != read || view.number != number
    });
    if stale {
        let entry = app.screens.get::<State>().entry.clone();
        let preview = state.preview(number, &entry);
        let view = std::sync::Arc::new(state.form_view_of(number, &entry, &preview));
        app.screens.get::<State>().preview = Some((entry, app.revision, preview, view, read));
    }
    let (preview, view) = match app.screens.get::<State>().preview.as_ref() {
        Some((_, _, preview, view, _)) => (Some(preview.clone()), Some(view.clone())),
        None => (None, None),
    };
    let correcting = (number as usize) <= state.manches.len();
    let model = state.rules.entry_model();
    let main = model.hand;
    // The tick Shift+F1–F4 sets (one player at most carries it), and the field a new winner types first.
    let one_player = model.fields.iter().position(|f| f.kind == FieldKind::OnePlayer);
    let winner_first =
        model.fields.iter().position(|f| f.applies == Applies::Winner && crate::desk::form::takes_text(f.kind));
    ui.label(RichText::new(state.rules.heading(lang)).weak());

    // Keyboard shortcuts are consumed before the widgets are drawn: Ctrl+Enter must not also "click" a focused
    // checkbox (Enter toggles it), and F-keys work while a hand field has focus.
    let flags = model.win_flags;
    let (confirm_key, back_key, toggles, flag_toggles, claims) = ui.input_mut(|i| {
        // Shift+F1–F4 first: consume_key ignores Shift only when asked for none of it.
        let claims: Vec<usize> = (0..seats)
            .filter(|&p| {
                one_player.is_some() && mahjong_key(p).is_some_and(|k| i.consume_key(egui::Modifiers::SHIFT, k))
            })
            .collect();
        let toggles: Vec<usize> =
            (0..seats).filter(|&p| mahjong_key(p).is_some_and(|k| i.consume_key(egui::Modifiers::NONE, k))).collect();
        let flag_toggles: Vec<usize> = (0..flags.len())
            .filter(|&f| flag_key(f).is_some_and(|(modifiers, key)| i.consume_key(modifiers, key)))
            .collect();
        let confirm = i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter);
        (confirm, i.consume_key(egui::Modifiers::NONE, egui::Key::Escape), toggles, flag_toggles, claims)
    });
    for position in toggles {
        let mine = app.screens.get::<State>();
        if model.mahjong.is_none() {
            // No Mah Jong to declare (the rules find the winner): F1–F4 choose whose column is typed and clicked.
            mine.active = position;
            mine.focus = Some((position, MAIN));
            continue;
        }
        let hand = &mut mine.entry.hands[position];
        hand.mahjong = !hand.mahjong;
        if hand.mahjong && main.is_some_and(|m| m.applies == Applies::Winner) {
            // Only winners type the main field (their tiles): it appears now and takes the keyboard.
            mine.focus = Some((position, MAIN));
        } else if let Some(first) = winner_first.filter(|_| hand.mahjong) {
            // The winner's first typed field is what comes next: it takes the keyboard.
            mine.focus = Some((position, first + 1));
        }
    }
    if let Some(one) = one_player {
        for position in claims {
            claim(&mut app.screens.get::<State>().entry.hands, position, model.fields[one].key, true);
        }
    }
    let mine = app.screens.get::<State>();
    let flag_target = flag_target(&mine.entry.hands, mine.active);
    if let Some(target) = flag_target {
        let hand = &mut app.screens.get::<State>().entry.hands[target];
        for index in flag_toggles {
            toggle_flag(&mut hand.win, flags[index].id);
        }
    }

    let mut leave = back_key;
    let proposal = app.screens.get::<State>().proposal.clone();
    ui.horizontal(|ui| {
        // A proposal came from the queue and goes back to it.
        let back = match &proposal {
            Some(_) => format!("« {}", lang.tr(text_id!("proposals.title"))),
            None => format!("« {} {}", lang.tr(text_id!("sessions.table")), state.table.number),
        };
        leave |= ui.button(back).clicked();
        if leave {
            return;
        }
        ui.heading(format!(
            "{} {} · {} {} · {} {number}{}",
            lang.tr(text_id!("sessions.session")),
            state.table.session,
            lang.tr(text_id!("sessions.table")),
            state.table.number,
            lang.tr(text_id!("table.manche")),
            if correcting { format!(" ({})", lang.tr(text_id!("entry.correction"))) } else { String::new() }
        ));
        if let Some(round) = view.as_ref().and_then(|v| v.round.as_ref()) {
            ui.label(round.render(lang));
        }
        // The session's clock, as the hall sees it: the time left moves, so the screen is drawn each second.
        let clock = crate::tournament::clock::state_of(state.clock.as_ref(), chrono::Utc::now());
        if let Some(time) = clock.shown() {
            ui.label(RichText::new(format!("{} {time}", lang.tr(text_id!("clock.title")))).monospace());
            ui.ctx().request_repaint_after(std::time::Duration::from_secs(1));
        }
        // What the game carries into this manche (counters, deposits): the table's, shown, never typed.
        for carried in view.iter().flat_map(|v| &v.carried) {
            ui.label(carried.render(lang));
        }
        if model.mahjong.is_some() {
            ui.checkbox(&mut app.screens.get::<State>().entry.void, lang.tr(model.void_label));
        }
    });
    if leave && proposal.is_some() {
        let mine = app.screens.get::<State>();
        mine.keep_draft();
        mine.proposal = None;
        mine.number = 0;
        return app.go(Screen::Proposals);
    }
    if leave {
        app.screens.get::<State>().keep_draft();
        app.screens.get::<State>().number = 0;
        if app.screens.get::<State>().drafts.contains_key(&(table, number)) {
            app.info(msg!("entry.draft_kept", n = number));
        }
        return app.go(Screen::Table(table));
    }
    if let Some(proposal) = &proposal {
        proposal_banner(app, ui, proposal);
    }
    if app.screens.get::<State>().restored {
        ui.horizontal(|ui| {
            ui.label(RichText::new(lang.tr(text_id!("entry.draft_restored"))).color(Color32::from_rgb(180, 110, 0)));
            if ui.small_button(lang.tr(text_id!("entry.draft_discard"))).clicked() {
                let mut original = app.screens.get::<State>().original.clone();
                original.hands.resize(seats, HandEntry::default());
                let mine = app.screens.get::<State>();
                mine.entry = original;
                mine.restored = false;
                // Typing starts again from the first hand, as on a fresh manche.
                mine.focus = Some((0, MAIN));
            }
        });
    }
    ui.label(
        RichText::new(keys_help(
            lang,
            model,
            seats,
            flag_target.map(|t| state.players[t].name.as_str()),
            proposal.is_some(),
        ))
        .weak(),
    );
    if let Some(FieldKind::Cards(deck)) = main.map(|m| m.kind) {
        card_picker(app, ui, &state, deck);
    }
    let errors =
        preview.as_ref().and_then(|p| p.as_ref().err()).map_or_else(|| EntryErrors::none(seats), |e| *e.clone());
    let outcome = preview.as_ref().and_then(|p| p.as_ref().ok()).map(|(_, o)| o.clone());
    withdraw_stale_refusal(app, &errors, outcome.is_some());
    let mut claimed: Option<(usize, &'static str)> = None;
    let someone_won = app.screens.get::<State>().entry.hands.iter().any(|h| h.mahjong);
    ui.columns(seats, |columns| {
        for (position, ui) in columns.iter_mut().enumerate() {
            let column = view.as_ref().and_then(|v| v.columns.get(position));
            let player = &state.players[position];
            let seat = column.map(|c| c.seat.render(lang)).unwrap_or_default();
            ui.label(RichText::new(format!("{} · {seat}", crate::bidi::visual(&player.name))).strong().size(16.0));
            let mine = app.screens.get::<State>();
            let mut focus = mine.focus.filter(|(p, _)| *p == position).map(|(_, slot)| slot);
            if focus.is_some() {
                mine.focus = None;
            }
            // Enter in a typed field: the next typed field of this column, else the next hand's main field.
            let mut next_slot: Option<usize> = None;
            let hand = &mut mine.entry.hands[position];
            if let Some(main) = main.as_ref().filter(|m| m.applies.to(hand.mahjong)) {
                let typed = main_field(ui, lang, main, hand, position, focus == Some(MAIN));
                if typed.has_focus {
                    mine.active = position;
                }
                if typed.enter {
                    next_slot = Some(MAIN);
                }
            }
            if let Some(word) = model.mahjong {
                let label = match mahjong_key(position) {
                    Some(key) => format!("{} ({})", lang.tr(word), key.name()),
                    None => lang.tr(word),
                };
                ui.checkbox(&mut hand.mahjong, label);
            }
            if hand.mahjong {
                // The winner's flags in one row, each with its key where the keys act on this hand.
                ui.horizontal_wrapped(|ui| {
                    for (index, flag) in flags.iter().enumerate() {
                        let mut on = hand.win.iter().any(|w| w == flag.id);
                        let name = lang.tr(flag.label);
                        let label = match flag_key(index).filter(|_| flag_target == Some(position)) {
                            Some(key) => format!("{name} ({})", key_name(lang, key)),
                            None => name.to_owned(),
                        };
                        if ui.checkbox(&mut on, label).changed() {
                            toggle_flag(&mut hand.win, flag.id);
                        }
                    }
                });
            } else {
                hand.win.clear();
            }
            for (index, field) in model.fields.iter().enumerate() {
                if !field.applies.to(hand.mahjong) {
                    // What a winner (or a hand that did not win) typed goes with the mark.
                    if field.kind != FieldKind::PickPlayer {
                        crate::desk::form::clear_field(hand, field);
                    }
                    continue;
                }
                // A tick one player carries shows once there is a winner (or while set, so that a mark never hides).
                if field.kind == FieldKind::OnePlayer && !someone_won && !hand.flag(field.key) {
                    continue;
                }
                let shortcut = (Some(index) == one_player)
                    .then(|| mahjong_key(position))
                    .flatten()
                    .map(|key| format!("{}+{}", lang.tr(text_id!("entry.shift")), key.name()));
                let answer = fields::FieldView {
                    lang,
                    field,
                    position,
                    focus: focus.take_if(|slot| *slot == index + 1).is_some(),
                    shortcut,
                    book: model.book.map(|entry| (entry, &state.book[..])),
                }
                .show(ui, hand);
                if answer.has_focus {
                    mine.active = position;
                }
                if answer.enter {
                    next_slot = Some(index + 1);
                }
                if answer.claimed {
                    claimed = Some((position, field.key));
                }
            }
            if let Some(slot) = next_slot {
                let later = model
                    .fields
                    .iter()
                    .enumerate()
                    .skip(slot)
                    .find(|(_, f)| f.applies.to(hand.mahjong) && crate::desk::form::takes_text(f.kind));
                // After the table's last field the keyboard goes round to the first hand: it never leaves the
                // manche (where typing would go nowhere and Tab would reach the navigation bar).
                mine.focus = match later {
                    Some((index, _)) => Some((position, index + 1)),
                    None => Some(((position + 1) % seats, MAIN)),
                };
            }
            if let Some(column) = column {
                if let Some(error) = &column.error {
                    // A hand not typed yet is work still to do, not a mistake: said quietly.
                    let text = RichText::new(error.render(lang));
                    ui.label(if column.pending { text.weak() } else { text.color(RED) });
                }
                if let Some(scored) = &column.scored {
                    breakdown(ui, lang, scored);
                }
            }
        }
    });
    if let Some((position, key)) = claimed {
        keep_one(&mut app.screens.get::<State>().entry.hands, position, key);
    }
    for warning in view.iter().flat_map(|v| &v.warnings) {
        ui.label(RichText::new(warning.render(lang)).color(Color32::from_rgb(180, 110, 0)));
    }
    if let Some(error) = view.as_ref().and_then(|v| v.general_error.as_ref()) {
        ui.label(RichText::new(error.render(lang)).color(RED));
    }
    ui.separator();
    let active = app.screens.get::<State>().active.min(seats.saturating_sub(1));
    let palette = main.is_some_and(|m| m.kind == FieldKind::Tiles);
    ui.horizontal(|ui| {
        if palette {
            ui.vertical(|ui| {
                ui.label(
                    RichText::new(format!("{}: {}", lang.tr(text_id!("entry.palette")), state.players[active].name))
                        .strong(),
                );
                if let Some(token) = app.screens.get::<State>().palette.show(ui, lang) {
                    let text = &mut app.screens.get::<State>().entry.hands[active].text;
                    if !text.is_empty() && !text.ends_with(' ') {
                        text.push(' ');
                    }
                    text.push_str(&token);
                }
                if ui.button(lang.tr(text_id!("palette.undo"))).clicked() {
                    let text = &mut app.screens.get::<State>().entry.hands[active].text;
                    let kept: Vec<&str> = text.split_whitespace().collect();
                    *text = kept[..kept.len().saturating_sub(1)].join(" ");
                }
            });
            ui.separator();
        }
        ui.vertical(|ui| {
            ui.label(RichText::new(lang.tr(text_id!("entry.payments"))).strong());
            match view.as_ref().and_then(|v| v.outcome.as_ref()) {
                Some(shown) => {
                    for line in shown.payments.iter().chain(&shown.table_moves) {
                        ui.label(line.render(lang));
                    }
                    for penalty in &shown.penalties {
                        ui.label(RichText::new(penalty.render(lang)).color(RED));
                    }
                    ui.separator();
                    for (name, net) in &shown.nets {
                        ui.label(RichText::new(format!("{name}: {net:+}")).monospace());
                    }
                }
                None => {
                    ui.label(RichText::new(lang.tr(text_id!("entry.not_valid"))).weak());
                }
            }
            ui.add_space(8.0);
            let button = egui::Button::new(RichText::new(lang.tr(text_id!("entry.confirm"))).strong().size(16.0));
            let clicked = ui.add_enabled(outcome.is_some(), button).clicked();
            if (clicked || (confirm_key && outcome.is_some()))
                && let Some(proposal) = &proposal
            {
                confirm_proposal(app, table, number, proposal);
            } else if clicked || (confirm_key && outcome.is_some()) {
                confirm(app, table, number, correcting);
            } else if confirm_key {
                // Ctrl+Enter on a manche that is not valid yet says why, instead of doing nothing.
                let why = errors.first().map_or_else(|| msg!("entry.not_valid"), Explain::message);
                let refusal = msg!("entry.cannot_confirm").arg_message("why", why.clone());
                app.fail(refusal.clone());
                app.screens.get::<State>().refused = Some((refusal, why));
            }
            if let Some(proposal) = &proposal {
                ui.add_space(8.0);
                reject_row(app, ui, proposal);
            }
        });
    });
}

/// Says whose proposal is on screen: the table, the phone, when, whether every player gave their PIN, and
/// whether the referee changed it (it is then saved as it is on screen), with the way back to the phone's.
fn proposal_banner<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, proposal: &OnScreen) {
    let lang = app.lang;
    let blue = Color32::from_rgb(30, 90, 170);
    let line = msg!(
        "entry.proposal_from",
        table = proposal.table_number,
        phone = super::short_sender(&proposal.sender),
        time = super::local_time(&proposal.sent_at)
    );
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(line.render(lang)).color(blue).strong());
        if proposal.pins_given {
            ui.label(RichText::new(lang.tr(text_id!("proposals.all_pins"))).color(blue));
        }
    });
    let mine = app.screens.get::<State>();
    if mine.entry != proposal.sent {
        ui.horizontal(|ui| {
            ui.label(RichText::new(lang.tr(text_id!("entry.proposal_edited"))).color(Color32::from_rgb(180, 110, 0)));
            if ui.small_button(lang.tr(text_id!("entry.proposal_undo"))).clicked() {
                mine.entry = proposal.sent.clone();
                mine.focus = Some((0, MAIN));
            }
        });
    }
}

/// The proposal's rejection: the reason the table's phone will show, and the button.
fn reject_row<S: Has<State>>(app: &mut Frame<S>, ui: &mut egui::Ui, proposal: &OnScreen) {
    let lang = app.lang;
    let label = lang.tr(text_id!("proposals.reason"));
    super::labelled_text(ui, &label, &mut app.screens.get::<State>().reject_reason, 260.0);
    if !ui.button(lang.tr(text_id!("proposals.reject"))).clicked() {
        return;
    }
    let reason = app.screens.get::<State>().reject_reason.clone();
    let (tournament, id, table) = (proposal.tournament, proposal.id, proposal.table_number);
    let (on, number) = (app.screens.get::<State>().table, app.screens.get::<State>().number);
    let referee = app.referee_name();
    app.write(
        move |desk| desk.reject_proposal(tournament, id, &reason, &referee),
        move |app, ()| {
            let on_screen = app.screen == Screen::Entry { table: on, number };
            app.screens.get::<State>().proposal_done(id);
            app.info(msg!("proposals.rejected_done", table = table, number = number));
            if on_screen {
                app.go(Screen::Proposals);
            }
        },
    );
}

/// Confirms the proposal on screen as its manche: as the phone sent it, or as the referee changed it. A manche
/// the desk entered meanwhile withdraws it: the desk says what it has, and the queue shows it.
fn confirm_proposal<S: Has<State>>(app: &mut Frame<S>, table: Id, number: u32, proposal: &OnScreen) {
    let entry = app.screens.get::<State>().entry.clone();
    let edited = (entry != proposal.sent).then_some(entry);
    let (tournament, id, table_number) = (proposal.tournament, proposal.id, proposal.table_number);
    let referee = app.referee_name();
    app.change(
        move |desk| desk.confirm_proposal(tournament, id, edited.as_ref(), &referee),
        move |app, answer| {
            app.changed();
            let on_screen = app.screen == Screen::Entry { table, number };
            match answer {
                Ok(_) => {
                    app.screens.get::<State>().proposal_done(id);
                    app.info(msg!("proposals.confirmed_done", table = table_number, number = number));
                }
                Err(DeskError::Store(StoreError::Conflict(conflict))) => {
                    app.screens.get::<State>().proposal_done(id);
                    app.fail(DeskError::Store(StoreError::Conflict(conflict)));
                }
                Err(error) => return app.fail(error),
            }
            if on_screen {
                app.go(Screen::Proposals);
            }
        },
    );
}

/// Takes Ctrl+Enter's refusal off the status line once the form previews without the mistake it named: the
/// refusal was about the form as it was then.
fn withdraw_stale_refusal<S: Has<State>>(app: &mut Frame<S>, errors: &EntryErrors, valid: bool) {
    let Some((refusal, why)) = app.screens.get::<State>().refused.clone() else { return };
    let mistakes: Vec<Message> = errors.hands.iter().flatten().chain(&errors.general).map(Explain::message).collect();
    let still = !valid && (mistakes.contains(&why) || (mistakes.is_empty() && why == msg!("entry.not_valid")));
    if !still {
        app.withdraw(&refusal);
        app.screens.get::<State>().refused = None;
    }
}

/// The card grid, above the players' columns: what appears under the hands as the manche turns valid or not
/// (a mistake, a breakdown) must not move the cards a click is aimed at.
fn card_picker<S: Has<State> + Has<Outbox>>(app: &mut Frame<S>, ui: &mut egui::Ui, state: &TableState, deck: &Deck) {
    let lang = app.lang;
    let active = app.screens.get::<State>().active.min(state.players.len().saturating_sub(1));
    let name = &state.players[active].name;
    ui.label(RichText::new(msg!("entry.cards_for", name = name).render(lang)).strong());
    if let Some(card) = card_grid(ui, deck, &app.screens.get::<State>().entry.hands)
        && let Err(why) = assign_card(deck, &mut app.screens.get::<State>().entry.hands, active, card, &state.players)
    {
        app.fail(why);
    }
    ui.separator();
}

/// The slot of a column's main field (tiles or cards) for the keyboard; field `i` of the model is slot `i + 1`.
const MAIN: usize = 0;

/// The help line: the keys this ruleset's entry has.
fn keys_help(lang: Lang, model: &EntryModel, seats: usize, winner: Option<&str>, proposal: bool) -> String {
    let word = Message::new(model.mahjong.unwrap_or_default());
    // Esc goes back where the manche came from: its table, or the queue of the tables' proposals.
    let esc = Message::new(if proposal { text_id!("entry.keys_esc_proposal") } else { text_id!("entry.keys_esc") });
    let keys = match winner.filter(|_| !model.win_flags.is_empty()) {
        Some(winner) => msg!("entry.keys_winner", last = seats, winner = winner).arg_message("mahjong", word),
        None => msg!("entry.keys", last = seats).arg_message("mahjong", word),
    }
    .arg_message("esc", esc.clone());
    let keys = match model.fields.iter().find(|f| f.kind == FieldKind::OnePlayer) {
        Some(field) => msg!("entry.keys_one_player", last = seats)
            .arg_message("keys", keys)
            .arg_message("field", Message::new(field.label)),
        None => keys,
    };
    let keys = if model.book.is_some() { msg!("entry.keys_book_line").arg_message("keys", keys) } else { keys };
    let keys = match (model.mahjong, model.hand.map(|h| h.kind)) {
        (Some(_), _) => keys,
        (None, Some(FieldKind::Cards(_))) => msg!("entry.keys_cards", last = seats).arg_message("esc", esc),
        (None, _) => msg!("entry.keys_columns", last = seats).arg_message("esc", esc),
    };
    // Cards' keys say "Enter = next player" themselves.
    let tiles = model.hand.is_some_and(|m| m.kind == FieldKind::Tiles);
    let enter = if tiles { format!("{} · ", lang.tr(text_id!("entry.keys_enter"))) } else { String::new() };
    format!("{}: {enter}{}", lang.tr(text_id!("entry.keys_title")), keys.render(lang))
}

/// A scored hand as the desk's form gives it: its value, the rules' summary of it, and a line per figure.
fn breakdown(ui: &mut egui::Ui, lang: Lang, scored: &crate::desk::form::Scored) {
    ui.separator();
    ui.label(RichText::new(format!("{}: {}", lang.tr(text_id!("entry.value")), scored.value)).strong());
    if let Some(summary) = &scored.summary {
        ui.label(summary.render(lang));
    }
    for (label, amount) in &scored.lines {
        ui.label(format!("{}  {}", label.render(lang), amount.render(lang)));
    }
}

/// What happened in a column's main field this frame.
struct Typed {
    /// The field has the keyboard.
    has_focus: bool,
    /// Enter asked for the next field.
    enter: bool,
}

/// A column's main field: a hand in tile notation (one line, with its tiles drawn beneath) or the cards a
/// player took (codes on two lines; Enter still moves on).
fn main_field(
    ui: &mut egui::Ui,
    lang: Lang,
    main: &Field,
    hand: &mut HandEntry,
    position: usize,
    focus: bool,
) -> Typed {
    let label = ui.label(format!("{} {}", lang.tr(main.label), position + 1));
    let cards = matches!(main.kind, FieldKind::Cards(_));
    let edit = if cards {
        egui::TextEdit::multiline(&mut hand.text).desired_rows(2).return_key(None)
    } else {
        egui::TextEdit::singleline(&mut hand.text)
    };
    let edit = edit
        .id_salt((main.key, position))
        .desired_width(f32::INFINITY)
        .font(egui::TextStyle::Monospace)
        .hint_text(main.hint);
    let response = ui.add(edit).labelled_by(label.id);
    if focus {
        response.request_focus();
    }
    let enter = if cards {
        // A multi-line field keeps long lists readable but never needs a new line: Enter ends the list.
        let next = response.has_focus() && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
        if next {
            response.surrender_focus();
        }
        next
    } else {
        // Enter ends a single-line field.
        response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
    };
    if main.kind == FieldKind::Tiles
        && let Ok(parsed) = parse_hand(&hand.text)
    {
        paint_hand_strip(ui, &parsed);
    }
    Typed { has_focus: response.has_focus() && !enter, enter }
}

/// The deck's grid with each card framed in its owner's colour (a card typed by two players is marked).
fn card_grid(ui: &mut egui::Ui, deck: &Deck, hands: &[HandEntry]) -> Option<&'static DeckCard> {
    let captures: Vec<Vec<&str>> = hands.iter().map(|h| codes(deck, &h.text)).collect();
    let owner = |card: &DeckCard| captures.iter().position(|c| c.contains(&card.code));
    let clash = |card: &DeckCard| captures.iter().filter(|c| c.contains(&card.code)).count() > 1;
    cards::card_grid(ui, deck, &owner, &clash)
}

/// The codes of a typed capture that are cards of the deck (a bad code is reported beside the hand by the
/// ruleset; the grid shows the rest).
fn codes(deck: &Deck, text: &str) -> Vec<&'static str> {
    text.split_whitespace().filter_map(|code| deck.card(code)).map(|card| card.code).collect()
}

/// A card clicked on the grid: added to the active player's capture, taken back if it is already there,
/// refused (naming the owner) if another player has it.
fn assign_card(
    deck: &Deck,
    hands: &mut [HandEntry],
    active: usize,
    card: &DeckCard,
    players: &[crate::tournament::TablePlayer],
) -> Result<(), crate::message::Message> {
    if let Some(other) = (0..hands.len()).find(|&p| p != active && codes(deck, &hands[p].text).contains(&card.code)) {
        let owner = players.get(other).map(|p| p.name.clone()).unwrap_or_default();
        return Err(msg!("entry.card_taken", card = card.code, name = owner));
    }
    let Some(hand) = hands.get_mut(active) else { return Ok(()) };
    let mine = codes(deck, &hand.text).contains(&card.code);
    let kept: Vec<&str> =
        hand.text.split_whitespace().filter(|code| deck.card(code).map(|c| c.code) != Some(card.code)).collect();
    let mut text = kept.join(" ");
    if !mine {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(card.code);
    }
    hand.text = text;
    Ok(())
}

fn confirm<S: Has<State> + Has<Outbox>>(app: &mut Frame<S>, table: Id, number: u32, correcting: bool) {
    let entry = app.screens.get::<State>().entry.clone();
    // Confirming again what is waiting for the server is the same save (its key); anything else is a new one.
    let save = match &app.screens.get::<Outbox>().pending {
        Some(p) if (p.table, p.number, &p.entry) == (table, number, &entry) => p.save.clone(),
        _ => SaveAs::fresh(Some(app.screens.get::<State>().base_revision.unwrap_or(SaveAs::NEW))),
    };
    save_manche(app, Pending { table, number, entry, save, correcting });
}

/// Saves a confirmed manche. When the server cannot be reached it is kept in the [`Outbox`] and tried
/// again by the desk's poll; when another station changed it meanwhile, the form shows what is saved now.
pub(crate) fn save_manche<S: Has<State> + Has<Outbox>>(app: &mut Frame<S>, pending: Pending) {
    // One save at a time: a second Ctrl+Enter while the first waits for the server must not save twice.
    let referee = app.referee_name();
    let Pending { table, number, .. } = pending;
    let (entry, save) = (pending.entry.clone(), pending.save.clone());
    app.change(
        move |desk| {
            desk.confirm_manche_as(table, number, &entry, &referee, &save)?;
            // What comes next is read with the save, so that the next manche opens at once.
            Ok::<_, DeskError>(desk.table_state(table).ok().and_then(|state| state.next_number()))
        },
        move |app, saved| saved_manche(app, pending, saved),
    );
}

/// What the desk answered to a confirmed manche.
fn saved_manche<S: Has<State> + Has<Outbox>>(
    app: &mut Frame<S>,
    pending: Pending,
    saved: Result<Option<u32>, DeskError>,
) {
    let Pending { table, number, correcting, .. } = pending;
    let on_screen = app.screen == Screen::Entry { table, number };
    match saved {
        Ok(next) => {
            app.screens.get::<Outbox>().pending = None;
            app.screens.get::<State>().saved(table, number);
            app.changed();
            app.info(msg!("entry.saved", n = number));
            if !on_screen {
                return;
            }
            match next {
                Some(next) if !correcting => {
                    app.screens.get::<State>().reset(table, next, None);
                    app.go(Screen::Entry { table, number: next });
                }
                _ => app.go(Screen::Table(table)),
            }
        }
        Err(error) if error.is_offline() => {
            app.screens.get::<Outbox>().pending = Some(pending);
            app.fail(msg!("entry.kept_offline", n = number));
        }
        Err(error) => {
            app.screens.get::<Outbox>().pending = None;
            if let DeskError::Store(StoreError::Conflict(conflict)) = &error {
                // Only this manche's saved values: a later manche replayed by a correction may be the one
                // another station changed, and its hands are not this form's.
                if on_screen && conflict.current.number == number {
                    app.screens.get::<State>().show_saved(&conflict.current);
                }
                app.changed();
            }
            app.fail(error);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_correction_left_with_esc_is_kept_once_as_typed() {
        let mut stored = MancheEntry { hands: vec![HandEntry::default(); 4], ..MancheEntry::default() };
        stored.hands[0].text = "123b".into();
        let mut state = State::default();
        state.reset(7, 3, Some((stored.clone(), 2)));
        state.entry.hands[0].text = "123b 456b".into();
        state.keep_draft();
        assert_eq!(state.unsaved_on_screen(), None, "what stays on screen is the stored manche");
        let drafts = state.station_drafts();
        assert_eq!(drafts.len(), 1, "{drafts:?}");
        assert_eq!((drafts[0].table, drafts[0].number, drafts[0].base_revision), (7, 3, Some(2)));
        assert_eq!(drafts[0].entry.hands[0].text, "123b 456b");
        state.reset(7, 3, Some((stored, 2)));
        assert!(state.restored && state.entry.hands[0].text == "123b 456b", "taken up again");
    }
}
