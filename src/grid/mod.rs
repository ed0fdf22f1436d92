//! The grid's geometry: a cell's sides and corners, a vertex's arms.

mod geometry;

pub use geometry::{Corner, Side, ARMS};
