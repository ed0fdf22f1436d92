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
//! - [`nonzero_lanes16`]: which 16-bit lanes of a word are not zero;
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
pub use row::{or_at, word_at, Ones, Row};
pub use row_set::RowSet;
pub(crate) use unroll::{map4, unroll2, unroll4};

/// Per 16-bit lane of `x`: the lane's top bit set where the lane is not
/// zero, every other bit clear (the four lanes of a word tested at once).
#[inline(always)]
pub(crate) fn nonzero_lanes16(x: u64) -> u64 {
    const LOW: u64 = 0x7fff_7fff_7fff_7fff;
    ((x & LOW).wrapping_add(LOW) | x) & !LOW
}

#[cfg(test)]
mod tests {
    /// Against a lane-by-lane reading, on lanes of every kind: zero, one
    /// bit, the top bit alone, all ones, random.
    #[test]
    fn nonzero_lanes16_tests_each_lane_alone() {
        let mut rng = crate::util::rng::Rng::new(16);
        let kinds = [0u64, 1, 0x8000, 0xffff, 0x7fff, 0x0100];
        for _ in 0..10_000 {
            let x = (0..4).fold(0u64, |x, k| {
                let lane = match rng.index(3) {
                    0 => kinds[rng.index(kinds.len())],
                    _ => rng.next_u64() & 0xffff,
                };
                x | lane << (16 * k)
            });
            let want = (0..4).fold(0u64, |m, k| {
                m | u64::from((x >> (16 * k)) & 0xffff != 0) << (16 * k + 15)
            });
            assert_eq!(super::nonzero_lanes16(x), want, "{x:#x}");
        }
    }
}
