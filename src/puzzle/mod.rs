//! The puzzle: a grid of cells, each with a clue 0-4 or blank.
//!
//! A clue 4 (read from a URL, a Loopy ID or a pzprv3 file; the judge
//! format has none) asks for all four sides of its cell: the loop is then
//! that cell's square or nothing. The solver answers such a puzzle
//! without its deduction ([`crate::solve::four`]).

pub mod formats;
pub mod region;
pub mod solution;
pub mod verify;

use std::fmt;

/// Largest number of columns slink solves.
pub const MAX_COLS: usize = 255;
/// Largest number of rows slink solves.
pub const MAX_ROWS: usize = 1024;

/// A cell's clue: how many of its four sides are lines, if it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clue {
    /// A number 0..=4 (4 only outside the judge format).
    Number(u8),
    /// No constraint (`.` or `-` in the input).
    Blank,
}

impl Clue {
    /// The clue as the judge drawing prints it.
    pub fn glyph(self) -> u8 {
        match self {
            Clue::Number(n) => b'0' + n,
            Clue::Blank => b' ',
        }
    }
}

/// Byte stored for a blank cell in [`Puzzle::clue_bytes`].
pub const BLANK: u8 = 0xff;

/// An `rows x cols` puzzle, clues stored row-major.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    clues: Vec<u8>,
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// Rows or columns zero or beyond the limits.
    BadSize {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A clue outside 0..=4.
    BadClue(u8),
    /// The clue list does not have rows * cols entries.
    WrongCount {
        /// Rows times columns.
        expected: usize,
        /// The clues given.
        found: usize,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PuzzleError::BadSize { rows, cols } => write!(
                f,
                "size {rows}x{cols} is outside 1x1..{MAX_ROWS}x{MAX_COLS}"
            ),
            PuzzleError::BadClue(c) => write!(f, "clue {c} is not 0-4"),
            PuzzleError::WrongCount { expected, found } => {
                write!(f, "expected {expected} clues, found {found}")
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Whether `rows x cols` is a size slink accepts.
pub fn size_ok(rows: usize, cols: usize) -> bool {
    (1..=MAX_ROWS).contains(&rows) && (1..=MAX_COLS).contains(&cols)
}

impl Puzzle {
    /// A puzzle from row-major clues.
    pub fn new(rows: usize, cols: usize, clues: &[Clue]) -> Result<Self, PuzzleError> {
        let mut p = Puzzle::default();
        p.reset(rows, cols)?;
        if clues.len() != rows * cols {
            return Err(PuzzleError::WrongCount {
                expected: rows * cols,
                found: clues.len(),
            });
        }
        for (k, c) in clues.iter().enumerate() {
            p.clues[k] = match *c {
                Clue::Number(n) if n <= 4 => n,
                Clue::Number(n) => return Err(PuzzleError::BadClue(n)),
                Clue::Blank => BLANK,
            };
        }
        Ok(p)
    }

    /// The same puzzle mirrored left to right (`across`) and top to bottom
    /// (`down`): its solutions are this one's, mirrored alike
    /// ([`crate::Solution::mirrored`]).
    pub fn mirrored(&self, across: bool, down: bool) -> Puzzle {
        let (rows, cols) = (self.rows(), self.cols());
        let mut m = self.clone();
        let bytes = m.clue_bytes_mut();
        for i in 0..rows {
            for j in 0..cols {
                let (si, sj) = (
                    if down { rows - 1 - i } else { i },
                    if across { cols - 1 - j } else { j },
                );
                bytes[i * cols + j] = self.clue_bytes()[si * cols + sj];
            }
        }
        m
    }

    /// Parses a compact text: rows of clue characters (`0-4`, `.`, `-`),
    /// separated by `/` or newlines; spaces are ignored. For tests and examples.
    pub fn from_rows(text: &str) -> Result<Self, PuzzleError> {
        let rows: Vec<Vec<Clue>> = text
            .split(['/', '\n'])
            .map(|r| {
                r.bytes()
                    .filter(|b| !b.is_ascii_whitespace())
                    .map(|b| match b {
                        b'.' | b'-' => Ok(Clue::Blank),
                        b'0'..=b'4' => Ok(Clue::Number(b - b'0')),
                        other => Err(PuzzleError::BadClue(other)),
                    })
                    .collect()
            })
            .filter(|r: &Result<Vec<Clue>, _>| r.as_ref().map_or(true, |r| !r.is_empty()))
            .collect::<Result<_, _>>()?;
        let cols = rows.first().map_or(0, Vec::len);
        let flat: Vec<Clue> = rows.iter().flatten().copied().collect();
        if rows.iter().any(|r| r.len() != cols) {
            return Err(PuzzleError::WrongCount {
                expected: rows.len() * cols,
                found: flat.len(),
            });
        }
        Puzzle::new(rows.len(), cols, &flat)
    }

    /// Makes this an all-blank `rows x cols` puzzle, reusing its storage.
    pub fn reset(&mut self, rows: usize, cols: usize) -> Result<(), PuzzleError> {
        if !size_ok(rows, cols) {
            return Err(PuzzleError::BadSize { rows, cols });
        }
        self.rows = rows;
        self.cols = cols;
        self.clues.clear();
        self.clues.resize(rows * cols, BLANK);
        Ok(())
    }

    /// Number of cell rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of cell columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The clue of cell `(i, j)`.
    pub fn clue(&self, i: usize, j: usize) -> Clue {
        match self.clues[i * self.cols + j] {
            BLANK => Clue::Blank,
            n => Clue::Number(n),
        }
    }

    /// Sets the clue of cell `(i, j)`.
    pub fn set_clue(&mut self, i: usize, j: usize, clue: Clue) {
        self.clues[i * self.cols + j] = match clue {
            Clue::Number(n) => {
                assert!(n <= 4, "clue {n} out of range");
                n
            }
            Clue::Blank => BLANK,
        };
    }

    /// Row-major clue bytes: 0-4, or [`BLANK`].
    pub fn clue_bytes(&self) -> &[u8] {
        &self.clues
    }

    /// Mutable row-major clue bytes, for the parser (values 0-4 or [`BLANK`]).
    pub(crate) fn clue_bytes_mut(&mut self) -> &mut [u8] {
        &mut self.clues
    }

    /// Whether more than `n` cells hold a clue other than 0 (read a word of
    /// clue bytes at a time, stopping as soon as it is known).
    pub fn has_more_numbered_than(&self, n: usize) -> bool {
        let mut words = self.clues.chunks_exact(8);
        let mut seen = 0;
        for eight in &mut words {
            let x = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
            // A clue 1-4 has bit 0, 1 or 2 set and, unlike a blank, not bit 7.
            let numbered = (x | x >> 1 | x >> 2) & !(x >> 7) & 0x0101_0101_0101_0101;
            // The sum of the bytes (each 0 or 1) lands in the top byte.
            seen += numbered.count_ones() as usize;
            if seen > n {
                return true;
            }
        }
        let rest = words.remainder().iter();
        seen + rest.filter(|&&c| c != 0 && c != BLANK).count() > n
    }

    /// The cells `(row, column)` clued 4, in reading order (found a word
    /// of clue bytes at a time).
    pub fn fours(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        memchr::memchr_iter(4, &self.clues).map(|k| (k / self.cols, k % self.cols))
    }

    /// Whether a cell is clued 4 (see [`Puzzle::fours`]).
    pub fn has_four(&self) -> bool {
        memchr::memchr(4, &self.clues).is_some()
    }

    /// Number of blank cells.
    pub fn blanks(&self) -> usize {
        self.clues.iter().filter(|&&c| c == BLANK).count()
    }

    /// The same puzzle mirrored across its main diagonal.
    pub fn transposed(&self) -> Puzzle {
        let mut t = Puzzle {
            rows: self.cols,
            cols: self.rows,
            clues: vec![BLANK; self.clues.len()],
        };
        for i in 0..self.rows {
            for j in 0..self.cols {
                t.clues[j * self.rows + i] = self.clues[i * self.cols + j];
            }
        }
        t
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows, self.cols)?;
        for i in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|j| match self.clue(i, j) {
                    Clue::Number(n) => n.to_string(),
                    Clue::Blank => ".".into(),
                })
                .collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_rows_reads_blanks_and_numbers() {
        let p = Puzzle::from_rows("2.3/-01").unwrap();
        assert_eq!((p.rows(), p.cols()), (2, 3));
        assert_eq!(p.clue(0, 1), Clue::Blank);
        assert_eq!(p.clue(1, 0), Clue::Blank);
        assert_eq!(p.clue(0, 2), Clue::Number(3));
        assert_eq!(p.blanks(), 2);
    }

    #[test]
    fn bad_sizes_and_clues_are_errors() {
        assert!(Puzzle::from_rows("25").is_err());
        assert_eq!(Puzzle::from_rows("24").unwrap().clue(0, 1), Clue::Number(4));
        assert!(Puzzle::from_rows("22/2").is_err());
        assert!(Puzzle::new(0, 5, &[]).is_err());
        assert!(Puzzle::new(MAX_ROWS + 1, 1, &[]).is_err());
    }

    #[test]
    fn numbered_clues_are_counted_word_by_word() {
        let mut seed = 7u64;
        for (rows, cols) in [
            (1, 1),
            (1, 7),
            (1, 8),
            (1, 9),
            (2, 8),
            (1, 23),
            (1, 64),
            (20, 20),
        ] {
            for _ in 0..50 {
                let clues: Vec<Clue> = (0..rows * cols)
                    .map(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                        // Mostly 0s and blanks, so that counts stay small.
                        match seed >> 60 {
                            0 => Clue::Number(1),
                            1 => Clue::Number(2),
                            2 => Clue::Number(3),
                            3 => Clue::Number(4),
                            4..=9 => Clue::Number(0),
                            _ => Clue::Blank,
                        }
                    })
                    .collect();
                let p = Puzzle::new(rows, cols, &clues).unwrap();
                let numbered = clues
                    .iter()
                    .filter(|c| !matches!(c, Clue::Number(0) | Clue::Blank))
                    .count();
                for n in [0, 1, 2, 8, 9, 30] {
                    assert_eq!(p.has_more_numbered_than(n), numbered > n, "{p:?} {n}");
                }
            }
        }
    }

    #[test]
    fn transpose_swaps_axes() {
        let p = Puzzle::from_rows("012/3..").unwrap();
        let t = p.transposed();
        assert_eq!((t.rows(), t.cols()), (3, 2));
        assert_eq!(t.clue(2, 0), Clue::Number(2));
        assert_eq!(t.clue(0, 1), Clue::Number(3));
        assert_eq!(t.transposed(), p);
    }
}
