//! Where things are in a judge-format text: a data set's [`Span`], its
//! [`Header`], and a [`ParseError`] placed on its line and column (with
//! the helpers that show a byte in a message).

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
pub(super) fn shown(b: u8) -> String {
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
pub(super) fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == 0x0b || b == 0x0c
}
