//! `Row`: one grid row of bits, `W` machine words wide.
//!
//! Bit `j` of a row stands for column `j` (of cells, vertices or edges,
//! depending on the plane). Boards up to 63 columns use `Row<1>`, a plain
//! `u64` in disguise; wider boards use two or four words, with carries
//! between words on shifts (four-word rows shift in one AVX2 register when
//! the build has AVX2, as the default x86-64-v3 build does). The rules are
//! written once, generic over `W`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A row of `64 * W` bits; bit `j` is column `j`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Row<const W: usize>(pub [u64; W]);

impl<const W: usize> Row<W> {
    /// No bit set.
    pub const EMPTY: Self = Row([0; W]);
    /// Every bit set.
    pub const FULL: Self = Row([!0; W]);
    /// Number of bits a row holds.
    pub const BITS: usize = 64 * W;

    /// The bits `0..n` set (`n <= BITS`).
    #[inline]
    pub fn low(n: usize) -> Self {
        let mut r = Self::EMPTY;
        for (w, word) in r.0.iter_mut().enumerate() {
            let lo = w * 64;
            *word = if n >= lo + 64 {
                !0
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        r
    }

    /// Only bit `j` set.
    #[inline]
    pub fn single(j: usize) -> Self {
        let mut r = Self::EMPTY;
        r.0[j / 64] = 1 << (j % 64);
        r
    }

    /// Whether bit `j` is set.
    #[inline]
    pub fn has(self, j: usize) -> bool {
        self.0[j / 64] >> (j % 64) & 1 == 1
    }

    /// Sets bit `j`.
    #[inline]
    pub fn set(&mut self, j: usize) {
        self.0[j / 64] |= 1 << (j % 64);
    }

    /// Whether no bit is set.
    #[inline]
    pub fn is_empty(self) -> bool {
        // Every word folded, with no early exit: one vector test on wide rows.
        self.0.iter().fold(0, |all, &w| all | w) == 0
    }

    /// Whether some bit is set.
    #[inline]
    pub fn any(self) -> bool {
        !self.is_empty()
    }

    /// Number of set bits.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest set bit, if any.
    #[inline]
    pub fn first(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// Moves every bit `n` columns east, towards the higher columns (bit
    /// `j` to `j + n`, `n < 64`; a bit shift left), filling the vacated
    /// low columns with `fill`.
    #[inline(always)]
    pub fn east(self, n: u32, fill: bool) -> Self {
        self.moved(n, fill, true)
    }

    /// [`Row::east`] a word at a time.
    #[inline(always)]
    fn east_by_words(self, n: u32, fill: bool) -> Self {
        let mut r = Self::EMPTY;
        let mut carry = if fill { (1u64 << n) - 1 } else { 0 };
        for w in 0..W {
            r.0[w] = self.0[w] << n | carry;
            carry = self.0[w] >> (64 - n);
        }
        r
    }

    /// Moves every bit `n` columns west, towards the lower columns (bit
    /// `j` to `j - n`, `n < 64`; a bit shift right), filling the vacated
    /// high columns with `fill`.
    #[inline(always)]
    pub fn west(self, n: u32, fill: bool) -> Self {
        self.moved(n, fill, false)
    }

    /// [`Row::east`] (`east`) or [`Row::west`]: in one AVX2 register for
    /// four words where the build has AVX2, else a word at a time.
    #[inline(always)]
    fn moved(self, n: u32, fill: bool, east: bool) -> Self {
        debug_assert!(n < 64, "a shift of {n}");
        if n == 0 {
            return self;
        }
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if let Some(four) = super::avx2::Four::of(self.0) {
            return Row(four.shift(n, fill, east).words());
        }
        if east {
            self.east_by_words(n, fill)
        } else {
            self.west_by_words(n, fill)
        }
    }

    /// [`Row::west`] a word at a time.
    #[inline(always)]
    fn west_by_words(self, n: u32, fill: bool) -> Self {
        let mut r = Self::EMPTY;
        let mut carry = if fill { !0u64 << (64 - n) } else { 0 };
        for w in (0..W).rev() {
            r.0[w] = self.0[w] >> n | carry;
            carry = self.0[w] << (64 - n);
        }
        r
    }

    /// Moves bits by a signed number of columns: bit `j` to `j + by`.
    #[inline(always)]
    pub fn shift(self, by: i32, fill: bool) -> Self {
        if by >= 0 {
            self.east(by as u32, fill)
        } else {
            self.west((-by) as u32, fill)
        }
    }

    /// Sets the bits of `bits` from bit `start` on (bits past the row are
    /// dropped).
    #[inline]
    pub fn or_at(&mut self, start: usize, bits: u64) {
        or_at(&mut self.0, start, bits);
    }

    /// The 64 bits from bit `start` on (bits past the row read as 0).
    #[inline]
    pub fn word_at(self, start: usize) -> u64 {
        word_at(&self.0, start)
    }

    /// Iterates over the set bits, lowest first.
    #[inline]
    pub fn ones(self) -> Ones<W> {
        Ones { row: self }
    }
}

/// Iterator over the set bits of a [`Row`].
pub struct Ones<const W: usize> {
    row: Row<W>,
}

impl<const W: usize> Iterator for Ones<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        for w in 0..W {
            let word = self.row.0[w];
            if word != 0 {
                self.row.0[w] = word & (word - 1);
                return Some(w * 64 + word.trailing_zeros() as usize);
            }
        }
        None
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> $tr for Row<W> {
            type Output = Self;
            #[inline]
            fn $f(self, o: Self) -> Self {
                let mut r = self;
                for w in 0..W {
                    r.0[w] = self.0[w] $op o.0[w];
                }
                r
            }
        }
        impl<const W: usize> $atr for Row<W> {
            #[inline]
            fn $af(&mut self, o: Self) {
                *self = *self $op o;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl<const W: usize> BitXor for Row<W> {
    type Output = Self;
    #[inline]
    fn bitxor(self, o: Self) -> Self {
        let mut r = self;
        for w in 0..W {
            r.0[w] ^= o.0[w];
        }
        r
    }
}

impl<const W: usize> Not for Row<W> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        let mut r = self;
        for w in r.0.iter_mut() {
            *w = !*w;
        }
        r
    }
}

impl<const W: usize> fmt::Debug for Row<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Row[")?;
        for (n, j) in self.ones().enumerate() {
            if n > 0 {
                write!(f, ",")?;
            }
            write!(f, "{j}")?;
        }
        write!(f, "]")
    }
}

/// Sets the bits of `bits` in `words` from bit `start` on (bits past the
/// last word are dropped): [`word_at`]'s write.
#[inline]
pub fn or_at(words: &mut [u64], start: usize, bits: u64) {
    let (w, o) = (start / 64, start % 64);
    if let Some(x) = words.get_mut(w) {
        *x |= bits << o;
    }
    if o > 0 {
        if let Some(x) = words.get_mut(w + 1) {
            *x |= bits >> (64 - o);
        }
    }
}

/// The 64 bits of `words` (bit `k` of word `w` is bit `64 w + k`) from
/// bit `start` on; bits past the end read as 0.
#[inline]
pub fn word_at(words: &[u64], start: usize) -> u64 {
    let (w, o) = (start / 64, start % 64);
    let low = words.get(w).map_or(0, |x| x >> o);
    let high = match (o, words.get(w + 1)) {
        (1.., Some(x)) => x << (64 - o),
        _ => 0,
    };
    low | high
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_masks() {
        assert_eq!(Row::<1>::low(0), Row::EMPTY);
        assert_eq!(Row::<1>::low(64), Row::FULL);
        assert_eq!(Row::<1>::low(3).0[0], 0b111);
        let r = Row::<2>::low(70);
        assert_eq!(r.0, [!0, 0b11_1111]);
        assert_eq!(r.count(), 70);
    }

    #[test]
    fn or_at_spills_into_the_next_word_and_drops_past_the_row() {
        let mut r = Row::<2>::EMPTY;
        r.or_at(60, 0b1_0001);
        assert_eq!(r.0, [1 << 60, 1]);
        r.or_at(124, 0xff);
        assert_eq!(r.0, [1 << 60, 1 | 0xf << 60]);
        let mut one = Row::<1>::EMPTY;
        one.or_at(62, 0b111);
        assert_eq!(one.0, [0b11 << 62]);
    }

    #[test]
    fn shifts_carry_between_words() {
        let r = Row::<2>::single(63);
        assert_eq!(r.east(1, false), Row::single(64));
        assert_eq!(Row::<2>::single(64).west(1, false), Row::single(63));
        assert_eq!(Row::<2>::EMPTY.east(2, true).0, [0b11, 0]);
        assert_eq!(Row::<2>::EMPTY.west(1, true).0, [0, 1 << 63]);
        assert_eq!(Row::<1>::single(5).shift(-2, false), Row::single(3));
    }

    #[test]
    fn shifts_agree_with_the_word_by_word_shifts() {
        // Four-word rows shift in vector registers where the build allows.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200 {
            let r = Row::<4>([next(), next(), next(), next()]);
            for n in 1..64 {
                for fill in [false, true] {
                    assert_eq!(
                        r.east(n, fill),
                        r.east_by_words(n, fill),
                        "{r:?} east {n} {fill}"
                    );
                    assert_eq!(
                        r.west(n, fill),
                        r.west_by_words(n, fill),
                        "{r:?} west {n} {fill}"
                    );
                }
            }
        }
        // The word-by-word shifts themselves, on single bits.
        for j in 0..256 {
            let r = Row::<4>::single(j);
            for n in 1..64 {
                let east = (j + n < 256).then(|| Row::single(j + n));
                assert_eq!(r.east_by_words(n as u32, false), east.unwrap_or(Row::EMPTY));
                let west = j.checked_sub(n).map(Row::single);
                assert_eq!(r.west_by_words(n as u32, false), west.unwrap_or(Row::EMPTY));
            }
        }
        assert_eq!(Row::<4>::EMPTY.east(3, true), Row::low(3));
        assert_eq!(Row::<4>::EMPTY.west(2, true), !Row::low(254));
    }

    #[test]
    fn ones_iterates_in_order() {
        let mut r = Row::<4>::EMPTY;
        for j in [0, 63, 64, 200, 255] {
            r.set(j);
        }
        assert_eq!(r.ones().collect::<Vec<_>>(), vec![0, 63, 64, 200, 255]);
        assert_eq!(r.first(), Some(0));
        assert!(r.has(200) && !r.has(199));
    }
}
