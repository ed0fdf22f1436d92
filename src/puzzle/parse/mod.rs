//! Reading the judge format from bytes, with exact error positions.
//!
//! Two layers: [`Scanner`] finds data sets (a header line `r c` and the
//! byte span of its `r` row lines) without looking at the clues, so a
//! batch run can split a file quickly; [`parse_body`] reads the clues of
//! one span into a reusable [`Puzzle`]. Neither allocates per token.

use crate::puzzle::{size_ok, Puzzle, BLANK, MAX_COLS, MAX_ROWS};
use std::fmt;

/// Where a data set lies in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Data set number, counting from 1.
    pub number: usize,
    /// Cell rows the header announced.
    pub rows: usize,
    /// Cell columns the header announced.
    pub cols: usize,
    /// Line (1-based) of the header.
    pub header_line: usize,
    /// Byte offset of the first byte after the header line.
    pub body_start: usize,
    /// Byte offset just past the last row line (its newline included).
    pub body_end: usize,
}

/// A data set's header as read: where it is and the size it announced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Line (1-based) of the header.
    pub line: usize,
    /// Cell rows the header announced.
    pub rows: usize,
    /// Cell columns the header announced.
    pub cols: usize,
}

impl Span {
    /// The data set's header.
    pub fn header(&self) -> Header {
        Header {
            line: self.header_line,
            rows: self.rows,
            cols: self.cols,
        }
    }
}

/// A malformed input: where it is and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line, counting from 1.
    pub line: usize,
    /// Column in bytes, counting from 1.
    pub col: usize,
    /// The data set being read, counting from 1.
    pub data_set: usize,
    /// What was wrong, e.g. `expected a clue 0-3, found '4'`.
    pub message: String,
    /// Whether reading can go on after this data set (its header was read
    /// and its rows skipped).
    pub recoverable: bool,
    /// The data set's header when it was read (the error is in its rows,
    /// or the input ends inside them); `None` for an error in the header.
    pub header: Option<Header>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: data set {}: {}",
            self.line, self.col, self.data_set, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// How a byte shows in an error message.
fn shown(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else if b == b' ' {
        "' '".into()
    } else {
        format!("byte 0x{b:02x}")
    }
}

/// Whitespace inside a line.
#[inline]
fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == 0x0b || b == 0x0c
}

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
            return Err(self.error(
                at,
                ls,
                format!("expected the number of {what}, found {found}"),
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
        // Find the header: the next line with something on it.
        let (ls, start) = loop {
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
            break (ls, k);
        };
        let fail = |s: &mut Self, e: ParseError| {
            s.state = ScanState::Failed;
            Some(Err(e))
        };
        let (rows, k) = match self.number(start, ls, "rows", MAX_ROWS) {
            Ok(v) => v,
            Err(e) => return fail(self, e),
        };
        let k2 = self.skip_blank(k);
        if k2 == k && k < self.src.len() && self.src[k] != b'\n' {
            let e = self.error(
                k,
                ls,
                format!(
                    "expected a space after the row count, found {}",
                    shown(self.src[k])
                ),
                false,
            );
            return fail(self, e);
        }
        // A header that stops after the row count: point just after it.
        let at = if k2 >= self.src.len() || self.src[k2] == b'\n' {
            k
        } else {
            k2
        };
        let (cols, k) = match self.number(at, ls, "columns", MAX_COLS) {
            Ok(v) => v,
            Err(e) => return fail(self, e),
        };
        if rows == 0 && cols == 0 {
            self.state = ScanState::Terminated;
            return None;
        }
        let end = self.skip_blank(k);
        if end < self.src.len() && self.src[end] != b'\n' {
            let e = self.error(
                end,
                ls,
                format!(
                    "expected the end of the header line, found {}",
                    shown(self.src[end])
                ),
                false,
            );
            return fail(self, e);
        }
        if !size_ok(rows, cols) {
            let e = self.error(
                start,
                ls,
                format!("a {rows}x{cols} board is outside the sizes slink accepts (1x1 to {MAX_ROWS}x{MAX_COLS})"),
                false,
            );
            return fail(self, e);
        }
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
                let e = ParseError {
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
                };
                self.pos = pos;
                return fail(self, e);
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
        Some(Ok(Span {
            number,
            rows,
            cols,
            header_line,
            body_start,
            body_end: pos,
        }))
    }
}

/// The length of a data set's body at the start of `rest` if it is in the
/// judge's own layout: `rows` lines of `2 * cols - 1` bytes, each ending in
/// `\n` and starting with a byte that is not blank, and no other newline.
/// Its rows are then exactly those lines; any other body gets `None` and
/// is read line by line.
fn plain_body(rest: &[u8], rows: usize, cols: usize) -> Option<usize> {
    let line = 2 * cols;
    let body = rest.get(..rows.checked_mul(line)?)?;
    let lines_end_right = body
        .chunks_exact(line)
        .all(|l| l[line - 1] == b'\n' && !is_blank(l[0]));
    (lines_end_right && memchr::memchr_iter(b'\n', body).count() == rows).then_some(body.len())
}

/// The low bytes of the four 16-bit lanes of `x`, each 0-3, as 4 bytes.
#[inline(always)]
fn lane_values(x: u64) -> [u8; 4] {
    let y = x & 0x0003_0003_0003_0003;
    let y = (y | y >> 8) & 0x0000_ffff_0000_ffff;
    ((y | y >> 16) as u32).to_le_bytes()
}

/// Reads a row line in the judge's own layout, `out.len()` digits 0-3
/// separated by single spaces (then perhaps whitespace such as a `\r`),
/// into `out`; eight clues at a time, then four, then the last four.
/// False, with `out` in any state, for any other line: the general reader
/// then reads it (or reports it).
#[inline]
fn plain_row(line: &[u8], out: &mut [u8]) -> bool {
    let c = out.len();
    if c == 0 || line.len() < 2 * c - 1 {
        return false;
    }
    let (text, rest) = line.split_at(2 * c - 1);
    rest.iter().all(|&b| is_blank(b)) && plain_line(text, out)
}

/// [`plain_row`] of a line of exactly `2 * out.len() - 1` bytes.
#[inline(always)]
fn plain_line(text: &[u8], out: &mut [u8]) -> bool {
    let c = out.len();
    debug_assert!(c > 0 && text.len() == 2 * c - 1);
    if c < 5 {
        return text.iter().enumerate().all(|(k, &b)| {
            if k % 2 == 1 {
                b == b' '
            } else if (b'0'..=b'3').contains(&b) {
                out[k / 2] = b - b'0';
                true
            } else {
                false
            }
        });
    }
    // Clues with the space after them, "d ": each 16-bit lane of a word a
    // digit '0'-'3' (0x30-0x33), then a space. Eight at a time (two words
    // checked together), then four.
    const MASK: u64 = 0xfffc_fffc_fffc_fffc;
    const WANT: u64 = 0x2030_2030_2030_2030;
    let octs = text[..2 * (c - 1)].chunks_exact(16);
    let quad = octs.remainder().get(..8);
    for (src, dst) in octs.zip(out.chunks_exact_mut(8)) {
        let x = u64::from_le_bytes(src[..8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(src[8..].try_into().expect("8 bytes"));
        if (x & MASK ^ WANT) | (y & MASK ^ WANT) != 0 {
            return false;
        }
        dst[..4].copy_from_slice(&lane_values(x));
        dst[4..].copy_from_slice(&lane_values(y));
    }
    if let Some(src) = quad {
        let x = u64::from_le_bytes(src.try_into().expect("8 bytes"));
        if x & MASK != WANT {
            return false;
        }
        let at = (2 * (c - 1)) / 16 * 8;
        out[at..at + 4].copy_from_slice(&lane_values(x));
    }
    // The last four clues with the space before them, " d" four times
    // (overlapping the quads read above when `c - 1` is not a multiple of 4).
    let x = u64::from_le_bytes(text[2 * c - 9..].try_into().expect("8 bytes"));
    if x & 0xfcff_fcff_fcff_fcff != 0x3020_3020_3020_3020 {
        return false;
    }
    out[c - 4..].copy_from_slice(&lane_values(x >> 8));
    true
}

/// Reads the clues of `span` (found by a [`Scanner`] over `src`) into `out`.
///
/// Every row must sit on a line of its own with exactly `cols` clues
/// (`0`-`3`, or `.` / `-` for a blank cell) separated by spaces or tabs.
/// Blank lines between rows are skipped.
pub fn parse_body(src: &[u8], span: &Span, out: &mut Puzzle) -> Result<(), ParseError> {
    out.reset(span.rows, span.cols).map_err(|e| ParseError {
        line: span.header_line,
        col: 1,
        data_set: span.number,
        message: e.to_string(),
        recoverable: true,
        header: Some(span.header()),
    })?;
    let cols = span.cols;
    let clues = out.clue_bytes_mut();
    let body = &src[..span.body_end];
    // The rows in the judge's own layout first: each a line of exactly
    // `2 * cols - 1` bytes and its newline, read straight into its row.
    let width = 2 * cols;
    let lines = body.get(span.body_start..).unwrap_or_default();
    let mut row = 0;
    for (text, dst) in lines.chunks_exact(width).zip(clues.chunks_exact_mut(cols)) {
        let (text, end) = text.split_at(width - 1);
        if end != b"\n" || !plain_line(text, dst) {
            break;
        }
        row += 1;
    }
    // The rest (from the first row in another layout) line by line.
    let mut line = span.header_line + 1 + row;
    let mut pos = span.body_start + row * width;
    while row < span.rows {
        let ls = pos;
        let dst = &mut clues[row * cols..(row + 1) * cols];
        // A row in the judge's layout ends where its length says: try that
        // end before searching for the newline.
        let guess = ls + 2 * cols - 1;
        let le = match (body.get(guess), body.get(guess + 1)) {
            (Some(b'\n'), _) => Some(guess),
            (Some(b'\r'), Some(b'\n')) => Some(guess + 1),
            _ => None,
        };
        let le = match le {
            Some(le) if plain_row(&body[ls..le], dst) => {
                row += 1;
                pos = le + 1;
                line += 1;
                continue;
            }
            _ => memchr::memchr(b'\n', &body[ls..]).map_or(body.len(), |k| ls + k),
        };
        let text = &body[ls..le];
        let filled = plain_row(text, dst)
            || read_row(text, row, dst).map_err(|e| row_error(span, line, e))?;
        row += usize::from(filled);
        pos = le + 1;
        line += 1;
    }
    Ok(())
}

/// The error for line `line` of `span`'s body, which [`read_row`] rejected
/// at byte offset `at` with `message`.
fn row_error(span: &Span, line: usize, (at, message): (usize, String)) -> ParseError {
    ParseError {
        line,
        col: at + 1,
        data_set: span.number,
        message,
        recoverable: true,
        header: Some(span.header()),
    }
}

/// Reads one line of a data set's body, `text` (without its newline), as
/// row `row` (counting from 0) into `out` (`cols` clues): true if it held
/// the row, false if it is blank. An error is the byte offset in `text`
/// and the message.
fn read_row(text: &[u8], row: usize, out: &mut [u8]) -> Result<bool, (usize, String)> {
    let (cols, le) = (out.len(), text.len());
    let mut k = 0;
    let mut n = 0;
    let mut k_last = 0;
    loop {
        while k < le && is_blank(text[k]) {
            k += 1;
        }
        if k >= le {
            break;
        }
        let b = text[k];
        let v = match b {
            b'0'..=b'3' => b - b'0',
            b'.' | b'-' => BLANK,
            _ => {
                let what = if b.is_ascii_digit() {
                    format!("expected a clue 0-3, found {}", shown(b))
                } else {
                    format!("expected a clue 0-3 or '.', found {}", shown(b))
                };
                return Err((k, what));
            }
        };
        if k + 1 < le && !is_blank(text[k + 1]) {
            let mut e = k + 1;
            while e < le && !is_blank(text[e]) {
                e += 1;
            }
            let token = String::from_utf8_lossy(&text[k..e.min(k + 24)]);
            return Err((k, format!("expected one clue 0-3 or '.', found '{token}'")));
        }
        if n == cols {
            return Err((k, format!("row {} has more than {cols} clues", row + 1)));
        }
        out[n] = v;
        n += 1;
        k += 1;
        k_last = k;
    }
    if n > 0 && n < cols {
        // Just after the row's last clue, whatever ends the line.
        return Err((
            k_last,
            format!("row {} has {n} clues, expected {cols}", row + 1),
        ));
    }
    Ok(n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Clue;

    fn all(src: &[u8]) -> (Vec<Result<Puzzle, ParseError>>, Ending) {
        let mut s = Scanner::new(src);
        let mut out = Vec::new();
        for item in s.by_ref() {
            out.push(item.and_then(|span| {
                let mut p = Puzzle::default();
                parse_body(src, &span, &mut p).map(|_| p)
            }));
        }
        (out, s.ending())
    }

    #[test]
    fn a_body_is_taken_at_once_only_in_the_judges_own_layout() {
        // Three rows of three clues: 6 bytes a line.
        assert_eq!(plain_body(b"1 2 3\n. 0 1\n3 3 3\n2 2\n", 3, 3), Some(18));
        for (body, why) in [
            (&b"1\n2 3\n. 0 1\n3 3 3\n"[..], "a newline inside a row"),
            (b"\n1 2 3\n. 0 1\n3 3\n", "a blank line"),
            (b" 1 2 3\n. 0 1\n3 3 \n", "a row starting with a space"),
            (b"1 2 3\r\n. 0 1\r\n3 3 3\r\n", "CRLF line ends"),
            (b"1 2 3\n. 0 1\n3 3 3", "cut short"),
            (b"1  2 3\n. 0 1\n3 3 3\n", "a wider row"),
        ] {
            assert_eq!(plain_body(body, 3, 3), None, "{why}");
        }
    }

    #[test]
    fn reads_two_puzzles_with_crlf_tabs_and_blank_lines() {
        let (ps, end) = all(b"\r\n2 2\r\n2\t2\r\n\r\n2  2\r\n1 3\n. 1 -\n0 0\ntrailing junk");
        assert_eq!(end, Ending::Terminator);
        assert_eq!(ps.len(), 2);
        let p = ps[1].as_ref().unwrap();
        assert_eq!(p.clue(0, 0), Clue::Blank);
        assert_eq!(p.clue(0, 2), Clue::Blank);
        assert_eq!(p.clue(0, 1), Clue::Number(1));
    }

    #[test]
    fn the_scanners_line_is_one_more_than_the_newlines_before_its_position() {
        // The batch engine carries line numbers from one piece of an
        // input to the next with this count.
        for src in [
            &b"\r\n2 2\r\n2\t2\r\n\r\n2  2\r\n1 3\n. 1 -\n0 0\ntrailing junk"[..],
            b"\xEF\xBB\xBF1 1\n3\n\n\n2 2\n1 1\n\n 1 1\n",
            b"1 1\n0\n2 3\n1 2 3\n1 4 3\n1 1\n.\n",
            b"2 2\n1 1\n1 1\n1 1\n1\n",
            b"1 1\n\n\n.\n\n",
        ] {
            let mut s = Scanner::new(src);
            let mut stops = 0;
            loop {
                let newlines = memchr::memchr_iter(b'\n', &src[..s.position()]).count();
                assert_eq!(s.line(), newlines + 1, "{src:?} at {}", s.position());
                stops += 1;
                if s.next().is_none() {
                    break;
                }
            }
            assert!(stops > 1 && s.ending() != Ending::Error, "{src:?}");
        }
    }

    #[test]
    fn missing_terminator_and_final_newline() {
        let (ps, end) = all(b"1 1\n3");
        assert_eq!(end, Ending::MissingTerminator);
        assert!(ps[0].is_ok());
    }

    #[test]
    fn clue_four_names_line_and_column() {
        let (ps, _) = all(b"1 1\n0\n2 3\n1 2 3\n1 4 3\n0 0\n");
        let e = ps[1].as_ref().unwrap_err();
        assert_eq!((e.line, e.col, e.data_set), (5, 3, 2));
        assert_eq!(e.message, "expected a clue 0-3, found '4'");
        assert!(e.recoverable);
        assert_eq!(
            e.header.map(|h| (h.rows, h.cols)),
            Some((2, 3)),
            "the header was read"
        );
    }

    #[test]
    fn short_and_long_rows() {
        let (ps, _) = all(b"2 3\n1 2\n1 2 3\n0 0\n");
        let e = ps[0].as_ref().unwrap_err();
        assert_eq!((e.line, e.col), (2, 4));
        assert!(
            e.message.contains("has 2 clues, expected 3"),
            "{}",
            e.message
        );
        let (ps, _) = all(b"1 2\n1 2 3\n0 0\n");
        let e = ps[0].as_ref().unwrap_err();
        assert_eq!((e.line, e.col), (2, 5));
    }

    #[test]
    fn hostile_headers_are_errors_not_allocations() {
        for (src, msg) in [
            (&b"99999999 99999999\n"[..], "exceeds the limit"),
            (b"18446744073709551616 2\n", "exceeds the limit"),
            (b"-1 5\n", "found '-'"),
            (b"0 5\n", "outside the sizes"),
            (b"5 0\n", "outside the sizes"),
            (b"3\n", "found the end of the line"),
            (b"2 2 2\n", "end of the header line"),
        ] {
            let (ps, end) = all(src);
            let e = ps[0].as_ref().unwrap_err();
            assert!(e.message.contains(msg), "{src:?}: {}", e.message);
            assert_eq!(
                e.header.map(|h| (h.rows, h.cols)),
                None,
                "{src:?}: a bad header gives no size"
            );
            assert_eq!(end, Ending::Error);
        }
    }

    #[test]
    fn input_ending_inside_a_puzzle() {
        let (ps, end) = all(b"3 2\n1 1\n2 2\n");
        let e = ps[0].as_ref().unwrap_err();
        assert!(e.message.contains("expected 3 rows, found 2"));
        assert_eq!(e.line, 4);
        assert_eq!(
            e.header.map(|h| (h.rows, h.cols)),
            Some((3, 2)),
            "the header was read"
        );
        assert_eq!(end, Ending::Error);
    }

    #[test]
    fn bom_is_skipped_and_multi_char_tokens_rejected() {
        let (ps, _) = all(b"\xEF\xBB\xBF1 2\n12\n0 0");
        let e = ps[0].as_ref().unwrap_err();
        assert!(e.message.contains("found '12'"));
    }

    #[test]
    fn scanner_resumes_after_a_bad_body() {
        let (ps, end) = all(b"1 2\n1 x\n1 1\n2\n0 0\n");
        assert!(ps[0].is_err());
        assert!(ps[1].is_ok());
        assert_eq!(end, Ending::Terminator);
    }

    /// [`parse_body`] with the general reader alone: every line found by
    /// its newline and read by [`read_row`].
    fn parse_body_line_by_line(
        src: &[u8],
        span: &Span,
        out: &mut Puzzle,
    ) -> Result<(), ParseError> {
        out.reset(span.rows, span.cols)
            .expect("a size the scanner took");
        let body = &src[..span.body_end];
        let (mut line, mut pos, mut row) = (span.header_line + 1, span.body_start, 0);
        while row < span.rows {
            let le = memchr::memchr(b'\n', &body[pos..]).map_or(body.len(), |k| pos + k);
            let dst = &mut out.clue_bytes_mut()[row * span.cols..(row + 1) * span.cols];
            let filled =
                read_row(&body[pos..le], row, dst).map_err(|e| row_error(span, line, e))?;
            row += usize::from(filled);
            (pos, line) = (le + 1, line + 1);
        }
        Ok(())
    }

    #[test]
    fn bodies_read_as_line_by_line() {
        use crate::util::rng::Rng;
        let mut rng = Rng::new(29);
        let (mut plain, mut errors) = (0, 0);
        for cols in 1..=70 {
            for trial in 0..40 {
                let rows = 1 + rng.index(6);
                let mut src = format!("{rows} {cols}\n").into_bytes();
                for _ in 0..rows {
                    let mut line: Vec<u8> = (0..cols)
                        .flat_map(|_| {
                            [
                                b"0123.-"[rng.index(if trial % 2 == 0 { 4 } else { 6 })],
                                b' ',
                            ]
                        })
                        .collect();
                    line.pop();
                    // Most rows in the judge's layout; some not, or wrong.
                    match rng.index(24) {
                        0 => line.push(b'\r'),
                        1 => line.insert(0, b'\n'),
                        2 => line.extend_from_slice(b" \t"),
                        3 => {
                            let k = rng.index(line.len());
                            line[k] = b"x4 \t."[rng.index(5)];
                        }
                        4 => {
                            line.remove(rng.index(line.len()));
                        }
                        _ => {}
                    }
                    src.extend_from_slice(&line);
                    src.push(b'\n');
                }
                if trial % 5 == 0 {
                    // The input ends without the last newline.
                    src.pop();
                } else {
                    src.extend_from_slice(b"0 0\n");
                }
                let span = match Scanner::new(&src).next() {
                    Some(Ok(span)) => span,
                    _ => continue,
                };
                let (mut a, mut b) = (Puzzle::default(), Puzzle::default());
                let got = parse_body(&src, &span, &mut a);
                let want = parse_body_line_by_line(&src, &span, &mut b);
                let shown = String::from_utf8_lossy(&src);
                assert_eq!(got, want, "{shown}");
                if got.is_ok() {
                    assert_eq!(a, b, "{shown}");
                    plain += usize::from(a.blanks() == 0);
                } else {
                    errors += 1;
                }
            }
        }
        assert!(
            plain > 300 && errors > 300,
            "{plain} without blanks, {errors} errors"
        );
    }

    #[test]
    fn the_fast_row_reader_agrees_with_the_general_one() {
        use crate::util::rng::Rng;
        let mut rng = Rng::new(11);
        let mut fast = 0;
        for c in [1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 20, 21, 64, 65] {
            for _ in 0..200 {
                let mut line: Vec<u8> = (0..c)
                    .flat_map(|_| [b'0' + rng.index(4) as u8, b' '])
                    .collect();
                line.pop();
                // Most lines get one change: a byte replaced, inserted or removed.
                match rng.index(8) {
                    0 => {}
                    1 => line.extend_from_slice(b"\r"),
                    2 => line.extend_from_slice(b" \t "),
                    3 => {
                        let k = rng.index(line.len());
                        let bytes = b" \t.-04x\r";
                        line.insert(k, bytes[rng.index(bytes.len())]);
                    }
                    4 => {
                        line.remove(rng.index(line.len()));
                    }
                    _ => {
                        let k = rng.index(line.len());
                        let bytes = b" \t.-0345x\r";
                        line[k] = bytes[rng.index(bytes.len())];
                    }
                }
                let (mut a, mut b) = (vec![9; c], vec![9; c]);
                let general = read_row(&line, 0, &mut b);
                if plain_row(&line, &mut a) {
                    fast += 1;
                    assert_eq!(general, Ok(true), "{:?}", String::from_utf8_lossy(&line));
                    assert_eq!(a, b, "{:?}", String::from_utf8_lossy(&line));
                } else {
                    // Only lines the fast reader cannot take are left to the
                    // general one: anything but single digits 0-3 and spaces.
                    let plain = line.len() == 2 * c - 1
                        && line.iter().enumerate().all(|(k, &x)| match k % 2 {
                            0 => (b'0'..=b'3').contains(&x),
                            _ => x == b' ',
                        });
                    assert!(!plain, "{:?}", String::from_utf8_lossy(&line));
                }
            }
        }
        assert!(fast > 500, "{fast}");
    }
}
