//! Verdicts made with the solver: what settles a puzzle and whether it is
//! unique ([`grade`]), the least of the solver that finishes it
//! ([`difficulty`]), and a solve with most of the answer given
//! ([`given`]), for `slink check` and the generator. They call the solver
//! ([`Solver`](super::solver::Solver)) and never reach into its stages.

pub mod difficulty;
pub mod given;
pub mod grade;
