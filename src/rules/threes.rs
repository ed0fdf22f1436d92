//! R4 and R5: 3s next to each other, side by side or diagonally.
//!
//! R4 has one exception the judge's puzzles never meet: when the whole
//! solution is the rectangle around the two 3s, their shared side is not
//! a line. [`domino_loop_fits`](crate::board::domino_loop_fits) tells, once
//! per puzzle, whether that can happen; R4 is then left out.

use super::{Ctx, Near, Rule, Visit};
use crate::bits::{unroll2, unroll4};
use crate::grid::{Corner, Side};

/// Applies R4 and R5 to the cells of row `i`. They depend on clues only.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let threes = ctx.clues_near(3, i);
    let three = threes.at(0, 0);
    if three.is_empty() {
        return;
    }
    if ctx.unrecorded() {
        apply_in(ctx.visit_gathering(i), threes);
    } else {
        apply_in(ctx.visit_at_once(i), threes);
    }
}

/// [`apply`] in visit `v`, with the 3s around its row.
#[inline(always)]
fn apply_in<const W: usize, const G: bool>(mut v: Visit<'_, '_, W, G>, threes: Near<W>) {
    let three = threes.at(0, 0);
    // R4: a 3 with a 3 across side `s`: `s` and the side opposite are
    // lines (the neighbour marks its own far side when its turn comes).
    if !v.clues().domino_loop_fits {
        unroll4!(Side::ALL, |_n, s| {
            let (dr, dc) = s.neighbour();
            let pair = three & threes.at(dr, dc);
            v.line(Rule::R4, s.at(), pair);
            v.line(Rule::R4, s.opposite().at(), pair);
        });
    }
    // R5: a 3 with a 3 across corner `k`: the sides at the far corner
    // are lines.
    unroll4!(Corner::ALL, |_n, k| {
        let (dr, dc) = k.diagonal();
        let pair = three & threes.at(dr, dc);
        unroll2!(k.opposite().sides(), |side| {
            v.line(Rule::R5, side, pair);
        });
    });
    v.finish();
}
