//! One-row boards across the word boundaries of wide rows.

use crate::rules::testing::*;
use crate::rules::Rule;

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
