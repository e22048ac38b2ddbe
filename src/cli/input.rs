//! Reading what scripts send: whole files and lines with a size limit, text that must be UTF-8, and the
//! byte-order mark Windows editors write at the start of a file.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use anyhow::Context;

use crate::message::Message;
use crate::msg;

/// The longest manche (one line, or one file) read: far above any real manche, far below a memory problem.
pub const MAX_INPUT: usize = 1 << 20;

/// Standard input, or the file (`-` is standard input too).
pub fn open(file: Option<&Path>) -> anyhow::Result<Box<dyn BufRead>> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let f = std::fs::File::open(path).with_context(|| msg!("cli.cannot_read", path = path.display()))?;
            Ok(Box::new(BufReader::with_capacity(1 << 16, f)))
        }
        _ => Ok(Box::new(BufReader::with_capacity(1 << 16, std::io::stdin()))),
    }
}

/// The whole input as text, refused when longer than `limit` bytes or not UTF-8; a leading BOM is dropped.
pub fn read_all(input: &mut dyn BufRead, limit: usize) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    input.take(limit as u64 + 1).read_to_end(&mut bytes).context(msg!("cli.cannot_read_input"))?;
    if bytes.len() > limit {
        anyhow::bail!(msg!("cli.input_too_long", limit = limit));
    }
    text(bytes).map_err(anyhow::Error::msg)
}

/// A line's bytes as UTF-8 text without a leading byte-order mark, as [`Lines`] gives a line.
pub fn line_text(bytes: &[u8]) -> Result<&str, Message> {
    let text = std::str::from_utf8(bytes).map_err(|e| msg!("cli.not_utf8", offset = e.valid_up_to()))?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// UTF-8 text without a leading byte-order mark.
fn text(bytes: Vec<u8>) -> Result<String, Message> {
    let text = String::from_utf8(bytes).map_err(|e| msg!("cli.not_utf8", offset = e.utf8_error().valid_up_to()))?;
    Ok(text.strip_prefix('\u{feff}').map(str::to_owned).unwrap_or(text))
}

/// Reads lines of at most `limit` bytes. Each item is the line's text, or why that line cannot be used
/// (too long, not UTF-8) — the reading goes on with the next line. Only a failing read ends it (`Err`).
pub struct Lines<'a> {
    input: &'a mut dyn BufRead,
    limit: usize,
    done: bool,
    /// The last line's length: the next line's buffer starts that large, as a file's lines are mostly alike
    /// (growing a 2 kB line's buffer from nothing copied it eight times).
    last_len: usize,
}

impl<'a> Lines<'a> {
    /// Lines of `input`, each at most `limit` bytes.
    pub fn new(input: &'a mut dyn BufRead, limit: usize) -> Self {
        Lines { input, limit, done: false, last_len: 0 }
    }
}

/// Skips what is left of an over-long line in `input` (up to its line feed, or the end) without keeping it.
pub fn skip_rest_of_line(input: &mut dyn BufRead) -> std::io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match memchr::memchr(b'\n', buffer) {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let len = buffer.len();
                input.consume(len);
            }
        }
    }
}

impl Iterator for Lines<'_> {
    type Item = std::io::Result<Result<String, Message>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut bytes = Vec::with_capacity(self.last_len.min(self.limit) + 2);
        let read = (&mut *self.input).take(self.limit as u64 + 1).read_until(b'\n', &mut bytes);
        self.last_len = bytes.len();
        match read {
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
            Ok(0) => None,
            Ok(_) => {
                let ended = bytes.last() == Some(&b'\n');
                if ended {
                    bytes.pop();
                    if bytes.last() == Some(&b'\r') {
                        bytes.pop();
                    }
                }
                if bytes.len() > self.limit {
                    if let Err(e) = skip_rest_of_line(self.input) {
                        self.done = true;
                        return Some(Err(e));
                    }
                    return Some(Ok(Err(msg!("cli.line_too_long", limit = self.limit))));
                }
                Some(Ok(text(bytes)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Result<String, String>> {
        let mut reader: &[u8] = input;
        Lines::new(&mut reader, limit)
            .map(|l| l.expect("reads").map_err(|e| e.render(crate::i18n::Lang::ENGLISH)))
            .collect()
    }

    #[test]
    fn a_bad_line_is_reported_and_the_next_one_is_read() {
        let got = lines(b"{\"a\":1}\r\n\xff\xfe\n\xef\xbb\xbfok\nlast", 100);
        assert_eq!(got[0], Ok("{\"a\":1}".to_owned()));
        assert!(got[1].as_ref().is_err_and(|e| e.contains("not UTF-8")));
        assert_eq!(got[2], Ok("ok".to_owned()), "a BOM is dropped");
        assert_eq!(got[3], Ok("last".to_owned()));
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn an_over_long_line_is_an_error_line_and_is_skipped_whole() {
        let mut input = vec![b'x'; 1000];
        input.extend_from_slice(b"\nshort\n");
        let got = lines(&input, 10);
        assert!(got[0].as_ref().is_err_and(|e| e.contains("longer than 10 bytes")));
        assert_eq!(got[1], Ok("short".to_owned()));
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let mut input: &[u8] = b"0123456789A";
        assert!(read_all(&mut input, 10).is_err());
        let mut input: &[u8] = b"\xef\xbb\xbf{}";
        assert_eq!(read_all(&mut input, 10).expect("fits"), "{}");
    }
}
