//! What a solve is asked and what it answers: [`Options`] in, an
//! [`Outcome`] out (its [`Status`], solutions and [`Stats`]).

use crate::puzzle::solution::Solution;
use crate::puzzle::verify::Invalid;
use crate::rules::{Contradiction, Event, RuleCounts};
use std::time::{Duration, Instant};

/// How hard to try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Use single-loop reasoning (not one of the judge's rules).
    pub loop_reasoning: bool,
    /// Search when deduction stalls.
    pub search: bool,
    /// With search on: probe (try each undecided edge both ways) where a
    /// node's deduction stalls. Off, a search node goes from deduction
    /// straight to its branch (or stalls, without [`Options::branch`]).
    pub probe: bool,
    /// With search on: branch where deduction and probing stall. Off, the
    /// root's deduction and probing are all: the solve ends
    /// [`Status::GaveUp`] with the edges left undecided
    /// ([`Outcome::stalled`]), as with search off, and the board it
    /// stalled on is kept ([`crate::solve::solver::Solver::undecided`]).
    /// The generator's checks of a difficulty use it.
    pub branch: bool,
    /// Give up (as [`Status::GaveUp`]) once a stop is requested
    /// (by SIGINT or SIGTERM in the `slink` binary), checked with the budget, every few
    /// nodes and probes.
    pub stoppable: bool,
    /// Largest number of search nodes (below the root) and probes before
    /// giving up; deduction at the root is always done.
    pub node_budget: u64,
    /// Wall-clock time per puzzle before giving up as
    /// [`Status::TimedOut`] (`None`: no limit). Checked with the budget,
    /// every few nodes and probes, so deduction alone (a puzzle that needs
    /// no search) is never cut short and never reads the clock.
    pub time_limit: Option<Duration>,
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
            probe: true,
            branch: true,
            stoppable: false,
            node_budget: Self::DEFAULT_BUDGET,
            time_limit: None,
            max_solutions: 2,
            count_rules: false,
            trace: false,
        }
    }
}

/// What became of a puzzle or a data set.
///
/// One vocabulary from the solver to the reports: each status has the name
/// JSON records and summaries give it ([`Status::name`]). The solver gives
/// the first four; a data set that cannot be read is [`Status::Invalid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Exactly one solution: `solved`.
    Solved,
    /// Two or more solutions (two are given): `multiple`.
    Multiple,
    /// No solution: `none`.
    NoSolution,
    /// Not finished: `gave-up`. The search budget ran out, or, with search
    /// off, deduction stalled ([`Outcome::stalled`] then says how many
    /// edges it left undecided). Batch mode also reports a data set the
    /// solver failed on (a bug) this way.
    GaveUp,
    /// Not finished in the time allowed ([`Options::time_limit`]):
    /// `timed-out`. Unlike `gave-up`, it depends on the machine and its
    /// load, not only on the puzzle.
    TimedOut,
    /// A malformed data set, which was not solved: `invalid`.
    Invalid,
}

impl Status {
    /// Every status, in the order reports list them.
    pub const ALL: [Status; 6] = [
        Status::Solved,
        Status::Multiple,
        Status::NoSolution,
        Status::Invalid,
        Status::GaveUp,
        Status::TimedOut,
    ];

    /// The name used in JSON records and summaries: `solved`,
    /// `multiple`, `none`, `invalid`, `gave-up`, `timed-out`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Multiple => "multiple",
            Status::NoSolution => "none",
            Status::Invalid => "invalid",
            Status::GaveUp => "gave-up",
            Status::TimedOut => "timed-out",
        }
    }

    /// Whether judge mode calls this an error (not merely a warning, as
    /// for `multiple`).
    pub fn is_error(self) -> bool {
        matches!(
            self,
            Status::NoSolution | Status::Invalid | Status::GaveUp | Status::TimedOut
        )
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
    /// Whether a search branched on the root's board as deduction and
    /// probing (where on) left it, undecided edges left: a solve without
    /// branching would stall there. (A dive that answers before the
    /// root is probed leaves it unset.)
    pub root_stalled: bool,
    /// Complete boards that deduction let through and the independent
    /// check ([`crate::puzzle::verify::verify`]) rejected for a reason
    /// deduction should have seen: a bug in the reasoning (each is dropped
    /// as a failed branch, so the verdict may be wrong). In builds with
    /// debug assertions (the tests) the first one panics instead.
    pub check_failures: u64,
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
    /// Why the first of [`Stats::check_failures`] was rejected.
    check_failure: Option<Invalid>,
    /// For `GaveUp` with search off: the edges deduction left undecided.
    stalled: Option<usize>,
    /// Every decision in order, when [`Options::trace`] is set.
    pub trace: Vec<Event>,
    /// With a time limit: when the first budget check was made.
    started: Option<Instant>,
    /// With a time limit: the work (nodes and probes) at which the clock
    /// is read next.
    clock_at: u64,
    /// The time limit ran out.
    timed_out: bool,
}

/// Work (search nodes and probes) between two reads of the clock under a
/// time limit: a node or a probe pair takes a microsecond or more, a read
/// of the clock some 25 ns.
const CLOCK_EVERY: u64 = 8;

impl Outcome {
    /// What became of the puzzle.
    pub fn status(&self) -> Status {
        self.status.expect("outcome of a solved puzzle")
    }

    /// The solutions found: none, one, or two (for `Multiple`).
    pub fn solutions(&self) -> &[Solution] {
        &self.solutions[..self.found]
    }

    /// With search off, when deduction stalled ([`Status::GaveUp`]): how
    /// many edges it left undecided.
    pub fn stalled(&self) -> Option<usize> {
        self.stalled
    }

    /// Why the independent check rejected the first complete board that
    /// deduction let through wrongly, if one was (see
    /// [`Stats::check_failures`]).
    pub fn check_failure(&self) -> Option<&Invalid> {
        self.check_failure.as_ref()
    }

    /// Counts a complete board that deduction let through and the
    /// independent check rejected, for the reason `why`.
    pub(crate) fn check_failed(&mut self, why: Invalid) {
        self.stats.check_failures += 1;
        self.check_failure.get_or_insert(why);
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
        self.check_failure = None;
        self.stalled = None;
        self.trace.clear();
        self.started = None;
        self.clock_at = 0;
        self.timed_out = false;
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

    /// Forgets the solutions found and the reason for none: a search
    /// starts anew.
    pub(crate) fn forget_found(&mut self) {
        self.found = 0;
        self.contradiction = None;
    }

    /// Mirrors the solutions found (see [`Solution::mirrored`]): a search
    /// of the mirrored puzzle found them.
    pub(crate) fn mirror_found(&mut self, across: bool, down: bool) {
        for s in &mut self.solutions[..self.found] {
            *s = s.mirrored(across, down);
        }
    }

    pub(crate) fn found(&self) -> usize {
        self.found
    }

    /// Whether the search has used up its budget: the nodes below the root
    /// and the probes count; deduction at the root is always done. Or,
    /// with a time limit, whether the time is up (the clock is read every
    /// [`CLOCK_EVERY`] units of work, and started at the first check: the
    /// root node's).
    #[inline(always)]
    pub(crate) fn over_budget(&mut self, o: &Options) -> bool {
        let work = self.stats.nodes.saturating_sub(1) + self.stats.probes;
        work > o.node_budget
            || ((o.time_limit.is_some() || o.stoppable) && self.out_of_time(o, work))
    }

    /// Whether the time limit has run out, reading the clock every
    /// [`CLOCK_EVERY`] units of work; or, if the solve is
    /// [`Options::stoppable`], whether a stop was requested.
    #[cold]
    #[inline(never)]
    fn out_of_time(&mut self, o: &Options, work: u64) -> bool {
        if work < self.clock_at {
            return false;
        }
        self.clock_at = work + CLOCK_EVERY;
        if o.stoppable && crate::util::interrupt::stopping() {
            return true;
        }
        let Some(limit) = o.time_limit else {
            return false;
        };
        let started = *self.started.get_or_insert_with(Instant::now);
        self.timed_out = started.elapsed() >= limit;
        self.timed_out
    }

    /// Ends a search that stalled, with search off, with `undecided`
    /// edges undecided.
    pub(crate) fn finish_stalled(&mut self, undecided: usize) {
        self.stalled = Some(undecided);
        self.finish(Status::GaveUp);
    }

    /// Ends the solve with `status`; a search that gave up because its
    /// time ran out ends [`Status::TimedOut`].
    pub(crate) fn finish(&mut self, status: Status) {
        self.status = Some(match status {
            Status::GaveUp if self.timed_out => Status::TimedOut,
            _ => status,
        });
    }
}
