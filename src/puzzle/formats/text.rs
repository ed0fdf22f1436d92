//! What the readers and decoders share: the lines of a text that hold
//! something (blank and `#` comment lines passed over, in one place),
//! local errors, how a byte is shown in a message, sizes read from a
//! header and checked before anything is allocated.

use crate::puzzle::{Puzzle, MAX_COLS, MAX_ROWS};

/// An error found at a byte offset of the text being decoded, before it
/// is placed on a line and column by [`super::ParseError::locate`].
pub(crate) type Fail = (usize, String);

/// Whitespace around a line's content (spaces, tabs, CR, form feeds).
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// The bounds of `s[from..to]` without its leading and trailing spaces.
pub(crate) fn trim(s: &[u8], mut from: usize, mut to: usize) -> (usize, usize) {
    while from < to && is_space(s[from]) {
        from += 1;
    }
    while to > from && is_space(s[to - 1]) {
        to -= 1;
    }
    (from, to)
}

/// A line of a text that holds something ([`next_content`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ContentLine {
    /// Where the line starts.
    pub start: usize,
    /// Where its content starts: its first byte that is not a space.
    pub from: usize,
    /// Where its content ends, spaces after it left out.
    pub to: usize,
    /// Where the line ends: its `\n`, or the end of the text.
    pub end: usize,
}

/// Passes over the lines of `text` from the line start `*pos` that are
/// blank or `#` comments (after spaces), counting them in `*line`: the
/// next line that holds something, not taken (`*pos` is its start), or
/// `None` at the end of the text (`*pos` is there). The one place where
/// blank and comment lines are passed over, in every format but the
/// judge's, which has blank lines and no comments.
pub(crate) fn next_content(text: &[u8], pos: &mut usize, line: &mut usize) -> Option<ContentLine> {
    while *pos < text.len() {
        let start = *pos;
        let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |k| start + k);
        let (from, to) = trim(text, start, end);
        if from < to && text[from] != b'#' {
            return Some(ContentLine {
                start,
                from,
                to,
                end,
            });
        }
        *pos = (end + 1).min(text.len());
        *line += usize::from(end < text.len());
    }
    None
}

/// How a byte shows in a message of the judge format: `'x'`, `' '`, or
/// `byte 0xNN`.
pub(crate) fn shown(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else if b == b' ' {
        "' '".into()
    } else {
        format!("byte 0x{b:02x}")
    }
}

/// How the text at `at` shows in a message: the character in quotes (a
/// whole UTF-8 character, not a byte of it), `byte 0xNN` for a byte that
/// is not text, or `the end` past the text.
pub(crate) fn shown_at(s: &[u8], at: usize) -> String {
    let Some(&b) = s.get(at) else {
        return "the end".into();
    };
    if b == b'\n' {
        return "the end of the line".into();
    }
    if b.is_ascii_graphic() || b == b' ' {
        return format!("'{}'", b as char);
    }
    let len = match b {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    };
    match s
        .get(at..at + len)
        .and_then(|c| std::str::from_utf8(c).ok())
    {
        Some(c) if len > 1 => format!("'{c}'"),
        _ => format!("byte 0x{b:02x}"),
    }
}

/// At most `max` bytes of `s[from..to]` as text, for a message: escaped
/// (`\xNN`, `\n`, `\'`) where a byte is not printable ASCII or is a
/// quote, so that no input byte reaches a terminal raw.
pub(crate) fn excerpt(s: &[u8], from: usize, to: usize, max: usize) -> String {
    let end = to.min(from + max);
    let mut t = s[from..end].escape_ascii().to_string();
    if end < to {
        t.push_str("...");
    }
    t
}

/// A size read from a header: its value (saturated, never overflowing)
/// and where its digits are.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Digits {
    pub value: usize,
    pub at: usize,
    pub end: usize,
}

/// Reads the decimal number at `at` (digits only), or fails with
/// "expected {what}, found ...".
pub(crate) fn count(s: &[u8], at: usize, what: &str) -> Result<Digits, Fail> {
    let mut end = at;
    let mut value = 0usize;
    while let Some(d) = s.get(end).filter(|b| b.is_ascii_digit()) {
        value = value
            .saturating_mul(10)
            .saturating_add(usize::from(d - b'0'));
        end += 1;
    }
    if end == at {
        return Err((at, format!("expected {what}, found {}", shown_at(s, at))));
    }
    Ok(Digits { value, at, end })
}

/// Checks a header's size against slink's limits, before anything is
/// allocated: a count beyond its limit is named with its digits, a zero
/// with the board it would make.
pub(crate) fn check_size(s: &[u8], rows: Digits, cols: Digits) -> Result<(), Fail> {
    for (c, noun, max) in [(rows, "row", MAX_ROWS), (cols, "column", MAX_COLS)] {
        if c.value > max {
            let digits = excerpt(s, c.at, c.end, 24);
            return Err((
                c.at,
                format!("{noun} count {digits} exceeds the limit {max}"),
            ));
        }
    }
    if rows.value == 0 || cols.value == 0 {
        let at = if rows.value == 0 { rows.at } else { cols.at };
        return Err((
            at,
            format!(
                "a {}x{} board is outside the sizes slink accepts (1x1 to {MAX_ROWS}x{MAX_COLS})",
                rows.value, cols.value
            ),
        ));
    }
    Ok(())
}

/// The message for a clue beyond 3 in cell `k` of a board `cols` wide.
pub(crate) fn big_clue(value: u32, k: usize, cols: usize) -> String {
    format!(
        "clue {value} at row {}, column {} is not 0-4",
        k / cols + 1,
        k % cols + 1
    )
}

/// The cells of a puzzle being filled in reading order by a run-length
/// body (puzz.link's, Loopy's): clues are set one cell at a time, blank
/// runs skipped (the puzzle starts all blank).
pub(crate) struct Cells<'a> {
    clues: &'a mut [u8],
    cols: usize,
    /// The next cell to fill (may pass the end by a final run).
    k: usize,
    /// What the body is called in messages, e.g. `puzz.link body`.
    what: &'static str,
}

impl<'a> Cells<'a> {
    /// The cells of `p` (already sized and blank), filled from the first.
    pub fn new(p: &'a mut Puzzle, what: &'static str) -> Self {
        let cols = p.cols();
        Cells {
            clues: p.clue_bytes_mut(),
            cols,
            k: 0,
            what,
        }
    }

    /// Fails when every cell is filled and the body goes on at `at`.
    #[inline]
    pub fn room(&self, at: usize) -> Result<(), Fail> {
        if self.k < self.clues.len() {
            return Ok(());
        }
        Err((
            at,
            format!(
                "{} goes on after the {} cells of the board",
                self.what,
                self.clues.len()
            ),
        ))
    }

    /// Sets the next cell's clue, read at `at` (a value beyond 4 fails).
    #[inline]
    pub fn clue(&mut self, value: u32, at: usize) -> Result<(), Fail> {
        if value > 4 {
            return Err((at, big_clue(value, self.k, self.cols)));
        }
        self.clues[self.k] = value as u8;
        self.k += 1;
        Ok(())
    }

    /// Sets the next cells' clues from the plain digits `0`-`3` at the
    /// start of `digits`, as many as there are cells left; returns how
    /// many it took. The common case of both bodies (a Slink puzzle's is
    /// all digits), read without a check and a match per byte, which made
    /// a URL cost markedly more to read than the judge's layout.
    #[inline]
    pub fn digits(&mut self, digits: &[u8]) -> usize {
        let Some(room) = self.clues.len().checked_sub(self.k) else {
            // A blank run went past the end: the caller reports it.
            return 0;
        };
        let n = digits
            .iter()
            .take(room)
            .take_while(|b| matches!(b, b'0'..=b'3'))
            .count();
        for (c, &d) in self.clues[self.k..self.k + n].iter_mut().zip(digits) {
            *c = d - b'0';
        }
        self.k += n;
        n
    }

    /// Leaves the next `n` cells blank.
    #[inline]
    pub fn skip(&mut self, n: usize) {
        self.k += n;
    }

    /// Checks, at the body's end `at`, that every cell was filled.
    pub fn finish(self, at: usize) -> Result<(), Fail> {
        if self.k >= self.clues.len() {
            return Ok(());
        }
        Err((
            at,
            format!(
                "{} ends after {} of {} cells",
                self.what,
                self.k,
                self.clues.len()
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_show_as_characters() {
        assert_eq!(shown_at(b"ab", 1), "'b'");
        assert_eq!(shown_at(b"ab", 2), "the end");
        assert_eq!(shown_at(b"a\n", 1), "the end of the line");
        assert_eq!(shown_at("aé".as_bytes(), 1), "'é'");
        assert_eq!(shown_at(b"a\xff", 1), "byte 0xff");
        assert_eq!(shown_at(b"\x01", 0), "byte 0x01");
    }

    #[test]
    fn counts_saturate_and_sizes_are_checked_before_allocation() {
        let s = b"99999999999999999999999/3";
        let r = count(s, 0, "the rows").unwrap();
        assert_eq!((r.value, r.end), (usize::MAX, 23));
        let c = count(s, 24, "the columns").unwrap();
        assert_eq!(
            check_size(s, r, c).unwrap_err(),
            (
                0,
                "row count 99999999999999999999999 exceeds the limit 1024".into()
            )
        );
        let s = b"0/3";
        let (r, c) = (count(s, 0, "").unwrap(), count(s, 2, "").unwrap());
        assert_eq!(
            check_size(s, r, c).unwrap_err().1,
            "a 0x3 board is outside the sizes slink accepts (1x1 to 1024x255)"
        );
        assert_eq!(
            count(b"x", 0, "the width").unwrap_err(),
            (0, "expected the width, found 'x'".into())
        );
    }
}
