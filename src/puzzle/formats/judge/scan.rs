//! The scanner: finds each data set's header and the span of its rows,
//! without reading the clues.

use super::place::{is_blank, shown, Header, ParseError, Span};
use crate::puzzle::{size_ok, MAX_COLS, MAX_ROWS};

/// Finds data sets in judge-format input.
pub struct Scanner<'a> {
    src: &'a [u8],
    pos: usize,
    /// Where the text starts: after a byte order mark, if any.
    start: usize,
    line: usize,
    next_number: usize,
    state: ScanState,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ScanState {
    Reading,
    /// `0 0` was read.
    Terminated,
    /// The input ended without `0 0`.
    Unterminated,
    /// An unrecoverable error stopped the scan.
    Failed,
}

/// How the input ended, once the scanner is exhausted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// With the `0 0` line.
    Terminator,
    /// At the end of the input, after a complete data set, without `0 0`.
    MissingTerminator,
    /// At an error the scanner could not get past.
    Error,
    /// Not yet: the scanner has more to read.
    NotYet,
}

impl<'a> Scanner<'a> {
    /// A scanner over the whole input. A UTF-8 byte order mark is skipped.
    pub fn new(src: &'a [u8]) -> Self {
        let pos = if src.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Scanner {
            src,
            pos,
            start: pos,
            line: 1,
            next_number: 1,
            state: ScanState::Reading,
        }
    }

    /// A scanner whose data set numbers start at `first` instead of 1.
    pub fn numbered_from(src: &'a [u8], first: usize) -> Self {
        let mut s = Scanner::new(src);
        s.next_number = first;
        s
    }

    /// How the input ended.
    pub fn ending(&self) -> Ending {
        match self.state {
            ScanState::Reading => Ending::NotYet,
            ScanState::Terminated => Ending::Terminator,
            ScanState::Unterminated => Ending::MissingTerminator,
            ScanState::Failed => Ending::Error,
        }
    }

    /// The number the next data set will get.
    pub fn next_number(&self) -> usize {
        self.next_number
    }

    /// Byte offset of the scan.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The line of [`Scanner::position`], from 1: one more than the
    /// newlines before it (between data sets; within a data set the
    /// scanner stopped at, the line it stopped on).
    pub fn line(&self) -> usize {
        self.line
    }

    fn error(&self, at: usize, line_start: usize, msg: String, recoverable: bool) -> ParseError {
        ParseError {
            line: self.line,
            col: at - line_start + 1,
            data_set: self.next_number,
            message: msg,
            recoverable,
            header: None,
        }
    }

    /// End of the line starting at `from` (index of its `\n`, or the input's end).
    fn line_end(&self, from: usize) -> usize {
        memchr::memchr(b'\n', &self.src[from..]).map_or(self.src.len(), |k| from + k)
    }

    /// Reads a header number at `at`; returns it and the index after it.
    fn number(
        &self,
        at: usize,
        ls: usize,
        what: &str,
        max: usize,
    ) -> Result<(usize, usize), ParseError> {
        let mut k = at;
        let mut v: usize = 0;
        while k < self.src.len() && self.src[k].is_ascii_digit() {
            v = v
                .saturating_mul(10)
                .saturating_add((self.src[k] - b'0') as usize);
            k += 1;
        }
        if k == at {
            let next = self.skip_blank(at);
            let found = if next < self.src.len() && self.src[next] != b'\n' {
                shown(self.src[at])
            } else {
                "the end of the line".into()
            };
            let line = &self.src[ls..self.line_end(ls)];
            return Err(self.error(
                at,
                ls,
                format!(
                    "expected the number of {what}, found {found}{}",
                    other_format_hint(line)
                ),
                false,
            ));
        }
        if v > max {
            let digits = String::from_utf8_lossy(&self.src[at..k.min(at + 24)]);
            let noun = what.trim_end_matches('s');
            return Err(self.error(
                at,
                ls,
                format!("{noun} count {digits} exceeds the limit {max}"),
                false,
            ));
        }
        Ok((v, k))
    }

    fn skip_blank(&self, mut k: usize) -> usize {
        while k < self.src.len() && is_blank(self.src[k]) {
            k += 1;
        }
        k
    }
}

impl Iterator for Scanner<'_> {
    type Item = Result<Span, ParseError>;

    /// The next data set's span, or an error. After `0 0`, the end of the
    /// input or an unrecoverable error, returns `None`.
    fn next(&mut self) -> Option<Self::Item> {
        if self.state != ScanState::Reading {
            return None;
        }
        let (ls, start) = self.find_header()?;
        let header = match self.header(ls, start) {
            Ok(Some(header)) => header,
            Ok(None) => {
                self.state = ScanState::Terminated;
                return None;
            }
            Err(e) => return self.fail(e),
        };
        match self.body(header) {
            Ok(span) => Some(Ok(span)),
            Err(e) => self.fail(e),
        }
    }
}

/// A header as [`Scanner::header`] read it: the size, and where its line
/// ends (the index of its `\n`, or the input's end).
#[derive(Clone, Copy)]
struct HeaderLine {
    rows: usize,
    cols: usize,
    end: usize,
}

impl Scanner<'_> {
    /// Stops the scan at an error it cannot get past.
    #[inline(always)]
    fn fail(&mut self, e: ParseError) -> Option<Result<Span, ParseError>> {
        self.state = ScanState::Failed;
        Some(Err(e))
    }

    /// Finds the next header: the next line with something on it. Returns
    /// where its line starts and its first byte that is not blank; `None`
    /// (and the scan is over) at the end of the input.
    #[inline(always)]
    fn find_header(&mut self) -> Option<(usize, usize)> {
        loop {
            if self.pos >= self.src.len() {
                self.state = ScanState::Unterminated;
                return None;
            }
            let ls = self.pos;
            let k = self.skip_blank(ls);
            if k < self.src.len() && self.src[k] == b'\n' {
                self.pos = k + 1;
                self.line += 1;
                continue;
            }
            if k >= self.src.len() {
                self.pos = k;
                continue;
            }
            return Some((ls, k));
        }
    }

    /// Reads the header whose line starts at `ls` and whose first number
    /// starts at `start`: its size, or `None` for the closing `0 0`.
    #[inline(always)]
    fn header(&self, ls: usize, start: usize) -> Result<Option<HeaderLine>, ParseError> {
        let (rows, k) = self.number(start, ls, "rows", MAX_ROWS)?;
        let k2 = self.skip_blank(k);
        if k2 == k && k < self.src.len() && self.src[k] != b'\n' {
            return Err(self.error(
                k,
                ls,
                format!(
                    "expected a space after the row count, found {}{}",
                    shown(self.src[k]),
                    other_format_hint(&self.src[ls..self.line_end(ls)])
                ),
                false,
            ));
        }
        // A header that stops after the row count: point just after it.
        let at = if k2 >= self.src.len() || self.src[k2] == b'\n' {
            k
        } else {
            k2
        };
        let (cols, k) = self.number(at, ls, "columns", MAX_COLS)?;
        if rows == 0 && cols == 0 {
            return Ok(None);
        }
        let end = self.skip_blank(k);
        if end < self.src.len() && self.src[end] != b'\n' {
            return Err(self.error(
                end,
                ls,
                format!(
                    "expected the end of the header line, found {}",
                    shown(self.src[end])
                ),
                false,
            ));
        }
        if !size_ok(rows, cols) {
            return Err(self.error(
                start,
                ls,
                format!("a {rows}x{cols} board is outside the sizes slink accepts (1x1 to {MAX_ROWS}x{MAX_COLS})"),
                false,
            ));
        }
        Ok(Some(HeaderLine { rows, cols, end }))
    }

    /// Goes past the header line of `header` and its `rows` lines that are
    /// not blank: the data set's span, numbered. An input that ends before
    /// them is an error.
    #[inline(always)]
    fn body(&mut self, header: HeaderLine) -> Result<Span, ParseError> {
        let HeaderLine { rows, cols, end } = header;
        let header_line = self.line;
        let number = self.next_number;
        // Skip the header's newline, then `rows` non-blank lines.
        let mut pos = (end + 1).min(self.src.len());
        let body_start = pos;
        self.line += usize::from(end < self.src.len());
        let mut found = 0;
        if let Some(n) = plain_body(&self.src[pos..], rows, cols) {
            // The judge's own layout: every row one line, found at once.
            pos += n;
            self.line += rows;
            found = rows;
        }
        while found < rows {
            if pos >= self.src.len() {
                let ls = self.src[..pos]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(self.start, |k| k + 1);
                self.pos = pos;
                return Err(ParseError {
                    line: self.line,
                    col: pos - ls + 1,
                    data_set: number,
                    message: format!(
                        "the input ends inside the data set: expected {rows} rows, found {found}"
                    ),
                    recoverable: false,
                    header: Some(Header {
                        line: header_line,
                        rows,
                        cols,
                    }),
                });
            }
            let le = self.line_end(pos);
            if self.skip_blank(pos) < le {
                found += 1;
            }
            pos = (le + 1).min(self.src.len());
            if le < self.src.len() {
                self.line += 1;
            }
        }
        self.pos = pos;
        self.next_number += 1;
        Ok(Span {
            number,
            rows,
            cols,
            header_line,
            body_start,
            body_end: pos,
        })
    }
}

/// The length of a data set's body at the start of `rest` if it is in the
/// judge's own layout: `rows` lines of `2 * cols - 1` bytes, each ending in
/// `\n` and starting with a byte that is not blank, and no other newline.
/// Its rows are then exactly those lines; any other body gets `None` and
/// is read line by line.
pub(super) fn plain_body(rest: &[u8], rows: usize, cols: usize) -> Option<usize> {
    let line = 2 * cols;
    let body = rest.get(..rows.checked_mul(line)?)?;
    let lines_end_right = body
        .chunks_exact(line)
        .all(|l| l[line - 1] == b'\n' && !is_blank(l[0]));
    (lines_end_right && memchr::memchr_iter(b'\n', body).count() == rows).then_some(body.len())
}

/// A hint for a header line that is not the judge format but looks like
/// one of the other formats slink reads (judge mode reads standard input
/// as the judge format unless told otherwise), or nothing.
fn other_format_hint(line: &[u8]) -> &'static str {
    let line = line.trim_ascii();
    let has = |needle: &[u8]| line.windows(needle.len()).any(|w| w == needle);
    if line.starts_with(b"pzprv3") {
        " (the line looks like a pzprv3 file: read it with --from pzprv3)"
    } else if has(b"://") || has(b"?slither") || line.starts_with(b"slither/") {
        " (the line looks like a puzz.link URL: read it with --from url)"
    } else if looks_like_loopy(line) {
        " (the line looks like a Loopy game ID: read it with --from loopy)"
    } else {
        ""
    }
}

/// Whether `line` starts as a Loopy game ID does: `WxH`, letters and
/// digits, then `:`.
fn looks_like_loopy(line: &[u8]) -> bool {
    let Some(colon) = memchr::memchr(b':', line) else {
        return false;
    };
    let params = &line[..colon];
    let x = params.iter().position(|&b| b == b'x');
    x.is_some_and(|x| {
        x > 0
            && params[..x].iter().all(u8::is_ascii_digit)
            && params[x + 1..].first().is_some_and(u8::is_ascii_digit)
            && params.iter().all(u8::is_ascii_alphanumeric)
    })
}
