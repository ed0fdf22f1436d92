//! The complete solver's deductions beyond the judge's rules, on small
//! boards before and after: the angles (`rules::angle`), equal and
//! opposite edges (`parity`), what the loop can reach (`connect`) and the
//! inside and outside in one piece each (`regions`), in all eight
//! symmetries (and, for the row-local angles and the regions, across word
//! boundaries). Their soundness is checked with every other family's
//! against brute force (`rules_are_sound_on_random_boards`).

use super::brute_force::{Space, SIZES};
use crate::rules::testing::*;
use crate::rules::Contradiction;
use crate::util::rng::Rng;

/// The chain 3-2-2-3 on a diagonal: each 3 has at least one line at every
/// corner, so at the vertex it shares with the 2 the 2's corner has at most
/// one; a 2 with at most one at a corner has at least one at the opposite
/// corner; and so on to the far 3, which, with at most one line at its
/// near corner, takes both sides of its far corner. Both ways.
#[test]
fn a_diagonal_chain_of_twos_between_threes() {
    check(
        Family::Angle,
        &[],
        "
        + . + . + . + . + . + . +
        .   .   .   .   .   .   .
        + . + . + . + . + . + . +
        .   . 3 .   .   .   .   .
        + . + . + . + . + . + . +
        .   .   . 2 .   .   .   .
        + . + . + . + . + . + . +
        .   .   .   . 2 .   .   .
        + . + . + . + . + . + . +
        .   .   .   .   . 3 .   .
        + . + . + . + . + . + . +
        .   .   .   .   .   .   .
        + . + . + . + . + . + . +",
        "
        + . + . + . + . + . + . +
        .   x   .   .   .   .   .
        + x + - + . + . + . + . +
        .   | 3 .   .   .   .   .
        + . + . + . + . + . + . +
        .   .   . 2 .   .   .   .
        + . + . + . + . + . + . +
        .   .   .   . 2 .   .   .
        + . + . + . + . + . + . +
        .   .   .   .   . 3 |   .
        + . + . + . + . + - + x +
        .   .   .   .   .   x   .
        + . + . + . + . + . + . +",
    );
}

/// A blank cell breaks the chain: nothing is known at its corners.
#[test]
fn a_blank_in_the_chain_stops_it() {
    check_none(
        Family::Angle,
        "
        + . + . + . + . + . + . +
        .   .   .   .   .   .   .
        + . + . + . + . + . + . +
        .   . 3 .   .   .   .   .
        + . + . + . + . + . + . +
        .   .   .   .   .   .   .
        + . + . + . + . + . + . +
        .   .   .   . 2 .   .   .
        + . + . + . + . + . + . +
        .   .   .   .   . 3 .   .
        + . + . + . + . + . + . +
        .   .   .   .   .   .   .
        + . + . + . + . + . + . +",
    );
}

/// A path enters a 1's corner, the other way on there crossed: exactly one
/// line at that corner of the 1, so the sides of its far corner are crosses.
#[test]
fn a_path_into_a_ones_corner_crosses_its_far_sides() {
    check(
        Family::Angle,
        &[],
        "
        + . + . + . +
        .   x   .   .
        + - + . + . +
        .   . 1 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   x   .   .
        + - + . + . +
        .   . 1 x   .
        + . + x + . +
        .   .   .   .
        + . + . + . +",
    );
}

/// A 2 with at least one line at a corner (a 3's at the vertex they share
/// has one at most there) and a line on one side of the opposite corner:
/// the other side there is a cross. With a cross instead, a line: here a
/// 1 in the grid corner has both sides there crossed, so exactly one line
/// at its far corner, and so at the 2's near corner.
#[test]
fn a_two_between_a_three_and_a_known_side() {
    check(
        Family::Angle,
        &[],
        "
        + . + . + . +
        . 3 .   .   .
        + . + . + . +
        .   . 2 .   .
        + . + - + . +
        .   .   .   .
        + . + . + . +",
        "
        + - + . + . +
        | 3 .   .   .
        + . + . + . +
        .   . 2 x   .
        + . + - + . +
        .   .   .   .
        + . + . + . +",
    );
    check(
        Family::Angle,
        &[],
        "
        + . + . + . +
        . 1 .   .   .
        + . + . + . +
        .   . 2 .   .
        + . + x + . +
        .   .   .   .
        + . + . + . +",
        "
        + x + . + . +
        x 1 .   .   .
        + . + . + . +
        .   . 2 |   .
        + . + x + . +
        .   .   .   .
        + . + . + . +",
    );
}

/// A 1 that a path enters at two opposite corners would have two lines.
#[test]
fn a_one_entered_at_opposite_corners_is_a_contradiction() {
    check_contradiction(
        Family::Angle,
        Contradiction::AngleBroken,
        "
        + . + . + . + . +
        .   x   .   .   .
        + - + . + . + . +
        .   . 1 .   .   .
        + . + . + - + . +
        .   .   x   .   .
        + . + . + . + . +",
    );
}

// ------------------------------------------------- parity (equal, opposite)

/// What the rules, the colours and the angles leave, and the parity
/// family decides (found by a search of random boards): the 3's left side
/// and the 2 above it are tied through vertices and cells with two
/// undecided edges each, which the angles (one corner at a time) miss.
#[test]
fn parity_decides_what_the_rules_and_angles_leave() {
    let before = "
        + . + . + . +
        .   . 2 .   .
        + . + . + . +
        .   .   .   |
        + . + . + . +
        .   . 3 . 2 .
        + . + - + . +";
    let b = Drawing::parse(before);
    let rules = run::<1>(&b, Family::PropagateColors, Mode::Fixpoint).expect("no contradiction");
    assert_eq!(rules.board, b, "the rules, colours and angles add nothing");
    check(
        Family::Parity,
        &[],
        before,
        "
        + . + . + . +
        .   . 2 .   .
        + . + . + . +
        .   .   .   |
        + . + . + . +
        x   | 3 . 2 .
        + x + - + . +",
    );
}

// -------------------------------------------------------- reach (one piece)

/// A wall of crosses between two 3s: no loop can pass both.
#[test]
fn two_threes_behind_a_wall_have_no_loop() {
    check_contradiction(
        Family::Reach,
        Contradiction::Disconnected,
        "
        + . + . + x + . + . +
        .   . 3 x   x   .   .
        + . + . + x + . + . +
        .   .   x 0 x 3 .   .
        + . + . + x + . + . +
        .   .   x   x   .   .
        + . + . + x + . + . +",
    );
}

/// A line on one side of a wall: every edge on the other side is crossed.
/// (Not through [`check`]: on the wide boards it embeds the drawing in,
/// the rest of the board is out of reach as well.)
#[test]
fn the_side_of_a_wall_without_the_loop_is_crossed() {
    let before = Drawing::parse(
        "
        + . + . + x + . +
        .   |   x   .   .
        + . + . + x + . +
        .   .   x   .   .
        + . + . + x + . +",
    );
    let after = Drawing::parse(
        "
        + . + . + x + x +
        .   |   x   x   x
        + . + . + x + x +
        .   .   x   x   x
        + . + . + x + x +",
    );
    for sym in 0..8 {
        let (b, a) = (before.transform(sym), after.transform(sym));
        let got = run::<1>(&b, Family::Reach, Mode::Fixpoint).expect("no contradiction");
        assert_eq!(got.board, a, "symmetry {sym}:\n{}", got.board.render());
    }
}

// ----------------------------------------------- regions (one piece each)

/// Runs the regions to their fixpoint on `before` in all eight
/// symmetries, and on `before` with its cells inside the ones that the
/// colour rules alone colour, and expects `after`. (Not through [`check`]:
/// on the wide boards it embeds a drawing in, the rest of the board is a
/// part of the inside or the outside as well.)
fn check_regions(before: &str, colours_alone: &str, after: &str) {
    let (before, alone, after) = (
        Drawing::parse(before),
        Drawing::parse(colours_alone),
        Drawing::parse(after),
    );
    for sym in 0..8 {
        let (b, c, a) = (
            before.transform(sym),
            alone.transform(sym),
            after.transform(sym),
        );
        let colours = run::<1>(&b, Family::Color, Mode::Fixpoint).expect("no contradiction");
        assert_eq!(colours.board, c, "symmetry {sym}, the colour rules alone");
        let got = run::<1>(&b, Family::Regions, Mode::Fixpoint).expect("no contradiction");
        assert_eq!(got.board, a, "symmetry {sym}:\n{}", got.board.render());
        assert!(fired(&got.counts).is_empty(), "no judge's rule runs");
    }
}

/// Two cells walled in by lines: the outside cannot reach them, so they
/// are inside; the inside cannot leave them, so every other cell is
/// outside: the whole loop. The colour rules alone see no colour here.
#[test]
fn cells_the_outside_cannot_reach_are_inside() {
    let before = "
        + . + . + . + . +
        .   .   .   .   .
        + . + - + - + . +
        .   |   .   |   .
        + . + - + - + . +
        .   .   .   .   .
        + . + . + . + . +";
    check_regions(
        before,
        before,
        "
        + x + x + x + x +
        x   x   x   x   x
        + x + - + - + x +
        x   |   x   |   x
        + x + - + - + x +
        x   x   x   x   x
        + x + x + x + x +",
    );
}

/// A column of cells outside (crossed sides from the border down) walls
/// the inside cell at the top left off from the column on the right: the
/// inside cannot reach it, so it is outside.
#[test]
fn cells_the_inside_cannot_reach_are_outside() {
    let before = "
        + - + x + . +
        .   .   .   .
        + . + x + . +
        .   .   .   .
        + . + x + . +
        .   .   .   .
        + . + x + . +";
    check_regions(
        before,
        "
        + - + x + . +
        |   |   .   .
        + . + x + . +
        .   .   .   .
        + . + x + . +
        .   .   .   .
        + . + x + . +",
        "
        + - + x + x +
        |   |   x   x
        + . + x + x +
        .   .   x   x
        + . + x + x +
        .   .   x   x
        + . + x + x +",
    );
}

/// Two cells inside (lines on the border) with a cell outside between
/// them, on a board one cell high: the inside would be in two pieces.
#[test]
fn an_inside_in_two_pieces_is_a_contradiction() {
    check_contradiction(
        Family::Regions,
        Contradiction::Disconnected,
        "
        + - + x + - +
        .   .   .   .
        + . + . + . +",
    );
}

// ------------------------------------------------------------- verdicts

/// Random clues on small boards (most have no solution or several):
/// the solver's verdict agrees with a count of every single loop, and it
/// never gives up.
#[test]
fn verdicts_agree_with_brute_force_on_random_clues() {
    let mut rng = Rng::new(0x21_5e7);
    let mut seen = [0usize; 3];
    for (rows, cols) in SIZES {
        let space = Space::new(rows, cols);
        for _ in 0..200 {
            let mut b = Drawing::blank(rows, cols);
            let density = 10 + rng.below(40);
            for c in b.clues.iter_mut() {
                if rng.below(100) < density {
                    *c = Some(rng.below(4) as u8);
                }
            }
            let count = space.solutions(&b).len();
            let mut solver = crate::Solver::default();
            let o = solver.solve(&b.puzzle());
            let want = match count {
                0 => crate::Status::NoSolution,
                1 => crate::Status::Solved,
                _ => crate::Status::Multiple,
            };
            assert_eq!(
                o.status(),
                want,
                "{count} loops by brute force for\n{}",
                b.render()
            );
            seen[count.min(2)] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 50), "too few of a kind: {seen:?}");
}

/// A 2x47 with two solutions, where probing teaches nothing, and a 9x9
/// cut in two by a column of 0s with a 3 on each side: both are answered
/// in a few search nodes (docs/bench-history.md, "Puzzles that are not
/// unique").
#[test]
fn a_long_thin_puzzle_with_two_loops_and_a_board_cut_in_two() {
    let two = crate::Puzzle::from_rows(
        "....2.22....2...2..2....2.23..11...1....2..2..3/\
         ....1.11..1....111.1....1....22....2...2.......",
    )
    .unwrap();
    let cut = crate::Puzzle::from_rows(
        "....0..../....0..../....0..../....0..../.3..0..3./\
         ....0..../....0..../....0..../....0....",
    )
    .unwrap();
    let mut solver = crate::Solver::default();
    let o = solver.solve(&two);
    assert_eq!(o.status(), crate::Status::Multiple);
    assert!(o.stats.nodes < 200, "{:?}", o.stats);
    let o = solver.solve(&cut);
    assert_eq!(o.status(), crate::Status::NoSolution);
    assert_eq!((o.stats.nodes, o.stats.probes), (1, 0), "{:?}", o.stats);
}

/// A generated 12x10 with most of its clues blanked: several solutions,
/// yet the search from the usual order met none within 2,000,000 nodes
/// and probes (a bad early branch hides them behind a subtree without
/// any); a restart's dive in another order meets two within 50 nodes.
#[test]
fn a_search_stuck_behind_a_bad_branch_restarts() {
    let p = crate::Puzzle::from_rows(
        ".....0..../...0....0./1...1...../....3....0/........../....1...23/\
         ..13.00.../.0.1..00../.0......../1.0......./.....0..../.....1.1..",
    )
    .unwrap();
    let mut solver = crate::Solver::default();
    let o = solver.solve(&p);
    assert_eq!(o.status(), crate::Status::Multiple, "{:?}", o.stats);
    assert_eq!(o.solutions().len(), 2);
    // (Under 30,000 until a search whose probes below the root pay got
    // three slices of 20,000 before it restarts: `search::walk::PAYING_SLICES`.)
    assert!(o.stats.nodes + o.stats.probes < 70_000, "{:?}", o.stats);
}
