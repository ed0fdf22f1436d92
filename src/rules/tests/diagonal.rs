//! R13: a 3 and a 1 diagonally adjacent.

use crate::rules::testing::*;
use crate::rules::Rule;

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
