//! slink: a Slink and Slitherlink solver on bitboards.
//!
//! Parse judge-format input with [`parse`], solve with [`Solver`], draw
//! the judge's picture with [`render`], check any solution with
//! [`verify()`].
//!
//! ```
//! use slink::{Puzzle, Solver, Status};
//! let p = Puzzle::from_rows("22/22").unwrap();
//! let mut solver = Solver::default();
//! let outcome = solver.solve(&p);
//! assert_eq!(outcome.status(), Status::Unique);
//! let mut drawing = Vec::new();
//! slink::render::draw(&p, outcome.solution().unwrap(), &mut drawing);
//! assert!(drawing.starts_with(b"#############\n"));
//! ```

pub mod batch;
pub mod bits;
pub mod board;
pub mod connect;
pub mod engine;
pub mod explain;
pub mod formats;
pub mod generate;
pub mod geometry;
pub mod judge;
pub mod loops;
pub mod pack;
pub mod parity;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod rules;
pub mod solution;
pub mod solver;
pub mod trace;
pub mod verify;

pub use puzzle::{Clue, Puzzle};
pub use solution::Solution;
pub use solver::{Options, Outcome, Solver, Stats, Status};
pub use verify::verify;
