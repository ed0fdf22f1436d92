//! slink's integration tests: one test crate, compiled once, with a module
//! per topic and the helpers of `common/` (split by topic) shared by all.
//!
//! - `judge_mode`, `bad_input`, `malformed`, `garbage`: judge mode and bad
//!   input (random bytes into every command), run as a user runs the
//!   binary;
//! - `batch`, `determinism`, `gen_check`, `check`, `bench`: `slink solve`,
//!   `gen`, `check` (its questions, places, summary) and `bench` (runs
//!   repeated to a minimum time, the spread);
//! - `gen_brute`: generated puzzles (graded, symmetric, minimal, hard)
//!   unique, and minimal ones' clues needed, by brute force;
//! - `small_puzzles`, `big_boards`, `properties`: the solver against brute
//!   force, wide boards and random loops;
//! - `propagation`: the rules' propagation against sweeps of every family
//!   on random boards (shared with the fuzz target
//!   `propagate_versus_sweeps`);
//! - `real_corpus`, `hard_corpus`: the real-world collections of
//!   `../shared/corpus/real/` and Loopy's hard puzzles of
//!   `../shared/corpus/hard/` (ignored, with the reason, without them);
//! - `verify`, `verify_formats`: `slink verify`, the judge's checker,
//!   against mutations of the judge data, and its puzzles in every format;
//! - `formats_cli`: the puzzle formats and pictures through the CLI;
//!   `browser`: an SVG and an HTML page screenshot by headless chromium,
//!   the loop's pixels where its edges are;
//!   `clue_four`: a clue 4, read where a format has one, and its verdict;
//! - `json_schema`: every JSON record against `docs/record.schema.json`;
//! - `resume`: `slink solve --resume` after torn outputs and real
//!   signals, outputs that do not fit, usage errors;
//! - `robust`: signals, files that shrink, endless streams, write errors,
//!   the time limit (docs/RELIABILITY.md);
//! - `one_file`: no input destroyed through another name, no two
//!   outputs that are one file (issue 51);
//! - `promises`: outputs kept when an input is missing, one `-q`, one exit
//!   status table (issue 39);
//! - `vocabulary`: `-o/--output` on every command that writes a result,
//!   messages that start with the command;
//! - `shared`: the build's view of `../shared/corpus/` and the package's
//!   copies of its sample and judge data;
//! - `readme`: the README's examples read files that are there, and it
//!   counts the tests that need `../shared/`;
//! - `docs`: completions, the man page and the README's CLI reference;
//! - `ci_checks`: `.ci/run`'s checks fail when their tool fails;
//! - `layers`: the layer rule of `src/lib.rs`, checked on the source.
//!
//! Tests that need the library's internals reach them through
//! `slink::internals` only.

mod common;

mod bad_input;
mod batch;
mod bench;
mod big_boards;
mod browser;
mod check;
mod ci_checks;
mod clue_four;
mod determinism;
mod docs;
mod formats_cli;
mod function_size;
mod garbage;
mod gen_brute;
mod gen_check;
mod hard_corpus;
mod human_corpus;
mod json_schema;
mod judge_mode;
mod layers;
mod malformed;
#[cfg(unix)]
mod one_file;
mod promises;
mod propagation;
mod properties;
mod readme;
mod real_corpus;
mod resume;
#[cfg(unix)]
mod robust;
mod shared;
mod small_puzzles;
mod verify;
mod verify_formats;
mod vocabulary;
