//! A loop round one cell: a cell with three lines round it would close a
//! loop of its own with its fourth side, and that loop is the whole
//! solution only where no clue is a 2 or a 3 (its neighbours would see one
//! line each and the rest of the grid none; a 4 never reaches deduction:
//! [`crate::solve::four`]). So where the puzzle has a 2 or a 3
//! ([`closing_lanes`]), the fourth side is a cross. Not one of the
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

/// The columns of the puzzles of `clues` with a clue 2 or 3, where a loop
/// round one cell cannot be the solution: `len` puzzles side by side,
/// `stride` columns apart (at most 64 if more than one), as a
/// [`Pack`](crate::solve::pack::Pack) lays them out.
pub fn closing_lanes<const W: usize>(clues: &Clues<W>, len: usize, stride: usize) -> Row<W> {
    let twos = clues.twos_and_threes();
    if len == 1 {
        // Every column, if any.
        return if twos.any() { !Row::EMPTY } else { Row::EMPTY };
    }
    assert!(stride <= 64, "lanes of {stride} columns");
    let own = u64::MAX >> (64 - stride);
    let mut lanes = Row::EMPTY;
    for k in (0..len).filter(|k| twos.word_at(k * stride) & own != 0) {
        lanes.or_at(k * stride, own);
    }
    lanes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Frame};
    use crate::grid::Plane;
    use crate::puzzle::{Clue, Puzzle};

    /// Side by side, only the lanes of puzzles with a 2 or a 3 close loops
    /// round one cell: the others' loop may be one.
    #[test]
    fn only_the_lanes_of_puzzles_with_a_two_or_a_three_close_loops() {
        let puzzle = |clue: u8| {
            let clues = [
                Clue::Number(clue),
                Clue::Blank,
                Clue::Number(1),
                Clue::Blank,
            ];
            Puzzle::new(2, 2, &clues).unwrap()
        };
        let (without, with) = (puzzle(0), puzzle(3));
        let mut clues = Clues::<1>::default();
        clues.load_packed(&[&without, &with, &without, &with]);
        // Lanes of three columns: two cells and the gap after them.
        let lanes = closing_lanes(&clues, 4, 3);
        assert_eq!(lanes.0[0], 0b111 << 3 | 0b111 << 9);
        clues.load(&without);
        assert!(closing_lanes(&clues, 1, 3).is_empty());
    }

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
            ctx.closing = closing_lanes(&clues, 1, 4);
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
