//! The board: what is decided of a puzzle, as bit planes, and the
//! puzzle's clues as row masks.
//!
//! - [`Board`]: the state of a board being solved (`state`): seven
//!   [`Part`]s of rows of bits (`part`): the line and cross marks of the
//!   horizontal and of the vertical edges, the cells known inside and
//!   outside the loop, and the marks of the cells' angles ([`Angle`],
//!   eight rows per cell row); beside them, what the rules need to go on
//!   from where they stopped: the rows changed since their last fixpoint,
//!   by kind of change (`changed`; what they make due, [`DueRows`]), the
//!   rows that may have an undecided edge, whether some edge or cell
//!   has clashing marks, and which rules it has been through. Rules read
//!   and write it a row at a time, through an `At`; what it holds of one
//!   edge along a row is an [`Edge`] (`edge`). Propagation's own scratch
//!   is not part of it (see [`crate::rules::Due`]);
//! - [`Trail`]: the boards of a search's levels, kept as what changed
//!   from one to the next (`trail`);
//! - [`Frame`]: a board's size and row masks, for one puzzle or several
//!   side by side (`frame`);
//! - [`Clues`]: the clues by value and in binary (`clues`).

mod changed;
mod clues;
mod edge;
mod frame;
mod part;
mod state;
mod trail;

pub use changed::DueRows;
pub use clues::{domino_loop_fits, ClueBits, Clues};
pub use edge::Edge;
pub use frame::Frame;
pub use part::{Angle, Part};
pub use state::Board;
pub use trail::Trail;
