//! R1-R3: a cell's clue against the count of its lines and crosses.

use super::{Contradiction, Ctx, Rule, Visit};
use crate::bits::{map4, unroll4, Count, Row};
use crate::board::{ClueBits, Edge};
use crate::grid::Side;

/// Applies R1, R2 and R3 to the cells of row `i`; fails if a cell has
/// more lines than its clue or too many crosses to reach it.
#[inline(always)]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    // Checked once here: the board's reads and writes of the row check
    // nothing more (the clue row is read checked).
    assert!(i < ctx.board.rows(), "cell row {i}");
    if ctx.unrecorded() {
        apply_in(ctx.visit_gathering(i), i)
    } else {
        apply_in(ctx.visit_at_once(i), i)
    }
}

/// [`apply`] in visit `v` to row `i`.
#[inline(always)]
fn apply_in<const W: usize, const G: bool>(
    mut v: Visit<'_, '_, W, G>,
    i: usize,
) -> Result<(), Contradiction> {
    let sides = map4!(Side::ALL, |s| v.edge(s.at()));
    let (lines, crosses) = Edge::tally(sides);
    let c = v.clues().sliced(i);
    let (clue, rest) = check_counts(&lines, &crosses, c)?;
    // R3: as many lines as the clue; R2: as many open sides as the clue.
    let full = lines.equals(clue) & c.any;
    let open = crosses.equals(rest) & c.any;
    // The 0s: the cells whose four sides may all be crosses.
    let zero = rest[2];
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

/// The contradictions [`apply`] finds on the cells of row `i`, alone: for
/// a board with nothing left to decide.
#[inline(always)]
pub fn check<const W: usize>(ctx: &Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    let sides = map4!(Side::ALL, |s| ctx.edge(i, s.at()));
    let (lines, crosses) = Edge::tally(sides);
    check_counts(&lines, &crosses, ctx.clues.sliced(i)).map(drop)
}

/// Fails if a clued cell has more lines than its clue or more crosses than
/// `4 - clue`; else returns both numbers in binary (ones, twos, fours).
#[inline(always)]
fn check_counts<const W: usize>(
    lines: &Count<W>,
    crosses: &Count<W>,
    c: ClueBits<W>,
) -> Result<([Row<W>; 3], [Row<W>; 3]), Contradiction> {
    let clue = [c.low, c.high, Row::EMPTY];
    // Sides not lines that a clue allows, 4 - clue: 4, 3, 2, 1 for 0..=3.
    let rest = [c.low, c.high ^ c.low, c.any & !(c.low | c.high)];
    if (lines.above(clue) & c.any).any() {
        return Err(Contradiction::CellOver);
    }
    if (crosses.above(rest) & c.any).any() {
        return Err(Contradiction::CellUnder);
    }
    Ok((clue, rest))
}
