//! The judge's drawing of a solved puzzle, written straight into a buffer.

use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// Number of bytes [`draw`] appends for an `rows x cols` puzzle.
pub fn drawing_len(rows: usize, cols: usize) -> usize {
    (2 * rows + 5) * (4 * cols + 6)
}

/// Appends the judge drawing of `s` (a solution of `p`) to `out`: `2r + 5`
/// lines of `4c + 5` characters, each ending in `\n`.
pub fn draw(p: &Puzzle, s: &Solution, out: &mut Vec<u8>) {
    let (r, c) = (p.rows(), p.cols());
    let width = 4 * c + 5;
    let start = out.len();
    out.resize(start + drawing_len(r, c), b' ');
    let buf = &mut out[start..];
    for (k, line) in buf.chunks_exact_mut(width + 1).enumerate() {
        line[width] = b'\n';
        if k == 0 || k == 2 * r + 4 {
            line[..width].fill(b'#');
            continue;
        }
        line[0] = b'#';
        line[width - 1] = b'#';
        if k == 1 || k == 2 * r + 3 {
            continue;
        }
        let lattice = &mut line[2..width - 2];
        let l = k - 2;
        if l % 2 == 0 {
            vertex_row(s, l / 2, lattice);
        } else {
            cell_row(p, s, l / 2, lattice);
        }
    }
}

/// Lattice row `2i`: horizontal edges and the vertices of row `i`.
fn vertex_row(s: &Solution, i: usize, lattice: &mut [u8]) {
    let (r, c) = (s.rows(), s.cols());
    let lines = s.lines();
    let mut left = false;
    for j in 0..=c {
        let right = j < c && lines.h(i, j);
        let vert = (i > 0 && lines.v(i - 1, j)) || (i < r && lines.v(i, j));
        // A vertex is drawn from its horizontal and vertical lines.
        lattice[4 * j] = match (left || right, vert) {
            (false, false) => b' ',
            (true, false) => b'-',
            (false, true) => b'|',
            (true, true) => b'+',
        };
        if right {
            lattice[4 * j + 1..4 * j + 4].copy_from_slice(b"---");
        }
        left = right;
    }
}

/// Lattice row `2i + 1`: vertical edges and the clues of cell row `i`.
fn cell_row(p: &Puzzle, s: &Solution, i: usize, lattice: &mut [u8]) {
    let lines = s.lines();
    let c = p.cols();
    for j in 0..=c {
        if lines.v(i, j) {
            lattice[4 * j] = b'|';
        }
    }
    for (j, &clue) in p.clue_bytes()[i * c..(i + 1) * c].iter().enumerate() {
        lattice[4 * j + 2] = if clue == crate::puzzle::BLANK {
            b' '
        } else {
            b'0' + clue
        };
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
}
