//! R6-R8, the vertex rules: a vertex has no line or exactly two.

use super::{Contradiction, Count, Ctx, Rule};
use crate::board::Edge;
use crate::geometry::ARMS;
use crate::{map4, unroll4};

/// Applies R6, R7 and R8 to the vertices of vertex row `i` (0..=rows);
/// fails at a vertex with three lines or a dead end.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    let arms = map4!(ARMS, |a| ctx.edge(i, a));
    let lines = Count::of(map4!(arms, |e| e.line));
    let crosses = Count::of(map4!(arms, |e| e.cross));
    let here = ctx.frame.vertices;
    if (lines.gt(2) & here).any() {
        return Err(Contradiction::Branch);
    }
    if (lines.eq(1) & crosses.eq(3) & here).any() {
        return Err(Contradiction::DeadEnd);
    }
    let extend = lines.eq(1) & crosses.eq(2) & here; // R6
    let through = lines.eq(2) & here; // R7
    let blocked = lines.eq(0) & crosses.eq(3) & here; // R8
    if ctx.unrecorded() {
        // The same decisions, each edge row's lines and crosses in one
        // write: the left and right arms share their row.
        let [left, right, up, down] = map4!(arms, |e| {
            let open = e.unknown();
            Edge {
                line: extend & open,
                cross: (through | blocked) & open,
            }
        });
        let [l, r, u, d] = ARMS;
        debug_assert!(l.plane == r.plane && l.dr == r.dr);
        ctx.set_edge(i, r, right.with_moved(left, l.dc - r.dc));
        ctx.set_edge(i, u, up);
        ctx.set_edge(i, d, down);
        return Ok(());
    }
    unroll4!(ARMS, |k, a| {
        let open = arms[k].unknown();
        ctx.line(Rule::R6, i, a, extend & open);
        ctx.cross(Rule::R7, i, a, through & open);
        ctx.cross(Rule::R8, i, a, blocked & open);
    });
    Ok(())
}
