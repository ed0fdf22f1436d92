//! Helpers shared by slink's program-behaviour tests, one module per topic.
//!
//! Nothing here uses the `slink` library (but for [`Rng`] and
//! [`random_region`], the library's one RNG and one region grower,
//! [`Edges::of_solution`], which reads a solution's edges, and `versus`,
//! which compares the solver with brute force): the verifier
//! reads the judge DRAWING text (the bytes the program prints) and checks
//! it against the puzzle read by a tiny reader of its own, so a bug in
//! the library's parser, renderer or checker cannot hide itself.
//!
//! - [`Grid`], [`read_puzzles`]: puzzles as the tests see them.
//! - [`Edges`], [`parse_drawing`], [`verify_drawing`], [`check_loop`],
//!   [`check_one_loop`]: the independent verifier.
//! - [`split_blocks`], [`verify_output`]: a whole judge output.
//! - [`Invocation`], [`run_slink`], [`run_slink_within`]: the binary, run
//!   with stdin bytes or a file, in a folder, with a time limit.
//! - [`all_loops`], [`matching_loops`], [`draw`]: brute force and a drawing
//!   writer of the tests' own (to build broken drawings for the verifier's
//!   self-tests and to compare with the program's drawings).
//! - [`cross_check`], [`puzzle`], [`grid_of`]: the library's solver
//!   against brute force (the one use of its solver here), shared with
//!   the fuzz target `versus_brute`.
//! - [`Rng`], [`random_region`], [`Shape`]: random numbers and regions.
//! - [`Corpus`], [`per_data_set`], [`report`]: a collection beside the
//!   package, the binary's run over it, its drawings per data set.

mod brute;
mod corpus;
mod grid;
mod output;
mod rng;
mod run;
mod sweeps;
mod verify;
mod versus;

pub use brute::*;
pub use corpus::*;
pub use grid::*;
pub use output::*;
pub use rng::*;
pub use run::*;
pub use sweeps::*;
pub use verify::*;
pub use versus::*;
