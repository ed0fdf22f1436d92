//! The data sets of the other formats of the ecosystem in a piece: one
//! puzz.link URL or Loopy game ID per line, or pzprv3 files one after
//! another ([`crate::puzzle::formats`]). The scan only finds each data
//! set's bytes; a worker decodes them ([`decode`]) into its reusable
//! puzzle, so decoding runs in parallel as the judge format's parsing
//! does. Blank lines and `#` comment lines between data sets are passed
//! over; a bad data set is an error in place and the next one is read.

use crate::puzzle::formats::judge::ParseError;
use crate::puzzle::formats::{self, pzprv3, Format, FormatError, LineKind};
use crate::puzzle::Puzzle;

/// Where a data set of a coded format lies in its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Coded {
    /// Data set number.
    pub(super) number: usize,
    /// Line of its first byte (of the whole input once placed).
    pub(super) line: usize,
    /// Column of its first byte in that line, from 1.
    pub(super) col: usize,
    /// Its bytes in the piece: a line's content without the spaces
    /// around it, or a whole pzprv3 file.
    pub(super) from: usize,
    pub(super) to: usize,
    /// How to read it: [`Format::Url`], [`Format::Loopy`] or [`Format::Pzprv3`].
    pub(super) format: Format,
}

/// Finds the data sets of a piece in a coded format.
pub(super) struct CodedScanner<'a> {
    src: &'a [u8],
    pos: usize,
    line: usize,
    next_number: usize,
    format: Format,
    /// Whether the piece is its input's last: otherwise its last pzprv3
    /// file may go on in the next piece, and is left to it.
    last: bool,
}

impl<'a> CodedScanner<'a> {
    /// The data sets of `src` in `format`, numbered from `first` (a UTF-8
    /// byte order mark is passed over).
    pub(super) fn new(src: &'a [u8], format: Format, first: usize, last: bool) -> Self {
        CodedScanner {
            src,
            pos: formats::bom_len(src),
            line: 1,
            next_number: first,
            format,
            last,
        }
    }

    /// Byte offset of the scan.
    pub(super) fn position(&self) -> usize {
        self.pos
    }

    /// The line of [`CodedScanner::position`], from 1.
    pub(super) fn line(&self) -> usize {
        self.line
    }

    /// The number the next data set will get.
    pub(super) fn next_number(&self) -> usize {
        self.next_number
    }

    /// The next data set; `None` at the end of the piece (or, in a piece
    /// that is not its input's last, before its last pzprv3 file).
    pub(super) fn next(&mut self) -> Option<Coded> {
        let s = self.src;
        while self.pos < s.len() {
            let start = self.pos;
            let end = memchr::memchr(b'\n', &s[start..]).map_or(s.len(), |k| start + k);
            let (from, to) = formats::trim(s, start, end);
            // Past the line's `\n`; a last line without one ends the text.
            let next = (end + 1).min(s.len());
            if from == to || s[from] == b'#' {
                self.pos = next;
                self.line += 1;
                continue;
            }
            let coded = Coded {
                number: self.next_number,
                line: self.line,
                col: from - start + 1,
                from,
                to,
                format: self.format,
            };
            if self.format == Format::Pzprv3 {
                let (stop, lines) = pzprv3::file_end(s, start);
                if stop >= s.len() && !self.last {
                    return None;
                }
                self.pos = stop;
                self.line += lines;
                self.next_number += 1;
                return Some(Coded {
                    from: start,
                    to: stop,
                    col: 1,
                    ..coded
                });
            }
            self.pos = next;
            self.line += 1;
            self.next_number += 1;
            return Some(coded);
        }
        None
    }
}

/// Reads the data set `c` of the piece `src` into `out`; an error is
/// placed at its line and column of the input and its data set.
pub(super) fn decode(src: &[u8], c: &Coded, out: &mut Puzzle) -> Result<(), ParseError> {
    let text = &src[c.from..c.to];
    let read = match c.format {
        Format::Pzprv3 => pzprv3::decode_into(text, out),
        Format::Loopy => LineKind::Loopy.decode_into(text, out),
        _ => LineKind::Url.decode_into(text, out),
    };
    read.map_err(|e: FormatError| {
        let e = e.moved(c.line, c.col);
        ParseError {
            line: e.line,
            col: e.col,
            data_set: c.number,
            message: e.message,
            recoverable: true,
            header: None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::BLANK;

    fn all(text: &[u8], format: Format, last: bool) -> (Vec<Coded>, usize) {
        let mut s = CodedScanner::new(text, format, 1, last);
        let found = std::iter::from_fn(|| s.next()).collect();
        (found, s.position())
    }

    #[test]
    fn lines_and_files_are_found_past_blanks_and_comments() {
        let text = b"# two\n\n  5x5t0:a \r\n5x5:b\n";
        let (found, at) = all(text, Format::Loopy, true);
        assert_eq!(at, text.len());
        assert_eq!(found.len(), 2);
        assert_eq!((found[0].line, found[0].col), (3, 3));
        assert_eq!(&text[found[0].from..found[0].to], b"5x5t0:a");
        assert_eq!((found[1].number, found[1].line), (2, 4));
        let mut p = Puzzle::default();
        let e = decode(text, &found[0], &mut p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:10: data set 1: Loopy description ends after 1 of 25 cells"
        );

        let file = "pzprv3\nslither\n1\n2\n1 . \n";
        let text = format!("\n{file}{file}");
        let (found, _) = all(text.as_bytes(), Format::Pzprv3, true);
        assert_eq!(found.len(), 2);
        assert_eq!((found[0].line, found[1].line), (2, 7));
        decode(text.as_bytes(), &found[1], &mut p).unwrap();
        assert_eq!(
            (p.rows(), p.cols(), p.clue_bytes()),
            (1, 2, &[1, BLANK][..])
        );
        // Not the input's last piece: the last file may go on after it.
        let (found, at) = all(text.as_bytes(), Format::Pzprv3, false);
        assert_eq!((found.len(), at), (1, 1 + file.len()));
    }
}
