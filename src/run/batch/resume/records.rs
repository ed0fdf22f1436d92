//! The records of a stopped run's output, read back one at a time from
//! its start: a line (JSON, a URL, a Loopy ID) or a judge record (the
//! data set's number, then its drawing). A record is whole when its last
//! line ends with its newline; what follows the last whole record at the
//! end of the output is a torn record, and reading stops there. A whole
//! line that no record of the format can hold is an error, placed.

use crate::puzzle::MAX_ROWS;
use std::io::{self, BufRead};

/// A whole record of the output.
pub(super) struct Rec {
    /// Its first line in the output, from 1.
    pub(super) line: usize,
    /// The byte offset just past it.
    pub(super) end: u64,
    /// What it holds.
    pub(super) body: Body,
}

/// What a record holds.
pub(super) enum Body {
    /// A line, without its newline.
    Line(Vec<u8>),
    /// A judge record: the data set's number and the drawing's lines,
    /// without their newlines.
    Drawing { number: usize, lines: Vec<Vec<u8>> },
}

/// Why the output cannot be read back: a read error, or a whole line
/// that breaks the format (its line, from 1, and what is wrong).
pub(super) enum Broken {
    Read(io::Error),
    Line(usize, String),
}

/// The records of an output, one at a time ([`Records::next`]).
pub(super) struct Records<'r> {
    reader: &'r mut dyn BufRead,
    /// Whether records are judge records (else lines).
    judge: bool,
    /// Lines read.
    line: usize,
    /// Bytes read.
    offset: u64,
    /// The line being read.
    buf: Vec<u8>,
}

/// A line as read: whole (with its newline), cut by the end of the
/// output, or none (the end).
#[derive(PartialEq, Eq)]
enum Got {
    Whole,
    Torn,
    End,
}

impl<'r> Records<'r> {
    /// The records of `reader`: judge records if `judge`, else lines.
    pub(super) fn new(reader: &'r mut dyn BufRead, judge: bool) -> Self {
        Records {
            reader,
            judge,
            line: 0,
            offset: 0,
            buf: Vec::new(),
        }
    }

    /// Bytes read so far: once [`Records::next`] has said `None`, the
    /// whole output.
    pub(super) fn read(&self) -> u64 {
        self.offset
    }

    /// The next whole record; `None` at the end of the output, or at a
    /// torn record there.
    pub(super) fn next(&mut self) -> Result<Option<Rec>, Broken> {
        let line = self.line + 1;
        if !self.judge {
            return Ok(match self.read_line()? {
                Got::Whole => Some(Rec {
                    line,
                    end: self.offset,
                    body: Body::Line(self.buf.clone()),
                }),
                Got::Torn | Got::End => None,
            });
        }
        if self.read_line()? != Got::Whole {
            return Ok(None);
        }
        let number = self.number()?;
        match self.drawing()? {
            Some(lines) => Ok(Some(Rec {
                line,
                end: self.offset,
                body: Body::Drawing { number, lines },
            })),
            None => Ok(None),
        }
    }

    /// Reads the next line into `buf`, without its newline.
    fn read_line(&mut self) -> Result<Got, Broken> {
        self.buf.clear();
        let n = self
            .reader
            .read_until(b'\n', &mut self.buf)
            .map_err(Broken::Read)?;
        self.offset += n as u64;
        if n == 0 {
            return Ok(Got::End);
        }
        if self.buf.pop() != Some(b'\n') {
            return Ok(Got::Torn);
        }
        self.line += 1;
        Ok(Got::Whole)
    }

    /// The error about the line just read: `what` was expected.
    fn broken(&self, what: &str) -> Broken {
        Broken::Line(
            self.line,
            format!("expected {what}, found '{}'", shown(&self.buf)),
        )
    }

    /// The data set number on the line just read: decimal digits, no
    /// leading zero, as the judge format writes it.
    fn number(&self) -> Result<usize, Broken> {
        let digits =
            !self.buf.is_empty() && self.buf[0] != b'0' && self.buf.iter().all(u8::is_ascii_digit);
        std::str::from_utf8(&self.buf)
            .ok()
            .filter(|_| digits)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| self.broken("a data set number (a judge record's first line)"))
    }

    /// The lines of a drawing, from its top border to its bottom border
    /// (all `#`, as wide as each line of it, `4c + 5`); `None` if the
    /// output ends first. The lines between are checked for their width
    /// only; the rest is [`crate::puzzle::formats::judge::drawing`]'s.
    fn drawing(&mut self) -> Result<Option<Vec<Vec<u8>>>, Broken> {
        if self.read_line()? != Got::Whole {
            return Ok(None);
        }
        let width = self.buf.len();
        if width < 9 || (width - 5) % 4 != 0 || self.buf.iter().any(|&b| b != b'#') {
            return Err(self.broken("a drawing's top border (4c + 5 '#', c >= 1)"));
        }
        let mut lines = vec![self.buf.clone()];
        loop {
            if self.read_line()? != Got::Whole {
                return Ok(None);
            }
            if self.buf.len() != width {
                let why = format!("a line of the drawing, {width} characters long");
                return Err(self.broken(&why));
            }
            lines.push(self.buf.clone());
            if self.buf.iter().all(|&b| b == b'#') {
                break;
            }
            if lines.len() > 2 * MAX_ROWS + 5 {
                return Err(self.broken("the drawing's bottom border"));
            }
        }
        if lines.len() < 7 || lines.len() % 2 == 0 {
            let why = format!("a drawing of 2r + 5 lines (r >= 1), not {}", lines.len());
            return Err(Broken::Line(self.line, why));
        }
        Ok(Some(lines))
    }
}

/// At most 60 bytes of `line`, escaped for a message (`\xNN`, `\'`), so
/// that no byte of the output reaches a terminal raw.
pub(super) fn shown(line: &[u8]) -> String {
    let mut s = line[..line.len().min(60)].escape_ascii().to_string();
    if line.len() > 60 {
        s.push_str("...");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each record's line and end, then the bytes read.
    type Found = (Vec<(usize, u64)>, u64);

    /// The records of `text` (judge records if `judge`); or the broken
    /// line and why.
    fn all(text: &str, judge: bool) -> Result<Found, (usize, String)> {
        let mut reader = text.as_bytes();
        let mut records = Records::new(&mut reader, judge);
        let mut found = Vec::new();
        loop {
            match records.next() {
                Ok(Some(rec)) => found.push((rec.line, rec.end)),
                Ok(None) => return Ok((found, records.read())),
                Err(Broken::Line(line, why)) => return Err((line, why)),
                Err(Broken::Read(e)) => panic!("{e}"),
            }
        }
    }

    const SAMPLE: &str = "3\n#############\n#           #\n# +-------+ #\n# | 2   2 | #\n\
                          # |       | #\n# | 2   2 | #\n# +-------+ #\n#           #\n\
                          #############\n";

    #[test]
    fn a_record_is_whole_with_its_last_newline() {
        let two = format!("{SAMPLE}{}", SAMPLE.replacen('3', "7", 1));
        let n = SAMPLE.len() as u64;
        assert_eq!(all(&two, true), Ok((vec![(1, n), (11, 2 * n)], 2 * n)));
        // Cut anywhere in the second record: the first is kept.
        for cut in [n + 1, n + 2, n + 30, 2 * n - 1] {
            let text = &two[..cut as usize];
            assert_eq!(all(text, true), Ok((vec![(1, n)], cut)), "{cut}");
        }
        assert_eq!(all("{\"a\":1}\n{\"b\"", false), Ok((vec![(1, 8)], 12)));
        assert_eq!(all("", false), Ok((vec![], 0)));
    }

    #[test]
    fn a_whole_line_that_no_record_holds_is_placed() {
        let why = |text: &str| all(text, true).unwrap_err();
        assert_eq!(why("03\n").0, 1);
        assert!(why("x\n").1.starts_with("expected a data set number"));
        let (line, what) = why(&SAMPLE.replace("# | 2   2 | #\n# |", "# | 2   2 |#\n# |"));
        assert_eq!(line, 5);
        assert!(what.contains("13 characters long"), "{what}");
        assert_eq!(why("1\n####\n").0, 2);
        // A drawing of an even number of lines.
        assert_eq!(why("1\n#########\n#       #\n#########\n").0, 4);
    }
}
