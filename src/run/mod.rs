//! Runs over inputs: judge mode, batch mode, checks, explanations, and
//! the referee of contestants' output (`slink verify`).

pub mod batch;
pub mod bench;
pub mod check;
pub mod convert;
pub mod explain;
pub mod judge;
pub mod question;
pub mod read;
pub mod verify;
