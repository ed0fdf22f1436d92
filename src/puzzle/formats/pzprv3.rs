//! pzprjs's save files of `slither` (`pzprv3`).
//!
//! A file is a list of lines; pzprjs reads a `/` as a line break too, so
//! `pzprv3/slither/2/3/1 . . /. . 3 /` is a whole file on one line. For
//! slither the lines are:
//!
//! - an optional `v:` line (a variant marker), then `pzprv3` or
//!   `pzprv3.1` (the file version), then the puzzle type `slither`;
//! - the number of rows, then of columns (rows first, unlike a URL);
//! - an optional `f` line: pzprjs's "slither_full" variant (the loop
//!   visits every vertex), refused with an error since slink solves the
//!   plain rules;
//! - one line per row of clues, each cell a token followed by a space:
//!   `0`-`4`, `.` for a blank, `-` for a clue whose number is hidden (a
//!   blank for the solver);
//! - the answer: (version 1) a row of cell marks per row, then the
//!   vertical edges `V(i, j)` (rows lines of cols + 1 tokens), then the
//!   horizontal edges `H(i, j)` (rows + 1 lines of cols tokens), each `1`
//!   for a line, `0` for unknown and `-1` for a cross;
//! - possibly a `history:` or `info:` section.
//!
//! [`decode`] reads a file's clues and passes over the rest;
//! [`decode_with_answer`] also reads its answer; a
//! [`Reader`](super::Reader) reads several files one after another, each
//! up to the next one's first line (`file_end`). [`encode`] writes what
//! pzprjs saves for a puzzle with no answer yet (version 1, every edge
//! unknown), and [`encode_solved`] the same with a loop in it.

use super::error::ParseError;
use super::text::{big_clue, check_size, count, excerpt, is_space, shown_at, trim, Fail};
use crate::puzzle::solution::Solution;
use crate::puzzle::{Puzzle, BLANK};
use std::fmt::Write as _;

/// The clues of the (first) pzprv3 file in `text`, which may have lines
/// before it that are blank or `#` comments.
pub fn decode(text: &(impl AsRef<[u8]> + ?Sized)) -> Result<Puzzle, ParseError> {
    let mut p = Puzzle::default();
    decode_into(text.as_ref(), &mut p)?;
    Ok(p)
}

/// The clues of the (first) pzprv3 file in `text`, and its answer: the
/// lines drawn in it, or `None` when the file ends after the clues.
pub fn decode_with_answer(
    text: &(impl AsRef<[u8]> + ?Sized),
) -> Result<(Puzzle, Option<Solution>), ParseError> {
    let s = text.as_ref();
    let mut p = Puzzle::default();
    let mut answer = None;
    read(s, &mut p, Some(&mut answer)).map_err(|(at, m)| ParseError::locate(s, at, m))?;
    Ok((p, answer))
}

/// The lines of a file: records separated by `\n` or `/`.
struct Fields<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Fields<'_> {
    /// The next record's bounds, spaces trimmed (`None` at the end).
    fn next(&mut self) -> Option<(usize, usize)> {
        if self.pos >= self.s.len() {
            return None;
        }
        let from = self.pos;
        let end = memchr::memchr2(b'\n', b'/', &self.s[from..]).map_or(self.s.len(), |k| from + k);
        self.pos = end + 1;
        Some(trim(self.s, from, end))
    }

    /// The next record, or a failure saying the file ends before `what`.
    fn expect(&mut self, what: &str) -> Result<(usize, usize), Fail> {
        self.next()
            .ok_or_else(|| (self.s.len(), format!("pzprv3 file ends before {what}")))
    }

    /// Reads the record `(from, to)` as a number alone on its line.
    fn number(&self, (from, to): (usize, usize), what: &str) -> Result<super::text::Digits, Fail> {
        let c = count(&self.s[..to], from, what)?;
        if c.end < to {
            return Err((
                c.end,
                format!(
                    "expected the end of the line after {what}, found {}",
                    shown_at(self.s, c.end)
                ),
            ));
        }
        Ok(c)
    }

    /// Calls `each(k, token, at)` for the `n` space-separated tokens of the
    /// record `(from, to)`, row `row` (from 1) of `what`; fewer or more
    /// tokens fail.
    fn tokens(
        &self,
        (from, to): (usize, usize),
        n: usize,
        row: usize,
        what: &str,
        mut each: impl FnMut(usize, &[u8], usize) -> Result<(), Fail>,
    ) -> Result<(), Fail> {
        let mut k = 0;
        let mut at = from;
        while at < to {
            let end = (at..to).find(|&e| is_space(self.s[e])).unwrap_or(to);
            if k == n {
                return Err((
                    at,
                    format!("pzprv3 {what} row {row} has more than {n} cells"),
                ));
            }
            each(k, &self.s[at..end], at)?;
            k += 1;
            at = (end..to).find(|&e| !is_space(self.s[e])).unwrap_or(to);
        }
        if k < n {
            return Err((
                to,
                format!("pzprv3 {what} row {row} ends after {k} of {n} cells"),
            ));
        }
        Ok(())
    }
}

/// Reads the file at the start of `s` (after blank and `#` lines) into
/// `out`, and its answer into `answer` when asked for.
fn read(s: &[u8], out: &mut Puzzle, answer: Option<&mut Option<Solution>>) -> Result<(), Fail> {
    let mut r = Fields { s, pos: 0 };
    let (rows, cols, version) = header(&mut r, s)?;
    out.reset(rows, cols)
        .expect("size checked before allocation");
    let clues = out.clue_bytes_mut();
    let mut next = r.next();
    if let Some((from, to)) = next.filter(|&(f, t)| &s[f..t] == b"f") {
        return Err((
            from.min(to),
            "pzprv3 flag 'f' asks for a loop through every vertex, \
             a variant of slither that slink does not solve"
                .into(),
        ));
    }
    for i in 0..rows {
        let rec = next.ok_or_else(|| {
            (
                s.len(),
                format!("pzprv3 file ends after {i} of {rows} clue rows"),
            )
        })?;
        r.tokens(rec, cols, i + 1, "clue", |j, token, at| {
            clues[i * cols + j] = match token {
                b"." | b"-" => BLANK,
                _ if token.iter().all(u8::is_ascii_digit) => {
                    let value = count(token, 0, "")?.value;
                    if value > 4 {
                        return Err((
                            at,
                            big_clue(value.min(u32::MAX as usize) as u32, i * cols + j, cols),
                        ));
                    }
                    value as u8
                }
                _ => {
                    return Err((
                        at,
                        format!(
                            "expected a clue (0-4, '.' or '-') in a pzprv3 row, found '{}'",
                            excerpt(token, 0, token.len(), 16)
                        ),
                    ))
                }
            };
            Ok(())
        })?;
        next = r.next();
    }
    if let Some(answer) = answer {
        *answer = read_answer(&mut r, next, rows, cols, version)?;
    }
    Ok(())
}

/// Reads a pzprv3 file's header from `r` (after blank and `#` lines):
/// the `pzprv3` line (its version; a pzprjs `v:` line before it is passed
/// over), the type `slither`, the row and column counts (checked against
/// slink's limits); returns the size and the version.
fn header(r: &mut Fields<'_>, s: &[u8]) -> Result<(usize, usize, usize), Fail> {
    // Blank and comment lines before the file (by whole lines).
    let first = loop {
        let Some((from, to)) = r.next() else {
            return Err((s.len(), "expected a pzprv3 file, found no text".into()));
        };
        if from == to || s[from] == b'#' {
            r.pos = memchr::memchr(b'\n', &s[from..])
                .map_or(s.len(), |k| from + k + 1)
                .max(r.pos);
            continue;
        }
        break (from, to);
    };
    let first = if s[first.0..first.1].starts_with(b"v:") {
        r.expect("the line 'pzprv3'")?
    } else {
        first
    };
    let head = &s[first.0..first.1];
    if !head.starts_with(b"pzprv3") {
        return Err((
            first.0,
            format!(
                "expected a pzprv3 file's first line 'pzprv3', found '{}'",
                excerpt(s, first.0, first.1, 24)
            ),
        ));
    }
    let version = head.strip_prefix(b"pzprv3.").map_or(0, |v| {
        v.iter()
            .take_while(|b| b.is_ascii_digit())
            .fold(0usize, |n, &d| {
                n.saturating_mul(10).saturating_add(usize::from(d - b'0'))
            })
    });
    let (from, to) = r.expect("the puzzle type")?;
    if &s[from..to] != b"slither" {
        return Err((
            from,
            format!(
                "pzprv3 puzzle type '{}' is not slither",
                excerpt(s, from, to, 24)
            ),
        ));
    }
    let rec = r.expect("the row count")?;
    let rows = r.number(rec, "the row count")?;
    let rec = r.expect("the column count")?;
    let cols = r.number(rec, "the column count")?;
    check_size(s, rows, cols)?;
    let (rows, cols) = (rows.value, cols.value);
    Ok((rows, cols, version))
}

/// Reads the answer after the clue rows (`next` is the record after them).
fn read_answer(
    r: &mut Fields,
    mut next: Option<(usize, usize)>,
    rows: usize,
    cols: usize,
    version: usize,
) -> Result<Option<Solution>, Fail> {
    if next.is_none_or(|(from, to)| from == to || r.s[from..].starts_with(b"pzprv3")) {
        return Ok(None);
    }
    let s = r.s;
    let mut line = |what: &str, i: usize, n: usize, next: &mut Option<(usize, usize)>| {
        let rec =
            next.ok_or_else(|| (s.len(), format!("pzprv3 file ends before {what} row {i}")))?;
        *next = r.next();
        Ok::<_, Fail>((rec, n))
    };
    if version >= 1 {
        for i in 1..=rows {
            line("cell mark", i, cols, &mut next)?;
        }
    }
    let mut sol = Solution::new(rows, cols);
    let edge = |token: &[u8], at: usize| -> Result<bool, Fail> {
        let digits = token.strip_prefix(b"-").unwrap_or(token);
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err((
                at,
                format!(
                    "expected an edge (1, 0 or -1) in a pzprv3 answer row, found '{}'",
                    excerpt(token, 0, token.len(), 16)
                ),
            ));
        }
        Ok(token[0] != b'-' && digits.iter().any(|&d| d != b'0'))
    };
    let mut vertical = Vec::with_capacity(rows);
    for i in 0..rows {
        vertical.push(line("vertical edge", i + 1, cols + 1, &mut next)?);
    }
    let mut horizontal = Vec::with_capacity(rows + 1);
    for i in 0..=rows {
        horizontal.push(line("horizontal edge", i + 1, cols, &mut next)?);
    }
    for (i, &(rec, n)) in vertical.iter().enumerate() {
        r.tokens(rec, n, i + 1, "vertical edge", |j, t, at| {
            sol.set_v(i, j, edge(t, at)?);
            Ok(())
        })?;
    }
    for (i, &(rec, n)) in horizontal.iter().enumerate() {
        r.tokens(rec, n, i + 1, "horizontal edge", |j, t, at| {
            sol.set_h(i, j, edge(t, at)?);
            Ok(())
        })?;
    }
    Ok(Some(sol))
}

/// Whether the line `s[from..to]` (trimmed) starts a file.
fn starts_file(line: &[u8]) -> bool {
    line.starts_with(b"pzprv3") || line.starts_with(b"v:")
}

/// The line of `s` at `pos`: its end (its `\n` or the text's end), trimmed bounds.
fn line_at(s: &[u8], pos: usize) -> (usize, (usize, usize)) {
    let end = memchr::memchr(b'\n', &s[pos..]).map_or(s.len(), |k| pos + k);
    (end, trim(s, pos, end))
}

/// Where the file that starts at `start` (its first line: a `v:` or
/// `pzprv3` line) ends in `s`: the offset just past its last line, and
/// its number of lines. It runs to the next line that starts a file.
pub(crate) fn file_end(s: &[u8], start: usize) -> (usize, usize) {
    // The file's own first lines: a `v:` line and the `pzprv3` line.
    let (mut end, (from, to)) = line_at(s, start);
    let mut lines = 1;
    let first = &s[from..to];
    if first.starts_with(b"v:") && !first.contains(&b'/') && end < s.len() {
        let (e, (f, t)) = line_at(s, end + 1);
        if s[f..t].starts_with(b"pzprv3") {
            end = e;
            lines += 1;
        }
    }
    while end < s.len() {
        let (e, (f, t)) = line_at(s, end + 1);
        if starts_file(&s[f..t]) {
            break;
        }
        end = e;
        lines += 1;
    }
    ((end + 1).min(s.len()), lines)
}

/// The clues of the file `file` (as [`file_end`] delimits it) into a
/// puzzle whose storage is reused; errors placed in `file`.
pub(crate) fn decode_into(file: &[u8], out: &mut Puzzle) -> Result<(), ParseError> {
    read(file, out, None).map_err(|(at, m)| ParseError::locate(file, at, m))
}

/// The file pzprjs saves for `p` with no answer: version 1, every cell
/// unmarked and every edge unknown.
pub fn encode(p: &Puzzle) -> String {
    write(p, None)
}

/// The file of `p` with the lines of `s` drawn as its answer.
///
/// Panics if `s` is not of the size of `p`.
pub fn encode_solved(p: &Puzzle, s: &Solution) -> String {
    assert_eq!(
        (s.rows(), s.cols()),
        (p.rows(), p.cols()),
        "solution of another size"
    );
    write(p, Some(s))
}

fn write(p: &Puzzle, s: Option<&Solution>) -> String {
    let (rows, cols) = (p.rows(), p.cols());
    let mut out = String::with_capacity(32 + 2 * (rows + 1) * (cols + 1) * 4);
    let _ = write!(out, "pzprv3.1\nslither\n{rows}\n{cols}\n");
    for i in 0..rows {
        for &c in &p.clue_bytes()[i * cols..(i + 1) * cols] {
            out.push(if c == BLANK {
                '.'
            } else {
                char::from(b'0' + c)
            });
            out.push(' ');
        }
        out.push('\n');
    }
    let mut edges = |n: usize, m: usize, line: &dyn Fn(usize, usize) -> bool| {
        for i in 0..n {
            for j in 0..m {
                out.push_str(if line(i, j) { "1 " } else { "0 " });
            }
            out.push('\n');
        }
    };
    edges(rows, cols, &|_, _| false);
    edges(rows, cols + 1, &|i, j| s.is_some_and(|s| s.v(i, j)));
    edges(rows + 1, cols, &|i, j| s.is_some_and(|s| s.h(i, j)));
    out
}

#[cfg(test)]
mod tests;
