//! A solve with most of the answer given: the edges of a known solution
//! are decided before deduction starts, except the sides of a set of
//! *free* cells ([`Free`]), so the solver works out only the edges around
//! them ([`Solver::solve_given`]). The generator's quick check of a clue
//! removal uses it, the cells near the removed clues free and the rest of
//! its loop taken as known.
//!
//! Where it stops: what such a solve finds holds for the puzzle with those
//! edges given, not for the puzzle alone. It is optimistic: deduction from
//! the given board decides at least what it would from an empty one, so a
//! puzzle it does not finish is not finished from an empty board either,
//! but one it finishes may need, from an empty board, clues far from the
//! free cells that were taken away in other checks. The generator confirms
//! its puzzles with whole solves.

use crate::bits::{Row, RowSet};
use crate::board::{Board, Frame};
use crate::grid::{EdgeId, Plane};
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::solve::outcome::Outcome;
use crate::solve::solver::Solver;

/// A set of cells of a `rows x cols` board, a row of bits per cell row.
#[derive(Clone, Debug, Default)]
pub struct Free {
    rows: usize,
    cols: usize,
    /// Words per row.
    stride: usize,
    words: Vec<u64>,
}

impl Free {
    /// The empty set of a `rows x cols` board.
    pub fn new(rows: usize, cols: usize) -> Self {
        let stride = cols.div_ceil(64).max(1);
        Free {
            rows,
            cols,
            stride,
            words: vec![0; rows * stride],
        }
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Adds the cells within `radius` rows and columns of cell `(i, j)`.
    pub fn add_around(&mut self, i: usize, j: usize, radius: usize) {
        let (r0, r1) = (i.saturating_sub(radius), (i + radius).min(self.rows - 1));
        let (c0, c1) = (j.saturating_sub(radius), (j + radius).min(self.cols - 1));
        for r in r0..=r1 {
            for c in c0..=c1 {
                self.words[r * self.stride + c / 64] |= 1 << (c % 64);
            }
        }
    }

    /// Whether cell `(i, j)` is in the set.
    pub fn has(&self, i: usize, j: usize) -> bool {
        self.words[i * self.stride + j / 64] >> (j % 64) & 1 == 1
    }

    /// Cell row `i` as a row of `W` words (empty outside the board).
    fn row<const W: usize>(&self, i: isize) -> Row<W> {
        let mut r = Row::EMPTY;
        if (0..self.rows as isize).contains(&i) {
            let at = i as usize * self.stride;
            let n = self.stride.min(W);
            r.0[..n].copy_from_slice(&self.words[at..at + n]);
        }
        r
    }
}

/// `words` (a row of a solution) as a row of `W` words.
fn row_of<const W: usize>(words: &[u64]) -> Row<W> {
    let mut r = Row::EMPTY;
    let n = words.len().min(W);
    r.0[..n].copy_from_slice(&words[..n]);
    r
}

/// Resets `board` to the board of `s` (a solution of a `rows x cols`
/// puzzle) with every edge decided but the sides of the cells of `free`,
/// the rules due only on the plane rows with an undecided edge (`open`
/// is scratch): elsewhere every edge is the solution's, where no rule
/// decides anything or meets a contradiction, so the deduction is the
/// same as from every row due, in fewer visits.
fn given_board<const W: usize>(s: &Solution, free: &Free, board: &mut Board<W>, open: &mut RowSet) {
    let frame = Frame::<W>::new(s.rows(), s.cols());
    board.reset(s.rows());
    open.resize(s.rows() + 1);
    open.clear_all();
    for i in 0..=s.rows() {
        // H(i, j) is a side of cells (i - 1, j) and (i, j).
        let free_sides = free.row::<W>(i as isize - 1) | free.row::<W>(i as isize);
        let known = frame.plane_bits(Plane::H) & !free_sides;
        if free_sides.any() {
            open.insert(i);
        }
        let lines = row_of::<W>(s.h_row(i));
        board.add_lines(Plane::H, i, lines & known);
        board.add_crosses(Plane::H, i, !lines & known);
    }
    for i in 0..s.rows() {
        // V(i, j) is a side of cells (i, j - 1) and (i, j).
        let cells = free.row::<W>(i as isize);
        let free_sides = cells | cells.east(1, false);
        let known = frame.plane_bits(Plane::V) & !free_sides;
        if free_sides.any() {
            open.insert(i);
        }
        let lines = row_of::<W>(s.v_row(i));
        board.add_lines(Plane::V, i, lines & known);
        board.add_crosses(Plane::V, i, !lines & known);
    }
    board.set_changed_rows(open);
}

/// The undecided edges of `board` (of a `rows x cols` puzzle).
fn undecided_of<const W: usize>(rows: usize, cols: usize, board: &Board<W>) -> Vec<EdgeId> {
    let frame = Frame::<W>::new(rows, cols);
    let mut out = Vec::new();
    for p in [Plane::H, Plane::V] {
        for i in 0..frame.plane_rows(p) {
            let open = board.undecided(&frame, p, i);
            out.extend(open.ones().map(|j| EdgeId::new(p, i, j)));
        }
    }
    out
}

impl Solver {
    /// Solves `p` with the edges of `s` (a solution of `p`) given, but
    /// the sides of the cells of `free` (see the module doc).
    pub fn solve_given(&mut self, p: &Puzzle, s: &Solution, free: &Free) -> &Outcome {
        let (o, out) = (self.options, &mut self.outcome);
        out.begin();
        let given = self.given.get_or_insert_with(Default::default);
        match p.cols() {
            0..=63 => {
                given_board(s, free, &mut given.0, &mut given.3);
                self.narrow.solve_from(p, Some(&given.0), &o, out);
            }
            64..=127 => {
                given_board(s, free, &mut given.1, &mut given.3);
                self.medium.solve_from(p, Some(&given.1), &o, out);
            }
            _ => {
                given_board(s, free, &mut given.2, &mut given.3);
                self.wide.solve_from(p, Some(&given.2), &o, out);
            }
        }
        &self.outcome
    }

    /// The edges left undecided by the last solve of `p` (a solve that
    /// ended without branching: see [`crate::solve::outcome::Options::branch`]).
    pub fn undecided(&self, p: &Puzzle) -> Vec<EdgeId> {
        let (rows, cols) = (p.rows(), p.cols());
        match cols {
            0..=63 => undecided_of(rows, cols, self.narrow.board()),
            64..=127 => undecided_of(rows, cols, self.medium.board()),
            _ => undecided_of(rows, cols, self.wide.board()),
        }
    }
}
