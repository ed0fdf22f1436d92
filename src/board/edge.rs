//! `Edge`: the state of one edge (named by an `At`) at every bit of a
//! row of cells or vertices: line, cross, or neither.

use crate::bits::{Count, Row};

/// The state of one edge at each bit of a row: line, cross, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge<const W: usize> {
    /// Bits where the edge is a line.
    pub line: Row<W>,
    /// Bits where the edge is crossed (or off the grid).
    pub cross: Row<W>,
}

impl<const W: usize> Edge<W> {
    /// Neither line nor cross anywhere.
    pub const NONE: Self = Edge {
        line: Row::EMPTY,
        cross: Row::EMPTY,
    };

    /// Bits where the edge is undecided.
    #[inline]
    pub fn unknown(self) -> Row<W> {
        !(self.line | self.cross)
    }

    /// How many of four edges are lines, and how many crosses, per bit.
    #[inline(always)]
    pub fn tally(edges: [Edge<W>; 4]) -> (Count<W>, Count<W>) {
        let [a, b, c, d] = edges;
        (
            Count::of([a.line, b.line, c.line, d.line]),
            Count::of([a.cross, b.cross, c.cross, d.cross]),
        )
    }
}
