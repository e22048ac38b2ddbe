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

/// Lines a scoring thread takes at a time and scores into one buffer of answers.
const CHUNK_LINES: usize = 64;
/// A chunk ends after this much text read, however few its lines (Mayumi's 64 lines are 140 kB). A chunk reads a
/// quarter of it at a time, 64 kB: no less than the input's buffer (`input::open`), which such reads pass by.
const CHUNK_BYTES: usize = 256 << 10;
/// Chunks read ahead of the first not yet written, for each scoring thread: enough that no thread waits for the
/// next chunk while another finishes a slow one, few enough that memory stays small whatever the input's length.
const AHEAD_PER_THREAD: usize = 8;

/// A chunk of lines on its way: read by the reading thread, scored by one scoring thread, its answers written by
/// the reading thread in the lines' order; then its buffers take a later chunk.
#[derive(Default)]
struct Chunk {
    lines: Batch,
    /// Each line's answer, in order.
    answers: Vec<u8>,
    /// Whether every line scored.
    all_scored: bool,
    /// Why a line's answer could not be written as JSON.
    unwritable: Option<serde_json::Error>,
    /// The panic of the scoring thread, raised again on the reading thread (the other thread would wait for this
    /// chunk's answers for ever).
    panicked: Option<Box<dyn std::any::Any + Send>>,
}

/// Scores one manche per line on every core; the answers come out in the order of the lines. This thread reads the
/// lines a chunk at a time and writes the chunks' answers in order as they come back; rayon's threads score them,
/// each taking the next chunk as soon as it is done with one. Returns whether every line scored.
///
/// Batches of thousands of lines scored together, one after another, kept a core idle at the end of each batch
/// while the other finished its last chunk, and took fresh memory for two whole batches of lines and answers.
fn bulk(input: &mut dyn BufRead) -> anyhow::Result<bool> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut chunks = Batches::new(input, MAX_INPUT, CHUNK_LINES, CHUNK_BYTES);
    let threads = rayon::current_num_threads();
    // Made inside the scope, so that an early return (a failed write) drops them and stops the scoring threads.
    rayon::in_place_scope(|scope| {
        let (to_score, scoring) = crossbeam_channel::unbounded::<(usize, Chunk)>();
        let (to_write, scored) = crossbeam_channel::unbounded::<(usize, Chunk)>();
        for _ in 0..threads {
            let (scoring, to_write) = (scoring.clone(), to_write.clone());
            scope.spawn(move |_| {
                let mut in_force = InForce::default();
                for (index, mut chunk) in scoring {
                    let scored = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        score_chunk(&mut chunk, &mut in_force);
                    }));
                    chunk.panicked = scored.err();
                    if to_write.send((index, chunk)).is_err() {
                        return;
                    }
                }
            });
        }
        drop((scoring, to_write));
        let mut written = AnswersInOrder::default();
        let mut read = 0;
        let failed = loop {
            while read - written.next >= AHEAD_PER_THREAD * threads {
                // The scoring threads stop only when `to_score` is dropped (a panic comes back with its chunk).
                let Ok((index, chunk)) = scored.recv() else { return Ok(true) };
                written.take(index, chunk, &mut out)?;
            }
            let mut chunk = written.spare.pop().unwrap_or_default();
            chunks.next_into(&mut chunk.lines);
            let failed = chunk.lines.failed.take().map(|e| {
                let line = chunk.lines.first_line + chunk.lines.len() + 1;
                anyhow::Error::new(e).context(msg!("cli.cannot_read_line", line = line))
            });
            let over = chunk.lines.is_empty() || failed.is_some();
            if !chunk.lines.is_empty() {
                if to_score.send((read, chunk)).is_err() {
                    return Ok(true);
                }
                read += 1;
            }
            if over {
                break failed;
            }
            for (index, chunk) in scored.try_iter() {
                written.take(index, chunk, &mut out)?;
            }
        };
        // The scoring threads stop once the last chunk is taken; their answers are written as they come.
        drop(to_score);
        for (index, chunk) in scored.iter() {
            written.take(index, chunk, &mut out)?;
        }
        out.flush()?;
        failed.map_or(Ok(written.all_scored), Err)
    })
}

/// Scores every line of `chunk` into its answers.
fn score_chunk(chunk: &mut Chunk, in_force: &mut InForce) {
    chunk.answers.clear();
    chunk.all_scored = true;
    chunk.unwritable = None;
    for line in 0..chunk.lines.len() {
        match answer(chunk.lines.line(line), in_force, &mut chunk.answers) {
            Ok(scored) => chunk.all_scored &= scored,
            Err(e) => {
                chunk.unwritable = Some(e);
                return;
            }
        }
    }
}

/// The chunks' answers written in the lines' order, whatever order the chunks are scored in.
struct AnswersInOrder {
    /// The chunk to write next.
    next: usize,
    /// Chunks scored before one ahead of them.
    waiting: std::collections::BTreeMap<usize, Chunk>,
    /// Chunks written, whose buffers take the next chunks read.
    spare: Vec<Chunk>,
    /// Whether every line written so far scored.
    all_scored: bool,
}

impl Default for AnswersInOrder {
    fn default() -> Self {
        AnswersInOrder { next: 0, waiting: Default::default(), spare: Vec::new(), all_scored: true }
    }
}

impl AnswersInOrder {
    /// Takes chunk `index`, scored, and writes every chunk now next in order.
    fn take(&mut self, index: usize, chunk: Chunk, out: &mut impl Write) -> anyhow::Result<()> {
        self.waiting.insert(index, chunk);
        while let Some(mut chunk) = self.waiting.remove(&self.next) {
            if let Some(panic) = chunk.panicked.take() {
                std::panic::resume_unwind(panic);
            }
            if let Some(e) = chunk.unwritable.take() {
                return Err(e.into());
            }
            out.write_all(&chunk.answers)?;
            self.all_scored &= chunk.all_scored;
            self.next += 1;
            self.spare.push(chunk);
        }
        Ok(())
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Chunks scored out of order are written in the lines' order, each once, and their buffers kept for the next.
    #[test]
    fn chunks_scored_out_of_order_are_written_in_order() {
        let chunk = |answers: &str, all_scored: bool| Chunk {
            answers: answers.as_bytes().to_vec(),
            all_scored,
            ..Chunk::default()
        };
        let mut written = AnswersInOrder::default();
        let mut out = Vec::new();
        written.take(2, chunk("c\n", true), &mut out).expect("written");
        written.take(1, chunk("b\n", false), &mut out).expect("written");
        assert!(out.is_empty(), "nothing before the first chunk");
        written.take(0, chunk("a\n", true), &mut out).expect("written");
        written.take(4, chunk("e\n", true), &mut out).expect("written");
        assert_eq!(String::from_utf8(out).expect("text"), "a\nb\nc\n");
        assert_eq!((written.next, written.spare.len(), written.waiting.len()), (3, 3, 1));
        assert!(!written.all_scored, "chunk 1 had a line that did not score");
    }
}
