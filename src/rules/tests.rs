//! The rules on small boards, before and after; and a brute-force check
//! that no rule ever excludes a real single-loop solution.
//!
//! Every [`check`] runs its case in all eight rotations and reflections,
//! and again on boards 72 and 200 columns wide with the drawing across a
//! word boundary of the rows.

use super::*;

// ---------------------------------------------------------------- R1-R3

#[test]
fn r1_a_zero_crosses_its_four_sides() {
    check(
        Family::Cell,
        &[Rule::R1],
        "
        + . + . + . +
        .   .   .   .
        + . + . + . +
        .   . 0 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   x 0 x   .
        + . + x + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r1_a_zero_in_the_grid_corner() {
    check(
        Family::Cell,
        &[Rule::R1],
        "
        + . + . +
        . 0 .   .
        + . + . +
        .   .   .
        + . + . +",
        "
        + x + . +
        x 0 x   .
        + x + . +
        .   .   .
        + . + . +",
    );
}

#[test]
fn r2_a_two_with_two_crosses_takes_the_other_two_sides() {
    check(
        Family::Cell,
        &[Rule::R2],
        "
        + x + . +
        x 2 .   .
        + . + . +
        .   .   .
        + . + . +",
        "
        + x + . +
        x 2 |   .
        + - + . +
        .   .   .
        + . + . +",
    );
    check(
        Family::Cell,
        &[Rule::R2],
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   . 2 .   .
        + . + x + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   | 2 |   .
        + . + x + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r2_a_three_with_one_cross_and_a_one_with_three() {
    check(
        Family::Cell,
        &[Rule::R2],
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   . 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   | 3 |   .
        + . + - + . +
        .   .   .   .
        + . + . + . +",
    );
    check(
        Family::Cell,
        &[Rule::R2],
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   x 1 x   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   x 1 x   .
        + . + - + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r3_a_one_with_its_line_crosses_the_rest() {
    check(
        Family::Cell,
        &[Rule::R3],
        "
        + . + . + . +
        .   .   .   .
        + . + - + . +
        .   . 1 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   .   .   .
        + . + - + . +
        .   x 1 x   .
        + . + x + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r3_a_two_or_three_with_enough_lines_crosses_the_rest() {
    check(
        Family::Cell,
        &[Rule::R3],
        "
        + . + . + . +
        .   .   .   .
        + . + . + . +
        .   | 2 .   .
        + . + - + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   | 2 x   .
        + . + - + . +
        .   .   .   .
        + . + . + . +",
    );
    check(
        Family::Cell,
        &[Rule::R3],
        "
        + . + . +
        | 3 |   .
        + - + . +
        .   .   .
        + . + . +",
        "
        + x + . +
        | 3 |   .
        + - + . +
        .   .   .
        + . + . +",
    );
}

#[test]
fn cell_rules_need_a_clue_and_a_count() {
    // A 2 with one line and one cross is open; blank cells say nothing.
    check_none(
        Family::Cell,
        "
        + . + . + . +
        .   |   .   .
        + . + - + . +
        .   x 2 .   .
        + . + . + . +
        .   |   .   .
        + . + . + . +",
    );
}

#[test]
fn cell_over_its_clue() {
    check_contradiction(
        Family::Cell,
        Contradiction::CellOver,
        "
        + . + . + . +
        .   .   .   .
        + . + - + . +
        .   | 1 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
    check_contradiction(
        Family::Cell,
        Contradiction::CellOver,
        "
        + - + . +
        . 0 .   .
        + . + . +
        .   .   .
        + . + . +",
    );
}

#[test]
fn cell_under_its_clue() {
    check_contradiction(
        Family::Cell,
        Contradiction::CellUnder,
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   x 2 x   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
    check_contradiction(
        Family::Cell,
        Contradiction::CellUnder,
        "
        + x + . +
        x 3 .   .
        + . + . +
        .   .   .
        + . + . +",
    );
}

// ---------------------------------------------------------------- R4, R5

#[test]
fn r4_two_threes_side_by_side() {
    // The 2 in the corner keeps the loop from being just the two 3s'
    // domino, where R4's middle line would be wrong (see the R4 exception below).
    check(
        Family::Threes,
        &[Rule::R4],
        "
        + . + . + . + . +
        . 2 .   .   .   .
        + . + . + . + . +
        .   . 3 . 3 .   .
        + . + . + . + . +
        .   .   .   .   .
        + . + . + . + . +",
        "
        + . + . + . + . +
        . 2 .   .   .   .
        + . + . + . + . +
        .   | 3 | 3 |   .
        + . + . + . + . +
        .   .   .   .   .
        + . + . + . + . +",
    );
}

#[test]
fn r4_two_threes_on_the_border() {
    check(
        Family::Threes,
        &[Rule::R4],
        "
        + . + . + . +
        . 3 . 3 .   .
        + . + . + . +
        .   .   . 1 .
        + . + . + . +",
        "
        + . + . + . +
        | 3 | 3 |   .
        + . + . + . +
        .   .   . 1 .
        + . + . + . +",
    );
}

#[test]
fn r5_two_threes_diagonally() {
    check(
        Family::Threes,
        &[Rule::R5],
        "
        + . + . + . + . +
        .   .   .   .   .
        + . + . + . + . +
        .   . 3 .   .   .
        + . + . + . + . +
        .   .   . 3 .   .
        + . + . + . + . +
        .   .   .   .   .
        + . + . + . + . +",
        "
        + . + . + . + . +
        .   .   .   .   .
        + . + - + . + . +
        .   | 3 .   .   .
        + . + . + . + . +
        .   .   . 3 |   .
        + . + . + - + . +
        .   .   .   .   .
        + . + . + . + . +",
    );
    check(
        Family::Threes,
        &[Rule::R5],
        "
        + . + . +
        . 3 .   .
        + . + . +
        .   . 3 .
        + . + . +",
        "
        + - + . +
        | 3 .   .
        + . + . +
        .   . 3 |
        + . + - +",
    );
}

#[test]
fn threes_apart_or_beside_a_two_do_nothing() {
    check_none(
        Family::Threes,
        "
        + . + . + . + . +
        . 3 .   . 3 . 2 .
        + . + . + . + . +
        .   .   .   .   .
        + . + . + . + . +",
    );
}

// ---------------------------------------------------------------- R6-R8

#[test]
fn r6_a_path_end_with_one_way_on() {
    check(
        Family::Vertex,
        &[Rule::R6],
        "
        + . + . +
        .   x   .
        + - + . +
        .   x   .
        + . + . +",
        "
        + . + . +
        .   x   .
        + - + - +
        .   x   .
        + . + . +",
    );
}

#[test]
fn r6_in_the_grid_corner() {
    check(
        Family::Vertex,
        &[Rule::R6],
        "
        + - + . +
        .   .   .
        + . + . +
        .   .   .
        + . + . +",
        "
        + - + . +
        |   .   .
        + . + . +
        .   .   .
        + . + . +",
    );
}

#[test]
fn r6_not_with_two_ways_on() {
    check_none(
        Family::Vertex,
        "
        + . + . + . +
        .   .   .   .
        + . + - + . +
        .   .   x   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r7_a_vertex_with_two_lines() {
    check(
        Family::Vertex,
        &[Rule::R7],
        "
        + . + . +
        .   |   .
        + - + . +
        .   .   .
        + . + . +",
        "
        + . + . +
        .   |   .
        + - + x +
        .   x   .
        + . + . +",
    );
    check(
        Family::Vertex,
        &[Rule::R7],
        "
        + . + . + . +
        .   .   .   .
        + . + - + - +
        .   .   .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   .   x   .
        + . + - + - +
        .   .   x   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r7_on_the_border() {
    check(
        Family::Vertex,
        &[Rule::R7],
        "
        + . + - + . + . +
        .   .   |   .   .
        + . + . + . + . +",
        "
        + . + - + x + . +
        .   .   |   .   .
        + . + . + . + . +",
    );
}

#[test]
fn r8_a_vertex_with_three_crosses() {
    check(
        Family::Vertex,
        &[Rule::R8],
        "
        + . + . +
        .   x   .
        + x + . +
        .   x   .
        + . + . +",
        "
        + . + . +
        .   x   .
        + x + x +
        .   x   .
        + . + . +",
    );
}

#[test]
fn r8_along_the_border_chains_to_the_corners() {
    check(
        Family::Vertex,
        &[Rule::R8],
        "
        + x + . +
        .   x   .
        + . + . +
        .   .   .
        + . + . +",
        "
        + x + x +
        x   x   x
        + . + . +
        .   .   .
        + . + . +",
    );
    check(
        Family::Vertex,
        &[Rule::R8],
        "
        + . + . +
        x   .   .
        + . + . +
        .   .   .
        + . + . +",
        "
        + x + . +
        x   .   .
        + . + . +
        .   .   .
        + . + . +",
    );
}

#[test]
fn r8_not_with_two_crosses() {
    check_none(
        Family::Vertex,
        "
        + . + . + . +
        .   .   .   .
        + . + x + . +
        .   x   .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn vertex_with_three_lines() {
    check_contradiction(
        Family::Vertex,
        Contradiction::Branch,
        "
        + . + . +
        .   |   .
        + - + - +
        .   .   .
        + . + . +",
    );
    check_contradiction(
        Family::Vertex,
        Contradiction::Branch,
        "
        + - + - +
        .   |   .
        + . + . +",
    );
}

#[test]
fn vertex_dead_end() {
    check_contradiction(
        Family::Vertex,
        Contradiction::DeadEnd,
        "
        + . + . +
        .   x   .
        + - + x +
        .   x   .
        + . + . +",
    );
    check_contradiction(
        Family::Vertex,
        Contradiction::DeadEnd,
        "
        + - + . +
        x   .   .
        + . + . +
        .   .   .
        + . + . +",
    );
}

// ---------------------------------------------------------------- R9-R11

#[test]
fn r9_a_three_in_the_grid_corner() {
    check(
        Family::Corner,
        &[Rule::R9],
        "
        + . + . +
        . 3 .   .
        + . + . +
        .   .   .
        + . + . +",
        "
        + - + . +
        | 3 .   .
        + . + . +
        .   .   .
        + . + . +",
    );
}

#[test]
fn r9_a_three_with_a_closed_corner() {
    check(
        Family::Corner,
        &[Rule::R9],
        "
        + . + . + . +
        .   x   .   .
        + x + . + . +
        .   . 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   x   .   .
        + x + - + . +
        .   | 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
    // On the border, the exit off the grid is one of the crosses.
    check(
        Family::Corner,
        &[Rule::R9],
        "
        + x + . + . +
        .   . 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + x + - + . +
        .   | 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r9_not_with_one_exit_crossed() {
    check_none(
        Family::Corner,
        "
        + . + . + . +
        .   .   .   .
        + x + . + . +
        .   . 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r9_against_a_cross_is_a_conflict() {
    check_contradiction(
        Family::Corner,
        Contradiction::EdgeConflict,
        "
        + x + . +
        . 3 .   .
        + . + . +
        .   .   .
        + . + . +",
    );
}

#[test]
fn r10_a_two_in_the_grid_corner() {
    check(
        Family::Corner,
        &[Rule::R10],
        "
        + . + . + . +
        . 2 .   .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + - + . +
        . 2 .   .   .
        + . + . + . +
        |   .   .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r10_a_two_with_a_closed_corner_and_a_half_closed_one() {
    check(
        Family::Corner,
        &[Rule::R10],
        "
        + . + . + . +
        .   x   x   .
        + x + . + . +
        .   . 2 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   x   x   .
        + x + . + - +
        .   . 2 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r10_not_without_the_half_closed_corner() {
    check_none(
        Family::Corner,
        "
        + . + . + . +
        .   x   .   .
        + x + . + . +
        .   . 2 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r11_a_one_in_the_grid_corner() {
    check(
        Family::Corner,
        &[Rule::R11],
        "
        + . + . +
        . 1 .   .
        + . + . +
        .   .   .
        + . + . +",
        "
        + x + . +
        x 1 .   .
        + . + . +
        .   .   .
        + . + . +",
    );
}

#[test]
fn r11_a_one_with_a_closed_corner() {
    check(
        Family::Corner,
        &[Rule::R11],
        "
        + . + . + . +
        .   x   .   .
        + x + . + . +
        .   . 1 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   x   .   .
        + x + x + . +
        .   x 1 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
    check_none(
        Family::Corner,
        "
        + . + . + . +
        .   x   .   .
        + . + . + . +
        .   . 1 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

// ---------------------------------------------------------------- R12, R14, R15

#[test]
fn r12_a_line_enters_a_three() {
    check(
        Family::Entry,
        &[Rule::R12],
        "
        + . + . + . +
        .   x   .   .
        + - + . + . +
        .   . 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + . + . + . +
        .   x   .   .
        + - + . + . +
        .   . 3 |   .
        + . + - + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r12_on_the_border() {
    check(
        Family::Entry,
        &[Rule::R12],
        "
        + - + . + . +
        .   . 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + - + . + . +
        .   . 3 |   .
        + . + - + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r12_not_when_the_other_exit_is_open() {
    check_none(
        Family::Entry,
        "
        + . + . + . +
        .   .   .   .
        + - + . + . +
        .   . 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
    // Both exits crossed is R9's business, not an entry.
    check_none(
        Family::Entry,
        "
        + . + . + . +
        .   x   .   .
        + x + . + . +
        .   . 3 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r14_a_line_enters_a_two() {
    check(
        Family::Entry,
        &[Rule::R14],
        "
        + . + . + . +
        .   x   .   .
        + - + . + . +
        .   . 2 .   .
        + . + . + . +
        .   .   x   .
        + . + . + . +",
        "
        + . + . + . +
        .   x   .   .
        + - + . + . +
        .   . 2 .   .
        + . + . + - +
        .   .   x   .
        + . + . + . +",
    );
}

#[test]
fn r14_with_the_far_corner_on_the_border() {
    check(
        Family::Entry,
        &[Rule::R14],
        "
        + . + . +
        .   x   .
        + - + . +
        .   . 2 .
        + . + . +
        .   .   .
        + . + . +",
        "
        + . + . +
        .   x   .
        + - + . +
        .   . 2 .
        + . + . +
        .   .   |
        + . + . +",
    );
}

#[test]
fn r14_not_when_the_far_corner_is_open() {
    check_none(
        Family::Entry,
        "
        + . + . + . +
        .   x   .   .
        + - + . + . +
        .   . 2 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r15_a_line_enters_a_one() {
    check(
        Family::Entry,
        &[Rule::R15],
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
    check(
        Family::Entry,
        &[Rule::R15],
        "
        + - + . + . +
        .   . 1 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
        "
        + - + . + . +
        .   . 1 x   .
        + . + x + . +
        .   .   .   .
        + . + . + . +",
    );
}

#[test]
fn r15_not_when_the_other_exit_is_open() {
    check_none(
        Family::Entry,
        "
        + . + . + . +
        .   .   .   .
        + - + . + . +
        .   . 1 .   .
        + . + . + . +
        .   .   .   .
        + . + . + . +",
    );
}

// ---------------------------------------------------------------- R13

#[test]
fn r13_a_closed_far_corner_of_the_three_crosses_the_ones_far_sides() {
    check(
        Family::Diagonal,
        &[Rule::R13],
        "
        + . + . + . + . +
        .   .   .   .   .
        + . + . + . + . +
        .   . 1 .   .   .
        + . + . + . + . +
        .   .   . 3 .   .
        + . + . + . + x +
        .   .   .   x   .
        + . + . + . + . +",
        "
        + . + . + . + . +
        .   .   .   .   .
        + . + x + . + . +
        .   x 1 .   .   .
        + . + . + . + . +
        .   .   . 3 .   .
        + . + . + . + x +
        .   .   .   x   .
        + . + . + . + . +",
    );
}

#[test]
fn r13_conversely_the_ones_far_sides_close_the_threes_far_corner() {
    check(
        Family::Diagonal,
        &[Rule::R13],
        "
        + . + . + . + . +
        .   .   .   .   .
        + . + x + . + . +
        .   x 1 .   .   .
        + . + . + . + . +
        .   .   . 3 .   .
        + . + . + . + . +
        .   .   .   .   .
        + . + . + . + . +",
        "
        + . + . + . + . +
        .   .   .   .   .
        + . + x + . + . +
        .   x 1 .   .   .
        + . + . + . + . +
        .   .   . 3 .   .
        + . + . + . + x +
        .   .   .   x   .
        + . + . + . + . +",
    );
}

#[test]
fn r13_with_the_three_in_the_grid_corner() {
    check(
        Family::Diagonal,
        &[Rule::R13],
        "
        + . + . +
        . 1 .   .
        + . + . +
        .   . 3 .
        + . + . +",
        "
        + x + . +
        x 1 .   .
        + . + . +
        .   . 3 .
        + . + . +",
    );
}

#[test]
fn r13_not_with_one_cross_on_either_side() {
    check_none(
        Family::Diagonal,
        "
        + . + . + . + . +
        .   .   .   .   .
        + . + x + . + . +
        .   . 1 .   .   .
        + . + . + . + . +
        .   .   . 3 .   .
        + . + . + . + x +
        .   .   .   .   .
        + . + . + . + . +",
    );
}

// ---------------------------------------------------------------- one row, wide

#[test]
fn one_row_boards_across_word_boundaries() {
    // `check` also runs these at columns 59-68 of a 1 x 72 board (two
    // words) and around columns 127/128 and 191/192 of a 1 x 200 (four).
    check(
        Family::Cell,
        &[Rule::R1],
        "
        + . + . + . +
        .   . 0 .   .
        + . + . + . +",
        "
        + . + x + . +
        .   x 0 x   .
        + . + x + . +",
    );
    check(
        Family::Corner,
        &[Rule::R11],
        "
        + . + x + . + . +
        .   .   . 1 .   .
        + . + . + . + . +",
        "
        + . + x + x + . +
        .   .   x 1 .   .
        + . + . + . + . +",
    );
    check(
        Family::Threes,
        &[Rule::R4],
        "
        + . + . + . + . +
        . 1 .   . 3 . 3 .
        + . + . + . + . +",
        "
        + . + . + . + . +
        . 1 .   | 3 | 3 |
        + . + . + . + . +",
    );
    check(
        Family::Vertex,
        &[Rule::R6, Rule::R7],
        "
        + . + x + - + - + . +
        .   .   .   .   .   .
        + . + . + . + . + . +",
        "
        + . + x + - + - + . +
        .   .   |   x   .   .
        + . + . + . + . + . +",
    );
}

// ---------------------------------------------------------------- whole passes

#[test]
fn propagate_solves_the_sample() {
    // The corner rules (R10) run only once the cell and vertex rules stall,
    // so the centre vertex gets its last cross from R8, not R7.
    check(
        Family::Propagate,
        &[Rule::R3, Rule::R8, Rule::R10],
        "
        + . + . +
        . 2 . 2 .
        + . + . +
        . 2 . 2 .
        + . + . +",
        "
        + - + - +
        | 2 x 2 |
        + x + x +
        | 2 x 2 |
        + - + - +",
    );
}

#[test]
fn propagate_finds_that_a_zero_beside_a_three_has_no_solution() {
    // R1 crosses the 0's sides, R9 lines the 3's: which contradiction shows
    // first depends on the order of the sweep, so any will do.
    let board = Board::parse(
        "
        + . + . +
        . 0 . 3 .
        + . + . +",
    );
    for sym in 0..8 {
        let b = board.transform(sym);
        let r = run::<1>(&b, Family::Propagate, Mode::Fixpoint);
        assert!(
            r.is_err(),
            "symmetry {sym}: no contradiction on\n{}",
            b.render()
        );
    }
}

// ---------------------------------------------------------------- the R4 exception

/// Runs each family to its fixpoint on `before` in all symmetries and
/// checks that it neither fails nor decides any edge against `solution`.
fn agrees_with_solution(families: &[Family], before: &str, solution: &str) {
    let (before, solution) = (Board::parse(before), Board::parse(solution));
    assert!(!solution.h.contains(&Mark::Unknown) && !solution.v.contains(&Mark::Unknown));
    for sym in 0..8 {
        let (b, s) = (before.transform(sym), solution.transform(sym));
        for &f in families {
            let o = run::<1>(&b, f, Mode::Fixpoint);
            let ok = o.as_ref().is_ok_and(|o| {
                let agree = |m: &Mark, t: &Mark| *m == Mark::Unknown || m == t;
                o.board.h.iter().zip(&s.h).all(|(m, t)| agree(m, t))
                    && o.board.v.iter().zip(&s.v).all(|(m, t)| agree(m, t))
            });
            assert!(
                ok,
                "{f:?}, symmetry {sym}, on\n{}decides against the solution\n{}got {}",
                b.render(),
                s.render(),
                show(&o.map(|o| (o.board, fired(&o.counts))))
            );
        }
    }
}

// R4 makes the side between two adjacent 3s a line, but when the whole
// loop is the border of those two cells that side is a cross (the two far
// sides are right). `slink_from_real.txt` data set 410 is such a puzzle
// (a 10 x 10 whose loop circles two 3s), once reported as "a vertex would
// have three lines"; R4 is now left out when the domino's loop fits.
#[test]
fn r4_is_left_out_when_the_loop_may_be_just_the_two_threes() {
    agrees_with_solution(
        &[Family::Threes, Family::Pass, Family::Propagate],
        "
        + . + . +
        . 3 . 3 .
        + . + . +",
        "
        + - + - +
        | 3 x 3 |
        + - + - +",
    );
}

#[test]
fn r4_is_left_out_for_a_slink_whose_loop_circles_two_threes() {
    let before = "
        + . + . + . +
        . 0 . 1 . 0 .
        + . + . + . +
        . 1 . 3 . 1 .
        + . + . + . +
        . 1 . 3 . 1 .
        + . + . + . +
        . 0 . 1 . 0 .
        + . + . + . +";
    let solution = "
        + x + x + x +
        x 0 x 1 x 0 x
        + x + - + x +
        x 1 | 3 | 1 x
        + x + x + x +
        x 1 | 3 | 1 x
        + x + - + x +
        x 0 x 1 x 0 x
        + x + x + x +";
    agrees_with_solution(&[Family::Threes, Family::Propagate], before, solution);
    let p = Board::parse(before).puzzle();
    let mut solver = crate::Solver::default();
    assert_eq!(solver.solve(&p).status(), crate::Status::Unique, "{p:?}");
}

// ---------------------------------------------------------------- brute force

/// A fixed pseudo-random sequence (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        crate::util::rng::splitmix64(&mut self.0)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn percent(&mut self, p: u64) -> bool {
        self.next() % 100 < p
    }
}

/// A single loop: its edges as a bit set, and each cell's count of lines
/// in three bits.
#[derive(Clone, Copy)]
struct Loop {
    edges: u64,
    counts: u64,
}

/// Every single loop on a small board.
struct Space {
    rows: usize,
    cols: usize,
    loops: Vec<Loop>,
}

impl Space {
    fn hidx(&self, i: usize, j: usize) -> usize {
        i * self.cols + j
    }

    fn vidx(&self, i: usize, j: usize) -> usize {
        (self.rows + 1) * self.cols + i * (self.cols + 1) + j
    }

    fn edge_count(&self) -> usize {
        (self.rows + 1) * self.cols + self.rows * (self.cols + 1)
    }

    fn name(&self, k: usize) -> String {
        let hs = (self.rows + 1) * self.cols;
        if k < hs {
            format!("H({}, {})", k / self.cols, k % self.cols)
        } else {
            let k = k - hs;
            format!("V({}, {})", k / (self.cols + 1), k % (self.cols + 1))
        }
    }

    /// The four sides of cell `(i, j)`.
    fn sides(&self, i: usize, j: usize) -> [usize; 4] {
        [
            self.hidx(i, j),
            self.hidx(i + 1, j),
            self.vidx(i, j),
            self.vidx(i, j + 1),
        ]
    }

    /// Every loop, as the border of a set of cells: the border is one loop
    /// exactly when every vertex has 0 or 2 lines and they all connect.
    fn new(rows: usize, cols: usize) -> Space {
        let mut s = Space {
            rows,
            cols,
            loops: Vec::new(),
        };
        assert!(rows * cols <= 20 && s.edge_count() <= 64);
        for inside in 1u32..1 << (rows * cols) {
            let ins = |i: usize, j: usize| inside >> (i * cols + j) & 1 == 1;
            let mut edges = 0u64;
            for i in 0..=rows {
                for j in 0..cols {
                    if (i > 0 && ins(i - 1, j)) != (i < rows && ins(i, j)) {
                        edges |= 1 << s.hidx(i, j);
                    }
                }
            }
            for i in 0..rows {
                for j in 0..=cols {
                    if (j > 0 && ins(i, j - 1)) != (j < cols && ins(i, j)) {
                        edges |= 1 << s.vidx(i, j);
                    }
                }
            }
            if s.is_one_loop(edges) {
                let mut counts = 0;
                for i in 0..rows {
                    for j in 0..cols {
                        let n = s
                            .sides(i, j)
                            .iter()
                            .filter(|&&k| edges >> k & 1 == 1)
                            .count();
                        counts |= (n as u64) << (3 * (i * cols + j));
                    }
                }
                s.loops.push(Loop { edges, counts });
            }
        }
        s
    }

    /// The line edges at vertex `(i, j)`.
    fn arms(&self, edges: u64, i: usize, j: usize) -> Vec<(usize, usize)> {
        let mut a = Vec::new();
        let mut go = |k: usize, to: (usize, usize)| {
            if edges >> k & 1 == 1 {
                a.push(to);
            }
        };
        if j > 0 {
            go(self.hidx(i, j - 1), (i, j - 1));
        }
        if j < self.cols {
            go(self.hidx(i, j), (i, j + 1));
        }
        if i > 0 {
            go(self.vidx(i - 1, j), (i - 1, j));
        }
        if i < self.rows {
            go(self.vidx(i, j), (i + 1, j));
        }
        a
    }

    fn is_one_loop(&self, edges: u64) -> bool {
        let mut on = Vec::new();
        for i in 0..=self.rows {
            for j in 0..=self.cols {
                match self.arms(edges, i, j).len() {
                    0 => {}
                    2 => on.push((i, j)),
                    _ => return false,
                }
            }
        }
        let mut seen = vec![on[0]];
        let mut todo = vec![on[0]];
        while let Some((i, j)) = todo.pop() {
            for next in self.arms(edges, i, j) {
                if !seen.contains(&next) {
                    seen.push(next);
                    todo.push(next);
                }
            }
        }
        seen.len() == on.len()
    }

    /// The line and cross edges of a board, as bit sets.
    fn masks(&self, b: &Board) -> (u64, u64) {
        let (mut line, mut cross) = (0u64, 0u64);
        let mut put = |k: usize, m: Mark| match m {
            Mark::Line => line |= 1 << k,
            Mark::Cross => cross |= 1 << k,
            Mark::Unknown => {}
        };
        for i in 0..=self.rows {
            for j in 0..self.cols {
                put(self.hidx(i, j), b.h(i, j));
            }
        }
        for i in 0..self.rows {
            for j in 0..=self.cols {
                put(self.vidx(i, j), b.v(i, j));
            }
        }
        (line, cross)
    }

    /// The loops that satisfy `b`'s clues and decided edges.
    fn solutions(&self, b: &Board) -> Vec<Loop> {
        let (mut mask, mut want) = (0u64, 0u64);
        for (k, c) in b.clues.iter().enumerate() {
            if let Some(n) = c {
                mask |= 7 << (3 * k);
                want |= (*n as u64) << (3 * k);
            }
        }
        let (line, cross) = self.masks(b);
        self.loops
            .iter()
            .filter(|l| l.counts & mask == want && l.edges & line == line && l.edges & cross == 0)
            .copied()
            .collect()
    }

    /// A loop drawn on `b`'s clues, every edge decided.
    fn draw(&self, b: &Board, l: Loop) -> Board {
        let mut d = b.clone();
        let mark = |k: usize| {
            if l.edges >> k & 1 == 1 {
                Mark::Line
            } else {
                Mark::Cross
            }
        };
        for i in 0..=self.rows {
            for j in 0..self.cols {
                d.set_h(i, j, mark(self.hidx(i, j)));
            }
        }
        for i in 0..self.rows {
            for j in 0..=self.cols {
                d.set_v(i, j, mark(self.vidx(i, j)));
            }
        }
        d
    }

    /// The clues of a random loop, some blanked, and some of its edges.
    fn random_board(&self, rng: &mut Rng) -> Board {
        let l = self.loops[rng.below(self.loops.len())];
        let blank = [0, 0, 10, 30, 60][rng.below(5)];
        let reveal = [0, 5, 15, 30, 50][rng.below(5)];
        let mut b = self.draw(&Board::blank(self.rows, self.cols), l);
        for (k, c) in b.clues.iter_mut().enumerate() {
            let n = (l.counts >> (3 * k) & 7) as u8;
            if n < 4 && !rng.percent(blank) {
                *c = Some(n);
            }
        }
        for m in b.h.iter_mut().chain(b.v.iter_mut()) {
            if !rng.percent(reveal) {
                *m = Mark::Unknown;
            }
        }
        b
    }
}

/// How to run a family on a board.
type Runner = fn(&Board, Family) -> Result<Outcome, Contradiction>;

/// One sweep of the family, as the solver has it.
fn once(b: &Board, f: Family) -> Result<Outcome, Contradiction> {
    run::<1>(b, f, Mode::Once)
}

/// A deduction that excludes a real solution.
struct Unsound {
    family: Family,
    before: Board,
    after: Result<Outcome, Contradiction>,
    wrong: Vec<String>,
    witness: Board,
}

impl fmt::Display for Unsound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:?} (one sweep) is unsound on", self.family)?;
        write!(f, "{}", self.before.render())?;
        match &self.after {
            Ok(o) => {
                writeln!(f, "rules fired {:?}, giving", fired(&o.counts))?;
                write!(f, "{}", o.board.render())?;
            }
            Err(e) => writeln!(f, "it reports {e:?} ({e})")?,
        }
        writeln!(f, "wrong: {}", self.wrong.join(", "))?;
        writeln!(f, "but this solution fits the board before:")?;
        write!(f, "{}", self.witness.render())
    }
}

/// Runs family `f` once on `b` and checks it against every solution that
/// fits `b`.
fn unsound(space: &Space, b: &Board, f: Family, runner: Runner) -> Option<Unsound> {
    let sols = space.solutions(b);
    let first = *sols.first()?;
    let after = runner(b, f);
    let (wrong, witness) = match &after {
        Err(_) => (vec!["a contradiction".to_string()], first),
        Ok(o) => {
            let (line, cross) = space.masks(&o.board);
            let witness = sols
                .iter()
                .find(|l| line & !l.edges != 0 || cross & l.edges != 0)?;
            let mut wrong = Vec::new();
            for k in 0..space.edge_count() {
                if line >> k & 1 == 1 && witness.edges >> k & 1 == 0 {
                    wrong.push(format!("{} made a line", space.name(k)));
                }
                if cross >> k & 1 == 1 && witness.edges >> k & 1 == 1 {
                    wrong.push(format!("{} made a cross", space.name(k)));
                }
            }
            (wrong, *witness)
        }
    };
    Some(Unsound {
        family: f,
        before: b.clone(),
        witness: space.draw(b, witness),
        after,
        wrong,
    })
}

/// Blanks clues and forgets edges of `b` while `f` stays unsound on it.
fn minimize(space: &Space, b: &Board, f: Family, runner: Runner) -> Unsound {
    let mut b = b.clone();
    let fails = |t: &Board| unsound(space, t, f, runner).is_some();
    loop {
        let mut smaller = false;
        for k in 0..b.clues.len() + b.h.len() + b.v.len() {
            let mut t = b.clone();
            let (nc, nh) = (b.clues.len(), b.h.len());
            let changed = if k < nc {
                t.clues[k].take().is_some()
            } else if k < nc + nh {
                std::mem::replace(&mut t.h[k - nc], Mark::Unknown) != Mark::Unknown
            } else {
                std::mem::replace(&mut t.v[k - nc - nh], Mark::Unknown) != Mark::Unknown
            };
            if changed && fails(&t) {
                b = t;
                smaller = true;
            }
        }
        if !smaller {
            return unsound(space, &b, f, runner).expect("still unsound");
        }
    }
}

/// Board sizes for the brute force, smallest first.
const SIZES: [(usize, usize); 11] = [
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (3, 3),
    (3, 4),
    (4, 3),
    (4, 4),
];

#[test]
fn loop_enumeration_counts_are_right() {
    // Cycles in the grid graph of (r+1) x (c+1) vertices (OEIS A140517
    // for squares: 1, 13, 213, 9349).
    let count = |r, c| Space::new(r, c).loops.len();
    assert_eq!(count(1, 1), 1);
    assert_eq!(count(1, 3), 6);
    assert_eq!(count(2, 2), 13);
    assert_eq!(count(3, 3), 213);
    assert_eq!(count(4, 4), 9349);
}

/// Every rule family, one sweep at a time, and full propagation, on random
/// partial boards of real loops: no decided edge may contradict any
/// single-loop solution of the board.
#[test]
fn rules_are_sound_on_random_boards() {
    // SLINK_SOUNDNESS_TRIALS=100000 for a deeper search.
    let trials: usize = std::env::var("SLINK_SOUNDNESS_TRIALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    let mut rng = Rng(0x51_1e4c);
    let mut first: Vec<Option<Unsound>> = Family::ALL.iter().map(|_| None).collect();
    let mut decided = [0u64; Family::ALL.len()];
    let mut rules: RuleCounts = [0; 15];
    for (rows, cols) in SIZES {
        let space = Space::new(rows, cols);
        for _ in 0..trials {
            let b = space.random_board(&mut rng);
            let (l0, x0) = space.masks(&b);
            for (k, &f) in Family::ALL.iter().enumerate() {
                if let Ok(o) = run::<1>(&b, f, Mode::Once) {
                    let (l1, x1) = space.masks(&o.board);
                    decided[k] += u64::from((l1 | x1).count_ones() - (l0 | x0).count_ones());
                    if f == Family::Pass {
                        for (n, c) in rules.iter_mut().zip(o.counts) {
                            *n += c;
                        }
                    }
                }
                if first[k].is_none() && unsound(&space, &b, f, once).is_some() {
                    first[k] = Some(minimize(&space, &b, f, once));
                }
            }
        }
    }
    let report: Vec<String> = first.iter().flatten().map(|u| u.to_string()).collect();
    assert!(
        report.is_empty(),
        "unsound deductions:\n\n{}",
        report.join("\n")
    );
    // The check has teeth: every family decided edges, every rule fired.
    for (f, n) in Family::ALL.iter().zip(decided) {
        assert!(n > 0, "{f:?} never decided an edge");
    }
    for r in RULES {
        assert!(rules[r as usize] > 0, "{r:?} never fired");
    }
}

/// The same random boards run on two- and four-word rows, drawn across a
/// word boundary, must give exactly what one-word rows give.
#[test]
fn wide_rows_agree_with_one_word_rows_on_random_boards() {
    let mut rng = Rng(0x3e_a7);
    let mut compared = 0;
    for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 4)] {
        let space = Space::new(rows, cols);
        for _ in 0..300 {
            let b = space.random_board(&mut rng);
            for f in Family::ALL {
                // Off the grid, cells are outside; beside the drawing they
                // are not known to be until the crossed edges along it say
                // so: the colour rules agree only at their fixpoint.
                let mode = if matches!(f, Family::Color | Family::PropagateColors) {
                    Mode::Fixpoint
                } else {
                    Mode::Once
                };
                let narrow = run::<1>(&b, f, mode).map(|o| (o.board, fired(&o.counts)));
                for (words, width, off) in [(2, 72, 61), (2, 72, 63), (4, 200, 126), (4, 200, 190)]
                {
                    let big = b.embed(width, off);
                    let wide = match words {
                        2 => run::<2>(&big, f, mode),
                        _ => run::<4>(&big, f, mode),
                    }
                    .map(|o| (o.board.window(rows, cols, off), fired(&o.counts)));
                    // The colour rules decide edges quietly, so the rules
                    // counted on the way to the same fixpoint may differ.
                    let (narrow, wide) = if mode == Mode::Fixpoint {
                        let board = |r: &Ran| r.clone().map(|(b, _)| (b, Vec::new()));
                        (board(&narrow), board(&wide))
                    } else {
                        (narrow.clone(), wide)
                    };
                    assert!(
                        narrow == wide,
                        "{f:?} at column {off} of {width} ({words} words) on\n{}one word: {}\n{words} words: {}",
                        b.render(),
                        show(&narrow),
                        show(&wide)
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 0);
}

// ---------------------------------------------------------------- the harness itself

#[test]
fn drawings_round_trip_and_rotate() {
    let b = Board::parse(
        "
        + . + - +
        x 3 |   .
        + - + x +",
    );
    assert_eq!((b.rows, b.cols), (1, 2));
    assert_eq!(b.clues, vec![Some(3), None]);
    assert_eq!(b.h(0, 1), Mark::Line);
    assert_eq!(b.h(1, 1), Mark::Cross);
    assert_eq!(b.v(0, 0), Mark::Cross);
    assert_eq!(b.v(0, 1), Mark::Line);
    assert_eq!(b.v(0, 2), Mark::Unknown);
    assert_eq!(b.render(), "+ . + - +\nx 3 |   .\n+ - + x +\n");
    // The judge's own style reads the same.
    let judge = Board::parse("+---+   +\n| 3 |    \n+   +---+");
    assert_eq!(judge.h(0, 0), Mark::Line);
    assert_eq!(judge.h(1, 1), Mark::Line);
    assert_eq!(judge.v(0, 2), Mark::Unknown);
    // A quarter turn clockwise: transpose, then flip left to right.
    assert_eq!(
        b.transform(5).render(),
        Board::parse(
            "
            + x +
            | 3 .
            + - +
            x   |
            + . +"
        )
        .render()
    );
    for sym in 0..8 {
        let t = b.transform(sym);
        let back = (0..8).find(|&s| t.transform(s) == b);
        assert!(back.is_some(), "symmetry {sym} has no inverse");
    }
}

/// The whole solver (rules, loop reasoning, search) on random puzzles made
/// from real loops, some clues blanked: it must count the solutions the
/// brute force counts (one, or more than one) and find the right one.
#[test]
fn solver_agrees_with_brute_force_on_random_puzzles() {
    let mut rng = Rng(0x50_1e4);
    let mut unique = 0;
    for (rows, cols) in SIZES {
        let space = Space::new(rows, cols);
        for _ in 0..300 {
            let mut b = space.random_board(&mut rng);
            b.h.fill(Mark::Unknown);
            b.v.fill(Mark::Unknown);
            let sols = space.solutions(&b);
            let p = b.puzzle();
            let mut solver = crate::Solver::default();
            let o = solver.solve(&p);
            let want = if sols.len() == 1 {
                crate::Status::Unique
            } else {
                crate::Status::Multiple
            };
            assert_eq!(
                o.status(),
                want,
                "{} solutions by brute force for\n{}",
                sols.len(),
                b.render()
            );
            if sols.len() == 1 {
                unique += 1;
                let s = o.solution().expect("a solution");
                let drawn = space.draw(&b, sols[0]);
                let same = (0..=rows)
                    .all(|i| (0..cols).all(|j| s.h(i, j) == (drawn.h(i, j) == Mark::Line)))
                    && (0..rows)
                        .all(|i| (0..=cols).all(|j| s.v(i, j) == (drawn.v(i, j) == Mark::Line)));
                assert!(
                    same,
                    "the solver's solution differs from\n{}",
                    drawn.render()
                );
            }
        }
    }
    assert!(unique > 100, "only {unique} unique puzzles");
}

/// The brute force has teeth: with R4's exception for a loop around just
/// two 3s turned off, it finds the smallest such board.
#[test]
fn brute_force_catches_r4_without_its_exception() {
    fn r4_always(b: &Board, f: Family) -> Result<Outcome, Contradiction> {
        run_tweaked::<1>(b, f, Mode::Once, |c| c.domino_loop_fits = false)
    }
    let mut rng = Rng(0x7e_e7);
    let space = Space::new(1, 2);
    let found = (0..200).find_map(|_| {
        let b = space.random_board(&mut rng);
        unsound(&space, &b, Family::Threes, r4_always)
            .map(|_| minimize(&space, &b, Family::Threes, r4_always))
    });
    let u = found.expect("R4 without its exception is unsound on a 1 x 2");
    assert_eq!(
        u.before.render(),
        Board::parse(
            "
            + . + . +
            . 3 . 3 .
            + . + . +"
        )
        .render(),
        "{u}"
    );
    assert_eq!(u.wrong, vec!["V(0, 1) made a line".to_string()], "{u}");
}

/// Propagation revisits only the rows near a change, and the corner
/// families and R13 only once the cheaper ones stall: on tall boards (row
/// sets of more than one word) with some of the solution revealed, it must
/// reach exactly the fixpoint of full sweeps of every family.
#[test]
fn propagate_reaches_the_fixpoint_of_full_sweeps() {
    use crate::generate::{Config, Generator, SizeRange};
    let mut generator = Generator::new(Config {
        rows: SizeRange::exactly(70),
        cols: SizeRange::exactly(7),
        ..Config::default()
    });
    let mut rng = Rng(0xf1_c5);
    let mut compared = 0;
    for index in 0..3 {
        let g = generator.generate(11, index).expect("a 70 x 7 puzzle");
        let (rows, cols) = (g.puzzle.rows(), g.puzzle.cols());
        for _ in 0..40 {
            let (blank, reveal) = ([0, 20, 50][rng.below(3)], [0, 3, 10, 30][rng.below(4)]);
            let mut b = Board::blank(rows, cols);
            for (k, c) in b.clues.iter_mut().enumerate() {
                *c = match g.puzzle.clue(k / cols, k % cols) {
                    Clue::Number(n) if !rng.percent(blank) => Some(n),
                    _ => None,
                };
            }
            let mark = |line: bool| if line { Mark::Line } else { Mark::Cross };
            for (k, m) in b.h.iter_mut().enumerate() {
                if rng.percent(reveal) {
                    *m = mark(g.solution.h(k / cols, k % cols));
                }
            }
            for (k, m) in b.v.iter_mut().enumerate() {
                if rng.percent(reveal) {
                    *m = mark(g.solution.v(k / (cols + 1), k % (cols + 1)));
                }
            }
            let full = run::<1>(&b, Family::Pass, Mode::Fixpoint).expect("a solvable board");
            let fast = run::<1>(&b, Family::Propagate, Mode::Once).expect("a solvable board");
            assert!(
                fast.board == full.board,
                "propagate stopped short of full sweeps on\n{}got\n{}want\n{}",
                b.render(),
                fast.board.render(),
                full.board.render()
            );
            compared += usize::from(full.board != b);
        }
    }
    assert!(
        compared > 60,
        "only {compared} boards where the rules decided something"
    );
}

/// On a board with every edge decided (and no colour rules), propagation
/// only looks for the contradictions of the cell and vertex rules, and
/// skips the corner families and R13: it must find the contradiction the
/// first full sweep of the cell and vertex rules finds, and where there is
/// none, what full sweeps of every family find (nothing: the rules it
/// skips decide nothing there). On loops drawn on their own clues or on
/// another loop's, some with an edge flipped.
#[test]
fn propagate_on_decided_boards_finds_what_full_sweeps_find() {
    use crate::bits::RowSet;
    use crate::board::{Clues, Frame};
    use crate::rules::{pass_rows, threes, Ctx, Sweep};
    let mut rng = Rng(0x0dec_1ded);
    let mut found = [0; 2];
    for (rows, cols) in [(2, 2), (2, 3), (3, 3)] {
        let space = Space::new(rows, cols);
        for _ in 0..300 {
            let l = space.loops[rng.below(space.loops.len())];
            let mut b = space.draw(&space.random_board(&mut rng), l);
            if rng.percent(50) {
                // The loop's own clues, some blanked.
                for (k, c) in b.clues.iter_mut().enumerate() {
                    let n = (l.counts >> (3 * k) & 7) as u8;
                    *c = (n < 4 && !rng.percent(20)).then_some(n);
                }
            }
            if rng.percent(30) {
                let (i, j) = (rng.below(rows), rng.below(cols));
                let flipped = match b.v(i, j) {
                    Mark::Line => Mark::Cross,
                    _ => Mark::Line,
                };
                b.set_v(i, j, flipped);
            }
            // Propagation's start made in full: R4 and R5 on every row,
            // then a sweep of every row (all are due on a fresh board).
            let frame = Frame::<1>::new(rows, cols);
            let mut loaded = Clues::<1>::default();
            loaded.load(&b.puzzle());
            let mut edges = b.edges::<1>();
            let mut due = RowSet::default();
            due.resize(rows + 1);
            due.insert_all();
            let mut ctx = Ctx::new(&frame, &loaded, &mut edges);
            (0..rows).for_each(|i| threes::apply(&mut ctx, i));
            let want = match pass_rows(&mut ctx, Sweep::Down, false, &due) {
                Err(c) => Err(c),
                Ok(()) => run::<1>(&b, Family::Pass, Mode::Fixpoint).map(|o| o.board),
            };
            let got = run::<1>(&b, Family::Propagate, Mode::Once).map(|o| o.board);
            assert_eq!(got, want, "on\n{}", b.render());
            if let Ok(after) = want {
                assert_eq!(after, b, "full sweeps decided something on a decided board");
            }
            found[usize::from(got.is_ok())] += 1;
        }
    }
    assert!(
        found.iter().all(|&n| n > 100),
        "{found:?} failed and passed"
    );
}
