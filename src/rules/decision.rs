//! The vocabulary of decisions: which rule decided an edge ([`Rule`]),
//! why ([`Reason`]), what a board cannot be ([`Contradiction`]), and the
//! record of how a puzzle was solved for `slink explain` ([`Event`]):
//! every edge decision with its reason, and the search's branches and
//! backtracks.

use crate::grid::EdgeId;
use std::fmt;

/// Why a board cannot be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An edge would be both line and cross.
    EdgeConflict,
    /// A vertex with three or four lines.
    Branch,
    /// A vertex with one line and no way on.
    DeadEnd,
    /// A cell with more lines than its clue.
    CellOver,
    /// A cell that cannot get as many lines as its clue.
    CellUnder,
    /// A closed loop while other lines or unmet clues remain, or two loops.
    PrematureLoop,
    /// Two sides at a cell's corner that break what is known of them (at
    /// most one line, or at least one): the angle rules.
    AngleBroken,
    /// A cell or vertex whose edges, given those known equal or opposite,
    /// cannot meet its count: parity reasoning.
    ParityBroken,
    /// Lines, or cells the loop must pass, in pieces that no edge not
    /// crossed can join: what the loop can reach.
    Disconnected,
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Contradiction::EdgeConflict => "an edge would be both line and cross",
            Contradiction::Branch => "a vertex would have three lines",
            Contradiction::DeadEnd => "a line would end at a vertex",
            Contradiction::CellOver => "a cell would have more lines than its clue",
            Contradiction::CellUnder => "a cell could not reach its clue",
            Contradiction::PrematureLoop => {
                "a loop would close with lines or clues left outside it"
            }
            Contradiction::AngleBroken => "two sides at a corner would break what is known of them",
            Contradiction::ParityBroken => {
                "a cell or vertex could not meet its count with the edges known equal or opposite"
            }
            Contradiction::Disconnected => "the lines could not join into one loop",
        })
    }
}

impl std::error::Error for Contradiction {}

/// The rules' identifiers, for statistics and traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// R1: a 0 has four crosses.
    R1,
    /// R2: a cell with as many open sides as its clue: they are lines.
    R2,
    /// R3: a cell with as many lines as its clue: the rest are crosses.
    R3,
    /// R4: adjacent 3s.
    R4,
    /// R5: diagonal 3s.
    R5,
    /// R6: a path end with one way on.
    R6,
    /// R7: a vertex with two lines.
    R7,
    /// R8: a vertex with three crosses.
    R8,
    /// R9: a 3 in a closed corner.
    R9,
    /// R10: a 2 in a closed corner, with a half-closed neighbour corner.
    R10,
    /// R11: a 1 in a closed corner.
    R11,
    /// R12: a line entering a 3's corner.
    R12,
    /// R13: a 3 and a 1 diagonally adjacent.
    R13,
    /// R14: a line entering a 2's corner.
    R14,
    /// R15: a line entering a 1's corner.
    R15,
}

/// Counts of lines and crosses per rule, filled only when asked for.
pub type RuleCounts = [u64; 15];

/// Why an edge was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// One of the judge's rules R1-R15 (R6-R8 are the vertex rules).
    Rule(Rule),
    /// The inside/outside colouring of cells.
    Colors,
    /// What is known of the two sides at a cell's corner (`rules::angle`).
    Angles,
    /// Edges known equal or opposite (`solve::deduce::parity`).
    Parity,
    /// Edges the loop cannot reach (`solve::deduce::connect`).
    Reach,
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
            Reason::Angles => f.write_str("corner pairs"),
            Reason::Parity => f.write_str("equal or opposite edges"),
            Reason::Reach => f.write_str("out of the loop's reach"),
            Reason::Loop => f.write_str("single loop"),
            Reason::Probe => f.write_str("probing"),
            Reason::Branch => f.write_str("search branch"),
            Reason::LoopClosed => f.write_str("loop closed"),
        }
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
        edge: EdgeId,
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
