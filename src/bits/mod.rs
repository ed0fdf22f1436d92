//! Rows of bits: the words every board is made of.

mod row;

pub use row::{Ones, Row, RowSet};
