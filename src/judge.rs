//! Judge mode: every data set of one input, solved in order, drawn
//! exactly as the contest's judge expects, through one buffered writer.

use crate::batch::format::{Format, Record, Result};
use crate::parse::{parse_body, Ending, Scanner};
use crate::puzzle::Puzzle;
use crate::solver::{Options, Solver, Status};
use std::io::{self, Write};

/// How a judge run went, as the process's exit status says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Every data set was solved and its solution is unique.
    AllUnique = 0,
    /// Some data set has several solutions, none, or was not finished.
    NotAllUnique = 1,
    /// The input is malformed (or could not be read).
    BadInput = 2,
}

/// Tallies of a judge run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Data sets read.
    pub data_sets: usize,
    /// Data sets with exactly one solution.
    pub unique: usize,
    /// Data sets with several solutions (one was drawn).
    pub multiple: usize,
    /// Data sets with no solution.
    pub none: usize,
    /// Data sets the solver gave up on or could not finish.
    pub unfinished: usize,
}

/// Solves every data set of `input` (named `name` in messages), writing
/// drawings to `out` and diagnostics to `err`. The drawings and messages
/// are those of batch mode's judge format, which is defined in one place:
/// [`Format::Judge`].
pub fn run(
    input: &[u8],
    name: &str,
    options: Options,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<(Verdict, Tally)> {
    let mut solver = Solver::new(options);
    let mut puzzle = Puzzle::default();
    let mut buf = Vec::with_capacity(1 << 16);
    let mut diag = Vec::new();
    let mut tally = Tally::default();
    let mut verdict = Verdict::AllUnique;
    let mut scanner = Scanner::new(input);
    for item in scanner.by_ref() {
        let parsed = item.and_then(|span| parse_body(input, &span, &mut puzzle).map(|_| span));
        let span = match parsed {
            Ok(span) => span,
            Err(e) => {
                out.write_all(&buf)?;
                out.flush()?;
                writeln!(err, "{name}:{e}")?;
                return Ok((Verdict::BadInput, tally));
            }
        };
        tally.data_sets += 1;
        let outcome = solver.solve(&puzzle);
        let record = Record {
            file: name,
            input: 1,
            number: span.number,
            line: span.header_line,
            size: Some((span.rows, span.cols)),
            result: Result::Solved {
                puzzle: &puzzle,
                outcome,
            },
            micros: None,
        };
        Format::Judge.record(&record, &mut buf, &mut diag);
        match outcome.status() {
            Status::Unique => tally.unique += 1,
            Status::Multiple => tally.multiple += 1,
            Status::NoSolution => tally.none += 1,
            Status::GaveUp | Status::Stalled { .. } => tally.unfinished += 1,
        }
        if outcome.status() != Status::Unique {
            verdict = Verdict::NotAllUnique;
        }
        if !diag.is_empty() {
            // Diagnostics follow the drawings before them.
            out.write_all(&buf)?;
            out.flush()?;
            buf.clear();
            err.write_all(&diag)?;
            diag.clear();
        }
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    out.flush()?;
    if scanner.ending() == Ending::MissingTerminator {
        writeln!(
            err,
            "{name}: warning: the input ends without the closing '0 0' line"
        )?;
    }
    Ok((verdict, tally))
}
