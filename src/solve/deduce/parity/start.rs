//! How parity starts on a board it has no classes for: every undecided
//! edge its own class, each constraint's undecided edges counted, and the
//! constraints that can teach something of singleton classes queued, all
//! read off the board a row at a time.
//!
//! Where it stops: what the board decides later comes in edge by edge
//! ([`Parity::deduce`] reads it).

use super::{Parity, UNKNOWN};
use crate::bits::{Count, Row};
use crate::board::{Board, Frame};
use crate::grid::Plane;

impl Parity {
    /// Starts anew from `edges`: every undecided edge its own class, the
    /// decided ones with their values, the board's angle marks; queues the
    /// constraints that can teach something of singleton classes: those
    /// with two undecided edges (joined), or more and an angle mark (the
    /// rest say nothing until a class of theirs changes, and are queued
    /// then).
    pub(super) fn reset<const W: usize>(&mut self, frame: &Frame<W>, edges: &Board<W>) {
        let n = self.edge_count();
        self.classes.parent.clear();
        self.classes.parent.extend(0..n as u32);
        self.classes.next.clear();
        self.classes.next.extend(0..n as u32);
        self.classes.flip.clear();
        self.classes.flip.resize(n, 0);
        // (Every value is written below, a row at a time.)
        self.classes.value.resize(n, UNKNOWN);
        self.classes.size.clear();
        self.classes.size.resize(n, 1);
        self.classes.seen.clear(n);
        self.classes.open.resize(self.constraints.len(), 0);
        // The decided edges' values, a row at a time (each constraint's
        // open edges are counted in `queue_at_start`).
        for (plane, rows, first, cols) in self.edge_planes() {
            for i in 0..rows {
                let (lines, crosses) = (edges.lines(plane, i), edges.crosses(plane, i));
                let first = first as usize + i * cols;
                let values = &mut self.classes.value[first..][..cols];
                for (j, value) in values.iter_mut().enumerate() {
                    // (A line, a cross, or neither: UNKNOWN.)
                    let (line, decided) = (lines.has(j), (lines | crosses).has(j));
                    *value = u8::from(line) | u8::from(!decided) << 1;
                }
                for start in (0..cols).step_by(64) {
                    let in_row = u64::MAX >> (64 - (cols - start).min(64));
                    let decided = (lines | crosses).word_at(start) & in_row;
                    self.classes.seen.or_at(first + start, decided);
                }
            }
        }
        self.classes.marks.clear();
        self.classes.marks.resize(self.rows * self.cols, 0);
        self.read_marks(edges, false);
        self.classes.queue.clear();
        // (A blank cell's constraint for good.)
        self.classes.queued.clone_from(&self.blank);
        self.queue_at_start(frame, edges);
        self.valid = true;
    }

    /// Counts each constraint's undecided edges, and queues, in the order
    /// of their numbers, those [`Parity::reset`] starts with: two
    /// undecided edges, or more and a mark in one of their cells. Read
    /// off the board a row at a time (the undecided edges counted
    /// bit-sliced), not constraint by constraint: which to queue follows
    /// the puzzle, and mispredicting it (with the decided edges' walk
    /// that counted them) took 6% of the CPU time of Loopy's Hard 20x20.
    fn queue_at_start<const W: usize>(&mut self, frame: &Frame<W>, edges: &Board<W>) {
        let (rows, cols) = (self.rows, self.cols);
        let open = |p: Plane, i: usize| edges.undecided(frame, p, i);
        // Per cell row: the cells with a mark at some corner.
        let marked = |i: usize| {
            let marks = edges.angle_marks(i);
            marks.iter().fold(Row::<W>::EMPTY, |m, &r| m | r) & frame.cells
        };
        let mut above = Row::<W>::EMPTY;
        for i in 0..=rows {
            let (h, up) = (
                open(Plane::H, i),
                if i > 0 {
                    open(Plane::V, i - 1)
                } else {
                    Row::EMPTY
                },
            );
            let down = if i < rows {
                open(Plane::V, i)
            } else {
                Row::EMPTY
            };
            let count = Count::of([h.east(1, false), h, up, down]);
            self.set_open(&count, i * (cols + 1), cols + 1);
            let below = if i < rows { marked(i) } else { Row::EMPTY };
            let cells = above | below;
            let near = cells | cells.east(1, false);
            let wanted = (count.exactly(2) | (count.gt(2) & near)) & frame.vertices;
            self.queue_row(wanted, (i * (cols + 1)) as u32);
            above = below;
        }
        let vertices = (rows + 1) * (cols + 1);
        for i in 0..rows {
            let v = open(Plane::V, i);
            let count = Count::of([
                open(Plane::H, i),
                open(Plane::H, i + 1),
                v,
                v.west(1, false),
            ]);
            self.set_open(&count, vertices + i * cols, cols);
            let mut clued = Row::<W>::EMPTY;
            for (j, &clue) in self.clues[i * cols..][..cols].iter().enumerate() {
                clued.0[j / 64] |= u64::from(clue <= 3) << (j % 64);
            }
            let wanted = (count.exactly(2) | (count.gt(2) & marked(i))) & clued;
            self.queue_row(wanted, (vertices + i * cols) as u32);
        }
    }

    /// Sets the open edges of the constraints `first + j`, `j < len`, to
    /// the counts at bits `j` of `count`.
    fn set_open<const W: usize>(&mut self, count: &Count<W>, first: usize, len: usize) {
        let digits = count.digits();
        let open = &mut self.classes.open[first..][..len];
        for (j, open) in (0..len).step_by(8).zip(open.chunks_mut(8)) {
            let [ones, twos, fours] = digits.map(|d| d.word_at(j) as u8);
            let bytes = cell_bytes([ones, twos, fours, 0, 0, 0, 0, 0]).to_le_bytes();
            open.copy_from_slice(&bytes[..open.len()]);
        }
    }

    /// Queues the constraints `first + j` for the bits `j` of `row`.
    fn queue_row<const W: usize>(&mut self, row: Row<W>, first: u32) {
        for j in row.ones() {
            let c = first + j as u32;
            self.classes.queued[c as usize] = true;
            self.classes.queue.push(c);
        }
    }
}

/// Eight columns' bytes from eight rows of bits (a cell's angle marks, or
/// a count's binary digits): byte `j` of the result holds bit `j` of each
/// of `rows` (bit `b` from `rows[b]`). An 8x8 bit transpose in three
/// swaps (Hacker's Delight, 7-3): setting the bits one at a time took
/// 1.7% of the CPU time of Loopy's Hard 20x20.
pub(super) fn cell_bytes(rows: [u8; 8]) -> u64 {
    let mut x = u64::from_le_bytes(rows);
    for (shift, mask) in [
        (7, 0x00aa_00aa_00aa_00aa),
        (14, 0x0000_cccc_0000_cccc),
        (28, 0x0000_0000_f0f0_f0f0),
    ] {
        let t = (x ^ (x >> shift)) & mask;
        x ^= t ^ (t << shift);
    }
    x
}
