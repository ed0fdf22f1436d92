//! The board: what is decided of every edge, as bit planes.

mod edges;

pub use edges::*;
