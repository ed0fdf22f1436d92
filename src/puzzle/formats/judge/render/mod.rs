//! The judge's drawing of a solved puzzle, appended straight to a buffer.
//!
//! The drawing is written line by line, in order, with no buffer filled
//! first: the border and blank lines are runs of `#` and spaces; a lattice
//! row is `"# "`, its columns four bytes each, then the rest of the line
//! (the last vertex or vertical edge, a space, `#`, the newline).
//!
//! The columns of a lattice row are made four at a time (16 bytes) from
//! the solution's row words, one row word (up to 64 columns) after
//! another. A vertex row's four columns are one look-up in a 512-entry
//! table indexed by their five horizontal edges (the one left of them and
//! their own four) and their four vertical bits. A cell row's four are
//! their four bars (a 16-entry table) with their four clue glyphs, worked
//! out side by side in one word, spread in. A row's last group takes the
//! row's last vertex or vertical edge as one more column; that column's
//! last two bytes then become the `#` and the newline, and what the group
//! wrote past them is cut off. The groups of a word go out with one
//! `Vec::extend` over an exact-size iterator of 16-byte arrays, which
//! checks the capacity once and then stores each group with no bounds
//! checks.
//!
//! Built with AVX2 (the default x86-64-v3 build), the lattice lines of a
//! puzzle of 2 to 63 columns are made eight columns (32 bytes) at a time
//! instead, each byte picking its character from its column's bits, and
//! written in place in the buffer's spare room (see `avx2::lattice`).

use crate::puzzle::solution::Solution;
use crate::puzzle::{Puzzle, BLANK};

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2;

/// Number of bytes [`draw`] appends for an `rows x cols` puzzle.
pub fn drawing_len(rows: usize, cols: usize) -> usize {
    (2 * rows + 5) * line_len(cols)
}

/// Bytes of a line of the drawing of `c` columns, its newline included.
fn line_len(c: usize) -> usize {
    4 * c + 6
}

/// Columns per row word.
const WORD: usize = 64;

/// Columns per look-up: 16 bytes of a line.
const GROUP: usize = 4;

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

/// The 16 bytes of four columns `j..j + 4` of a vertex row, indexed by
/// `e | v << 5`: bit `t` of `e` is whether `H(i, j + t - 1)` is a line,
/// bit `t` of `v` whether a vertical line touches vertex `j + t`.
const VERTEX_GROUP: [[u8; 16]; 512] = {
    let mut t = [[0; 16]; 512];
    let mut k = 0;
    while k < 512 {
        let (e, v) = (k & 31, k >> 5);
        let mut col = 0;
        while col < GROUP {
            let bytes = vertex_column((e >> col & 3) | (v >> col & 1) << 2);
            let mut b = 0;
            while b < 4 {
                t[k][4 * col + b] = bytes[b];
                b += 1;
            }
            col += 1;
        }
        k += 1;
    }
    t
};

/// The 16 bytes of four columns of a cell row without their glyphs (as
/// two little-endian words), indexed by their four `V` bits (bit 0 for
/// the leftmost): per column a bar or a space, a space, the glyph's place
/// (0), a space.
const BARS: [[u64; 2]; 16] = {
    let mut t = [[0; 2]; 16];
    let mut k = 0;
    while k < 16 {
        let mut col = 0;
        while col < GROUP {
            let bar = if k >> col & 1 == 1 { b'|' } else { b' ' };
            let column = bar as u64 | (b' ' as u64) << 8 | (b' ' as u64) << 24;
            t[k][col / 2] |= column << (32 * (col % 2));
            col += 1;
        }
        k += 1;
    }
    t
};

/// The glyphs of four clue bytes side by side (little-endian): `0`-`4`
/// for the clues 0-4, a space for [`BLANK`](crate::puzzle::BLANK) (255).
fn glyphs(clues: u32) -> u32 {
    let digits = clues & 0x0707_0707 | 0x3030_3030;
    // A blank's three low bits make a `7`, 0x17 above the space.
    let blanks = clues >> 7 & 0x0101_0101;
    digits - blanks * 0x17
}

/// Two glyph bytes (little-endian) moved to bytes 2 and 6: the glyph
/// places of two cell-row columns. The product puts each byte in two
/// places that overlap nothing; the mask keeps the wanted two.
fn spread_two(glyphs: u16) -> u64 {
    (u64::from(glyphs) * (1 << 16 | 1 << 40)) & 0x00ff_0000_00ff_0000
}

/// The 16 bytes of four cell-row columns with clue bytes `clues` (in
/// order, little-endian) and `V` bits `bars` (bit 0 for the leftmost).
#[inline(always)]
fn cell_group(bars: u64, clues: u32) -> [u8; 16] {
    let g = glyphs(clues);
    let [low, high] = BARS[bars as usize & 15];
    let low = low | spread_two(g as u16);
    let high = high | spread_two((g >> 16) as u16);
    let mut out = [0; 16];
    out[..8].copy_from_slice(&low.to_le_bytes());
    out[8..].copy_from_slice(&high.to_le_bytes());
    out
}

/// Appends the judge's answer for data set `number` whose solution is `s`
/// (a solution of `p`): the number on a line of its own, then the
/// drawing ([`draw`]).
///
/// Room for the number line and the drawing is made at once: one
/// allocation, not one for the number and a larger one (with a copy) for
/// the drawing. The room is for the longest number, so that a buffer
/// reused for later data sets (the batch pipeline's) does not grow again,
/// to twice its size, each time their numbers take one more digit.
#[inline]
pub fn answer(number: usize, p: &Puzzle, s: &Solution, out: &mut Vec<u8>) {
    const LONGEST: usize = usize::MAX.ilog10() as usize + 1;
    out.reserve(LONGEST + 1 + drawing_len(p.rows(), p.cols()));
    out.extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
    out.push(b'\n');
    draw(p, s, out);
}

/// Appends the judge drawing of `s` (a solution of `p`) to `out`: `2r + 5`
/// lines of `4c + 5` characters, each ending in `\n`. Every puzzle but the
/// empty default one has the row and the column this needs.
pub fn draw(p: &Puzzle, s: &Solution, out: &mut Vec<u8>) {
    let (r, c) = (p.rows(), p.cols());
    assert_eq!((s.rows(), s.cols()), (r, c), "the solution's size differs");
    assert!(r > 0 && c > 0, "an empty puzzle has no drawing");
    // Exactly: a lattice line's last group goes past the line's end (at
    // most 12 bytes word by word, before the line is cut to length; at
    // most 28 in AVX2, into the room of the lines after it), and the blank
    // line and the border still follow.
    out.reserve(drawing_len(r, c));
    border_line(c, out);
    blank_line(c, out);
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    if s.stride() == 1 && c >= 2 {
        avx2::lattice(p, s, out);
    } else {
        lattice(p, s, out);
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    lattice(p, s, out);
    blank_line(c, out);
    border_line(c, out);
}

/// Appends the lattice lines of the drawing of `s` (a solution of `p`),
/// four columns at a time.
fn lattice(p: &Puzzle, s: &Solution, out: &mut Vec<u8>) {
    let (r, c) = (p.rows(), p.cols());
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

/// Ends a lattice row that started at `start`, whose last group covered
/// its column `c` (a vertex or a vertical edge, then a space, then what
/// the border replaces) and may have gone on past it: the border and the
/// newline go in place, and the rest is cut off.
fn end_row(start: usize, c: usize, out: &mut Vec<u8>) {
    let end = start + 4 * c + 6;
    out[end - 2..end].copy_from_slice(b"#\n");
    out.truncate(end);
}

/// Appends the line of lattice row `2i` for `c` columns: the vertices and
/// the horizontal edges `h` of vertex row `i`, where `above` and `below`
/// are the `V` rows of the cell rows above and below it (the same row at
/// the top and bottom).
fn vertex_row(c: usize, h: &[u64], above: &[u64], below: &[u64], out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(b"# ");
    // Vertex `c` is a column too, whose `H` is not a line (the row's bits
    // from `c` on are 0).
    let mut columns = c + 1;
    // `H(i, j - 1)` for the group's first column `j`.
    let mut left = 0;
    for ((&h, &up), &down) in h.iter().zip(above).zip(below) {
        let (mut right, mut vertical) = (h as usize, (up | down) as usize);
        let n = columns.min(WORD);
        columns -= n;
        out.extend((0..n.div_ceil(GROUP)).flat_map(|_| {
            let k = left | (right & 15) << 1 | (vertical & 15) << 5;
            left = right >> 3 & 1;
            right >>= GROUP;
            vertical >>= GROUP;
            VERTEX_GROUP[k]
        }));
    }
    end_row(start, c, out);
}

/// Appends the line of lattice row `2i + 1`: the vertical edges `v` and
/// the clues of cell row `i`.
fn cell_row(clues: &[u8], v: &[u64], out: &mut Vec<u8>) {
    let start = out.len();
    let c = clues.len();
    out.extend_from_slice(b"# ");
    for (clues, &word) in clues.chunks(WORD).zip(v) {
        let mut bars = word;
        let quads = clues.chunks_exact(GROUP);
        let rest = quads.remainder();
        out.extend(quads.flat_map(|quad| {
            let group = cell_group(
                bars,
                u32::from_le_bytes([quad[0], quad[1], quad[2], quad[3]]),
            );
            bars >>= GROUP;
            group
        }));
        if !rest.is_empty() {
            // The row's last columns and vertical edge `c`, whose glyph
            // place (a blank's) the border takes.
            let mut quad = [BLANK; GROUP];
            quad[..rest.len()].copy_from_slice(rest);
            out.extend_from_slice(&cell_group(bars, u32::from_le_bytes(quad)));
        }
    }
    if c % GROUP == 0 {
        // Vertical edge `c` in a group of its own.
        out.extend_from_slice(&cell_group(v[c / WORD] >> (c % WORD), u32::MAX));
    }
    end_row(start, c, out);
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

    #[test]
    fn glyphs_side_by_side_are_the_clues_glyphs() {
        use crate::puzzle::Clue;
        let clue = |b| {
            if b == BLANK {
                Clue::Blank
            } else {
                Clue::Number(b)
            }
        };
        let clues = [0, 1, 2, 3, 4, BLANK].map(|b| (b, clue(b).glyph()));
        for a in clues {
            for b in clues {
                for (c, d) in [(a, b), (b, a)] {
                    let four = u32::from_le_bytes([a.0, b.0, c.0, d.0]);
                    assert_eq!(glyphs(four).to_le_bytes(), [a.1, b.1, c.1, d.1]);
                }
                let two = u16::from_le_bytes([a.1, b.1]);
                let want = u64::from(a.1) << 16 | u64::from(b.1) << 48;
                assert_eq!(spread_two(two), want);
            }
        }
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
        use crate::puzzle::Clue;
        use crate::util::rng::Rng;
        let mut rng = Rng::new(7);
        // Each edge a line never, half the time, always.
        let densities: [fn(&mut Rng) -> bool; 3] = [|_| false, |rng| rng.index(2) == 0, |_| true];
        // Every width of one-word rows (the AVX2 path's overshoot is longest
        // on multiples of 8), then the word boundaries of wider ones.
        for c in (1..=70).chain([127, 128, 129, 191, 192, 254, 255]) {
            for r in [1, 2, 3, 5] {
                for line in densities {
                    let clues: Vec<Clue> = (0..r * c)
                        .map(|_| match rng.index(6) {
                            5 => Clue::Blank,
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
                    // Within the exact room: no line goes past what it
                    // reserves, so a caller's reservation holds.
                    let mut exact = Vec::with_capacity(drawing_len(r, c));
                    draw(&p, &s, &mut exact);
                    assert_eq!(exact.capacity(), drawing_len(r, c), "{r}x{c}");
                    assert_eq!(exact, reference(&p, &s), "{r}x{c}, exact room");
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
