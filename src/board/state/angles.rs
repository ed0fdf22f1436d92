//! The angle marks of a board's cells ([`Part::Angles`]): read and added
//! row by row, aligned as the rules read edges.

use super::Board;
use crate::bits::Row;
use crate::board::{Angle, Frame, Part};
use crate::grid::Corner;

/// Whether the angle row `k` of a cell row (its index in the order
/// [`Board::angle_marks`] reads them) is of a top corner, which the
/// vertex row above the cell reads (a bottom corner's: the one below).
#[inline(always)]
pub(super) const fn of_top_corner(k: usize) -> bool {
    Corner::ALL[k % 4].dy == 0
}

impl<const W: usize> Board<W> {
    /// What is known (`kind`) of the angles at corner `k` (its index in
    /// `Corner::ALL`) of the cells of row `i + dr`, aligned so that the cell
    /// at column `j + dc` lands in bit `j`. Cells off the grid know nothing.
    #[inline(always)]
    pub fn angle(&self, kind: Angle, k: usize, i: usize, dr: i32, dc: i32) -> Row<W> {
        match i.checked_add_signed(dr as isize) {
            Some(r) if r < self.rows => {
                let at = self.base(Part::Angles) + Self::angle_row(kind, k, r);
                // SAFETY: `r < rows`, so the word lies within the angle part
                // of `data` (its length is the type's invariant).
                unsafe { self.word(at) }.shift(-dc, false)
            }
            _ => Row::EMPTY,
        }
    }

    /// Where the marks `kind` of corner `k` of cell row `r` lie in the
    /// angle part.
    #[inline(always)]
    fn angle_row(kind: Angle, k: usize, r: usize) -> usize {
        debug_assert!(k < 4);
        r * Part::ANGLE_ROWS + kind as usize * 4 + k
    }

    /// The eight angle rows of cell row `r` (below `rows`), in one read:
    /// at most one line at each corner (in the order of `Corner::ALL`),
    /// then at least one, unshifted.
    #[inline(always)]
    pub fn angle_marks(&self, r: usize) -> [Row<W>; Part::ANGLE_ROWS] {
        debug_assert!(r < self.rows, "angle row {r} of {}", self.rows);
        let k = self.base(Part::Angles) + r * Part::ANGLE_ROWS;
        // One range check: the angle part ends the data, so this is `r < rows`.
        self.data[k..k + Part::ANGLE_ROWS]
            .try_into()
            .expect("eight rows")
    }

    /// Adds the marks `m` (in the order [`Board::angle_marks`] reads them)
    /// to cell row `r` (below `rows`), cells off the grid left out, and
    /// records the row as changed once; true if any bit is new.
    #[inline(always)]
    pub fn add_angle_marks(
        &mut self,
        frame: &Frame<W>,
        r: usize,
        m: [Row<W>; Part::ANGLE_ROWS],
    ) -> bool {
        debug_assert!(r < self.rows, "angle row {r} of {}", self.rows);
        let k = self.base(Part::Angles) + r * Part::ANGLE_ROWS;
        let words: &mut [Row<W>; Part::ANGLE_ROWS] = (&mut self.data[k..k + Part::ANGLE_ROWS])
            .try_into()
            .expect("eight rows");
        // New bits at the top corners and at the bottom ones.
        let mut new = [Row::EMPTY; 2];
        for (k, (word, m)) in words.iter_mut().zip(m).enumerate() {
            let m = m & frame.cells;
            new[usize::from(!of_top_corner(k))] |= m & !*word;
            *word |= m;
        }
        let [top, bottom] = new.map(|n| n.any());
        self.changed.angle(r, top, bottom);
        top || bottom
    }
}
