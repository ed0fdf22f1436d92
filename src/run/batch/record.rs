//! One data set's result as the output formats see it ([`Record`]), and
//! the loop written as hexadecimal words ([`LoopHex`]).

use crate::puzzle::formats::ParseError;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::solve::outcome::{Outcome, Status};
use crate::util::counted;
use std::fmt::{self, Display};

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
        let s = self.0;
        let mut hex = HexDigits::default();
        for i in 0..=s.rows() {
            hex.push_row(s.h_row(i), s.cols(), f)?;
        }
        for i in 0..s.rows() {
            hex.push_row(s.v_row(i), s.cols() + 1, f)?;
        }
        hex.finish(f)
    }
}

/// Bits turned into hexadecimal digits, the first bit the most
/// significant of its digit, a row word at a time; written out a bufferful
/// at a time (a write per digit cost more than the rest of a JSON line).
struct HexDigits {
    /// The digits not written yet.
    buf: [u8; 128],
    len: usize,
    /// The bits of a digit begun (fewer than four), in the low bits.
    pending: u64,
    pending_len: u32,
}

impl Default for HexDigits {
    fn default() -> Self {
        HexDigits {
            buf: [0; 128],
            len: 0,
            pending: 0,
            pending_len: 0,
        }
    }
}

impl HexDigits {
    const DIGITS: &'static [u8; 16] = b"0123456789abcdef";

    /// Adds bits `0..n` of a row of words (bit `j` of word `j / 64`), in
    /// that order.
    fn push_row(&mut self, words: &[u64], n: usize, f: &mut dyn fmt::Write) -> fmt::Result {
        for (w, &word) in words.iter().enumerate().take(n.div_ceil(64)) {
            let k = (n - 64 * w).min(64) as u32;
            // Bit 0 first: reversed, the row's first bit leads.
            let first = word.reverse_bits() >> (64 - k);
            self.push_bits(first, k, f)?;
        }
        Ok(())
    }

    /// Adds the `k` (1 to 64) low bits of `bits`, the highest first.
    #[inline]
    fn push_bits(&mut self, bits: u64, k: u32, f: &mut dyn fmt::Write) -> fmt::Result {
        if self.len > self.buf.len() - 17 {
            self.flush(f)?;
        }
        let all = u128::from(self.pending) << k | u128::from(bits);
        let mut left = self.pending_len + k;
        while left >= 4 {
            left -= 4;
            self.buf[self.len] = Self::DIGITS[(all >> left) as usize & 15];
            self.len += 1;
        }
        self.pending = (all & ((1 << left) - 1)) as u64;
        self.pending_len = left;
        Ok(())
    }

    /// Writes the digits so far.
    fn flush(&mut self, f: &mut dyn fmt::Write) -> fmt::Result {
        // Only ASCII digits were put in.
        let digits = std::str::from_utf8(&self.buf[..self.len]).map_err(|_| fmt::Error)?;
        f.write_str(digits)?;
        self.len = 0;
        Ok(())
    }

    /// Writes every digit, the last one padded with 0 bits.
    fn finish(mut self, f: &mut dyn fmt::Write) -> fmt::Result {
        if self.pending_len > 0 {
            let k = 4 - self.pending_len;
            self.push_bits(0, k, f)?;
        }
        self.flush(f)
    }
}
