//! Reading the judge format from bytes, with exact error positions.
//!
//! Two layers: [`Scanner`] finds data sets (a header line `r c` and the
//! byte span of its `r` row lines) without looking at the clues, so a
//! batch run can split a file quickly; [`parse_body`] reads the clues of
//! one span into a reusable [`Puzzle`](crate::Puzzle). Neither allocates per token.

mod body;
pub mod drawing;
mod place;
mod puzzles;
pub mod render;
mod scan;
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod wide;
pub mod write;

pub use body::parse_body;
pub use place::{Header, ParseError, Span};
pub use puzzles::{puzzles, Puzzles};
pub use scan::{Ending, Scanner};

#[cfg(test)]
mod tests;
