//! Deduction as mask operations over whole rows of cells or vertices:
//! the judge's rules R1-R15 ([`cell`], [`corner`], [`diagonal`],
//! [`entry`], [`threes`]) and the vertex rules ([`vertex`]), and two
//! families that are not the judge's, which the complete solver adds once
//! those stall: inside and outside ([`color`]) and the marks of cell
//! corners ([`angle`]).
//!
//! Most families have an `apply(ctx, i)` that runs their rules on cell
//! row `i` (vertex row `i` for [`vertex`]) for every column at once;
//! [`angle`] has its own entry points for cells and vertices, and
//! [`threes::apply_all`] takes the whole board. Rules are written once,
//! for one [`Corner`](crate::grid::Corner) or
//! [`Side`](crate::grid::Side), and applied to all four. [`propagate`]
//! runs the families to a fixpoint, row by row where something changed.

pub mod angle;
pub mod cell;
pub mod color;
pub mod corner;
mod ctx;
pub mod decision;
pub mod diagonal;
pub mod entry;
mod propagate;
pub mod threes;
pub mod vertex;

pub use ctx::{CornerExits, Ctx, Near, Trace, Visit};
pub use decision::{Contradiction, Event, Reason, Rule, RuleCounts};
pub use propagate::{later_tiers_near, pass, propagate, propagate_until, Due};

#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
mod tests;
