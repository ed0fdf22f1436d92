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

/// A set of rows (of cells, vertices or edges) `0..len`, one bit per row.
///
/// The hot operations (insert, test, union, widen) are single word
/// operations. (`bitvec` was tried here: its `iter_ones` made the real
/// corpus 2.6% slower, measured with callgrind.)
#[derive(Debug, Default, PartialEq, Eq)]
pub struct RowSet {
    words: Vec<u64>,
    len: usize,
}

impl Clone for RowSet {
    fn clone(&self) -> Self {
        RowSet {
            words: self.words.clone(),
            len: self.len,
        }
    }

    /// Reuses storage (the derived one would allocate).
    fn clone_from(&mut self, other: &Self) {
        self.words.clone_from(&other.words);
        self.len = other.len;
    }
}

impl RowSet {
    /// Makes the set hold rows `0..len` (new rows are out), keeping what is
    /// in below `len`.
    pub fn resize(&mut self, len: usize) {
        if self.len != len {
            self.words.resize(len.div_ceil(64), 0);
            self.len = len;
            self.trim();
        }
    }

    /// Number of rows the set can hold.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set can hold no rows at all (`len` 0).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Puts row `r` (below `len`) in.
    #[inline]
    pub fn insert(&mut self, r: usize) {
        self.words[r / 64] |= 1 << (r % 64);
    }

    /// Takes row `r` (below `len`) out.
    #[inline]
    pub fn remove(&mut self, r: usize) {
        self.words[r / 64] &= !(1 << (r % 64));
    }

    /// Whether row `r` (below `len`) is in.
    #[inline]
    pub fn contains(&self, r: usize) -> bool {
        self.words[r / 64] >> (r % 64) & 1 == 1
    }

    /// Whether any row is in.
    #[inline]
    pub fn any(&self) -> bool {
        self.words.iter().any(|&w| w != 0)
    }

    /// Takes every row out.
    #[inline]
    pub fn clear_all(&mut self) {
        self.words.fill(0);
    }

    /// Puts in every row of `other`, a set of the same length.
    #[inline]
    pub fn union_with(&mut self, other: &RowSet) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a |= b);
    }

    /// Puts in every row at most `reach` rows (1 to 63) away from a row of
    /// `other`, a set of the same length, and those rows themselves.
    #[inline]
    pub fn union_widened(&mut self, other: &RowSet, reach: u32) {
        for (w, into) in self.words.iter_mut().enumerate() {
            *into |= near(&other.words, w, reach);
        }
        self.trim();
    }

    /// Keeps only the rows at most `reach` rows (1 to 63) away from a row
    /// of `other`, a set of the same length.
    #[inline]
    pub fn keep_near(&mut self, other: &RowSet, reach: u32) {
        for (w, into) in self.words.iter_mut().enumerate() {
            *into &= near(&other.words, w, reach);
        }
    }

    /// Clears the bits past the last row.
    fn trim(&mut self) {
        if let Some(last) = self.words.last_mut().filter(|_| self.len % 64 != 0) {
            *last &= u64::MAX >> (64 - self.len % 64);
        }
    }

    /// The rows in the set, in decreasing order.
    pub fn iter_rev(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().rev().flat_map(|(w, &x)| {
            let mut bits = x;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let j = 63 - bits.leading_zeros() as usize;
                    bits &= !(1 << j);
                    64 * w + j
                })
            })
        })
    }

    /// Puts every row `0..len` in.
    #[inline]
    pub fn insert_all(&mut self) {
        self.words.fill(u64::MAX);
        self.trim();
    }

    /// The rows in the set, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &x)| {
            let mut bits = x;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let j = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    64 * w + j
                })
            })
        })
    }
}

/// Word `w` of the rows at most `reach` rows (1 to 63) away from a row of
/// the set `words`, and those rows themselves (not trimmed to its length).
#[inline(always)]
fn near(words: &[u64], w: usize, reach: u32) -> u64 {
    let x = words[w];
    let below = if w > 0 { words[w - 1] } else { 0 };
    let above = words.get(w + 1).copied().unwrap_or(0);
    let mut near = x;
    for d in 1..=reach {
        near |= x << d | below >> (64 - d) | x >> d | above << (64 - d);
    }
    near
}

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

    /// Moves every bit `n` columns up (bit `j` to `j + n`, `n < 64`),
    /// filling the vacated low columns with `fill`.
    #[inline(always)]
    pub fn up(self, n: u32, fill: bool) -> Self {
        self.moved(n, fill, true)
    }

    /// [`Row::up`] a word at a time.
    #[inline(always)]
    fn up_by_words(self, n: u32, fill: bool) -> Self {
        let mut r = Self::EMPTY;
        let mut carry = if fill { (1u64 << n) - 1 } else { 0 };
        for w in 0..W {
            r.0[w] = self.0[w] << n | carry;
            carry = self.0[w] >> (64 - n);
        }
        r
    }

    /// Moves every bit `n` columns down (bit `j` to `j - n`, `n < 64`),
    /// filling the vacated high columns with `fill`.
    #[inline(always)]
    pub fn down(self, n: u32, fill: bool) -> Self {
        self.moved(n, fill, false)
    }

    /// [`Row::up`] (`up`) or [`Row::down`]: in one AVX2 register for four
    /// words where the build has AVX2, else a word at a time.
    #[inline(always)]
    fn moved(self, n: u32, fill: bool, up: bool) -> Self {
        debug_assert!(n < 64, "a shift of {n}");
        if n == 0 {
            return self;
        }
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if let Some(four) = avx2::Four::of(self) {
            return four.shift(n, fill, up).row();
        }
        if up {
            self.up_by_words(n, fill)
        } else {
            self.down_by_words(n, fill)
        }
    }

    /// [`Row::down`] a word at a time.
    #[inline(always)]
    fn down_by_words(self, n: u32, fill: bool) -> Self {
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
            self.up(by as u32, fill)
        } else {
            self.down((-by) as u32, fill)
        }
    }

    /// Sets the bits of `bits` from bit `start` on (bits past the row are
    /// dropped).
    #[inline]
    pub fn or_at(&mut self, start: usize, bits: u64) {
        let (w, o) = (start / 64, start % 64);
        if let Some(x) = self.0.get_mut(w) {
            *x |= bits << o;
        }
        if o > 0 {
            if let Some(x) = self.0.get_mut(w + 1) {
                *x |= bits >> (64 - o);
            }
        }
    }

    /// The 64 bits from bit `start` on (bits past the row read as 0).
    #[inline]
    pub fn word_at(self, start: usize) -> u64 {
        let (w, o) = (start / 64, start % 64);
        let low = self.0.get(w).map_or(0, |x| x >> o);
        let high = match (o, self.0.get(w + 1)) {
            (1.., Some(x)) => x << (64 - o),
            _ => 0,
        };
        low | high
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

/// Shifts of four-word rows in AVX2 registers: word by word, the carries
/// between words keep the compiler from vectorizing the rest of the
/// rules around them (packs of 20x20 puzzles live on four-word rows).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2 {
    use super::Row;
    use std::arch::x86_64::{
        __m256i, _mm256_blend_epi32, _mm256_loadu_si256, _mm256_or_si256, _mm256_permute4x64_epi64,
        _mm256_set1_epi64x, _mm256_sll_epi64, _mm256_srl_epi64, _mm256_storeu_si256,
        _mm_cvtsi32_si128,
    };

    /// A row of four words in one register.
    #[derive(Clone, Copy)]
    pub struct Four<const W: usize>(__m256i);

    impl<const W: usize> Four<W> {
        /// `r` in a register, if it is four words wide.
        #[inline(always)]
        pub fn of(r: Row<W>) -> Option<Self> {
            // SAFETY: AVX2 is on (this module's condition), and `r` is
            // four words long, the 32 bytes read.
            (W == 4).then(|| Four(unsafe { _mm256_loadu_si256(r.0.as_ptr().cast()) }))
        }

        /// The row back in words.
        #[inline(always)]
        pub fn row(self) -> Row<W> {
            // Always true (`of` makes every `Four`); the store relies on it.
            assert!(W == 4, "a row of {W} words");
            let mut r = Row::EMPTY;
            // SAFETY: AVX2 is on, and `r` is four words (a `Four` is made
            // only of four-word rows), the 32 bytes written.
            unsafe { _mm256_storeu_si256(r.0.as_mut_ptr().cast(), self.0) };
            r
        }

        /// [`Row::up`] (`up`) or [`Row::down`], `0 < n < 64`.
        #[inline(always)]
        pub fn shift(self, n: u32, fill: bool, up: bool) -> Self {
            let x = self.0;
            // SAFETY: AVX2 is on (this module's condition).
            unsafe {
                let fill = _mm256_set1_epi64x(-i64::from(fill));
                let (n, back) = (
                    _mm_cvtsi32_si128(n as i32),
                    _mm_cvtsi32_si128(64 - n as i32),
                );
                Four(if up {
                    // Each word's lower neighbour, the fill below word 0:
                    // words (fill, x0, x1, x2).
                    let below = _mm256_permute4x64_epi64::<0b10_01_00_00>(x);
                    let below = _mm256_blend_epi32::<0b0000_0011>(below, fill);
                    _mm256_or_si256(_mm256_sll_epi64(x, n), _mm256_srl_epi64(below, back))
                } else {
                    // Each word's upper neighbour, the fill above word 3:
                    // words (x1, x2, x3, fill).
                    let above = _mm256_permute4x64_epi64::<0b11_11_10_01>(x);
                    let above = _mm256_blend_epi32::<0b1100_0000>(above, fill);
                    _mm256_or_si256(_mm256_srl_epi64(x, n), _mm256_sll_epi64(above, back))
                })
            }
        }
    }
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

    /// A set of rows `0..len` holding `rows`.
    fn set_of(len: usize, rows: &[usize]) -> RowSet {
        let mut set = RowSet::default();
        set.resize(len);
        rows.iter().for_each(|&r| set.insert(r));
        set
    }

    #[test]
    fn widening_a_row_set_adds_the_neighbours_across_words() {
        let rows = set_of(191, &[5, 63, 64, 190]);
        let mut set = set_of(191, &[100]);
        set.union_widened(&rows, 1);
        // Each row with its neighbours; row 191 is past the set.
        let want = [4, 5, 6, 62, 63, 64, 65, 100, 189, 190];
        assert_eq!(set.iter().collect::<Vec<_>>(), want);
        assert!(set.contains(189) && !set.contains(188));
        let mut back: Vec<_> = set.iter_rev().collect();
        back.reverse();
        assert_eq!(back, want, "the same rows from the top");
        let mut all = RowSet::default();
        all.resize(130);
        all.insert_all();
        assert_eq!(all.iter().count(), 130);
        set.clear_all();
        assert!(!set.any() && set.len() == 191);
    }

    #[test]
    fn keep_near_keeps_the_rows_within_reach_across_words() {
        let near = set_of(200, &[0, 63, 130, 199]);
        for reach in [0, 1, 2, 5] {
            let mut set = set_of(200, &[]);
            set.insert_all();
            set.keep_near(&near, reach);
            let want: Vec<usize> = (0..200)
                .filter(|&r: &usize| {
                    [0, 63, 130, 199]
                        .iter()
                        .any(|&n| r.abs_diff(n) <= reach as usize)
                })
                .collect();
            assert_eq!(set.iter().collect::<Vec<_>>(), want, "reach {reach}");
        }
        let mut set = set_of(200, &[65, 100]);
        set.keep_near(&near, 2);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![65]);
        set.remove(65);
        assert!(!set.any());
    }

    #[test]
    fn shifts_carry_between_words() {
        let r = Row::<2>::single(63);
        assert_eq!(r.up(1, false), Row::single(64));
        assert_eq!(Row::<2>::single(64).down(1, false), Row::single(63));
        assert_eq!(Row::<2>::EMPTY.up(2, true).0, [0b11, 0]);
        assert_eq!(Row::<2>::EMPTY.down(1, true).0, [0, 1 << 63]);
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
                    assert_eq!(r.up(n, fill), r.up_by_words(n, fill), "{r:?} up {n} {fill}");
                    assert_eq!(
                        r.down(n, fill),
                        r.down_by_words(n, fill),
                        "{r:?} down {n} {fill}"
                    );
                }
            }
        }
        // The word-by-word shifts themselves, on single bits.
        for j in 0..256 {
            let r = Row::<4>::single(j);
            for n in 1..64 {
                let up = (j + n < 256).then(|| Row::single(j + n));
                assert_eq!(r.up_by_words(n as u32, false), up.unwrap_or(Row::EMPTY));
                let down = j.checked_sub(n).map(Row::single);
                assert_eq!(r.down_by_words(n as u32, false), down.unwrap_or(Row::EMPTY));
            }
        }
        assert_eq!(Row::<4>::EMPTY.up(3, true), Row::low(3));
        assert_eq!(Row::<4>::EMPTY.down(2, true), !Row::low(254));
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
