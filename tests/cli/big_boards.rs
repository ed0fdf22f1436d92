//! Boards wider than one machine word: 64..255 columns take two or four
//! words per row. Puzzles are made here from random loops (independent of
//! the library's generator) and must come back unique with their own loop.
mod common;
use common::{Edges, Rng};

use slink::{Clue, Puzzle, Solver, Status};

/// A random region of cells without holes, grown from one cell: a cell is
/// added only if it touches the region and adding it keeps the outside
/// connected (checked by flood fill from the border).
fn region(rows: usize, cols: usize, target: usize, rng: &mut Rng) -> Vec<bool> {
    let mut inside = vec![false; rows * cols];
    inside[(rows / 2) * cols + cols / 2] = true;
    let mut size = 1;
    let mut tries = 0;
    while size < target && tries < target * 40 {
        tries += 1;
        let (i, j) = (rng.below(rows), rng.below(cols));
        if inside[i * cols + j] {
            continue;
        }
        let touches = [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)]
            .iter()
            .any(|(di, dj)| {
                let (a, b) = (i as isize + di, j as isize + dj);
                a >= 0
                    && b >= 0
                    && (a as usize) < rows
                    && (b as usize) < cols
                    && inside[a as usize * cols + b as usize]
            });
        if !touches {
            continue;
        }
        inside[i * cols + j] = true;
        if outside_connected(rows, cols, &inside) {
            size += 1;
        } else {
            inside[i * cols + j] = false;
        }
    }
    inside
}

/// Whether every outside cell reaches the border through outside cells.
fn outside_connected(rows: usize, cols: usize, inside: &[bool]) -> bool {
    let mut seen = vec![false; rows * cols];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for i in 0..rows {
        for j in 0..cols {
            if (i == 0 || j == 0 || i == rows - 1 || j == cols - 1) && !inside[i * cols + j] {
                seen[i * cols + j] = true;
                stack.push((i, j));
            }
        }
    }
    while let Some((i, j)) = stack.pop() {
        for (di, dj) in [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)] {
            let (a, b) = (i as isize + di, j as isize + dj);
            if a < 0 || b < 0 || a as usize >= rows || b as usize >= cols {
                continue;
            }
            let k = a as usize * cols + b as usize;
            if !inside[k] && !seen[k] {
                seen[k] = true;
                stack.push((a as usize, b as usize));
            }
        }
    }
    (0..rows * cols).all(|k| inside[k] || seen[k])
}

/// The clues of the region's boundary loop, every cell clued.
fn clues(rows: usize, cols: usize, inside: &[bool]) -> Vec<Clue> {
    let e = Edges::around(rows, cols, inside);
    (0..rows * cols)
        .map(|k| Clue::Number(e.lines_around(k / cols, k % cols)))
        .collect()
}

/// Solves the region's puzzle and checks it comes back unique, as that loop.
fn round_trip(rows: usize, cols: usize, seed: u64) {
    let mut rng = Rng(seed);
    let inside = region(rows, cols, rows * cols / 3, &mut rng);
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
