//! The board: what is decided of every edge, as bit planes, and the
//! puzzle's clues as row masks.
//!
//! - [`Edges`]: the line and cross planes and the inside/outside cells,
//!   read and written a row at a time through an `At` (`edges`), stored
//!   as seven [`Part`]s (`part`: six of a row per cell row, the angles
//!   of eight); what it holds of one edge along a row is
//!   an [`Edge`] (`edge`); [`Trail`], the boards of a search's levels,
//!   kept as what changed from one to the next (`trail`);
//! - [`Frame`]: a board's size and row masks, for one puzzle or several
//!   side by side (`frame`);
//! - [`Clues`]: the clues by value and in binary (`clues`).

mod clues;
mod edge;
mod edges;
mod frame;
mod part;
mod trail;

pub use clues::{domino_loop_fits, ClueBits, Clues};
pub use edge::Edge;
pub use edges::Edges;
pub use frame::Frame;
pub use part::{Angle, Part};
pub use trail::Trail;
