//! Verdicts made with the solver: whether a puzzle keeps the judge's
//! promise ([`promise`]), the least of the solver that finishes it, its
//! grade ([`difficulty`]), and a solve with most of the answer given
//! ([`given`]), for `slink check` and the generator. They call the solver
//! ([`Solver`](super::solver::Solver)) and never reach into its stages.

pub mod difficulty;
pub mod given;
pub mod promise;
