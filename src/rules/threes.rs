//! R4 and R5: 3s next to each other, side by side or diagonally.
//!
//! R4 has one exception the judge's puzzles never meet: when the whole
//! solution is the rectangle around the two 3s, their shared side is not
//! a line. [`domino_loop_fits`](crate::board::domino_loop_fits) tells, once
//! per puzzle, whether that can happen; R4 is then left out.

use super::{Ctx, Near, Rule, Visit};
use crate::bits::{unroll2, unroll4, Row};
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
        apply_gathered(ctx.visit_gathering(i), |dr, dc| threes.at(dr, dc));
    } else {
        apply_in(ctx.visit_at_once(i), threes);
    }
}

/// [`apply`] on every row of cells, each row's 3s read and moved a column
/// each way once (where no rule is recorded).
// Cold: once per board, inlined it would weigh on every propagation.
#[cold]
pub fn apply_all<const W: usize>(ctx: &mut Ctx<'_, W>) {
    let rows = ctx.frame.rows;
    if !ctx.unrecorded() {
        (0..rows).for_each(|i| apply(ctx, i));
        return;
    }
    // A row's 3s as they lie, from the cell to the west and from the cell
    // to the east (as `Near::at` moves them, by `dc` of 0, -1 and 1).
    let (cells, clues) = (ctx.frame.cells, ctx.clues);
    let moved = |i: usize| {
        let t = clues.cells_with(3, i);
        [t, t.shift(1, false) & cells, t.shift(-1, false) & cells]
    };
    let mut near = [[Row::EMPTY; 3], moved(0), [Row::EMPTY; 3]];
    for i in 0..rows {
        near[2] = if i + 1 < rows {
            moved(i + 1)
        } else {
            [Row::EMPTY; 3]
        };
        if near[1][0].any() {
            let at = |dr: i32, dc: i32| {
                let moved = match dc {
                    0 => 0,
                    -1 => 1,
                    _ => 2,
                };
                near[(dr + 1) as usize][moved]
            };
            apply_gathered(ctx.visit_gathering(i), at);
        }
        near = [near[1], near[2], [Row::EMPTY; 3]];
    }
}

/// [`apply`] in a visit that gathers its decisions (no rule is recorded),
/// given the 3s around the row: `at(dr, dc)`, those of row `i + dr`
/// aligned to column `j + dc`, as [`Near::at`] gives them. The sides each
/// rule makes lines are worked out together, a row of cells per side.
/// Decides what [`apply_in`] decides.
#[inline(always)]
fn apply_gathered<const W: usize>(mut v: Visit<'_, '_, W, true>, at: impl Fn(i32, i32) -> Row<W>) {
    // R5: with a 3 across a corner, the sides at the far corner (top and
    // bottom, then left and right).
    let (nw, ne, sw, se) = (at(-1, -1), at(-1, 1), at(1, -1), at(1, 1));
    let mut lines = [sw | se, nw | ne, ne | se, nw | sw];
    // R4: with a 3 across a side, that side and the side opposite.
    if !v.clues().domino_loop_fits {
        let [across_h, across_v] = [at(-1, 0) | at(1, 0), at(0, -1) | at(0, 1)];
        lines = [
            lines[0] | across_h,
            lines[1] | across_h,
            lines[2] | across_v,
            lines[3] | across_v,
        ];
    }
    let three = at(0, 0);
    // (A gathering visit records no rule: R4 names both.)
    unroll4!(Side::ALL, |k, s| v.line(Rule::R4, s.at(), three & lines[k]));
    v.finish();
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
