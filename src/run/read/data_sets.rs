//! The data sets of a piece of whole data sets ([`Chunk`]), in any input
//! format, one at a time: each numbered in its input and placed on its
//! line and column (of a bad one, where it goes wrong), a puzzle or the
//! reason it is not one ([`DataSet`]). `check`, `explain` and `bench` read
//! through it; batch mode's pipeline finds its data sets the same way
//! (the judge format's [`Scanner`], the other formats' entries) but
//! decodes them on its workers.

use super::chunks::Chunk;
use crate::puzzle::formats::judge::{parse_body, Ending, Scanner};
use crate::puzzle::formats::{self, Entry, Format};
use crate::puzzle::Puzzle;

/// Where a data set is and which it is: `FILE:LINE:COL:` and its number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Data set number in its input, from 1.
    pub number: usize,
    /// Line, from 1: the data set's first line (of a bad one, where it
    /// goes wrong).
    pub line: usize,
    /// Column in bytes, from 1: the first byte that is not blank.
    pub col: usize,
}

/// A data set as read: a puzzle or the reason it is bad.
#[derive(Clone, Debug)]
pub enum DataSet {
    /// A puzzle, placed at its first line.
    Puzzle(Place, Puzzle),
    /// Placed where it goes wrong, with what is wrong.
    Bad(Place, String),
}

impl DataSet {
    /// Where it is.
    pub fn place(&self) -> &Place {
        match self {
            DataSet::Puzzle(place, _) | DataSet::Bad(place, _) => place,
        }
    }
}

/// The data sets of a chunk, in order ([`DataSets::of`]).
pub struct DataSets<'a> {
    chunk: &'a Chunk<'a>,
    columns: Columns<'a>,
    read: Reader<'a>,
}

/// How a chunk's data sets are found.
enum Reader<'a> {
    /// The judge format: slink's own scanner and parser.
    Judge(Scanner<'a>),
    /// The other formats' entries.
    Entries(Box<dyn Iterator<Item = Entry> + 'a>),
}

impl<'a> DataSets<'a> {
    /// The data sets of `chunk`, in its format.
    pub fn of(chunk: &'a Chunk<'a>) -> Self {
        let read = if chunk.format == Format::Judge {
            Reader::Judge(Scanner::numbered_from(chunk.bytes, chunk.first))
        } else {
            Reader::Entries(formats::entries(chunk.bytes, chunk.format))
        };
        DataSets {
            chunk,
            columns: Columns::new(chunk.bytes),
            read,
        }
    }

    /// Whether the input ends in this chunk without the closing `0 0`
    /// line (judge format only; known once every data set was taken).
    pub fn unterminated(&self) -> bool {
        match &self.read {
            Reader::Judge(scanner) => {
                self.chunk.last && scanner.ending() == Ending::MissingTerminator
            }
            Reader::Entries(_) => false,
        }
    }

    /// Whether the reading stopped at an error that ends the input (a
    /// malformed judge-format header), known once every data set was
    /// taken: the last data set taken is that error.
    pub fn stopped_at_error(&self) -> bool {
        match &self.read {
            Reader::Judge(scanner) => scanner.ending() == Ending::Error,
            Reader::Entries(_) => false,
        }
    }

    /// A place of the chunk (`line` in it), as a place of the input.
    fn at(&mut self, number: usize, line: usize, col: Option<usize>) -> Place {
        Place {
            number,
            line: line + self.chunk.line_offset,
            col: col.unwrap_or_else(|| self.columns.of(line)),
        }
    }
}

impl Iterator for DataSets<'_> {
    type Item = DataSet;

    fn next(&mut self) -> Option<DataSet> {
        let first = self.chunk.first;
        match &mut self.read {
            Reader::Entries(entries) => {
                let e = entries.next()?;
                let number = e.number + first - 1;
                Some(match e.puzzle {
                    Ok(p) => DataSet::Puzzle(self.at(number, e.line, None), p),
                    Err(why) => DataSet::Bad(self.at(number, why.line, Some(why.col)), why.message),
                })
            }
            Reader::Judge(scanner) => {
                let next = scanner.next()?;
                let bytes = self.chunk.bytes;
                Some(match next {
                    Ok(span) => {
                        let mut p = Puzzle::default();
                        match parse_body(bytes, &span, &mut p) {
                            Ok(()) => {
                                DataSet::Puzzle(self.at(span.number, span.header_line, None), p)
                            }
                            Err(e) => {
                                DataSet::Bad(self.at(span.number, e.line, Some(e.col)), e.message)
                            }
                        }
                    }
                    Err(e) => DataSet::Bad(self.at(e.data_set, e.line, Some(e.col)), e.message),
                })
            }
        }
    }
}

/// The column (from 1) of the first byte that is not blank on lines of
/// a text, asked for in increasing order: one pass over the text.
struct Columns<'a> {
    text: &'a [u8],
    /// Where line `line` starts.
    start: usize,
    line: usize,
}

impl<'a> Columns<'a> {
    fn new(text: &'a [u8]) -> Self {
        Columns {
            text,
            start: 0,
            line: 1,
        }
    }

    /// The column of line `line` (from 1), counted after a byte order
    /// mark on the first line, as the parser counts.
    fn of(&mut self, line: usize) -> usize {
        if line < self.line {
            (self.start, self.line) = (0, 1);
        }
        while self.line < line {
            match memchr::memchr(b'\n', &self.text[self.start..]) {
                Some(k) => (self.start, self.line) = (self.start + k + 1, self.line + 1),
                None => break,
            }
        }
        let from = if self.start == 0 && self.text.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            self.start
        };
        let blanks = self.text[from..]
            .iter()
            .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
            .count();
        blanks + 1
    }
}
