//! R9-R11: cells with a closed corner (both exits crossed).

use super::{CornerExits, Ctx, Rule};
use crate::geometry::Corner;
use crate::{unroll2, unroll4};

/// Applies R9, R10 and R11 to the cells of row `i`.
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
        let closed = eh.cross & ev.cross;
        if closed.is_empty() {
            break 'corner;
        }
        let known = exits.sides_of(k);
        let sides = k.sides();
        unroll2!([0, 1], |s| {
            // R9: the loop must pass a 3 through its closed corner.
            ctx.line(Rule::R9, i, sides[s], three & closed & !known[s].line);
            // R11: a 1 cannot use either side at a closed corner.
            ctx.cross(Rule::R11, i, sides[s], one & closed & !known[s].cross);
        });
        // R10: a 2 with a closed corner: at an adjacent corner with one exit
        // crossed, the other exit is a line.
        let two_closed = two & closed;
        if two_closed.is_empty() {
            break 'corner;
        }
        unroll2!(k.adjacent(), |adj| {
            let [ah, av] = adj.exits();
            let [h, v] = exits.exits[corner_index(adj)];
            ctx.line(Rule::R10, i, ah, two_closed & v.cross & !h.line);
            ctx.line(Rule::R10, i, av, two_closed & h.cross & !v.line);
        });
    });
}

/// The position of `k` in `Corner::ALL`.
#[inline(always)]
pub(crate) fn corner_index(k: Corner) -> usize {
    (2 * k.dy + k.dx) as usize
}
