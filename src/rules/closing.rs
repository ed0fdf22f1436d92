//! A loop round one cell: a cell with three lines round it would close a
//! loop of its own with its fourth side, and that loop is the whole
//! solution only where no clue is a 2 or a 3 (its neighbours would see one
//! line each and the rest of the grid none; a 4 never reaches deduction:
//! [`crate::solve::four`]). So where the puzzle has a 2 or a 3
//! ([`closing_cells`]), the fourth side is a cross. Not one of the
//! judge's rules.
//!
//! Single-loop reasoning finds the same a step later on a board of its
//! own, for less than this costs on every row visit (measured: on a
//! search node's board, or a probe's, this rule made no puzzle set
//! cheaper). A pack of puzzles side by side has no loop reasoning: there
//! ([`Ctx::closing`]) it runs after the colour rules on each row they
//! visit, and each puzzle leaves the pack with more decided.
//!
//! Where it stops: a loop round two cells or more is loop reasoning's.

use super::{Ctx, Reason};
use crate::bits::{map4, Count, Row};
use crate::board::Clues;
use crate::grid::Side;

/// Crosses the fourth side of each cell of row `i` of [`Ctx::closing`]
/// with three lines round it.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let cells = ctx.frame.cells & ctx.closing;
    let sides = map4!(Side::ALL, |s| ctx.edge(i, s.at()));
    let three = Count::of(sides.map(|e| e.line)).gt(2) & cells;
    if three.is_empty() {
        return;
    }
    for (s, e) in Side::ALL.into_iter().zip(sides) {
        ctx.decide(Reason::Loop, i, s.at(), three & !(e.line | e.cross), false);
    }
}

/// Where a puzzle alone on its board (`clues`) closes loops round one cell:
/// everywhere if it has a 2 or a 3, else nowhere. (A pack of puzzles
/// closes them in the lanes of those that have.)
pub fn closing_cells<const W: usize>(clues: &Clues<W>) -> Row<W> {
    if clues.twos_and_threes().any() {
        !Row::EMPTY
    } else {
        Row::EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Frame};
    use crate::grid::Plane;
    use crate::puzzle::{Clue, Puzzle};

    /// The middle cell of a 3x3, blank, with lines on its top, left and
    /// right: with a clue 2 in a corner its bottom is crossed; not where
    /// the corner is a 1 (a loop round the middle cell alone would meet
    /// every clue), nor with two lines only.
    #[test]
    fn a_cell_with_three_lines_has_its_fourth_side_crossed() {
        for (corner, lines, crossed) in [(2, 3, true), (1, 3, false), (2, 2, false)] {
            let mut cells = vec![Clue::Blank; 9];
            cells[0] = Clue::Number(corner);
            let p = Puzzle::new(3, 3, &cells).unwrap();
            let frame = Frame::<1>::new(3, 3);
            let mut clues = Clues::<1>::default();
            clues.load(&p);
            let mut board = Board::<1>::default();
            board.reset(3);
            board.add_lines(Plane::H, 1, Row::single(1));
            let sides = if lines == 3 { [1, 2] } else { [1, 1] };
            board.add_lines(Plane::V, 1, Row::single(sides[0]) | Row::single(sides[1]));
            let mut ctx = Ctx::new(&frame, &clues, &mut board);
            ctx.closing = closing_cells(&clues);
            apply(&mut ctx, 1);
            assert_eq!(ctx.changed, crossed, "corner {corner}, {lines} lines");
            assert_eq!(board.crosses(Plane::H, 2).has(1), crossed);
            // No other cross.
            let count =
                |p: Plane| -> u32 { (0..p.rows(3)).map(|r| board.crosses(p, r).count()).sum() };
            assert_eq!(count(Plane::H) + count(Plane::V), u32::from(crossed));
        }
    }
}
