//! Judge-format bytes through the whole pipeline: the reader's spans, each
//! decoded (any bytes: a value or an error, never a panic), the
//! solver with a small budget, and the renderer for every solved puzzle.
//!
//! Checked: errors name a place in the input (a line, and a column at
//! most just past its end) and the data set being read; a solution the
//! solver returns verifies; the drawing is `2r + 5` lines of `4c + 5`
//! characters, framed by `#`, with the clues in place.

#![no_main]

use libfuzzer_sys::fuzz_target;
use slink::formats::{Ending, Format, Reader};
use slink::{Options, Puzzle, Solver, Stats, Status};

/// Search nodes and probes per puzzle: small, so that an input runs in
/// milliseconds whatever its puzzles.
const BUDGET: u64 = 200;

/// Data sets solved per input at most (the rest are still parsed).
const SOLVED_PER_INPUT: usize = 8;

fuzz_target!(|data: &[u8]| {
    let mut solver = Solver::new(Options {
        node_budget: BUDGET,
        ..Options::default()
    });
    let mut puzzle = Puzzle::default();
    let mut drawing = Vec::new();
    // Every error is placed in the input: on one of its lines, at most
    // just past that line's end (after a byte order mark, columns on
    // line 1 count from after the mark).
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    let bom = if data.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    let placed = |line: usize, col: usize| {
        line >= 1
            && col >= 1
            && line <= lines.len()
            && col - 1 <= lines[line - 1].len() - if line == 1 { bom } else { 0 }
    };
    let mut reader = Reader::new(data, Format::Judge);
    let mut solved = 0;
    let mut number = 0;
    for span in reader.spans() {
        number += 1;
        assert_eq!(span.place.number, number);
        assert!(span.rows >= 1 && span.cols >= 1);
        assert!(span.start <= span.end && span.end <= data.len());
        if let Err(e) = span.decode(data, &mut puzzle) {
            assert!(e.line > span.place.line, "{e:?} {span:?}");
            assert!(placed(e.line, e.col), "{e:?} outside the input");
            assert_eq!(e.data_set, span.place.number);
            continue;
        }
        assert_eq!((puzzle.rows(), puzzle.cols()), (span.rows, span.cols));
        if solved == SOLVED_PER_INPUT {
            continue;
        }
        solved += 1;
        let outcome = solver.solve(&puzzle);
        let status = outcome.status();
        match status {
            Status::Solved => assert_eq!(outcome.solutions().len(), 1),
            Status::Multiple => assert_eq!(outcome.solutions().len(), 2),
            // The budget may run out after a first solution was found.
            Status::GaveUp if outcome.stalled().is_some() => {
                assert!(outcome.solutions().is_empty(), "{status:?}")
            }
            Status::GaveUp | Status::TimedOut => assert!(outcome.solutions().len() <= 1),
            Status::NoSolution => assert!(outcome.solutions().is_empty(), "{status:?}"),
            Status::Invalid => panic!("the solver called a puzzle it was given invalid"),
        }
        // The budget bounds the nodes below the root and the probes
        // together: a probe pair is counted only if it fits, a node is
        // counted and then checked (so the last one may pass the budget
        // by one). Giving up means the budget is spent: the next node or
        // probe pair did not fit.
        let Stats { nodes, probes, .. } = outcome.stats;
        assert!(nodes >= 1, "the root is a node");
        let work = nodes - 1 + probes;
        assert!(
            work <= BUDGET + 1,
            "{nodes} nodes and {probes} probes for a budget of {BUDGET}"
        );
        if status == Status::GaveUp && outcome.stalled().is_none() {
            assert!(
                work + 2 > BUDGET,
                "gave up after {nodes} nodes and {probes} probes, within a budget of {BUDGET}"
            );
        }
        for s in outcome.solutions() {
            if let Err(why) = slink::verify(&puzzle, s) {
                panic!("{status:?} solution does not verify: {why}\n{puzzle:?}");
            }
        }
        if let Some(s) = outcome.solution() {
            drawing.clear();
            slink::draw(&puzzle, s, &mut drawing);
            check_drawing(&puzzle, &drawing);
        }
    }
    // A data set that cannot be delimited ends the reading.
    if let Some((_, e)) = reader.take_error() {
        assert!(placed(e.line, e.col), "{e:?} outside the input");
        assert_eq!(e.data_set, number + 1, "{e:?}");
        assert!(!e.message.is_empty());
        assert_eq!(reader.ending(), Ending::Error);
    }
    if reader.ending() == Ending::NotYet {
        panic!("the reader stopped without saying how the input ended");
    }
});

/// The drawing's shape: `2r + 5` lines of `4c + 5` characters, `#` frame,
/// no trailing space, each clue at its place.
fn check_drawing(p: &Puzzle, drawing: &[u8]) {
    let (r, c) = (p.rows(), p.cols());
    assert_eq!(drawing.last(), Some(&b'\n'));
    let lines: Vec<&[u8]> = drawing[..drawing.len() - 1]
        .split(|&b| b == b'\n')
        .collect();
    assert_eq!(lines.len(), 2 * r + 5, "line count of a {r}x{c} drawing");
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), 4 * c + 5, "line {k} of a {r}x{c} drawing");
        assert_eq!(line[0], b'#');
        assert_eq!(line[line.len() - 1], b'#');
    }
    assert!(lines[0].iter().all(|&b| b == b'#'));
    assert!(lines[2 * r + 4].iter().all(|&b| b == b'#'));
    for i in 0..r {
        for j in 0..c {
            assert_eq!(lines[2 * i + 3][4 * j + 4], p.clue(i, j).glyph());
        }
    }
}
