//! `Lanes`: four rows reasoned about at once, a lane each: the four
//! corners of a cell, or the four angles at a vertex. Corner `k` and
//! corner `3 - k` are opposite, and so are angle `a` and angle `3 - a`, so
//! what a rule says of the opposite one is [`Lanes::opposite`], one
//! permutation. Rows of one word make a lane set of four words, which the
//! x86-64-v3 build keeps in one AVX2 register; the rules read as algebra
//! on them instead of as four copies written out.

use super::Row;
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
use std::arch::x86_64::__m256i;
use std::ops::{BitAnd, BitOr, Not};

/// Four rows, lane `k` for the `k`-th corner (or angle).
///
/// ```
/// use slink::internals::bits::{Lanes, Row};
/// let l = Lanes([1, 2, 4, 8].map(|w| Row([w])));
/// assert_eq!(l.opposite().lane(0), Row([8]));
/// assert_eq!(l.or_all(), Row([15]));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Lanes<const W: usize>(pub [Row<W>; 4]);

impl<const W: usize> Lanes<W> {
    /// No bit in any lane.
    pub const EMPTY: Self = Lanes([Row::EMPTY; 4]);

    /// The same row in every lane.
    #[inline(always)]
    pub fn splat(r: Row<W>) -> Self {
        Lanes([r; 4])
    }

    /// Lane `k`.
    #[inline(always)]
    pub fn lane(self, k: usize) -> Row<W> {
        self.0[k]
    }

    /// Lane `k` holds what lane `3 - k` held: the opposite corner's (or
    /// angle's) row.
    #[inline(always)]
    pub fn opposite(self) -> Self {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if W == 1 {
            use std::arch::x86_64::_mm256_permute4x64_epi64;
            // SAFETY: AVX2 is on.
            return in_register(self, self, |x, _| unsafe {
                _mm256_permute4x64_epi64::<0b00_01_10_11>(x)
            });
        }
        let [a, b, c, d] = self.0;
        Lanes([d, c, b, a])
    }

    /// The bits set in some lane.
    #[inline(always)]
    pub fn or_all(self) -> Row<W> {
        let [a, b, c, d] = self.0;
        (a | b) | (c | d)
    }
}

/// Lanes of one-word rows as one AVX2 value, and back: `op` on them.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn in_register<const W: usize>(
    a: Lanes<W>,
    b: Lanes<W>,
    op: impl Fn(__m256i, __m256i) -> __m256i,
) -> Lanes<W> {
    assert!(W == 1);
    // SAFETY: with one-word rows, four lanes are 32 bytes of plain words,
    // as an `__m256i` is.
    unsafe {
        let (x, y): (__m256i, __m256i) = (
            std::mem::transmute_copy(&a.0),
            std::mem::transmute_copy(&b.0),
        );
        std::mem::transmute_copy(&op(x, y))
    }
}

impl<const W: usize> BitAnd for Lanes<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if W == 1 {
            // SAFETY: AVX2 is on.
            return in_register(self, o, |x, y| unsafe {
                std::arch::x86_64::_mm256_and_si256(x, y)
            });
        }
        let (a, b) = (self.0, o.0);
        Lanes([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }
}

impl<const W: usize> BitOr for Lanes<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if W == 1 {
            // SAFETY: AVX2 is on.
            return in_register(self, o, |x, y| unsafe {
                std::arch::x86_64::_mm256_or_si256(x, y)
            });
        }
        let (a, b) = (self.0, o.0);
        Lanes([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }
}

impl<const W: usize> Not for Lanes<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if W == 1 {
            use std::arch::x86_64::{_mm256_set1_epi64x, _mm256_xor_si256};
            // SAFETY: AVX2 is on.
            return in_register(self, self, |x, _| unsafe {
                _mm256_xor_si256(x, _mm256_set1_epi64x(-1))
            });
        }
        Lanes(self.0.map(|r| !r))
    }
}

/// A row and lanes: the row in every lane.
impl<const W: usize> BitAnd<Lanes<W>> for Row<W> {
    type Output = Lanes<W>;
    #[inline(always)]
    fn bitand(self, o: Lanes<W>) -> Lanes<W> {
        Lanes::splat(self) & o
    }
}

/// A row or lanes: the row in every lane.
impl<const W: usize> BitOr<Lanes<W>> for Row<W> {
    type Output = Lanes<W>;
    #[inline(always)]
    fn bitor(self, o: Lanes<W>) -> Lanes<W> {
        Lanes::splat(self) | o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_work_lane_by_lane() {
        let a = Lanes([0b1100, 0b1010, 0b0110, 0b0001].map(|w| Row::<1>([w])));
        let b = Lanes([0b1010, 0b0110, 0b0011, 0b1111].map(|w| Row::<1>([w])));
        assert_eq!((a & b).0.map(|r| r.0[0]), [0b1000, 0b0010, 0b0010, 0b0001]);
        assert_eq!((a | b).0.map(|r| r.0[0]), [0b1110, 0b1110, 0b0111, 0b1111]);
        assert_eq!((!a).lane(3).0[0], !0b0001);
        assert_eq!(
            a.opposite().0.map(|r| r.0[0]),
            [0b0001, 0b0110, 0b1010, 0b1100]
        );
        assert_eq!(a.or_all().0[0], 0b1111);
        let r = Row::<1>([0b0100]);
        assert_eq!((r & a).0.map(|r| r.0[0]), [0b0100, 0, 0b0100, 0]);
        assert_eq!((r | a).lane(3).0[0], 0b0101);
    }
}
