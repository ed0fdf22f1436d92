//! R6-R8: the vertex rules.

use crate::rules::testing::*;
use crate::rules::{Contradiction, Rule};

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
