//! R1-R3: a cell's clue against the count of its lines and crosses.

use super::{Contradiction, Count, Ctx, Rule};
use crate::bits::Row;
use crate::geometry::Side;
use crate::{map4, unroll4};

/// Applies R1, R2 and R3 to the cells of row `i`; fails if a cell has
/// more lines than its clue or too many crosses to reach it.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    // Checked once here, the row's reads and writes check nothing more.
    assert!(i < ctx.edges.rows(), "cell row {i}");
    let mut v = ctx.visit(i);
    let sides = map4!(Side::ALL, |s| v.edge(s.at()));
    let lines = Count::of(map4!(sides, |e| e.line));
    let crosses = Count::of(map4!(sides, |e| e.cross));
    let c = v.clues().sliced(i);
    let clue = [c.low, c.high, Row::EMPTY];
    // Sides not lines that a clue allows, 4 - clue: 4, 3, 2, 1 for 0..=3.
    let rest = [c.low, c.high ^ c.low, c.any & !(c.low | c.high)];
    if (lines.above(clue) & c.any).any() {
        return Err(Contradiction::CellOver);
    }
    if (crosses.above(rest) & c.any).any() {
        return Err(Contradiction::CellUnder);
    }
    // R3: as many lines as the clue; R2: as many open sides as the clue.
    let full = lines.equals(clue) & c.any;
    let open = crosses.equals(rest) & c.any;
    let zero = c.any & !(c.low | c.high);
    unroll4!(Side::ALL, |k, s| {
        let unknown = sides[k].unknown();
        // R1 is R3 for a 0 with no lines yet: named on its own, as the judge does.
        v.cross(Rule::R1, s.at(), zero & unknown);
        v.cross(Rule::R3, s.at(), full & unknown);
        v.line(Rule::R2, s.at(), open & unknown);
    });
    v.finish();
    Ok(())
}
