//! The state of a board as bit planes, and the geometry of reading it
//! row-wise.
//!
//! Horizontal edges `H(i, j)` live in `rows + 1` rows of `cols` bits,
//! vertical edges `V(i, j)` in `rows` rows of `cols + 1` bits; each kind
//! has a *line* plane and a *cross* plane. A rule looks at a whole row of
//! cells (or vertices) at once through an [`At`]: an edge named relative
//! to the cell or vertex in bit `j`, e.g. "the top side" is `H(0, 0)` and
//! "the right side" is `V(0, 1)`. Reading an `At` shifts the plane row so
//! that the edge lands in bit `j`; writing shifts it back. Edges off the
//! grid read as crossed.

use super::changed::{Changed, DueRows};
use super::{Edge, Frame, Part};
use crate::bits::{Row, RowSet};
use crate::grid::{At, Plane};

/// The state of a board being solved: line and cross planes for `H` and
/// `V` edges, the cells known to lie inside or outside the loop, and the
/// angle marks (the seven [`Part`]s).
///
/// One contiguous vector, so that copying a board for search is one `memcpy`.
/// Beside it, what every write keeps up to date and a search copies and
/// brings back with the board: which rows changed since the rules last
/// reached a fixpoint ([`Board::take_changed`]), so that propagation after
/// a small change revisits only the rows around it; the rows that may have
/// an undecided edge ([`Board::open_rows`]); whether some mark clashes
/// ([`Board::has_conflict`]); and which rules the board has been through
/// ([`Board::seeded`], [`Board::stalled`]).
#[derive(Clone, Debug)]
pub struct Board<const W: usize> {
    /// The seven parts' rows, one after another (see [`Part::ALL`]). Always
    /// exactly `14 * rows + 2` words: the rules' reads and writes, having
    /// checked a plane row against `rows`, index it unchecked.
    pub(super) data: Vec<Row<W>>,
    pub(super) rows: usize,
    /// The rows changed since the last fixpoint, by kind.
    changed: Changed,
    /// Plane rows (of either plane) that may have an undecided edge: a row
    /// out of this set has none. Rows leave it when a write through
    /// [`Board::set_edge`] decides their last edge; other writes leave it
    /// as it is, and [`Board::set_rows_of`] and [`Board::reset`] open every
    /// row (see [`crate::rules::propagate`]).
    pub(super) open: RowSet,
    /// Whether some edge is both line and cross, or some cell both inside
    /// and outside (kept up to date by every change).
    pub(super) conflict: bool,
    /// Whether the clue-only rules have been applied to this board.
    pub(super) seeded: bool,
    /// Whether the judge's rules stalled on this board (or an ancestor), so
    /// that the stronger rules are worth their cost.
    pub(super) stalled: bool,
}

/// A board of no rows (its two rows of `H` edges empty).
impl<const W: usize> Default for Board<W> {
    fn default() -> Self {
        let mut board = Board {
            data: Vec::new(),
            rows: 0,
            changed: Changed::default(),
            open: RowSet::default(),
            conflict: false,
            seeded: false,
            stalled: false,
        };
        board.reset(0);
        board
    }
}

/// Boards are equal when they decide the same things (bookkeeping aside).
impl<const W: usize> PartialEq for Board<W> {
    fn eq(&self, other: &Self) -> bool {
        self.rows == other.rows && self.data == other.data
    }
}

impl<const W: usize> Eq for Board<W> {}

impl<const W: usize> Board<W> {
    /// Resets to a board of `rows` cell rows with nothing decided (and every
    /// row due for the rules).
    pub fn reset(&mut self, rows: usize) {
        let words = Part::words(rows);
        self.rows = rows;
        self.data.clear();
        self.data
            .resize(words.expect("a board of that many rows"), Row::EMPTY);
        self.reset_bookkeeping();
    }

    /// [`Board::reset`] for a board of `rows` rows on which no colour or
    /// angle mark was set since its last reset: only the edges are cleared
    /// (a third of the words). On a board of another size, a full reset.
    pub fn reset_edges(&mut self, rows: usize) {
        if rows != self.rows {
            return self.reset(rows);
        }
        let (edges, marks) = self.data.split_at_mut(Part::Inside.start(rows));
        debug_assert!(
            marks.iter().all(|&m| m == Row::EMPTY),
            "a colour or angle mark left on a board reset by its edges"
        );
        edges.fill(Row::EMPTY);
        self.reset_bookkeeping();
    }

    /// Forgets every edge outside the bits `keep` of each plane row, on a
    /// board with no colour nor angle mark: the puzzles of a pack that
    /// others replace. As after a reset, every row is due and open and no
    /// flag is set.
    pub fn keep_edges(&mut self, keep: Row<W>) {
        let (edges, marks) = self.data.split_at_mut(Part::Inside.start(self.rows));
        debug_assert!(
            marks.iter().all(|&m| m == Row::EMPTY),
            "a colour or angle mark left on a board whose edges are cleared"
        );
        for row in edges {
            *row &= keep;
        }
        self.reset_bookkeeping();
    }

    /// Every row due and open, no flag set: what both resets leave.
    fn reset_bookkeeping(&mut self) {
        let rows = self.rows;
        self.changed.reset(rows);
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

    /// Whether the rules are at a fixpoint on this board, clue-only rules
    /// included ([`Board::settle`], and nothing changed since).
    pub fn settled(&self) -> bool {
        self.seeded && !self.changed.any()
    }

    /// The rows that changed since the last fixpoint, of every kind, into
    /// `into` (as a search keeps them with a board it may come back to).
    pub fn changed_rows(&self, into: &mut RowSet) {
        self.changed.rows(into);
    }

    /// Makes `rows` the changed rows, as if their edges had changed (every
    /// rule due there): what [`Board::changed_rows`] kept, put back.
    pub fn set_changed_rows(&mut self, rows: &RowSet) {
        self.changed.set_rows(rows);
    }

    /// Records that the rules are at a fixpoint on this board, clue-only
    /// rules included: nothing is due until something changes.
    pub fn settle(&mut self) {
        self.changed.clear();
        self.seeded = true;
    }

    /// Forgets that the clue-only rules were applied (new clues came).
    pub fn unseed(&mut self) {
        self.seeded = false;
    }

    /// Records that the judge's rules alone stalled on this board and makes
    /// every row due: the next propagation, with the colour and angle rules
    /// on, starts from every row.
    pub fn stall(&mut self) {
        self.set_stalled();
        self.mark_all();
    }

    /// Marks every row as changed (its edges: every rule is due).
    pub fn mark_all(&mut self) {
        self.changed.all_edges();
    }

    /// The plane rows that may have an undecided edge: every row with one
    /// is in (a row in may have none).
    #[inline]
    pub fn open_rows(&self) -> &RowSet {
        &self.open
    }

    /// Moves the changed rows into `due` as bit sets over rows `0..=rows`:
    /// per family, the rows where what it reads changed, and the plane rows
    /// near a changed edge, widened by `reach` rows each way (the farthest
    /// the later tiers look); true if any row is due.
    pub fn take_changed(&mut self, reach: usize, due: &mut DueRows) -> bool {
        self.changed.take(reach, due)
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
    pub(super) fn add_to(&mut self, part: Part, i: usize, m: Row<W>) -> bool {
        assert!(i < part.len(self.rows), "row {i} of {part:?}");
        if !part.has_twin() {
            // An angle: its two marks are no clash; row `i` of the part is
            // of cell row `i / 8`.
            let k = self.base(part) + i;
            let word = &mut self.data[k];
            let new = (m & !*word).any();
            if new {
                *word |= m;
                let top = angles::of_top_corner(i % Part::ANGLE_ROWS);
                self.changed.angle(i / Part::ANGLE_ROWS, top, !top);
            }
            return new;
        }
        let (k, other) = (self.base(part) + i, self.base(part.twin()) + i);
        // SAFETY: `i` is a row of the part, so both words lie within `data`
        // (its length is the type's invariant).
        let new = unsafe { self.add_at_unchecked(k, other, m) };
        if new {
            match part {
                Part::Inside | Part::Outside => self.changed.color(i),
                Part::HLines | Part::HCrosses => self.changed.edge(true, i),
                _ => self.changed.edge(false, i),
            }
        }
        new
    }

    /// Adds bits `m` to word `k`; true if any bit is new. Word `other` holds
    /// the opposite state (crosses for lines, outside for inside) of the
    /// same row.
    ///
    /// # Safety
    /// `k` and `other` are below `14 * rows + 2`, the length of `data`.
    #[inline(always)]
    unsafe fn add_at_unchecked(&mut self, k: usize, other: usize, m: Row<W>) -> bool {
        debug_assert!(k.max(other) < self.data.len());
        // SAFETY: the caller's promise and the type's invariant.
        let word = unsafe { self.data.get_unchecked_mut(k) };
        let new = (m & !*word).any();
        if new {
            *word |= m;
            let now = *word;
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
        self.changed.clone_from(&other.changed);
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
        if !self.lacks_a_bit_both_hold(a, b) {
            return false;
        }
        let mut new = false;
        Self::for_each_word(self.rows, |k, part, row| {
            new |= self.add_to(part, row, a.data[k] & b.data[k]);
        });
        new
    }

    /// Whether some edge is both line and cross, or some cell both inside
    /// and outside.
    #[inline]
    pub fn has_conflict(&self) -> bool {
        debug_assert_eq!(self.conflict, self.scan_conflict());
        self.conflict
    }

    /// [`Board::has_conflict`], found by looking at every row.
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
            self.changed.edge(at.plane == Plane::H, r);
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
    /// `k < 14 * rows + 2`, the length of `data`.
    #[inline(always)]
    unsafe fn word(&self, k: usize) -> Row<W> {
        debug_assert!(k < self.data.len());
        // SAFETY: the caller's promise and the type's invariant.
        unsafe { *self.data.get_unchecked(k) }
    }
}

mod angles;
mod colors;
mod copies;
mod counts;

#[cfg(test)]
mod tests;
