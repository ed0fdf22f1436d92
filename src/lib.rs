//! slink: a fast Slink and Slitherlink solver.
//!
//! Read puzzles with [`puzzles`] (the judge format) or [`formats`]
//! (puzz.link URLs, Loopy game IDs, pzprv3 files), solve them with
//! [`solve`] or a reusable [`Solver`], draw the judge's picture with
//! [`draw`], and check any solution with [`verify()`], which shares no
//! code with the solver:
//!
//! ```
//! let mut solver = slink::Solver::default();
//! for puzzle in slink::puzzles(b"2 2\n2 2\n2 2\n0 0\n") {
//!     let (p, mut drawing) = (puzzle.unwrap(), Vec::new());
//!     let solution = solver.solve(&p).solution().unwrap();
//!     assert!(slink::verify(&p, solution).is_ok());
//!     slink::draw(&p, solution, &mut drawing);
//!     assert!(drawing.starts_with(b"#############\n"));
//! }
//! ```
//!
//! An [`Outcome`] says whether the loop is the only one ([`Status`]) and
//! what finding it cost ([`Stats`]); a [`Solution`] holds the loop's edges
//! as bit slices ([`Solution::lines`]). [`Options`] set the work budget,
//! a time limit, or the judge's rules alone.
//!
//! # Features
//!
//! - `run`: whole runs over files (the batch engine, the generator, SVG
//!   and HTML [`pictures`]), on rayon, memmap2, serde_json and quick-xml.
//! - `progress`: a progress bar on a terminal (indicatif).
//! - `cli` (default): the `slink` binary; both of the above.
//!
//! With `default-features = false` the crate is the puzzle, its formats,
//! the solver, the drawing and the verifier, and depends on bitvec,
//! itoa and memchr alone.
//!
//! How the source is laid out (its layers, and the test that keeps them)
//! is in the repository's `docs/architecture.md`.

#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]

/// The README's Rust example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

mod bits;
mod board;
#[cfg(feature = "run")]
pub mod generate;
mod grid;
mod puzzle;
mod rules;
#[cfg(feature = "run")]
pub mod run;
mod solve;
mod util;

pub use crate::{
    grid::{EdgeId, Plane},
    puzzle::formats,
    puzzle::formats::judge::render::{draw, drawing_len},
    puzzle::formats::judge::write::write_puzzle,
    puzzle::formats::{puzzles, ParseError, Puzzles},
    puzzle::solution::{Bits, Solution},
    puzzle::verify::{verify, Invalid},
    puzzle::{Clue, Puzzle, PuzzleError, BLANK, MAX_COLS, MAX_ROWS},
    rules::{Contradiction, Event, Reason, Rule, RuleCounts},
    solve::outcome::{Options, Outcome, Stats, Status},
    solve::solver::{solve, Solver},
    util::{counted, interrupt},
};

#[cfg(feature = "run")]
pub use crate::puzzle::formats::pictures;

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
    #[cfg(feature = "run")]
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
    #[cfg(feature = "run")]
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
