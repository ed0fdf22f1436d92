//! What a board holds, counted and compared: its lines, its undecided
//! and decided edges within a frame, the rows of one plane, what two
//! boards both hold beyond a third, and where two boards disagree.
//! Queries only; nothing here changes a board.

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

    /// Whether `a` and `b` both hold a bit (of any part) that this board
    /// lacks. Eight words to a test: a test per word keeps the compiler
    /// from making vector code of it, and on most calls (a probe whose two
    /// values share nothing new) every word is read.
    #[inline]
    pub(super) fn lacks_a_bit_both_hold(&self, a: &Self, b: &Self) -> bool {
        const CHUNK: usize = 8;
        let n = self.data.len().min(a.data.len()).min(b.data.len());
        let (s, a, b) = (&self.data[..n], &a.data[..n], &b.data[..n]);
        let news = |s: &[Row<W>], a: &[Row<W>], b: &[Row<W>]| {
            let words = s.iter().zip(a.iter().zip(b));
            words.fold(Row::EMPTY, |acc, (s, (a, b))| acc | (*a & *b & !*s))
        };
        // Whole chunks (vector code), then the words left over.
        let whole = n / CHUNK * CHUNK;
        let [cs, ca, cb] = [s, a, b].map(|words| words[..whole].chunks_exact(CHUNK));
        for (s, (a, b)) in cs.zip(ca.zip(cb)) {
            if news(s, a, b).any() {
                return true;
            }
        }
        news(&s[whole..], &a[whole..], &b[whole..]).any()
    }

    /// The numbers of decided edges (line or cross) within `frame` of `a`
    /// and of `b` ([`Board::decided_count`] of each), adding to `into` (a
    /// row per plane row, the `H` rows and then the `V` rows) the edges
    /// that are a line on one and a cross on the other: one pass over the
    /// two boards' edges for the three (a probe whose two values stand
    /// asks them all), a plane at a time over slices (vector code; a chain
    /// of the two planes' iterators was not).
    pub fn count_and_disagree(
        a: &Self,
        b: &Self,
        frame: &Frame<W>,
        into: &mut [Row<W>],
    ) -> [u32; 2] {
        assert_eq!(a.rows, b.rows, "boards of different sizes");
        debug_assert_eq!(frame.rows, a.rows, "a frame of another board");
        let ([ahl, ahx, avl, avx], [bhl, bhx, bvl, bvx]) = (a.planes(), b.planes());
        assert_eq!(into.len(), ahl.len() + avl.len(), "a row per plane row");
        let (h, v) = into.split_at_mut(ahl.len());
        let mut counts = [0, 0];
        let planes = [
            (h, ahl, ahx, bhl, bhx, frame.cells),
            (v, avl, avx, bvl, bvx, frame.vertices),
        ];
        for (into, al, ax, bl, bx, bits) in planes {
            let rows = al.iter().zip(ax).zip(bl.iter().zip(bx));
            for (d, ((al, ax), (bl, bx))) in into.iter_mut().zip(rows) {
                *d |= (*al & *bx) | (*ax & *bl);
                counts[0] += ((*al | *ax) & bits).count();
                counts[1] += ((*bl | *bx) & bits).count();
            }
        }
        debug_assert_eq!(counts, [a.decided_count(frame), b.decided_count(frame)]);
        counts
    }
}
