//! Runs over inputs: judge mode, batch mode, checks, explanations.

pub mod batch;
pub mod bench;
pub mod check;
pub mod convert;
pub mod explain;
pub mod judge;
pub mod pictures;
pub mod question;
pub mod verify;
