//! The lines of `stecca score --jsonl`, read a batch (a chunk of a few dozen lines) at a time into one buffer that
//! goes back and forth between the reading thread and a scoring thread: each line is a slice of it, checked as
//! UTF-8 where it is scored.
//!
//! [`super::input::Lines`] made each line a string of its own: the reading thread copied every line out of the
//! reader and took fresh pages for the strings (zeroed by the system), a fifth of that thread's time in a
//! two-thread run of Mayumi's 2.2 kB lines, the thread on which the scoring threads wait.

use std::io::BufRead;
use std::ops::Range;

use super::input::{line_text, skip_rest_of_line};
use crate::message::Message;
use crate::msg;

/// One batch: its text, each line's place in it (without its line ending) or why the line cannot be used (too
/// long), and the read error that ended the input early, if any (after these lines).
#[derive(Default)]
pub struct Batch {
    /// The batch's text in `text[..filled]`; past it, bytes of no meaning, kept so that the next reads go straight
    /// into the buffer (a `Vec`'s spare room cannot be read into without unsafe code).
    text: Vec<u8>,
    filled: usize,
    lines: Vec<Result<Range<usize>, Message>>,
    /// The number of the batch's first line in the input (0 for the first line).
    pub first_line: usize,
    /// The read error that ended the input after these lines.
    pub failed: Option<std::io::Error>,
}

impl Batch {
    /// How many lines the batch holds.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the batch holds no line.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Line `index` of the batch as text (a leading byte-order mark dropped), or why it cannot be used.
    pub fn line(&self, index: usize) -> Result<&str, Message> {
        match self.lines.get(index) {
            Some(Ok(range)) => line_text(self.text.get(range.clone()).unwrap_or_default()),
            Some(Err(why)) => Err(why.clone()),
            None => Err(msg!("cli.empty_manche")),
        }
    }
}

/// Reads batches of lines of at most `limit` bytes each: up to `lines` lines, or the first line that ends past
/// `bytes` bytes of text.
pub struct Batches<'a> {
    input: &'a mut dyn BufRead,
    limit: usize,
    lines: usize,
    bytes: usize,
    /// How much is read from the input at a time.
    read_size: u64,
    /// What was read with the last batch past its last line (the start of a line, or whole lines).
    rest: Vec<u8>,
    /// Lines read so far.
    read: usize,
    /// Whether the input is over (read to its end, or a read failed).
    done: bool,
    /// The failed read that ended the input, told once the lines read before it are given.
    failed: Option<std::io::Error>,
}

/// The most that is read from the input at a time: a quarter of a batch's `bytes`, between these two. What is read
/// past a batch's last line is copied to the next batch, so a read much longer than a batch copied most of it again
/// and again.
const READ: std::ops::RangeInclusive<u64> = 4096..=1 << 20;

impl<'a> Batches<'a> {
    /// Batches of `input`'s lines (see [`Batches`]).
    pub fn new(input: &'a mut dyn BufRead, limit: usize, lines: usize, bytes: usize) -> Self {
        let read_size = (bytes as u64 / 4).clamp(*READ.start(), *READ.end());
        Batches { input, limit, lines, bytes, read_size, rest: Vec::new(), read: 0, done: false, failed: None }
    }

    /// The next batch, read into `batch` (its buffers kept from the batch it held before); an empty batch when the
    /// input is over.
    pub fn next_into(&mut self, batch: &mut Batch) {
        batch.lines.clear();
        batch.failed = None;
        batch.first_line = self.read;
        // Room for the whole batch at once (a batch ends in the first line that ends past `bytes`, read `read_size`
        // bytes at a time; a longer line grows it): grown by doubling as it was read, the buffer came anew from the
        // system several times over, each page zeroed.
        let room = self.bytes.saturating_add(2 * self.read_size as usize).max(self.rest.len());
        if batch.text.len() < room {
            batch.text.resize(room, 0);
        }
        batch.text[..self.rest.len()].copy_from_slice(&self.rest);
        batch.filled = self.rest.len();
        self.rest.clear();
        let mut scanned = 0;
        loop {
            // Every line ended in what is read so far.
            while let Some(at) = memchr::memchr(b'\n', &batch.text[scanned..batch.filled]) {
                let end = scanned + at;
                self.push_line(batch, scanned..end, true);
                scanned = end + 1;
                if batch.lines.len() >= self.lines || scanned >= self.bytes {
                    self.rest.extend_from_slice(&batch.text[scanned..batch.filled]);
                    batch.filled = scanned;
                    return;
                }
            }
            if self.done {
                // The input is over: its last line needs no line end, unless a read failed in it (then it is lost,
                // and the failure is told after the lines before it).
                match self.failed.take() {
                    Some(error) => {
                        batch.filled = scanned;
                        batch.failed = Some(error);
                    }
                    None if scanned < batch.filled => {
                        let end = batch.filled;
                        self.push_line(batch, scanned..end, false);
                    }
                    None => {}
                }
                return;
            }
            // A line not ended yet that is already too long (a carriage return may still come before its end) is
            // said to be so once, and the rest of it is skipped without being kept.
            if batch.filled - scanned > self.limit + 1 {
                batch.filled = scanned;
                batch.lines.push(Err(msg!("cli.line_too_long", limit = self.limit)));
                self.read += 1;
                if let Err(e) = skip_rest_of_line(self.input) {
                    self.failed = Some(e);
                    self.done = true;
                }
                if batch.lines.len() >= self.lines {
                    return;
                }
                continue;
            }
            match self.read_more(batch) {
                Ok(0) => self.done = true,
                Ok(_) => {}
                // What was read before the failure is in the text: its lines are read first.
                Err(e) => {
                    self.failed = Some(e);
                    self.done = true;
                }
            }
        }
    }

    /// Reads up to `read_size` bytes more into the batch's buffer, straight from the input: asked for at least its
    /// buffer's length, a `BufReader` reads into the caller's buffer without its own. (`read_to_end` asked for 8 kB
    /// first, which the reader's 64 kB buffer took from the file and then copied: every byte read was copied twice.)
    fn read_more(&mut self, batch: &mut Batch) -> std::io::Result<usize> {
        let end = batch.filled + self.read_size as usize;
        if batch.text.len() < end {
            batch.text.resize(end, 0);
        }
        loop {
            match self.input.read(&mut batch.text[batch.filled..end]) {
                Ok(read) => {
                    batch.filled += read;
                    return Ok(read);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Adds the line at `range` of the batch's text (`ended` by a line feed: then a carriage return before it is
    /// dropped too), or the error of a line too long.
    fn push_line(&mut self, batch: &mut Batch, mut range: Range<usize>, ended: bool) {
        if ended && range.end > range.start && batch.text[range.end - 1] == b'\r' {
            range.end -= 1;
        }
        let line =
            if range.len() > self.limit { Err(msg!("cli.line_too_long", limit = self.limit)) } else { Ok(range) };
        batch.lines.push(line);
        self.read += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// Every line of `input` as the batches give them, and the lines each batch held.
    fn lines(input: &[u8], limit: usize, per_batch: usize, bytes: usize) -> (Vec<Result<String, String>>, Vec<usize>) {
        let mut reader: &[u8] = input;
        let mut batches = Batches::new(&mut reader, limit, per_batch, bytes);
        let mut batch = Batch::default();
        let (mut all, mut sizes) = (Vec::new(), Vec::new());
        loop {
            batches.next_into(&mut batch);
            assert!(batch.failed.is_none());
            if batch.is_empty() {
                return (all, sizes);
            }
            assert_eq!(batch.first_line, all.len());
            sizes.push(batch.len());
            for i in 0..batch.len() {
                all.push(batch.line(i).map(str::to_owned).map_err(|e| e.render(crate::i18n::Lang::ENGLISH)));
            }
        }
    }

    #[test]
    fn a_bad_line_is_reported_and_the_next_one_is_read() {
        let (got, _) = lines(b"{\"a\":1}\r\n\xff\xfe\n\xef\xbb\xbfok\n\nlast", 100, 10, 1000);
        assert_eq!(got[0], Ok("{\"a\":1}".to_owned()));
        assert!(got[1].as_ref().is_err_and(|e| e.contains("not UTF-8")));
        assert_eq!(got[2], Ok("ok".to_owned()), "a BOM is dropped");
        assert_eq!(got[3], Ok(String::new()), "an empty line is a line");
        assert_eq!(got[4], Ok("last".to_owned()), "the last line needs no line end");
        assert_eq!(got.len(), 5);
    }

    #[test]
    fn an_over_long_line_is_an_error_line_and_is_skipped_whole() {
        let mut input = vec![b'x'; 1000];
        input.extend_from_slice(b"\nshort\n0123456789\r\n0123456789A\r\nend");
        let (got, _) = lines(&input, 10, 10, 1000);
        assert!(got[0].as_ref().is_err_and(|e| e.contains("longer than 10 bytes")));
        assert_eq!(got[1], Ok("short".to_owned()));
        assert_eq!(got[2], Ok("0123456789".to_owned()), "ten bytes and a carriage return");
        assert!(got[3].as_ref().is_err_and(|e| e.contains("longer than 10 bytes")));
        assert_eq!(got[4], Ok("end".to_owned()));
        assert_eq!(got.len(), 5);
        let (got, _) = lines(&[b'y'; 3000], 10, 10, 1000);
        assert_eq!(got.len(), 1, "an over-long last line: {got:?}");
    }

    #[test]
    fn the_lines_are_the_same_however_they_fall_into_batches() {
        let input: Vec<u8> =
            (0..500).flat_map(|i| format!("line {i} {}\r\n", "z".repeat(i % 37)).into_bytes()).collect();
        let (whole, sizes) = lines(&input, 100, 10_000, 1 << 20);
        assert_eq!(sizes, [500]);
        for (per_batch, bytes) in [(1, 1 << 20), (7, 1 << 20), (10_000, 1), (10_000, 333), (3, 100)] {
            let (got, sizes) = lines(&input, 100, per_batch, bytes);
            assert_eq!(got, whole, "{per_batch} lines or {bytes} bytes a batch");
            assert!(sizes.iter().all(|&n| n <= per_batch), "{sizes:?}");
        }
        assert_eq!(whole[499], Ok(format!("line 499 {}", "z".repeat(499 % 37))));
    }

    #[test]
    fn a_failing_read_ends_the_input_after_the_lines_read() {
        struct Failing<'a>(&'a [u8]);
        impl Read for Failing<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if self.0.is_empty() {
                    return Err(std::io::Error::other("disk gone"));
                }
                let n = self.0.len().min(buf.len()).min(4);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut reader = std::io::BufReader::new(Failing(b"one\ntwo\nthr"));
        let mut batches = Batches::new(&mut reader, 100, 10, 1000);
        let mut batch = Batch::default();
        batches.next_into(&mut batch);
        assert_eq!((batch.line(0), batch.line(1), batch.len()), (Ok("one"), Ok("two"), 2));
        assert!(batch.failed.as_ref().is_some_and(|e| e.to_string() == "disk gone"));
        batches.next_into(&mut batch);
        assert!(batch.is_empty() && batch.failed.is_none(), "nothing after the failure");
        // A batch full before the failure: the failure comes with the batch that holds the last line before it.
        let mut reader = std::io::BufReader::new(Failing(b"one\ntwo\nthree\nfour"));
        let mut batches = Batches::new(&mut reader, 100, 2, 1000);
        batches.next_into(&mut batch);
        assert_eq!((batch.line(0), batch.line(1), batch.len()), (Ok("one"), Ok("two"), 2));
        assert!(batch.failed.is_none());
        batches.next_into(&mut batch);
        assert_eq!((batch.line(0), batch.len(), batch.first_line), (Ok("three"), 1, 2));
        assert!(batch.failed.is_some(), "the unended fourth line is lost with the failure");
    }
}
