//! The judge format's scanner: finds each data set's header and the
//! span of its rows, without reading the clues (the judge's part of the
//! one [`Reader`]).

use super::super::detect::Format;
use super::super::error::ParseError;
use super::super::read::{Ending, Reader};
use super::super::span::{Place, Span};
use super::super::text::{is_space, shown};
use crate::puzzle::{size_ok, MAX_COLS, MAX_ROWS};

impl Reader<'_> {
    /// The error at byte `at` of the line that starts at `line_start`.
    fn error(&self, at: usize, line_start: usize, msg: String) -> ParseError {
        ParseError {
            line: self.line,
            col: at - line_start + 1,
            data_set: self.next_number,
            message: msg,
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
            ));
        }
        if v > max {
            let digits = String::from_utf8_lossy(&self.src[at..k.min(at + 24)]);
            let noun = what.trim_end_matches('s');
            return Err(self.error(
                at,
                ls,
                format!("{noun} count {digits} exceeds the limit {max}"),
            ));
        }
        Ok((v, k))
    }

    fn skip_blank(&self, mut k: usize) -> usize {
        while k < self.src.len() && is_space(self.src[k]) {
            k += 1;
        }
        k
    }
}

impl Reader<'_> {
    /// The next judge-format data set: its header and rows; `None` at
    /// the end of the text, at `0 0` or at a data set that ends the
    /// reading ([`Reader::fail`]).
    #[inline(always)]
    pub(in crate::puzzle::formats) fn next_judge(&mut self) -> Option<Span> {
        let Some((ls, start)) = self.find_header() else {
            self.ending = Ending::End;
            return None;
        };
        let at = (ls, self.line);
        let header = match self.header(ls, start) {
            Ok(Some(header)) => header,
            Ok(None) => {
                self.ending = Ending::Terminator;
                return None;
            }
            Err(e) => {
                let place = Place {
                    number: e.data_set,
                    line: e.line,
                    col: e.col,
                };
                let span = Span {
                    place,
                    start: ls,
                    end: ls,
                    rows: 0,
                    cols: 0,
                    format: Format::Judge,
                };
                self.fail(span, e, at);
                return None;
            }
        };
        let col = start - ls + 1;
        match self.body(header, col) {
            Ok(span) => Some(span),
            Err((span, e)) => {
                self.fail(span, *e, at);
                None
            }
        }
    }
}

/// A header as [`Reader::header`] read it: the size, and where its line
/// ends (the index of its `\n`, or the input's end).
#[derive(Clone, Copy)]
struct HeaderLine {
    rows: usize,
    cols: usize,
    end: usize,
}

impl Reader<'_> {
    /// Finds the next header: the next line with something on it. Returns
    /// where its line starts and its first byte that is not blank; `None`
    /// at the end of the input.
    #[inline(always)]
    fn find_header(&mut self) -> Option<(usize, usize)> {
        loop {
            if self.pos >= self.src.len() {
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
            ));
        }
        if !size_ok(rows, cols) {
            return Err(self.error(
                start,
                ls,
                format!("a {rows}x{cols} board is outside the sizes slink accepts (1x1 to {MAX_ROWS}x{MAX_COLS})")
            ));
        }
        Ok(Some(HeaderLine { rows, cols, end }))
    }

    /// Goes past the header line of `header`, whose first number is at
    /// column `col`, and its `rows` lines that are not blank: the data
    /// set's span, numbered. An input that ends before them is an error,
    /// with the span as far as it goes.
    #[inline(always)]
    fn body(&mut self, header: HeaderLine, col: usize) -> Result<Span, (Span, Box<ParseError>)> {
        let HeaderLine { rows, cols, end } = header;
        let place = Place {
            number: self.next_number,
            line: self.line,
            col,
        };
        // Skip the header's newline, then `rows` non-blank lines.
        let mut pos = (end + 1).min(self.src.len());
        let mut span = Span {
            place,
            start: pos,
            end: pos,
            rows,
            cols,
            format: Format::Judge,
        };
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
                (self.pos, span.end) = (pos, pos);
                let e = ParseError {
                    line: self.line,
                    col: pos - ls + 1,
                    data_set: place.number,
                    message: format!(
                        "the input ends inside the data set: expected {rows} rows, found {found}"
                    ),
                };
                return Err((span, Box::new(e)));
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
        (self.pos, span.end) = (pos, pos);
        Ok(span)
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
        .all(|l| l[line - 1] == b'\n' && !is_space(l[0]));
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
