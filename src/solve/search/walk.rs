//! One search under way and what it is told: its plan (a dive, probing,
//! a slice of work), the order it tries things in, the walk that travels
//! from node to node, and where a step leads.

use crate::board::Frame;
use crate::puzzle::Puzzle;
use crate::solve::outcome::{Options, Outcome};
use crate::solve::search::dive::Dive;

/// How a search ended.
pub(super) enum End {
    Done,
    GaveUp,
    Stalled(usize),
    /// Its slice of work ran out (see [`Plan`]).
    Sliced,
}

/// What one call of `Search::search` does.
#[derive(Clone, Copy, Debug)]
pub(super) enum Plan {
    /// The dive, then the probing search, which ends [`End::Sliced`] once
    /// the puzzle's work (nodes and probes) passes [`RESTART_AFTER`] if
    /// there was a dive to make.
    First,
    /// A dive alone, from the unprobed root, of at most this many nodes.
    Dive { nodes: u64 },
    /// The probing search alone, ending [`End::Sliced`] once it has made
    /// this much work (nodes and probes), if given.
    Probing { slice: Option<u64> },
}

/// The order a search tries things in: which path end it branches on
/// first, and which value of the edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Order {
    /// Path ends from the last row up (else from the first row down).
    pub(super) from_the_end: bool,
    /// The cross first (else the line).
    pub(super) cross_first: bool,
}

impl Order {
    /// The orders of the restarts' dives.
    pub(super) const RESTARTS: [Order; 3] = [
        Order {
            from_the_end: false,
            cross_first: true,
        },
        Order {
            from_the_end: true,
            cross_first: false,
        },
        Order {
            from_the_end: true,
            cross_first: true,
        },
    ];
}

/// Work (nodes and probes) after which a search that counts to two
/// solutions stops to restart (three times that where its probes below the
/// root pay): dives in other orders, then probing searches of the puzzle
/// mirrored (see `Search::solve_from`).
pub(super) const RESTART_AFTER: u64 = 20_000;

/// Nodes of each restart's dive.
pub(super) const RESTART_DIVE_NODES: u64 = 500;

/// The probing searches after the restarts' dives: the puzzle mirrored
/// (left to right, top to bottom), each search with twice the work of the
/// one before, the last without a limit (see `Search::solve_from`).
pub(super) const MIRRORS: [(bool, bool); 4] =
    [(true, false), (false, true), (true, true), (false, false)];

/// One search under way (a call of `Search::search`): what travels with
/// it from node to node.
pub(super) struct Walk<'w, const W: usize> {
    pub(super) frame: &'w Frame<W>,
    pub(super) p: &'w Puzzle,
    pub(super) o: &'w Options,
    pub(super) out: &'w mut Outcome,
    /// The dive, before the probing search (or as the whole search).
    pub(super) dive: Dive,
    /// The depth of the node under way.
    pub(super) depth: usize,
    /// The nodes counted before this search's first.
    pub(super) first_node: u64,
    /// The most nodes this search makes (a restart's dive).
    pub(super) max_nodes: u64,
    /// The work (nodes and probes) counted before this search's first
    /// node, and the work after which a search whose dive is over stops to
    /// restart, if it does.
    pub(super) slice: Option<(u64, u64)>,
}

/// How many times its slice a search whose probes below the root pay
/// (`Prober::pays_below_the_root`) makes before it restarts: refuting its
/// way through a unique puzzle, it is seldom lost, and a restart makes it
/// do its work again in another order. (Whether probes pay cannot tell
/// such a search from one stuck behind a bad branch with several
/// solutions ahead, which then restarts later: the figures are in
/// docs/bench-history.md.)
pub(super) const PAYING_SLICES: u64 = 3;

impl<'w, const W: usize> Walk<'w, W> {
    /// The walk of a search of `p` (on a board of `frame`) as `plan` says,
    /// from the root, its work counted into `out`.
    pub(super) fn new(
        frame: &'w Frame<W>,
        p: &'w Puzzle,
        o: &'w Options,
        out: &'w mut Outcome,
        plan: Plan,
    ) -> Self {
        let (dive, max_nodes) = match plan {
            Plan::First => (Dive::new(o), u64::MAX),
            Plan::Dive { nodes } => (Dive::alone(), nodes),
            Plan::Probing { .. } => (Dive::over(), u64::MAX),
        };
        // Where a dive may run (so a second solution is asked for), a long
        // search stops to restart.
        let work = out.stats.nodes + out.stats.probes;
        let slice = match plan {
            Plan::First => dive.may_run().then_some((0, RESTART_AFTER)),
            Plan::Probing { slice } => slice.map(|s| (work, s)),
            Plan::Dive { .. } => None,
        };
        let first_node = out.stats.nodes;
        Walk {
            frame,
            p,
            o,
            out,
            dive,
            depth: 0,
            first_node,
            max_nodes,
            slice,
        }
    }

    /// Whether the search's slice of work has run out before the next
    /// node (`PAYING_SLICES` slices if its probes below the root pay).
    #[inline(always)]
    pub(super) fn sliced(&self, paying: bool) -> bool {
        let stats = &self.out.stats;
        let times = if paying { PAYING_SLICES } else { 1 };
        stats.nodes - self.first_node >= self.max_nodes
            || self.slice.is_some_and(|(from, s)| {
                !self.dive.running() && stats.nodes + stats.probes > from + s * times
            })
    }
}

/// Where a search goes after a step.
pub(super) enum Step {
    /// To the node at the walk's depth.
    Node,
    /// Back to the deepest branch with a value left to try.
    Backtrack,
    /// Nowhere: it ends.
    End(End),
}
