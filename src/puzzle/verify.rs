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
        row: usize,
        col: usize,
        clue: u8,
        lines: u8,
    },
    /// A vertex with 1, 3 or 4 lines.
    Vertex { row: usize, col: usize, lines: u8 },
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
    let corners = match s.stride() {
        1 => check_clues(p, s, 1).and_then(|()| check_vertices(s, 1)),
        stride => check_clues(p, s, stride).and_then(|()| check_vertices(s, stride)),
    }?;
    if corners == 0 {
        return Err(Invalid::NoLoop);
    }
    // Every vertex has 0 or 2 lines, so the lines are disjoint cycles, each
    // made of runs of horizontal lines joined by runs of vertical ones, each
    // run between two corners: walk the one through the first vertex with
    // lines a horizontal and a vertical run at a time and compare the weight
    // of its corners with the board's. The weights are positive, so they
    // are equal only if the walk met every corner.
    if walk(s, first_line(s)) != corners {
        return Err(Invalid::SeveralLoops);
    }
    Ok(())
}

/// Bit `k` (0-7) of each of the 8 bytes of `x`, gathered into bits 0-7.
#[inline(always)]
fn gather(x: u64, k: u32) -> u64 {
    ((x >> k) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The clues of `bytes`, 8 to 64 cells in row-major order (whole eights),
/// as bit planes: bit `k` of the first word is bit 0 of the clue of cell
/// `k`, of the second bit 1, of the third whether it has a clue.
#[inline(always)]
fn clue_planes(bytes: &[u8]) -> [u64; 3] {
    debug_assert!(bytes.len() % 8 == 0 && (8..=64).contains(&bytes.len()));
    // Eight cells at a time, each eight shifted in from the top (byte 7)
    // and down by a byte for each eight after it.
    const LOW: u64 = 0x0101_0101_0101_0101;
    let (mut c0, mut c1, mut all) = (0u64, 0u64, 0u64);
    for eight in bytes.chunks_exact(8) {
        let x = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
        c0 = c0 >> 8 | gather(x, 0) << 56;
        c1 = c1 >> 8 | gather(x, 1) << 56;
        all |= x;
    }
    // The first eight down to byte 0.
    let shift = 64 - bytes.len();
    // A clue is 0-3; a blank is 0xff, the only byte with bit 7 set.
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
    [c0 >> shift, c1 >> shift, clued]
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
#[inline(always)]
fn check_clues(p: &Puzzle, s: &Solution, stride: usize) -> Result<(), Invalid> {
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
            // Whole eights of clues: those of the next cells after the
            // row's, zeros past the last.
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
            let [c0, c1, clued] = clue_planes(bytes);
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
            let wrong = clued & ((n0 ^ c0) | (n1 ^ c1) | n2);
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
/// weight of the corners: the sum of `2^(j % 64)` over the vertices
/// `(i, j)` with exactly one horizontal line (one vertical line too, then:
/// the loops' corners). The sum cannot overflow: there are fewer than
/// `2^64` vertices.
#[inline(always)]
fn check_vertices(s: &Solution, stride: usize) -> Result<u128, Invalid> {
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
            corners += u128::from(left ^ right);
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

/// The weight of the corners (see [`check_vertices`]) on the loop through
/// `start`, the first vertex with lines in row-major order, on a solution
/// whose every vertex has 0 or 2 lines: the sum of `2^(j % 64)` over them,
/// `j` their column (0 if the walk is lost).
///
/// Boards of fewer than 64 rows and 64 columns take [`walk_small`], the
/// others [`walk_rows`].
fn walk(s: &Solution, start: (usize, usize)) -> u128 {
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
fn walk_small(s: &Solution, start: (usize, usize)) -> u128 {
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
    let corner = |j: usize| u128::from(1u64 << (j & 63));
    // Nothing lies above or left of `start`: its lines go right and down.
    // `a` leaves along the row, `b` down the column; each then turns at
    // every corner, `a` taking columns where `b` takes rows.
    let (mut a, mut b) = (start, start);
    let mut weight = corner(start.1);
    // The walkers meet within a run per vertex. After the vertex check
    // every vertex has 0 or 2 lines, so they do: the bound only guards
    // against a bug here.
    for _ in 0..(s.rows() + 1) * (s.cols() + 1) {
        a.1 = other_end(h[a.0 & 63], a.1);
        b.0 = other_end(v[b.1 & 63], b.0);
        if a == b {
            return weight + corner(a.1);
        }
        weight += corner(a.1) + corner(b.1);
        a.0 = other_end(v[a.1 & 63], a.0);
        b.1 = other_end(h[b.0 & 63], b.1);
        if a == b {
            return weight + corner(a.1);
        }
        weight += corner(a.1) + corner(b.1);
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
/// rows, followed row by row. A vertical run's two corners share its
/// column: it adds their weight at once.
fn walk_rows(s: &Solution, start: (usize, usize)) -> u128 {
    let (r, stride) = (s.rows(), s.stride());
    let (h, v) = (s.h_words(), s.v_words());
    // Nothing lies above or left of `start`: its lines go right and down.
    // The walk leaves to the right and comes back from below.
    let (mut i, mut j) = start;
    let mut right = true;
    let mut weight = 0;
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
        weight += 2 * u128::from(bit);
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
            return weight;
        }
        // And turns again: left if there is a line on the left.
        right = !(j > 0 && h[i * stride + (j - 1) / 64] >> ((j - 1) % 64) & 1 == 1);
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(rows: usize, cols: usize) -> Solution {
        let mut s = Solution::new(rows, cols);
        for j in 0..cols {
            s.set_h(0, j, true);
            s.set_h(rows, j, true);
        }
        for i in 0..rows {
            s.set_v(i, 0, true);
            s.set_v(i, cols, true);
        }
        s
    }

    #[test]
    fn transpose_moves_every_bit_across_the_diagonal() {
        let mut rng = crate::util::rng::Rng::new(5);
        for _ in 0..20 {
            let mut rows = [0u64; 64];
            for row in rows.iter_mut() {
                for j in 0..64 {
                    *row |= u64::from(rng.index(3) == 0) << j;
                }
            }
            let mut t = rows;
            transpose::<64>(&mut t);
            for (i, row) in rows.iter().enumerate() {
                for (j, column) in t.iter().enumerate() {
                    assert_eq!(column >> i & 1, row >> j & 1, "bit ({i}, {j})");
                }
            }
            // The top left square alone, with nothing around it.
            fn corner<const N: usize>(rows: &[u64; 64], t: &[u64; 64]) {
                let keep = u64::MAX >> (64 - N);
                let mut small = [0; 64];
                for (s, r) in small.iter_mut().zip(&rows[..N]) {
                    *s = r & keep;
                }
                transpose::<N>(&mut small);
                for (j, (got, column)) in small.iter().zip(t).enumerate() {
                    let want = if j < N { column & keep } else { 0 };
                    assert_eq!(*got, want, "{N}x{N}, column {j}");
                }
            }
            corner::<8>(&rows, &t);
            corner::<16>(&rows, &t);
            corner::<32>(&rows, &t);
        }
    }

    #[test]
    fn other_end_follows_a_run_either_way() {
        // Runs of lines between positions 2 and 5, and 7 and 9.
        let x = 0b1_1001_1100;
        assert_eq!(other_end(x, 2), 5);
        assert_eq!(other_end(x, 5), 2);
        assert_eq!(other_end(x, 7), 9);
        assert_eq!(other_end(x, 9), 7);
        assert_eq!(other_end(1, 0), 1);
        assert_eq!(other_end(1 << 62, 63), 62);
    }

    #[test]
    fn accepts_the_border_loop() {
        let p = Puzzle::from_rows("22/22").unwrap();
        assert_eq!(verify(&p, &square(2, 2)), Ok(()));
    }

    #[test]
    fn rejects_wrong_clue_branch_and_two_loops() {
        let p = Puzzle::from_rows("23/22").unwrap();
        assert!(matches!(
            verify(&p, &square(2, 2)),
            Err(Invalid::Clue { row: 0, col: 1, .. })
        ));
        let blank = Puzzle::from_rows("...").unwrap();
        let mut s = Solution::new(1, 3);
        s.set_h(0, 0, true);
        assert!(matches!(verify(&blank, &s), Err(Invalid::Vertex { .. })));
        // Two unit squares at cells 0 and 2 of a 1x3 board.
        let mut two = Solution::new(1, 3);
        for j in [0, 2] {
            two.set_h(0, j, true);
            two.set_h(1, j, true);
            two.set_v(0, j, true);
            two.set_v(0, j + 1, true);
        }
        assert_eq!(verify(&blank, &two), Err(Invalid::SeveralLoops));
        assert_eq!(verify(&blank, &Solution::new(1, 3)), Err(Invalid::NoLoop));
    }

    /// Widths around the 64-bit word boundaries of the row words.
    const WIDTHS: [usize; 5] = [63, 64, 65, 127, 128];

    /// The puzzle whose clues are the line counts of `s` (blank for 4).
    fn clues_of(s: &Solution) -> Puzzle {
        let (r, c) = (s.rows(), s.cols());
        let clues: Vec<Clue> = (0..r * c)
            .map(|k| match sides(s, k / c, k % c) {
                4 => Clue::Blank,
                n => Clue::Number(n),
            })
            .collect();
        Puzzle::new(r, c, &clues).unwrap()
    }

    fn blank(rows: usize, cols: usize) -> Puzzle {
        Puzzle::new(rows, cols, &vec![Clue::Blank; rows * cols]).unwrap()
    }

    /// Adds the four sides of cell `(i, j)`.
    fn unit(s: &mut Solution, i: usize, j: usize) {
        s.set_h(i, j, true);
        s.set_h(i + 1, j, true);
        s.set_v(i, j, true);
        s.set_v(i, j + 1, true);
    }

    use crate::puzzle::Clue;

    #[test]
    fn border_loops_across_word_boundaries_verify() {
        for c in WIDTHS {
            let s = square(3, c);
            assert_eq!(verify(&clues_of(&s), &s), Ok(()), "{c}");
            assert_eq!(verify(&blank(3, c), &s), Ok(()), "{c}");
        }
    }

    #[test]
    fn wrong_clues_at_word_boundaries_are_found_where_they_are() {
        for c in WIDTHS {
            let s = square(3, c);
            for j in [0, 62, 63, 64, 65, c - 1].into_iter().filter(|&j| j < c) {
                for i in 0..3 {
                    let mut p = clues_of(&s);
                    let lines = sides(&s, i, j);
                    let clue = (lines + 1) % 4;
                    p.set_clue(i, j, Clue::Number(clue));
                    let want = Invalid::Clue {
                        row: i,
                        col: j,
                        clue,
                        lines,
                    };
                    assert_eq!(verify(&p, &s), Err(want), "{c} ({i}, {j})");
                }
            }
        }
    }

    #[test]
    fn bad_vertices_at_word_boundaries_are_found_where_they_are() {
        let vertex = |row, col, lines| Invalid::Vertex { row, col, lines };
        for c in WIDTHS {
            let p = blank(3, c);
            for j in [1, 62, 63, 64, 65, c - 1].into_iter().filter(|&j| j < c) {
                // A spur into the border loop: 3 lines at (0, j).
                let mut s = square(3, c);
                s.set_v(0, j, true);
                assert_eq!(verify(&p, &s), Err(vertex(0, j, 3)), "{c} {j}");
                // A lone edge: 1 line at (1, j) (and at (1, j + 1)).
                let mut s = Solution::new(3, c);
                s.set_h(1, j, true);
                assert_eq!(verify(&p, &s), Err(vertex(1, j, 1)), "{c} {j}");
                // Two unit squares touching at a corner: 4 lines at (1, j).
                let mut s = Solution::new(3, c);
                unit(&mut s, 0, j - 1);
                unit(&mut s, 1, j);
                assert_eq!(verify(&p, &s), Err(vertex(1, j, 4)), "{c} {j}");
            }
            // The last vertex of a row: a dead end at (2, c).
            let mut s = Solution::new(3, c);
            s.set_v(2, c, true);
            assert_eq!(verify(&p, &s), Err(vertex(2, c, 1)), "{c}");
        }
    }

    /// `p` with a random share of its cells blank.
    fn some_blanks(rng: &mut crate::util::rng::Rng, mut p: Puzzle) -> Puzzle {
        let (r, c) = (p.rows(), p.cols());
        let share = rng.between(1, 4);
        for k in 0..r * c {
            if rng.index(4) < share {
                p.set_clue(k / c, k % c, Clue::Blank);
            }
        }
        p
    }

    #[test]
    fn wrong_clues_next_to_blanks_are_found_in_every_eight() {
        // Blanks in the row, and in the next row's cells read with it (the
        // clues are read eight at a time, from each row's first).
        for c in [1, 5, 8, 9, 20, 63, 64, 65, 130] {
            let s = square(3, c);
            for j in 0..c {
                let mut p = clues_of(&s);
                for k in (0..c).filter(|&k| k != j) {
                    p.set_clue(1, k, Clue::Blank);
                    p.set_clue(2, k, Clue::Blank);
                }
                assert_eq!(verify(&p, &s), Ok(()), "{c} {j}");
                let lines = sides(&s, 1, j);
                let clue = (lines + 1) % 4;
                p.set_clue(1, j, Clue::Number(clue));
                let want = Invalid::Clue {
                    row: 1,
                    col: j,
                    clue,
                    lines,
                };
                assert_eq!(verify(&p, &s), Err(want), "{c} {j}");
                // In the last row, whose last eight reads past the clues.
                let mut p = clues_of(&s);
                p.set_clue(2, j, Clue::Number((sides(&s, 2, j) + 1) % 4));
                assert!(
                    matches!(verify(&p, &s), Err(Invalid::Clue { row: 2, col, .. }) if col == j),
                    "{c} {j}"
                );
            }
        }
    }

    #[test]
    fn loops_inside_and_beside_others_are_several() {
        for (r, c) in [
            (5, 5),
            (5, 63),
            (5, 64),
            (7, 130),
            (63, 5),
            (64, 5),
            (70, 6),
        ] {
            let p = blank(r, c);
            // The border loop and a unit square inside it.
            let mut s = square(r, c);
            unit(&mut s, 2, 2);
            assert_eq!(verify(&p, &s), Err(Invalid::SeveralLoops), "{r}x{c}");
            // Two unit squares diagonal to each other, apart; then touching
            // at a corner (4 lines there: one loop cannot touch itself,
            // two cannot touch either).
            let mut s = Solution::new(r, c);
            unit(&mut s, 0, 0);
            unit(&mut s, 2, 2);
            assert_eq!(verify(&p, &s), Err(Invalid::SeveralLoops), "{r}x{c}");
            let mut s = Solution::new(r, c);
            unit(&mut s, 0, 0);
            unit(&mut s, 1, 1);
            let want = Invalid::Vertex {
                row: 1,
                col: 1,
                lines: 4,
            };
            assert_eq!(verify(&p, &s), Err(want), "{r}x{c}");
            // Two loops with as many runs each, the second below the first
            // (the walk starts in the first).
            let mut s = Solution::new(r, c);
            unit(&mut s, 0, 1);
            unit(&mut s, r - 1, 1);
            assert_eq!(verify(&p, &s), Err(Invalid::SeveralLoops), "{r}x{c}");
            // One loop that goes up and down several times: the boundary
            // of a comb whose teeth are columns 0, 2 and 4 from row 1 down,
            // joined by the last row.
            let s = boundary(r, c, |i, j| j < 5 && i > 0 && (j % 2 == 0 || i == r - 1));
            assert_eq!(verify(&clues_of(&s), &s), Ok(()), "{r}x{c}\n{s:?}");
        }
    }

    #[test]
    fn boards_of_one_row_or_one_column() {
        for n in [1, 2, 3, 7, 62, 63, 64, 65, 130] {
            let row = square(1, n);
            for s in [row.clone(), row.transposed()] {
                let (r, c) = (s.rows(), s.cols());
                assert_eq!(verify(&clues_of(&s), &s), Ok(()), "{r}x{c}");
                assert_eq!(verify(&blank(r, c), &s), Ok(()), "{r}x{c}");
            }
            if n >= 3 {
                // Cell 0 and cells 2.. each in a loop.
                let mut two = square(1, n);
                two.set_h(0, 1, false);
                two.set_h(1, 1, false);
                two.set_v(0, 1, true);
                two.set_v(0, 2, true);
                for s in [two.clone(), two.transposed()] {
                    let (r, c) = (s.rows(), s.cols());
                    assert_eq!(verify(&clues_of(&s), &s), Err(Invalid::SeveralLoops));
                    assert_eq!(
                        verify(&blank(r, c), &Solution::new(r, c)),
                        Err(Invalid::NoLoop)
                    );
                }
            }
        }
    }

    #[test]
    fn several_loops_and_no_loop_at_word_boundaries() {
        for c in WIDTHS {
            let p = blank(2, c);
            assert_eq!(verify(&p, &Solution::new(2, c)), Err(Invalid::NoLoop));
            for j in [0, 61, 62, 63, 64, c - 3]
                .into_iter()
                .filter(|&j| j + 2 < c)
            {
                let mut s = Solution::new(2, c);
                unit(&mut s, 1, j);
                unit(&mut s, 0, j + 2);
                assert_eq!(verify(&p, &s), Err(Invalid::SeveralLoops), "{c} {j}");
                // One loop around both: the walk crosses the word boundary.
                let mut s = Solution::new(2, c);
                for k in j..j + 3 {
                    s.set_h(0, k, true);
                    s.set_h(2, k, true);
                }
                s.set_v(0, j, true);
                s.set_v(1, j, true);
                s.set_v(0, j + 3, true);
                s.set_v(1, j + 3, true);
                assert_eq!(verify(&p, &s), Ok(()), "{c} {j}");
            }
        }
    }

    /// Checks `verify` against [`reference`] on `s`, counting the verdict
    /// in `verdicts`: valid, wrong clue, bad vertex, several loops, other.
    fn agrees_with_reference(p: &Puzzle, s: &Solution, verdicts: &mut [usize; 5]) {
        let want = reference(p, s);
        let (r, c) = (p.rows(), p.cols());
        assert_eq!(verify(p, s), want, "{r}x{c}\n{p:?}{s:?}");
        verdicts[match want {
            Ok(()) => 0,
            Err(Invalid::Clue { .. }) => 1,
            Err(Invalid::Vertex { .. }) => 2,
            Err(Invalid::SeveralLoops) => 3,
            Err(_) => 4,
        }] += 1;
    }

    /// The checker of the definition, one cell and one vertex at a time, as
    /// slink had it before the word-parallel one: the oracle it must match.
    fn reference(p: &Puzzle, s: &Solution) -> Result<(), Invalid> {
        let (r, c) = (p.rows(), p.cols());
        for i in 0..r {
            for j in 0..c {
                if let Clue::Number(clue) = p.clue(i, j) {
                    let lines = sides(s, i, j);
                    if lines != clue {
                        let (row, col) = (i, j);
                        return Err(Invalid::Clue {
                            row,
                            col,
                            clue,
                            lines,
                        });
                    }
                }
            }
        }
        let mut start = None;
        for i in 0..=r {
            for j in 0..=c {
                let lines = arms(s, i, j);
                if lines != 0 && lines != 2 {
                    return Err(Invalid::Vertex {
                        row: i,
                        col: j,
                        lines,
                    });
                }
                if lines == 2 && start.is_none() {
                    start = Some((i, j));
                }
            }
        }
        let start = start.ok_or(Invalid::NoLoop)?;
        // Step one edge at a time, never straight back.
        let (mut here, mut back, mut walked) = (start, (usize::MAX, usize::MAX), 0);
        loop {
            let (i, j) = here;
            let mut next = vec![];
            if j > 0 && s.h(i, j - 1) {
                next.push((i, j - 1));
            }
            if j < c && s.h(i, j) {
                next.push((i, j + 1));
            }
            if i > 0 && s.v(i - 1, j) {
                next.push((i - 1, j));
            }
            if i < r && s.v(i, j) {
                next.push((i + 1, j));
            }
            let to = *next.iter().find(|&&v| v != back).unwrap();
            (back, here) = (here, to);
            walked += 1;
            if here == start {
                break;
            }
        }
        if walked != s.len() {
            return Err(Invalid::SeveralLoops);
        }
        Ok(())
    }

    /// The boundary of a random set of cells grown from a few seeds: one
    /// loop, several, or vertices with 4 lines where two parts touch at a
    /// corner.
    /// `grow` bounds the number of growth steps.
    fn random_boundary(
        rng: &mut crate::util::rng::Rng,
        r: usize,
        c: usize,
        grow: usize,
    ) -> Solution {
        let mut inside = vec![false; r * c];
        for _ in 0..rng.between(1, 3) {
            inside[rng.index(r * c)] = true;
        }
        for _ in 0..rng.index(grow) {
            let k = rng.index(r * c);
            let (i, j) = (k / c, k % c);
            inside[k] |= (i > 0 && inside[k - c])
                || (i + 1 < r && inside[k + c])
                || (j > 0 && inside[k - 1])
                || (j + 1 < c && inside[k + 1]);
        }
        boundary(r, c, |i, j| inside[i * c + j])
    }

    /// The boundary of the cells of an `r x c` board for which `inside` holds.
    fn boundary(r: usize, c: usize, inside: impl Fn(usize, usize) -> bool) -> Solution {
        let at = |i: usize, j: usize| i < r && j < c && inside(i, j);
        let mut s = Solution::new(r, c);
        for i in 0..=r {
            for j in 0..c {
                s.set_h(i, j, (i > 0 && at(i - 1, j)) != at(i, j));
            }
        }
        for i in 0..r {
            for j in 0..=c {
                s.set_v(i, j, (j > 0 && at(i, j - 1)) != at(i, j));
            }
        }
        s
    }

    /// Clues for solution `s`: none, all of them, or some of them.
    fn random_clues(rng: &mut crate::util::rng::Rng, s: &Solution) -> Puzzle {
        match rng.index(3) {
            0 => blank(s.rows(), s.cols()),
            1 => clues_of(s),
            _ => some_blanks(rng, clues_of(s)),
        }
    }

    /// Flips one random edge of `s`, horizontal or vertical.
    fn flip_random_edge(rng: &mut crate::util::rng::Rng, s: &mut Solution, horizontal: bool) {
        let (r, c) = (s.rows(), s.cols());
        if horizontal {
            let (i, j) = (rng.index(r + 1), rng.index(c));
            s.set_h(i, j, !s.h(i, j));
        } else {
            let (i, j) = (rng.index(r), rng.index(c + 1));
            s.set_v(i, j, !s.v(i, j));
        }
    }

    #[test]
    fn agrees_with_the_reference_on_random_solutions_of_every_size() {
        use crate::util::rng::Rng;
        let mut rng = Rng::new(0x7e57);
        let mut verdicts = [0usize; 5];
        // Both sides of 64 rows and 64 columns (the column-word walk and the
        // row walk), both sides of 32 (the small walk's two transposes),
        // word boundaries, thin boards and long runs.
        let sizes = [
            (1, 1),
            (5, 5),
            (8, 7),
            (9, 7),
            (8, 8),
            (16, 15),
            (17, 15),
            (15, 16),
            (32, 31),
            (33, 31),
            (31, 32),
            (32, 32),
            (2, 63),
            (63, 2),
            (20, 20),
            (63, 63),
            (64, 63),
            (63, 64),
            (64, 64),
            (65, 7),
            (7, 65),
            (70, 70),
            (130, 3),
            (3, 130),
        ];
        for (r, c) in sizes {
            for _ in 0..150 {
                let mut s = random_boundary(&mut rng, r, c, 4 * r * c);
                let mut p = random_clues(&mut rng, &s);
                // Some damage, or none: edges flipped (branches, dead ends,
                // loops cut or joined), a separate unit square (another loop
                // or a touching one), a wrong clue.
                for _ in 0..rng.index(3) {
                    match rng.index(4) {
                        k @ (0 | 1) => flip_random_edge(&mut rng, &mut s, k == 0),
                        2 => unit(&mut s, rng.index(r), rng.index(c)),
                        _ => {
                            let clue = Clue::Number(rng.index(4) as u8);
                            p.set_clue(rng.index(r), rng.index(c), clue)
                        }
                    }
                }
                agrees_with_reference(&p, &s, &mut verdicts);
            }
        }
        assert!(verdicts[..4].iter().all(|&n| n > 50), "{verdicts:?}");
    }

    #[test]
    fn agrees_with_the_reference_on_random_region_boundaries() {
        use crate::util::rng::Rng;
        let mut rng = Rng::new(0x5eed);
        let mut verdicts = [0usize; 5];
        for c in [1, 2, 3, 5, 62, 63, 64, 65, 66, 127, 128, 129] {
            for r in 1..=4 {
                for _ in 0..60 {
                    // The boundary of a random set of cells grown from one to
                    // three cells: one loop, several, or vertices with 4 lines.
                    let mut s = random_boundary(&mut rng, r, c, 3 * c);
                    let mut p = random_clues(&mut rng, &s);
                    match rng.index(4) {
                        // A wrong clue somewhere.
                        0 => {
                            p.set_clue(rng.index(r), rng.index(c), Clue::Number(rng.index(4) as u8))
                        }
                        // An edge flipped somewhere.
                        k @ (1 | 2) => flip_random_edge(&mut rng, &mut s, k == 1),
                        _ => {}
                    }
                    agrees_with_reference(&p, &s, &mut verdicts);
                }
            }
        }
        // Every verdict but "no loop" (tested above) comes up many times.
        assert!(verdicts[..4].iter().all(|&n| n > 20), "{verdicts:?}");
    }
}
