//! A record of how a puzzle was solved, for `slink explain`: every edge
//! decision with its reason, and the search's branches and backtracks.

use crate::grid::Plane;
use crate::rules::Rule;
use std::fmt;

/// Why an edge was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// One of the judge's rules R1-R15 (R6-R8 are the vertex rules).
    Rule(Rule),
    /// The inside/outside colouring of cells.
    Colors,
    /// Single-loop reasoning: the edge would close a loop too early.
    Loop,
    /// Probing: the other value led to a contradiction, or both values
    /// agreed on this edge.
    Probe,
    /// A search branch: the edge's value was guessed.
    Branch,
    /// A closed loop holds every line: the rest are crosses.
    LoopClosed,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Rule(r) => write!(f, "{r:?}"),
            Reason::Colors => f.write_str("inside/outside"),
            Reason::Loop => f.write_str("single loop"),
            Reason::Probe => f.write_str("probing"),
            Reason::Branch => f.write_str("search branch"),
            Reason::LoopClosed => f.write_str("loop closed"),
        }
    }
}

/// An edge: `H(row, col)` or `V(row, col)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeRef {
    /// Horizontal or vertical.
    pub plane: Plane,
    /// Row of the edge in its plane.
    pub row: usize,
    /// Column of the edge in its plane.
    pub col: usize,
}

impl fmt::Display for EdgeRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = if self.plane == Plane::H { 'H' } else { 'V' };
        write!(f, "{p}({}, {})", self.row, self.col)
    }
}

/// One step of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// An edge was decided.
    Decided {
        /// Why.
        reason: Reason,
        /// The cell (or, for R6-R8, the vertex) the rule looked at; for other
        /// reasons, the edge's own row and column.
        at: (usize, usize),
        /// The edge.
        edge: EdgeRef,
        /// Line (true) or cross (false).
        line: bool,
        /// Search depth at which it happened.
        depth: u32,
    },
    /// The search returned to `depth` to try the other value of its branch.
    Backtrack {
        /// The depth returned to.
        depth: u32,
    },
    /// A complete board passed the solution check.
    Solution,
}
