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
//! classes; nothing of the single loop (that is [`crate::loops`]).

use crate::bits::Row;
use crate::board::{Angle, Edges, Frame};
use crate::grid::Plane;
use crate::puzzle::Puzzle;
use crate::rules::Contradiction;

/// A value not known yet.
const UNKNOWN: u8 = 2;

/// No constraint.
const NONE: u32 = u32::MAX;

/// Per local class `x` of a constraint (at most four): the assignments
/// `a` (of 16) that give it the value 1, bit `a` for `(a >> x) & 1 == 1`.
const ONES: [u16; 4] = [0xaaaa, 0xcccc, 0xf0f0, 0xff00];

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
    /// Every constraint of the puzzle: clued cells, then vertices.
    constraints: Vec<Constraint>,
    /// Per edge: the constraints that hold it.
    edge_constraints: Vec<[u32; 4]>,
    /// Per cell: its constraint, if it has a clue.
    cell_constraint: Vec<u32>,
    /// Whether the classes describe the board given to the last call.
    valid: bool,
    /// Per edge (`H` edges row by row, then `V` edges): the parent in its
    /// class, and whether it is opposite to its parent.
    parent: Vec<u32>,
    flip: Vec<u8>,
    /// Per edge: the next member of its class (a ring).
    next: Vec<u32>,
    /// Per root: its value (0 cross, 1 line) or [`UNKNOWN`], and its size.
    value: Vec<u8>,
    size: Vec<u32>,
    /// Per edge: whether the board had it decided at the last call.
    seen: Vec<bool>,
    /// The angle marks of every cell corner: bit `k` (its index in
    /// `Corner::ALL`) of at most one, bit `4 + k` of at least one.
    marks: Vec<u8>,
    /// The board's mark rows as the last call read them, `W` words a row.
    mark_words: Vec<u64>,
    /// Marks found here, to write to the board.
    new_marks: Vec<(usize, u8)>,
    /// Roots decided here, to write their classes to the board.
    decided: Vec<u32>,
    /// Constraints to solve, and whether each is queued.
    queue: Vec<u32>,
    queued: Vec<bool>,
}

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
    angle_count: u8,
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

    /// Makes the constraints of the puzzle loaded.
    fn build(&mut self) {
        let (rows, cols) = (self.rows, self.cols);
        self.constraints.clear();
        self.cell_constraint.clear();
        self.cell_constraint.resize(rows * cols, NONE);
        for i in 0..rows {
            for j in 0..cols {
                let clue = self.clues[i * cols + j];
                if clue <= 3 {
                    self.cell_constraint[i * cols + j] = self.constraints.len() as u32;
                    let c = self.cell(i, j, clue);
                    self.constraints.push(c);
                }
            }
        }
        for i in 0..=rows {
            for j in 0..=cols {
                let c = self.vertex(i, j);
                self.constraints.push(c);
            }
        }
        let n = self.edge_count();
        self.edge_constraints.clear();
        self.edge_constraints.resize(n, [NONE; 4]);
        for (k, c) in self.constraints.iter().enumerate() {
            for &e in &c.edges[..c.len as usize] {
                let slot = self.edge_constraints[e as usize]
                    .iter_mut()
                    .find(|s| **s == NONE)
                    .expect("an edge is in at most four constraints");
                *slot = k as u32;
            }
        }
        self.queued.clear();
        self.queued.resize(self.constraints.len(), false);
        self.built = true;
    }

    /// Forgets the classes: the next call starts from its board alone.
    pub fn forget(&mut self) {
        self.valid = false;
    }

    fn h(&self, i: usize, j: usize) -> u32 {
        (i * self.cols + j) as u32
    }

    fn v(&self, i: usize, j: usize) -> u32 {
        ((self.rows + 1) * self.cols + i * (self.cols + 1) + j) as u32
    }

    fn edge_count(&self) -> usize {
        (self.rows + 1) * self.cols + self.rows * (self.cols + 1)
    }

    /// The plane, row and column of edge `e`.
    fn place(&self, e: u32) -> (Plane, usize, usize) {
        let e = e as usize;
        let hs = (self.rows + 1) * self.cols;
        if e < hs {
            (Plane::H, e / self.cols, e % self.cols)
        } else {
            let k = e - hs;
            (Plane::V, k / (self.cols + 1), k % (self.cols + 1))
        }
    }

    /// The constraint of cell `(i, j)` with clue `clue`.
    fn cell(&self, i: usize, j: usize, clue: u8) -> Constraint {
        // Top, bottom, left, right; corner k has sides k >> 1 and 2 + (k & 1).
        let edges = [
            self.h(i, j),
            self.h(i + 1, j),
            self.v(i, j),
            self.v(i, j + 1),
        ];
        let cell = (i * self.cols + j) as u32;
        let angles = [0u8, 1, 2, 3].map(|k| (k >> 1, 2 + (k & 1), cell, k));
        Constraint {
            edges,
            len: 4,
            allowed: 1 << clue,
            angles,
            angle_count: 4,
        }
    }

    /// The constraint of vertex `(i, j)`.
    fn vertex(&self, i: usize, j: usize) -> Constraint {
        let mut c = Constraint {
            edges: [0; 4],
            len: 0,
            allowed: 0b101,
            angles: [(0, 0, 0, 0); 4],
            angle_count: 0,
        };
        // Left, right, up, down, where they exist.
        let mut at = [u8::MAX; 4];
        let arms = [
            (j > 0).then(|| self.h(i, j - 1)),
            (j < self.cols).then(|| self.h(i, j)),
            (i > 0).then(|| self.v(i - 1, j)),
            (i < self.rows).then(|| self.v(i, j)),
        ];
        for (k, e) in arms.into_iter().enumerate() {
            if let Some(e) = e {
                at[k] = c.len;
                c.edges[c.len as usize] = e;
                c.len += 1;
            }
        }
        // The four angles: (up, left) is the bottom right corner of the
        // cell above left, and so on.
        for (up, left, corner) in [
            (true, true, 3),
            (true, false, 2),
            (false, true, 1),
            (false, false, 0),
        ] {
            let (a, b) = (at[if up { 2 } else { 3 }], at[if left { 0 } else { 1 }]);
            if a == u8::MAX || b == u8::MAX {
                continue;
            }
            let (ci, cj) = (if up { i - 1 } else { i }, if left { j - 1 } else { j });
            c.angles[c.angle_count as usize] = (a, b, (ci * self.cols + cj) as u32, corner);
            c.angle_count += 1;
        }
        c
    }

    /// The root of `e`'s class and whether `e` is opposite to it.
    fn find(&mut self, e: u32) -> (u32, u8) {
        let mut x = e;
        let mut flip = 0;
        while self.parent[x as usize] != x {
            flip ^= self.flip[x as usize];
            x = self.parent[x as usize];
        }
        let root = x;
        // Path compression: every edge on the way points at the root.
        let (mut x, mut f) = (e, flip);
        while x != root {
            let (next, step) = (self.parent[x as usize], self.flip[x as usize]);
            self.parent[x as usize] = root;
            self.flip[x as usize] = f;
            f ^= step;
            x = next;
        }
        (root, flip)
    }

    /// Queues the constraints of every member of root `r`'s class.
    fn queue_class(&mut self, r: u32) {
        let mut e = r;
        loop {
            for c in self.edge_constraints[e as usize] {
                if c != NONE && !self.queued[c as usize] {
                    self.queued[c as usize] = true;
                    self.queue.push(c);
                }
            }
            e = self.next[e as usize];
            if e == r {
                break;
            }
        }
    }

    /// Queues constraint `c`.
    fn queue_one(&mut self, c: u32) {
        if c != NONE && !self.queued[c as usize] {
            self.queued[c as usize] = true;
            self.queue.push(c);
        }
    }

    /// Gives root `r` (undecided) the value `v`.
    fn set(&mut self, r: u32, v: u8) {
        self.value[r as usize] = v;
        self.decided.push(r);
        self.queue_class(r);
    }

    /// Makes edge `e` equal to `v`, as the board says; fails if its class
    /// is known to be the other value.
    fn assign(&mut self, e: u32, v: u8) -> Result<(), Contradiction> {
        let (r, f) = self.find(e);
        match self.value[r as usize] {
            UNKNOWN => {
                self.set(r, v ^ f);
                Ok(())
            }
            known if known == v ^ f => Ok(()),
            _ => Err(Contradiction::ParityBroken),
        }
    }

    /// Joins the classes of roots `a` and `b` (distinct, both undecided)
    /// so that `b` is `a` flipped by `d`.
    fn join(&mut self, a: u32, b: u32, d: u8) {
        // The smaller class goes under the larger; its members' constraints
        // are due again.
        let (a, b) = if self.size[a as usize] < self.size[b as usize] {
            (b, a)
        } else {
            (a, b)
        };
        self.queue_class(b);
        self.parent[b as usize] = a;
        self.flip[b as usize] = d;
        self.size[a as usize] += self.size[b as usize];
        self.next.swap(a as usize, b as usize);
    }

    /// Starts anew from `edges`: every undecided edge its own class, the
    /// decided ones with their values, the board's angle marks; queues the
    /// constraints that can teach something of singleton classes: those
    /// with two undecided edges (joined), or more and an angle mark (the
    /// rest say nothing until a class of theirs changes, and are queued
    /// then).
    fn reset<const W: usize>(&mut self, edges: &Edges<W>) {
        let n = self.edge_count();
        self.parent.clear();
        self.parent.extend(0..n as u32);
        self.next.clear();
        self.next.extend(0..n as u32);
        self.flip.clear();
        self.flip.resize(n, 0);
        self.value.clear();
        self.value.resize(n, UNKNOWN);
        self.size.clear();
        self.size.resize(n, 1);
        self.seen.clear();
        self.seen.resize(n, false);
        for (plane, rows, cols) in [
            (Plane::H, self.rows + 1, self.cols),
            (Plane::V, self.rows, self.cols + 1),
        ] {
            for i in 0..rows {
                let (lines, crosses) = (edges.lines(plane, i), edges.crosses(plane, i));
                let first = match plane {
                    Plane::H => self.h(i, 0),
                    Plane::V => self.v(i, 0),
                } as usize;
                for j in (lines | crosses).ones().take_while(|&j| j < cols) {
                    self.value[first + j] = u8::from(lines.has(j));
                    self.seen[first + j] = true;
                }
            }
        }
        self.marks.clear();
        self.marks.resize(self.rows * self.cols, 0);
        self.read_marks(edges, false);
        self.queue.clear();
        self.queued.iter_mut().for_each(|q| *q = false);
        for k in 0..self.constraints.len() {
            let c = &self.constraints[k];
            let open = c.edges[..c.len as usize]
                .iter()
                .filter(|&&e| self.value[e as usize] == UNKNOWN)
                .count();
            let marked = c.angles[..c.angle_count as usize]
                .iter()
                .any(|&(_, _, cell, _)| self.marks[cell as usize] != 0);
            if open == 2 || (open > 2 && marked) {
                self.queue_one(k as u32);
            }
        }
        self.valid = true;
    }

    /// Takes in what the board decided since the last call: edges (their
    /// classes get the value) and angle marks.
    fn read<const W: usize>(&mut self, edges: &Edges<W>) -> Result<(), Contradiction> {
        for (plane, rows, cols) in [
            (Plane::H, self.rows + 1, self.cols),
            (Plane::V, self.rows, self.cols + 1),
        ] {
            for i in 0..rows {
                let (lines, crosses) = (edges.lines(plane, i), edges.crosses(plane, i));
                let first = match plane {
                    Plane::H => self.h(i, 0),
                    Plane::V => self.v(i, 0),
                };
                for j in (lines | crosses).ones().take_while(|&j| j < cols) {
                    let e = first + j as u32;
                    if !self.seen[e as usize] {
                        self.seen[e as usize] = true;
                        self.assign(e, u8::from(lines.has(j)))?;
                    }
                }
            }
        }
        self.read_marks(edges, true);
        Ok(())
    }

    /// Takes in the board's angle marks, queueing (with `queue`) the
    /// constraints of the angles newly marked.
    fn read_marks<const W: usize>(&mut self, edges: &Edges<W>, queue: bool) {
        if !queue {
            self.mark_words.clear();
            self.mark_words.resize(8 * W * self.rows, 0);
        }
        for i in 0..self.rows {
            let mut rows = [Row::<W>::EMPTY; 8];
            for k in 0..4 {
                rows[k] = edges.angle(Angle::AtMost, k, i, 0, 0);
                rows[4 + k] = edges.angle(Angle::AtLeast, k, i, 0, 0);
            }
            // Only the marks new since the last call: most are old.
            let mut fresh = Row::<W>::EMPTY;
            let seen = &mut self.mark_words[8 * W * i..][..8 * W];
            for (r, seen) in rows.iter_mut().zip(seen.chunks_exact_mut(W)) {
                let now = *r;
                let old = Row::<W>(seen.try_into().expect("W words"));
                *r = now & !old;
                fresh |= *r;
                seen.copy_from_slice(&now.0);
            }
            let cols = self.cols;
            for j in fresh.ones().take_while(|&j| j < cols) {
                let mut m = 0u8;
                for (b, r) in rows.iter().enumerate() {
                    if r.has(j) {
                        m |= 1 << b;
                    }
                }
                let cell = i * self.cols + j;
                if m & !self.marks[cell] != 0 {
                    self.marks[cell] |= m;
                    if queue {
                        self.queue_marked(cell, m);
                    }
                }
            }
        }
    }

    /// Queues the constraints that hold the angles `m` of `cell`: the cell
    /// and the vertices at those corners.
    fn queue_marked(&mut self, cell: usize, m: u8) {
        self.queue_one(self.cell_constraint[cell]);
        let (i, j) = (cell / self.cols, cell % self.cols);
        let vertices = self.constraints.len() - (self.rows + 1) * (self.cols + 1);
        for k in 0..4 {
            if (m >> k | m >> (4 + k)) & 1 == 1 {
                let (vi, vj) = (i + (k >> 1), j + (k & 1));
                self.queue_one((vertices + vi * (self.cols + 1) + vj) as u32);
            }
        }
    }

    /// Solves constraint `c` over the classes of its edges.
    ///
    /// The assignments of values to its (at most four) undecided classes
    /// are the bits of a 16-bit word: each edge is the word of the
    /// assignments that make it a line, and the count of lines is added
    /// bit-sliced, so that all sixteen are tried at once.
    fn solve(&mut self, c: &Constraint) -> Result<(), Contradiction> {
        let len = c.len as usize;
        let mut lines = [0u16; 4];
        let mut roots = [0u32; 4];
        let mut m = 0;
        for (line, &e) in lines.iter_mut().zip(&c.edges[..len]) {
            let (r, f) = self.find(e);
            let flip = if f == 1 { !0 } else { 0 };
            *line = match self.value[r as usize] {
                UNKNOWN => {
                    let x = match roots[..m].iter().position(|&x| x == r) {
                        Some(x) => x,
                        None => {
                            roots[m] = r;
                            m += 1;
                            m - 1
                        }
                    };
                    ONES[x] ^ flip
                }
                v => (if v == 1 { !0 } else { 0 }) ^ flip,
            };
        }
        if m == 0 {
            return Ok(());
        }
        // The assignments there are: 2^m of them.
        let all = ((1u32 << (1 << m)) - 1) as u16;
        // The count of lines per assignment, bit-sliced (0 to 4).
        let [a, b, d, e] = lines;
        let (s1, c1, s2, c2) = (a ^ b, a & b, d ^ e, d & e);
        let (ones, c3) = (s1 ^ s2, s1 & s2);
        let (twos, fours) = (c1 ^ c2 ^ c3, c1 & c2);
        let mut valid = 0;
        for n in 0..5 {
            if c.allowed >> n & 1 == 1 {
                let bit = |b: bool, w: u16| if b { w } else { !w };
                valid |= bit(n & 1 != 0, ones) & bit(n & 2 != 0, twos) & bit(n & 4 != 0, fours);
            }
        }
        let angles = &c.angles[..c.angle_count as usize];
        for &(p, q, cell, k) in angles {
            let marks = self.marks[cell as usize];
            let (p, q) = (lines[p as usize], lines[q as usize]);
            if marks >> k & 1 == 1 {
                valid &= !(p & q);
            }
            if marks >> (4 + k) & 1 == 1 {
                valid &= p | q;
            }
        }
        let valid = valid & all;
        if valid == 0 {
            return Err(Contradiction::ParityBroken);
        }
        for x in 0..m {
            let ones = valid & ONES[x];
            if ones == 0 || ones == valid {
                self.set(roots[x], u8::from(ones != 0));
            }
        }
        for x in 0..m {
            for y in x + 1..m {
                let equal = valid & !(ONES[x] ^ ONES[y]);
                if equal != 0 && equal != valid {
                    continue;
                }
                // Roots may have joined or been decided since: look again.
                let ((ax, fx), (ay, fy)) = (self.find(roots[x]), self.find(roots[y]));
                if ax != ay
                    && self.value[ax as usize] == UNKNOWN
                    && self.value[ay as usize] == UNKNOWN
                {
                    self.join(ax, ay, u8::from(equal == 0) ^ fx ^ fy);
                }
            }
        }
        for &(p, q, cell, k) in angles {
            let (p, q) = (lines[p as usize], lines[q as usize]);
            let mut add = 0;
            if valid & p & q == 0 {
                add |= 1 << k;
            }
            if valid & !(p | q) == 0 {
                add |= 1 << (4 + k);
            }
            let cell = cell as usize;
            if add & !self.marks[cell] != 0 {
                self.marks[cell] |= add;
                self.new_marks.push((cell, add));
                self.queue_marked(cell, add);
            }
        }
        Ok(())
    }

    /// Solves the constraints whose classes changed until none did, then
    /// writes what that decided (edges and angle marks) to `edges`, a board
    /// that extends the one of the last call unless [`Parity::forget`] was
    /// called since; returns how many edges it decided and whether it
    /// found new marks.
    pub fn deduce<const W: usize>(
        &mut self,
        frame: &Frame<W>,
        edges: &mut Edges<W>,
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
        edges: &mut Edges<W>,
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
            self.reset(edges);
        }
        while let Some(c) = self.queue.pop() {
            self.queued[c as usize] = false;
            let constraint = self.constraints[c as usize];
            self.solve(&constraint)?;
        }
        let mut decided = 0;
        for k in 0..self.decided.len() {
            let r = self.decided[k];
            let mut e = r;
            loop {
                let (_, f) = self.find(e);
                let (plane, i, j) = self.place(e);
                let bit = Row::single(j);
                let new = if self.value[r as usize] ^ f == 1 {
                    edges.add_lines(plane, i, bit)
                } else {
                    edges.add_crosses(plane, i, bit)
                };
                decided += u32::from(new);
                self.seen[e as usize] = true;
                e = self.next[e as usize];
                if e == r {
                    break;
                }
            }
        }
        for k in 0..self.new_marks.len() {
            let (cell, add) = self.new_marks[k];
            let (i, j) = (cell / self.cols, cell % self.cols);
            for c in 0..4 {
                for (bit, kind) in [(c, Angle::AtMost), (4 + c, Angle::AtLeast)] {
                    if add >> bit & 1 == 1 {
                        edges.add_angle(frame, kind, c, i, 0, 0, Row::single(j));
                    }
                }
            }
        }
        if edges.has_conflict() {
            self.valid = false;
            return Err(Contradiction::EdgeConflict);
        }
        Ok((decided, !self.new_marks.is_empty()))
    }
}
