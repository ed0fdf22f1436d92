//! Solving: a puzzle's verdict (none, one or several solutions) and its
//! loop, by stages, each a folder.
//!
//! [`solver`] is the public face ([`Solver`](solver::Solver): options in,
//! an [`outcome`] out); a puzzle with a clue 4 is answered at once, without
//! deduction ([`four`]). A board is worked on by [`deduce`] (the judge's
//! rules to their fixpoint, then loop reasoning, what the loop can reach,
//! the inside and outside in one piece, equal and opposite edges), then
//! `probe` (each undecided edge tried both ways), then [`search`]
//! (branching on an edge, with a dive without probing first where a second
//! solution is asked for); small puzzles of one shape go through the
//! rules side by side first ([`pack`]). [`verdict`] holds what asks the
//! solver a question about a puzzle: its grade, its difficulty, a solve
//! with most of the answer given. Nothing here reads or writes a file.

pub mod deduce;
pub mod four;
pub mod outcome;
pub mod pack;
mod probe;
pub mod search;
pub mod solver;
pub mod verdict;
