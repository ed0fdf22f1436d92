//! A data set that is not a puzzle: [`ParseError`], placed on its line
//! and column, the one error of every reader in [`super`].

use std::fmt;

/// A malformed data set: where it goes wrong and what was wrong.
///
/// Every format's errors have this shape. The readers of a whole text
/// ([`Reader`](super::Reader), [`crate::puzzles`]) give the line and
/// column in the text and the data set's number; a decoder of one string
/// ([`url::decode`](super::url::decode), [`loopy::decode`](super::loopy::decode),
/// [`pzprv3::decode`](super::pzprv3::decode)) places its errors in that
/// string, the one data set 1. Lines and columns count from 1, columns in
/// bytes. `Display` writes `LINE:COL: data set K: message`, so that the
/// caller only puts the file name in front.
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
}

impl ParseError {
    /// The error at byte offset `at` of `text`, of data set 1.
    pub(crate) fn locate(text: &[u8], at: usize, message: String) -> Self {
        let before = &text[..at.min(text.len())];
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |k| k + 1);
        ParseError {
            line: 1 + memchr::memchr_iter(b'\n', before).count(),
            col: at - line_start + 1,
            data_set: 1,
            message,
        }
    }

    /// The same error for text that stood at column `col` (from 1) of
    /// line `line` of a larger text, as data set `data_set` of it.
    pub(crate) fn moved(mut self, line: usize, col: usize, data_set: usize) -> Self {
        if self.line == 1 {
            self.col += col - 1;
        }
        self.line += line - 1;
        self.data_set = data_set;
        self
    }
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
