//! Solving: deduction, loop reasoning, probing and search.

mod deduce;
pub mod grade;
pub mod loops;
pub mod outcome;
pub mod pack;
mod pair;
mod probe;
pub mod search;
pub mod solver;
