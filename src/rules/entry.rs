//! R12, R14, R15: a line enters a cell's corner through one exit while
//! the other exit is crossed, so it must turn onto one of the cell's sides.

use super::corner::corner_index;
use super::{CornerExits, Ctx, Rule};
use crate::bits::Row;
use crate::board::Edge;
use crate::geometry::Corner;
use crate::{unroll2, unroll4};

/// Bits where a line comes in through one exit and the other is crossed.
#[inline]
fn entered<const W: usize>(h: Edge<W>, v: Edge<W>) -> Row<W> {
    (h.line & v.cross) | (v.line & h.cross)
}

/// Applies R12, R14 and R15 to the cells of row `i`.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let exits = CornerExits::read(ctx, i);
    apply_with(ctx, i, &exits);
}

/// [`apply`], with the row's corner exits already read.
#[inline]
pub fn apply_with<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize, exits: &CornerExits<W>) {
    let (one, two, three) = (
        ctx.clue(1, i, 0, 0),
        ctx.clue(2, i, 0, 0),
        ctx.clue(3, i, 0, 0),
    );
    unroll4!(Corner::ALL, |n, k| 'corner: {
        let [eh, ev] = exits.exits[n];
        let enter = entered(eh, ev);
        if enter.is_empty() {
            break 'corner;
        }
        let far = k.opposite();
        let known = exits.sides_of(far);
        let sides = far.sides();
        unroll2!([0, 1], |s| {
            // R12: the 3 takes one side here, so both far sides.
            ctx.line(Rule::R12, i, sides[s], three & enter & !known[s].line);
            // R15: the 1 takes its one line here, so none at the far corner.
            ctx.cross(Rule::R15, i, sides[s], one & enter & !known[s].cross);
        });
        // R14: the 2 takes one side here and must leave through the far
        // corner: if one far exit is crossed, the other is a line.
        let two_in = two & enter;
        if two_in.is_empty() {
            break 'corner;
        }
        let [fh, fv] = far.exits();
        let [h, v] = exits.exits[corner_index(far)];
        ctx.line(Rule::R14, i, fh, two_in & v.cross & !h.line);
        ctx.line(Rule::R14, i, fv, two_in & h.cross & !v.line);
    });
}
