//! Helpers that know nothing of puzzles: the seeded random number
//! generator of the generator and of the tests.

pub mod rng;
