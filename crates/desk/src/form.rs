//! The manche form as a model the desk owns, drawn alike by egui (the entry screen) and as HTML (a table's
//! phone): which fields each player's column shows for what is typed, their values and labels (text ids), the
//! mistakes by hand, and the live preview of the ruleset's answer (each hand's breakdown, the payments, the
//! nets). [`normalize`] keeps a typed manche to what the form can show (a winner's flags only on winners, a tick
//! one player carries on one player), and [`read_form`] reads a form posted from a web page into the same typed
//! manche the entry screen keeps, by the names [`FormView`] gives each input. No ruleset is named here: every
//! field comes from the ruleset's [`EntryModel`].

use crate::message::{Explain, Message};
use crate::msg;
use crate::rules::book::BookLine;
use crate::rules::{EntryModel, Field, FieldKind, MancheOutcome, PickedLine, PlayerOutcome};
use crate::tiles::Wind;
use crate::tournament::{HandEntry, MancheEntry};

use super::TableState;

/// The longest text a posted field may hold; a longer one is cut (a hand in tiles is about 60 characters).
pub const MAX_FIELD_CHARS: usize = 200;

/// The manche form, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct FormView {
    /// The session number.
    pub session: u32,
    /// The table number.
    pub table: u32,
    /// The manche number.
    pub number: u32,
    /// The manche is saved already: the form corrects it.
    pub correcting: bool,
    /// The prevailing wind ("Round: East"), where the ruleset has winds.
    pub round: Option<Message>,
    /// What the session carries into the manche (counters, deposits), shown, never typed.
    pub carried: Vec<Message>,
    /// The tick for a manche nobody won ("A monte"), where winners are declared.
    pub void: Option<Toggle>,
    /// Each player's column, by seat position.
    pub columns: Vec<Column>,
    /// A mistake of the manche as a whole.
    pub general_error: Option<Message>,
    /// The ruleset's warnings on a manche that scores.
    pub warnings: Vec<Message>,
    /// The ruleset's answer, when the manche scores.
    pub outcome: Option<OutcomeView>,
}

impl FormView {
    /// What a web form drawn from this view posts as it stands: every set tick, every chosen one-of, every
    /// typed text, by the names the view gives them. [`read_form`] reads it back into the same typed manche.
    pub fn pairs(&self) -> Vec<(String, String)> {
        let mut pairs = Vec::new();
        let mut tick = |toggle: &Toggle| {
            if toggle.on {
                pairs.push((toggle.name.clone(), toggle.value.clone()));
            }
        };
        if let Some(void) = &self.void {
            tick(void);
        }
        for column in &self.columns {
            if let Some(mahjong) = &column.mahjong {
                tick(mahjong);
            }
            column.win_flags.iter().for_each(&mut tick);
        }
        for column in &self.columns {
            for field in column.main.iter().chain(&column.fields) {
                let value = match field.kind {
                    FieldKind::Flag if field.on() => "on".to_owned(),
                    FieldKind::OnePlayer | FieldKind::PickPlayer if field.on() => column.position.to_string(),
                    FieldKind::Flag | FieldKind::OnePlayer | FieldKind::PickPlayer => continue,
                    _ if field.text().is_empty() => continue,
                    _ => field.text().to_owned(),
                };
                pairs.push((field.name.clone(), value));
            }
        }
        pairs
    }
}

/// A tick: its input's name, its label and whether it is set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toggle {
    /// The input's name in a web form (and the flag's id for a win flag).
    pub name: String,
    /// The value a web form sends when it is ticked.
    pub value: String,
    /// Its label.
    pub label: Message,
    /// Set.
    pub on: bool,
}

/// One player's column.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// The seat position (0 = the session's first seat).
    pub position: usize,
    /// The player's name.
    pub name: String,
    /// The seat this manche ("East", "Dealer", "Seat 2").
    pub seat: Message,
    /// The main field (the hand in tiles, the cards taken), when this hand shows it.
    pub main: Option<FieldState>,
    /// The Mah Jong tick, where winners are declared.
    pub mahjong: Option<Toggle>,
    /// The winner's flags (only on a winner).
    pub win_flags: Vec<Toggle>,
    /// The other fields this hand shows, in the ruleset's order.
    pub fields: Vec<FieldState>,
    /// What is wrong with this hand.
    pub error: Option<Message>,
    /// The hand has not been typed yet: its mistake is work still to do, said quietly.
    pub pending: bool,
    /// The hand's breakdown, when the manche scores.
    pub scored: Option<Scored>,
}

/// One field of a column as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldState {
    /// Its key in the ruleset's input.
    pub key: &'static str,
    /// What is typed and how.
    pub kind: FieldKind,
    /// The input's name in a web form (a tick one player carries and a player picked for the manche share one
    /// name across the columns: the web form's radio buttons, whose value is the position).
    pub name: String,
    /// Its label.
    pub label: Message,
    /// An example for the empty field (`""`: none).
    pub hint: &'static str,
    /// The text typed (or the choice's id; a set tick is [`crate::rules::TICKED`]).
    pub value: String,
    /// Choices of a one-of field, the first the "none" choice (id `""`).
    pub choices: Vec<(&'static str, Message)>,
    /// The book's lines a web form offers for a field filled from the book, by their labels.
    pub offered: Vec<String>,
    /// The book's line picked, for a field filled from the book.
    pub picked: Option<String>,
}

impl FieldState {
    /// What a text input of the field shows and a web form posts: the book's line picked (which, posted back,
    /// picks it again), else what was typed.
    pub fn text(&self) -> &str {
        self.picked.as_deref().unwrap_or(&self.value)
    }

    /// Whether a tick is set.
    pub fn on(&self) -> bool {
        self.value == crate::rules::TICKED
    }
}

/// A scored hand's breakdown.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The hand's value.
    pub value: i64,
    /// The ruleset's summary of it.
    pub summary: Option<Message>,
    /// A line per figure: what it is, and what it counts.
    pub lines: Vec<(Message, Amount)>,
}

/// What one line of a breakdown counts.
#[derive(Clone, Debug, PartialEq)]
pub enum Amount {
    /// Points added ("+10").
    Points(u64),
    /// Doubles ("2 raddoppi (×4)").
    Doubles(Message),
    /// A limit's value ("= 1000").
    Limit(u64),
    /// A value in the ruleset's own unit ("3 han").
    Quantity(Message),
    /// Nothing shown.
    Nothing,
}

impl Amount {
    /// The amount as shown beside its line.
    pub fn render(&self, lang: crate::i18n::Lang) -> String {
        match self {
            Amount::Points(points) => format!("+{points}"),
            Amount::Doubles(words) | Amount::Quantity(words) => words.render(lang),
            Amount::Limit(limit) => format!("= {limit}"),
            Amount::Nothing => String::new(),
        }
    }
}

/// The manche's payments and nets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeView {
    /// "Anna pays Bruno 16", in order.
    pub payments: Vec<Message>,
    /// What players put on or take from the table (deposits).
    pub table_moves: Vec<Message>,
    /// Points off a player's result scored with the hand.
    pub penalties: Vec<Message>,
    /// Each player's net, by seat position.
    pub nets: Vec<(String, i64)>,
}

/// The input names of a web form.
mod names {
    pub(super) const VOID: &str = "void";

    pub(super) fn main(position: usize) -> String {
        format!("h{position}")
    }

    pub(super) fn mahjong(position: usize) -> String {
        format!("mj{position}")
    }

    pub(super) fn win(position: usize) -> String {
        format!("w{position}")
    }

    pub(super) fn field(position: usize, key: &str) -> String {
        format!("f{position}.{key}")
    }

    /// A tick one player carries, or a player picked for the manche: one radio group across the columns.
    pub(super) fn one_of_table(key: &str) -> String {
        format!("one.{key}")
    }
}

/// Whether a field is one tick across the table (radio buttons on a web form, whose value is the position).
fn across_table(kind: FieldKind) -> bool {
    matches!(kind, FieldKind::OnePlayer | FieldKind::PickPlayer)
}

/// Keeps `entry` to what the form shows: one hand per seat; no Mah Jong or void where the ruleset finds the
/// winner itself; the win flags and the fields (but the main one, kept while a Mah Jong is ticked on and off) of a winner (or of a hand that did not win) only on such hands;
/// a tick one player carries on one player at most, never on a winner; a player picked for the manche once.
pub fn normalize(model: &EntryModel, seats: usize, entry: &mut MancheEntry) {
    entry.hands.resize(seats, HandEntry::default());
    if model.mahjong.is_none() {
        entry.void = false;
    }
    for hand in &mut entry.hands {
        if model.mahjong.is_none() {
            hand.mahjong = false;
        }
        if !hand.mahjong {
            hand.win.clear();
        }
        hand.win.retain(|id| model.win_flags.iter().any(|f| f.id == id));
        hand.win.dedup();
        let won = hand.mahjong;
        for field in model.fields.iter().filter(|f| !f.applies.to(won) && f.kind != FieldKind::PickPlayer) {
            clear_field(hand, field);
        }
        for field in model.fields.iter().filter(|f| f.kind == FieldKind::OnePlayer) {
            if hand.mahjong {
                hand.set_flag(field.key, false);
            }
        }
        hand.fields.retain(|key, _| known_key(model, key));
    }
    for field in model.fields.iter().filter(|f| across_table(f.kind)) {
        let mut seen = false;
        for hand in &mut entry.hands {
            if hand.flag(field.key) {
                hand.set_flag(field.key, !seen);
                seen = true;
            }
        }
    }
}

/// Whether `key` is one the model's fields keep (a field's key, or the line a book field picked).
fn known_key(model: &EntryModel, key: &str) -> bool {
    model.fields.iter().any(|f| f.key == key || matches!(f.kind, FieldKind::FromBook { line_key } if line_key == key))
}

/// Empties what `field` holds in `hand`.
pub fn clear_field(hand: &mut HandEntry, field: &Field) {
    hand.set(field.key, "");
    if let FieldKind::FromBook { line_key } = field.kind {
        hand.set(line_key, "");
    }
}

/// Reads a form posted from a web page (its `name=value` pairs, in any order; unknown names are ignored and
/// each text is cut at [`MAX_FIELD_CHARS`]) into the typed manche, normalized. A book field whose text is one of
/// the book's lines, as [`FieldState::offered`] lists them, picks that line as the entry screen does.
pub fn read_form(model: &EntryModel, seats: usize, book: &[BookLine], pairs: &[(String, String)]) -> MancheEntry {
    let mut entry = MancheEntry { void: false, hands: vec![HandEntry::default(); seats] };
    let text = |value: &str| value.chars().take(MAX_FIELD_CHARS).collect::<String>();
    for (name, value) in pairs {
        if name == names::VOID {
            entry.void = true;
            continue;
        }
        for (position, hand) in entry.hands.iter_mut().enumerate() {
            if *name == names::main(position) {
                hand.text = text(value).trim().to_owned();
            } else if *name == names::mahjong(position) {
                hand.mahjong = true;
            } else if *name == names::win(position) {
                if let Some(flag) = model.win_flags.iter().find(|f| f.id == value) {
                    hand.win.push(flag.id.to_owned());
                }
            } else if let Some(field) = model.fields.iter().find(|f| *name == names::field(position, f.key)) {
                match field.kind {
                    FieldKind::Flag => hand.set_flag(field.key, true),
                    FieldKind::OneOf { choices, .. } => {
                        if let Some(choice) = choices.iter().find(|c| c.id == value) {
                            hand.set(field.key, choice.id);
                        }
                    }
                    _ => hand.set(field.key, text(value).trim()),
                }
            }
        }
        if let Some(field) = model.fields.iter().find(|f| across_table(f.kind) && *name == names::one_of_table(f.key))
            && let Some(hand) = value.parse::<usize>().ok().and_then(|p| entry.hands.get_mut(p))
        {
            hand.set_flag(field.key, true);
        }
    }
    if let Some(book_entry) = model.book {
        for hand in &mut entry.hands {
            for field in model.fields {
                let FieldKind::FromBook { .. } = field.kind else { continue };
                let typed = hand.get(field.key).to_owned();
                if let Some(line) = book.iter().find(|line| book_entry.model.label(line) == typed) {
                    let label = book_entry.model.label(line);
                    (book_entry.pick)(&PickedLine { line, label: &label }, hand);
                }
            }
        }
    }
    normalize(model, seats, &mut entry);
    entry
}

impl TableState {
    /// The form of manche `number` as `entry` types it, with the ruleset's answer (a preview: nothing saved).
    pub fn form_view(&self, number: u32, entry: &MancheEntry) -> FormView {
        let mut entry = entry.clone();
        normalize(self.rules.entry_model(), self.players.len(), &mut entry);
        let preview = self.preview(number, &entry);
        self.form_view_of(number, &entry, &preview)
    }

    /// The form of manche `number` as `entry` types it, with `preview`, the ruleset's answer to it
    /// ([`TableState::preview`]), already at hand: a screen that keeps the answer for other uses scores once.
    pub fn form_view_of(&self, number: u32, entry: &MancheEntry, preview: &Preview) -> FormView {
        let model = self.rules.entry_model();
        let frame = self.frame(number);
        let (outcome, errors) = match preview {
            Ok((_, outcome)) => (Some(outcome), None),
            Err(errors) => (None, Some(errors)),
        };
        let someone_won = entry.hands.iter().any(|h| h.mahjong);
        let columns = entry
            .hands
            .iter()
            .enumerate()
            .map(|(position, hand)| {
                let seat = match frame.seat(position) {
                    Some(wind) => Message::new(wind_id(wind)),
                    None if position == frame.dealer => Message::new(crate::text_id!("seat.dealer")),
                    None => msg!("seat.numbered", n = position + 1),
                };
                let main = model.hand.filter(|m| m.applies.to(hand.mahjong)).map(|main| FieldState {
                    value: hand.text.clone(),
                    name: names::main(position),
                    ..self.field_state(&main, position, hand)
                });
                let mahjong = model.mahjong.map(|word| Toggle {
                    name: names::mahjong(position),
                    value: "on".to_owned(),
                    label: Message::new(word),
                    on: hand.mahjong,
                });
                let win_flags = if hand.mahjong {
                    model
                        .win_flags
                        .iter()
                        .map(|flag| Toggle {
                            name: names::win(position),
                            value: flag.id.to_owned(),
                            label: Message::new(flag.label),
                            on: hand.win.iter().any(|w| w == flag.id),
                        })
                        .collect()
                } else {
                    Vec::new()
                };
                // A tick one player carries shows once there is a winner (or while set, so a mark never hides).
                let fields = model
                    .fields
                    .iter()
                    .filter(|f| f.applies.to(hand.mahjong))
                    .filter(|f| f.kind != FieldKind::OnePlayer || someone_won || hand.flag(f.key))
                    .map(|field| self.field_state(field, position, hand))
                    .collect();
                let error = errors.and_then(|e| e.hands.get(position)).and_then(Option::as_ref).map(Explain::message);
                // The winner's first typed field: until it is typed, the winner's mistake is work still to do.
                let winner_first =
                    model.fields.iter().find(|f| f.applies == crate::rules::Applies::Winner && takes_text(f.kind));
                let pending = (model.hand.is_some_and(|m| m.applies.to(hand.mahjong)) && hand.text.trim().is_empty())
                    || (hand.mahjong && winner_first.is_some_and(|f| hand.get(f.key).trim().is_empty()));
                let scored = outcome
                    .filter(|o| !o.void || model.mahjong.is_none())
                    .and_then(|o| o.players.get(position))
                    .map(|scored| breakdown(model, scored));
                Column {
                    position,
                    name: self.players[position].name.clone(),
                    seat,
                    main,
                    mahjong,
                    win_flags,
                    fields,
                    error,
                    pending,
                    scored,
                }
            })
            .collect();
        let carried = model
            .carried
            .iter()
            .filter_map(|c| {
                let value = frame.carried.get(c.key).and_then(serde_json::Value::as_i64)?;
                Some(Message::new(c.label).arg("n", value))
            })
            .collect();
        FormView {
            session: self.table.session,
            table: self.table.number,
            number,
            correcting: (number as usize) <= self.manches.len(),
            round: frame.round_wind.map(|w| msg!("form.round").arg_message("wind", Message::new(wind_id(w)))),
            carried,
            void: model.mahjong.map(|_| Toggle {
                name: names::VOID.to_owned(),
                value: "on".to_owned(),
                label: Message::new(model.void_label),
                on: entry.void,
            }),
            columns,
            general_error: errors.and_then(|e| e.general.as_ref()).map(Explain::message),
            warnings: outcome.iter().flat_map(|o| &o.warnings).map(|w| w.text.clone()).collect(),
            outcome: outcome.map(outcome_view),
        }
    }

    fn field_state(&self, field: &Field, position: usize, hand: &HandEntry) -> FieldState {
        let model = self.rules.entry_model();
        let choices = match field.kind {
            FieldKind::OneOf { choices, none } => std::iter::once(("", Message::new(none)))
                .chain(choices.iter().map(|c| (c.id, Message::new(c.label))))
                .collect(),
            _ => Vec::new(),
        };
        let (offered, picked) = match (field.kind, model.book) {
            (FieldKind::FromBook { line_key }, Some(book)) => {
                let offered = self.book.iter().map(|line| book.model.label(line)).collect();
                (offered, Some(hand.get(line_key).to_owned()).filter(|p| !p.is_empty()))
            }
            _ => (Vec::new(), None),
        };
        let name =
            if across_table(field.kind) { names::one_of_table(field.key) } else { names::field(position, field.key) };
        FieldState {
            key: field.key,
            kind: field.kind,
            name,
            label: Message::new(field.label),
            hint: field.hint,
            value: hand.get(field.key).to_owned(),
            choices,
            offered,
            picked,
        }
    }
}

/// A typed manche's answer from the ruleset: what it scores, or its mistakes by hand.
pub type Preview = Result<(crate::rules::MancheInput, MancheOutcome), Box<crate::tournament::EntryErrors>>;

/// Whether a field of `kind` is typed as text (and takes the keyboard on the entry screen).
pub fn takes_text(kind: FieldKind) -> bool {
    matches!(kind, FieldKind::Text | FieldKind::Number | FieldKind::FromBook { .. })
}

/// The text id of a wind's name.
fn wind_id(wind: Wind) -> &'static str {
    match wind {
        Wind::East => crate::text_id!("wind.east"),
        Wind::South => crate::text_id!("wind.south"),
        Wind::West => crate::text_id!("wind.west"),
        Wind::North => crate::text_id!("wind.north"),
    }
}

/// A scored hand: its value, the rules' summary, and a line per figure (points shown where the ruleset counts
/// points and doubles, or finds the winner itself).
fn breakdown(model: &EntryModel, scored: &PlayerOutcome) -> Scored {
    let shown = model.points_and_doubles || model.mahjong.is_none();
    let lines = scored
        .items
        .iter()
        .map(|item| {
            let amount = match (item.points.filter(|_| shown), item.doubles, item.limit, &item.quantity) {
                (Some(points), _, _, _) => Amount::Points(points),
                (_, Some(doubles), _, _) => Amount::Doubles(crate::rules::doubles_words(doubles)),
                (_, _, Some(limit), _) => Amount::Limit(limit),
                (_, _, _, Some(quantity)) => Amount::Quantity(quantity.message()),
                _ => Amount::Nothing,
            };
            (item.label.clone(), amount)
        })
        .collect();
    Scored { value: scored.score, summary: scored.summary.clone(), lines }
}

fn outcome_view(outcome: &MancheOutcome) -> OutcomeView {
    let payments =
        outcome.payments.iter().map(|p| msg!("entry.pays", from = p.from, to = p.to, amount = p.amount)).collect();
    let table_moves = outcome
        .pot
        .iter()
        .map(|deposit| {
            let (player, amount) = (&deposit.player, deposit.amount.unsigned_abs());
            if deposit.amount > 0 {
                msg!("entry.puts_on_table", player = player, amount = amount)
            } else {
                msg!("entry.collects_from_table", player = player, amount = amount)
            }
        })
        .collect();
    let penalties =
        outcome.penalties.iter().map(|p| msg!("entry.off_result", player = p.player, points = p.points)).collect();
    OutcomeView { payments, table_moves, penalties, nets: outcome.net.clone() }
}
