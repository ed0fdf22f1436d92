//! R9-R11: closed corners.

use crate::rules::testing::*;
use crate::rules::{Contradiction, Rule};

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
