//! An independent check of a solution: one closed loop, every clue met.
//!
//! Written from the puzzle's definition only, sharing no code with the
//! deduction rules, so that a bug in the rules cannot hide here.

use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use std::fmt;

/// Why a solution is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// The solution's size differs from the puzzle's.
    Size,
    /// There are no lines.
    NoLoop,
    /// A cell's line count differs from its clue.
    Clue {
        /// The cell's row, from 0.
        row: usize,
        /// The cell's column, from 0.
        col: usize,
        /// Its clue.
        clue: u8,
        /// Its sides that are lines.
        lines: u8,
    },
    /// A vertex with 1, 3 or 4 lines.
    Vertex {
        /// The vertex's row, from 0.
        row: usize,
        /// The vertex's column, from 0.
        col: usize,
        /// The lines that meet there.
        lines: u8,
    },
    /// The lines form more than one loop.
    SeveralLoops,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Size => write!(f, "the solution's size differs from the puzzle's"),
            Invalid::NoLoop => write!(f, "there is no loop"),
            Invalid::Clue {
                row,
                col,
                clue,
                lines,
            } => {
                write!(f, "cell ({row}, {col}) has clue {clue} but {lines} lines")
            }
            Invalid::Vertex { row, col, lines } => {
                write!(f, "vertex ({row}, {col}) has {lines} lines")
            }
            Invalid::SeveralLoops => write!(f, "the lines form more than one loop"),
        }
    }
}

impl std::error::Error for Invalid {}

/// Checks that `s` is a solution of `p`.
///
/// Errors come in this order: the size, then the first wrong cell in
/// row-major order, then the first vertex with 1, 3 or 4 lines in
/// row-major order, then no line at all, then several loops.
pub fn verify(p: &Puzzle, s: &Solution) -> Result<(), Invalid> {
    let (r, c) = (p.rows(), p.cols());
    if s.rows() != r || s.cols() != c {
        return Err(Invalid::Size);
    }
    // Up to 63 columns a row takes one word: the checks are compiled a
    // second time for that stride, a constant there.
    let fours = p.has_four();
    let corners = match (s.stride(), fours) {
        // Rows of 16 cells or more read their clues 32 at a time (where
        // they can: not narrower ones, which would not gain).
        (1, false) if c >= 16 => check_wide(p, s),
        (1, false) => check_clues::<false, false>(p, s, 1).and_then(|()| check_vertices(s, 1)),
        (stride, false) => {
            check_clues::<false, false>(p, s, stride).and_then(|()| check_vertices(s, stride))
        }
        (stride, true) => {
            check_clues::<true, false>(p, s, stride).and_then(|()| check_vertices(s, stride))
        }
    }?;
    if corners == 0 {
        return Err(Invalid::NoLoop);
    }
    // Every vertex has 0 or 2 lines, so the lines are disjoint cycles, each
    // made of runs of horizontal lines joined by runs of vertical ones, each
    // run between two corners: walk the one through the first vertex with
    // lines a horizontal and a vertical run at a time, counting the corners
    // it meets, each once, and compare the count with the board's. They
    // are equal only if the walk met every corner.
    if walk(s, first_line(s)) != corners {
        return Err(Invalid::SeveralLoops);
    }
    Ok(())
}

/// The clue and vertex checks of a board of one-word rows of 16 cells or
/// more, whose clues are read 32 at a time (kept out of [`verify`], so
/// that the other boards' checks are compiled as they were).
#[inline(never)]
fn check_wide(p: &Puzzle, s: &Solution) -> Result<usize, Invalid> {
    check_clues::<false, true>(p, s, 1).and_then(|()| check_vertices(s, 1))
}

/// Bit `k` (0-7) of each of the 8 bytes of `x`, gathered into bits 0-7.
#[inline(always)]
fn gather(x: u64, k: u32) -> u64 {
    ((x >> k) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The clues of `bytes`, 8 to 64 cells in row-major order (whole eights),
/// as bit planes: bit `k` of the first word is bit 0 of the clue of cell
/// `k`, of the second bit 1, of the third bit 2 (a 4), of the fourth
/// whether it has a clue.
///
/// With `FOURS` false (a puzzle without a 4) the third plane is left
/// empty, not gathered: a clue is then 0-3.
#[inline(always)]
fn clue_planes<const FOURS: bool>(bytes: &[u8]) -> [u64; 4] {
    debug_assert!(bytes.len() % 8 == 0 && (8..=64).contains(&bytes.len()));
    // Eight cells at a time, each eight shifted in from the top (byte 7)
    // and down by a byte for each eight after it.
    const LOW: u64 = 0x0101_0101_0101_0101;
    let (mut c0, mut c1, mut c2, mut all) = (0u64, 0u64, 0u64, 0u64);
    for eight in bytes.chunks_exact(8) {
        let x = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
        c0 = c0 >> 8 | gather(x, 0) << 56;
        c1 = c1 >> 8 | gather(x, 1) << 56;
        if FOURS {
            c2 = c2 >> 8 | gather(x, 2) << 56;
        }
        all |= x;
    }
    // The first eight down to byte 0.
    let shift = 64 - bytes.len();
    // A clue is 0-4; a blank is 0xff, the only byte with bit 7 set.
    let clued = if all & LOW << 7 == 0 {
        !0
    } else {
        let mut clued = 0;
        for eight in bytes.chunks_exact(8) {
            let x = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
            clued = clued >> 8 | (gather(x, 7) ^ 0xff) << 56;
        }
        clued >> shift
    };
    [c0 >> shift, c1 >> shift, c2 >> shift, clued]
}

/// The clue planes ([`clue_planes`]) of the `n` cells (1 to 64) from
/// cell `at` on: the bits from `n` on are those of the next cells, or
/// zeros (clues 0) past the last.
#[inline(always)]
fn row_planes<const FOURS: bool, const WIDE: bool>(
    clues: &[u8],
    at: usize,
    n: usize,
    padded: &mut [u8; 64],
) -> [u64; 4] {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    if let Some(bytes) = clues.get(at..at + 32 * n.div_ceil(32)).filter(|_| WIDE) {
        // Whole 32s of clues where they lie in the clues.
        let mut planes = [0; 4];
        for (k, bytes) in bytes.chunks_exact(32).enumerate() {
            let four = avx2_planes::<FOURS>(bytes.try_into().expect("32 bytes"));
            for (plane, part) in planes.iter_mut().zip(four) {
                *plane |= u64::from(part) << (32 * k);
            }
        }
        return planes;
    }
    // Whole eights of clues: those of the next cells after the row's,
    // zeros past the last.
    let len = 8 * n.div_ceil(8);
    let bytes = match clues.get(at..at + len) {
        Some(bytes) => bytes,
        None => {
            let rest = &clues[at..];
            padded[..rest.len()].copy_from_slice(rest);
            padded[rest.len()..].fill(0);
            &padded[..len]
        }
    };
    clue_planes::<FOURS>(bytes)
}

/// [`clue_planes`] of 32 clue bytes, in AVX2 registers: each plane is the
/// top bits of the bytes once its bit is shifted there (16-bit shifts
/// move each byte's bits within it up to bit 7).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn avx2_planes<const FOURS: bool>(bytes: &[u8; 32]) -> [u32; 4] {
    use std::arch::x86_64::{_mm256_loadu_si256, _mm256_movemask_epi8, _mm256_slli_epi16};
    debug_assert!(std::arch::is_x86_feature_detected!("avx2"));
    // SAFETY: AVX2 is on (the condition above, checked in debug builds);
    // the 32 bytes of `bytes` are read.
    unsafe {
        let x = _mm256_loadu_si256(bytes.as_ptr().cast());
        let c0 = _mm256_movemask_epi8(_mm256_slli_epi16::<7>(x)) as u32;
        let c1 = _mm256_movemask_epi8(_mm256_slli_epi16::<6>(x)) as u32;
        let c2 = if FOURS {
            _mm256_movemask_epi8(_mm256_slli_epi16::<5>(x)) as u32
        } else {
            0
        };
        // A blank is 0xff, the only byte with bit 7 set.
        [c0, c1, c2, !(_mm256_movemask_epi8(x) as u32)]
    }
}

/// The number of lines around cell `(i, j)`.
fn sides(s: &Solution, i: usize, j: usize) -> u8 {
    s.h(i, j) as u8 + s.h(i + 1, j) as u8 + s.v(i, j) as u8 + s.v(i, j + 1) as u8
}

/// The lines at vertex `(i, j)`: left, right, up, down.
fn arms(s: &Solution, i: usize, j: usize) -> u8 {
    let (r, c) = (s.rows(), s.cols());
    (j > 0 && s.h(i, j - 1)) as u8
        + (j < c && s.h(i, j)) as u8
        + (i > 0 && s.v(i - 1, j)) as u8
        + (i < r && s.v(i, j)) as u8
}

/// Checks every clue, 64 cells at a time, a row of cells (`stride` words,
/// [`Solution::stride`]) after the other: the four sides of each cell are
/// added up bit-sliced and compared with the clue's bit planes.
///
/// `FOURS`: whether the puzzle has a cell clued 4 (a puzzle without one,
/// the usual, skips that clue plane).
#[inline(always)]
fn check_clues<const FOURS: bool, const WIDE: bool>(
    p: &Puzzle,
    s: &Solution,
    stride: usize,
) -> Result<(), Invalid> {
    let (c, clues) = (p.cols(), p.clue_bytes());
    let mut padded = [0; 64];
    // Cell row `i` lies between vertex rows `i` and `i + 1`.
    let h = s.h_words().chunks_exact(stride);
    let v = s.v_words().chunks_exact(stride);
    for (i, ((top, bottom), side)) in h.clone().zip(h.skip(1)).zip(v).enumerate() {
        // The row's cells take `stride` words, or one less.
        for w in 0..stride {
            let (at, n) = (i * c + 64 * w, (c - 64 * w).min(64));
            if n == 0 {
                break;
            }
            let [c0, c1, c2, clued] = row_planes::<FOURS, WIDE>(clues, at, n, &mut padded);
            // Only the row's cells, not the next row's.
            let clued = clued & !0 >> (64 - n);
            // Cell `j` has `H(i, j)`, `H(i + 1, j)`, `V(i, j)`, `V(i, j + 1)`.
            let (a, b) = (top[w], bottom[w]);
            let (l, r) = (side[w], side[w] >> 1 | word(side, w + 1) << 63);
            // The count n2 n1 n0 in binary: a + b and l + r are two-bit sums
            // (at most one of their carry and their low bit is set).
            let (ab, ab2, lr, lr2) = (a ^ b, a & b, l ^ r, l & r);
            let n0 = ab ^ lr;
            let n1 = ab2 ^ lr2 ^ (ab & lr);
            let n2 = ab2 & lr2;
            let wrong = clued & ((n0 ^ c0) | (n1 ^ c1) | (n2 ^ c2));
            if wrong != 0 {
                let j = w * 64 + wrong.trailing_zeros() as usize;
                return Err(Invalid::Clue {
                    row: i,
                    col: j,
                    clue: clues[i * c + j],
                    lines: sides(s, i, j),
                });
            }
        }
    }
    Ok(())
}

/// Checks that every vertex has 0 or 2 lines, 64 vertices at a time, a row
/// (`stride` words, [`Solution::stride`]) after the other; returns the
/// number of corners: the vertices with exactly one horizontal line (one
/// vertical line too, then: the loops' corners).
#[inline(always)]
fn check_vertices(s: &Solution, stride: usize) -> Result<usize, Invalid> {
    let mut corners = 0;
    // Vertex row `i` lies between cell rows `i - 1` and `i`: an empty row
    // stands for the ones off the board.
    let zeros = &[0; 4][..stride];
    let mut v = s.v_words().chunks_exact(stride);
    let mut above = zeros;
    for (i, h) in s.h_words().chunks_exact(stride).enumerate() {
        let below = v.next().unwrap_or(zeros);
        let mut carry = 0;
        for (w, ((&right, &up), &down)) in h.iter().zip(above).zip(below).enumerate() {
            // Vertex `j` has `H(i, j - 1)` on its left and `H(i, j)` on its right.
            let left = right << 1 | carry;
            carry = right >> 63;
            // An odd count, or all four.
            let wrong = (left ^ right ^ up ^ down) | (left & right & up & down);
            if wrong != 0 {
                let j = w * 64 + wrong.trailing_zeros() as usize;
                return Err(Invalid::Vertex {
                    row: i,
                    col: j,
                    lines: arms(s, i, j),
                });
            }
            corners += (left ^ right).count_ones() as usize;
        }
        above = below;
    }
    Ok(corners)
}

/// Word `w` of a row, 0 past its end.
#[inline(always)]
fn word(row: &[u64], w: usize) -> u64 {
    row.get(w).copied().unwrap_or(0)
}

/// The first vertex in row-major order with lines, on a solution with lines
/// whose every vertex has 0 or 2: it has no line above it nor on its left,
/// so one on its right; it is the first vertex with a line on its right.
fn first_line(s: &Solution) -> (usize, usize) {
    let h = s.h_words();
    let k = h.iter().position(|&x| x != 0).expect("a line");
    (
        k / s.stride(),
        k % s.stride() * 64 + h[k].trailing_zeros() as usize,
    )
}

/// The number of corners (see [`check_vertices`]) on the loop through
/// `start`, the first vertex with lines in row-major order, on a solution
/// whose every vertex has 0 or 2 lines (0 if the walk is lost).
///
/// Boards of fewer than 64 rows and 64 columns take [`walk_small`], the
/// others [`walk_rows`].
fn walk(s: &Solution, start: (usize, usize)) -> usize {
    if s.rows() < 64 && s.cols() < 64 {
        walk_small(s, start)
    } else {
        walk_rows(s, start)
    }
}

/// The other end of the run of lines that ends at position `p` of a line of
/// edges held in one word `x` (bit `k` is the edge from position `k` to
/// `k + 1`), when exactly one of the two edges at `p` is a line and bit 63
/// is clear. Both ends are worked out and one is picked, with no branch:
/// which way a run goes is a coin toss to the branch predictor.
#[inline(always)]
fn other_end(x: u64, p: usize) -> usize {
    debug_assert!(p < 64 && x >> 63 == 0);
    // Ones from bit `p` up; bit 63 is clear and stops the count.
    let up = p + (!(x >> p)).trailing_zeros() as usize;
    // Ones from bit `p - 1` down; the zeros shifted in stop the count (at
    // most `p` of them: nothing is taken below 0).
    let down = p - (!(x << 1 << (63 - p))).leading_zeros() as usize;
    // All ones to take `up`, none to take `down`.
    let take_up = (x >> p & 1).wrapping_neg() as usize;
    up & take_up | down & !take_up
}

/// Transposes the `N x N` bit matrix (`N` 8, 16, 32 or 64) held in the
/// first `N` rows, none with a bit from `N` on: bit `j` of `rows[i]` moves
/// to bit `i` of `rows[j]`. Each round swaps the two off-diagonal blocks
/// of every block of the size before (`N / 2` swaps a round, `log2 N`
/// rounds: the small sizes are much cheaper).
#[inline(always)]
fn transpose<const N: usize>(rows: &mut [u64; 64]) {
    debug_assert!(N.is_power_of_two() && (8..=64).contains(&N));
    debug_assert!(rows[..N].iter().all(|&x| N == 64 || x >> N == 0));
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    if N == 32 {
        return avx2::transpose32(rows);
    }
    let rows = &mut rows[..N];
    let mut half = N / 2;
    // The low `half` bits of every `2 * half`.
    let mut low = u64::MAX >> (64 - half);
    for _ in 0..N.trailing_zeros() {
        for block in rows.chunks_exact_mut(2 * half) {
            let (top, bottom) = block.split_at_mut(half);
            for (a, b) in top.iter_mut().zip(bottom) {
                // The top rows' high columns and the bottom rows' low ones.
                let t = (*a >> half ^ *b) & low;
                *a ^= t << half;
                *b ^= t;
            }
        }
        half /= 2;
        low ^= low << half;
    }
}

/// [`walk`] on a board of fewer than 64 rows and 64 columns, where every
/// row of edges is one word (`H(i, j)` is bit `j` of word `i` of the H
/// plane) and so is every column of vertical edges once the V plane is
/// transposed (`V(i, j)` bit `i` of word `j`). The loop is crossed a run at
/// a time, each run one count of ones ([`other_end`]), by two walkers from
/// `start` at once, one each way round: their steps do not wait for each
/// other. After `k` runs each they have passed `2k` corners between them
/// and are `2m - 2k` apart ahead on a loop of `2m` corners, so they meet
/// at the `m`th, having seen every corner once between them.
///
/// With at most 63 rows and columns, positions are at most 63 and bit 63
/// of every row and column is clear, as [`other_end`] needs.
#[inline(never)]
fn walk_small(s: &Solution, start: (usize, usize)) -> usize {
    let (mut h, mut v) = ([0u64; 64], [0u64; 64]);
    h[..=s.rows()].copy_from_slice(s.h_words());
    v[..s.rows()].copy_from_slice(s.v_words());
    // The smallest square that holds the V plane (a V row has `cols + 1`
    // edges).
    match s.rows().max(s.cols() + 1) {
        0..=8 => transpose::<8>(&mut v),
        9..=16 => transpose::<16>(&mut v),
        17..=32 => transpose::<32>(&mut v),
        _ => transpose::<64>(&mut v),
    }
    // Nothing lies above or left of `start`: its lines go right and down.
    // `a` leaves along the row, `b` down the column; each then turns at
    // every corner, `a` taking columns where `b` takes rows.
    let (mut a, mut b) = (start, start);
    // `start`, then two corners a step, or one where the walkers meet.
    let mut corners = 1;
    // The walkers meet within a run per vertex. After the vertex check
    // every vertex has 0 or 2 lines, so they do: the bound only guards
    // against a bug here.
    for _ in 0..(s.rows() + 1) * (s.cols() + 1) {
        a.1 = other_end(h[a.0 & 63], a.1);
        b.0 = other_end(v[b.1 & 63], b.0);
        if a == b {
            return corners + 1;
        }
        corners += 2;
        a.0 = other_end(v[a.1 & 63], a.0);
        b.1 = other_end(h[b.0 & 63], b.1);
        if a == b {
            return corners + 1;
        }
        corners += 2;
    }
    0
}

/// Number of set bits of `row` from bit `j` up, before the first clear one.
fn ones_from(row: &[u64], j: usize) -> usize {
    let (mut w, b) = (j / 64, j % 64);
    // The bits above the row's top shifted in as zeros stop the count.
    let mut n = (!(row[w] >> b)).trailing_zeros() as usize;
    if n < 64 - b {
        return n;
    }
    loop {
        w += 1;
        let Some(&x) = row.get(w) else { return n };
        let t = (!x).trailing_zeros() as usize;
        n += t;
        if t < 64 {
            return n;
        }
    }
}

/// Number of set bits of `row` from bit `j - 1` down, before the first
/// clear one.
fn ones_below(row: &[u64], j: usize) -> usize {
    let (mut w, b) = (j / 64, j % 64);
    let mut n = 0;
    if b > 0 {
        // Bit `j - 1` to the top; the zeros shifted in stop the count.
        let t = (!(row[w] << (64 - b))).leading_zeros() as usize;
        if t < b {
            return t;
        }
        n = b;
    }
    while w > 0 {
        w -= 1;
        let t = (!row[w]).leading_zeros() as usize;
        n += t;
        if t < 64 {
            break;
        }
    }
    n
}

/// [`walk`] on any board: a run of horizontal lines is a run of set bits
/// in a row's words, a run of vertical lines the same bit in successive
/// rows, followed row by row. A vertical run counts its two corners at
/// once.
fn walk_rows(s: &Solution, start: (usize, usize)) -> usize {
    let (r, stride) = (s.rows(), s.stride());
    let (h, v) = (s.h_words(), s.v_words());
    // Nothing lies above or left of `start`: its lines go right and down.
    // The walk leaves to the right and comes back from below.
    let (mut i, mut j) = start;
    let mut right = true;
    let mut corners = 0;
    // A loop has fewer vertical runs than the board has vertices (a bound
    // that, after the vertex check, only guards against a bug here).
    for _ in 0..(r + 1) * (s.cols() + 1) {
        let row = &h[i * stride..(i + 1) * stride];
        j = if right {
            j + ones_from(row, j)
        } else {
            j - ones_below(row, j)
        };
        // The loop turns at `(i, j)`: its other line there goes up or down.
        // `V(i, j)` is `v[k] & bit` for `k = i * stride + j / 64`.
        let (mut k, bit) = (i * stride + j / 64, 1u64 << (j % 64));
        corners += 2;
        if i > 0 && v[k - stride] & bit != 0 {
            i -= 1;
            k -= stride;
            while i > 0 && v[k - stride] & bit != 0 {
                i -= 1;
                k -= stride;
            }
        } else {
            i += 1;
            k += stride;
            while i < r && v[k] & bit != 0 {
                i += 1;
                k += stride;
            }
        }
        if (i, j) == start {
            return corners;
        }
        // And turns again: left if there is a line on the left.
        right = !(j > 0 && h[i * stride + (j - 1) / 64] >> ((j - 1) % 64) & 1 == 1);
    }
    0
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2;

#[cfg(test)]
mod tests;
