//! Deduction over whole rows: the judge's rules R1-R15 (one family a
//! module, named for its rules), and beside them, for the complete solver
//! only, the inside/outside colour rules ([`color`]), the angle rules
//! ([`angle`]) and the closing of loops round one cell ([`closing`]), each
//! a mask operation over every column of a cell or vertex row at once.
//!
//! A family's functions take a [`Ctx`] and a row: `apply(ctx, i)` for
//! [`cell`], [`threes`], [`diagonal`] and [`color`] on cell row `i`, and
//! for [`vertex`] on vertex row `i`; [`angle::cells`] and
//! [`angle::vertices`]; `decide` for [`corner`] and [`entry`], which share
//! one visit of a row and the corner exits it reads ([`CornerExits`]).
//! [`propagate`] runs them to their fixpoint in tiers, revisiting only the
//! rows near a change (the cell, vertex, colour and angle rules first,
//! then the corner families, then R13); [`pass`] sweeps every family over
//! every row once. Rules are written once, for one
//! [`Corner`](crate::grid::Corner) or [`Side`](crate::grid::Side), and
//! applied to all four. [`decision`] names the rules and what they find.

pub mod angle;
pub mod cell;
pub mod closing;
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
