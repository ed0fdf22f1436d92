//! Edge state as bit planes, and the geometry of reading it row-wise.
//!
//! Horizontal edges `H(i, j)` live in `rows + 1` rows of `cols` bits,
//! vertical edges `V(i, j)` in `rows` rows of `cols + 1` bits; each kind
//! has a *line* plane and a *cross* plane. A rule looks at a whole row of
//! cells (or vertices) at once through an [`At`]: an edge named relative
//! to the cell or vertex in bit `j`, e.g. "the top side" is `H(0, 0)` and
//! "the right side" is `V(0, 1)`. Reading an `At` shifts the plane row so
//! that the edge lands in bit `j`; writing shifts it back. Edges off the
//! grid read as crossed.

use crate::bits::{Count, Row, RowSet};
use crate::grid::{At, Plane};
use crate::puzzle::{Puzzle, BLANK};

/// One kind of mark a board keeps, by row: the line or cross marks of a
/// plane, or the cells known inside or outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Lines of `H` edges (`rows + 1` rows).
    HLines,
    /// Crosses of `H` edges (`rows + 1` rows).
    HCrosses,
    /// Lines of `V` edges (`rows` rows).
    VLines,
    /// Crosses of `V` edges (`rows` rows).
    VCrosses,
    /// Cells inside the loop (`rows` rows).
    Inside,
    /// Cells outside the loop (`rows` rows).
    Outside,
}

impl Part {
    /// Every part, in the order a board stores them.
    pub const ALL: [Part; 6] = [
        Part::HLines,
        Part::HCrosses,
        Part::VLines,
        Part::VCrosses,
        Part::Inside,
        Part::Outside,
    ];

    /// The bits of a row of this part that lie on the board of `frame`.
    #[inline]
    pub fn bits<const W: usize>(self, frame: &Frame<W>) -> Row<W> {
        match self {
            Part::VLines | Part::VCrosses => frame.vertices,
            _ => frame.cells,
        }
    }

    /// The part of the lines (`cross` false) or crosses of plane `p`.
    #[inline(always)]
    const fn of(p: Plane, cross: bool) -> Part {
        match (p, cross) {
            (Plane::H, false) => Part::HLines,
            (Plane::H, true) => Part::HCrosses,
            (Plane::V, false) => Part::VLines,
            (Plane::V, true) => Part::VCrosses,
        }
    }

    /// The part of the opposite state of the same rows: crosses for lines,
    /// outside for inside, and back.
    #[inline(always)]
    const fn twin(self) -> Part {
        Part::ALL[self as usize ^ 1]
    }

    /// How many rows the part has on a board of `rows` cell rows.
    #[inline(always)]
    const fn len(self, rows: usize) -> usize {
        match self {
            Part::HLines | Part::HCrosses => Plane::H.rows(rows),
            _ => rows,
        }
    }

    /// Where the part's first row lies in a board's words: the parts follow
    /// one another in the order of [`Part::ALL`].
    #[inline(always)]
    const fn start(self, rows: usize) -> usize {
        let n = self as usize;
        n * rows + if n < 2 { n } else { 2 }
    }
}

/// The state of one edge at each bit of a row: line, cross, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge<const W: usize> {
    /// Bits where the edge is a line.
    pub line: Row<W>,
    /// Bits where the edge is crossed (or off the grid).
    pub cross: Row<W>,
}

impl<const W: usize> Edge<W> {
    /// Neither line nor cross anywhere.
    pub const NONE: Self = Edge {
        line: Row::EMPTY,
        cross: Row::EMPTY,
    };

    /// Bits where the edge is undecided.
    #[inline]
    pub fn unknown(self) -> Row<W> {
        !(self.line | self.cross)
    }

    /// How many of four edges are lines, and how many crosses, per bit.
    #[inline(always)]
    pub fn tally(edges: [Edge<W>; 4]) -> (Count<W>, Count<W>) {
        let [a, b, c, d] = edges;
        (
            Count::of([a.line, b.line, c.line, d.line]),
            Count::of([a.cross, b.cross, c.cross, d.cross]),
        )
    }
}

/// Size of a board and its row masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame<const W: usize> {
    /// Cell rows.
    pub rows: usize,
    /// Cell columns.
    pub cols: usize,
    /// Bits `0..cols`: the cells of a row, and the `H` edges of a row.
    pub cells: Row<W>,
    /// Bits `0..=cols`: the vertices of a row, and the `V` edges of a row.
    pub vertices: Row<W>,
}

impl<const W: usize> Frame<W> {
    /// The frame of a `rows x cols` board (`cols < 64 * W`).
    pub fn new(rows: usize, cols: usize) -> Self {
        assert!(cols < Row::<W>::BITS, "{cols} columns need a wider row");
        Frame {
            rows,
            cols,
            cells: Row::low(cols),
            vertices: Row::low(cols + 1),
        }
    }

    /// The frame of `n` boards of `rows x cols` side by side in one row of
    /// bits: board `k` takes the cells from bit `k * (cols + 1)`, and the
    /// bit after its last cell is no cell and no `H` edge, so each board
    /// reads its neighbours as off the grid. `n * (cols + 1) <= 64 * W`.
    pub fn packed(rows: usize, cols: usize, n: usize) -> Self {
        let stride = cols + 1;
        assert!(
            n >= 1 && n * stride <= Row::<W>::BITS,
            "{n} boards of {cols} columns"
        );
        let (mut cells, mut vertices) = (Row::EMPTY, Row::EMPTY);
        for k in 0..n {
            for j in 0..stride {
                cells.set(k * stride + j);
                vertices.set(k * stride + j);
            }
            // The bit after a board's last cell is a vertex but no cell.
            cells.0[(k * stride + cols) / 64] &= !(1 << ((k * stride + cols) % 64));
        }
        Frame {
            rows,
            cols: n * stride - 1,
            cells,
            vertices,
        }
    }

    /// Rows of edges in a plane.
    #[inline]
    pub fn plane_rows(&self, p: Plane) -> usize {
        p.rows(self.rows)
    }

    /// The bits of a plane row that are edges.
    #[inline]
    pub fn plane_bits(&self, p: Plane) -> Row<W> {
        match p {
            Plane::H => self.cells,
            Plane::V => self.vertices,
        }
    }

    /// Number of edges on the board.
    pub fn edge_count(&self) -> usize {
        (self.rows + 1) * self.cols + self.rows * (self.cols + 1)
    }
}

/// The decided edges of a board: line and cross planes for `H` and `V`,
/// and the cells known to lie inside or outside the loop.
///
/// One contiguous vector, so that copying a board for search is one `memcpy`.
/// The board also remembers which rows changed since the rules last
/// reached a fixpoint ([`Edges::take_work`]), so that propagation after a
/// small change revisits only the rows around it.
#[derive(Clone, Debug)]
pub struct Edges<const W: usize> {
    /// The six parts' rows, one after another (see [`Part::ALL`]). Always
    /// exactly `6 * rows + 2` words: the rules' reads and writes, having
    /// checked a plane row against `rows`, index it unchecked.
    data: Vec<Row<W>>,
    rows: usize,
    /// Bit `r`: plane row `r` (of any plane) changed since the last fixpoint.
    dirty: RowSet,
    /// Plane rows (of either plane) that may have an undecided edge: a row
    /// out of this set has none. Rows leave it when a write through
    /// [`Edges::set_edge`] decides their last edge; other writes leave it
    /// as it is, and [`Edges::set_rows_of`] and [`Edges::reset`] open every
    /// row (see [`crate::rules::propagate`]).
    open: RowSet,
    /// Scratch for propagation: row sets (see [`Edges::take_scratch`]).
    work: [RowSet; 3],
    /// Whether some edge is both line and cross, or some cell both inside
    /// and outside (kept up to date by every change).
    conflict: bool,
    /// Whether the clue-only rules have been applied to this board.
    seeded: bool,
    /// Whether the judge's rules stalled on this board (or an ancestor), so
    /// that the stronger rules are worth their cost.
    stalled: bool,
}

/// A board of no rows (its two rows of `H` edges empty).
impl<const W: usize> Default for Edges<W> {
    fn default() -> Self {
        let mut board = Edges {
            data: Vec::new(),
            rows: 0,
            dirty: RowSet::default(),
            open: RowSet::default(),
            work: Default::default(),
            conflict: false,
            seeded: false,
            stalled: false,
        };
        board.reset(0);
        board
    }
}

/// Boards are equal when they decide the same things (bookkeeping aside).
impl<const W: usize> PartialEq for Edges<W> {
    fn eq(&self, other: &Self) -> bool {
        self.rows == other.rows && self.data == other.data
    }
}

impl<const W: usize> Eq for Edges<W> {}

impl<const W: usize> Edges<W> {
    /// Resets to a board of `rows` cell rows with nothing decided (and every
    /// row due for the rules).
    pub fn reset(&mut self, rows: usize) {
        let words = rows.checked_mul(6).and_then(|n| n.checked_add(2));
        self.rows = rows;
        self.data.clear();
        self.data
            .resize(words.expect("a board of that many rows"), Row::EMPTY);
        self.dirty.resize(rows + 1);
        self.mark_all();
        self.open.resize(rows + 1);
        self.open.insert_all();
        self.conflict = false;
        self.seeded = false;
        self.stalled = false;
    }

    /// Whether the judge's rules alone stalled on this board or its ancestors.
    pub fn stalled(&self) -> bool {
        self.stalled
    }

    /// Records that the judge's rules alone stalled on this board.
    pub fn set_stalled(&mut self) {
        self.stalled = true;
    }

    /// Whether the rules that read only clues were applied to this board.
    pub fn seeded(&self) -> bool {
        self.seeded
    }

    /// Records that the rules that read only clues were applied.
    pub fn set_seeded(&mut self) {
        self.seeded = true;
    }

    /// Lends out the scratch row set (see [`Edges::put_scratch`]).
    pub fn take_scratch(&mut self) -> [RowSet; 3] {
        std::mem::take(&mut self.work)
    }

    /// Returns the scratch row set.
    pub fn put_scratch(&mut self, work: [RowSet; 3]) {
        self.work = work;
    }

    /// Whether the rules are at a fixpoint on this board, clue-only rules
    /// included ([`Edges::settle`], and nothing changed since).
    pub fn settled(&self) -> bool {
        self.seeded && !self.dirty.any()
    }

    /// Records that the rules are at a fixpoint on this board, clue-only
    /// rules included: nothing is due until something changes.
    pub fn settle(&mut self) {
        self.dirty.clear_all();
        self.seeded = true;
    }

    /// Marks every row as changed.
    pub fn mark_all(&mut self) {
        self.dirty.insert_all();
    }

    /// The plane rows that may have an undecided edge: every row with one
    /// is in (a row in may have none).
    #[inline]
    pub fn open_rows(&self) -> &RowSet {
        &self.open
    }

    #[inline(always)]
    fn mark(&mut self, r: usize) {
        self.dirty.insert(r);
    }

    /// Moves the changed rows, widened by `reach` rows each way (the farthest
    /// a rule looks), into `work` as a bit set over rows `0..=rows`; true if
    /// any row is due.
    pub fn take_work(&mut self, reach: usize, work: &mut RowSet) -> bool {
        if !self.dirty.any() {
            return false;
        }
        work.clone_from(&self.dirty);
        if reach > 0 {
            work.union_widened(&self.dirty, reach as u32);
        }
        self.dirty.clear_all();
        true
    }

    /// The cells of row `i` known to be inside the loop.
    #[inline]
    pub fn inside(&self, i: usize) -> Row<W> {
        self.row(Part::Inside, i)
    }

    /// The cells of row `i` known to be outside the loop.
    #[inline]
    pub fn outside(&self, i: usize) -> Row<W> {
        self.row(Part::Outside, i)
    }

    /// Marks cells of row `i` inside (`inside` true) or outside; true if new.
    #[inline]
    pub fn add_color(&mut self, i: usize, inside: bool, m: Row<W>) -> bool {
        let part = if inside { Part::Inside } else { Part::Outside };
        self.add_to(part, i, m)
    }

    /// Inside and outside masks of the cells of row `i + dr`, aligned so that
    /// the cell at column `j + dc` lands in bit `j`. Cells off the grid are
    /// outside.
    #[inline(always)]
    pub fn color(&self, frame: &Frame<W>, i: usize, dr: i32, dc: i32) -> (Row<W>, Row<W>) {
        debug_assert_eq!(frame.rows, self.rows, "a frame of another board");
        let r = match i.checked_add_signed(dr as isize) {
            Some(r) if r < self.rows => r,
            _ => return (Row::EMPTY, Row::FULL),
        };
        // SAFETY: `r < rows`, so both words lie within `data` (its length is
        // the type's invariant).
        let [inside, outside] =
            [Part::Inside, Part::Outside].map(|part| unsafe { self.word(self.base(part) + r) });
        let inside = inside.shift(-dc, false);
        let outside = (outside | !frame.cells).shift(-dc, true);
        (inside, outside)
    }

    /// Where `part`'s first row lies in `data`.
    #[inline(always)]
    fn base(&self, part: Part) -> usize {
        part.start(self.rows)
    }

    /// Row `i` of `part` (a row past the part's end is a bug: checked in
    /// debug builds; the read stays within the board).
    #[inline(always)]
    fn row(&self, part: Part, i: usize) -> Row<W> {
        debug_assert!(i < part.len(self.rows), "row {i} of {part:?}");
        self.data[self.base(part) + i]
    }

    /// The rows of `part`.
    #[inline]
    fn part(&self, part: Part) -> &[Row<W>] {
        &self.data[self.base(part)..][..part.len(self.rows)]
    }

    /// The line bits of plane row `i`.
    #[inline(always)]
    pub fn lines(&self, p: Plane, i: usize) -> Row<W> {
        self.row(Part::of(p, false), i)
    }

    /// The cross bits of plane row `i`.
    #[inline(always)]
    pub fn crosses(&self, p: Plane, i: usize) -> Row<W> {
        self.row(Part::of(p, true), i)
    }

    /// Adds line bits to plane row `i`; true if any bit is new.
    #[inline]
    pub fn add_lines(&mut self, p: Plane, i: usize, m: Row<W>) -> bool {
        self.add_to(Part::of(p, false), i, m)
    }

    /// Adds cross bits to plane row `i`; true if any bit is new.
    #[inline]
    pub fn add_crosses(&mut self, p: Plane, i: usize, m: Row<W>) -> bool {
        self.add_to(Part::of(p, true), i, m)
    }

    /// Adds bits `m` to row `i` of `part`; true if any bit is new.
    #[inline]
    fn add_to(&mut self, part: Part, i: usize, m: Row<W>) -> bool {
        assert!(i < part.len(self.rows), "row {i} of {part:?}");
        let (k, other) = (self.base(part) + i, self.base(part.twin()) + i);
        // SAFETY: `i` is a row of the part, so both words lie within `data`
        // (its length is the type's invariant).
        unsafe { self.add_at_unchecked(k, other, i, m) }
    }

    /// Adds bits `m` to word `k`, which holds a row of plane row `row`,
    /// marking the row if any bit is new; word `other` holds the opposite
    /// state (crosses for lines, outside for inside) of the same row.
    ///
    /// # Safety
    /// `k` and `other` are below `6 * rows + 2`, the length of `data`.
    #[inline(always)]
    unsafe fn add_at_unchecked(&mut self, k: usize, other: usize, row: usize, m: Row<W>) -> bool {
        debug_assert!(k.max(other) < self.data.len());
        // SAFETY: the caller's promise and the type's invariant.
        let word = unsafe { self.data.get_unchecked_mut(k) };
        let new = (m & !*word).any();
        if new {
            *word |= m;
            let now = *word;
            self.mark(row);
            // SAFETY: as above.
            self.conflict |= (now & unsafe { self.word(other) }).any();
        }
        new
    }

    /// Makes this a copy of `other`, reusing storage.
    #[inline]
    pub fn copy_from(&mut self, other: &Self) {
        self.rows = other.rows;
        self.data.clone_from(&other.data);
        self.dirty.clone_from(&other.dirty);
        self.open.clone_from(&other.open);
        self.conflict = other.conflict;
        self.seeded = other.seeded;
        self.stalled = other.stalled;
    }

    /// Calls `f` with every word of a board of `rows` rows: its index in
    /// `data`, its part and its row.
    #[inline(always)]
    fn for_each_word(rows: usize, mut f: impl FnMut(usize, Part, usize)) {
        for part in Part::ALL {
            let base = part.start(rows);
            for row in 0..part.len(rows) {
                f(base + row, part, row);
            }
        }
    }

    /// Adds every decision (edge or colour) that both `a` and `b` made;
    /// true if any is new. `a` and `b` must extend this board.
    pub fn adopt_common(&mut self, a: &Self, b: &Self) -> bool {
        assert!(
            a.rows == self.rows && b.rows == self.rows,
            "boards of different sizes"
        );
        // Mostly there is nothing new: a quick look at every word first.
        let words = self.data.iter().zip(a.data.iter().zip(&b.data));
        if !words.into_iter().any(|(s, (a, b))| (*a & *b & !*s).any()) {
            return false;
        }
        let mut new = false;
        Self::for_each_word(self.rows, |k, part, row| {
            new |= self.add_to(part, row, a.data[k] & b.data[k]);
        });
        new
    }

    /// Makes this a board of as many rows as `from` (a board perhaps of
    /// other width) holding, in every row of every part, what `take` makes
    /// of the same row of `from`, and nothing else; every row is due.
    pub fn set_rows_of<const V: usize>(
        &mut self,
        from: &Edges<V>,
        mut take: impl FnMut(Part, Row<V>) -> Row<W>,
    ) {
        self.reset(from.rows);
        let data = &mut self.data;
        Self::for_each_word(from.rows, |k, part, _| data[k] = take(part, from.data[k]));
        self.conflict = self.scan_conflict();
    }

    /// Whether some edge is both line and cross, or some cell both inside
    /// and outside.
    #[inline]
    pub fn has_conflict(&self) -> bool {
        debug_assert_eq!(self.conflict, self.scan_conflict());
        self.conflict
    }

    /// [`Edges::has_conflict`], found by looking at every row.
    fn scan_conflict(&self) -> bool {
        let [hl, hx, vl, vx] = self.planes();
        let (ci, co) = (self.part(Part::Inside), self.part(Part::Outside));
        // Every row's clashes folded into one row (no branch per row).
        let clash = |a: &[Row<W>], b: &[Row<W>]| {
            a.iter()
                .zip(b)
                .fold(Row::EMPTY, |all, (a, b)| all | (*a & *b))
        };
        (clash(hl, hx) | clash(vl, vx) | clash(ci, co)).any()
    }

    /// Number of line edges.
    pub fn line_count(&self) -> u32 {
        let lines = self
            .part(Part::HLines)
            .iter()
            .chain(self.part(Part::VLines));
        lines.map(|w| w.count()).sum()
    }

    /// The edges of plane row `i` that are neither line nor cross.
    #[inline]
    pub fn undecided(&self, frame: &Frame<W>, p: Plane, i: usize) -> Row<W> {
        !(self.lines(p, i) | self.crosses(p, i)) & frame.plane_bits(p)
    }

    /// Whether every edge within `frame` is decided (line or cross).
    pub fn is_complete(&self, frame: &Frame<W>) -> bool {
        debug_assert_eq!(frame.rows, self.rows, "a frame of another board");
        // The undecided edges of every row of a plane, folded into one row.
        let open = |lines: &[Row<W>], crosses: &[Row<W>]| {
            lines
                .iter()
                .zip(crosses)
                .fold(Row::EMPTY, |open, (l, x)| open | !(*l | *x))
        };
        let [hl, hx, vl, vx] = self.planes();
        (open(hl, hx) & frame.cells).is_empty() && (open(vl, vx) & frame.vertices).is_empty()
    }

    /// Number of decided edges (line or cross) within `frame`.
    pub fn decided_count(&self, frame: &Frame<W>) -> u32 {
        debug_assert_eq!(frame.rows, self.rows, "a frame of another board");
        let [hl, hx, vl, vx] = self.planes();
        let decided = |lines: &[Row<W>], crosses: &[Row<W>], bits: Row<W>| -> u32 {
            lines
                .iter()
                .zip(crosses)
                .map(|(l, x)| ((*l | *x) & bits).count())
                .sum()
        };
        decided(hl, hx, frame.cells) + decided(vl, vx, frame.vertices)
    }

    /// Per plane row, the `H` rows and then the `V` rows: the edges that
    /// are a line on one of `a` and `b` and a cross on the other.
    pub fn disagreements<'a>(a: &'a Self, b: &'a Self) -> impl Iterator<Item = Row<W>> + 'a {
        assert_eq!(a.rows, b.rows, "boards of different sizes");
        let ([ahl, ahx, avl, avx], [bhl, bhx, bvl, bvx]) = (a.planes(), b.planes());
        let flips = |al: &'a [Row<W>], ax: &'a [Row<W>], bl: &'a [Row<W>], bx: &'a [Row<W>]| {
            al.iter()
                .zip(ax)
                .zip(bl.iter().zip(bx))
                .map(|((al, ax), (bl, bx))| (*al & *bx) | (*ax & *bl))
        };
        flips(ahl, ahx, bhl, bhx).chain(flips(avl, avx, bvl, bvx))
    }

    /// The rows of each plane's lines and crosses: `H` lines, `H` crosses,
    /// `V` lines, `V` crosses.
    #[inline]
    fn planes(&self) -> [&[Row<W>]; 4] {
        [Part::HLines, Part::HCrosses, Part::VLines, Part::VCrosses].map(|p| self.part(p))
    }

    /// Reads edge `at` for the cells or vertices of row `i`, aligned to their
    /// bits. Edges off the grid read as crossed.
    #[inline(always)]
    pub fn read(&self, frame: &Frame<W>, i: usize, at: At) -> Edge<W> {
        debug_assert_eq!(frame.rows, self.rows, "a frame of another board");
        let Some(r) = self.plane_row(at.plane, i, at.dr) else {
            return Edge {
                line: Row::EMPTY,
                cross: Row::FULL,
            };
        };
        let valid = frame.plane_bits(at.plane);
        // SAFETY: `r` is a row of the plane (`plane_row`), so both words
        // lie within `data` (its length is the type's invariant).
        let [line, cross] =
            [false, true].map(|c| unsafe { self.word(self.base(Part::of(at.plane, c)) + r) });
        let cross = cross | !valid;
        Edge {
            line: line.shift(-at.dc, false),
            cross: cross.shift(-at.dc, true),
        }
    }

    /// Marks edge `at` of the bits `m` of row `i` as lines; true if new.
    #[inline(always)]
    pub fn set_lines(&mut self, frame: &Frame<W>, i: usize, at: At, m: Row<W>) -> bool {
        self.set(frame, i, at, m, false)
    }

    /// Marks edge `at` of the bits `m` of row `i` as crosses; true if new.
    #[inline(always)]
    pub fn set_crosses(&mut self, frame: &Frame<W>, i: usize, at: At, m: Row<W>) -> bool {
        self.set(frame, i, at, m, true)
    }

    /// Marks edge `at` of the bits `m` of row `i` as crosses (`cross`) or
    /// lines; true if new. Edges off the grid are left out.
    #[inline(always)]
    fn set(&mut self, frame: &Frame<W>, i: usize, at: At, m: Row<W>, cross: bool) -> bool {
        let news = if cross {
            Edge {
                line: Row::EMPTY,
                cross: m,
            }
        } else {
            Edge {
                line: m,
                cross: Row::EMPTY,
            }
        };
        self.set_edge(frame, i, at, news)
    }

    /// Marks edge `at` of the bits of row `i` as lines where `news.line`
    /// has them and as crosses where `news.cross` has them, in one write;
    /// true if any is new. Edges off the grid are left out.
    #[inline(always)]
    pub fn set_edge(&mut self, frame: &Frame<W>, i: usize, at: At, news: Edge<W>) -> bool {
        debug_assert_eq!(frame.rows, self.rows, "a frame of another board");
        if (news.line | news.cross).is_empty() {
            return false;
        }
        let Some(r) = self.plane_row(at.plane, i, at.dr) else {
            return false;
        };
        let valid = frame.plane_bits(at.plane);
        let (kl, kx) = (
            self.base(Part::of(at.plane, false)) + r,
            self.base(Part::of(at.plane, true)) + r,
        );
        // SAFETY: `r` is a row of the plane (`plane_row`), so both words
        // lie within `data` (its length is the type's invariant).
        let (line, cross) = unsafe { (self.word(kl), self.word(kx)) };
        let now = Edge {
            line: line | (news.line.shift(at.dc, false) & valid),
            cross: cross | (news.cross.shift(at.dc, false) & valid),
        };
        let new = ((now.line ^ line) | (now.cross ^ cross)).any();
        if new {
            // SAFETY: as above.
            unsafe {
                *self.data.get_unchecked_mut(kl) = now.line;
                *self.data.get_unchecked_mut(kx) = now.cross;
            }
            self.mark(r);
            self.conflict |= (now.line & now.cross).any();
            if (!(now.line | now.cross) & valid).is_empty() {
                self.close_if_decided(frame, at.plane.other(), r);
            }
        }
        new
    }

    /// Takes plane row `r` out of the open rows if plane `p` has no
    /// undecided edge there (or no row `r`): the caller has seen that the
    /// other plane has none. (Rare, and kept out of the write path.)
    #[cold]
    fn close_if_decided(&mut self, frame: &Frame<W>, p: Plane, r: usize) {
        if r < p.rows(self.rows) {
            // `undecided(frame, p, r)` without its range checks (a checked
            // read here cost 0.3% on both corpora).
            // SAFETY: `r` is a row of the plane, so both words lie within
            // `data` (its length is the type's invariant).
            let [line, cross] =
                [false, true].map(|c| unsafe { self.word(self.base(Part::of(p, c)) + r) });
            if (!(line | cross) & frame.plane_bits(p)).any() {
                return;
            }
        }
        self.open.remove(r);
    }

    /// Row `i + dr` of plane `p`, if the plane has it.
    #[inline(always)]
    fn plane_row(&self, p: Plane, i: usize, dr: i32) -> Option<usize> {
        let r = i.checked_add_signed(dr as isize)?;
        // Against the last row, not the count (`rows + 1` for `H`): then a
        // caller that has checked `i` against `rows` lets the compiler drop
        // the check for the rows around it.
        let on = match p {
            Plane::H => r <= self.rows,
            Plane::V => r < self.rows,
        };
        on.then_some(r)
    }

    /// Cell rows on this board (vertex rows: one more).
    #[inline(always)]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Word `k` of `data`, unchecked.
    ///
    /// # Safety
    /// `k < 6 * rows + 2`, the length of `data`.
    #[inline(always)]
    unsafe fn word(&self, k: usize) -> Row<W> {
        debug_assert!(k < self.data.len());
        // SAFETY: the caller's promise and the type's invariant.
        unsafe { *self.data.get_unchecked(k) }
    }
}

/// The clues of a puzzle as row masks: one per clue value.
#[derive(Clone, Debug, Default)]
pub struct Clues<const W: usize> {
    /// `by_value[n][i]`: the cells of row `i` whose clue is `n`. Each holds
    /// exactly `rows` rows, so that a row checked against `rows` is read
    /// unchecked.
    by_value: [Vec<Row<W>>; 4],
    /// `sliced[i]`: the clues of row `i` as bits (see [`Clues::sliced`]);
    /// exactly `rows` rows.
    sliced: Vec<ClueBits<W>>,
    /// Scratch for loading: the clue planes of one puzzle ([`flat_planes`]).
    flat: Vec<[u64; 3]>,
    rows: usize,
    /// Whether the rectangle around two side-by-side 3s may be the whole
    /// solution (then R4 does not hold: see [`crate::rules::threes`]).
    pub domino_loop_fits: bool,
}

impl<const W: usize> Clues<W> {
    /// Loads the clues of `p`, reusing storage.
    pub fn load(&mut self, p: &Puzzle) {
        self.load_packed(&[p]);
    }

    /// Starts a load: `rows` rows of `sliced` without a clue, and as many
    /// of each mask by value (made by [`Clues::finish`], once every puzzle
    /// is added).
    fn start(&mut self, rows: usize) {
        self.rows = rows;
        self.domino_loop_fits = false;
        self.sliced.clear();
        let none = ClueBits {
            low: Row::EMPTY,
            high: Row::EMPTY,
            any: Row::EMPTY,
        };
        self.sliced.resize(rows, none);
        // Every list holds `rows` rows from here on, even if the load
        // stops (a panic caught by the caller) before `finish`.
        for v in &mut self.by_value {
            v.resize(rows, Row::EMPTY);
        }
    }

    /// Ends a load: the masks by value, from the clues as bits.
    fn finish(&mut self) {
        debug_assert!(self.by_value.iter().all(|v| v.len() == self.rows));
        let [zero, one, two, three] = &mut self.by_value;
        let by_value = zero.iter_mut().zip(one).zip(two.iter_mut().zip(three));
        for (((zero, one), (two, three)), c) in by_value.zip(&self.sliced) {
            let (low, high) = (c.any & c.low, c.any & c.high);
            let none = c.any & !(c.low | c.high);
            (*zero, *one, *two, *three) = (none, low & !high, high & !low, low & high);
        }
    }

    /// Adds the clues of `p` (with the rows of this load) to `sliced`: the
    /// clue of cell `(i, j)` at bit `base + j` of row `i`.
    fn add_puzzle(&mut self, p: &Puzzle, base: usize) {
        let (cols, bytes) = (p.cols(), p.clue_bytes());
        assert_eq!(bytes.len(), self.sliced.len() * cols, "a puzzle's rows");
        flat_planes(bytes, &mut self.flat);
        // Up to 64 columns at a time.
        for g in (0..cols).step_by(64) {
            let keep = u64::MAX >> (64 - (cols - g).min(64));
            for (i, c) in self.sliced.iter_mut().enumerate() {
                let [low, high, any] = flat_bits(&self.flat, i * cols + g, keep);
                c.low.or_at(base + g, low);
                c.high.or_at(base + g, high);
                c.any.or_at(base + g, any);
            }
        }
    }

    /// Loads the clues of `puzzles`, all of one shape, side by side as
    /// [`Frame::packed`] lays them out.
    pub fn load_packed(&mut self, puzzles: &[&Puzzle]) {
        let Some(first) = puzzles.first() else {
            return;
        };
        let (rows, cols) = (first.rows(), first.cols());
        self.start(rows);
        for (k, p) in puzzles.iter().enumerate() {
            assert!(
                p.rows() == rows && p.cols() == cols,
                "packed puzzles differ in shape"
            );
            self.add_puzzle(p, k * (cols + 1));
            self.domino_loop_fits |= crate::rules::threes::domino_loop_fits(p);
        }
        self.finish();
    }

    /// The cells of row `i + dr` whose clue is `n`, aligned so that the
    /// cell at column `j + dc` lands in bit `j`. Rows off the grid are empty.
    #[inline]
    pub fn at(&self, n: usize, i: usize, dr: i32, dc: i32) -> Row<W> {
        let rows = &self.by_value[n];
        match i.checked_add_signed(dr as isize) {
            Some(r) if r < self.rows => {
                debug_assert_eq!(rows.len(), self.rows);
                // SAFETY: `r < self.rows`, the length of every `by_value[n]`.
                unsafe { rows.get_unchecked(r) }.shift(-dc, false)
            }
            _ => Row::EMPTY,
        }
    }

    /// The cells of row `i` whose clue is `n`.
    #[inline]
    pub fn eq(&self, n: usize, i: usize) -> Row<W> {
        self.by_value[n][i]
    }

    /// The clues of row `i` as binary digits, for arithmetic on whole rows.
    #[inline]
    pub fn sliced(&self, i: usize) -> ClueBits<W> {
        self.sliced[i]
    }
}

/// The clues `bytes` (row-major) as [`clue_byte_planes`] of 64 at a time
/// into `out`: bit `k % 64` of word `k / 64` of each plane for byte `k`
/// (none past the end), then one more word of zeros, so that any 64 bits
/// from a bit of a clue on may be read from two words ([`flat_bits`]).
fn flat_planes(bytes: &[u8], out: &mut Vec<[u64; 3]>) {
    out.clear();
    let mut chunks = bytes.chunks_exact(64);
    for chunk in &mut chunks {
        let words: [u64; 8] = std::array::from_fn(|t| {
            u64::from_le_bytes(chunk[8 * t..8 * t + 8].try_into().expect("8 bytes"))
        });
        let mut w = [0; 3];
        if words.iter().fold(0, |b, x| b | x) & 0x8080_8080_8080_8080 == 0 {
            // No blank (no byte with bit 7 set): every byte is a clue.
            for (t, x) in words.into_iter().enumerate() {
                w[0] |= gather_bit0(x) << (8 * t);
                w[1] |= gather_bit0(x >> 1) << (8 * t);
            }
            w[2] = u64::MAX;
        } else {
            for (t, x) in words.into_iter().enumerate() {
                for (w, p) in w.iter_mut().zip(clue_byte_planes(x)) {
                    *w |= p << (8 * t);
                }
            }
        }
        out.push(w);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = [0; 3];
        for (t, eight) in rest.chunks(8).enumerate() {
            let planes = clue_byte_planes(clue_word(eight, 0));
            for (w, p) in w.iter_mut().zip(planes) {
                *w |= p << (8 * t);
            }
        }
        out.push(w);
    }
    out.push([0; 3]);
}

/// The 64 bits of the planes of [`flat_planes`] from bit `start` on, where
/// bit `start` is a clue's, and `keep`.
#[inline]
fn flat_bits(flat: &[[u64; 3]], start: usize, keep: u64) -> [u64; 3] {
    let (w, o) = (start / 64, (start % 64) as u32);
    let (x, y) = (flat[w], flat[w + 1]);
    // `y << 1 << (63 - o)` is `y << (64 - o)`, and 0 for `o == 0`.
    [0, 1, 2].map(|p| (x[p] >> o | y[p] << 1 << (63 - o)) & keep)
}

/// The 8 clue bytes of `bytes` from `at` on as a little-endian word; bytes
/// past the end read as blanks.
#[inline(always)]
fn clue_word(bytes: &[u8], at: usize) -> u64 {
    let rest = bytes.get(at..).unwrap_or_default();
    match rest.first_chunk() {
        Some(&eight) => u64::from_le_bytes(eight),
        None => clue_word_short(rest),
    }
}

/// [`clue_word`] of fewer than 8 bytes, read as two overlapping halves.
#[cold]
#[inline(never)]
fn clue_word_short(chunk: &[u8]) -> u64 {
    let n = chunk.len();
    debug_assert!(n < 8);
    let halves = match n {
        4.. => {
            let half = |k: usize| u64::from(u32::from_le_bytes([0, 1, 2, 3].map(|b| chunk[k + b])));
            half(0) | half(n - 4) << (8 * (n - 4))
        }
        2.. => {
            let half = |k: usize| u64::from(u16::from_le_bytes([chunk[k], chunk[k + 1]]));
            half(0) | half(n - 2) << (8 * (n - 2))
        }
        _ => chunk.first().map_or(0, |&c| u64::from(c)),
    };
    halves | u64::from_le_bytes([BLANK; 8]) << (8 * n)
}

/// 8 clue bytes (values 0-3 or [`BLANK`]) of a little-endian word in
/// binary, as [`ClueBits`] holds them: bit `j` of each mask for byte `j`,
/// the ones digit, the twos digit, and whether there is a clue.
#[inline]
fn clue_byte_planes(x: u64) -> [u64; 3] {
    // A blank (0xff) has bit 7 set; a clue (0-3) does not.
    let clue = gather_bit0(!x >> 7);
    [gather_bit0(x) & clue, gather_bit0(x >> 1) & clue, clue]
}

/// Bit 0 of each byte of `y`, gathered into bits 0..8 (one per byte).
#[inline(always)]
fn gather_bit0(y: u64) -> u64 {
    (y & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The clues of a row written in binary, one mask per digit: clue `n` of
/// the cell in bit `j` is `2 * high[j] + low[j]`, where `any[j]` says there
/// is a clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClueBits<const W: usize> {
    /// The ones digit.
    pub low: Row<W>,
    /// The twos digit.
    pub high: Row<W>,
    /// Cells with a clue.
    pub any: Row<W>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `set_edge` (one write of lines and crosses) leaves the board, its
    /// conflict flag and its changed rows as `set_lines` then
    /// `set_crosses` do, and says the same about news: on plain and
    /// packed frames, rows and columns off the grid, known edges. Both
    /// are also checked edge by edge against what the news says.
    #[test]
    fn set_edge_is_set_lines_then_set_crosses() {
        use crate::bits::RowSet;
        use crate::util::rng::Rng;
        let mut rng = Rng::new(7);
        let sparse = |rng: &mut Rng| {
            Row::<2>([0; 2].map(|_| rng.next_u64() & rng.next_u64() & rng.next_u64()))
        };
        for case in 0..20_000 {
            let rows = 1 + rng.index(5);
            let frame = match case % 3 {
                0 => Frame::<2>::new(rows, 1 + rng.index(127)),
                1 => {
                    let cols = 1 + rng.index(20);
                    Frame::<2>::packed(rows, cols, 1 + rng.index(128 / (cols + 1)))
                }
                _ => Frame::<2>::new(rows, 64),
            };
            let mut a = Edges::<2>::default();
            a.reset(rows);
            for p in [Plane::H, Plane::V] {
                for r in 0..p.rows(rows) {
                    let lines = sparse(&mut rng) & frame.plane_bits(p);
                    let crosses = sparse(&mut rng) & frame.plane_bits(p) & !lines;
                    a.add_lines(p, r, lines);
                    a.add_crosses(p, r, crosses);
                }
            }
            a.take_work(0, &mut RowSet::default());
            let (mut b, before) = (a.clone(), a.clone());
            let plane = [Plane::H, Plane::V][rng.index(2)];
            let (dr, dc) = (rng.index(5) as i32 - 2, rng.index(3) as i32 - 1);
            let at = At { plane, dr, dc };
            let i = rng.index(rows + 1);
            let news = Edge {
                line: sparse(&mut rng),
                cross: sparse(&mut rng),
            };
            let new_a = a.set_edge(&frame, i, at, news);
            let new_b =
                b.set_lines(&frame, i, at, news.line) | b.set_crosses(&frame, i, at, news.cross);
            assert_eq!(new_a, new_b, "case {case}");
            assert_eq!(a, b, "case {case}");
            assert_eq!(a.conflict, b.conflict, "case {case}");
            assert_eq!(a.conflict, a.scan_conflict(), "case {case}");
            // Edge by edge: the news lands on row `i + dr`, column
            // `j + dc` of its plane, where that is an edge of the board.
            let target = (i as i64 + dr as i64).clamp(-1, rows as i64 + 1);
            let mut changed = false;
            for p in [Plane::H, Plane::V] {
                for r in 0..p.rows(rows) {
                    for c in 0..Row::<2>::BITS {
                        let from = c as i64 - dc as i64;
                        let hit = p == plane
                            && r as i64 == target
                            && (0..Row::<2>::BITS as i64).contains(&from)
                            && frame.plane_bits(p).has(c);
                        let told = |m: Row<2>| hit && m.has(from as usize);
                        let line = before.lines(p, r).has(c) || told(news.line);
                        let cross = before.crosses(p, r).has(c) || told(news.cross);
                        assert_eq!(a.lines(p, r).has(c), line, "case {case} {p:?} {r} {c}");
                        assert_eq!(a.crosses(p, r).has(c), cross, "case {case} {p:?} {r} {c}");
                        changed |= line != before.lines(p, r).has(c);
                        changed |= cross != before.crosses(p, r).has(c);
                    }
                }
            }
            assert_eq!(new_a, changed, "case {case}");
            let (mut due_a, mut due_b) = (RowSet::default(), RowSet::default());
            a.take_work(0, &mut due_a);
            b.take_work(0, &mut due_b);
            assert!(due_a.iter().eq(due_b.iter()), "case {case}");
            let due: Vec<usize> = due_a.iter().collect();
            let marked = if changed {
                vec![target as usize]
            } else {
                vec![]
            };
            assert_eq!(due, marked, "case {case}");
        }
    }

    /// A load that stops half way (a panic the caller catches) leaves every
    /// mask by value `rows` rows long: `Clues::at` reads them unchecked.
    #[test]
    fn a_load_stopped_half_way_keeps_the_rows_it_promises() {
        use crate::puzzle::Clue;
        let one_row = Puzzle::new(1, 5, &[Clue::Number(3); 5]).unwrap();
        let two_rows = Puzzle::new(2, 5, &[Clue::Number(3); 10]).unwrap();
        let mut clues = Clues::<1>::default();
        clues.load(&one_row);
        let five = Puzzle::new(5, 1, &[Clue::Number(3); 5]).unwrap();
        let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            clues.load_packed(&[&five, &two_rows])
        }));
        assert!(stopped.is_err(), "puzzles of two shapes in one pack");
        for n in 0..4 {
            assert_eq!(clues.by_value[n].len(), clues.rows, "value {n}");
            for i in 0..clues.rows {
                // Reads within the rows it promises, whatever they hold.
                let _ = clues.at(n, i, 0, 0);
            }
        }
    }

    #[test]
    fn clue_byte_planes_match_a_byte_by_byte_reading() {
        let values = [0, 1, 2, 3, BLANK];
        // Every sequence of up to 8 bytes over a few patterns, and every
        // length from 0 to 8.
        for seed in 0u64..2000 {
            let len = (seed % 9) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|j| values[((seed / 9) >> (2 * j) & 7) as usize % 5])
                .collect();
            let planes = clue_byte_planes(clue_word(&bytes, 0));
            let of = |keep: &dyn Fn(u8) -> bool| {
                bytes
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| keep(c))
                    .fold(0u64, |m, (j, _)| m | 1 << j)
            };
            let want = [
                of(&|c| c != BLANK && c & 1 == 1),
                of(&|c| c != BLANK && c & 2 == 2),
                of(&|c| c != BLANK),
            ];
            assert_eq!(planes, want, "bytes {bytes:?}");
        }
    }

    /// What [`Clues`] should hold for `puzzles` side by side (puzzle `k`
    /// from bit `k * (cols + 1)`), made cell by cell: the masks by value and
    /// the clues as bits of each row.
    fn clues_cell_by_cell<const W: usize>(puzzles: &[&Puzzle]) -> Vec<([Row<W>; 4], ClueBits<W>)> {
        let (rows, cols) = (puzzles[0].rows(), puzzles[0].cols());
        (0..rows)
            .map(|i| {
                let mut eq = [Row::EMPTY; 4];
                let mut bits = ClueBits {
                    low: Row::EMPTY,
                    high: Row::EMPTY,
                    any: Row::EMPTY,
                };
                for (k, p) in puzzles.iter().enumerate() {
                    for j in 0..cols {
                        let b = k * (cols + 1) + j;
                        if let crate::puzzle::Clue::Number(n) = p.clue(i, j) {
                            eq[n as usize].set(b);
                            bits.any.set(b);
                            if n & 1 == 1 {
                                bits.low.set(b);
                            }
                            if n & 2 == 2 {
                                bits.high.set(b);
                            }
                        }
                    }
                }
                (eq, bits)
            })
            .collect()
    }

    /// A random `rows x cols` puzzle whose clues are drawn with weights
    /// `weights` for 0, 1, 2, 3 and blank.
    fn weighted_puzzle(
        rows: usize,
        cols: usize,
        weights: [u64; 5],
        next: &mut dyn FnMut() -> u64,
    ) -> Puzzle {
        use crate::puzzle::Clue;
        let total: u64 = weights.iter().sum();
        let clues: Vec<Clue> = (0..rows * cols)
            .map(|_| {
                let mut r = next() % total;
                let v = weights.iter().position(|&w| {
                    r < w || {
                        r -= w;
                        false
                    }
                });
                match v.expect("a weight") {
                    4 => Clue::Blank,
                    n => Clue::Number(n as u8),
                }
            })
            .collect();
        Puzzle::new(rows, cols, &clues).expect("a puzzle")
    }

    /// Loads `puzzles` both packed and (when one) alone, and compares every
    /// row with the cell by cell reading; returns whether the domino loop
    /// fits.
    fn check_load<const W: usize>(clues: &mut Clues<W>, puzzles: &[&Puzzle]) -> bool {
        let want = clues_cell_by_cell::<W>(puzzles);
        let fits = puzzles
            .iter()
            .any(|p| crate::rules::threes::domino_loop_fits(p));
        for alone in [false, true] {
            match (alone, puzzles) {
                (false, _) => clues.load_packed(puzzles),
                (true, &[p]) => clues.load(p),
                (true, _) => continue,
            }
            let shape = (puzzles.len(), puzzles[0].rows(), puzzles[0].cols());
            assert_eq!(clues.domino_loop_fits, fits, "{shape:?} {:?}", puzzles[0]);
            for (i, (eq, bits)) in want.iter().enumerate() {
                assert_eq!(clues.sliced(i), *bits, "{shape:?} row {i} {:?}", puzzles[0]);
                for (n, eq) in eq.iter().enumerate() {
                    assert_eq!(clues.eq(n, i), *eq, "{shape:?} row {i} clue {n}");
                    assert_eq!(clues.at(n, i, 0, 0), *eq);
                }
            }
            for n in 0..4 {
                assert_eq!(clues.at(n, want.len() - 1, 1, 0), Row::EMPTY);
            }
        }
        fits
    }

    #[test]
    fn clues_load_as_read_cell_by_cell() {
        let mut seed = 0xc1de_u64;
        let mut next = || crate::util::rng::splitmix64(&mut seed);
        let weights = [
            [1, 1, 1, 1, 1],
            [1, 0, 0, 0, 0],
            [0, 0, 0, 0, 1],
            [0, 1, 2, 3, 0],
            // 0s and blanks, and two 3s planted below: the domino loop
            // may fit.
            [1, 0, 0, 0, 8],
        ];
        let (mut c1, mut c2) = (Clues::<1>::default(), Clues::<2>::default());
        let mut fits = 0;
        for cols in 1..=70 {
            for rows in [1, 2, 3, 5, 8] {
                for (t, &w) in weights.iter().enumerate() {
                    let mut p = weighted_puzzle(rows, cols, w, &mut next);
                    if t == 4 && rows * cols > 1 {
                        let (i, j) = (next() as usize % rows, next() as usize % cols);
                        let (i2, j2) = if j + 1 < cols {
                            (i, j + 1)
                        } else {
                            ((i + 1) % rows, j)
                        };
                        p.set_clue(i, j, crate::puzzle::Clue::Number(3));
                        p.set_clue(i2, j2, crate::puzzle::Clue::Number(3));
                    }
                    let alone = check_load(&mut c2, &[&p]);
                    fits += usize::from(alone);
                    if cols < 64 {
                        assert_eq!(check_load(&mut c1, &[&p]), alone);
                    }
                    // Packs of two and three, of this puzzle and others.
                    let q = weighted_puzzle(rows, cols, weights[(t + 1) % 5], &mut next);
                    let r = weighted_puzzle(rows, cols, weights[(t + 3) % 5], &mut next);
                    for pack in [
                        &[&p, &q][..],
                        &[&q, &p],
                        &[&p, &p],
                        &[&q, &p, &r],
                        &[&r, &r, &q],
                    ] {
                        if pack.len() * (cols + 1) <= 64 {
                            check_load(&mut c1, pack);
                        }
                        if pack.len() * (cols + 1) <= 128 {
                            check_load(&mut c2, pack);
                        }
                    }
                }
            }
        }
        assert!(fits > 20, "{fits} puzzles where the domino loop fits");
        // The two 3s of a domino and the six 1s around: the loop around
        // fits, whatever the 0s; a ninth clue other than 0 rules it out.
        for (rows, fits) in [
            ("0110/1331/0110", true),
            ("0110/1331/0110/0000/0000", true),
            ("0110/1331/0110/0001/0000", false),
            ("0110/1331/0110/0000/000.", true),
        ] {
            let domino = Puzzle::from_rows(rows).expect("a puzzle");
            assert_eq!(check_load(&mut c1, &[&domino]), fits, "{rows}");
            assert_eq!(check_load(&mut c1, &[&domino, &domino]), fits, "{rows}");
        }
    }

    #[test]
    fn clue_words_past_the_end_read_as_blanks() {
        let bytes: Vec<u8> = (0..20).map(|k| [0, 1, 2, 3, BLANK][k % 5]).collect();
        for at in 0..=bytes.len() {
            let mut want = [BLANK; 8];
            for (w, &b) in want.iter_mut().zip(&bytes[at..]) {
                *w = b;
            }
            assert_eq!(clue_word(&bytes, at), u64::from_le_bytes(want), "at {at}");
        }
    }

    #[test]
    fn the_conflict_flag_matches_a_scan_of_every_row() {
        let mut seed = 0x5eed_u64;
        let mut next = || crate::util::rng::splitmix64(&mut seed);
        let mut conflicts = 0;
        for trial in 0..400 {
            let rows = 1 + trial % 5;
            let mut e = Edges::<1>::default();
            e.reset(rows);
            let mut other = Edges::<1>::default();
            other.reset(rows);
            for _ in 0..(trial % 13) {
                let pick = next();
                // Sparse random bits, so that conflicts are neither rare nor
                // certain.
                let m = Row([next() & next() & next() & 0x3f]);
                let p = if pick & 1 == 0 { Plane::H } else { Plane::V };
                let i = (pick >> 8) as usize % (rows + usize::from(p == Plane::H));
                match pick >> 1 & 7 {
                    0 | 1 => drop(e.add_lines(p, i, m)),
                    2 | 3 => drop(e.add_crosses(p, i, m)),
                    4 => drop(e.add_color(i % rows, pick >> 4 & 1 == 0, m)),
                    5 => drop(other.add_lines(p, i, m) | other.add_crosses(p, i, m)),
                    6 => drop(e.adopt_common(&other, &other.clone())),
                    _ => e.copy_from(&other),
                }
                assert_eq!(e.has_conflict(), e.scan_conflict(), "trial {trial}");
            }
            conflicts += usize::from(e.has_conflict());
        }
        assert!(conflicts > 20 && conflicts < 380, "{conflicts} conflicts");
    }

    /// Writes through `set_edge` take a plane row out of the open rows
    /// exactly when they decide its last edge of both planes: on a board
    /// written only that way from a reset, the open rows are the rows with
    /// an undecided edge, all the way to none; a copy keeps them.
    #[test]
    fn open_rows_are_the_rows_with_an_undecided_edge() {
        use crate::util::rng::Rng;
        let mut rng = Rng::new(11);
        for case in 0..300 {
            let rows = 1 + rng.index(70);
            let frame = match case % 2 {
                0 => Frame::<2>::new(rows, 1 + rng.index(127)),
                _ => {
                    let cols = 1 + rng.index(20);
                    Frame::<2>::packed(rows, cols, 1 + rng.index(128 / (cols + 1)))
                }
            };
            let mut e = Edges::<2>::default();
            e.reset(rows);
            let undecided = |e: &Edges<2>| -> Vec<usize> {
                (0..=rows)
                    .filter(|&r| {
                        [Plane::H, Plane::V]
                            .into_iter()
                            .any(|p| r < p.rows(rows) && e.undecided(&frame, p, r).any())
                    })
                    .collect()
            };
            let mut copy = Edges::<2>::default();
            while !e.is_complete(&frame) {
                let plane = [Plane::H, Plane::V][rng.index(2)];
                let at = At {
                    plane,
                    dr: rng.index(3) as i32 - 1,
                    dc: rng.index(3) as i32 - 1,
                };
                let line = Row::<2>([0; 2].map(|_| rng.next_u64() & rng.next_u64()));
                let cross = Row::<2>([0; 2].map(|_| rng.next_u64() & rng.next_u64()));
                e.set_edge(&frame, rng.index(rows + 1), at, Edge { line, cross });
                assert_eq!(
                    e.open_rows().iter().collect::<Vec<_>>(),
                    undecided(&e),
                    "case {case}"
                );
                if rng.index(8) == 0 {
                    copy.copy_from(&e);
                    assert_eq!(copy.open_rows(), e.open_rows(), "case {case}");
                }
            }
            assert!(
                !e.open_rows().any(),
                "case {case}: a complete board with open rows"
            );
        }
    }

    /// Packed frames: board `k`'s cells and vertices from bit
    /// `k * (cols + 1)`, the bit after its last cell a vertex only.
    #[test]
    fn packed_frames_lay_boards_side_by_side() {
        fn check<const W: usize>() {
            for cols in 1..40 {
                for n in 1..=Row::<W>::BITS / (cols + 1) {
                    let f = Frame::<W>::packed(3, cols, n);
                    for b in 0..Row::<W>::BITS {
                        let (k, j) = (b / (cols + 1), b % (cols + 1));
                        assert_eq!(f.vertices.has(b), k < n, "{cols} x {n}, bit {b}");
                        assert_eq!(f.cells.has(b), k < n && j < cols, "{cols} x {n}, bit {b}");
                    }
                    assert_eq!(f.cols, n * (cols + 1) - 1);
                }
            }
        }
        check::<1>();
        check::<2>();
        check::<4>();
    }

    #[test]
    fn off_grid_edges_read_as_crossed() {
        let f = Frame::<1>::new(2, 3);
        let mut e = Edges::<1>::default();
        e.reset(2);
        // The left exit H(0, -1) of the cells of row 0: bit 0 is off the grid.
        let left = e.read(&f, 0, At::h(0, -1));
        assert!(left.cross.has(0) && !left.cross.has(1));
        // The right exit of the last cell H(0, 1): bit 2 is off the grid.
        let right = e.read(&f, 0, At::h(0, 1));
        assert!(right.cross.has(2) && !right.cross.has(1));
        // A row above the grid is all crossed.
        assert_eq!(e.read(&f, 0, At::v(-1, 0)).cross, Row::FULL);
    }

    #[test]
    fn write_then_read_round_trips_through_shifts() {
        let f = Frame::<1>::new(2, 3);
        let mut e = Edges::<1>::default();
        e.reset(2);
        // Mark the right side V(0, 1) of cell (1, 0) as a line.
        assert!(e.set_lines(&f, 1, At::v(0, 1), Row::single(0)));
        assert!(e.lines(Plane::V, 1).has(1));
        assert!(e.read(&f, 1, At::v(0, 1)).line.has(0));
        // The same edge is the left side of cell (1, 1).
        assert!(e.read(&f, 1, At::v(0, 0)).line.has(1));
        assert!(!e.set_lines(&f, 1, At::v(0, 1), Row::single(0)));
        assert!(!e.has_conflict());
        e.set_crosses(&f, 1, At::v(0, 0), Row::single(1));
        assert!(e.has_conflict());
    }
}
