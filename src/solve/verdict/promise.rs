//! The judge's promise of a puzzle, that it has exactly one solution and
//! the judge's rules R1-R15 alone find it: its solutions as far as the
//! full search tells, and what the rules alone do with it ([`Promise`],
//! made by a [`PromiseCheck`], two solves), for `slink check --promise`.
//! Not the `grade=` of `check`'s lines, how hard a unique puzzle is: that
//! is the one ladder of difficulties,
//! [`crate::solve::verdict::difficulty`]'s.

use crate::puzzle::verify::verify;
use crate::puzzle::Puzzle;
use crate::solve::outcome::{Options, Status};
use crate::solve::solver::Solver;

/// The check of the judge's promise: two solvers, the judge's rules
/// alone and the full search, reused across puzzles.
pub struct PromiseCheck {
    /// The judge's rules alone.
    rules: Solver,
    /// Everything, with search, counting solutions up to two.
    full: Solver,
}

/// The number of solutions, as far as the full search could tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// None.
    Zero,
    /// Exactly one.
    One,
    /// Two or more.
    Several,
    /// The search ran out of budget.
    Unknown,
}

impl Solutions {
    /// The count as reports write it: `0`, `1`, `2+`, `?`.
    pub fn text(self) -> &'static str {
        match self {
            Solutions::Zero => "0",
            Solutions::One => "1",
            Solutions::Several => "2+",
            Solutions::Unknown => "?",
        }
    }
}

/// What the judge's rules alone did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesAlone {
    /// Every edge decided, one loop.
    Finish,
    /// Stuck with this many edges undecided.
    Stall(usize),
    /// They prove there is no solution.
    Contradiction,
}

/// What one puzzle does with the judge's promise ([`Promise::kept`]),
/// and the counts of the full solve.
#[derive(Clone, Debug)]
pub struct Promise {
    /// Cell rows.
    pub rows: usize,
    /// Cell columns.
    pub cols: usize,
    /// Blank cells.
    pub blanks: usize,
    /// Its solutions, as far as the full search could tell.
    pub solutions: Solutions,
    /// What the judge's rules alone did.
    pub rules: RulesAlone,
    /// Search nodes of the full solve.
    pub nodes: u64,
    /// Probes of the full solve.
    pub probes: u64,
    /// Deepest search level of the full solve.
    pub depth: u32,
    /// A disagreement between the ways of solving, or a board deduction
    /// let through that failed the solution check (`failed-check`, see
    /// [`Stats::check_failures`](crate::solve::outcome::Stats::check_failures)): a solver bug.
    pub inconsistent: Option<&'static str>,
    /// Its difficulty, if unique, when the caller grades it
    /// ([`Ladder::difficulty`](crate::solve::verdict::difficulty::Ladder::difficulty);
    /// [`PromiseCheck::check`] leaves it `None`).
    pub difficulty: Option<crate::solve::verdict::difficulty::Difficulty>,
}

impl Promise {
    /// Whether the puzzle keeps the judge's promise: exactly one solution,
    /// found by the rules alone (and no disagreement).
    pub fn kept(&self) -> bool {
        self.solutions == Solutions::One
            && self.rules == RulesAlone::Finish
            && self.inconsistent.is_none()
    }
}

impl PromiseCheck {
    /// A check whose full search stops after `budget` nodes and probes.
    pub fn new(budget: u64) -> Self {
        PromiseCheck {
            rules: Solver::new(Options::rules_only()),
            full: Solver::new(PromiseCheck::full_options(budget)),
        }
    }

    /// The options of the full search.
    fn full_options(budget: u64) -> Options {
        Options {
            node_budget: budget,
            max_solutions: 2,
            ..Options::default()
        }
    }

    /// Makes the full search give up after `limit` of wall-clock time per
    /// puzzle (`None`: no limit), as well as at its budget.
    pub fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        if self.full.options().time_limit != limit {
            let options = Options {
                time_limit: limit,
                ..*self.full.options()
            };
            self.full = Solver::new(options);
        }
    }

    /// Makes the full search's budget `budget` nodes and probes.
    pub fn set_budget(&mut self, budget: u64) {
        if self.full.options().node_budget != budget {
            self.full = Solver::new(PromiseCheck::full_options(budget));
        }
    }

    /// Checks `p`: the rules alone, then the full search (its solutions
    /// checked).
    pub fn check(&mut self, p: &Puzzle) -> Promise {
        let mut inconsistent = None;
        let o = self.rules.solve(p);
        let rules = match o.status() {
            Status::Solved => RulesAlone::Finish,
            Status::NoSolution => RulesAlone::Contradiction,
            // Without search the rules stall; they cannot run out of
            // budget or see two solutions.
            Status::GaveUp | Status::TimedOut => RulesAlone::Stall(o.stalled().unwrap_or(0)),
            Status::Multiple | Status::Invalid => RulesAlone::Stall(0),
        };
        let rules_solution = o.solution().cloned();
        let mut failed_checks = o.stats.check_failures;
        let full = self.full.solve(p);
        failed_checks += full.stats.check_failures;
        let solutions = match full.status() {
            Status::Solved => Solutions::One,
            Status::Multiple => Solutions::Several,
            Status::NoSolution => Solutions::Zero,
            Status::GaveUp | Status::TimedOut | Status::Invalid => Solutions::Unknown,
        };
        let (nodes, probes, depth) = (full.stats.nodes, full.stats.probes, full.stats.depth);
        if full.solutions().iter().any(|s| verify(p, s).is_err()) {
            inconsistent = Some("invalid-solution");
        }
        match (rules, solutions) {
            (RulesAlone::Finish, Solutions::One) if rules_solution.as_ref() != full.solution() => {
                inconsistent = Some("different-solutions");
            }
            (RulesAlone::Finish, c) if c != Solutions::One => inconsistent = Some("rules-unique"),
            (RulesAlone::Contradiction, c) if c != Solutions::Zero => {
                inconsistent = Some("rules-contradiction")
            }
            _ => {}
        }
        if failed_checks > 0 {
            // A board deduction let through failed the solution check: a
            // bug in the reasoning, which may be behind any verdict here.
            inconsistent = Some("failed-check");
        }
        Promise {
            rows: p.rows(),
            cols: p.cols(),
            blanks: p.blanks(),
            solutions,
            rules,
            nodes,
            probes,
            depth,
            inconsistent,
            difficulty: None,
        }
    }
}
