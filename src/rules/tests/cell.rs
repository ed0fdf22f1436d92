//! R1-R3: a cell's clue against its lines and crosses.

use crate::rules::testing::*;
use crate::rules::{Contradiction, Rule};

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
