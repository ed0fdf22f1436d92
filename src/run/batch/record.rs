//! One data set's result as the output formats see it ([`Record`]), and
//! the loop written as hexadecimal words ([`LoopHex`]).

use crate::puzzle::formats::ParseError;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::solve::outcome::{Outcome, Status};
use crate::util::counted;
use std::fmt::{self, Display, Write as _};

/// What became of a data set's clues.
#[derive(Clone, Copy, Debug)]
pub enum Fate<'a> {
    /// The data set was read and solved.
    Solved {
        /// The puzzle.
        puzzle: &'a Puzzle,
        /// The solver's outcome.
        outcome: &'a Outcome,
    },
    /// The data set is malformed.
    Invalid(&'a ParseError),
    /// The solver failed on this data set (a bug in slink).
    Failed,
}

/// One data set's result, as the formats see it.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    /// The file's name in messages.
    pub file: &'a str,
    /// Position of the file among the inputs, from 1.
    pub input: usize,
    /// The data set's number.
    pub number: usize,
    /// Line of the header (of the error, for a malformed header).
    pub line: usize,
    /// Rows and columns, if the header was read.
    pub size: Option<(usize, usize)>,
    /// What became of it.
    pub result: Fate<'a>,
    /// Microseconds spent reading and solving, when timing is on.
    pub micros: Option<u64>,
}

impl Record<'_> {
    /// The record's status.
    pub fn status(&self) -> Status {
        match self.result {
            Fate::Solved { outcome, .. } => outcome.status(),
            Fate::Invalid(_) => Status::Invalid,
            Fate::Failed => Status::GaveUp,
        }
    }

    /// The error text of a data set that is not solved, as the JSON
    /// record's `error` and judge mode's error line say it: `None` for
    /// solved and multiple ones.
    pub fn error_text(&self) -> Option<String> {
        self.error().map(|detail| detail.to_string())
    }

    /// The error text of a data set that is not solved: `None` for solved
    /// and multiple ones.
    pub(super) fn error(&self) -> Option<Detail<'_>> {
        match self.result {
            Fate::Solved { outcome, .. } => match outcome.status() {
                Status::Solved | Status::Multiple => None,
                Status::NoSolution => Some(Detail::NoSolution(outcome)),
                Status::GaveUp => Some(match outcome.stalled() {
                    Some(undecided) => Detail::Stalled(undecided),
                    None => Detail::GaveUp(outcome),
                }),
                Status::TimedOut => Some(Detail::TimedOut(outcome)),
                // (The solver does not say this of a puzzle it read.)
                Status::Invalid => Some(Detail::Failed),
            },
            Fate::Invalid(e) => Some(Detail::Invalid(e)),
            Fate::Failed => Some(Detail::Failed),
        }
    }
}

/// The text of an error, in the judge mode's words.
pub(super) enum Detail<'a> {
    NoSolution(&'a Outcome),
    GaveUp(&'a Outcome),
    TimedOut(&'a Outcome),
    Stalled(usize),
    Invalid(&'a ParseError),
    Failed,
}

impl Display for Detail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::NoSolution(o) => {
                f.write_str("the puzzle has no solution")?;
                match o.contradiction {
                    Some(c) => write!(f, " ({c})"),
                    None => Ok(()),
                }
            }
            Detail::GaveUp(o) | Detail::TimedOut(o) => {
                let why = match self {
                    Detail::TimedOut(_) => "timed out after",
                    _ => "gave up after",
                };
                let limit = match self {
                    Detail::TimedOut(_) => "the time limit",
                    _ => "the budget",
                };
                write!(
                    f,
                    "{why} {} and {} ({limit})",
                    counted(o.stats.nodes.saturating_sub(1), "search node"),
                    counted(o.stats.probes, "probe")
                )?;
                if o.solution().is_some() {
                    // A verified loop was found; only its uniqueness is open.
                    f.write_str(", with one solution found but not proven the only one")?;
                }
                Ok(())
            }
            Detail::Stalled(n) => write!(f, "the rules stalled with {n} edges undecided"),
            Detail::Invalid(e) => e.fmt(f),
            Detail::Failed => f.write_str("internal error: the solver failed on this data set"),
        }
    }
}

/// A solution's edges as hexadecimal digits, the `loop` of a JSON record.
///
/// The edges are listed in the order of `SLINK.md`'s geometry: first the
/// horizontal edges `H(i, j)` row by row (`i` from 0 to `r`, `j` from 0
/// to `c - 1`), then the vertical edges `V(i, j)` row by row (`i` from 0
/// to `r - 1`, `j` from 0 to `c`): `2rc + r + c` edges in all, a line
/// being a 1 bit. Each group of four edges in that order is one lower-case
/// hex digit, the first edge of the group its most significant bit (8);
/// the last group is padded with 0 bits. So edge number `n` in the list is
/// bit `8 >> (n % 4)` of digit `n / 4`; a 2x2 puzzle's outer loop (H(0,*),
/// H(2,*), V(*,0), V(*,2) lines: bits 110011 101101) is `ced`.
pub struct LoopHex<'a>(pub &'a Solution);

impl Display for LoopHex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let s = self.0;
        let (mut digit, mut n) = (0u8, 0);
        for bit in s.edges() {
            digit = digit << 1 | u8::from(bit);
            n += 1;
            if n == 4 {
                f.write_char(char::from(DIGITS[usize::from(digit)]))?;
                (digit, n) = (0, 0);
            }
        }
        if n > 0 {
            f.write_char(char::from(DIGITS[usize::from(digit << (4 - n))]))?;
        }
        Ok(())
    }
}
