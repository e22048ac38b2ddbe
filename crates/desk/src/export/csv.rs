//! CSV exports: UTF-8, a header row, ISO 8601 dates, numbers as numbers. In any cell from user text, a `=`,
//! `+`, `-`, `@`, tab or carriage return that a spreadsheet could read as the start of a cell — at the start of
//! the text, or after a `;`, `,`, tab or line break (Italian spreadsheets split on `;`), with any spaces and
//! double quotes between (a reader that splits on another separator than the file's sees the writer's quoting
//! as part of the cell) — gets a `'` before it, so that a spreadsheet never runs a player's name as a formula
//! whichever separator it splits on. Columns of numbers are written as numbers and never touched.

use super::Snapshot;
use crate::i18n::Lang;
use serde_json::Value;

use crate::rules::{EntryModel, FieldKind, MancheInput, PlayerInput, as_typed};
use crate::tournament::standings::PLACEMENT_SCALE;
use crate::tournament::{RankingMethod, mers, name_parts};

/// The separator between a CSV file's cells and the decimal mark that goes with it: `,` with a decimal point
/// (English spreadsheets, scripts, federation imports), or `;` with a decimal comma (an Italian spreadsheet
/// splits only on `;` and reads `2,5` as a number).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Separator {
    /// `,` and `2.5`.
    #[default]
    Comma,
    /// `;` and `2,5`.
    Semicolon,
}

impl Separator {
    /// The separator a desk in `lang` offers first: what that language's spreadsheets split on, which follows
    /// its decimal mark (a language that writes `2,5` splits on `;`).
    pub fn for_lang(lang: Lang) -> Separator {
        if stecca_core::ledger::money::decimal_separator(lang) == "," { Separator::Semicolon } else { Separator::Comma }
    }

    /// The separator as typed (`,` or `;`), as the command line and the preferences store it.
    pub fn as_str(self) -> &'static str {
        match self {
            Separator::Comma => ",",
            Separator::Semicolon => ";",
        }
    }

    /// The separator written `text` (`,` or `;`, spaces around ignored).
    pub fn parse(text: &str) -> Option<Separator> {
        match text.trim() {
            "," => Some(Separator::Comma),
            ";" => Some(Separator::Semicolon),
            _ => None,
        }
    }

    /// A decimal number written with a point (`12.50`, `2.5`) as this file writes it.
    pub fn decimal(self, number: &str) -> String {
        match self {
            Separator::Comma => number.to_owned(),
            Separator::Semicolon => number.replace('.', ","),
        }
    }

    /// The separator as the CSV writer and reader take it.
    pub fn byte(self) -> u8 {
        match self {
            Separator::Comma => b',',
            Separator::Semicolon => b';',
        }
    }

    /// A writer of rows with this separator.
    pub fn writer(self) -> csv::Writer<Vec<u8>> {
        csv::WriterBuilder::new().delimiter(self.byte()).from_writer(Vec::new())
    }
}

/// A user-text cell made safe for spreadsheets.
pub fn cell(text: &str) -> String {
    let mut safe = String::with_capacity(text.len() + 1);
    let mut cell_starts = true;
    for c in text.chars() {
        if cell_starts && matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r') {
            safe.push('\'');
        }
        safe.push(c);
        // Spaces and quotes after a separator do not stop a spreadsheet from reading what follows as a formula:
        // `y;"=2+2` is written `"y;""=2+2"`, and a `;` reader sees a cell `""=2+2"`.
        cell_starts = matches!(c, ';' | ',' | '\n' | '\r' | '\t') || (cell_starts && matches!(c, ' ' | '"'));
    }
    safe
}

fn finish(writer: csv::Writer<Vec<u8>>) -> Result<Vec<u8>, csv::Error> {
    writer.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

/// The last two columns of every results CSV: the ruleset's id and the edition its options select (English), so
/// that a spreadsheet or a federation's ranking import knows which game the numbers come from.
const RULES_HEADER: [&str; 2] = ["rules", "edition"];

fn rules_columns(s: &Snapshot) -> [String; 2] {
    [s.tournament.settings.rules.clone(), s.rules.edition().map(|e| e.render(Lang::ENGLISH)).unwrap_or_default()]
}

/// Rank, name, club, country, points, placement points, penalties, Mah Jongs, sessions, MERS base rank.
pub fn standings(s: &Snapshot, sep: Separator) -> Result<Vec<u8>, csv::Error> {
    let mut w = sep.writer();
    w.write_record(
        [
            "rank",
            "name",
            "club",
            "country",
            "federation_id",
            "points",
            "placement_points",
            "penalties",
            "mahjongs",
            "sessions",
            "mers_base_rank",
        ]
        .into_iter()
        .chain(RULES_HEADER),
    )?;
    let rules = rules_columns(s);
    let base_ranks = mers::base_ranks(&s.standings);
    for (row, base_rank) in s.standings.iter().zip(base_ranks) {
        let federation = s.players.iter().find(|p| p.id == row.player.id).map(|p| p.data.federation_id.clone());
        w.write_record(
            [
                row.place.to_string(),
                cell(&row.player.name),
                cell(&row.player.club),
                cell(&row.player.country),
                cell(&federation.unwrap_or_default()),
                row.points.to_string(),
                sep.decimal(&row.placement().to_string()),
                row.penalties.to_string(),
                row.mahjongs.to_string(),
                row.sessions_played.to_string(),
                base_rank.to_string(),
            ]
            .into_iter()
            .chain(rules.iter().cloned()),
        )?;
    }
    finish(w)
}

/// Placement points with two decimals ("2.33", "-1.50"), rounded from the stored twelfths in integers (a twelfth
/// never falls halfway between two hundredths).
fn two_decimals(scaled: i64) -> String {
    let sign = if scaled < 0 { "-" } else { "" };
    let hundredths = (scaled.abs() * 100 + PLACEMENT_SCALE / 2) / PLACEMENT_SCALE;
    format!("{sign}{}.{:02}", hundredths / 100, hundredths % 100)
}

/// The results file a federation asks for after a ranked tournament (the EMA's columns, as
/// `docs/ranking-file.md` says): one row per ranked player in standings order — place, federation number, last
/// and first name (split from the one name the desk keeps), country, table points where the tournament ranks by
/// them (MCR), the ruleset's total, and the MERS base rank.
pub fn ranking(s: &Snapshot, sep: Separator) -> Result<Vec<u8>, csv::Error> {
    let mut w = sep.writer();
    w.write_record(
        ["place", "federation_id", "last_name", "first_name", "country", "table_points", "points", "mers_base_rank"]
            .into_iter()
            .chain(RULES_HEADER),
    )?;
    let rules = rules_columns(s);
    let by_table_points = s.tournament.settings.ranking.method == RankingMethod::PlacementPoints;
    let base_ranks = mers::base_ranks(&s.standings);
    for (row, base_rank) in s.standings.iter().zip(base_ranks) {
        let federation = s.players.iter().find(|p| p.id == row.player.id).map(|p| p.data.federation_id.as_str());
        let name = name_parts(&row.player.name);
        w.write_record(
            [
                row.place.to_string(),
                cell(federation.unwrap_or_default()),
                cell(&name.last),
                cell(&name.first),
                cell(&row.player.country),
                if by_table_points { sep.decimal(&two_decimals(row.placement_scaled)) } else { String::new() },
                row.points.to_string(),
                base_rank.to_string(),
            ]
            .into_iter()
            .chain(rules.iter().cloned()),
        )?;
    }
    finish(w)
}

/// Every registered player.
pub fn players(s: &Snapshot, sep: Separator) -> Result<Vec<u8>, csv::Error> {
    let mut w = sep.writer();
    // The federation's number first: the desk's own row ids mean nothing outside this database.
    // The columns an import reads come first, in its names, so that the file goes back in as it is.
    w.write_record(["federation_id", "name", "club", "country", "substitute", "team", "withdrawn"])?;
    for p in &s.players {
        w.write_record([
            cell(&p.data.federation_id),
            cell(&p.data.name),
            cell(&p.data.club),
            cell(&p.data.country),
            if p.data.substitute { "yes" } else { "no" }.to_owned(),
            cell(&p.data.team),
            if p.data.withdrawn { "yes" } else { "no" }.to_owned(),
        ])?;
    }
    finish(w)
}

/// The team standings: rank, team, points, placement points, members counted, members (`|` between names).
pub fn teams(s: &Snapshot, sep: Separator) -> Result<Vec<u8>, csv::Error> {
    let mut w = sep.writer();
    w.write_record(
        ["rank", "team", "points", "placement_points", "counted", "members"].into_iter().chain(RULES_HEADER),
    )?;
    let rules = rules_columns(s);
    for row in s.teams() {
        w.write_record(
            [
                row.place.to_string(),
                cell(&row.team),
                row.points.to_string(),
                sep.decimal(&row.placement().to_string()),
                row.counted.to_string(),
                cell(&row.members.join(" | ")),
            ]
            .into_iter()
            .chain(rules.iter().cloned()),
        )?;
    }
    finish(w)
}

/// Each session's tables: session, table, seat wind at the first manche, player.
pub fn seating(s: &Snapshot, sep: Separator) -> Result<Vec<u8>, csv::Error> {
    let mut w = sep.writer();
    w.write_record(["session", "table", "seat", "player"].into_iter().chain(RULES_HEADER))?;
    let rules = rules_columns(s);
    let seat_model = s.tournament.settings.ruleset().seat_model();
    for table in &s.tables {
        for (position, &player) in table.players.iter().enumerate() {
            w.write_record(
                [
                    table.session.to_string(),
                    table.number.to_string(),
                    seat_model.seat(position).letter(),
                    cell(s.name(player)),
                ]
                .into_iter()
                .chain(rules.iter().cloned()),
            )?;
        }
    }
    finish(w)
}

/// Whether a stored tick (or a one-choice field, such as a dead hand) is set.
fn ticked(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Bool(on)) => *on,
        Some(Value::String(text)) => !text.is_empty(),
        _ => false,
    }
}

/// The hand as entered: the model's main field (tiles, cards taken), or else the card line picked, else the
/// value typed.
fn hand_cell(player: &PlayerInput, model: &EntryModel) -> String {
    if let Some(typed) = player.hand.as_ref() {
        return typed.clone();
    }
    if let Some(main) = model.hand {
        let typed = as_typed(player.fields.get(main.key));
        if !typed.is_empty() {
            return typed;
        }
    }
    for field in model.fields {
        if let FieldKind::FromBook { line_key } = field.kind {
            let line = as_typed(player.fields.get(line_key));
            return if line.is_empty() { as_typed(player.fields.get(field.key)) } else { line };
        }
    }
    String::new()
}

/// The win flags, then what the entry model's fields say of the player, each by its key: the dealer's tick, a
/// player picked for the manche, `key=n` for a count, a tick, a one-choice field (a dead hand). Fields of
/// several choices stay out, as the column has always held only flags and counts.
fn facts_cell(player: &PlayerInput, input: &MancheInput, model: &EntryModel) -> String {
    let mut facts = player.win.clone();
    if let Some(flag) = model.dealer_flag
        && ticked(player.fields.get(flag))
    {
        facts.push(flag.to_owned());
    }
    for field in model.fields {
        let value = player.fields.get(field.key);
        let fact = match field.kind {
            FieldKind::PickPlayer => (input.fields.get(field.key).and_then(Value::as_str) == Some(&player.name))
                .then(|| field.key.to_owned()),
            FieldKind::Number => value.and_then(Value::as_u64).map(|n| format!("{}={n}", field.key)),
            FieldKind::Flag | FieldKind::OnePlayer | FieldKind::OneOf { choices: [_], .. } => {
                ticked(value).then(|| field.key.to_owned())
            }
            _ => None,
        };
        facts.extend(fact);
    }
    facts.join(" ")
}

fn round_wind(input: &MancheInput) -> String {
    input.round_wind.map(|w| w.letter().to_string()).unwrap_or_default()
}

/// One row per player per manche: the hand exactly as typed, its value and the player's net.
pub fn manches(s: &Snapshot, sep: Separator) -> Result<Vec<u8>, csv::Error> {
    let mut w = sep.writer();
    w.write_record(
        [
            "session",
            "table",
            "manche",
            "seat",
            "round_wind",
            "player",
            "hand",
            "mahjong",
            "win",
            "void",
            "score",
            "net",
            "entered_at",
            "referee",
        ]
        .into_iter()
        .chain(RULES_HEADER),
    )?;
    let rules = rules_columns(s);
    let model = s.tournament.settings.entry_model();
    for table in &s.tables {
        for manche in s.manches.get(&table.id).into_iter().flatten() {
            for (position, player) in manche.input.players.iter().enumerate() {
                let scored = manche.outcome.players.get(position);
                let (score, mahjong) = scored.map_or((0, player.mahjong), |p| (p.score, p.mahjong));
                w.write_record(
                    [
                        table.session.to_string(),
                        table.number.to_string(),
                        manche.number.to_string(),
                        player.seat.map_or_else(|| (position + 1).to_string(), |wind| wind.letter().to_string()),
                        round_wind(&manche.input),
                        cell(&player.name),
                        cell(&hand_cell(player, model)),
                        if mahjong { "yes" } else { "no" }.to_owned(),
                        cell(&facts_cell(player, &manche.input, model)),
                        if manche.outcome.void { "yes" } else { "no" }.to_owned(),
                        score.to_string(),
                        manche.nets.get(position).copied().unwrap_or_default().to_string(),
                        manche.entered_at.clone(),
                        cell(&manche.referee),
                    ]
                    .into_iter()
                    .chain(rules.iter().cloned()),
                )?;
            }
        }
    }
    finish(w)
}

/// Every payment of every manche; a deposit on the table or a collection from it (the table's pot) has the
/// table's side empty.
pub fn payments(s: &Snapshot, sep: Separator) -> Result<Vec<u8>, csv::Error> {
    let mut w = sep.writer();
    w.write_record(["session", "table", "manche", "from", "to", "amount"].into_iter().chain(RULES_HEADER))?;
    let rules = rules_columns(s);
    for table in &s.tables {
        for manche in s.manches.get(&table.id).into_iter().flatten() {
            let between = manche.payments.iter().map(|p| (cell(s.name(p.from)), cell(s.name(p.to)), p.amount));
            let pot = manche.pot.iter().map(|p| {
                let player = cell(s.name(p.player));
                if p.amount > 0 { (player, String::new(), p.amount) } else { (String::new(), player, -p.amount) }
            });
            for (from, to, amount) in between.chain(pot) {
                w.write_record(
                    [
                        table.session.to_string(),
                        table.number.to_string(),
                        manche.number.to_string(),
                        from,
                        to,
                        amount.to_string(),
                    ]
                    .into_iter()
                    .chain(rules.iter().cloned()),
                )?;
            }
        }
    }
    finish(w)
}

#[cfg(test)]
mod tests {
    use super::{Separator, cell, two_decimals};

    #[test]
    fn table_points_are_written_with_two_decimals_in_integers() {
        let written: Vec<String> = [0, 12, 18, 28, 4, -18, 1].into_iter().map(two_decimals).collect();
        assert_eq!(written, ["0.00", "1.00", "1.50", "2.33", "0.33", "-1.50", "0.08"]);
    }

    #[test]
    fn formulas_are_neutralised_and_plain_text_is_not() {
        assert_eq!(cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        for risky in ["+1", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            assert!(cell(risky).starts_with('\''), "{risky:?}");
        }
        assert_eq!(cell("Niccolò Bàrtoli-Dell'Acqua"), "Niccolò Bàrtoli-Dell'Acqua");
        assert_eq!(cell("Rossi;=cmd|'/C calc'!A0"), "Rossi;'=cmd|'/C calc'!A0");
        assert_eq!(cell("Rossi; +1"), "Rossi; '+1");
        assert_eq!(cell("Rossi\n@SUM(A1)"), "Rossi\n'@SUM(A1)");
        assert_eq!(cell("Rossi,-1"), "Rossi,'-1");
        assert_eq!(cell(""), "");
        assert_eq!(cell("y;\"=2+2"), "y;\"'=2+2", "a quote after the separator");
        assert_eq!(cell("\"=2+2"), "\"'=2+2");
        assert_eq!(cell("y, \" \"@x"), "y, \" \"'@x");
        assert_eq!(cell("a\"-b"), "a\"-b", "a quote inside a word starts no cell");
    }

    /// Every way a reader may split a line written with either separator: on the file's own with its quoting,
    /// or naively on `;`, `,` or tab, with or without stripping the quotes around a piece. No piece may start
    /// with a formula character once spaces and quotes are skipped, for any text made of risky characters and
    /// separators.
    #[test]
    fn no_reader_sees_a_formula_whichever_separator_it_splits_on() {
        let alphabet = ['y', '=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', ' ', '\''];
        let risky = |piece: &str| {
            let start = piece.trim_start_matches([' ', '"']);
            start.starts_with(['=', '+', '-', '@', '\t', '\r'])
        };
        // Every text of up to four characters of the alphabet.
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> =
                texts.iter().flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}"))).collect();
            texts.extend(longer);
        }
        texts.sort();
        texts.dedup();
        for (text, written) in texts.iter().flat_map(|t| [(t, Separator::Comma), (t, Separator::Semicolon)]) {
            let mut writer = written.writer();
            writer.write_record(["1", &cell(text), "2"]).expect("written");
            let line = String::from_utf8(writer.into_inner().expect("bytes")).expect("utf-8");
            let mut reader =
                csv::ReaderBuilder::new().has_headers(false).delimiter(written.byte()).from_reader(line.as_bytes());
            let record = reader.records().next().expect("a row").expect("read back");
            assert!(!risky(&record[1]), "{text:?} read back by a {written:?} reader as {:?}", &record[1]);
            for separator in [';', ',', '\t', '\n', '\r'] {
                for piece in line.split(separator).skip(1) {
                    assert!(!risky(piece), "{text:?} written {line:?}: a {separator:?} reader sees {piece:?}");
                }
            }
        }
    }
}
