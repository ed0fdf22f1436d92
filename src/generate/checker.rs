//! The generator's checks: does a candidate puzzle stay within a
//! [`Difficulty`] with the generator's loop as its one solution? Each
//! check is a solve with the options that stop at that difficulty
//! ([`Difficulty::options`]): the whole puzzle ([`Checker::whole`]), or,
//! quickly, only the cells near the clues just removed, the rest of the
//! loop given ([`Checker::near`], see [`crate::solve::given`]).
//!
//! Where it stops: a quick check is optimistic (it takes the far edges as
//! known), so the generator confirms its puzzle with a whole check; and a
//! [`Difficulty::Search`] check may run out of its budget, which counts
//! as a failure.

use super::config::Work;
use crate::grid::EdgeId;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::solve::difficulty::Difficulty;
use crate::solve::given::Free;
use crate::solve::outcome::Status;
use crate::solve::solver::Solver;
use crate::util::interrupt;
use std::time::Instant;

/// What a check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Checked {
    /// Finished within the difficulty, with the generator's loop.
    Pass,
    /// Not finished within it (or out of budget).
    Fail,
    /// A stop was requested, or the puzzle's time is up: the puzzle is
    /// abandoned.
    Stop,
}

/// A solver per difficulty, and when the puzzle under way must be done.
pub(super) struct Checker {
    /// Boxed: a solver is large, and rayon's threads have small stacks.
    solvers: Vec<Solver>,
    /// The budget the search's solver was made with.
    budget: u64,
    /// When the puzzle under way is abandoned, if ever.
    pub(super) deadline: Option<Instant>,
}

impl Checker {
    /// A checker whose search gives up after `budget` nodes and probes.
    pub(super) fn new(budget: u64) -> Self {
        Checker {
            solvers: (Difficulty::ALL.iter())
                .map(|&d| Solver::new(stoppable(d, budget)))
                .collect(),
            budget,
            deadline: None,
        }
    }

    /// Makes the search's budget `budget` nodes and probes.
    pub(super) fn set_budget(&mut self, budget: u64) {
        if budget != self.budget {
            let k = Difficulty::Search as usize;
            self.solvers[k] = Solver::new(stoppable(Difficulty::Search, budget));
            self.budget = budget;
        }
    }

    /// Whether to abandon the puzzle under way.
    pub(super) fn stopping(&self) -> bool {
        interrupt::stopping() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Checks `p` whole at difficulty `d` against the loop `s`.
    pub(super) fn whole(
        &mut self,
        p: &Puzzle,
        s: &Solution,
        d: Difficulty,
        w: &mut Work,
    ) -> Checked {
        self.run(p, s, d, None, w)
    }

    /// Checks `p` at difficulty `d` with the edges of `s` given but the
    /// sides of the cells of `free`.
    pub(super) fn near(
        &mut self,
        p: &Puzzle,
        s: &Solution,
        d: Difficulty,
        free: &Free,
        w: &mut Work,
    ) -> Checked {
        self.run(p, s, d, Some(free), w)
    }

    /// A solution other than `s` that the last check by the search found,
    /// if it found one.
    pub(super) fn other_solution(&self, s: &Solution) -> Option<&Solution> {
        let o = self.solvers[Difficulty::Search as usize].outcome();
        o.solutions().iter().find(|t| *t != s)
    }

    /// The edges the last check at difficulty `d` left undecided (below
    /// [`Difficulty::Search`], whose solves do not stall).
    pub(super) fn undecided(&self, p: &Puzzle, d: Difficulty) -> Vec<EdgeId> {
        self.solvers[d as usize].undecided(p)
    }

    /// One check, whole or with the far edges given.
    fn run(
        &mut self,
        p: &Puzzle,
        s: &Solution,
        d: Difficulty,
        free: Option<&Free>,
        w: &mut Work,
    ) -> Checked {
        if self.stopping() {
            return Checked::Stop;
        }
        w.solves += 1;
        let solver = &mut self.solvers[d as usize];
        let o = match free {
            Some(free) => solver.solve_given(p, s, free),
            None => solver.solve(p),
        };
        match o.status() {
            Status::Solved if o.solution() == Some(s) => Checked::Pass,
            Status::Solved => {
                w.disagreements += 1;
                Checked::Fail
            }
            // A solve cut short by a stop (or the time limit) tells nothing.
            Status::GaveUp | Status::TimedOut if self.stopping() => Checked::Stop,
            Status::GaveUp | Status::TimedOut if d == Difficulty::Search => {
                w.gave_up += 1;
                Checked::Fail
            }
            _ => Checked::Fail,
        }
    }
}

/// The options of difficulty `d` (with `budget` for the search) that
/// give up once a stop is requested.
fn stoppable(d: Difficulty, budget: u64) -> crate::solve::outcome::Options {
    crate::solve::outcome::Options {
        stoppable: true,
        ..d.options(budget)
    }
}
