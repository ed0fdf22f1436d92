//! Texts of one puzzle per line: puzz.link URLs or Loopy game IDs.
//!
//! Blank lines and lines starting with `#` (after spaces) are passed
//! over; every other line is one data set, read on its own, so that a bad
//! line is an error in place (`7:31: puzz.link body ends after 97 of 100
//! cells`) and the lines after it are read as usual.

use super::detect::{bom_len, Format};
use super::entry::{Entry, FormatError};
use super::text::trim;
use super::{loopy, url};
use crate::puzzle::Puzzle;

/// What the lines hold. URLs and Loopy IDs may share a text: in a text
/// of either, a line that looks like the other ([`Format::of_line`]) is
/// read as the other; a line that looks like neither is read as the
/// text's own kind, whose error says what was expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// puzz.link / pzprjs URLs (and any Loopy IDs among them).
    Url,
    /// Loopy game IDs (and any URLs among them).
    Loopy,
    /// Either, told apart line by line ([`Format::of_line`]; a line that
    /// looks like neither is read as a URL, whose error says what was
    /// expected).
    Mixed,
}

impl LineKind {
    /// Reads one line (trimmed) as this kind says.
    pub fn decode_into(self, line: &[u8], out: &mut Puzzle) -> Result<(), FormatError> {
        let looks = Format::of_line(line);
        let loopy = match self {
            LineKind::Url | LineKind::Mixed => looks == Some(Format::Loopy),
            LineKind::Loopy => looks != Some(Format::Url),
        };
        if loopy {
            loopy::decode_into(line, out)
        } else {
            url::decode_into(line, out)
        }
    }
}

/// The data sets of a text of one URL or ID per line, as [`Entry`]s
/// numbered from 1 in the order of the lines.
pub struct Lines<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
    number: usize,
    kind: LineKind,
}

impl<'a> Lines<'a> {
    /// The lines of `text` (a UTF-8 byte order mark is passed over).
    pub fn new(text: &'a [u8], kind: LineKind) -> Self {
        let pos = bom_len(text);
        Lines {
            text,
            pos,
            line: 0,
            number: 0,
            kind,
        }
    }
}

impl Lines<'_> {
    /// Passes over the next line that holds a data set: its bounds in
    /// the text (spaces trimmed) and the offset of its line's start.
    fn next_span(&mut self) -> Option<(usize, usize, usize)> {
        while self.pos < self.text.len() {
            let start = self.pos;
            let end =
                memchr::memchr(b'\n', &self.text[start..]).map_or(self.text.len(), |k| start + k);
            self.pos = end + 1;
            self.line += 1;
            let (from, to) = trim(self.text, start, end);
            if from == to || self.text[from] == b'#' {
                continue;
            }
            self.number += 1;
            return Some((from, to, start));
        }
        None
    }
}

impl Iterator for Lines<'_> {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        let (from, to, start) = self.next_span()?;
        let mut p = Puzzle::default();
        let puzzle = self
            .kind
            .decode_into(&self.text[from..to], &mut p)
            .map(|()| p)
            .map_err(|e| e.moved(self.line, from - start + 1));
        Some(Entry {
            number: self.number,
            line: self.line,
            puzzle,
        })
    }

    /// The data sets, counted without decoding them.
    fn count(mut self) -> usize {
        std::iter::from_fn(|| self.next_span()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_reported_in_place() {
        let text = b"# three puzzles\n\
            https://puzz.link/p?slither/2/2/cc\n\
            \n\
            \x20 https://puzz.link/p?slither/2/2/3\n\
            https://puzz.link/p?slither/2/2/0000\n";
        let entries: Vec<Entry> = Lines::new(text, LineKind::Url).collect();
        assert_eq!(entries.len(), 3);
        assert_eq!((entries[0].number, entries[0].line), (1, 2));
        assert!(entries[0].puzzle.is_ok());
        assert_eq!((entries[1].number, entries[1].line), (2, 4));
        assert_eq!(
            entries[1].puzzle.as_ref().unwrap_err().to_string(),
            "4:36: puzz.link body ends after 1 of 4 cells"
        );
        assert!(entries[2].puzzle.is_ok());
    }

    #[test]
    fn urls_and_loopy_ids_share_a_text_of_either_kind() {
        let text = b"https://puzz.link/p?slither/5/5/cbcbcddad\n5x5t0:2b1b2b1b2b3b3b0b3\n";
        for kind in [LineKind::Url, LineKind::Loopy] {
            let entries: Vec<Entry> = Lines::new(text, kind).collect();
            assert_eq!(entries.len(), 2);
            let first = entries[0].puzzle.as_ref().unwrap();
            assert_eq!(entries[1].puzzle.as_ref(), Ok(first), "{kind:?}");
        }
        // A line like neither gets its text's own error.
        let mut p = Puzzle::default();
        let err = LineKind::Loopy.decode_into(b"garbage", &mut p).unwrap_err();
        assert!(err.to_string().contains("Loopy"), "{err}");
        let err = LineKind::Url.decode_into(b"garbage", &mut p).unwrap_err();
        assert!(err.to_string().contains("puzz.link"), "{err}");
    }

    #[test]
    fn mixed_lines() {
        let text = b"2x1t0:01\r\nslither/2/1/01\n";
        let entries: Vec<Entry> = Lines::new(text, LineKind::Mixed).collect();
        assert_eq!(entries[0].puzzle, entries[1].puzzle);
        assert_eq!(
            Lines::new(b"\n\n  3x3t0:2b\n", LineKind::Loopy)
                .next()
                .unwrap()
                .puzzle
                .unwrap_err()
                .to_string(),
            "3:11: Loopy description ends after 3 of 9 cells"
        );
    }
}
