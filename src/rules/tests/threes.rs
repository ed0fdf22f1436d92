//! R4 and R5: 3s side by side and diagonally.

use crate::rules::testing::*;
use crate::rules::Rule;

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
