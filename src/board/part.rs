//! `Part`: the six kinds of marks a board keeps by row, and where each
//! lies in the board's words.

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
}

impl Part {
    /// Every part, in the order a board stores them.
    pub const ALL: [Part; 6] = [
        Part::HLines,
        Part::HCrosses,
        Part::VLines,
        Part::VCrosses,
        Part::Inside,
        Part::Outside,
    ];

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
    /// outside for inside, and back.
    #[inline(always)]
    pub(super) const fn twin(self) -> Part {
        Part::ALL[self as usize ^ 1]
    }

    /// How many rows the part has on a board of `rows` cell rows.
    #[inline(always)]
    pub(super) const fn len(self, rows: usize) -> usize {
        match self {
            Part::HLines | Part::HCrosses => Plane::H.rows(rows),
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
