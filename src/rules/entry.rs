//! R12, R14, R15: a line enters a cell's corner through one exit while
//! the other exit is crossed, so it must turn onto one of the cell's sides.

use super::corner::corner_index;
use super::{CornerExits, Ctx, Rule, Visit};
use crate::bits::Row;
use crate::bits::{unroll2, unroll4};
use crate::board::Edge;
use crate::grid::Corner;

/// Bits where a line comes in through one exit and the other is crossed.
#[inline]
fn entered<const W: usize>(h: Edge<W>, v: Edge<W>) -> Row<W> {
    (h.line & v.cross) | (v.line & h.cross)
}

/// Applies R12, R14 and R15 to the cells of row `i`.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let mut v = ctx.visit_at_once(i);
    let exits = CornerExits::read(&v);
    decide(&mut v, &exits);
    v.finish();
}

/// [`apply`], in a visit that has read the row's corner exits.
#[inline]
pub fn decide<const W: usize>(v: &mut Visit<'_, '_, W>, exits: &CornerExits<W>) {
    let (one, two, three) = (v.clue(1, 0, 0), v.clue(2, 0, 0), v.clue(3, 0, 0));
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
            v.line(Rule::R12, sides[s], three & enter & !known[s].line);
            // R15: the 1 takes its one line here, so none at the far corner.
            v.cross(Rule::R15, sides[s], one & enter & !known[s].cross);
        });
        // R14: the 2 takes one side here and must leave through the far
        // corner: if one far exit is crossed, the other is a line.
        let two_in = two & enter;
        if two_in.is_empty() {
            break 'corner;
        }
        let [fh, fv] = far.exits();
        let [h, e] = exits.exits[corner_index(far)];
        v.line(Rule::R14, fh, two_in & e.cross & !h.line);
        v.line(Rule::R14, fv, two_in & h.cross & !e.line);
    });
}
