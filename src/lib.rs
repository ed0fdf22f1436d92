//! slink: a Slink and Slitherlink solver on bitboards.
//!
//! Read judge-format text with [`puzzles`], solve with a [`Solver`], draw
//! the judge's picture with [`draw`], and check any solution with
//! [`verify()`]:
//!
//! ```
//! let mut solver = slink::Solver::default();
//! for puzzle in slink::puzzles(b"2 2\n2 2\n2 2\n0 0\n") {
//!     let (p, mut drawing) = (puzzle.unwrap(), Vec::new());
//!     slink::draw(&p, solver.solve(&p).solution().unwrap(), &mut drawing);
//!     assert!(drawing.starts_with(b"#############\n"));
//! }
//! ```
//!
//! A [`Solution`] holds the loop's edges as a bit slice
//! ([`Solution::lines`]); an [`Outcome`] says whether the loop is the only
//! one ([`Status`]) and what finding it cost ([`Stats`]). The puzzle formats
//! of the Slitherlink ecosystem (puzz.link URLs, Loopy game IDs, pzprv3
//! files) are read and written by [`formats`].
//!
//! # Layers
//!
//! The source is in folders by layer, and a module uses only its own
//! layer and those before it, never one after it:
//!
//! `bits -> grid -> puzzle -> board -> rules -> solve -> generate -> run -> cli`
//!
//! with `util` (seeded random numbers, the stop request that SIGINT and
//! SIGTERM make, counts in words) a leaf that any layer may use. `bits`
//! holds rows of machine words, `grid` the names of edges, sides and
//! corners, `puzzle` the clues, the formats (the judge's, read, written
//! and drawn; URLs, Loopy IDs, pzprv3 files; SVG and HTML pictures) and
//! the independent verifier, `board` the solver's state as bit planes,
//! `rules` the deduction rules, `solve` the complete solver, `generate`
//! the puzzle generator, `run` whole runs (batch mode, judge mode, check,
//! explain, convert, verify, bench), and `cli` (in the binary) the
//! command line. A test (`tests/cli/layers.rs`) reads every `crate::`
//! path and fails on an import against this order or a cycle between
//! modules.
//!
//! Everything else is reached through [`internals`], which is not part of
//! the stable interface.

#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]

/// The README's Rust example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

mod bits;
mod board;
mod generate;
mod grid;
mod puzzle;
mod rules;
mod run;
mod solve;
mod util;

pub use crate::{
    grid::{EdgeId, Plane},
    puzzle::formats,
    puzzle::formats::judge::render::{draw, drawing_len},
    puzzle::formats::judge::write::write_puzzle,
    puzzle::formats::pictures,
    puzzle::formats::{puzzles, ParseError, Puzzles},
    puzzle::solution::{Bits, Solution},
    puzzle::verify::{verify, Invalid},
    puzzle::{Clue, Puzzle, PuzzleError, MAX_COLS, MAX_ROWS},
    rules::{Contradiction, Event, Reason, Rule, RuleCounts},
    solve::outcome::{Options, Outcome, Stats, Status},
    solve::solver::{solve, Solver},
};

/// The crate's layers as modules, for slink's own binary, benches, fuzz
/// targets and integration tests only.
///
/// **Unstable**: not part of the public interface; anything here may change
/// or go away in any release. Library users: the items at the crate root
/// are the interface.
#[doc(hidden)]
pub mod internals {
    /// Rows of bits (see the crate's layers).
    pub mod bits {
        pub use crate::bits::*;
    }
    /// The solver's board state.
    pub mod board {
        pub use crate::board::*;
    }
    /// The puzzle generator.
    pub mod generate {
        pub use crate::generate::*;
    }
    /// Edges, sides, corners.
    pub mod grid {
        pub use crate::grid::*;
    }
    /// Puzzles, parsing, drawing, verifying.
    pub mod puzzle {
        pub use crate::puzzle::*;
    }
    /// The deduction rules.
    pub mod rules {
        pub use crate::rules::*;
    }
    /// Whole runs: batch, judge, check, explain, bench, pictures.
    pub mod run {
        pub use crate::run::*;
    }
    /// The complete solver.
    pub mod solve {
        pub use crate::solve::*;
    }
    /// Random numbers, the stop request, counts in words.
    pub mod util {
        pub use crate::util::*;
    }
}
