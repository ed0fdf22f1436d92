//! Judge mode: every data set of one input, solved in order, drawn
//! exactly as the contest's judge expects, through one buffered writer.

use crate::puzzle::parse::{parse_body, Ending, Scanner};
use crate::puzzle::Puzzle;
use crate::run::batch::format::{Format, Record, Result};
use crate::solve::outcome::{Options, Status};
use crate::solve::solver::Solver;
use std::io::{self, Write};

/// Data sets read before they are solved together: a multiple of the
/// pack size of 20-column puzzles (12), as the batch pipeline's batches
/// are.
const CHUNK: usize = 60;

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
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut spans = Vec::with_capacity(CHUNK);
    let mut buf = Vec::with_capacity(1 << 16);
    let mut diag = Vec::new();
    let mut tally = Tally::default();
    let mut verdict = Verdict::AllUnique;
    let mut scanner = Scanner::new(input);
    loop {
        // Read a chunk of data sets, then solve them together (small
        // puzzles of one shape share their deduction: Solver::solve_all).
        spans.clear();
        let mut failure = None;
        for item in scanner.by_ref() {
            if puzzles.len() <= spans.len() {
                puzzles.push(Puzzle::default());
            }
            let k = spans.len();
            match item.and_then(|span| parse_body(input, &span, &mut puzzles[k]).map(|_| span)) {
                Ok(span) => spans.push(span),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
            if spans.len() == CHUNK {
                break;
            }
        }
        let refs: Vec<&Puzzle> = puzzles[..spans.len()].iter().collect();
        let mut written = Ok(());
        solver.solve_all(&refs, |k, outcome| {
            let span = &spans[k];
            tally.data_sets += 1;
            let record = Record {
                file: name,
                input: 1,
                number: span.number,
                line: span.header_line,
                size: Some((span.rows, span.cols)),
                result: Result::Solved {
                    puzzle: refs[k],
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
            if written.is_ok() && !diag.is_empty() {
                // Diagnostics follow the drawings before them.
                written = out
                    .write_all(&buf)
                    .and_then(|()| out.flush())
                    .and_then(|()| err.write_all(&diag));
                buf.clear();
                diag.clear();
            }
        });
        written?;
        if let Some(e) = failure {
            out.write_all(&buf)?;
            out.flush()?;
            writeln!(err, "{name}:{e}")?;
            return Ok((Verdict::BadInput, tally));
        }
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
        if spans.len() < CHUNK {
            break;
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

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = include_str!("../../corpus/sample.in");
    const SAMPLE_OUT: &str = include_str!("../../corpus/sample.out");

    /// The sample's data sets (header and rows) and expected drawings
    /// (without their number line), in order.
    fn sample() -> Vec<(String, String)> {
        let mut sets = Vec::new();
        let mut lines = SAMPLE_IN.lines();
        while let Some(header) = lines.next() {
            let rows: usize = header.split(' ').next().unwrap().parse().unwrap();
            if rows == 0 {
                break;
            }
            let body: Vec<&str> = lines.by_ref().take(rows).collect();
            sets.push(format!("{header}\n{}\n", body.join("\n")));
        }
        let mut drawings: Vec<String> = Vec::new();
        for line in SAMPLE_OUT.lines() {
            if line.bytes().all(|b| b.is_ascii_digit()) {
                drawings.push(String::new());
            } else {
                let d = drawings.last_mut().unwrap();
                d.push_str(line);
                d.push('\n');
            }
        }
        assert_eq!(sets.len(), drawings.len());
        sets.into_iter().zip(drawings).collect()
    }

    /// Input and expected output for the sample data sets picked by `order`.
    fn build(order: &[usize]) -> (String, String) {
        let sample = sample();
        let (mut input, mut want) = (String::new(), String::new());
        for (n, &k) in order.iter().enumerate() {
            input.push_str(&sample[k].0);
            want.push_str(&format!("{}\n{}", n + 1, sample[k].1));
        }
        (input, want)
    }

    fn judge(input: &str) -> (Verdict, Tally, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let (verdict, tally) = run(
            input.as_bytes(),
            "t",
            Options::default(),
            &mut out,
            &mut err,
        )
        .unwrap();
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (verdict, tally, text(out), text(err))
    }

    #[test]
    fn long_runs_and_mixed_shapes_draw_the_judges_output() {
        // Runs of one shape (solved side by side) across chunk boundaries,
        // then the shapes interleaved.
        let mut order = vec![1; 100];
        order.extend([2; 30]);
        order.extend((0..60).map(|k| k % 4));
        let (input, want) = build(&order);
        let (verdict, tally, out, err) = judge(&format!("{input}0 0\n"));
        assert_eq!(out, want);
        assert_eq!(err, "");
        assert_eq!(verdict, Verdict::AllUnique);
        assert_eq!((tally.data_sets, tally.unique), (order.len(), order.len()));
    }

    #[test]
    fn a_bad_data_set_after_a_chunk_keeps_what_came_before() {
        let (input, want) = build(&[1; 70]);
        let (verdict, tally, out, err) = judge(&format!("{input}2 2\n1 1\n1 x\n0 0\n"));
        assert_eq!(out, want);
        assert_eq!(verdict, Verdict::BadInput);
        assert_eq!(tally.data_sets, 70);
        assert!(
            err.starts_with("t:") && err.contains("data set 71"),
            "{err}"
        );
    }
}
