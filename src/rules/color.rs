//! Inside and outside: the loop splits the cells into two regions, so a
//! side is a line exactly where the cells on its two sides differ. Not one
//! of the judge's rules; used by the complete solver.
//!
//! Cells off the grid are outside. For the cells of a row:
//! - a side whose line state and far cell are known colours the cell;
//! - a cell and its neighbour both coloured decide the side between them;
//! - a clue bounds how many neighbours may differ (`n`) or match (`4 - n`):
//!   too many of one colour around a cell forces the cell's colour.

use super::{Count, Ctx};
use crate::bits::Row;
use crate::geometry::Side;

/// Applies the colour rules to the cells of row `i`.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let cells = ctx.frame.cells;
    let (mut inside, mut outside) = ctx.edges.color(ctx.frame, i, 0, 0);
    let mut nb_in = [Row::EMPTY; 4];
    let mut nb_out = [Row::EMPTY; 4];
    for (k, s) in Side::ALL.into_iter().enumerate() {
        let (dr, dc) = s.neighbour();
        let (ni, no) = ctx.edges.color(ctx.frame, i, dr, dc);
        let e = ctx.edge(i, s.at());
        inside |= (e.line & no) | (e.cross & ni);
        outside |= (e.line & ni) | (e.cross & no);
        nb_in[k] = ni;
        nb_out[k] = no;
    }
    let (cin, cout) = (Count::of(nb_in), Count::of(nb_out));
    for n in 0..4 {
        let clue = ctx.clue(n, i, 0, 0);
        if clue.is_empty() {
            continue;
        }
        // Inside, the cell would see every outside neighbour as a line.
        outside |= clue & (cout.gt(n) | cin.gt(4 - n));
        inside |= clue & (cin.gt(n) | cout.gt(4 - n));
    }
    // Along the row: colours spread across decided sides in one go.
    let (left, right) = (ctx.edge(i, Side::Left.at()), ctx.edge(i, Side::Right.at()));
    loop {
        let out = outside | !cells;
        let (li, lo) = (inside.shift(1, false), out.shift(1, true));
        let (ri, ro) = (inside.shift(-1, false), out.shift(-1, true));
        let more_in = (left.line & lo) | (left.cross & li) | (right.line & ro) | (right.cross & ri);
        let more_out =
            (left.line & li) | (left.cross & lo) | (right.line & ri) | (right.cross & ro);
        let (more_in, more_out) = (more_in & cells & !inside, more_out & cells & !outside);
        if (more_in | more_out).is_empty() {
            break;
        }
        inside |= more_in;
        outside |= more_out;
    }
    ctx.color(i, true, inside & cells);
    ctx.color(i, false, outside & cells);
    let (inside, outside) = (ctx.edges.inside(i), ctx.edges.outside(i));
    for (k, s) in Side::ALL.into_iter().enumerate() {
        if matches!(s, Side::Left | Side::Right) {
            (nb_in[k], nb_out[k]) = ctx.edges.color(ctx.frame, i, 0, s.neighbour().1);
        }
        let differ = (inside & nb_out[k]) | (outside & nb_in[k]);
        let same = (inside & nb_in[k]) | (outside & nb_out[k]);
        let e = ctx.edge(i, s.at());
        ctx.line_quiet(i, s.at(), differ & e.unknown());
        ctx.cross_quiet(i, s.at(), same & e.unknown());
    }
}
