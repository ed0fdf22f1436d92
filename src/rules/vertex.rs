//! R6-R8, the vertex rules: a vertex has no line or exactly two.

use super::{Contradiction, Ctx, Rule, Visit};
use crate::bits::{map4, unroll4, Count, Row};
use crate::board::Edge;
use crate::grid::ARMS;

/// Applies R6, R7 and R8 to the vertices of vertex row `i` (0..=rows);
/// fails at a vertex with three lines or a dead end.
#[inline(always)]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    // Checked once here, the row's reads and writes check less.
    assert!(i <= ctx.board.rows(), "vertex row {i}");
    if ctx.unrecorded() {
        apply_in(ctx.visit_gathering(i))
    } else {
        apply_in(ctx.visit_at_once(i))
    }
}

/// [`apply`] in visit `v`.
#[inline(always)]
fn apply_in<const W: usize, const G: bool>(
    mut v: Visit<'_, '_, W, G>,
) -> Result<(), Contradiction> {
    let arms = map4!(ARMS, |a| v.edge(a));
    let (lines, crosses) = Edge::tally(arms);
    let here = v.frame().vertices;
    check_counts(&lines, &crosses, here)?;
    let extend = lines.exactly(1) & crosses.exactly(2) & here; // R6
    let through = lines.exactly(2) & here; // R7
    let blocked = lines.exactly(0) & crosses.exactly(3) & here; // R8
    unroll4!(ARMS, |k, a| {
        let open = arms[k].unknown();
        v.line(Rule::R6, a, extend & open);
        v.cross(Rule::R7, a, through & open);
        v.cross(Rule::R8, a, blocked & open);
    });
    v.finish();
    Ok(())
}

/// The contradictions [`apply`] finds at the vertices of vertex row `i`,
/// alone: for a board with nothing left to decide.
#[inline(always)]
pub fn check<const W: usize>(ctx: &Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    let (lines, crosses) = Edge::tally(map4!(ARMS, |a| ctx.edge(i, a)));
    check_counts(&lines, &crosses, ctx.frame.vertices)
}

/// Fails at a vertex of `here` with three lines or more, or with one line
/// and no way on.
#[inline(always)]
fn check_counts<const W: usize>(
    lines: &Count<W>,
    crosses: &Count<W>,
    here: Row<W>,
) -> Result<(), Contradiction> {
    if (lines.gt(2) & here).any() {
        return Err(Contradiction::Branch);
    }
    if (lines.exactly(1) & crosses.exactly(3) & here).any() {
        return Err(Contradiction::DeadEnd);
    }
    Ok(())
}
