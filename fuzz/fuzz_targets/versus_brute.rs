//! slink against brute force on small boards (up to 16 cells: 4 x 4,
//! 3 x 5, 5 x 3 and smaller):
//! every loop of the board's shape is enumerated once (and kept), the
//! loops that meet the clues counted, and the solver's verdict must be
//! brute force's: `Solved` with the one loop, `Multiple` with two of the
//! loops, `NoSolution` when there is none; never a give-up. The boards
//! are mostly ones with several solutions or none, as users' damaged
//! puzzles are:
//!
//! - byte 0: the shape (rows and columns, 1 to 5 each, at most 16 cells:
//!   enumerating the loops of 4 x 5 takes longer than a fuzzing run
//!   allows an input; `cargo test` covers 4 x 5 and 5 x 4);
//! - byte 1: the kind. Even: random clues, byte 2 the share of cells
//!   clued (out of 256), then a byte per cell (its clue, `b % 4`, if
//!   `b < share`; blank otherwise). Odd: a loop's puzzle, damaged: bytes
//!   2-3 choose the loop, byte 4 the share of clues kept, then a byte per
//!   cell (kept if `b < share`; and when `b % 16 == 15` replaced by the
//!   random clue `b / 16 % 5`, 4 for blank). Cell bytes repeat when
//!   there are fewer than cells.
//!
//! The brute force and the comparison are the integration tests' own
//! (`tests/cli/common/`: `brute.rs`, `versus.rs`, with the grid and
//! verifier they use), included here by path, so that the fuzzer and
//! `cargo test` check the same thing.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[allow(dead_code)]
#[path = "../../tests/cli/common/brute.rs"]
mod brute;
#[allow(dead_code)]
#[path = "../../tests/cli/common/grid.rs"]
mod grid;
#[allow(dead_code)]
#[path = "../../tests/cli/common/verify.rs"]
mod verify;
#[allow(dead_code)]
#[path = "../../tests/cli/common/versus.rs"]
mod versus;

use brute::*;
use grid::*;
use verify::*;
use versus::*;

/// The loops of every shape up to 16 cells, enumerated on first use.
static LOOPS: [OnceLock<Vec<Edges>>; 25] = [const { OnceLock::new() }; 25];

fn loops(rows: usize, cols: usize) -> &'static [Edges] {
    LOOPS[(rows - 1) * 5 + cols - 1].get_or_init(|| all_loops(rows, cols))
}

/// The board the bytes describe (see the module's comment).
fn board(rows: usize, cols: usize, data: &[u8]) -> Grid {
    let byte = |k: usize, cells: &[u8]| cells.get(k % cells.len().max(1)).copied().unwrap_or(0);
    let mut g = Grid::blank(rows, cols);
    let kind = data.first().copied().unwrap_or(0);
    if kind % 2 == 0 {
        let share = data.get(1).copied().unwrap_or(128);
        let cells = data.get(2..).unwrap_or(&[]);
        for (k, c) in g.clues.iter_mut().enumerate() {
            let b = byte(k, cells);
            *c = (b < share).then_some(b % 4);
        }
    } else {
        let all = loops(rows, cols);
        let pick = usize::from(data.get(1).copied().unwrap_or(0)) << 8
            | usize::from(data.get(2).copied().unwrap_or(0));
        let e = &all[pick % all.len()];
        let share = data.get(3).copied().unwrap_or(128);
        let cells = data.get(4..).unwrap_or(&[]);
        for (k, c) in g.clues.iter_mut().enumerate() {
            let b = byte(k, cells);
            let lines = e.lines_around(k / cols, k % cols);
            // A one-cell loop's cell has 4 lines: no clue to give.
            if b < share && lines < 4 {
                *c = Some(lines);
            }
            if b % 16 == 15 {
                let noise = b / 16 % 5;
                *c = (noise < 4).then_some(noise);
            }
        }
    }
    g
}

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let rows = 1 + usize::from(shape & 7) % 5;
    let cols = 1 + usize::from(shape >> 3 & 7) % 5;
    if rows * cols > 16 {
        return;
    }
    let g = board(rows, cols, rest);
    let mut solver = slink::Solver::default();
    if let Err(why) = cross_check(&mut solver, &g, loops(rows, cols)) {
        panic!("{why}");
    }
});
