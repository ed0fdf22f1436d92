//! Diving: depth-first search without probing, tried once from the root
//! before the probing search, to find a second solution fast.
//!
//! Probing ([`crate::solve::probe`]) pays where values fail: a unique puzzle's
//! search is mostly failures, and a probe refutes a value before the
//! search branches on it. Where a puzzle has several solutions, almost
//! every value stands, the probes teach nothing, and the search pays for
//! hundreds of them at every node on its way to the solutions it would
//! have met anyway. The dive is the plain search (the same deduction at
//! each node; the edge branched on is the first path end, where the
//! probing search would take the best probe's) with no probing: if it
//! finds the solutions it counts to ([`Options::max_solutions`]), or
//! exhausts its tree having found one, its answer is the search's (a
//! tree without solution is left to the probing search, whose reasons
//! for "no solution" are the ones reported); at its
//! [`Dive::FAILURES`]-plus-first failure (a node whose deduction meets a
//! contradiction) it gives up, and the search starts again from the root
//! board the dive began on, as if no dive had been made (the dive's
//! nodes count towards the budget, and its passes and rule counts stay
//! in the statistics; the search depth is the later search's).
//!
//! It begins at the root, after probing there: on most boards the root's
//! probes are what a unique puzzle needs most, and they make the dive's
//! failures come soon. On an open board, where deduction decided at most
//! a tenth of the edges, it begins before them: there the root's probes
//! alone cost more than a dive to two solutions (a 2x47 puzzle with two
//! solutions: 259 probe pairs at the root, 51 nodes to both solutions).
//!
//! Where it stops: the dive gives up on a puzzle whose solutions lie
//! beyond a few failures; those are left to the probing search, which
//! finds them. Its cost on unique puzzles is the nodes
//! to its last failure (see docs/bench-history.md, "Diving").
//!
//! Restarts use it too ([`Dive::alone`]): a search that counts to two
//! solutions and has not answered after
//! [`super::search`]'s `RESTART_AFTER` nodes and probes (three times that
//! where its probes below the root pay) stops, and dives of a few hundred
//! nodes each, from the root in other orders (path ends from the last row,
//! the cross first), look for the solutions a bad early branch hid from
//! it; then probing searches of the puzzle mirrored, with growing slices
//! of work, look for an order that is not stuck (`search::walk::MIRRORS`).

use crate::board::{Board, Frame};
use crate::solve::outcome::Options;

/// Where the dive is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DiveState {
    /// Not begun yet.
    Pending,
    /// Running, with the failures met so far; `probed` if it began after
    /// the root's probing.
    Running { failures: u32, probed: bool },
    /// Over (or never to be: no search, a trace, one solution asked).
    Over,
}

/// The dive of one search (see the module doc).
#[derive(Clone, Copy, Debug)]
pub(super) struct Dive {
    state: DiveState,
    /// The failures it survives.
    failures: u32,
    /// Whether it is a search of its own ([`Dive::alone`]).
    alone: bool,
}

/// Where the search goes on when a dive gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Resume {
    /// At the root's branch: the root was deduced and probed.
    Branch,
    /// At the root node: it is to be probed.
    Probe,
    /// Nowhere: the dive was a search of its own, which ends.
    Stop,
}

impl Dive {
    /// Failures a dive survives; it gives up at the next.
    pub(super) const FAILURES: u32 = 2;

    /// The dive of a search with options `o`: none without search or
    /// branching, when
    /// tracing (a trace shows the probing search alone) or when one
    /// solution is enough (the dive looks for a second one).
    pub(super) fn new(o: &Options) -> Self {
        let state = if o.search && o.branch && !o.trace && o.max_solutions >= 2 {
            DiveState::Pending
        } else {
            DiveState::Over
        };
        Dive {
            state,
            failures: Self::FAILURES,
            alone: false,
        }
    }

    /// A dive that is a search of its own, from the unprobed root and with
    /// no limit of failures (the caller limits its nodes): one of the
    /// restarts of [`super::search`].
    pub(super) fn alone() -> Self {
        Dive {
            state: DiveState::Pending,
            failures: u32::MAX,
            alone: true,
        }
    }

    /// No dive: the probing search alone.
    pub(super) fn over() -> Self {
        Dive {
            state: DiveState::Over,
            failures: 0,
            alone: false,
        }
    }

    /// Whether a dive will run (or runs).
    pub(super) fn may_run(&self) -> bool {
        self.state != DiveState::Over
    }

    /// Whether the dive is running: nodes are not probed.
    #[inline(always)]
    pub(super) fn running(&self) -> bool {
        matches!(self.state, DiveState::Running { .. })
    }

    /// At the root, deduced, before probing: begins the dive if the board
    /// is open (at most a tenth of its edges decided) and not finished.
    pub(super) fn begin_before_probing<const W: usize>(
        &mut self,
        frame: &Frame<W>,
        board: &Board<W>,
    ) -> bool {
        let open = self.alone || board.decided_count(frame) as usize * 10 <= frame.edge_count();
        if self.state == DiveState::Pending && open && !board.is_complete(frame) {
            self.state = DiveState::Running {
                failures: 0,
                probed: false,
            };
            return true;
        }
        false
    }

    /// At the root, about to branch: begins the dive if it has not run.
    pub(super) fn begin_at_branch(&mut self) -> bool {
        if self.state == DiveState::Pending {
            self.state = DiveState::Running {
                failures: 0,
                probed: true,
            };
            return true;
        }
        false
    }

    /// The dive's tree is exhausted with `found` solutions: with none, it
    /// is over without an answer (the probing search gives the reasons of
    /// a puzzle without solution), and the search resumes where this says.
    pub(super) fn exhausted(&mut self, found: usize) -> Option<Resume> {
        let DiveState::Running { probed, .. } = self.state else {
            return None;
        };
        if found > 0 {
            return None;
        }
        self.state = DiveState::Over;
        Some(self.resume(probed))
    }

    /// Where the search resumes after this dive.
    fn resume(&self, probed: bool) -> Resume {
        if self.alone {
            Resume::Stop
        } else if probed {
            Resume::Branch
        } else {
            Resume::Probe
        }
    }

    /// A node met a contradiction: if the dive runs and this failure is
    /// one too many, it is over, and the search resumes where this says.
    pub(super) fn fail(&mut self) -> Option<Resume> {
        let DiveState::Running { failures, probed } = &mut self.state else {
            return None;
        };
        *failures += 1;
        if *failures <= self.failures {
            return None;
        }
        let probed = *probed;
        self.state = DiveState::Over;
        Some(self.resume(probed))
    }
}
