//! R4 and R5: 3s next to each other, side by side or diagonally.
//!
//! R4 has one exception the judge's puzzles never meet: when the whole
//! solution is the rectangle around the two 3s, their shared side is not
//! a line. [`domino_loop_fits`] tells, once per puzzle, whether that can
//! happen; R4 is then left out.

use super::{Ctx, Near, Rule, Visit};
use crate::bits::{unroll2, unroll4};
use crate::grid::{Corner, Side};
use crate::puzzle::{Clue, Puzzle};

/// Whether the rectangle around two side-by-side 3s satisfies every clue
/// of `p` (so that it may be the solution and R4 would be unsound).
pub fn domino_loop_fits(p: &Puzzle) -> bool {
    // The rectangle leaves at most 8 cells with lines: its two 3s and the
    // (at most six) cells beside it. More non-zero clues rule it out.
    if p.has_more_numbered_than(8) {
        return false;
    }
    let (r, c) = (p.rows(), p.cols());
    let three = |i: usize, j: usize| p.clue(i, j) == Clue::Number(3);
    // The rectangle covering cells (i0..=i1, j0..=j1): the clue each cell
    // sees is the number of the rectangle's boundary edges on its sides.
    let fits = |i0: usize, j0: usize, i1: usize, j1: usize| {
        let inside = |i: isize, j: isize| {
            (i0 as isize..=i1 as isize).contains(&i) && (j0 as isize..=j1 as isize).contains(&j)
        };
        (0..r).all(|i| {
            (0..c).all(|j| match p.clue(i, j) {
                Clue::Blank => true,
                Clue::Number(n) => {
                    let (i, j) = (i as isize, j as isize);
                    let here = inside(i, j);
                    let seen = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                        .iter()
                        .filter(|(di, dj)| inside(i + di, j + dj) != here)
                        .count();
                    seen == n as usize
                }
            })
        })
    };
    (0..r).any(|i| {
        (0..c).any(|j| {
            three(i, j)
                && ((j + 1 < c && three(i, j + 1) && fits(i, j, i, j + 1))
                    || (i + 1 < r && three(i + 1, j) && fits(i, j, i + 1, j)))
        })
    })
}

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
