//! Boards wider than one machine word: 64..255 columns take two or four
//! words per row. Puzzles are made here from random loops (the tests'
//! region grower), every cell clued, and must come back solved: unique
//! with their own loop, or, when the clues allow others, with several
//! solutions that all verify (every cell clued does not make a loop
//! unique).
use crate::common::{random_region, Edges, Rng, Shape};

use slink::{Clue, Puzzle, Solver, Status};

/// The clues of the region's boundary loop, every cell clued.
fn clues(rows: usize, cols: usize, inside: &[bool]) -> Vec<Clue> {
    let e = Edges::around(rows, cols, inside);
    (0..rows * cols)
        .map(|k| Clue::Number(e.lines_around(k / cols, k % cols)))
        .collect()
}

/// Solves the region's puzzle and checks that it comes back unique, as
/// that loop, or with several solutions, each of which verifies.
fn round_trip(rows: usize, cols: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let inside = random_region(rows, cols, Shape::Blobby, rows * cols / 3, &mut rng);
    let p = Puzzle::new(rows, cols, &clues(rows, cols, &inside)).unwrap();
    let mut solver = Solver::default();
    let outcome = solver.solve(&p);
    // Every cell is clued, so the loop is unique only if the rules and
    // search prove it; the generator's own loop is one solution.
    assert!(
        matches!(outcome.status(), Status::Solved | Status::Multiple),
        "{rows}x{cols}: {:?}",
        outcome.status()
    );
    for s in outcome.solutions() {
        slink::verify(&p, s).unwrap();
    }
    if outcome.status() == Status::Solved {
        // The one solution is the generator's loop: every edge, both planes.
        let s = outcome.solution().unwrap();
        assert!(
            Edges::of_solution(s) == Edges::around(rows, cols, &inside),
            "the solution of {rows}x{cols} is not the generator's loop"
        );
    }
}

#[test]
fn boards_of_one_two_and_four_words_per_row() {
    for (rows, cols, seed) in [
        (20, 63, 1),
        (30, 64, 2),
        (12, 127, 3),
        (10, 128, 4),
        (8, 200, 5),
    ] {
        round_trip(rows, cols, seed);
    }
}

#[test]
fn a_100x100_puzzle() {
    round_trip(100, 100, 100);
}

#[test]
fn a_255x255_puzzle() {
    round_trip(255, 255, 255);
}

#[test]
fn tall_boards_beyond_255_rows() {
    round_trip(600, 5, 600);
}
