//! R4 and R5: 3s next to each other, side by side or diagonally.

use super::{Ctx, Rule};
use crate::geometry::{Corner, Side};

/// Applies R4 and R5 to the cells of row `i`. They depend on clues only.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let three = ctx.clue(3, i, 0, 0);
    if three.is_empty() {
        return;
    }
    // R4: a 3 with a 3 across side `s`: `s` and the side opposite are lines
    // (the neighbour marks its own far side when its turn comes).
    for s in Side::ALL {
        let (dr, dc) = s.neighbour();
        let pair = three & ctx.clue(3, i, dr, dc);
        ctx.line(Rule::R4, i, s.at(), pair);
        ctx.line(Rule::R4, i, s.opposite().at(), pair);
    }
    // R5: a 3 with a 3 across corner `k`: the sides at the far corner are lines.
    for k in Corner::ALL {
        let (dr, dc) = k.diagonal();
        let pair = three & ctx.clue(3, i, dr, dc);
        for side in k.opposite().sides() {
            ctx.line(Rule::R5, i, side, pair);
        }
    }
}
