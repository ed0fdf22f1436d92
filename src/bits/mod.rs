//! Rows of bits: the words every board is made of, and the bit-parallel
//! arithmetic on them.
//!
//! - [`Row`]: one grid row of bits in `W` machine words (`row`), with
//!   shifts that carry between words, four words in one AVX2 register
//!   (`avx2`);
//! - [`RowSet`]: a set of rows, one bit each (`row_set`);
//! - [`Count`]: how many of four rows have each bit, bit-sliced (`count`);
//! - [`Lanes`]: four rows at once, the four corners of a cell or angles
//!   of a vertex (`lanes`);
//! - the unroll macros, which write a rule out once per side or corner
//!   (`unroll`, crate-private).

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2;
mod count;
mod lanes;
mod row;
mod row_set;
mod unroll;

pub use count::Count;
pub use lanes::Lanes;
pub use row::{word_at, Ones, Row};
pub use row_set::RowSet;
pub(crate) use unroll::{map4, unroll2, unroll4};
