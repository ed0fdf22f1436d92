//! Brute force: every loop of a small board, and a drawing writer of the
//! tests' own.

use super::verify::vertex_glyph;
use super::{check_loop, Edges, Grid};
use std::collections::HashSet;

/// Writes a judge drawing of `e` with the clues of `g`, as SLINK.md
/// describes it. Vertices with 1, 3 or 4 lines (not in any solution) are
/// drawn `+`. Used to build drawings, right and wrong, for the tests.
pub fn draw(g: &Grid, e: &Edges) -> String {
    let width = 4 * g.cols + 5;
    let mut lines = vec!["#".repeat(width), format!("#{}#", " ".repeat(width - 2))];
    for i in 0..=g.rows {
        let mut row = String::from("# ");
        for j in 0..=g.cols {
            row.push(vertex_glyph(e, i, j).unwrap_or(b'+') as char);
            if j < g.cols {
                row.push_str(if e.h(i, j) { "---" } else { "   " });
            }
        }
        row.push_str(" #");
        lines.push(row);
        if i < g.rows {
            let mut row = String::from("# ");
            for j in 0..=g.cols {
                row.push(if e.v(i, j) { '|' } else { ' ' });
                if j < g.cols {
                    row.push(' ');
                    row.push(g.clue(i, j).map_or(' ', |n| (b'0' + n) as char));
                    row.push(' ');
                }
            }
            row.push_str(" #");
            lines.push(row);
        }
    }
    lines.push(format!("#{}#", " ".repeat(width - 2)));
    lines.push("#".repeat(width));
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

/// Every single loop of an `rows x cols` board, by exhaustive search:
/// vertices are visited row-major, and at each one its right and down
/// edges are chosen in all ways that leave it with 0 or 2 lines (its left
/// and up edges are already chosen), which enumerates exactly the edge
/// subsets where every vertex has 0 or 2 lines; those that are one
/// connected cycle are kept. Fine up to about 4x4.
pub fn all_loops(rows: usize, cols: usize) -> Vec<Edges> {
    fn go(e: &mut Edges, at: usize, out: &mut Vec<Edges>, blank: &Grid) {
        let (rows, cols) = (e.rows, e.cols);
        if at == (rows + 1) * (cols + 1) {
            if e.count() > 0 && check_loop(e, blank).is_ok() {
                out.push(e.clone());
            }
            return;
        }
        let (i, j) = (at / (cols + 1), at % (cols + 1));
        let (l, _, u, _) = e.at(i, j);
        let have = usize::from(l) + usize::from(u);
        for right in [false, true] {
            if right && j == cols {
                continue;
            }
            for down in [false, true] {
                if down && i == rows {
                    continue;
                }
                let d = have + usize::from(right) + usize::from(down);
                if d != 0 && d != 2 {
                    continue;
                }
                if j < cols {
                    e.set_h(i, j, right);
                }
                if i < rows {
                    e.set_v(i, j, down);
                }
                go(e, at + 1, out, blank);
            }
        }
        if j < cols {
            e.set_h(i, j, false);
        }
        if i < rows {
            e.set_v(i, j, false);
        }
    }
    let mut out = Vec::new();
    go(
        &mut Edges::empty(rows, cols),
        0,
        &mut out,
        &Grid::blank(rows, cols),
    );
    let distinct: HashSet<&Edges> = out.iter().collect();
    assert_eq!(distinct.len(), out.len(), "the enumeration repeats a loop");
    out
}

/// The loops of `loops` (all of `g`'s shape) that satisfy `g`'s clues.
pub fn matching_loops<'a>(loops: &'a [Edges], g: &Grid) -> Vec<&'a Edges> {
    loops
        .iter()
        .filter(|e| {
            (0..g.rows).all(|i| {
                (0..g.cols).all(|j| {
                    let clue = g.clue(i, j);
                    clue.is_none() || clue == Some(e.lines_around(i, j))
                })
            })
        })
        .collect()
}
