//! The judge's deduction rules R1-R15 and the vertex rules, as mask
//! operations over whole rows of cells or vertices.
//!
//! Each family has a module and an `apply(ctx, i)` that runs its rules on
//! cell row `i` (or vertex row `i` for [`vertex`]) for every column at once.
//! Rules are written once, for one [`Corner`](crate::grid::Corner) or
//! [`Side`](crate::grid::Side), and applied to all four.

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
