//! What a board holds, counted and compared: its lines, its undecided
//! and decided edges within a frame, the rows of one plane, and where two
//! boards disagree. Queries only; nothing here changes a board.

use super::super::Frame;
use super::{Board, Part};
use crate::bits::Row;
use crate::grid::Plane;

impl<const W: usize> Board<W> {
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
        self.undecided_in(frame, Plane::H).is_empty()
            && self.undecided_in(frame, Plane::V).is_empty()
    }

    /// The columns where some row of either plane has an edge within
    /// `frame` undecided: every row's undecided edges folded into one row.
    pub fn undecided_columns(&self, frame: &Frame<W>) -> Row<W> {
        self.undecided_in(frame, Plane::H) | self.undecided_in(frame, Plane::V)
    }

    /// The undecided edges within `frame` of every row of plane `p`,
    /// folded into one row.
    fn undecided_in(&self, frame: &Frame<W>, p: Plane) -> Row<W> {
        debug_assert_eq!(frame.rows, self.rows, "a frame of another board");
        let rows = self.line_rows(p).iter().zip(self.cross_rows(p));
        rows.fold(Row::EMPTY, |open, (l, x)| open | !(*l | *x)) & frame.plane_bits(p)
    }

    /// The rows of line bits of plane `p`.
    #[inline]
    pub fn line_rows(&self, p: Plane) -> &[Row<W>] {
        self.part(Part::of(p, false))
    }

    /// The rows of cross bits of plane `p`.
    #[inline]
    pub fn cross_rows(&self, p: Plane) -> &[Row<W>] {
        self.part(Part::of(p, true))
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
}
