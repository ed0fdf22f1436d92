//! A solved board: the set of line edges, as rows of bits.

use crate::grid::{EdgeId, Plane};
use bitvec::slice::BitSlice;

/// A row of edges as bits: bit `j` is the edge in column `j`, set for a line.
///
/// Stored in the solution's own `u64` words where bitvec stores bits in
/// them (64-bit targets); bitvec has no `BitSlice<u64>` elsewhere (wasm32),
/// and there the same words are read as twice as many `u32`s.
#[cfg(target_pointer_width = "64")]
pub type Bits = BitSlice<u64>;
/// A row of edges as bits: bit `j` is the edge in column `j`, set for a line.
///
/// On this 32-bit target the solution's `u64` words are read as twice as
/// many `u32`s (bitvec has no `BitSlice<u64>` here); on 64-bit targets it
/// is a `BitSlice<u64>` of the words themselves.
#[cfg(not(target_pointer_width = "64"))]
pub type Bits = BitSlice<u32>;

/// The words of a row as the store of [`Bits`]: the words themselves.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
fn bit_store(words: &[u64]) -> &[u64] {
    words
}

/// The words of a row as the store of [`Bits`]: each `u64` as two `u32`s,
/// its low half first, which is the order of the bits on a little-endian
/// target.
#[cfg(all(not(target_pointer_width = "64"), target_endian = "little"))]
fn bit_store(words: &[u64]) -> &[u32] {
    // SAFETY: the pointer is valid for `8 * words.len()` bytes, which is
    // `2 * words.len()` u32s, for the lifetime of `words`; u64's alignment
    // is a multiple of u32's; every bit pattern is a u32; and the slice is
    // only read, as `words` is.
    unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<u32>(), 2 * words.len()) }
}

#[cfg(all(not(target_pointer_width = "64"), target_endian = "big"))]
compile_error!(
    "slink's bit slices read u64 words as u32 halves, low half first: \
     a 32-bit target must be little-endian"
);

/// The line edges of a solution, one row of words per plane row: bit `j`
/// of vertex row `i`'s words is `H(i, j)`, bit `j` of cell row `i`'s words
/// is `V(i, j)` (bit `j` of a row is bit `j % 64` of its word `j / 64`).
/// Every row takes [`Solution::stride`] words, enough for `cols + 1` bits;
/// the bits beyond a row's edges are always 0.
///
/// The edges of an `r x c` board are numbered by the vertices they join:
/// `H(i, j)` joins vertex `(i, j)` to `(i, j + 1)` (`0 <= i <= r`,
/// `0 <= j < c`), `V(i, j)` joins `(i, j)` to `(i + 1, j)` (`0 <= i < r`,
/// `0 <= j <= c`). For a 1x2 board:
///
/// ```text
/// (0,0)--H(0,0)--(0,1)--H(0,1)--(0,2)
///   |              |              |
/// V(0,0)         V(0,1)         V(0,2)
///   |              |              |
/// (1,0)--H(1,0)--(1,1)--H(1,1)--(1,2)
/// ```
///
/// [`Solution::h_lines`] and [`Solution::v_lines`] give a row of edges as
/// a bit slice, [`Solution::lines`] every line edge:
///
/// ```
/// let p = slink::Puzzle::from_rows("33").unwrap();
/// let mut solver = slink::Solver::default();
/// let s = solver.solve(&p).solution().unwrap().clone();
/// assert!(s.h_lines(0).all() && s.h_lines(1).all());
/// assert_eq!(s.v_lines(0).iter_ones().collect::<Vec<_>>(), [0, 2]);
/// assert!(s.v_lines(0)[2] && !s.v_lines(0)[1]);
/// assert_eq!(s.lines().count(), 6);
/// assert_eq!(s.lines().last().unwrap().to_string(), "V(0, 2)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Solution {
    rows: usize,
    cols: usize,
    stride: usize,
    h: Vec<u64>,
    v: Vec<u64>,
}

/// The bits `0..n` of a row of `words.len()` words.
#[inline]
fn low_bits(words: &mut [u64], n: usize) {
    for (w, word) in words.iter_mut().enumerate() {
        let lo = w * 64;
        *word &= if n >= lo + 64 {
            !0
        } else if n > lo {
            (1u64 << (n - lo)) - 1
        } else {
            0
        };
    }
}

impl Solution {
    /// An empty (no line) solution shape for `rows x cols`, reusing storage.
    pub fn reset(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.stride = (cols + 1).div_ceil(64);
        self.h.clear();
        self.h.resize((rows + 1) * self.stride, 0);
        self.v.clear();
        self.v.resize(rows * self.stride, 0);
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

    /// Words per row: `ceil((cols + 1) / 64)`.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Whether `H(i, j)` is a line.
    #[inline]
    pub fn h(&self, i: usize, j: usize) -> bool {
        debug_assert!(i <= self.rows && j < self.cols);
        self.h[i * self.stride + j / 64] >> (j % 64) & 1 == 1
    }

    /// Whether `V(i, j)` is a line.
    #[inline]
    pub fn v(&self, i: usize, j: usize) -> bool {
        debug_assert!(i < self.rows && j <= self.cols);
        self.v[i * self.stride + j / 64] >> (j % 64) & 1 == 1
    }

    /// Sets `H(i, j)`.
    #[inline]
    pub fn set_h(&mut self, i: usize, j: usize, line: bool) {
        assert!(
            i <= self.rows && j < self.cols,
            "H({i}, {j}) is off the board"
        );
        let w = &mut self.h[i * self.stride + j / 64];
        *w = *w & !(1 << (j % 64)) | u64::from(line) << (j % 64);
    }

    /// Sets `V(i, j)`.
    #[inline]
    pub fn set_v(&mut self, i: usize, j: usize, line: bool) {
        assert!(
            i < self.rows && j <= self.cols,
            "V({i}, {j}) is off the board"
        );
        let w = &mut self.v[i * self.stride + j / 64];
        *w = *w & !(1 << (j % 64)) | u64::from(line) << (j % 64);
    }

    /// The horizontal line edges of vertex row `i`: bit `j` for `H(i, j)`.
    #[inline]
    pub fn h_row(&self, i: usize) -> &[u64] {
        &self.h[i * self.stride..(i + 1) * self.stride]
    }

    /// The vertical line edges of cell row `i`: bit `j` for `V(i, j)`.
    #[inline]
    pub fn v_row(&self, i: usize) -> &[u64] {
        &self.v[i * self.stride..(i + 1) * self.stride]
    }

    /// Every row of horizontal edges, [`Solution::stride`] words each:
    /// `H(i, j)` is bit `j % 64` of word `i * stride + j / 64`.
    #[inline]
    pub fn h_words(&self) -> &[u64] {
        &self.h
    }

    /// Every row of vertical edges, [`Solution::stride`] words each:
    /// `V(i, j)` is bit `j % 64` of word `i * stride + j / 64`.
    #[inline]
    pub fn v_words(&self) -> &[u64] {
        &self.v
    }

    /// Sets the horizontal edges of vertex row `i` at once from row words
    /// (bit `j` of `words` for `H(i, j)`; bits from `cols` on, and words
    /// beyond [`Solution::stride`], are ignored). A fast way to build a
    /// solution from a board stored in rows of words.
    #[inline]
    pub fn set_h_row(&mut self, i: usize, words: &[u64]) {
        let (s, n) = (self.stride, self.cols);
        let row = &mut self.h[i * s..(i + 1) * s];
        Self::copy_row(row, words, n);
    }

    /// Sets the vertical edges of cell row `i` at once from row words (bit
    /// `j` of `words` for `V(i, j)`; bits from `cols + 1` on are ignored).
    #[inline]
    pub fn set_v_row(&mut self, i: usize, words: &[u64]) {
        let (s, n) = (self.stride, self.cols + 1);
        let row = &mut self.v[i * s..(i + 1) * s];
        Self::copy_row(row, words, n);
    }

    #[inline]
    fn copy_row(row: &mut [u64], words: &[u64], n: usize) {
        // Word by word: a row is a word or two, too short to pay for the
        // calls of a fill and a copy.
        for (k, word) in row.iter_mut().enumerate() {
            *word = words.get(k).copied().unwrap_or(0);
        }
        low_bits(row, n);
    }

    /// Makes this the `rows x cols` solution whose lines are the bits of
    /// `h` (the `rows + 1` rows of horizontal edges: bit `j` of a row for
    /// `H(i, j)`) and `v` (the `rows` rows of vertical edges), reusing
    /// storage: as [`Solution::reset`] then [`Solution::set_h_row`] and
    /// [`Solution::set_v_row`] row by row (bits beyond a row's edges and
    /// words beyond [`Solution::stride`] ignored, rows not given empty),
    /// in one pass over each plane.
    pub fn set_rows<const W: usize>(
        &mut self,
        rows: usize,
        cols: usize,
        h: impl IntoIterator<Item = [u64; W]>,
        v: impl IntoIterator<Item = [u64; W]>,
    ) {
        self.rows = rows;
        self.cols = cols;
        self.stride = (cols + 1).div_ceil(64);
        Self::fill_plane(&mut self.h, rows + 1, self.stride, cols, h);
        Self::fill_plane(&mut self.v, rows, self.stride, cols + 1, v);
    }

    /// Makes `plane` `rows` rows of `stride` words: the bits `0..n` of
    /// each row of `from` (0 past its end).
    fn fill_plane<const W: usize>(
        plane: &mut Vec<u64>,
        rows: usize,
        stride: usize,
        n: usize,
        from: impl IntoIterator<Item = [u64; W]>,
    ) {
        plane.clear();
        let from = from.into_iter().take(rows);
        if stride == 1 {
            // The common case, a word a row: one mask for every row.
            let keep = if n >= 64 { u64::MAX } else { (1 << n) - 1 };
            plane.extend(from.map(|words| words[0] & keep));
        } else {
            for words in from {
                let at = plane.len();
                plane.resize(at + stride, 0);
                Self::copy_row(&mut plane[at..], &words, n);
            }
        }
        plane.resize(rows * stride, 0);
    }

    /// Number of line edges.
    pub fn len(&self) -> usize {
        let ones = |w: &[u64]| w.iter().map(|x| x.count_ones() as usize).sum::<usize>();
        ones(&self.h) + ones(&self.v)
    }

    /// Whether there is no line at all.
    pub fn is_empty(&self) -> bool {
        self.h.iter().chain(&self.v).all(|&w| w == 0)
    }

    /// Every edge in the order of `SLINK.md`'s geometry: `H(i, j)` row by
    /// row, then `V(i, j)` row by row; `true` for a line.
    pub fn edges(&self) -> impl Iterator<Item = bool> + '_ {
        let (r, c) = (self.rows, self.cols);
        let h = (0..=r).flat_map(move |i| (0..c).map(move |j| self.h(i, j)));
        let v = (0..r).flat_map(move |i| (0..=c).map(move |j| self.v(i, j)));
        h.chain(v)
    }

    /// The horizontal edges of vertex row `i` as `cols` bits: bit `j` is
    /// set when `H(i, j)` is a line.
    #[inline]
    pub fn h_lines(&self, i: usize) -> &Bits {
        &Bits::from_slice(bit_store(self.h_row(i)))[..self.cols]
    }

    /// The vertical edges of cell row `i` as `cols + 1` bits: bit `j` is
    /// set when `V(i, j)` is a line.
    #[inline]
    pub fn v_lines(&self, i: usize) -> &Bits {
        &Bits::from_slice(bit_store(self.v_row(i)))[..self.cols + 1]
    }

    /// Every line edge: the `H` rows from the top, then the `V` rows, each
    /// from the left.
    pub fn lines(&self) -> impl Iterator<Item = EdgeId> + '_ {
        let h = (0..=self.rows).flat_map(move |i| {
            let ones = self.h_lines(i).iter_ones();
            ones.map(move |j| EdgeId::new(Plane::H, i, j))
        });
        let v = (0..self.rows).flat_map(move |i| {
            let ones = self.v_lines(i).iter_ones();
            ones.map(move |j| EdgeId::new(Plane::V, i, j))
        });
        h.chain(v)
    }

    /// The same solution mirrored left to right (`across`) and top to
    /// bottom (`down`), as [`crate::Puzzle::mirrored`] mirrors a puzzle.
    pub fn mirrored(&self, across: bool, down: bool) -> Solution {
        let (rows, cols) = (self.rows, self.cols);
        let mut t = Solution::new(rows, cols);
        let row = |i: usize, last: usize| if down { last - i } else { i };
        let col = |j: usize, last: usize| if across { last - j } else { j };
        for i in 0..=rows {
            for j in 0..cols {
                t.set_h(row(i, rows), col(j, cols - 1), self.h(i, j));
            }
        }
        for i in 0..rows {
            for j in 0..=cols {
                t.set_v(row(i, rows - 1), col(j, cols), self.v(i, j));
            }
        }
        t
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_slices_are_the_rows_edges_across_words() {
        let mut s = Solution::new(2, 130);
        for (i, j) in [(0, 0), (2, 63), (2, 64), (2, 129)] {
            s.set_h(i, j, true);
        }
        s.set_v(1, 130, true);
        assert_eq!(s.h_lines(2).len(), 130);
        assert_eq!(s.v_lines(1).len(), 131);
        assert_eq!(s.h_lines(2).iter_ones().collect::<Vec<_>>(), [63, 64, 129]);
        assert_eq!(s.v_lines(1).iter_ones().collect::<Vec<_>>(), [130]);
        assert!(s.h_lines(1).not_any());
        let lines: Vec<String> = s.lines().map(|e| e.to_string()).collect();
        assert_eq!(
            lines,
            ["H(0, 0)", "H(2, 63)", "H(2, 64)", "H(2, 129)", "V(1, 130)"]
        );
        for e in s.lines() {
            let (i, j) = (e.row, e.col);
            match e.plane {
                Plane::H => assert!(s.h(i, j) && s.h_lines(i)[j]),
                Plane::V => assert!(s.v(i, j) && s.v_lines(i)[j]),
            }
        }
        assert_eq!(s.lines().count(), s.len());
    }

    #[test]
    fn rows_are_padded_to_whole_words() {
        for (cols, stride) in [(1, 1), (62, 1), (63, 1), (64, 2), (127, 2), (128, 3)] {
            let mut s = Solution::new(2, cols);
            assert_eq!(s.stride(), stride, "{cols}");
            s.set_h(2, cols - 1, true);
            s.set_v(1, cols, true);
            assert!(s.h(2, cols - 1) && s.v(1, cols));
            assert_eq!(s.h_row(2)[(cols - 1) / 64], 1 << ((cols - 1) % 64));
            assert_eq!(s.v_row(1)[cols / 64], 1 << (cols % 64));
            assert_eq!(s.len(), 2);
            s.set_h(2, cols - 1, false);
            assert_eq!(s.len(), 1);
        }
    }

    #[test]
    fn row_setters_drop_bits_beyond_the_edges() {
        let mut s = Solution::new(1, 64);
        s.set_h_row(1, &[!0, !0, !0, !0]);
        assert_eq!(s.h_row(1), [!0, 0]);
        s.set_v_row(0, &[!0, !0]);
        assert_eq!(s.v_row(0), [!0, 1]);
        assert_eq!(s.len(), 64 + 65);
        let mut t = Solution::new(1, 64);
        for j in 0..64 {
            t.set_h(1, j, true);
        }
        for j in 0..=64 {
            t.set_v(0, j, true);
        }
        assert_eq!(s, t);
        s.set_h_row(1, &[5]);
        assert_eq!(s.h_row(1), [5, 0]);
    }

    /// [`Solution::set_rows`] of rows of `W` words.
    fn set_rows_matches_row_setters<const W: usize>(seed: &mut u64) {
        let mut next = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *seed ^ *seed >> 29
        };
        let mut got = Solution::default();
        for (rows, cols) in [
            (1, 1),
            (3, 20),
            (2, 62),
            (2, 63),
            (4, 64),
            (2, 130),
            (5, 255),
        ] {
            let h: Vec<[u64; W]> = (0..=rows).map(|_| [0; W].map(|_| next())).collect();
            let v: Vec<[u64; W]> = (0..rows).map(|_| [0; W].map(|_| next())).collect();
            let mut want = Solution::new(rows, cols);
            for (i, words) in h.iter().enumerate() {
                want.set_h_row(i, words);
            }
            for (i, words) in v.iter().enumerate() {
                want.set_v_row(i, words);
            }
            // Reusing storage that held another (larger) solution.
            got.set_rows(rows, cols, h, v);
            assert_eq!(got, want, "W {W}, {rows}x{cols}");
        }
        // Rows not given are empty.
        got.set_rows::<W>(2, 3, [[!0; W]], []);
        let mut want = Solution::new(2, 3);
        want.set_h_row(0, &[!0]);
        assert_eq!(got, want, "W {W}, short");
    }

    #[test]
    fn set_rows_is_reset_then_row_by_row() {
        let mut seed = 3;
        set_rows_matches_row_setters::<1>(&mut seed);
        set_rows_matches_row_setters::<2>(&mut seed);
        set_rows_matches_row_setters::<4>(&mut seed);
    }

    #[test]
    fn edges_list_h_then_v_rows() {
        let mut s = Solution::new(1, 2);
        s.set_h(0, 1, true);
        s.set_v(0, 2, true);
        let e: Vec<bool> = s.edges().collect();
        assert_eq!(e, [false, true, false, false, false, false, true]);
        let lines: Vec<String> = s.lines().map(|e| e.to_string()).collect();
        assert_eq!(lines, ["H(0, 1)", "V(0, 2)"]);
        assert_eq!(s.transposed().transposed(), s);
    }
}
