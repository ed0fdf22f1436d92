//! Helpers that know nothing of puzzles: the seeded random number
//! generator of the generator and of the tests, and the request to stop
//! a run at a record boundary that SIGINT and SIGTERM make.

pub mod interrupt;
pub mod rng;
