//! The judge's drawing of a solved puzzle, written straight into a buffer.
//!
//! The lattice rows are written two columns (8 bytes) at a time from the
//! solution's row words: one look-up in a 64-entry table per pair of
//! columns, indexed by that pair's line bits.

use crate::puzzle::{Puzzle, BLANK};
use crate::solution::Solution;

/// Number of bytes [`draw`] appends for an `rows x cols` puzzle.
pub fn drawing_len(rows: usize, cols: usize) -> usize {
    (2 * rows + 5) * (4 * cols + 6)
}

/// The 4 bytes of one column of a vertex row (vertex `j`, then `H(i, j)`)
/// for `horizontal | vertical << 1 | right << 2`: whether a horizontal
/// line touches the vertex, whether a vertical one does, whether `H(i, j)`
/// is a line.
const fn vertex_column(k: usize) -> [u8; 4] {
    let vertex = [b' ', b'-', b'|', b'+'][k & 3];
    let edge = if k & 4 != 0 { b'-' } else { b' ' };
    [vertex, edge, edge, edge]
}

/// The 8 bytes of two columns `j`, `j + 1` of a vertex row, indexed by
/// `h | v << 2 | r << 4` where bit 0 of each 2-bit field is column `j`'s
/// (`h` horizontal, `v` vertical, `r` right: as in [`vertex_column`]).
const VERTEX_PAIR: [[u8; 8]; 64] = {
    let mut t = [[0; 8]; 64];
    let mut k = 0;
    while k < 64 {
        let (h, v, r) = (k & 3, k >> 2 & 3, k >> 4);
        let lo = vertex_column((h & 1) | (v & 1) << 1 | (r & 1) << 2);
        let hi = vertex_column(h >> 1 | (v >> 1) << 1 | (r >> 1) << 2);
        t[k] = [lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]];
        k += 1;
    }
    t
};

/// What a cell row shows of a clue byte (a digit, or a space for a blank).
const GLYPH: [u8; 256] = {
    let mut t = [b'?'; 256];
    let mut k = 0;
    while k < 4 {
        t[k] = b'0' + k as u8;
        k += 1;
    }
    t[BLANK as usize] = b' ';
    t
};

/// Appends the judge drawing of `s` (a solution of `p`) to `out`: `2r + 5`
/// lines of `4c + 5` characters, each ending in `\n`.
pub fn draw(p: &Puzzle, s: &Solution, out: &mut Vec<u8>) {
    let (r, c) = (p.rows(), p.cols());
    assert_eq!((s.rows(), s.cols()), (r, c), "the solution's size differs");
    let width = 4 * c + 5;
    let start = out.len();
    out.resize(start + drawing_len(r, c), b' ');
    let mut lines = out[start..].chunks_exact_mut(width + 1);
    let mut next = || {
        let line = lines.next().expect("drawing_len lines");
        line[width] = b'\n';
        &mut line[..width]
    };
    let border = |line: &mut [u8]| line.fill(b'#');
    // A line between the borders; its lattice row is bytes 2 .. width - 2.
    let framed = |line: &mut [u8]| {
        line[0] = b'#';
        line[width - 1] = b'#';
    };
    border(next());
    framed(next());
    for i in 0..=r {
        let line = next();
        framed(line);
        vertex_row(s, i, &mut line[2..width - 2]);
        if i < r {
            let line = next();
            framed(line);
            cell_row(
                &p.clue_bytes()[i * c..(i + 1) * c],
                s.v_row(i),
                &mut line[2..width - 2],
            );
        }
    }
    framed(next());
    border(next());
}

/// Lattice row `2i` (`4c + 1` bytes): the vertices and horizontal edges of
/// vertex row `i`.
fn vertex_row(s: &Solution, i: usize, lattice: &mut [u8]) {
    let (r, c) = (s.rows(), s.cols());
    let h = s.h_row(i);
    // The vertical lines at vertex row `i`: from the cell rows above and below.
    let vertical = |w: usize| {
        let up = if i > 0 { s.v_row(i - 1)[w] } else { 0 };
        let down = if i < r { s.v_row(i)[w] } else { 0 };
        up | down
    };
    let (columns, last) = lattice.split_at_mut(4 * c);
    let mut carry = 0;
    for (w, block) in columns.chunks_mut(4 * 64).enumerate() {
        // Vertex `j` touches `H(i, j - 1)` (carried in from the word below)
        // and `H(i, j)`.
        let right = h[w];
        let horizontal = right | right << 1 | carry;
        carry = right >> 63;
        vertex_block(horizontal, vertical(w), right, block);
    }
    // Vertex `c`: only `H(i, c - 1)` on its left.
    let left = u64::from(s.h(i, c - 1));
    let vert = vertical(c / 64) >> (c % 64) & 1;
    last[0] = VERTEX_PAIR[(left | vert << 2) as usize][0];
}

/// Up to 64 columns of a vertex row from their bits (bit `j` for column
/// `j` of `out`, 4 bytes per column): see [`VERTEX_PAIR`].
#[inline(always)]
fn vertex_block(mut h: u64, mut v: u64, mut r: u64, out: &mut [u8]) {
    let mut pairs = out.chunks_exact_mut(8);
    for pair in &mut pairs {
        let k = (h & 3) | (v & 3) << 2 | (r & 3) << 4;
        pair.copy_from_slice(&VERTEX_PAIR[k as usize]);
        h >>= 2;
        v >>= 2;
        r >>= 2;
    }
    let rest = pairs.into_remainder();
    if !rest.is_empty() {
        let k = (h & 1) | (v & 1) << 2 | (r & 1) << 4;
        rest.copy_from_slice(&VERTEX_PAIR[k as usize][..4]);
    }
}

/// Lattice row `2i + 1` (`4c + 1` bytes): the vertical edges `v` and the
/// clues of cell row `i`.
fn cell_row(clues: &[u8], v: &[u64], lattice: &mut [u8]) {
    let c = clues.len();
    let (columns, last) = lattice.split_at_mut(4 * c);
    for ((block, clues), &v) in columns.chunks_mut(4 * 64).zip(clues.chunks(64)).zip(v) {
        cell_block(v, clues, block);
    }
    last[0] = if v[c / 64] >> (c % 64) & 1 == 1 {
        b'|'
    } else {
        b' '
    };
}

/// Up to 64 columns of a cell row: `V` bits `v` (bit `j` for column `j`)
/// and the clues, 4 bytes per column.
#[inline(always)]
fn cell_block(mut v: u64, clues: &[u8], out: &mut [u8]) {
    // Bars for two columns, indexed by their two `V` bits.
    const BARS: [u64; 4] = {
        let (bar, space) = (b'|' as u64, b' ' as u64);
        let rest = 0x2000_2000_2000_2000;
        [
            rest | space | space << 32,
            rest | bar | space << 32,
            rest | space | bar << 32,
            rest | bar | bar << 32,
        ]
    };
    let glyph = |x: u8| u64::from(GLYPH[x as usize]);
    let mut pairs = out.chunks_exact_mut(8);
    let mut two = clues.chunks_exact(2);
    for (pair, two) in (&mut pairs).zip(&mut two) {
        let bytes = BARS[(v & 3) as usize] | glyph(two[0]) << 16 | glyph(two[1]) << 48;
        pair.copy_from_slice(&bytes.to_le_bytes());
        v >>= 2;
    }
    if let [x] = two.remainder() {
        let bytes = BARS[(v & 1) as usize] | glyph(*x) << 16;
        pairs
            .into_remainder()
            .copy_from_slice(&bytes.to_le_bytes()[..4]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_statement_example() {
        let p = Puzzle::from_rows("22/22").unwrap();
        let mut s = Solution::new(2, 2);
        for j in 0..2 {
            s.set_h(0, j, true);
            s.set_h(2, j, true);
            s.set_v(j, 0, true);
            s.set_v(j, 2, true);
        }
        let mut out = Vec::new();
        draw(&p, &s, &mut out);
        let want = "\
#############
#           #
# +-------+ #
# | 2   2 | #
# |       | #
# | 2   2 | #
# +-------+ #
#           #
#############
";
        assert_eq!(String::from_utf8(out).unwrap(), want);
        assert_eq!(want.len(), drawing_len(2, 2));
    }

    /// The drawing by `SLINK.md`'s definition, one character at a time.
    fn reference(p: &Puzzle, s: &Solution) -> Vec<u8> {
        let (r, c) = (p.rows(), p.cols());
        let mut text = vec![vec![b' '; 4 * c + 5]; 2 * r + 5];
        for (k, line) in text.iter_mut().enumerate() {
            if k == 0 || k == 2 * r + 4 {
                line.fill(b'#');
            }
            line[0] = b'#';
            line[4 * c + 4] = b'#';
        }
        for i in 0..=r {
            for j in 0..=c {
                let across = (j > 0 && s.h(i, j - 1)) || (j < c && s.h(i, j));
                let down = (i > 0 && s.v(i - 1, j)) || (i < r && s.v(i, j));
                text[2 * i + 2][4 * j + 2] = match (across, down) {
                    (false, false) => b' ',
                    (true, false) => b'-',
                    (false, true) => b'|',
                    (true, true) => b'+',
                };
                if j < c && s.h(i, j) {
                    text[2 * i + 2][4 * j + 3..4 * j + 6].copy_from_slice(b"---");
                }
                if i < r && s.v(i, j) {
                    text[2 * i + 3][4 * j + 2] = b'|';
                }
                if i < r && j < c {
                    text[2 * i + 3][4 * j + 4] = p.clue(i, j).glyph();
                }
            }
        }
        text.into_iter()
            .flat_map(|mut line| {
                line.push(b'\n');
                line
            })
            .collect()
    }

    #[test]
    fn matches_the_definition_on_random_edges_across_word_boundaries() {
        use crate::generate::rng::Rng;
        use crate::puzzle::Clue;
        let mut rng = Rng::new(7);
        for c in [1, 2, 3, 4, 5, 62, 63, 64, 65, 66, 127, 128, 129] {
            for r in [1, 2, 3] {
                let clues: Vec<Clue> = (0..r * c)
                    .map(|_| match rng.index(5) {
                        4 => Clue::Blank,
                        n => Clue::Number(n as u8),
                    })
                    .collect();
                let p = Puzzle::new(r, c, &clues).unwrap();
                let mut s = Solution::new(r, c);
                for i in 0..=r {
                    for j in 0..=c {
                        if j < c {
                            s.set_h(i, j, rng.index(2) == 0);
                        }
                        if i < r {
                            s.set_v(i, j, rng.index(2) == 0);
                        }
                    }
                }
                let mut out = b"kept".to_vec();
                draw(&p, &s, &mut out);
                assert_eq!(&out[..4], b"kept");
                let want = reference(&p, &s);
                assert_eq!(out[4..], want, "{r}x{c}");
                assert_eq!(want.len(), drawing_len(r, c));
            }
        }
    }
}
