//! The judge format, the contest's: read with exact error positions,
//! written, and drawn.
//!
//! Reading has two layers: the scanner (`scan`, the judge's part of the
//! one [`Reader`](super::Reader)) finds data sets (a header line `r c`
//! and the byte span of its `r` row lines) without looking at the clues,
//! so that a batch run can split a file quickly; `body` reads the clues of
//! one span into a reusable [`Puzzle`](crate::Puzzle) (through
//! [`Span::decode`](super::Span::decode)). Neither allocates per token.
//! [`write`](mod@write) writes a puzzle in the format, [`render`] draws the judge's
//! picture of a solved puzzle, and [`drawing`] reads such a picture back,
//! sharing no code with [`render`].

mod body;
pub mod drawing;
pub mod render;
mod scan;
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod wide;
pub mod write;

pub(crate) use body::parse_body;

#[cfg(test)]
mod tests;
