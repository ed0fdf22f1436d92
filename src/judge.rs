//! Judge mode: every data set of one input, solved in order, drawn
//! exactly as the contest's judge expects, through one buffered writer.

use crate::parse::{parse_body, Ending, Scanner};
use crate::puzzle::Puzzle;
use crate::render;
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
/// drawings to `out` and diagnostics to `err`.
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
        let k = span.number;
        let outcome = solver.solve(&puzzle);
        let status = outcome.status();
        if let Some(s) = outcome.solution() {
            buf.extend_from_slice(itoa::Buffer::new().format(k).as_bytes());
            buf.push(b'\n');
            render::draw(&puzzle, s, &mut buf);
        }
        match status {
            Status::Unique => tally.unique += 1,
            Status::Multiple => {
                tally.multiple += 1;
                writeln!(
                    err,
                    "{name}: data set {k}: warning: the puzzle has several solutions; one is drawn"
                )?;
            }
            Status::NoSolution => {
                tally.none += 1;
                let why = outcome
                    .contradiction
                    .map(|c| format!(" ({c})"))
                    .unwrap_or_default();
                writeln!(
                    err,
                    "{name}: data set {k}: error: the puzzle has no solution{why}"
                )?;
            }
            Status::GaveUp => {
                tally.unfinished += 1;
                writeln!(
                    err,
                    "{name}: data set {k}: error: gave up: the search budget of {} nodes and probes ran out",
                    solver.options().node_budget
                )?;
            }
            Status::Stalled { undecided } => {
                tally.unfinished += 1;
                writeln!(err, "{name}: data set {k}: error: the rules stalled with {undecided} edges undecided")?;
            }
        }
        if status != Status::Unique {
            verdict = Verdict::NotAllUnique;
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
