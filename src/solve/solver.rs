//! The solver's public face: options in, outcome with solutions and
//! statistics out. Dispatches on the board's width to an [`Engine`] whose
//! rows are 1, 2 or 4 words wide.

use crate::board::Edges;
use crate::grid::Plane;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::rules::decision::Event;
use crate::rules::{Contradiction, RuleCounts};
use crate::solve::pack::Pack;
use crate::solve::search::{self, Engine};

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

    pub(crate) fn finish(&mut self, status: Status) {
        self.status = Some(status);
    }
}

/// Row words of the board small puzzles are deduced on side by side.
// Four words, in one AVX2 register each (see `bits`): on 1000 generated
// 20x20 puzzles (callgrind), packs of 12 take 35.4M instructions where
// packs of 3 on one word took 44.3M. (Before the rows' shifts were
// vectorized, packs of 3 were fastest: 274M, against 280M for 6 on two
// words and 295M for 12 on four.)
const PACK_WORDS: usize = 4;

/// A reusable solver: keeps its scratch space between puzzles, so solving
/// allocates nothing once warmed up.
#[derive(Default)]
pub struct Solver {
    options: Options,
    narrow: Engine<1>,
    medium: Engine<2>,
    wide: Engine<4>,
    outcome: Outcome,
    pack: Pack<PACK_WORDS>,
    start: Edges<1>,
}

impl Solver {
    /// A solver with the given options.
    pub fn new(options: Options) -> Self {
        Solver {
            options,
            ..Solver::default()
        }
    }

    /// The solver's options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Solves `p`; the outcome lives until the next call.
    pub fn solve(&mut self, p: &Puzzle) -> &Outcome {
        self.outcome.begin();
        let o = &self.options;
        match p.cols() {
            0..=63 => self.narrow.solve(p, o, &mut self.outcome),
            64..=127 => self.medium.solve(p, o, &mut self.outcome),
            _ => self.wide.solve(p, o, &mut self.outcome),
        }
        &self.outcome
    }

    /// Solves `puzzles` in order, handing each outcome to `each` with the
    /// puzzle's index. Runs of small puzzles of one shape are first deduced
    /// side by side ([`Pack`]); the outcomes are those of [`Solver::solve`]
    /// (same status, solutions, nodes and probes), only faster.
    pub fn solve_all(&mut self, puzzles: &[&Puzzle], mut each: impl FnMut(usize, &Outcome)) {
        // Per-rule counts and traces belong to one puzzle each.
        let packing = !self.options.count_rules && !self.options.trace;
        let mut k = 0;
        while k < puzzles.len() {
            let (rows, cols) = (puzzles[k].rows(), puzzles[k].cols());
            let mut n = 0;
            if packing {
                let room = Pack::<PACK_WORDS>::capacity(rows, cols).min(puzzles.len() - k);
                n = puzzles[k..k + room]
                    .iter()
                    .take_while(|p| {
                        p.rows() == rows && p.cols() == cols && Pack::<PACK_WORDS>::admits(p)
                    })
                    .count();
            }
            let group = &puzzles[k..k + n.max(1)];
            match (n >= 2).then(|| self.pack.deduce(group)) {
                Some(Ok(passes)) => {
                    let finished = self.pack.finished();
                    for (t, p) in group.iter().enumerate() {
                        self.outcome.begin();
                        let (o, out) = (&self.options, &mut self.outcome);
                        if finished >> t & 1 == 1 {
                            // Most puzzles: straight from the packed board.
                            let (h, v) =
                                (self.pack.lines(t, Plane::H), self.pack.lines(t, Plane::V));
                            search::solve_finished(p, h, v, o, out);
                        } else {
                            self.pack.unpack(t, &mut self.start);
                            self.narrow.solve_from(p, Some(&self.start), o, out);
                        }
                        out.stats.passes += u64::from(passes);
                        each(k + t, &self.outcome);
                    }
                }
                // Alone, or a pack with a contradiction somewhere in it.
                _ => {
                    for (t, p) in group.iter().enumerate() {
                        each(k + t, self.solve(p));
                    }
                }
            }
            k += group.len();
        }
    }
}

/// Solves one puzzle with default options (allocates a solver; prefer
/// [`Solver`] for many puzzles).
pub fn solve(p: &Puzzle) -> Outcome {
    let mut s = Solver::default();
    s.solve(p).clone()
}
