//! Equal and opposite edges: what each cell and vertex says of its
//! undecided edges taken together, kept across the board in classes of
//! edges known to be equal or opposite. Not one of the judge's rules; the
//! complete solver runs it on a search node's board when the rules, the
//! angles and loop reasoning stall, before it probes.
//!
//! Every undecided edge belongs to a class (a union-find with parity):
//! the members of a class are equal to its root or opposite to it. A
//! constraint is a clued cell (as many lines among its sides as its clue)
//! or a vertex (none or two lines among its arms), with the angle marks of
//! the corners it holds ([`crate::rules::angle`]): at most one, at least
//! one. Each constraint is solved outright over the classes of its edges
//! (at most four, so at most 16 assignments): a class with one value in
//! every assignment is decided, two classes equal (or opposite) in every
//! assignment are joined, and an angle whose two edges are never both
//! lines (or never both crosses) gets the mark. So a cell with two
//! undecided sides joins them (equal for an even count left, opposite for
//! an odd one), and a chain of such cells and vertices carries that
//! across the board until a constraint that holds two edges of one class
//! decides something.
//!
//! Where it stops: only what one constraint says at a time, given the
//! classes; nothing of the single loop (that is [`crate::solve::deduce::loops`]).

use crate::bits::Row;
use crate::board::{Angle, Board, Frame};
use crate::puzzle::Puzzle;
use crate::rules::Contradiction;

mod angles;
mod classes;
mod constraint;
mod start;

/// A value not known yet.
const UNKNOWN: u8 = 2;

/// No constraint.
const NONE: u32 = u32::MAX;

/// Per local class `x` of a constraint (at most four): the assignments
/// `a` (of 16) that give it the value 1, bit `a` for `(a >> x) & 1 == 1`.
const ONES: [u16; 4] = [0xaaaa, 0xcccc, 0xf0f0, 0xff00];

/// One constraint's edges: their ids, how many, and what the count of
/// lines among them must be.
#[derive(Clone, Copy, Debug)]
struct Constraint {
    edges: [u32; 4],
    len: u8,
    /// Counts allowed: bit `n` for `n` lines.
    allowed: u8,
    /// The angles among the edges: positions of their two edges, the cell
    /// and corner that hold the marks.
    angles: [(u8, u8, u32, u8); 4],
    /// How many angles (a vertex's four: an inner vertex's, laid out as
    /// [`Constraint::inner_vertex_angles`] says).
    angle_count: u8,
    /// A clued cell's: edges top, bottom, left, right, and the angles of
    /// [`Constraint::cell_angles`].
    of_cell: bool,
    /// Per angle: the other constraint that holds it (a vertex's angle: its
    /// cell's; a cell's: the vertex's at that corner), queued when the
    /// angle gets a mark.
    across: [u32; 4],
}

impl Constraint {
    /// A clued cell's angles, at cell `cell`: angle `k` at corner `k`,
    /// between sides `k >> 1` and `2 + (k & 1)` of the cell's edges (top,
    /// bottom, left, right). [`Parity::cell`] makes them so, and the lanes
    /// of a cell's angles ([`angles::AngleLanes`]) are laid out after them.
    fn cell_angles(cell: u32) -> [(u8, u8, u32, u8); 4] {
        [0u8, 1, 2, 3].map(|k| (k >> 1, 2 + (k & 1), cell, k))
    }

    /// An inner vertex's angles (its arms left, right, up, down), at the
    /// cells `cells` (up left, up right, down left, down right): angle `k`
    /// between arms `2 + (k >> 1)` and `k & 1`, at corner `3 - k` of cell
    /// `cells[k]`. [`Parity::vertex`] makes them so for every vertex with
    /// four angles, and [`angles::AngleLanes`] reads them so.
    fn inner_vertex_angles(cells: [u32; 4]) -> [(u8, u8, u32, u8); 4] {
        [0u8, 1, 2, 3].map(|k| (2 + (k >> 1), k & 1, cells[k as usize], 3 - k))
    }
}

/// The classes of [`Parity`] on one board, kept aside by [`Parity::save`].
#[derive(Default, Clone, Debug)]
pub struct Saved {
    valid: bool,
    classes: Classes,
}

/// The classes of equal and opposite edges on one board and what is known
/// with them: what [`Parity::save`] keeps aside and [`Parity::restore`]
/// puts back.
///
/// Invariant (the unchecked reads of [`Parity::find_unchecked`] rely on
/// it): `parent`, `flip`, `next`, `value` and `size` hold one entry per
/// edge, and every parent is an edge. [`Parity::reset`] makes it so,
/// joins and path compression write only roots as parents, and
/// [`Classes::copy_from`] copies every field from classes that keep it.
#[derive(Default, Clone, Debug)]
struct Classes {
    /// Per edge (`H` edges row by row, then `V` edges): the parent in its
    /// class, and whether it is opposite to its parent.
    parent: Vec<u32>,
    flip: Vec<u8>,
    /// Per edge: the next member of its class (a ring).
    next: Vec<u32>,
    /// Per root: its value (0 cross, 1 line) or [`UNKNOWN`], and its size.
    value: Vec<u8>,
    size: Vec<u32>,
    /// The edges the board had decided at the last call.
    seen: EdgeBits,
    /// The angle marks of every cell corner: bit `k` (its index in
    /// `Corner::ALL`) of at most one, bit `4 + k` of at least one.
    marks: Vec<u8>,
    /// The board's mark rows as the last call read them, `W` words a row.
    mark_words: Vec<u64>,
    /// Constraints to solve, and whether each is queued.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Per constraint: how many of its edges are undecided. One with none
    /// left is never queued: it has nothing to teach.
    open: Vec<u8>,
}

/// A set of edges (by number, as [`Classes`] numbers them), a bit each.
#[derive(Clone, Debug, Default)]
struct EdgeBits(Vec<u64>);

impl EdgeBits {
    /// Empties the set and makes room for edges `0..n`.
    fn clear(&mut self, n: usize) {
        self.0.clear();
        self.0.resize(n.div_ceil(64), 0);
    }

    /// Puts edge `e` in.
    #[inline]
    fn insert(&mut self, e: usize) {
        self.0[e / 64] |= 1 << (e % 64);
    }

    /// Puts in the edges `start + k` for the bits `k` of `bits` (all
    /// below the number of edges).
    #[inline]
    fn or_at(&mut self, start: usize, bits: u64) {
        crate::bits::or_at(&mut self.0, start, bits);
    }

    /// Edges `start .. start + 64`, bit `k` for edge `start + k` (those
    /// past the end read as absent).
    #[inline]
    fn word_at(&self, start: usize) -> u64 {
        crate::bits::word_at(&self.0, start)
    }
}

impl Classes {
    /// Makes this a copy of `from`, in the buffers it has (the derived
    /// `clone_from` would allocate anew).
    fn copy_from(&mut self, from: &Classes) {
        // Every field named: one added to the struct is an error here
        // until it is copied too.
        let Classes {
            parent,
            flip,
            next,
            value,
            size,
            seen,
            marks,
            mark_words,
            queue,
            queued,
            open,
        } = from;
        self.parent.clone_from(parent);
        self.flip.clone_from(flip);
        self.next.clone_from(next);
        self.value.clone_from(value);
        self.size.clone_from(size);
        self.seen.0.clone_from(&seen.0);
        self.marks.clone_from(marks);
        self.mark_words.clone_from(mark_words);
        self.queue.clone_from(queue);
        self.queued.clone_from(queued);
        self.open.clone_from(open);
    }
}

/// Classes of equal and opposite edges on one board, and what the
/// constraints decide with them.
///
/// The classes of a search node's board are kept from one call of
/// [`Parity::deduce`] to the next while the board only gains decisions
/// (the rules' and probing's between the calls); [`Parity::forget`] starts
/// anew for another board.
#[derive(Default, Clone, Debug)]
pub struct Parity {
    rows: usize,
    cols: usize,
    /// The clue of each cell (above 3: none).
    clues: Vec<u8>,
    /// Whether the constraints are made.
    built: bool,
    /// The size whose shape is in place (the constraints but for the
    /// cells' counts, and the edges'), if any.
    built_for: Option<(usize, usize)>,
    /// Every constraint of the puzzle: vertices, then cells (blank ones
    /// too, never queued).
    constraints: Vec<Constraint>,
    /// Per edge: the constraints that hold it.
    edge_constraints: Vec<[u32; 4]>,
    /// Per constraint: whether it is a blank cell's (never queued).
    blank: Vec<bool>,
    /// The shapes of the last few other sizes met.
    shapes: Vec<constraint::ConstraintSet>,
    /// Whether the classes describe the board given to the last call.
    valid: bool,
    /// The classes and what is known with them.
    classes: Classes,
    /// Marks found here, to write to the board.
    new_marks: Vec<(usize, u8)>,
    /// Roots decided here, to write their classes to the board.
    decided: Vec<u32>,
}

impl Parity {
    /// Makes this ready for the boards of puzzle `p` (the constraints are
    /// made at the first call of [`Parity::deduce`]: most puzzles never
    /// need them).
    pub fn load(&mut self, p: &Puzzle) {
        self.load_clues(p.rows(), p.cols(), p.clue_bytes());
    }

    /// [`Parity::load`] from a puzzle's size and its clues, row by row
    /// (above 3: a blank cell).
    pub fn load_clues(&mut self, rows: usize, cols: usize, clues: &[u8]) {
        self.rows = rows;
        self.cols = cols;
        self.clues.clear();
        self.clues.extend_from_slice(clues);
        self.built = false;
        self.valid = false;
    }

    /// Forgets the classes: the next call starts from its board alone.
    pub fn forget(&mut self) {
        self.valid = false;
    }

    /// Copies the classes and what is known of them into `into`, for
    /// [`Parity::restore`]: a search that comes back to this board (or one
    /// that extends it) goes on from them instead of starting anew.
    pub fn save(&self, into: &mut Saved) {
        into.valid = self.valid;
        if !self.valid {
            return;
        }
        into.classes.copy_from(&self.classes);
    }

    /// Puts back the classes [`Parity::save`] copied: the next call takes
    /// in what its board decided since.
    pub fn restore(&mut self, from: &Saved) {
        self.valid = from.valid;
        if !from.valid {
            return;
        }
        self.classes.copy_from(&from.classes);
    }

    /// Whether [`Parity::save`] of this puzzle's classes is cheap enough to
    /// make at every search level: on boards of at most this many edges
    /// (some 35x35 cells; 37 kB a level).
    pub fn worth_saving(&self) -> bool {
        self.edge_count() <= 2_500
    }

    /// Takes in what the board decided since the last call: edges (their
    /// classes get the value) and angle marks.
    fn read<const W: usize>(&mut self, edges: &Board<W>) -> Result<(), Contradiction> {
        for (plane, rows, first, cols) in self.edge_planes() {
            for i in 0..rows {
                let (lines, crosses) = (edges.lines(plane, i), edges.crosses(plane, i));
                self.read_row(lines | crosses, lines, first + (i * cols) as u32, cols)?;
            }
        }
        self.read_marks(edges, true);
        Ok(())
    }

    /// Takes in the edges of a row newly decided (`decided`, of which
    /// `lines` are lines): `cols` edges numbered from `first`, a word at a
    /// time, less the edges seen before.
    #[inline]
    fn read_row<const W: usize>(
        &mut self,
        decided: Row<W>,
        lines: Row<W>,
        first: u32,
        cols: usize,
    ) -> Result<(), Contradiction> {
        for start in (0..cols).step_by(64) {
            let in_row = u64::MAX >> (64 - (cols - start).min(64));
            let seen = self.classes.seen.word_at(first as usize + start);
            let mut fresh = decided.word_at(start) & in_row & !seen;
            while fresh != 0 {
                let j = start + fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                let e = first + j as u32;
                self.classes.seen.insert(e as usize);
                self.assign(e, u8::from(lines.has(j)))?;
            }
        }
        Ok(())
    }

    /// Takes in the board's angle marks, queueing (with `queue`) the
    /// constraints of the angles newly marked.
    fn read_marks<const W: usize>(&mut self, edges: &Board<W>, queue: bool) {
        if !queue {
            self.classes.mark_words.clear();
            self.classes.mark_words.resize(8 * W * self.rows, 0);
        }
        for i in 0..self.rows {
            let mut rows = [Row::<W>::EMPTY; 8];
            for k in 0..4 {
                rows[k] = edges.angle(Angle::AtMost, k, i, 0, 0);
                rows[4 + k] = edges.angle(Angle::AtLeast, k, i, 0, 0);
            }
            // Only the marks new since the last call: most are old.
            let mut fresh = Row::<W>::EMPTY;
            let seen = &mut self.classes.mark_words[8 * W * i..][..8 * W];
            for (r, seen) in rows.iter_mut().zip(seen.chunks_exact_mut(W)) {
                let now = *r;
                let old = Row::<W>(seen.try_into().expect("W words"));
                *r = now & !old;
                fresh |= *r;
                seen.copy_from_slice(&now.0);
            }
            let cols = self.cols;
            if !queue {
                // Starting anew: every mark is new, and none is queued.
                let cells = &mut self.classes.marks[i * cols..][..cols];
                for (j, cells) in (0..cols).step_by(8).zip(cells.chunks_mut(8)) {
                    let bytes = start::cell_bytes(rows.map(|r| r.word_at(j) as u8)).to_le_bytes();
                    cells.copy_from_slice(&bytes[..cells.len()]);
                }
                continue;
            }
            for j in fresh.ones().take_while(|&j| j < cols) {
                let m = (rows.iter().enumerate()).fold(0, |m, (b, r)| m | u8::from(r.has(j)) << b);
                let cell = i * self.cols + j;
                if m & !self.classes.marks[cell] != 0 {
                    self.classes.marks[cell] |= m;
                    if queue {
                        self.queue_marked(cell, m);
                    }
                }
            }
        }
    }

    /// Solves the constraints whose classes changed until none did, then
    /// writes what that decided (edges and angle marks) to `edges`, a board
    /// that extends the one of the last call unless [`Parity::forget`] was
    /// called since; returns how many edges it decided and whether it
    /// found new marks.
    pub fn deduce<const W: usize>(
        &mut self,
        frame: &Frame<W>,
        edges: &mut Board<W>,
    ) -> Result<(u32, bool), Contradiction> {
        debug_assert_eq!((frame.rows, self.rows), (self.rows, edges.rows()));
        let result = self.run(frame, edges);
        if result.is_err() {
            self.valid = false;
        }
        result
    }

    fn run<const W: usize>(
        &mut self,
        frame: &Frame<W>,
        edges: &mut Board<W>,
    ) -> Result<(u32, bool), Contradiction> {
        if !self.built {
            self.build();
        }
        self.decided.clear();
        self.new_marks.clear();
        if self.valid {
            // (Classes decided by the board's edges are written back too:
            // their other members may be undecided there.)
            self.read(edges)?;
        } else {
            self.reset(frame, edges);
        }
        // The constraints' edges are the board's: `solve` reads them
        // without checks.
        assert_eq!(
            self.classes.parent.len(),
            self.edge_count(),
            "classes of another board"
        );
        while let Some(c) = self.classes.queue.pop() {
            // Still queued while it is solved: what it learns (a class's
            // value, a join, an angle mark) comes from its own assignments,
            // and solving it again would find the same.
            // (One whose edges were all decided since it was queued has
            // nothing left to teach.)
            if self.classes.open[c as usize] > 0 {
                let constraint = self.constraints[c as usize];
                self.solve(&constraint)?;
            }
            self.classes.queued[c as usize] = false;
        }
        let mut decided = 0;
        for k in 0..self.decided.len() {
            let r = self.decided[k];
            let mut e = r;
            loop {
                let (_, f) = self.find(e);
                let (plane, i, j) = self.place(e);
                let bit = Row::single(j);
                let new = if self.classes.value[r as usize] ^ f == 1 {
                    edges.add_lines(plane, i, bit)
                } else {
                    edges.add_crosses(plane, i, bit)
                };
                decided += u32::from(new);
                self.classes.seen.insert(e as usize);
                e = self.classes.next[e as usize];
                if e == r {
                    break;
                }
            }
        }
        for &(cell, add) in &self.new_marks {
            // Bit `b` of `add` is the board's angle row `b` of the cell's row
            // (at most one at corner `b`, then at least one at `b - 4`).
            let (i, j) = (cell / self.cols, cell % self.cols);
            let marks = std::array::from_fn(|b| {
                if add >> b & 1 == 1 {
                    Row::single(j)
                } else {
                    Row::EMPTY
                }
            });
            edges.add_angle_marks(frame, i, marks);
        }
        if edges.has_conflict() {
            self.valid = false;
            return Err(Contradiction::EdgeConflict);
        }
        Ok((decided, !self.new_marks.is_empty()))
    }
}

#[cfg(test)]
mod tests;
