//! A probe's inside in one piece, below a search's root: a value whose
//! board the rules and loop reasoning let stand is refuted where the cells
//! it knows inside are not all joined through cells not known outside
//! ([`Regions::inside_split`]). Of the reasoning beyond loops, which a
//! node's board runs where it stalls, this is what refutes a probe's value
//! most often: on the human-made set at `847d5d4`, the inside fill refuted
//! 288 values and the outside fill 8, and the fills' colours taught little.
//! It prunes a uniqueness proof: data set 60 of the human-made set, 434
//! nodes -> 182.
//!
//! Where it stops: a check, not a step of deduction (it colours nothing),
//! made once both values stand (where one fell, the other is adopted and
//! the round's end sees the node's board whole), not between the rules'
//! passes, and only on a value's board that knows cells outside the node's
//! board does not: a new line alone splits the inside seldom (the colour
//! rules colour beside it), and a check costs about 1.9 k instructions on
//! a 10x10 (the filter: data set 60 114.81 -> 109.94 M, `hard-30x30`,
//! whose searches made 48,818 checks for few refutations, 1,144.34 ->
//! 1,101.83 M, nodes as before). Not at the root: what probing alone
//! decides there (a puzzle's grade, `check` without search, what `gen`
//! keeps) stays as it was, and there the check refuted few values for its
//! cost (the root's probing runs to its fixpoint on a board the node's
//! own reasoning beyond loops has seen).

use crate::board::{Board, Frame};
use crate::rules::Contradiction;
use crate::solve::deduce::regions::Regions;

/// Refutes each of a probe's two `values` (as deduced, on `boards`, from
/// the node's board `node`) whose board has its inside split, below the
/// root (`depth` above 0) and where both stand; a board with no cell
/// outside that `node` lacks is not checked.
pub(super) fn refute_split<const W: usize>(
    regions: &mut Regions<W>,
    frame: &Frame<W>,
    depth: usize,
    values: [&mut Result<(), Contradiction>; 2],
    boards: [&Board<W>; 2],
    node: &Board<W>,
) {
    if depth == 0 || values.iter().any(|v| v.is_err()) {
        return;
    }
    for (value, board) in values.into_iter().zip(boards) {
        if board.more_outside_than(node) && regions.inside_split(frame, board) {
            *value = Err(Contradiction::Disconnected);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Row;

    /// A 1x3 board with cells 0 and 2 inside and, if `cut`, cell 1
    /// outside (the inside split), else nothing more.
    fn board(cut: bool) -> (Frame<1>, Board<1>) {
        let frame = Frame::<1>::new(1, 3);
        let mut b = Board::<1>::default();
        b.reset(1);
        b.add_color(0, true, Row::single(0) | Row::single(2));
        if cut {
            b.add_color(0, false, Row::single(1));
        }
        (frame, b)
    }

    /// Below the root, a split board's value is refuted and a whole one's
    /// stands; at the root, where a value fell, or where the split board
    /// knows no cell outside that the node's does not, nothing is checked.
    #[test]
    fn refutes_a_split_inside_below_the_root_only() {
        let mut regions = Regions::<1>::default();
        let ((frame, split), (_, whole)) = (board(true), board(false));
        let mut run = |node: &Board<1>, depth, mut v: [Result<(), Contradiction>; 2]| {
            let [a, b] = &mut v;
            let boards = [&split, &whole];
            refute_split(&mut regions, &frame, depth, [a, b], boards, node);
            v
        };
        let (ok, fell) = (Ok(()), Err(Contradiction::PrematureLoop));
        let refuted = Err(Contradiction::Disconnected);
        assert_eq!(run(&whole, 1, [ok, ok]), [refuted, ok]);
        assert_eq!(run(&whole, 0, [ok, ok]), [ok, ok]);
        assert_eq!(run(&whole, 3, [ok, fell]), [ok, fell]);
        assert_eq!(run(&split, 2, [ok, ok]), [ok, ok]);
    }
}
