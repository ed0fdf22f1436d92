//! One data set read from a text ([`Entry`]): a puzzle, or a
//! [`FormatError`] placed on its line and column. Every reader of
//! [`super`] gives its data sets in this shape.

use crate::puzzle::Puzzle;
use std::fmt;

/// A malformed input: where it is and what was wrong.
///
/// A decoder of one string ([`url::decode`](super::url::decode),
/// [`loopy::decode`](super::loopy::decode)) places its errors on line 1,
/// at the column of the byte (`col - 1` is the byte offset);
/// [`Lines`](super::Lines) and [`pzprv3`](super::pzprv3) give the line and column in
/// the whole text. Columns count bytes from 1, as slink's judge-format
/// errors do. `Display` writes `LINE:COL: message`, so that the caller
/// only puts the file name in front.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// Line, counting from 1.
    pub line: usize,
    /// Column in bytes, counting from 1.
    pub col: usize,
    /// What was wrong, e.g. `puzz.link body ends after 97 of 100 cells`.
    pub message: String,
}

impl FormatError {
    /// The error at byte offset `at` of `text`.
    pub(crate) fn locate(text: &[u8], at: usize, message: String) -> Self {
        let before = &text[..at.min(text.len())];
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |k| k + 1);
        FormatError {
            line: 1 + memchr::memchr_iter(b'\n', before).count(),
            col: at - line_start + 1,
            message,
        }
    }

    /// The same error for text that stood at column `col` (from 1) of
    /// line `line` of a larger text.
    pub(crate) fn moved(mut self, line: usize, col: usize) -> Self {
        if self.line == 1 {
            self.col += col - 1;
        }
        self.line += line - 1;
        self
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for FormatError {}

/// One data set read from a text: a puzzle, or why its text is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Data set number, counting from 1 (bad ones count too).
    pub number: usize,
    /// Line (from 1) where the data set starts: its URL or ID line, its
    /// judge-format header, its pzprv3 file's first line.
    pub line: usize,
    /// The puzzle, or the error, placed on its line and column in the text.
    pub puzzle: Result<Puzzle, FormatError>,
}
