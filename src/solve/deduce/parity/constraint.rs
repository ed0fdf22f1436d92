//! The constraints of a puzzle (a clued cell: as many lines as its
//! clue; a vertex: none or two), made once per size (a puzzle gives only
//! the cells' counts), and each one solved outright over the classes of
//! its edges.

use super::angles::AngleLanes;
use super::{Constraint, Parity, NONE, ONES, UNKNOWN};
use crate::grid::Plane;
use crate::rules::Contradiction;

/// Per count of classes, their pairs in the order they are tried.
const PAIRS: [&[(u8, u8)]; 5] = [
    &[],
    &[],
    &[(0, 1)],
    &[(0, 1), (0, 2), (1, 2)],
    &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)],
];

/// How many shapes of other sizes a [`Parity`] keeps besides its own (a
/// file of mixed sizes comes back to a few of them).
pub(super) const SHAPES_KEPT: usize = 8;

/// How many constraints those may hold in all (some 10 MB): the shapes of
/// large boards are made again rather than kept.
const SHAPES_KEPT_CONSTRAINTS: usize = 1 << 17;

/// The constraints of every vertex and cell of one size, and each edge's:
/// what [`Parity::build`] makes once per size.
#[derive(Default, Clone, Debug)]
pub(super) struct ConstraintSet {
    size: (usize, usize),
    constraints: Vec<Constraint>,
    edge_constraints: Vec<[u32; 4]>,
}

impl Parity {
    /// Makes the constraints of the puzzle loaded: the vertices' first (in
    /// row-major order), then every cell's (row-major too), with each
    /// edge's (its two ends', or one on the border, in slots 0 and 1; its
    /// one or two cells' in slots 2 and 3), all made once per size
    /// ([`Parity::take_shape`]). A puzzle gives each cell its clue's count;
    /// a blank cell's constraint is never queued ([`Parity::reset`] starts
    /// it queued for good).
    pub(super) fn build(&mut self) {
        let (rows, cols) = (self.rows, self.cols);
        if self.built_for != Some((rows, cols)) {
            self.take_shape();
        }
        let vertices = (rows + 1) * (cols + 1);
        let cells = self.constraints[vertices..].iter_mut();
        let blank = self.blank[vertices..].iter_mut();
        for ((c, blank), &clue) in cells.zip(blank).zip(&self.clues) {
            *blank = clue > 3;
            // (A blank cell allows any count: solved by mistake, it would
            // still say only what holds.)
            c.allowed = if *blank { 0b1_1111 } else { 1 << clue };
        }
        self.built = true;
    }

    /// Puts the shape of this puzzle's size in place: kept from an earlier
    /// puzzle of that size, or made. The shape it replaces is kept among
    /// the last [`SHAPES_KEPT`] others.
    fn take_shape(&mut self) {
        let size = (self.rows, self.cols);
        if let Some(old) = self.built_for.take() {
            let shape = ConstraintSet {
                size: old,
                constraints: std::mem::take(&mut self.constraints),
                edge_constraints: std::mem::take(&mut self.edge_constraints),
            };
            self.shapes.insert(0, shape);
            self.shapes.truncate(SHAPES_KEPT);
            let mut held = 0;
            self.shapes.retain(|s| {
                held += s.constraints.len();
                held <= SHAPES_KEPT_CONSTRAINTS
            });
        }
        match self.shapes.iter().position(|s| s.size == size) {
            Some(k) => {
                let shape = self.shapes.remove(k);
                self.constraints = shape.constraints;
                self.edge_constraints = shape.edge_constraints;
            }
            None => self.make_shape(),
        }
        self.blank.clear();
        self.blank.resize(self.constraints.len(), false);
        self.built_for = Some(size);
    }

    /// Makes the constraints of every vertex (constraint `i * (cols + 1) +
    /// j` for vertex `(i, j)`) and every cell (after them, row-major; each
    /// as if clued 0, which [`Parity::build`] sets for its puzzle), and
    /// each edge's.
    fn make_shape(&mut self) {
        let (rows, cols) = (self.rows, self.cols);
        self.constraints.clear();
        for i in 0..=rows {
            for j in 0..=cols {
                let c = self.vertex(i, j);
                self.constraints.push(c);
            }
        }
        let vertices = self.constraints.len();
        for i in 0..rows {
            for j in 0..cols {
                let c = self.cell(i, j);
                self.constraints.push(c);
            }
        }
        self.edge_constraints.clear();
        self.edge_constraints.resize(self.edge_count(), [NONE; 4]);
        for (k, c) in self.constraints.iter().enumerate() {
            // Vertices in slots 0 and 1, cells in 2 and 3: the first free.
            let first = if k < vertices { 0 } else { 2 };
            for &e in &c.edges[..c.len as usize] {
                let slots = &mut self.edge_constraints[e as usize];
                let slot = first + usize::from(slots[first] != NONE);
                slots[slot] = k as u32;
            }
        }
    }

    pub(super) fn h(&self, i: usize, j: usize) -> u32 {
        (i * self.cols + j) as u32
    }

    pub(super) fn v(&self, i: usize, j: usize) -> u32 {
        ((self.rows + 1) * self.cols + i * (self.cols + 1) + j) as u32
    }

    /// The board's planes of edges, `H` then `V`: each plane, its rows,
    /// the number of its first edge and its row length (row `i` starts at
    /// `first + i * len`).
    pub(super) fn edge_planes(&self) -> [(Plane, usize, u32, usize); 2] {
        let (rows, cols) = (self.rows, self.cols);
        [
            (Plane::H, rows + 1, 0, cols),
            (Plane::V, rows, ((rows + 1) * cols) as u32, cols + 1),
        ]
    }

    pub(super) fn edge_count(&self) -> usize {
        (self.rows + 1) * self.cols + self.rows * (self.cols + 1)
    }

    /// The plane, row and column of edge `e`.
    pub(super) fn place(&self, e: u32) -> (Plane, usize, usize) {
        let e = e as usize;
        let hs = (self.rows + 1) * self.cols;
        if e < hs {
            (Plane::H, e / self.cols, e % self.cols)
        } else {
            let k = e - hs;
            (Plane::V, k / (self.cols + 1), k % (self.cols + 1))
        }
    }

    /// The constraint of cell `(i, j)`, as if clued 0.
    fn cell(&self, i: usize, j: usize) -> Constraint {
        // Top, bottom, left, right; corner k has sides k >> 1 and 2 + (k & 1).
        let edges = [
            self.h(i, j),
            self.h(i + 1, j),
            self.v(i, j),
            self.v(i, j + 1),
        ];
        let cell = (i * self.cols + j) as u32;
        let angles = Constraint::cell_angles(cell);
        // Corner k at vertex (i + (k >> 1), j + (k & 1)).
        let across = [0, 1, 2, 3].map(|k| ((i + (k >> 1)) * (self.cols + 1) + j + (k & 1)) as u32);
        Constraint {
            edges,
            len: 4,
            allowed: 1,
            angles,
            angle_count: 4,
            of_cell: true,
            across,
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
            of_cell: false,
            across: [NONE; 4],
        };
        let vertices = (self.rows + 1) * (self.cols + 1);
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
            let cell = ci * self.cols + cj;
            c.angles[c.angle_count as usize] = (a, b, cell as u32, corner);
            c.across[c.angle_count as usize] = (vertices + cell) as u32;
            c.angle_count += 1;
        }
        debug_assert!(
            c.angle_count < 4 || c.angles == Constraint::inner_vertex_angles(c.angles.map(|a| a.2)),
            "an inner vertex's angles out of their order"
        );
        c
    }

    /// Solves constraint `c` (one of this puzzle's, with classes made for
    /// its board: [`Parity::run`] checks both) over the classes of its
    /// edges.
    ///
    /// The assignments of values to its (at most four) undecided classes
    /// are the bits of a 16-bit word: each edge is the word of the
    /// assignments that make it a line, and the count of lines is added
    /// bit-sliced, so that all sixteen are tried at once.
    pub(super) fn solve(&mut self, c: &Constraint) -> Result<(), Contradiction> {
        let (lines, roots, m) = self.assignments(c);
        if m == 0 {
            return Ok(());
        }
        let angles = AngleLanes::of(c, &lines, &self.classes.marks);
        let valid = valid_counts(c, &lines, m) & angles.allowed();
        if valid == 0 {
            return Err(Contradiction::ParityBroken);
        }
        self.learn(valid, &roots, m);
        let add = angles.new_marks(valid);
        if add != 0 {
            self.add_marks(c, add);
        }
        Ok(())
    }

    /// Per edge of `c`, the word of the assignments that make it a line;
    /// the undecided classes' roots, and how many there are (`m`).
    #[inline]
    fn assignments(&mut self, c: &Constraint) -> ([u16; 4], [u32; 4], usize) {
        let len = c.len as usize;
        let mut lines = [0u16; 4];
        // Roots not yet met match no class's root.
        let mut roots = [u32::MAX; 4];
        let mut m = 0;
        for (line, &e) in lines.iter_mut().zip(&c.edges[..len]) {
            // SAFETY: a constraint's edges are edges of the board the
            // classes were made for (`Parity::run` checks that their sizes
            // agree).
            let (r, f) = unsafe { self.find_unchecked(e) };
            // SAFETY: `r` is a root `find` gave.
            let v = unsafe { self.value_unchecked(r) };
            let flip = 0u16.wrapping_sub(u16::from(f));
            // The class's place among the roots met, or the next one (a
            // decided edge's root is none of them), taken without a branch
            // on whether the edge is decided.
            let x = if r == roots[0] {
                0
            } else if r == roots[1] {
                1
            } else if r == roots[2] {
                2
            } else {
                m
            };
            let (unknown, slot) = (v == UNKNOWN, x & 3);
            roots[slot] = if unknown { r } else { roots[slot] };
            m += usize::from(unknown & (x == m));
            let known = 0u16.wrapping_sub(u16::from(v & 1));
            *line = if unknown { ONES[slot] } else { known } ^ flip;
        }
        (lines, roots, m)
    }

    /// What every valid assignment agrees on: a class's value, or two
    /// classes equal or opposite (joined).
    fn learn(&mut self, valid: u16, roots: &[u32; 4], m: usize) {
        for x in 0..m {
            let ones = valid & ONES[x];
            if ones == 0 || ones == valid {
                self.set(roots[x], u8::from(ones != 0));
            }
        }
        for &(x, y) in PAIRS[m] {
            let (x, y) = (usize::from(x), usize::from(y));
            let differ = valid & (ONES[x] ^ ONES[y]);
            if differ != 0 && differ != valid {
                continue;
            }
            // Roots may have joined or been decided since: look again.
            let ((ax, fx), (ay, fy)) = (self.find(roots[x]), self.find(roots[y]));
            // SAFETY: `ax` and `ay` are roots `find` gave.
            let unknown = unsafe { [ax, ay].map(|r| self.value_unchecked(r) == UNKNOWN) };
            if ax != ay && unknown == [true; 2] {
                // All differ: opposite; none: equal.
                self.join(ax, ay, u8::from(differ != 0) ^ fx ^ fy);
            }
        }
    }
}

/// The assignments (of `2^m`) that give `c` an allowed count of lines
/// (the angles' marks are [`AngleLanes::allowed`]).
#[inline]
fn valid_counts(c: &Constraint, lines: &[u16; 4], m: usize) -> u16 {
    let all = ((1u32 << (1 << m)) - 1) as u16;
    // The count of lines per assignment, bit-sliced (0 to 4).
    let [a, b, d, e] = *lines;
    let (s1, c1, s2, c2) = (a ^ b, a & b, d ^ e, d & e);
    let (ones, c3) = (s1 ^ s2, s1 & s2);
    let (twos, fours) = (c1 ^ c2 ^ c3, c1 & c2);
    // Per count of lines (0 to 4: four only with none of the others).
    let low = !fours;
    let counts = [
        low & !twos & !ones,
        low & !twos & ones,
        low & twos & !ones,
        low & twos & ones,
        fours,
        0,
        0,
        0,
    ];
    let mut valid = 0;
    let mut allowed = c.allowed;
    while allowed != 0 {
        valid |= counts[allowed.trailing_zeros() as usize & 7];
        allowed &= allowed - 1;
    }
    valid & all
}
