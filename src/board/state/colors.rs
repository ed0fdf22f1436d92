//! The colours of a board's cells ([`Part::Inside`], [`Part::Outside`]):
//! read and added row by row, aligned as the rules read edges.

use super::Board;
use crate::bits::Row;
use crate::board::{Frame, Part};

impl<const W: usize> Board<W> {
    /// The cells of row `i` known to be inside the loop.
    #[inline]
    pub fn inside(&self, i: usize) -> Row<W> {
        self.row(Part::Inside, i)
    }

    /// The cells of row `i` known to be outside the loop.
    #[inline]
    pub fn outside(&self, i: usize) -> Row<W> {
        self.row(Part::Outside, i)
    }

    /// Whether this board, which extends `base`, knows a cell outside that
    /// `base` does not.
    #[inline]
    pub fn more_outside_than(&self, base: &Self) -> bool {
        self.part(Part::Outside) != base.part(Part::Outside)
    }

    /// Marks cells of row `i` inside (`inside` true) or outside; true if new.
    #[inline]
    pub fn add_color(&mut self, i: usize, inside: bool, m: Row<W>) -> bool {
        let part = if inside { Part::Inside } else { Part::Outside };
        self.add_to(part, i, m)
    }

    /// Inside and outside masks of the cells of row `i + dr`, aligned so that
    /// the cell at column `j + dc` lands in bit `j`. Cells off the grid are
    /// outside.
    #[inline(always)]
    pub fn color(&self, frame: &Frame<W>, i: usize, dr: i32, dc: i32) -> (Row<W>, Row<W>) {
        debug_assert_eq!(frame.rows, self.rows, "a frame of another board");
        let r = match i.checked_add_signed(dr as isize) {
            Some(r) if r < self.rows => r,
            _ => return (Row::EMPTY, Row::FULL),
        };
        // SAFETY: `r < rows`, so both words lie within `data` (its length is
        // the type's invariant).
        let [inside, outside] =
            [Part::Inside, Part::Outside].map(|part| unsafe { self.word(self.base(part) + r) });
        let inside = inside.shift(-dc, false);
        let outside = (outside | !frame.cells).shift(-dc, true);
        (inside, outside)
    }

    /// Adds the cells `inside` and `outside` to row `i`'s colours in one
    /// write (both parts checked against the row count once), recording
    /// the row as changed once; whether any is new, and the row's colours
    /// after.
    #[inline(always)]
    pub fn add_colors(&mut self, i: usize, inside: Row<W>, outside: Row<W>) -> (bool, [Row<W>; 2]) {
        assert!(i < self.rows, "colour row {i} of {}", self.rows);
        let (ki, ko) = (self.base(Part::Inside) + i, self.base(Part::Outside) + i);
        // SAFETY: `i < rows`, so both words lie within `data` (its length
        // is the type's invariant).
        let (was_in, was_out) = unsafe { (self.word(ki), self.word(ko)) };
        let (now_in, now_out) = (was_in | inside, was_out | outside);
        let new = ((now_in ^ was_in) | (now_out ^ was_out)).any();
        if new {
            // SAFETY: as above.
            unsafe {
                *self.data.get_unchecked_mut(ki) = now_in;
                *self.data.get_unchecked_mut(ko) = now_out;
            }
            self.changed.color(i);
            self.conflict |= (now_in & now_out).any();
        }
        (new, [now_in, now_out])
    }
}
