//! A solved board: the set of line edges, as bit vectors.

use bitvec::prelude::*;

/// Bit `k` of `bits`, read from its backing words (`Lsb0`: bit `k` is bit
/// `k % 64` of word `k / 64`).
#[inline]
fn bit(bits: &BitVec<u64, Lsb0>, k: usize) -> bool {
    bits.as_raw_slice()[k / 64] >> (k % 64) & 1 == 1
}

/// The line edges of a solution: `H(i, j)` at `i * cols + j` of `h`,
/// `V(i, j)` at `i * (cols + 1) + j` of `v`.
#[derive(Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Solution {
    rows: usize,
    cols: usize,
    h: BitVec<u64, Lsb0>,
    v: BitVec<u64, Lsb0>,
}

impl Solution {
    /// An empty (no line) solution shape for `rows x cols`, reusing storage.
    pub fn reset(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.h.clear();
        self.h.resize((rows + 1) * cols, false);
        self.v.clear();
        self.v.resize(rows * (cols + 1), false);
    }

    /// An empty solution for `rows x cols`.
    pub fn new(rows: usize, cols: usize) -> Self {
        let mut s = Solution::default();
        s.reset(rows, cols);
        s
    }

    /// Cell rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Cell columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `H(i, j)` is a line.
    #[inline]
    pub fn h(&self, i: usize, j: usize) -> bool {
        debug_assert!(i <= self.rows && j < self.cols);
        bit(&self.h, i * self.cols + j)
    }

    /// Whether `V(i, j)` is a line.
    #[inline]
    pub fn v(&self, i: usize, j: usize) -> bool {
        debug_assert!(i < self.rows && j <= self.cols);
        bit(&self.v, i * (self.cols + 1) + j)
    }

    /// Sets `H(i, j)`.
    pub fn set_h(&mut self, i: usize, j: usize, line: bool) {
        let c = self.cols;
        self.h.set(i * c + j, line);
    }

    /// Sets `V(i, j)`.
    pub fn set_v(&mut self, i: usize, j: usize, line: bool) {
        let c = self.cols + 1;
        self.v.set(i * c + j, line);
    }

    /// The horizontal line edges of vertex row `i`, bit `j` for `H(i, j)`.
    pub fn h_row(&self, i: usize) -> &BitSlice<u64, Lsb0> {
        &self.h[i * self.cols..(i + 1) * self.cols]
    }

    /// The vertical line edges of cell row `i`, bit `j` for `V(i, j)`.
    pub fn v_row(&self, i: usize) -> &BitSlice<u64, Lsb0> {
        let c = self.cols + 1;
        &self.v[i * c..(i + 1) * c]
    }

    /// A fast reader of the line bits, for loops over many edges.
    #[inline]
    pub fn lines(&self) -> Lines<'_> {
        Lines {
            h: self.h.as_raw_slice(),
            v: self.v.as_raw_slice(),
            cols: self.cols,
        }
    }

    /// All horizontal edges, row-major.
    pub fn h_bits(&self) -> &BitSlice<u64, Lsb0> {
        &self.h
    }

    /// All vertical edges, row-major.
    pub fn v_bits(&self) -> &BitSlice<u64, Lsb0> {
        &self.v
    }

    /// Number of line edges.
    pub fn len(&self) -> usize {
        self.h.count_ones() + self.v.count_ones()
    }

    /// Whether there is no line at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The same solution mirrored across the main diagonal.
    pub fn transposed(&self) -> Solution {
        let mut t = Solution::new(self.cols, self.rows);
        for i in 0..=self.rows {
            for j in 0..self.cols {
                t.set_v(j, i, self.h(i, j));
            }
        }
        for i in 0..self.rows {
            for j in 0..=self.cols {
                t.set_h(j, i, self.v(i, j));
            }
        }
        t
    }
}

/// Read access to a solution's line bits straight from their words.
#[derive(Clone, Copy)]
pub struct Lines<'a> {
    h: &'a [u64],
    v: &'a [u64],
    cols: usize,
}

impl Lines<'_> {
    /// Whether `H(i, j)` is a line.
    #[inline(always)]
    pub fn h(&self, i: usize, j: usize) -> bool {
        let k = i * self.cols + j;
        self.h[k / 64] >> (k % 64) & 1 == 1
    }

    /// Whether `V(i, j)` is a line.
    #[inline(always)]
    pub fn v(&self, i: usize, j: usize) -> bool {
        let k = i * (self.cols + 1) + j;
        self.v[k / 64] >> (k % 64) & 1 == 1
    }
}
