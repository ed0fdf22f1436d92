//! `Frame`: the size of a board and the row masks of its cells and
//! vertices, for one puzzle or several side by side.

use crate::bits::Row;
use crate::grid::Plane;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
