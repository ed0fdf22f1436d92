//! Solving: deduction, loop reasoning, probing and search.

pub mod connect;
mod deduce;
pub mod difficulty;
mod dive;
pub mod four;
pub mod given;
pub mod grade;
pub mod loops;
pub mod outcome;
pub mod pack;
mod pair;
pub mod parity;
mod probe;
pub mod regions;
pub mod search;
pub mod solver;
mod stream;
