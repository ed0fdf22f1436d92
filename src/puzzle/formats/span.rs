//! Where a data set is: its [`Place`] (number, line, column), the
//! [`Span`] of its bytes as the [`Reader`](super::Reader) finds them
//! (decoded by [`Span::decode`], beside the reader), and a [`DataSet`]
//! as read.

use super::detect::Format;
use super::error::ParseError;
use crate::puzzle::Puzzle;

/// Where a data set starts in its input: its number and its first line
/// and column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// Data set number, counting from 1 (bad data sets count too).
    pub number: usize,
    /// Line, from 1: the judge format's header, the URL's or ID's line,
    /// the pzprv3 file's first line (of a judge-format header that is
    /// malformed, where it goes wrong).
    pub line: usize,
    /// Column in bytes, from 1, of the data set's first byte.
    pub col: usize,
}

/// A data set found in a text, not yet decoded: where it is, and its
/// bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// Its number and where it starts.
    pub place: Place,
    /// Where its bytes start in the text: a judge-format data set's rows
    /// (after its header line), a URL's or ID's first byte, a pzprv3
    /// file's.
    pub start: usize,
    /// Where they end: past the last row line (its newline included),
    /// past the URL or ID (spaces after it left out), past the pzprv3
    /// file's last line.
    pub end: usize,
    /// Rows of cells, when the text gives the size before the clues (a
    /// judge-format header); else 0, known once decoded.
    pub rows: usize,
    /// Columns of cells, likewise.
    pub cols: usize,
    /// The format to decode it in.
    pub format: Format,
}

impl Span {
    /// The size, when known before decoding: a judge-format header's.
    pub fn size(&self) -> Option<(usize, usize)> {
        (self.rows > 0).then_some((self.rows, self.cols))
    }
}

/// One data set read: where it starts, and its puzzle or what is wrong
/// (the error placed where it goes wrong).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataSet {
    /// Its number and where it starts.
    pub place: Place,
    /// The puzzle, or why its text is not one.
    pub puzzle: Result<Puzzle, ParseError>,
}
