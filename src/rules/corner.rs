//! R9-R11: cells with a closed corner (both exits crossed).

use super::{CornerExits, Ctx, Rule, Visit};
use crate::bits::{unroll2, unroll4};
use crate::grid::Corner;

/// Applies R9, R10 and R11 to the cells of row `i`.
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
        let closed = eh.cross & ev.cross;
        if closed.is_empty() {
            break 'corner;
        }
        let known = exits.sides_of(k);
        let sides = k.sides();
        unroll2!([0, 1], |s| {
            // R9: the loop must pass a 3 through its closed corner.
            v.line(Rule::R9, sides[s], three & closed & !known[s].line);
            // R11: a 1 cannot use either side at a closed corner.
            v.cross(Rule::R11, sides[s], one & closed & !known[s].cross);
        });
        r10(v, exits, k, two & closed);
    });
}

/// R10 alone on the cells of a visit that has read the row's corner exits:
/// of the corner and entry families, what the angle rules do not find
/// (with them on, the rest follows from them: see
/// `rules::propagate::LATER_TIERS_WITH_ANGLES`).
#[inline]
pub fn decide_r10<const W: usize>(v: &mut Visit<'_, '_, W>, exits: &CornerExits<W>) {
    let two = v.clue(2, 0, 0);
    if two.is_empty() {
        return;
    }
    unroll4!(Corner::ALL, |n, k| {
        let [eh, ev] = exits.exits[n];
        r10(v, exits, k, two & eh.cross & ev.cross);
    });
}

/// R10 at corner `k` of the 2s `two_closed` whose corner `k` is closed: at
/// an adjacent corner with one exit crossed, the other exit is a line.
#[inline(always)]
fn r10<const W: usize>(
    v: &mut Visit<'_, '_, W>,
    exits: &CornerExits<W>,
    k: Corner,
    two_closed: crate::bits::Row<W>,
) {
    if two_closed.is_empty() {
        return;
    }
    unroll2!(k.adjacent(), |adj| {
        let [ah, av] = adj.exits();
        let [h, e] = exits.exits[corner_index(adj)];
        v.line(Rule::R10, ah, two_closed & e.cross & !h.line);
        v.line(Rule::R10, av, two_closed & h.cross & !e.line);
    });
}

/// The position of `k` in `Corner::ALL`.
#[inline(always)]
pub(crate) fn corner_index(k: Corner) -> usize {
    (2 * k.dy + k.dx) as usize
}
