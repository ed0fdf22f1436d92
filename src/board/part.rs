//! `Part`: the kinds of marks a board keeps by row, and where each lies
//! in the board's words; `Angle`, the two marks of a corner's angle.

use super::Frame;
use crate::bits::Row;
use crate::grid::Plane;

/// One kind of mark a board keeps, by row: the line or cross marks of a
/// plane, or the cells known inside or outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Lines of `H` edges (`rows + 1` rows).
    HLines,
    /// Crosses of `H` edges (`rows + 1` rows).
    HCrosses,
    /// Lines of `V` edges (`rows` rows).
    VLines,
    /// Crosses of `V` edges (`rows` rows).
    VCrosses,
    /// Cells inside the loop (`rows` rows).
    Inside,
    /// Cells outside the loop (`rows` rows).
    Outside,
    /// What is known of the two sides at each corner of the cells (see
    /// [`crate::rules::angle`]): eight rows per cell row, at most one line
    /// at each corner (in the order of `Corner::ALL`), then at least one.
    Angles,
}

/// What is known of the two sides of a cell that meet at one corner (an
/// *angle*), beyond their own states: see [`crate::rules::angle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Angle {
    /// At most one of the two is a line.
    AtMost = 0,
    /// At least one of the two is a line.
    AtLeast = 1,
}

impl Part {
    /// Every part, in the order a board stores them.
    pub const ALL: [Part; 7] = [
        Part::HLines,
        Part::HCrosses,
        Part::VLines,
        Part::VCrosses,
        Part::Inside,
        Part::Outside,
        Part::Angles,
    ];

    /// Rows of [`Part::Angles`] per cell row.
    pub(super) const ANGLE_ROWS: usize = 8;

    /// Words of a board of `rows` cell rows: six parts of `rows` rows (two
    /// of them one more) and eight angle rows per cell row.
    pub(super) fn words(rows: usize) -> Option<usize> {
        rows.checked_mul(6 + Part::ANGLE_ROWS)?.checked_add(2)
    }

    /// Whether two marks of the part and its [`Part::twin`] on one bit
    /// contradict each other (edges and colours; not angles, where both
    /// marks mean exactly one line).
    #[inline(always)]
    pub(super) const fn has_twin(self) -> bool {
        !matches!(self, Part::Angles)
    }

    /// The bits of a row of this part that lie on the board of `frame`.
    #[inline]
    pub fn bits<const W: usize>(self, frame: &Frame<W>) -> Row<W> {
        match self {
            Part::VLines | Part::VCrosses => frame.vertices,
            _ => frame.cells,
        }
    }

    /// The part of the lines (`cross` false) or crosses of plane `p`.
    #[inline(always)]
    pub(super) const fn of(p: Plane, cross: bool) -> Part {
        match (p, cross) {
            (Plane::H, false) => Part::HLines,
            (Plane::H, true) => Part::HCrosses,
            (Plane::V, false) => Part::VLines,
            (Plane::V, true) => Part::VCrosses,
        }
    }

    /// The part of the opposite state of the same rows: crosses for lines,
    /// outside for inside, and back (for parts that [`Part::has_twin`]).
    #[inline(always)]
    pub(super) const fn twin(self) -> Part {
        Part::ALL[self as usize ^ 1]
    }

    /// How many rows the part has on a board of `rows` cell rows.
    #[inline(always)]
    pub(super) const fn len(self, rows: usize) -> usize {
        match self {
            Part::HLines | Part::HCrosses => Plane::H.rows(rows),
            Part::Angles => Part::ANGLE_ROWS * rows,
            _ => rows,
        }
    }

    /// Where the part's first row lies in a board's words: the parts follow
    /// one another in the order of [`Part::ALL`].
    #[inline(always)]
    pub(super) const fn start(self, rows: usize) -> usize {
        let n = self as usize;
        n * rows + if n < 2 { n } else { 2 }
    }
}
