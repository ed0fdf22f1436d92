//! What a solve is asked and what it answers: [`Options`] in, an
//! [`Outcome`] out (its [`Status`], solutions and [`Stats`]).

use crate::puzzle::solution::Solution;
use crate::rules::{Contradiction, Event, RuleCounts};

/// How hard to try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Use single-loop reasoning (not one of the judge's rules).
    pub loop_reasoning: bool,
    /// Search when deduction stalls.
    pub search: bool,
    /// Largest number of search nodes (below the root) and probes before
    /// giving up; deduction at the root is always done.
    pub node_budget: u64,
    /// Count solutions up to this many (1 stops at the first; 2 decides uniqueness).
    pub max_solutions: usize,
    /// Count the decisions of each rule (slower).
    pub count_rules: bool,
    /// Record every decision in [`Outcome::trace`] (much slower).
    pub trace: bool,
}

impl Options {
    /// The default search budget, in nodes.
    pub const DEFAULT_BUDGET: u64 = 200_000;

    /// The judge's rules R1-R15 and the vertex rules only: no loop
    /// reasoning, no search.
    pub fn rules_only() -> Self {
        Options {
            loop_reasoning: false,
            search: false,
            ..Options::default()
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            loop_reasoning: true,
            search: true,
            node_budget: Self::DEFAULT_BUDGET,
            max_solutions: 2,
            count_rules: false,
            trace: false,
        }
    }
}

/// What became of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Exactly one solution.
    Unique,
    /// Two or more solutions (two are given).
    Multiple,
    /// No solution.
    NoSolution,
    /// The search budget ran out.
    GaveUp,
    /// Deduction stalled with this many edges undecided and search was off.
    Stalled {
        /// Edges left undecided.
        undecided: usize,
    },
}

impl Status {
    /// The short name used in reports: `solved`, `multiple`, `none`, `gave-up`, `stalled`.
    pub fn name(&self) -> &'static str {
        match self {
            Status::Unique => "solved",
            Status::Multiple => "multiple",
            Status::NoSolution => "none",
            Status::GaveUp => "gave-up",
            Status::Stalled { .. } => "stalled",
        }
    }
}

/// Work done on a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Sweeps of the rules over the board (a sweep over puzzles deduced
    /// side by side counts for each of them).
    pub passes: u64,
    /// Search nodes (1 if deduction alone finished). Nodes and probes
    /// together are bounded by [`Options::node_budget`].
    pub nodes: u64,
    /// Trial propagations of one edge value while probing.
    pub probes: u64,
    /// Edges crossed by single-loop reasoning.
    pub loop_crosses: u64,
    /// Deepest search level reached.
    pub depth: u32,
    /// Decisions per rule R1-R15, when [`Options::count_rules`] is set.
    pub rules: RuleCounts,
}

/// The result of solving one puzzle.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    status: Option<Status>,
    solutions: Vec<Solution>,
    found: usize,
    /// Work done.
    pub stats: Stats,
    /// For `NoSolution` found by deduction alone: the first contradiction.
    pub contradiction: Option<Contradiction>,
    /// Every decision in order, when [`Options::trace`] is set.
    pub trace: Vec<Event>,
}

impl Outcome {
    /// What became of the puzzle.
    pub fn status(&self) -> Status {
        self.status.expect("outcome of a solved puzzle")
    }

    /// The solutions found: none, one, or two (for `Multiple`).
    pub fn solutions(&self) -> &[Solution] {
        &self.solutions[..self.found]
    }

    /// The first solution found, if any.
    pub fn solution(&self) -> Option<&Solution> {
        self.solutions().first()
    }

    pub(crate) fn begin(&mut self) {
        self.status = None;
        self.found = 0;
        self.stats = Stats::default();
        self.contradiction = None;
        self.trace.clear();
    }

    /// A slot for the next solution, reused from earlier puzzles (holding
    /// whatever it held: the caller sets every row).
    pub(crate) fn push_solution(&mut self) -> &mut Solution {
        if self.found == self.solutions.len() {
            self.solutions.push(Solution::default());
        }
        self.found += 1;
        &mut self.solutions[self.found - 1]
    }

    /// Drops the last solution slot (a candidate that failed verification).
    pub(crate) fn pop_solution(&mut self) {
        self.found -= 1;
    }

    pub(crate) fn found(&self) -> usize {
        self.found
    }

    /// Whether the search has used up its budget: the nodes below the root
    /// and the probes count; deduction at the root is always done.
    #[inline(always)]
    pub(crate) fn over_budget(&self, o: &Options) -> bool {
        self.stats.nodes.saturating_sub(1) + self.stats.probes > o.node_budget
    }

    pub(crate) fn finish(&mut self, status: Status) {
        self.status = Some(status);
    }
}
