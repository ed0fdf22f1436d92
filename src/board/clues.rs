//! `Clues`: a puzzle's clues as row masks, one per clue value, and in
//! binary ([`ClueBits`]), loaded a word of clue bytes at a time.

use crate::bits::Row;
use crate::puzzle::{Clue, Puzzle, BLANK};

/// The clues of a puzzle as row masks: one per clue value.
#[derive(Clone, Debug, Default)]
pub struct Clues<const W: usize> {
    /// `by_value[i][n]`: the cells of row `i` whose clue is `n` (a row's
    /// four side by side: the colour rules read them at once). Exactly
    /// `rows` rows, so that a row checked against `rows` is read
    /// unchecked.
    by_value: Vec<[Row<W>; 4]>,
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
        self.by_value.resize(rows, [Row::EMPTY; 4]);
    }

    /// Ends a load: the masks by value, from the clues as bits.
    fn finish(&mut self) {
        debug_assert_eq!(self.by_value.len(), self.rows);
        for (by_value, c) in self.by_value.iter_mut().zip(&self.sliced) {
            let (low, high) = (c.any & c.low, c.any & c.high);
            let none = c.any & !(c.low | c.high);
            *by_value = [none, low & !high, high & !low, low & high];
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
    /// [`Frame::packed`](crate::board::Frame::packed) lays them out.
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
            self.domino_loop_fits |= domino_loop_fits(p);
        }
        self.finish();
    }

    /// Replaces the clues at the bits `clear` of every row with those of
    /// `puzzles`, each `(base, p)` of this load's shape put at bit `base`
    /// on (as [`Clues::load_packed`] puts puzzle `k` at `k * (cols + 1)`):
    /// puzzles of a pack that others replace. Each must be one where
    /// [`domino_loop_fits`] is false (as a pack admits them): the flag is
    /// left as it is.
    pub fn replace<'p>(
        &mut self,
        clear: Row<W>,
        puzzles: impl IntoIterator<Item = (usize, &'p Puzzle)>,
    ) {
        for c in &mut self.sliced {
            for mask in [&mut c.low, &mut c.high, &mut c.any] {
                *mask &= !clear;
            }
        }
        for (base, p) in puzzles {
            debug_assert!(
                !domino_loop_fits(p),
                "a puzzle whose loop may be two 3s' rectangle"
            );
            self.add_puzzle(p, base);
        }
        self.finish();
    }

    /// The cells of row `i + dr` whose clue is `n`, aligned so that the
    /// cell at column `j + dc` lands in bit `j`. Rows off the grid are empty.
    #[inline]
    pub fn at(&self, n: usize, i: usize, dr: i32, dc: i32) -> Row<W> {
        let rows = &self.by_value;
        match i.checked_add_signed(dr as isize) {
            Some(r) if r < self.rows => {
                debug_assert_eq!(rows.len(), self.rows);
                // SAFETY: `r < self.rows`, the length of `by_value`.
                (unsafe { rows.get_unchecked(r) })[n].shift(-dc, false)
            }
            _ => Row::EMPTY,
        }
    }

    /// The columns with a clue 2 or 3 in some row.
    pub fn twos_and_threes(&self) -> Row<W> {
        let rows = self.sliced.iter();
        rows.fold(Row::EMPTY, |twos, c| twos | (c.high & c.any))
    }

    /// The cells of row `i` whose clue is `n`.
    #[inline]
    pub fn cells_with(&self, n: usize, i: usize) -> Row<W> {
        self.by_value[i][n]
    }

    /// The cells of row `i` with each clue, 0 to 3 ([`Clues::cells_with`]
    /// of each): row `i` checked once for the four.
    #[inline]
    pub fn row_by_value(&self, i: usize) -> [Row<W>; 4] {
        assert!(i < self.rows, "clue row {i} of {}", self.rows);
        // SAFETY: `i < self.rows`, the length of `by_value`.
        unsafe { *self.by_value.get_unchecked(i) }
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
        out.push(planes64(chunk.try_into().expect("64 bytes")));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        // Padded with blanks to 64 bytes.
        let mut pad = [BLANK; 64];
        pad[..rest.len()].copy_from_slice(rest);
        out.push(planes64(&pad));
    }
    out.push([0; 3]);
}

/// The [`clue_byte_planes`] of 64 clue bytes: bit `k` of each plane for
/// byte `k`. In AVX2 registers, 32 bytes at a time: a byte's bit 7 (set
/// for a blank) is one byte mask away, its bits 0 and 1 a test more.
/// (Not inlined: inlined in [`flat_planes`], the build took the bytes
/// apart one by one, 3,000 instructions a 20x20 puzzle more.)
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(never)]
fn planes64(chunk: &[u8; 64]) -> [u64; 3] {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
        _mm256_set1_epi8,
    };
    debug_assert!(std::arch::is_x86_feature_detected!("avx2"));
    // SAFETY: AVX2 is on (this function's condition, checked above in
    // debug builds); the loads read the 64 bytes of `chunk`.
    unsafe {
        let a = _mm256_loadu_si256(chunk.as_ptr().cast::<__m256i>());
        let b = _mm256_loadu_si256(chunk.as_ptr().add(32).cast::<__m256i>());
        // Bit 7 of each byte, 64 bytes in a word; then whether each has
        // the bit `bit` set. (Shifted to bit 7 instead, the bytes are
        // taken apart one by one in the build: more instructions.)
        let top = |a: __m256i, b: __m256i| {
            u64::from(_mm256_movemask_epi8(a) as u32)
                | u64::from(_mm256_movemask_epi8(b) as u32) << 32
        };
        let has = |bit: i8| {
            let bit = _mm256_set1_epi8(bit);
            let set = |v: __m256i| _mm256_cmpeq_epi8(_mm256_and_si256(v, bit), bit);
            top(set(a), set(b))
        };
        let clue = !top(a, b);
        let (low, high) = (has(1), has(2));
        [low & clue, high & clue, clue]
    }
}

/// The [`clue_byte_planes`] of 64 clue bytes: bit `k` of each plane for
/// byte `k`, a word of 8 bytes at a time.
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
#[inline(always)]
fn planes64(chunk: &[u8; 64]) -> [u64; 3] {
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
    w
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
#[cfg(test)]
fn clue_word(bytes: &[u8], at: usize) -> u64 {
    let rest = bytes.get(at..).unwrap_or_default();
    match rest.first_chunk() {
        Some(&eight) => u64::from_le_bytes(eight),
        None => clue_word_short(rest),
    }
}

/// [`clue_word`] of fewer than 8 bytes, read as two overlapping halves.
#[cfg(test)]
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
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "avx2"))))]
#[inline]
fn clue_byte_planes(x: u64) -> [u64; 3] {
    // A blank (0xff) has bit 7 set; a clue (0-3) does not.
    let clue = gather_bit0(!x >> 7);
    [gather_bit0(x) & clue, gather_bit0(x >> 1) & clue, clue]
}

/// Bit 0 of each byte of `y`, gathered into bits 0..8 (one per byte).
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "avx2"))))]
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

/// Whether the rectangle around two side-by-side 3s satisfies every clue
/// of `p` (so that it may be the solution and R4 would be unsound).
pub fn domino_loop_fits(p: &Puzzle) -> bool {
    // The rectangle leaves at most 8 cells with lines: its two 3s and the
    // (at most six) cells beside it. More non-zero clues rule it out.
    if p.has_more_numbered_than(8) {
        return false;
    }
    let (r, c) = (p.rows(), p.cols());
    let three = |i: usize, j: usize| p.clue(i, j) == Clue::Number(3);
    // The rectangle covering cells (i0..=i1, j0..=j1): the clue each cell
    // sees is the number of the rectangle's boundary edges on its sides.
    let fits = |i0: usize, j0: usize, i1: usize, j1: usize| {
        let inside = |i: isize, j: isize| {
            (i0 as isize..=i1 as isize).contains(&i) && (j0 as isize..=j1 as isize).contains(&j)
        };
        (0..r).all(|i| {
            (0..c).all(|j| match p.clue(i, j) {
                Clue::Blank => true,
                Clue::Number(n) => {
                    let (i, j) = (i as isize, j as isize);
                    let here = inside(i, j);
                    let seen = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                        .iter()
                        .filter(|(di, dj)| inside(i + di, j + dj) != here)
                        .count();
                    seen == n as usize
                }
            })
        })
    };
    (0..r).any(|i| {
        (0..c).any(|j| {
            three(i, j)
                && ((j + 1 < c && three(i, j + 1) && fits(i, j, i, j + 1))
                    || (i + 1 < r && three(i + 1, j) && fits(i, j, i + 1, j)))
        })
    })
}

#[cfg(test)]
mod tests;
