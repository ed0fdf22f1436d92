//! The generator's checks: does a candidate puzzle stay within a
//! [`Difficulty`] with the generator's loop as its one solution? Each
//! check is a solve with the options that stop at that difficulty
//! ([`Difficulty::options`]): the whole puzzle ([`Checker::whole`]), or,
//! quickly, only the cells near the clues just removed, the rest of the
//! loop given ([`Checker::check`] from [`Start::Given`], see
//! [`crate::solve::verdict::given`]).
//!
//! Where it stops: a quick check is optimistic (it takes the far edges as
//! known), so the generator confirms its puzzle with a whole check; and a
//! [`Difficulty::Search`] check may run out of its budget, which counts
//! as a failure.

use super::config::Work;
use crate::grid::EdgeId;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::solve::outcome::{Options, Outcome, Status};
use crate::solve::solver::Solver;
use crate::solve::verdict::difficulty::Difficulty;
use crate::solve::verdict::given::Free;
use crate::util::interrupt;
use std::time::{Duration, Instant};

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

/// The abandoned puzzle's reason: a stop was requested or its time is up.
pub(super) struct Stopped;

/// What a proof's search found ([`Checker::unique`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Proof {
    /// It holds.
    Yes,
    /// It does not.
    No,
    /// The search ran out of budget: nothing is proven.
    Unknown,
    /// A stop was requested, or the puzzle's time is up.
    Stop,
}

/// What a whole search of a puzzle with the generator's loop found
/// ([`Checker::search`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Searched {
    /// The loop, the one solution, without a branch: deduction and
    /// probing at the root finish the puzzle.
    Root,
    /// The loop, the one solution, after branching.
    Branched(Branching),
    /// A second solution (or, a solver bug, another one alone).
    Other,
    /// Out of the search's budget: nothing is known.
    GaveUp,
    /// A stop was requested, or the puzzle's time is up.
    Stop,
}

/// The search of a puzzle that had to branch to prove its loop the one
/// solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Branching {
    /// Its nodes.
    pub(super) nodes: u64,
    /// Its deepest level.
    pub(super) depth: u32,
    /// Whether it branched on the root's board as deduction and probing
    /// left it (see [`crate::solve::outcome::Stats::root_stalled`]): then
    /// probing alone does not finish the puzzle.
    pub(super) root_stalled: bool,
}

/// A solver per difficulty, and when the puzzle under way must be done.
pub(super) struct Checker {
    /// Boxed: a solver is large, and rayon's threads have small stacks.
    solvers: Vec<Solver>,
    /// The budget the search's solver was made with.
    budget: u64,
    /// The proofs' search ([`Checker::unique`]), made when first needed.
    complete: Option<Solver>,
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
            complete: None,
            deadline: None,
        }
    }

    /// Makes the search's budget `budget` nodes and probes.
    pub(super) fn set_budget(&mut self, budget: u64) {
        if budget != self.budget {
            self.complete = None;
            let k = Difficulty::Search as usize;
            self.solvers[k] = Solver::new(stoppable(Difficulty::Search, budget));
            self.budget = budget;
        }
    }

    /// The checks' budget of nodes and probes.
    pub(super) fn budget(&self) -> u64 {
        self.budget
    }

    /// The time the puzzle under way has left, if it has a limit.
    fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
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
        self.check(p, s, d, Start::Empty, w)
    }

    /// Searches `p` for a solution other than its loop `s`, with
    /// `budget`: whole, or with the edges of `s` given but the sides of the
    /// cells of `free`; whether there is one, and if not, whether the
    /// search had to branch to prove it.
    pub(super) fn search(
        &mut self,
        p: &Puzzle,
        s: &Solution,
        free: Option<&Free>,
        budget: u64,
        w: &mut Work,
    ) -> Searched {
        self.search_as(p, s, free, budget, true, w)
    }

    /// [`Checker::search`] with the edges of `s` given but the sides of
    /// the cells of `free`, with the checks' budget and without probing:
    /// in a small window a plain search is short, and it finds a second
    /// solution wherever the probing one would (both are complete); its
    /// `Root` or `Branched` tells only that there is none.
    pub(super) fn search_unprobed(
        &mut self,
        p: &Puzzle,
        s: &Solution,
        free: &Free,
        w: &mut Work,
    ) -> Searched {
        self.search_as(p, s, Some(free), self.budget, false, w)
    }

    /// [`Checker::search`], probing if `probe`.
    fn search_as(
        &mut self,
        p: &Puzzle,
        s: &Solution,
        free: Option<&Free>,
        budget: u64,
        probe: bool,
        w: &mut Work,
    ) -> Searched {
        if self.stopping() {
            return Searched::Stop;
        }
        w.solves += 1;
        let options = Options {
            node_budget: budget,
            time_limit: self.time_left(),
            probe,
            ..stoppable(Difficulty::Search, self.budget)
        };
        let solver = &mut self.solvers[Difficulty::Search as usize];
        let start = free.map_or(Start::Empty, Start::Given);
        let o = solve_with(solver, options, p, s, start);
        match o.status() {
            Status::Solved if o.solution() == Some(s) && o.stats.nodes <= 1 => Searched::Root,
            Status::Solved if o.solution() == Some(s) => Searched::Branched(Branching {
                nodes: o.stats.nodes,
                depth: o.stats.depth,
                root_stalled: o.stats.root_stalled,
            }),
            Status::Solved => {
                w.disagreements += 1;
                Searched::Other
            }
            Status::Multiple => Searched::Other,
            _ if self.stopping() => Searched::Stop,
            // (Counted in `Work::gave_up` by the callers for which it
            // decides something: a quick search's decides nothing.)
            _ => Searched::GaveUp,
        }
    }

    /// Whether `p` has `s` as its one solution, by a search with the
    /// proofs' budget ([`proof_budget`]).
    pub(super) fn unique(&mut self, p: &Puzzle, s: &Solution, w: &mut Work) -> Proof {
        match self.complete_solve(p, w) {
            Ok(Status::Solved) if self.complete_solution() == Some(s) => Proof::Yes,
            Ok(Status::Solved) => {
                w.disagreements += 1;
                Proof::No
            }
            Ok(Status::Multiple) => Proof::No,
            // Out of budget, or (`s` being a solution, neither can be) no
            // solution or an invalid puzzle: nothing is proven.
            Ok(_) => Proof::Unknown,
            Err(Stopped) => Proof::Stop,
        }
    }

    /// A solution other than `s` that the last proof's search found, if it
    /// found one.
    pub(super) fn proof_other(&self, s: &Solution) -> Option<&Solution> {
        other_than(self.complete.as_ref()?.outcome(), s)
    }

    /// The solution of the last complete search, if it found one.
    fn complete_solution(&self) -> Option<&Solution> {
        self.complete.as_ref()?.outcome().solution()
    }

    /// Solves `p` with the proofs' budget, up to two solutions: the
    /// status (`GaveUp` out of budget), or [`Stopped`] if a stop or the
    /// time limit ended the search first.
    fn complete_solve(&mut self, p: &Puzzle, w: &mut Work) -> Result<Status, Stopped> {
        if self.stopping() {
            return Err(Stopped);
        }
        w.solves += 1;
        w.proofs += 1;
        let time_limit = self.time_left();
        let budget = self.budget;
        let solver = self.complete.get_or_insert_with(|| {
            Solver::new(Options {
                max_solutions: 2,
                ..stoppable(Difficulty::Search, proof_budget(budget))
            })
        });
        let options = solver.options();
        if options.time_limit != time_limit {
            solver.set_options(Options {
                time_limit,
                ..*options
            });
        }
        let o = solver.solve(p);
        w.proof_nodes += o.stats.nodes;
        match o.status() {
            // A stop or the time limit: nothing is proven.
            Status::GaveUp | Status::TimedOut if self.stopping() => Err(Stopped),
            Status::GaveUp | Status::TimedOut => Ok(Status::GaveUp),
            status => Ok(status),
        }
    }

    /// A solution other than `s` that the last check by the search found,
    /// if it found one.
    pub(super) fn other_solution(&self, s: &Solution) -> Option<&Solution> {
        other_than(self.solvers[Difficulty::Search as usize].outcome(), s)
    }

    /// The edges the last check at difficulty `d` left undecided (below
    /// [`Difficulty::Search`], whose solves do not stall).
    pub(super) fn undecided(&self, p: &Puzzle, d: Difficulty) -> Vec<EdgeId> {
        self.solvers[d as usize].undecided(p)
    }

    /// Checks `p` at difficulty `d` against the loop `s`, from where
    /// `start` says (a resumed check only below the search, whose solves
    /// do not stall).
    pub(super) fn check(
        &mut self,
        p: &Puzzle,
        s: &Solution,
        d: Difficulty,
        start: Start<'_>,
        w: &mut Work,
    ) -> Checked {
        debug_assert!(
            !matches!(start, Start::Resumed) || d != Difficulty::Search,
            "a search does not stall"
        );
        if self.stopping() {
            return Checked::Stop;
        }
        w.solves += 1;
        let options = stoppable(d, self.budget);
        let o = solve_with(&mut self.solvers[d as usize], options, p, s, start);
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

/// A solution other than `s` among those outcome `o` found.
fn other_than<'o>(o: &'o Outcome, s: &Solution) -> Option<&'o Solution> {
    o.solutions().iter().find(|t| *t != s)
}

/// Nodes and probes of a proof's search ([`Checker::unique`]) where the
/// checks have `budget`: a hundred times as many. One that runs out proves
/// nothing ([`Work::unproven`]).
pub(super) fn proof_budget(budget: u64) -> u64 {
    budget.saturating_mul(100)
}

/// Where a check's solve starts.
#[derive(Clone, Copy)]
pub(super) enum Start<'f> {
    /// From an empty board: the check proper.
    Empty,
    /// From the edges of the loop, but the sides of the cells of the set
    /// (a quick check, optimistic: see [`crate::solve::verdict::given`]).
    Given(&'f Free),
    /// From the board the solver's last solve stalled on, of a puzzle
    /// whose clues this one has and more ([`Solver::solve_resumed`]):
    /// sound, but it may finish what a check from an empty board would
    /// not, so a pass proves the loop unique, not the difficulty.
    Resumed,
}

/// Solves `p` with `solver` under `options` (set where they differ from
/// its own: the search's solver serves both [`Checker::search`] and the
/// checks), from where `start` says (`s` the loop the edges given are
/// of).
fn solve_with<'o>(
    solver: &'o mut Solver,
    options: Options,
    p: &Puzzle,
    s: &Solution,
    start: Start<'_>,
) -> &'o Outcome {
    if *solver.options() != options {
        solver.set_options(options);
    }
    match start {
        Start::Empty => solver.solve(p),
        Start::Given(free) => solver.solve_given(p, s, free),
        Start::Resumed => solver.solve_resumed(p),
    }
}

/// The options of difficulty `d` (with `budget` for the search) that
/// give up once a stop is requested.
fn stoppable(d: Difficulty, budget: u64) -> Options {
    Options {
        stoppable: true,
        ..d.options(budget)
    }
}
