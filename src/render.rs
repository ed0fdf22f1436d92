//! The judge's drawing of a solved puzzle, appended straight to a buffer.
//!
//! The drawing is written line by line, in order, with no buffer filled
//! first: the border and blank lines are runs of `#` and spaces; a lattice
//! row is `"# "`, its columns four bytes each, then the rest of the line
//! (the last vertex or vertical edge, a space, `#`, the newline).
//!
//! The columns of a lattice row are made two at a time (8 bytes) from the
//! solution's row words, one row word (up to 64 columns) after another.
//! A vertex row's pair is one look-up in a 32-entry table indexed by the
//! pair's three horizontal edges (the one left of the pair and its own
//! two) and its two vertical bits; the row's last vertex is drawn as one
//! more column, whose `H` is never a line, and the last two of its three
//! spaces then become the `#` and the newline. A cell row's pair is its
//! two bars (a 4-entry table) with its two clue glyphs shifted in. The
//! pairs of a word go out with one `Vec::extend` over an exact-size
//! iterator of 8-byte arrays, which checks the capacity once and then
//! stores each pair as one 8-byte word, with no bounds checks.

use crate::puzzle::{Puzzle, BLANK};
use crate::solution::Solution;

/// Number of bytes [`draw`] appends for an `rows x cols` puzzle.
pub fn drawing_len(rows: usize, cols: usize) -> usize {
    (2 * rows + 5) * (4 * cols + 6)
}

/// Columns per row word.
const WORD: usize = 64;

/// The 4 bytes of one column `j` of a vertex row (vertex `j`, then
/// `H(i, j)`) for `left | right << 1 | vertical << 2`: whether `H(i, j - 1)`
/// is a line, whether `H(i, j)` is, whether a vertical line touches the
/// vertex.
const fn vertex_column(k: usize) -> [u8; 4] {
    let horizontal = k & 3 != 0;
    let vertical = k & 4 != 0;
    let vertex = match (horizontal, vertical) {
        (false, false) => b' ',
        (true, false) => b'-',
        (false, true) => b'|',
        (true, true) => b'+',
    };
    let edge = if k & 2 != 0 { b'-' } else { b' ' };
    [vertex, edge, edge, edge]
}

/// The 8 bytes of two columns `j`, `j + 1` of a vertex row, indexed by
/// `e | v << 3`: bits 0, 1, 2 of `e` are whether `H(i, j - 1)`, `H(i, j)`,
/// `H(i, j + 1)` are lines, bits 0 and 1 of `v` whether a vertical line
/// touches vertex `j`, `j + 1`.
const VERTEX_PAIR: [[u8; 8]; 32] = {
    let mut t = [[0; 8]; 32];
    let mut k = 0;
    while k < 32 {
        let (e, v) = (k & 7, k >> 3);
        let lo = vertex_column((e & 3) | (v & 1) << 2);
        let hi = vertex_column(e >> 1 | (v >> 1) << 2);
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

/// The 8 bytes of two columns of a cell row without their clues (as a
/// little-endian word), indexed by their two `V` bits (bit 0 for the
/// left column): a bar or a space, then three spaces, per column.
const BARS: [u64; 4] = {
    let (bar, space) = (b'|' as u64, b' ' as u64);
    let rest = 0x2020_2000_2020_2000;
    [
        rest | space | space << 32,
        rest | bar | space << 32,
        rest | space | bar << 32,
        rest | bar | bar << 32,
    ]
};

/// Appends the judge drawing of `s` (a solution of `p`) to `out`: `2r + 5`
/// lines of `4c + 5` characters, each ending in `\n`. Every puzzle but the
/// empty default one has the row and the column this needs.
pub fn draw(p: &Puzzle, s: &Solution, out: &mut Vec<u8>) {
    let (r, c) = (p.rows(), p.cols());
    assert_eq!((s.rows(), s.cols()), (r, c), "the solution's size differs");
    assert!(r > 0 && c > 0, "an empty puzzle has no drawing");
    out.reserve(drawing_len(r, c));
    border_line(c, out);
    blank_line(c, out);
    let stride = s.stride();
    let h_rows = s.h_words().chunks_exact(stride);
    // The vertical edges below each vertex row: those of the cell row
    // below it, and at the bottom those above it again (`|` leaves them
    // as they are); `above` starts the same way at the top.
    let last = s.v_row(r - 1);
    let below_rows = s.v_words().chunks_exact(stride).chain([last]);
    let mut clue_rows = p.clue_bytes().chunks_exact(c);
    let mut above = s.v_row(0);
    for (h, below) in h_rows.zip(below_rows) {
        vertex_row(c, h, above, below, out);
        if let Some(clues) = clue_rows.next() {
            cell_row(clues, below, out);
        }
        above = below;
    }
    blank_line(c, out);
    border_line(c, out);
}

/// Appends the top or bottom line: `4c + 5` times `#`, then `\n`.
fn border_line(c: usize, out: &mut Vec<u8>) {
    out.resize(out.len() + 4 * c + 5, b'#');
    out.push(b'\n');
}

/// Appends the line inside the border above or below the lattice: `#`,
/// `4c + 3` spaces, `#`, `\n`.
fn blank_line(c: usize, out: &mut Vec<u8>) {
    out.push(b'#');
    out.resize(out.len() + 4 * c + 3, b' ');
    out.extend_from_slice(b"#\n");
}

/// Appends the line of lattice row `2i` for `c` columns: the vertices and
/// the horizontal edges `h` of vertex row `i`, where `above` and `below`
/// are the `V` rows of the cell rows above and below it (the same row at
/// the top and bottom).
fn vertex_row(c: usize, h: &[u64], above: &[u64], below: &[u64], out: &mut Vec<u8>) {
    out.extend_from_slice(b"# ");
    // `H(i, j - 1)` for the word's first column `j`.
    let mut left = 0;
    for (w, ((&right, &up), &down)) in h.iter().zip(above).zip(below).enumerate() {
        // The word's columns, counting vertex `c` as a column whose `H` is
        // not a line (the row's bits from `c` on are 0).
        let n = (c + 1 - w * WORD).min(WORD);
        // Bit `j + 1` is `H(i, j)`, bit 0 the edge left of the word; in
        // 128 bits, so that `H(i, 63)` stays.
        let mut edges = u128::from(right) << 1 | left;
        left = u128::from(right >> 63);
        let mut v = up | down;
        out.extend((0..n / 2).flat_map(|_| {
            let k = (edges as usize & 7) | (v as usize & 3) << 3;
            edges >>= 2;
            v >>= 2;
            VERTEX_PAIR[k]
        }));
        if n % 2 == 1 {
            let k = (edges as usize & 3) | (v as usize & 1) << 3;
            out.extend_from_slice(&VERTEX_PAIR[k][..4]);
        }
    }
    // Vertex `c` came with three spaces: one stays, then the border.
    if let Some(end) = out.last_chunk_mut() {
        *end = *b"#\n";
    }
}

/// Appends the line of lattice row `2i + 1`: the vertical edges `v` and
/// the clues of cell row `i`.
fn cell_row(clues: &[u8], v: &[u64], out: &mut Vec<u8>) {
    let c = clues.len();
    let glyph = |x: u8| u64::from(GLYPH[usize::from(x)]);
    out.extend_from_slice(b"# ");
    for (clues, &v) in clues.chunks(WORD).zip(v) {
        let mut bars = v;
        let pairs = clues.chunks_exact(2);
        let rest = pairs.remainder();
        out.extend(pairs.flat_map(|two| {
            let word = BARS[bars as usize & 3] | glyph(two[0]) << 16 | glyph(two[1]) << 48;
            bars >>= 2;
            word.to_le_bytes()
        }));
        if let [x] = rest {
            let word = BARS[bars as usize & 1] | glyph(*x) << 16;
            out.extend_from_slice(&word.to_le_bytes()[..4]);
        }
    }
    let bar = if v[c / WORD] >> (c % WORD) & 1 == 1 {
        b'|'
    } else {
        b' '
    };
    out.extend_from_slice(&[bar, b' ', b'#', b'\n']);
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
        // Each edge a line never, half the time, always.
        let densities: [fn(&mut Rng) -> bool; 3] = [|_| false, |rng| rng.index(2) == 0, |_| true];
        for c in [
            1, 2, 3, 4, 5, 20, 62, 63, 64, 65, 66, 127, 128, 129, 191, 192, 254, 255,
        ] {
            for r in [1, 2, 3, 5] {
                for line in densities {
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
                                s.set_h(i, j, line(&mut rng));
                            }
                            if i < r {
                                s.set_v(i, j, line(&mut rng));
                            }
                        }
                    }
                    let mut out = b"kept".to_vec();
                    draw(&p, &s, &mut out);
                    assert_eq!(&out[..4], b"kept");
                    let want = reference(&p, &s);
                    assert_eq!(out[4..], want, "{r}x{c}");
                    assert_eq!(want.len(), drawing_len(r, c));
                    // A second drawing goes after the first, untouched.
                    draw(&p, &s, &mut out);
                    assert_eq!(out[4..4 + want.len()], want, "{r}x{c}");
                    assert_eq!(out[4 + want.len()..], want, "{r}x{c}");
                }
            }
        }
    }
}
