//! The grid's geometry: which edge is which, relative to a cell or a
//! vertex, and every symmetric variant of a rule.
//!
//! - [`Plane`], [`EdgeId`], [`At`]: an edge's kind, an edge of the grid,
//!   and an edge named relative to a cell or vertex (`edge`);
//! - [`Side`], [`Corner`], [`ARMS`]: a cell's sides and corners and a
//!   vertex's arms, as `At` offsets, so that a rule written for one of
//!   them is applied to all four (`geometry`).

mod edge;
mod geometry;

pub use edge::{At, EdgeId, Plane};
pub use geometry::{Corner, Side, ARMS};
