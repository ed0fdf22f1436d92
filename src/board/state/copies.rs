//! Boards made from other boards word by word: a copy of another width
//! ([`Board::set_rows_of`]), and for probe pairs, one lane of a packed
//! board and two copies side by side ([`Board::set_lane_of`],
//! [`Board::set_twice_of`]).

use super::super::{Frame, Part};
use super::Board;
use crate::bits::Row;

impl<const W: usize> Board<W> {
    /// Makes this a board of as many rows as `from` (a board perhaps of
    /// other width) holding, in every row of every part, what `take` makes
    /// of the same row of `from`, and nothing else; every row is due.
    pub fn set_rows_of<const V: usize>(
        &mut self,
        from: &Board<V>,
        mut take: impl FnMut(Part, Row<V>) -> Row<W>,
    ) {
        self.make_room_for(from.rows, from.data.len(), true);
        // A part at a time, a slice each (word by word through
        // `for_each_word`, the copy was not vectorised: 2,800 instructions
        // a 20-row board). A copy that needs no part, a mask a word, goes
        // in one pass instead ([`Board::set_lane_of`]).
        for part in Part::ALL {
            let rows = part.start(from.rows)..part.start(from.rows) + part.len(from.rows);
            let (into, from) = (&mut self.data[rows.clone()], &from.data[rows]);
            into.iter_mut()
                .zip(from)
                .for_each(|(into, &m)| *into = take(part, m));
        }
        self.conflict = self.scan_conflict();
    }

    /// Per word of a board of `frame`'s size, in the order of its words:
    /// the bits of the word's part that lie on the board ([`Part::bits`]),
    /// for [`Board::set_lane_of`] and [`Board::set_twice_of`].
    pub fn word_masks(frame: &Frame<W>, into: &mut Vec<Row<W>>) {
        into.clear();
        for part in Part::ALL {
            into.extend(std::iter::repeat_n(part.bits(frame), part.len(frame.rows)));
        }
    }

    /// Makes this the board of one lane of `from`, a packed board of as
    /// many rows on one-word rows ([`Frame::packed`]): every word of `from`
    /// moved down by `shift` bits and cut to the same word of `masks`
    /// ([`Board::word_masks`] of this board's frame); settled (nothing
    /// due: probing unpacks boards at the rules' fixpoint), every row
    /// open, no other flag set.
    pub fn set_lane_of(&mut self, from: &Board<1>, shift: usize, masks: &[Row<1>]) {
        self.set_words_of(from, masks, |m, mask| (m >> shift) & mask);
    }

    /// Records as changed every row where this board differs from `base`
    /// (a board of as many rows that this one extends), as the writes that
    /// made the difference would have: from a `base` at the rules'
    /// fixpoint, the rules then go on from exactly those rows.
    pub fn mark_changes_since(&mut self, base: &Board<W>) {
        assert_eq!(self.data.len(), base.data.len(), "a base of another size");
        for part in Part::ALL {
            let start = part.start(self.rows);
            let rows = start..start + part.len(self.rows);
            let pairs = self.data[rows.clone()].iter().zip(&base.data[rows]);
            for (i, (a, b)) in pairs.enumerate() {
                if a == b {
                    continue;
                }
                match part {
                    Part::Angles => {
                        let top = super::angles::of_top_corner(i % Part::ANGLE_ROWS);
                        self.changed.angle(i / Part::ANGLE_ROWS, top, !top);
                    }
                    Part::Inside | Part::Outside => self.changed.color(i),
                    Part::HLines | Part::HCrosses => self.changed.edge(true, i),
                    Part::VLines | Part::VCrosses => self.changed.edge(false, i),
                }
            }
        }
    }

    /// Makes this a packed board of two copies of `from` (a board of as
    /// many rows on one-word rows), the second `shift` bits up: every word
    /// of `from` cut to the same word of `masks` ([`Board::word_masks`] of
    /// its frame), and that moved up by `shift`; settled, as
    /// [`Board::set_lane_of`] leaves a board.
    pub fn set_twice_of<const V: usize>(
        &mut self,
        from: &Board<V>,
        shift: usize,
        masks: &[Row<1>],
    ) {
        self.set_words_of(from, masks, |m, mask| (m & mask) | (m & mask) << shift);
    }

    /// Makes every word of this board what `f` makes of the first word of
    /// the same word of `from` (a board of as many rows) and of `masks`, in
    /// one pass over the words whatever their part. (Part by part, as
    /// [`Board::set_rows_of`] goes, each part had a vector loop and its
    /// tail: unpacking a probe pair's two 10x10 boards took 1,610
    /// instructions, now 820.) `f` must keep bits apart, as a shift and a
    /// mask do: a copy of a board without a clash has none, and is not
    /// scanned for one.
    #[inline(always)]
    fn set_words_of<const V: usize>(
        &mut self,
        from: &Board<V>,
        masks: &[Row<1>],
        f: impl Fn(u64, u64) -> u64,
    ) {
        self.make_room_for(from.rows, from.data.len(), false);
        assert_eq!(masks.len(), from.data.len(), "masks of another size");
        for ((into, m), mask) in self.data.iter_mut().zip(&from.data).zip(masks) {
            let mut r = Row::<W>::EMPTY;
            r.0[0] = f(m.0[0], mask.0[0]);
            *into = r;
        }
        self.conflict = from.conflict && self.scan_conflict();
        // The promise of `f`, checked where assertions are on (the `ci`
        // profile).
        debug_assert!(from.conflict || !self.scan_conflict(), "f made a clash");
    }

    /// Makes this a board of `rows` rows and `words` words, every row open
    /// and no flag set, and every row `due` or (settled) none, for a copy
    /// that writes every word: the words need no clearing first (the
    /// memset of `reset` was 6% of a tall board's probing). Settled, the
    /// changed rows are cleared, not made all due and cleared again (a
    /// tenth of a probe pair's unpacking).
    #[inline(always)]
    fn make_room_for(&mut self, rows: usize, words: usize, due: bool) {
        if self.rows != rows || self.data.len() != words {
            self.reset(rows);
        } else if due {
            self.reset_bookkeeping();
        } else {
            self.open.insert_all();
            (self.conflict, self.stalled) = (false, false);
        }
        if !due {
            self.settle();
        }
    }
}
