//! `stecca score [--jsonl] [FILE]`.

use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use super::EXIT_INVALID;
use super::batches::{Batch, Batches};
use super::input::{MAX_INPUT, open, read_all};
use super::printed::Printed;
use crate::i18n::Lang;
use crate::message::{Explain, Message};
use crate::msg;
use crate::rules::{CarryFrom, MancheError, MancheInput, MancheOutcome, Rotation, RulesInForce, ruleset_named};
use crate::tiles::Wind;

/// Arguments of `stecca score`.
#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// One manche per input line; one result (or `{"error": …}`) per output line.
    #[arg(long)]
    pub jsonl: bool,
    /// The input file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
}

/// Runs `stecca score`.
pub fn run(args: &ScoreArgs) -> ExitCode {
    let result = open(args.file.as_deref())
        .and_then(|mut input| if args.jsonl { bulk(&mut *input) } else { single(&mut *input) });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(EXIT_INVALID),
        Err(error) => {
            eprintln!("stecca score: {}", super::said(&error));
            ExitCode::from(EXIT_INVALID)
        }
    }
}

/// Scores one manche; on invalid input prints one line on standard error and nothing on standard output.
fn single(input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let text = read_all(input, MAX_INPUT)?;
    match score_text(&text, &mut InForce::default()) {
        Ok(Scored { outcome, next, .. }) => {
            let mut out = std::io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &Printed::from(&outcome).with_next(next))?;
            writeln!(out)?;
            Ok(true)
        }
        Err(message) => {
            eprintln!("stecca score: {message}");
            Ok(false)
        }
    }
}

/// Lines scored together: enough that both cores share the work evenly between two writes, few enough (with
/// [`BATCH_BYTES`]) that memory stays small whatever the input's length.
const BATCH_LINES: usize = 4096;
/// A batch ends after this much text read, however few its lines.
const BATCH_BYTES: usize = 8 << 20;
/// Lines each task of a batch scores into one buffer of answers.
const CHUNK_LINES: usize = 64;

/// A batch's answers: each chunk's lines written out in order and whether every line scored, or why a chunk's
/// answer could not be written as JSON; and the batch, whose buffers hold the batch after next.
struct Answers {
    chunks: Vec<serde_json::Result<(Vec<u8>, bool)>>,
    batch: Batch,
}

/// Scores one manche per line on every core; the answers come out in the order of the lines. While the
/// cores score one batch, this thread reads the next and writes the one before. Returns whether every line
/// scored.
fn bulk(input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut batches = Batches::new(input, MAX_INPUT, BATCH_LINES, BATCH_BYTES);
    let mut all_scored = true;
    // A batch's buffers, once its answers are written, take the batch after next.
    let mut spare = Batch::default();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let mut scoring: Option<std::thread::ScopedJoinHandle<'_, Answers>> = None;
        loop {
            let mut batch = std::mem::take(&mut spare);
            batches.next_into(&mut batch);
            let failed = batch.failed.take().map(|e| {
                let line = batch.first_line + batch.len() + 1;
                anyhow::Error::new(e).context(msg!("cli.cannot_read_line", line = line))
            });
            let scored = scoring.take().map(finished);
            let last = batch.is_empty() || failed.is_some();
            if !batch.is_empty() {
                scoring = Some(scope.spawn(move || score_batch(batch)));
            }
            if let Some(answers) = scored {
                all_scored &= write_answers(&mut out, answers, &mut spare)?;
            }
            if last {
                if let Some(answers) = scoring.take().map(finished) {
                    all_scored &= write_answers(&mut out, answers, &mut spare)?;
                }
                out.flush()?;
                return failed.map_or(Ok(()), Err);
            }
        }
    })?;
    Ok(all_scored)
}

/// The answers of a batch that its thread scored (a panic there goes on here).
fn finished(handle: std::thread::ScopedJoinHandle<'_, Answers>) -> Answers {
    handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Every line's answer, chunks of lines on every core, in the lines' order.
fn score_batch(batch: Batch) -> Answers {
    use rayon::prelude::*;
    let starts: Vec<usize> = (0..batch.len()).step_by(CHUNK_LINES).collect();
    let chunks = starts
        .par_iter()
        .map(|&start| {
            IN_FORCE.with_borrow_mut(|in_force| {
                let lines = start..(start + CHUNK_LINES).min(batch.len());
                // As large as the last chunk's answers and an eighth more: Mayumi's outgrew 2 kB a line, and growing
                // the buffer was 3 % of its time.
                let room = (in_force.answered + in_force.answered / 8).max(lines.len() * 2048);
                let mut buffer = Vec::with_capacity(room);
                let mut all_scored = true;
                for line in lines {
                    all_scored &= answer(batch.line(line), in_force, &mut buffer)?;
                }
                in_force.answered = buffer.len();
                Ok((buffer, all_scored))
            })
        })
        .collect();
    Answers { chunks, batch }
}

thread_local! {
    /// The rules in force each scoring thread keeps from chunk to chunk and batch to batch: rayon starts a chunk's
    /// task afresh, and rules in force kept by the task were made again every 64 lines (Mayumi's scoring table
    /// read again, 1 % of its time).
    static IN_FORCE: std::cell::RefCell<InForce> = std::cell::RefCell::default();
}

/// Writes a batch's answers and keeps its buffers in `spare`; returns whether every line scored.
fn write_answers(out: &mut impl Write, answers: Answers, spare: &mut Batch) -> anyhow::Result<bool> {
    *spare = answers.batch;
    let mut all_scored = true;
    for chunk in answers.chunks {
        let (text, scored) = chunk?;
        out.write_all(&text)?;
        all_scored &= scored;
    }
    Ok(all_scored)
}

/// `stecca score --jsonl`'s work for one line at a time, as one of its tasks does it (the rules in force kept from
/// line to line): for the benches, which time a line of each ruleset through it.
#[derive(Default)]
pub struct JsonlScorer {
    in_force: InForce,
}

impl JsonlScorer {
    /// Appends the answer to `line` (the outcome with its texts in both languages, or `{"error": …}`) and a
    /// newline to `out`; returns whether the line scored.
    pub fn answer(&mut self, line: &str, out: &mut Vec<u8>) -> serde_json::Result<bool> {
        answer(Ok(line), &mut self.in_force, out)
    }
}

/// Writes one line's answer (the outcome, or `{"error": …}`) and its newline; returns whether the line scored.
fn answer(line: Result<&str, Message>, in_force: &mut InForce, out: &mut Vec<u8>) -> serde_json::Result<bool> {
    let scored = match line.and_then(|line| score_text(line, in_force)) {
        Ok(Scored { outcome, next, .. }) => {
            Printed::from(&outcome).with_next(next).write_compact(out)?;
            true
        }
        Err(message) => {
            // Scripts read the same JSON whatever the language: its words are English.
            serde_json::to_writer(&mut *out, &serde_json::json!({ "error": message.render(Lang::ENGLISH) }))?;
            false
        }
    };
    out.push(b'\n');
    Ok(scored)
}

/// A manche scored: what it scored, and what the next manche starts from.
struct Scored {
    outcome: MancheOutcome,
    next: Option<serde_json::Value>,
}

/// The rules in force of the last manches scored, kept while the next manches name the same ruleset and options,
/// as a file's manches mostly do: reading the options of every manche again (Mayumi's: its whole scoring table,
/// twice) was half of a Hanafuda manche's time and a part of every other's. A few are kept, the latest first, so
/// that a file mixing rulesets (or a tournament's and a club's options) finds each again.
#[derive(Default)]
struct InForce {
    kept: Vec<Last>,
    /// A line with its options left out, made again for each line read so.
    without_options: String,
    /// The length of the last chunk's answers.
    answered: usize,
}

/// How many rules in force are kept.
const KEPT: usize = 16;

/// A manche's ruleset under its options: the options as read and as a line wrote them (empty when it left them
/// out; `None` until a line written with them has been glanced at).
struct Last {
    options: serde_json::Value,
    text: Option<String>,
    rules: Arc<dyn RulesInForce>,
}

/// Options written in fewer bytes than this are read with their line, as cheaply as the line is read without them
/// (FIMJ's `{}`).
const WORTH_LEAVING_OUT: usize = 16;

impl InForce {
    /// The rules in force for `input` (its ruleset under its options), or why they are refused: the error
    /// [`crate::rules::score_manche`] gives. `options_text` is how the line wrote its options, if it was glanced
    /// at (empty if it left them out).
    fn of(&mut self, input: &MancheInput, options_text: Option<&str>) -> Result<&dyn RulesInForce, MancheError> {
        let same = |last: &Last| last.rules.ruleset().id() == input.rules && last.options == input.options;
        let found = match self.kept.iter().position(same) {
            Some(found) => {
                // The options as this line wrote them, so that the next lines written alike are found by text.
                if let Some(options_text) = options_text
                    && self.kept[found].text.as_deref() != Some(options_text)
                {
                    self.kept[found].text = Some(options_text.to_owned());
                }
                found
            }
            None => {
                let rules = ruleset_named(&input.rules)?.in_force(&input.options)?;
                let text = options_text.map(str::to_owned);
                self.kept.push(Last { options: input.options.clone(), text, rules });
                self.kept.len() - 1
            }
        };
        // The one found (or made) goes first; past the bound, the one used longest ago goes.
        self.kept[..=found].rotate_right(1);
        self.kept.truncate(KEPT);
        Ok(&*self.kept[0].rules)
    }

    /// Which of those kept is `rules` under options written as `options_text`, byte for byte (then a line's
    /// options need not be read at all).
    fn kept_as_written(&self, rules: &str, options_text: &str) -> Option<usize> {
        self.kept
            .iter()
            .position(|last| last.text.as_deref() == Some(options_text) && last.rules.ruleset().id() == rules)
    }

    /// Whether some rules in force kept do not know yet how a line writes their options (or none are kept yet):
    /// then a line is glanced at, however short, so that the next lines find them by their text.
    fn learning(&self) -> bool {
        self.kept.is_empty() || self.kept.iter().any(|last| last.text.is_none())
    }

    /// The rules in force kept at `found`, put first among those kept.
    fn put_first(&mut self, found: usize) -> &dyn RulesInForce {
        self.kept[..=found].rotate_right(1);
        &*self.kept[0].rules
    }

    /// The line `text` with `null` for its options, which begin at `start` and run `len` bytes, as
    /// `self.without_options` (made again in the same string for every line).
    fn leave_out(&mut self, text: &str, start: usize, len: usize) -> &str {
        self.without_options.clear();
        self.without_options.push_str(&text[..start]);
        self.without_options.push_str("null");
        self.without_options.push_str(&text[start + len..]);
        &self.without_options
    }

    /// Which of those kept has its options written as the last member of `text`'s object, byte for byte, as
    /// `,"options":{…}}` (or `{"options":{…}}`), where in `text` they start and how long they are: the first
    /// place looked at, as most lines write their options last. Options shorter than [`WORTH_LEAVING_OUT`] are not
    /// looked for.
    ///
    /// Such a line is read with `null` in their place, and when it reads whole, its options are those: the last
    /// `}` closes the line's object, so the member just before it is one of that object's own; the quote before
    /// `options` follows a comma or a brace, so it opens the key (a quote inside a string is escaped, and one
    /// that closes a string leaves `options` outside any string, which does not read); and a second `options`
    /// key does not read either.
    fn options_written_last(&self, text: &str) -> Option<(usize, usize, usize)> {
        let body = text.trim_end().strip_suffix('}')?;
        self.kept.iter().enumerate().find_map(|(found, last)| {
            let written = last.text.as_deref().filter(|text| text.len() >= WORTH_LEAVING_OUT)?;
            let key = body.strip_suffix(written)?;
            let before = key.strip_suffix("\"options\":")?;
            (before.ends_with(',') || before.ends_with('{')).then_some((found, key.len(), written.len()))
        })
    }

    /// Which of those kept has its options written anywhere in `text` byte for byte, as `"options":{…}`, where in
    /// `text` they start and how long they are (Riichi's lines write the fields carried from hand to hand after
    /// them). Options shorter than [`WORTH_LEAVING_OUT`] are not looked for.
    ///
    /// Such a line is read with `null` in their place (see [`InForce::leave_out`]), and when it then reads with
    /// `null` for options, its options are those: the line has no backslash, so each string in it is written as its
    /// bytes, and a key `options` anywhere is written `"options"`, which the line has once; options left out read
    /// as `{}`, so its own object has that key; and the options kept are one whole JSON object, so the value after
    /// the key, which begins with their bytes, is exactly those bytes.
    fn options_as_kept(&self, text: &str) -> Option<(usize, usize, usize)> {
        const KEY: &[u8] = b"\"options\"";
        fn worth(last: &Last) -> Option<&str> {
            last.text.as_deref().filter(|t| t.len() >= WORTH_LEAVING_OUT && t.starts_with('{'))
        }
        let bytes = text.as_bytes();
        if !self.kept.iter().any(|last| worth(last).is_some()) || memchr::memchr(b'\\', bytes).is_some() {
            return None;
        }
        let key = memchr::memmem::find(bytes, KEY)?;
        let after = key + KEY.len();
        if memchr::memmem::find(&bytes[after..], KEY).is_some() {
            return None;
        }
        let start = after + 1;
        let value = text[after..].strip_prefix(':')?;
        self.kept.iter().enumerate().find_map(|(found, last)| {
            let written = worth(last)?;
            value.starts_with(written).then_some((found, start, written.len()))
        })
    }
}

/// The length from which a line is glanced at before it is read whole (see [`score_text`]).
const GLANCED: usize = 1024;

/// What a line gives before it is read whole: its ruleset and where its options are written.
#[derive(serde::Deserialize)]
struct Glance<'a> {
    #[serde(borrow, default)]
    rules: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow, default)]
    options: Option<&'a serde_json::value::RawValue>,
}

/// Where `part` (a slice of `text`) begins in `text`.
fn offset_in(text: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (start + part.len() <= text.len()).then_some(start)
}

/// Parses and scores one manche's JSON text (a byte-order mark is already dropped by `input`); the error is
/// the one-line message for the referee.
fn score_text(text: &str, in_force: &mut InForce) -> Result<Scored, Message> {
    if text.trim().is_empty() {
        return Err(msg!("cli.empty_manche"));
    }
    // A line whose options are written as those of rules in force kept from an earlier line, byte for byte, is
    // read without them: a Mayumi line carries its whole scoring table (1.9 of its 2.2 kB), and reading it was a
    // third of the line's time. What scoring needs of the options is in the rules in force; nothing after reads the
    // input's own copy. They are found by their text (MCR's, Riichi's and classic American's options, a map of six
    // to a dozen values, were a tenth of a line's time), or else by a glance at the line first, which reads past
    // everything once (a tenth of a Mayumi line's time): only a long line is glanced at so, as a short one costs
    // less to read whole than twice, and a line whose rules in force are new, to learn how their options are
    // written. A line that does not read so is read whole below, so that its error names its own columns.
    if let Some((found, start, len)) = in_force.options_written_last(text).or_else(|| in_force.options_as_kept(text))
        && let Ok(input) = serde_json::from_str::<MancheInput>(in_force.leave_out(text, start, len))
        && input.options.is_null()
        && in_force.kept[found].rules.ruleset().id() == input.rules
    {
        let in_force = in_force.put_first(found);
        let outcome = in_force.score(&input).map_err(|e| e.message())?;
        let next = next(in_force, &input, &outcome);
        return Ok(Scored { outcome, next });
    }
    let glance =
        (text.len() >= GLANCED || in_force.learning()).then(|| serde_json::from_str::<Glance>(text).ok()).flatten();
    if let Some(Glance { rules: Some(rules), options: Some(options) }) = &glance
        && let Some(found) = in_force.kept_as_written(rules, options.get())
        && let Some(start) = offset_in(text, options.get())
        && let Ok(input) = serde_json::from_str::<MancheInput>(in_force.leave_out(text, start, options.get().len()))
    {
        let in_force = in_force.put_first(found);
        let outcome = in_force.score(&input).map_err(|e| e.message())?;
        let next = next(in_force, &input, &outcome);
        return Ok(Scored { outcome, next });
    }
    let input: MancheInput = serde_json::from_str(text).map_err(|e| msg!("cli.invalid_input", why = e))?;
    let options_text = glance.map(|g| g.options.map_or("", |o| o.get()));
    let rules = in_force.of(&input, options_text).map_err(|e| e.message())?;
    let outcome = rules.score(&input).map_err(|e| e.message())?;
    let next = next(rules, &input, &outcome);
    Ok(Scored { outcome, next })
}

/// What the next manche starts from, for a ruleset that carries fields from hand to hand: who deals it (by
/// seat wind: East again, or South after the deal passes) and the carried fields. `None` for the others.
fn next(rules: &dyn RulesInForce, input: &MancheInput, outcome: &MancheOutcome) -> Option<serde_json::Value> {
    let carried = rules.carry(&CarryFrom { before: Some((input, outcome)), last_deal: false, totals: &[] });
    if carried.is_empty() {
        return None;
    }
    let dealer = match rules.rotation(outcome) {
        Rotation::Stay => input.players.iter().find(|p| p.seat == Some(Wind::East)),
        Rotation::Pass => input.players.iter().find(|p| p.seat == Some(Wind::South)),
        Rotation::To(position) => input.players.get(position),
        Rotation::End => None,
    };
    let mut next = serde_json::Map::new();
    if let Some(dealer) = dealer {
        next.insert("dealer".into(), dealer.name.clone().into());
    }
    next.extend(carried);
    Some(serde_json::Value::Object(next))
}
