//! The rules on small boards, before and after; and a brute-force check
//! that no rule ever excludes a real single-loop solution.
//!
//! Every [`check`] runs its case in all eight rotations and reflections,
//! and again on boards 72 and 200 columns wide with the drawing across a
//! word boundary of the rows.

mod brute_force;
mod cell;
mod complete;
mod corner;
mod diagonal;
mod entry;
mod harness;
mod propagate;
mod r4_exception;
mod threes;
mod vertex;
mod wide;
