//! R12, R14 and R15: a line entering a corner.

use crate::rules::testing::*;
use crate::rules::Rule;

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
