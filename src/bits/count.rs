//! `Count`: how many of four rows have each bit, bit-sliced: per bit a
//! number 0 to 4 in three rows of binary digits, for the rules that count
//! a cell's lines and crosses or a vertex's arms for a whole row at once.

use super::Row;

/// Bit-sliced count (0 to 4) of how many of four masks have each bit.
#[derive(Clone, Copy, Debug)]
pub struct Count<const W: usize> {
    ones: Row<W>,
    twos: Row<W>,
    fours: Row<W>,
}

impl<const W: usize> Count<W> {
    /// Counts, per bit, how many of `m` have it set.
    #[inline(always)]
    pub fn of(m: [Row<W>; 4]) -> Self {
        let [a, b, c, d] = m;
        let (s1, c1) = (a ^ b, a & b);
        let (s2, c2) = (c ^ d, c & d);
        let (ones, c3) = (s1 ^ s2, s1 & s2);
        Count {
            ones,
            twos: c1 ^ c2 ^ c3,
            fours: c1 & c2,
        }
    }

    /// Bits where the count is exactly `n` (0..=4).
    #[inline(always)]
    pub fn exactly(&self, n: usize) -> Row<W> {
        let pick = |bit: bool, r: Row<W>| if bit { r } else { !r };
        pick(n & 1 != 0, self.ones) & pick(n & 2 != 0, self.twos) & pick(n & 4 != 0, self.fours)
    }

    /// Bits where the count equals the number `n` there, given in binary
    /// (ones, twos and fours digits).
    #[inline(always)]
    pub fn equals(&self, n: [Row<W>; 3]) -> Row<W> {
        let [n1, n2, n4] = n;
        !(self.ones ^ n1) & !(self.twos ^ n2) & !(self.fours ^ n4)
    }

    /// Bits where the count is more than the number `n` there, given in
    /// binary (ones, twos and fours digits).
    #[inline(always)]
    pub fn above(&self, n: [Row<W>; 3]) -> Row<W> {
        let [n1, n2, n4] = n;
        let (same4, same2) = (!(self.fours ^ n4), !(self.twos ^ n2));
        (self.fours & !n4) | (same4 & ((self.twos & !n2) | (same2 & self.ones & !n1)))
    }

    /// The count's binary digits: ones, twos and fours.
    #[inline(always)]
    pub fn digits(&self) -> [Row<W>; 3] {
        [self.ones, self.twos, self.fours]
    }

    /// Bits where the count is more than `n`.
    #[inline(always)]
    pub fn gt(&self, n: usize) -> Row<W> {
        match n {
            0 => self.ones | self.twos | self.fours,
            1 => self.twos | self.fours,
            2 => (self.ones & self.twos) | self.fours,
            3 => self.fours,
            _ => Row::EMPTY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_is_exact_for_all_sixteen_patterns() {
        for p in 0u32..16 {
            let m = [0, 1, 2, 3].map(|k| {
                if p >> k & 1 == 1 {
                    Row::<1>::single(0)
                } else {
                    Row::EMPTY
                }
            });
            let c = Count::of(m);
            for n in 0..=4 {
                assert_eq!(
                    c.exactly(n).has(0),
                    p.count_ones() as usize == n,
                    "pattern {p:04b}, n {n}"
                );
                assert_eq!(c.gt(n).has(0), p.count_ones() as usize > n);
                for m in 0..8 {
                    let digit = |d: usize| {
                        if m >> d & 1 == 1 {
                            Row::<1>::single(0)
                        } else {
                            Row::EMPTY
                        }
                    };
                    let m_bits = [digit(0), digit(1), digit(2)];
                    let count = p.count_ones() as usize;
                    assert_eq!(c.equals(m_bits).has(0), count == m, "{p:04b} = {m}");
                    assert_eq!(c.above(m_bits).has(0), count > m, "{p:04b} > {m}");
                }
            }
        }
    }
}
