//! R1-R3: a cell's clue against the count of its lines and crosses.

use super::{Contradiction, Count, Ctx, Rule};
use crate::bits::Row;
use crate::geometry::Side;
use crate::{map4, unroll4};

/// Applies R1, R2 and R3 to the cells of row `i`; fails if a cell has
/// more lines than its clue or too many crosses to reach it.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    let sides = map4!(Side::ALL, |s| ctx.edge(i, s.at()));
    let lines = Count::of(map4!(sides, |e| e.line));
    let crosses = Count::of(map4!(sides, |e| e.cross));
    let (mut full, mut open) = (Row::EMPTY, Row::EMPTY);
    for n in 0..4 {
        let clue = ctx.clue(n, i, 0, 0);
        if lines.gt(n) & clue != Row::EMPTY {
            return Err(Contradiction::CellOver);
        }
        if crosses.gt(4 - n) & clue != Row::EMPTY {
            return Err(Contradiction::CellUnder);
        }
        // R3: as many lines as the clue; R2: as many open sides as the clue.
        full |= clue & lines.eq(n);
        open |= clue & crosses.eq(4 - n);
    }
    let zero = ctx.clue(0, i, 0, 0);
    unroll4!(Side::ALL, |k, s| {
        let unknown = sides[k].unknown();
        // R1 is R3 for a 0 with no lines yet: named on its own, as the judge does.
        ctx.cross(Rule::R1, i, s.at(), zero & unknown);
        ctx.cross(Rule::R3, i, s.at(), full & unknown);
        ctx.line(Rule::R2, i, s.at(), open & unknown);
    });
    Ok(())
}
