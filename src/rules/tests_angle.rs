//! The angle rules (`rules::angle`) on small boards, before and after, in
//! all eight symmetries and across word boundaries; their soundness is
//! checked with every other family's against brute force
//! (`rules_are_sound_on_random_boards`).

use super::*;

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
