//! R13: a 3 and a 1 diagonally adjacent.

use super::{Ctx, Rule};
use crate::bits::{unroll2, unroll4};
use crate::grid::Corner;

/// Applies R13 to the 1s of row `i`, in both directions: for a 1 with a 3
/// across its corner `k`, the 3's far corner is its own corner `k` (same
/// orientation) and the 1's far corner is the 1's corner `k.opposite()`...
/// seen from the 1: the 3's far exits crossed make the 1's far sides
/// crossed, and the 1's far sides crossed make the 3's far exits crossed.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let one = ctx.clue(1, i, 0, 0);
    if one.is_empty() {
        return;
    }
    let threes = ctx.clues_near(3, i);
    unroll4!(Corner::ALL, |_n, k| 'corner: {
        let (dr, dc) = k.diagonal();
        let pair = one & threes.at(dr, dc);
        if pair.is_empty() {
            break 'corner;
        }
        // The 3 sits across corner k; its corner farthest from the 1 has the
        // same orientation as k. The 1's farthest corner is k's opposite.
        let three_exits = k.exits().map(|a| a.from(dr, dc));
        let one_sides = k.opposite().sides();
        let [th, tv] = three_exits.map(|a| ctx.edge(i, a));
        let [sh, sv] = one_sides.map(|a| ctx.edge(i, a));
        let exits_closed = pair & th.cross & tv.cross;
        let sides_crossed = pair & sh.cross & sv.cross;
        unroll2!(one_sides, |side| {
            ctx.cross(Rule::R13, i, side, exits_closed & !sides_crossed);
        });
        unroll2!(three_exits, |exit| {
            ctx.cross(Rule::R13, i, exit, sides_crossed & !exits_closed);
        });
    });
}
