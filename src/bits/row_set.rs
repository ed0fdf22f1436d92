//! `RowSet`: a set of rows, one bit per row, for the rows a change
//! touched and the rows still open.

/// A set of rows (of cells, vertices or edges) `0..len`, one bit per row.
///
/// The hot operations (insert, test, union, widen) are single word
/// operations, and iterating goes a word at a time (a general bit-vector
/// crate costs more here: docs/bench-history.md).
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

    /// Reuses storage (the derived one would allocate); a set of one word
    /// into one of one word is a move, not a call of `memcpy` (a board's
    /// copy copies six sets).
    fn clone_from(&mut self, other: &Self) {
        match (&mut self.words[..], &other.words[..]) {
            ([into], [from]) => *into = *from,
            _ => self.words.clone_from(&other.words),
        }
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
        match &mut self.words[..] {
            // (Most sets are of one word: no call of `memset`.)
            [w] => *w = 0,
            words => words.fill(0),
        }
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

    /// Puts in every row `r` such that row `r + 1` of `other` is in (a
    /// set of the same length): `other` moved one row towards 0.
    #[inline]
    pub fn union_next(&mut self, other: &RowSet) {
        for (w, into) in self.words.iter_mut().enumerate() {
            *into |= towards_zero(&other.words, w, 1);
        }
    }

    /// Puts in every row `r` such that row `r - 1` of `other` is in (a
    /// set of the same length): `other` moved one row away from 0.
    #[inline]
    pub fn union_previous(&mut self, other: &RowSet) {
        for (w, into) in self.words.iter_mut().enumerate() {
            *into |= away_from_zero(&other.words, w, 1);
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

    /// Puts `word` as word `w` of the set (rows `64 * w` to `64 * w + 63`,
    /// those past its length left out).
    #[inline(always)]
    pub fn set_word(&mut self, w: usize, word: u64) {
        let past = (64 * (w + 1)).saturating_sub(self.len).min(64) as u32;
        self.words[w] = word & u64::MAX.checked_shr(past).unwrap_or(0);
    }

    /// The set's one word, if it holds 64 rows or fewer.
    #[inline(always)]
    pub fn single(&self) -> Option<u64> {
        match self.words[..] {
            [x] => Some(x),
            _ => None,
        }
    }

    /// Makes the set, of one word, hold the rows of `word` (none past its
    /// length).
    #[inline(always)]
    pub fn set_single(&mut self, word: u64) {
        debug_assert!(self.words.len() == 1 && word >> (self.len - 1) >> 1 == 0);
        self.words[0] = word;
    }

    /// Word `w` of the set (rows `64 * w` to `64 * w + 63`), as it is
    /// (`shift` 0), moved one row away from row 0 (`shift` 1: row `r` in
    /// for each row `r - 1` of the set) or towards it (`shift` -1: row `r`
    /// in for each row `r + 1`); not cut to the set's length.
    #[inline(always)]
    pub fn word(&self, w: usize, shift: i32) -> u64 {
        match shift {
            0 => self.words[w],
            1 => away_from_zero(&self.words, w, 1),
            -1 => towards_zero(&self.words, w, 1),
            _ => panic!("a shift of one row at most, not {shift}"),
        }
    }

    /// Puts every row `0..len` in.
    #[inline]
    pub fn insert_all(&mut self) {
        match &mut self.words[..] {
            // (Most sets are of one word: no call of `memset`.)
            [w] => *w = u64::MAX >> (64 - self.len),
            words => {
                words.fill(u64::MAX);
                self.trim();
            }
        }
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
    let mut near = words[w];
    for d in 1..=reach {
        near |= away_from_zero(words, w, d) | towards_zero(words, w, d);
    }
    near
}

/// Word `w` of the set `words` moved `d` rows (1 to 63) away from row 0:
/// row `r` in for each row `r - d` of the set (not trimmed to its length).
#[inline(always)]
fn away_from_zero(words: &[u64], w: usize, d: u32) -> u64 {
    let below = if w > 0 { words[w - 1] } else { 0 };
    words[w] << d | below >> (64 - d)
}

/// Word `w` of the set `words` moved `d` rows (1 to 63) towards row 0:
/// row `r` in for each row `r + d` of the set.
#[inline(always)]
fn towards_zero(words: &[u64], w: usize, d: u32) -> u64 {
    let above = words.get(w + 1).copied().unwrap_or(0);
    words[w] >> d | above << (64 - d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_and_previous_rows_cross_words() {
        let len = 130;
        let mut from = RowSet::default();
        from.resize(len);
        for r in [0, 63, 64, 127, 129] {
            from.insert(r);
        }
        let (mut next, mut previous) = (RowSet::default(), RowSet::default());
        next.resize(len);
        previous.resize(len);
        next.union_next(&from);
        previous.union_previous(&from);
        assert_eq!(next.iter().collect::<Vec<_>>(), [62, 63, 126, 128]);
        assert_eq!(previous.iter().collect::<Vec<_>>(), [1, 64, 65, 128]);
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
}
