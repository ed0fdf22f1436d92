//! slink: a Slink and Slitherlink solver on bitboards.
//!
//! Parse judge-format input with [`puzzle::parse`], solve with [`Solver`], draw
//! the judge's picture with [`puzzle::render`], check any solution with
//! [`verify()`].
//!
//! ```
//! use slink::{Puzzle, Solver, Status};
//! let p = Puzzle::from_rows("22/22").unwrap();
//! let mut solver = Solver::default();
//! let outcome = solver.solve(&p);
//! assert_eq!(outcome.status(), Status::Solved);
//! let mut drawing = Vec::new();
//! slink::puzzle::render::draw(&p, outcome.solution().unwrap(), &mut drawing);
//! assert!(drawing.starts_with(b"#############\n"));
//! ```

pub mod bits;
pub mod board;
pub mod generate;
pub mod grid;
pub mod puzzle;
pub mod rules;
pub mod run;
pub mod solve;
pub mod util;

pub use puzzle::solution::Solution;
pub use puzzle::verify::verify;
pub use puzzle::{Clue, Puzzle};
pub use solve::outcome::{Options, Outcome, Stats, Status};
pub use solve::solver::Solver;
