//! The solver and the renderer on puzzles built straight from bytes,
//! without the text format in the way: byte 0 gives the rows, byte 1 the
//! columns, each further byte one clue (`0`-`3` or blank; repeated when there
//! are fewer bytes than cells), so that the
//! fuzzer explores puzzles rather than syntax.
//!
//! Checked: the outcome agrees with itself (as many solutions as its
//! status says), every solution verifies, the same puzzle solved twice
//! (once by a solver that has just solved something else) gives the same
//! outcome, its transpose has the same status, and the drawing has the
//! judge's shape.

#![no_main]

use libfuzzer_sys::fuzz_target;
use slink::{Clue, Options, Puzzle, Solver, Status};

const BUDGET: u64 = 300;

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    // Up to 16 x 16 cells, or one long thin row/column up to 130.
    let (rows, cols) = match data[0] >> 7 {
        0 => (1 + usize::from(data[0] & 15), 1 + usize::from(data[1] & 15)),
        _ => {
            let long = 1 + usize::from(data[1] & 127) + 2;
            if data[0] & 1 == 0 {
                (1 + usize::from(data[0] >> 1 & 3), long)
            } else {
                (long, 1 + usize::from(data[0] >> 1 & 3))
            }
        }
    };
    // The clue bytes, repeated if there are fewer than cells (so that
    // short inputs give boards with clues, not blank ones).
    let body = if data.len() > 2 {
        &data[2..]
    } else {
        &[4u8][..]
    };
    let clues: Vec<Clue> = (0..rows * cols)
        .map(|k| match body[k % body.len()] % 5 {
            4 => Clue::Blank,
            n => Clue::Number(n),
        })
        .collect();
    let puzzle = Puzzle::new(rows, cols, &clues).expect("a valid size");
    let options = Options {
        node_budget: BUDGET,
        ..Options::default()
    };
    let mut solver = Solver::new(options);
    let first = solver.solve(&puzzle).clone();
    let status = first.status();
    match status {
        Status::Solved => assert_eq!(first.solutions().len(), 1),
        Status::Multiple => assert_eq!(first.solutions().len(), 2),
        // The budget may run out after a first solution was found.
        Status::GaveUp if first.stalled().is_some() => {
            assert!(first.solutions().is_empty(), "{status:?}")
        }
        Status::GaveUp | Status::TimedOut => assert!(first.solutions().len() <= 1),
        Status::NoSolution => assert!(first.solutions().is_empty(), "{status:?}"),
        Status::Invalid => panic!("the solver called a puzzle it was given invalid"),
    }
    for s in first.solutions() {
        if let Err(why) = slink::verify(&puzzle, s) {
            panic!("{status:?} solution does not verify: {why}\n{puzzle:?}");
        }
    }
    if status == Status::Multiple {
        assert_ne!(first.solutions()[0], first.solutions()[1]);
    }
    // Deterministic and independent of what the solver did before.
    let other = Puzzle::from_rows("3./..").expect("a small puzzle");
    solver.solve(&other);
    let again = solver.solve(&puzzle);
    assert_eq!(again.status(), status, "{puzzle:?}");
    assert_eq!(again.solutions(), first.solutions(), "{puzzle:?}");
    // A transposed puzzle is the same puzzle: decided the same way
    // (unless the budget ran out on either).
    let t = puzzle.transposed();
    let mut fresh = Solver::new(options);
    let ts = fresh.solve(&t).status();
    let decided = |s: Status| matches!(s, Status::Solved | Status::Multiple | Status::NoSolution);
    if decided(status) && decided(ts) {
        assert_eq!(ts, status, "transpose decides differently\n{puzzle:?}");
    }
    if let Some(s) = first.solution() {
        let mut drawing = Vec::new();
        slink::draw(&puzzle, s, &mut drawing);
        assert_eq!(drawing.len(), slink::drawing_len(rows, cols));
        let lines: Vec<&[u8]> = drawing[..drawing.len() - 1]
            .split(|&b| b == b'\n')
            .collect();
        assert_eq!(lines.len(), 2 * rows + 5);
        assert!(lines.iter().all(|l| l.len() == 4 * cols + 5));
    }
});
