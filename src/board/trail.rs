//! The boards of a depth-first search's levels, kept as the words that
//! changed from one level to the next instead of a copy per level.

use super::Board;
use crate::bits::{Row, RowSet};

/// Words compared at once when looking for what changed: a run of equal
/// words (most of a board, between two levels) costs a few instructions
/// per word and no branch.
const CHUNK: usize = 16;

/// The boards a depth-first search comes back to: for each level, its
/// board as it was when the search went down from it (see
/// [`Trail::push`]), to be brought back when the search returns there
/// ([`Trail::restore`]).
///
/// One board is kept in full, the deepest level's; the levels above it
/// keep the words their board had where the next level's board differs
/// (a level decides a few rows: a search a thousand levels deep on a
/// board of 1024 rows keeps a few megabytes, where a copy per level would
/// take 500). The differences are found by comparing the board with the one
/// kept when the search goes down again, so the rules' writes pay nothing
/// for them. A level keeps each word at most once, however often the
/// search goes down from it again (as it does after each branch's other
/// value): never more words than a copy of the board.
#[derive(Default)]
pub struct Trail<const W: usize> {
    /// The deepest level's board, word for word (its bookkeeping is in its
    /// [`SavedLevel`]).
    top: Board<W>,
    /// For each level above the deepest, one after another: the words its
    /// board held where the next level's board differs, by index.
    saved: Vec<(usize, Row<W>)>,
    /// The levels; only the first `len` are kept (the others keep their
    /// storage for the next ones).
    levels: Vec<SavedLevel>,
    len: usize,
    /// Per word of the board: the stamp of the level it was last saved
    /// for (see [`SavedLevel::stamp`]).
    stamps: Vec<u64>,
    /// The last stamp given.
    stamp: u64,
}

/// What a level keeps beside its words: where they begin in
/// [`Trail::saved`], and its board's bookkeeping.
#[derive(Default)]
struct SavedLevel {
    /// The length of [`Trail::saved`] when the level was pushed: the words
    /// after it bring this level's board back from a deeper one.
    saved: usize,
    /// A number given to no other push: the words saved for this level
    /// (to come back to it) are stamped with it.
    stamp: u64,
    dirty: RowSet,
    open: RowSet,
    conflict: bool,
    seeded: bool,
    stalled: bool,
}

impl<const W: usize> Trail<W> {
    /// Keeps `board` as the board of level `depth`, dropping the levels
    /// below it (deeper ones) and keeping those above, so that
    /// [`Trail::restore`] of `depth` brings it back. `depth` is at most the
    /// number of levels kept; 0 starts anew.
    pub fn push(&mut self, depth: usize, board: &Board<W>) {
        assert!(depth <= self.len, "level {depth} of {} pushed", self.len);
        if depth == 0 {
            self.saved.clear();
            self.top.copy_from(board);
            if self.stamps.len() != board.data.len() {
                self.stamps.clear();
                self.stamps.resize(board.data.len(), 0);
            }
        } else {
            assert_eq!(self.top.rows, board.rows, "a board of another size");
            self.save_changes(board, self.levels[depth - 1].stamp);
        }
        if self.levels.len() == depth {
            self.levels.push(SavedLevel::default());
        }
        self.stamp += 1;
        let level = &mut self.levels[depth];
        level.saved = self.saved.len();
        level.stamp = self.stamp;
        board.changed_rows(&mut level.dirty);
        level.open.clone_from(&board.open);
        level.conflict = board.conflict;
        level.seeded = board.seeded;
        level.stalled = board.stalled;
        self.len = depth + 1;
    }

    /// Makes `board` (a board of the levels' size) the board kept for
    /// level `depth`, every word and its bookkeeping, and drops the levels
    /// below it: that level is the deepest now.
    pub fn restore(&mut self, depth: usize, board: &mut Board<W>) {
        assert!(depth < self.len, "level {depth} of {} restored", self.len);
        let level = &mut self.levels[depth];
        for &(k, word) in self.saved[level.saved..].iter().rev() {
            self.top.data[k] = word;
        }
        self.saved.truncate(level.saved);
        // None of the words saved for this level is kept now: a new stamp.
        self.stamp += 1;
        level.stamp = self.stamp;
        self.len = depth + 1;
        board.data.copy_from_slice(&self.top.data);
        board.set_changed_rows(&level.dirty);
        board.open.clone_from(&level.open);
        board.conflict = level.conflict;
        board.seeded = level.seeded;
        board.stalled = level.stalled;
    }

    /// Makes the kept board `board`, saving the words it held where they
    /// differ for the level above, whose `stamp` marks the words saved for
    /// it already: those hold an older value, the one to bring back.
    fn save_changes(&mut self, board: &Board<W>, stamp: u64) {
        let whole = self.top.data.len() / CHUNK * CHUNK;
        let mut top = self.top.data.chunks_exact_mut(CHUNK);
        let mut now = board.data.chunks_exact(CHUNK);
        let mut stamps = self.stamps.chunks_exact_mut(CHUNK);
        for (c, ((top, now), stamps)) in (&mut top).zip(&mut now).zip(&mut stamps).enumerate() {
            let top: &mut [Row<W>; CHUNK] = top.try_into().expect("a whole chunk");
            let now: &[Row<W>; CHUNK] = now.try_into().expect("a whole chunk");
            let differ = top
                .iter()
                .zip(now)
                .fold(Row::EMPTY, |d, (t, n)| d | (*t ^ *n));
            if differ.any() {
                let words = Words { top, now, stamps };
                words.save(&mut self.saved, c * CHUNK, stamp);
            }
        }
        let (top, now) = (top.into_remainder(), now.remainder());
        let words = Words {
            top,
            now,
            stamps: stamps.into_remainder(),
        };
        words.save(&mut self.saved, whole, stamp);
    }

    /// Words kept for the levels above the deepest (for tests and
    /// measurements).
    pub fn saved_words(&self) -> usize {
        self.saved.len()
    }
}

/// A run of the kept board's words, the same words of the board to keep,
/// and their stamps.
struct Words<'a, const W: usize> {
    top: &'a mut [Row<W>],
    now: &'a [Row<W>],
    stamps: &'a mut [u64],
}

impl<const W: usize> Words<'_, W> {
    /// Makes each word of `top` (the first is word `at` of the board) the
    /// same word of `now`, saving into `saved` those that change and are
    /// not stamped `stamp` yet, and stamping them.
    fn save(self, saved: &mut Vec<(usize, Row<W>)>, at: usize, stamp: u64) {
        let words = self
            .top
            .iter_mut()
            .zip(self.now)
            .zip(self.stamps.iter_mut());
        for (i, ((top, now), s)) in words.enumerate() {
            if *top != *now {
                if *s != stamp {
                    saved.push((at + i, *top));
                    *s = stamp;
                }
                *top = *now;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Part;
    use crate::grid::Plane;
    use crate::util::rng::Rng;

    /// Writes a few random marks (lines, crosses, colours, angles; some
    /// clashing) into `board`, and sometimes settles it or flags it.
    fn scribble<const W: usize>(board: &mut Board<W>, rng: &mut Rng) {
        let rows = board.rows();
        for _ in 0..1 + rng.index(4) {
            let bit = Row::single(rng.index(64 * W));
            let i = rng.index(rows);
            let plane = [Plane::H, Plane::V][rng.index(2)];
            match rng.index(5) {
                0 => _ = board.add_lines(plane, i, bit),
                1 => _ = board.add_crosses(plane, i, bit),
                2 => _ = board.add_color(i, rng.index(2) == 0, bit),
                3 => _ = board.add_to(Part::Angles, rng.index(Part::ANGLE_ROWS * rows), bit),
                _ => board.open.remove(i),
            }
        }
        match rng.index(8) {
            0 => board.settle(),
            1 => board.set_stalled(),
            _ => {}
        }
    }

    /// The bookkeeping of `board`, as a level keeps it.
    fn books<const W: usize>(board: &Board<W>) -> (RowSet, RowSet, bool, bool, bool) {
        let b = board;
        let mut changed = RowSet::default();
        b.changed_rows(&mut changed);
        (changed, b.open.clone(), b.conflict, b.seeded, b.stalled)
    }

    /// A depth-first walk of random pushes, changes and returns: every
    /// board restored is the one pushed at its level (words and
    /// bookkeeping), as a stack of copies keeps it.
    fn restores_what_was_pushed<const W: usize>(seed: u64) {
        let mut rng = Rng::new(seed);
        let mut trail = Trail::<W>::default();
        for _ in 0..20 {
            let rows = 1 + rng.index(40);
            let mut board = Board::<W>::default();
            board.reset(rows);
            let mut copies: Vec<Board<W>> = Vec::new();
            for _ in 0..300 {
                scribble(&mut board, &mut rng);
                if copies.is_empty() || rng.index(3) > 0 {
                    // Down a level.
                    copies.push(board.clone());
                    trail.push(copies.len() - 1, &board);
                    continue;
                }
                let depth = rng.index(copies.len());
                copies.truncate(depth + 1);
                trail.restore(depth, &mut board);
                assert_eq!(board, copies[depth]);
                assert_eq!(books(&board), books(&copies[depth]));
                if rng.index(2) == 0 {
                    // The other value of the level's branch: down again
                    // from it, as another board.
                    scribble(&mut board, &mut rng);
                    copies[depth] = board.clone();
                    trail.push(depth, &board);
                }
            }
            // A level keeps each word once at most, and only those that
            // changed below it.
            let words = board.data.len();
            assert!(trail.saved_words() <= copies.len().saturating_sub(1) * words);
            assert!(trail.saved_words() <= copies.len() * 4 * 20);
        }
    }

    #[test]
    fn restores_what_was_pushed_on_every_width() {
        restores_what_was_pushed::<1>(1);
        restores_what_was_pushed::<2>(2);
        restores_what_was_pushed::<4>(4);
    }
}
