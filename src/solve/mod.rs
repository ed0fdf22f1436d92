//! Solving: deduction, loop reasoning, probing and search.

pub mod loops;
pub mod pack;
pub mod search;
pub mod solver;
