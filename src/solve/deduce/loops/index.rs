//! The paths of a base board, for incremental loop reasoning: per path
//! end, the other end and the path's length.

use crate::bits::Row;
use crate::board::{Board, Frame};
use crate::grid::Plane;

/// A vertex `(i, j)`.
pub(super) type Vertex = (usize, usize);

/// The paths of a base board: its lines and, per path end, the other end.
#[derive(Default, Clone, Debug)]
pub(super) struct PathIndex<const W: usize> {
    /// Whether the index describes a base board that incremental reasoning
    /// may extend: one where loop reasoning found nothing to add.
    pub(super) valid: bool,
    /// Line and cross rows of the base, and how many lines it has.
    pub(super) total: u32,
    pub(super) lines_h: Vec<Row<W>>,
    pub(super) lines_v: Vec<Row<W>>,
    pub(super) crosses_h: Vec<Row<W>>,
    pub(super) crosses_v: Vec<Row<W>>,
    /// Vertices per row (`cols + 1`).
    pub(super) stride: usize,
    /// Per vertex `i * stride + j` that ends a base path (where `stamp`
    /// equals `gen`): the other end, and the path's length.
    pub(super) partner: Vec<u32>,
    pub(super) length: Vec<u32>,
    pub(super) stamp: Vec<u32>,
    pub(super) gen: u32,
    /// Per vertex: the incremental call (`call`) that used the base path
    /// ending there.
    pub(super) used: Vec<u32>,
    pub(super) call: u32,
    /// The path ends the current incremental call jumped from or to.
    pub(super) jumped: Vec<usize>,
}

impl<const W: usize> PathIndex<W> {
    /// Starts an index of a board of `frame`'s size, with no path.
    pub(super) fn begin(&mut self, frame: &Frame<W>, edges: &Board<W>) {
        self.valid = false;
        self.stride = frame.cols + 1;
        let n = (frame.rows + 1) * self.stride;
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
            self.partner.resize(n, 0);
            self.length.resize(n, 0);
            self.used.resize(n, 0);
        }
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.gen = 1;
        }
        self.set_base(frame, edges);
    }

    /// Makes `edges` the base whose lines and crosses the index keeps.
    pub(super) fn set_base(&mut self, frame: &Frame<W>, edges: &Board<W>) {
        debug_assert_eq!(frame.rows, edges.rows(), "a frame of another board");
        for (rows, now) in [
            (&mut self.lines_h, edges.line_rows(Plane::H)),
            (&mut self.lines_v, edges.line_rows(Plane::V)),
            (&mut self.crosses_h, edges.cross_rows(Plane::H)),
            (&mut self.crosses_v, edges.cross_rows(Plane::V)),
        ] {
            rows.clear();
            rows.extend_from_slice(now);
        }
    }

    /// Whether the index is valid and `edges` (of `frame`'s size) extends
    /// its base: every line and cross of the base is one there too. (Each
    /// plane's rows folded into one, with no test a row: vector code.)
    pub(super) fn extended_by(&self, frame: &Frame<W>, edges: &Board<W>) -> bool {
        let within = |base: &[Row<W>], now: &[Row<W>]| {
            base.len() == now.len()
                && (base.iter().zip(now))
                    .fold(Row::EMPTY, |lost, (base, now)| lost | (*base & !*now))
                    .is_empty()
        };
        self.valid
            && self.stride == frame.cols + 1
            && edges.rows() == frame.rows
            && within(&self.lines_h, edges.line_rows(Plane::H))
            && within(&self.lines_v, edges.line_rows(Plane::V))
            && within(&self.crosses_h, edges.cross_rows(Plane::H))
            && within(&self.crosses_v, edges.cross_rows(Plane::V))
    }

    /// Records a base path from `a` to `b` of `len` edges.
    pub(super) fn add(&mut self, a: Vertex, b: Vertex, len: u32) {
        let (ka, kb) = (a.0 * self.stride + a.1, b.0 * self.stride + b.1);
        for (k, other) in [(ka, kb), (kb, ka)] {
            self.stamp[k] = self.gen;
            self.partner[k] = other as u32;
            self.length[k] = len;
        }
    }

    /// The other end and length of the unused base path ending at `v`, if
    /// any; marks it used.
    #[inline]
    pub(super) fn jump(&mut self, v: Vertex) -> Option<(Vertex, u32)> {
        let k = v.0 * self.stride + v.1;
        if self.stamp[k] != self.gen || self.used[k] == self.call {
            return None;
        }
        let p = self.partner[k] as usize;
        self.used[k] = self.call;
        self.used[p] = self.call;
        self.jumped.extend([k, p]);
        Some(((p / self.stride, p % self.stride), self.length[k]))
    }
}
