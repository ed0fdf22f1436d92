//! slink's integration tests: one test crate, compiled once, with a module
//! per topic and the helpers of `common/` (split by topic) shared by all.
//!
//! - `judge_mode`, `bad_input`, `malformed`: judge mode and bad input, run
//!   as a user runs the binary;
//! - `batch`, `determinism`, `gen_check`: `slink solve`, `gen` and `check`;
//! - `small_puzzles`, `big_boards`, `properties`: the solver against brute
//!   force, wide boards and random loops;
//! - `real_corpus`: the real-world collections of `../shared/corpus/real/`
//!   when present;
//! - `layers`: the layer rule of `src/lib.rs`, checked on the source.
//!
//! Tests that need the library's internals reach them through
//! `slink::internals` only.

mod common;

mod bad_input;
mod batch;
mod big_boards;
mod determinism;
mod gen_check;
mod judge_mode;
mod layers;
mod malformed;
mod properties;
mod real_corpus;
mod small_puzzles;
