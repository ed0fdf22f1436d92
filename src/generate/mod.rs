//! Random puzzle generation.
//!
//! A puzzle starts as a random loop: the boundary of a region of cells
//! grown by random accretion, shaped blobby, thin or winding ([`Shape`]).
//! Its Slink puzzle clues every cell; the solver then decides whether
//! that puzzle has exactly one solution (if not, another loop is tried). Optionally clues are removed while the puzzle stays
//! unique ([`GenConfig::blanks`]), and only puzzles that the judge's rules
//! alone finish are kept ([`GenConfig::rules_only`]).
//!
//! Everything is deterministic: puzzle `k` of a run seeded with `s`
//! depends on `(s, k)` only, never on the thread that made it, so
//! [`generate_many`] gives the same puzzles on any number of threads; a
//! whole run of `slink gen` (puzzles written in order, with a summary) is
//! [`run::run`].
//!
//! ```
//! use slink::generate::{GenConfig, Generator, SizeRange};
//! let config = GenConfig {
//!     rows: SizeRange::exactly(6),
//!     cols: SizeRange::exactly(8),
//!     ..GenConfig::default()
//! };
//! let mut generator = Generator::new(config);
//! let made = generator.generate(7, 0).unwrap();
//! assert_eq!((made.puzzle.rows(), made.puzzle.cols()), (6, 8));
//! assert_eq!(slink::verify(&made.puzzle, &made.solution), Ok(()));
//! ```

mod checker;
mod config;
mod harden;
mod minimal;
mod remove;
pub mod run;
mod symmetry;
mod witness;

use crate::puzzle::region::Region;
pub use crate::puzzle::region::Shape;
pub use crate::solve::verdict::difficulty::Difficulty;
use crate::util::rng::Rng;
pub use config::{default_budget, GenConfig, GenError, Generated, SizeRange, Work};
pub use symmetry::Symmetry;

use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::solve::verdict::difficulty::Ladder;
use checker::{Branching, Checked, Checker, Stopped};
use harden::Hardened;
use rayon::prelude::*;
use remove::Removal;
use std::time::Instant;

/// The radii of the rounds of quick checks (see [`remove`]), each round
/// confirmed by a whole check: a smaller radius takes more of the loop as
/// known, so it removes more clues and more are put back. Each round
/// added about doubles the time a puzzle takes, for fewer and fewer cells
/// left blank: a fourth round (radius 1) does not pay, and whole checks
/// of every clue left remove none more (docs/bench-history.md, "Making
/// puzzles").
const RADII: [usize; 3] = [4, 3, 2];

/// The radii of the rounds that make a hard puzzle's tricky start: one
/// round fewer than [`RADII`], as [`harden`]'s quick searches blank what
/// the round at radius 3 would, for less (the other radii tried:
/// docs/bench-history.md, "Making puzzles, issue 42").
const HARD_RADII: [usize; 2] = [4, 2];

/// The radius of the quick checks by the search: confirmed whole, then
/// followed by whole checks of the clues put back or out of budget, they
/// leave as many cells blank as whole checks alone, in two thirds of the
/// time (`--blanks`) or a third (`--difficulty hard`; the figures:
/// docs/bench-history.md, "Making puzzles").
const SEARCH_RADIUS: usize = 4;

/// The radius of the quick searches of [`harden`]. Callgrind of 20
/// 20x20 hard puzzles (seed 1), whole batches from 1: 13.6 G instructions
/// at radius 6, 13.4 G at 4 and 6.9-15.7 G at 4 to 8 on 10 puzzles (a few
/// costly whole searches swing it); a second quick search at radius 8 to
/// 12 did not pay (13.4-14.7 G). With whole batches from 2: 12.6 G.
const HARDEN_RADIUS: usize = 6;

/// Makes puzzles one at a time, reusing its solvers' scratch space.
pub struct Generator {
    config: GenConfig,
    /// The checks of candidates.
    checker: Checker,
    /// The grading of the puzzles made (when the checks do not tell it).
    ladder: Ladder,
}

/// What became of one loop.
enum Attempt {
    /// A puzzle, its difficulty, and for a hard one, the search that
    /// proves it unique (see [`Generated::search`]).
    Made(Puzzle, Option<Difficulty>, Option<Branching>),
    /// No puzzle from this loop: try another.
    Next,
}

/// What a removal of clues left.
enum Removed {
    /// A puzzle to give, with the whole search by which the removal
    /// proved it hard, if it did.
    Kept(Option<Branching>),
    /// No puzzle to give.
    Dropped,
}

impl Generator {
    /// A generator for `config`.
    pub fn new(config: GenConfig) -> Self {
        Generator {
            config,
            checker: Checker::new(0),
            ladder: Ladder::new(0),
        }
    }

    /// Makes the search's budget right for an `rows x cols` puzzle.
    fn set_budget(&mut self, rows: usize, cols: usize) {
        let budget = self
            .config
            .node_budget
            .unwrap_or_else(|| default_budget(rows, cols));
        self.checker.set_budget(budget);
        if self.ladder.0[3].options().node_budget != budget {
            self.ladder = Ladder::new(budget);
        }
    }

    /// The configuration.
    pub fn config(&self) -> &GenConfig {
        &self.config
    }

    /// Puzzle `index` of a run seeded with `seed`.
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenError> {
        self.config.validate()?;
        let mut rng = Rng::for_item(seed, index);
        let c = self.config;
        self.checker.deadline = c.time_limit.map(|t| Instant::now() + t);
        let mut work = Work::default();
        let (mut rows, mut cols) = (c.rows.min, c.cols.min);
        for attempt in 0..c.max_attempts {
            // A new size now and then, so one impossible size in a range
            // (such as 1x1 with rules only) does not sink the puzzle.
            if attempt % 16 == 0 {
                rows = rng.between(c.rows.min, c.rows.max);
                cols = rng.between(c.cols.min, c.cols.max);
                if c.symmetry == Symmetry::Rot4 {
                    cols = rows;
                }
                self.set_budget(rows, cols);
            }
            let shape = match c.shape {
                Some(s) => s,
                None => Shape::ALL[rng.index(Shape::ALL.len())],
            };
            let area = rows * cols;
            let fill = match shape {
                Shape::Blobby => rng.range_f64(0.35, 0.85),
                Shape::Thin | Shape::Winding => rng.range_f64(0.25, 0.6),
            };
            let target = ((area as f64 * fill) as usize).max(2);
            let region = Region::grow(rows, cols, shape, target, &mut rng);
            work.loops += 1;
            let solution = region.solution();
            let made = self.attempt(region.puzzle(), &solution, &mut rng, &mut work);
            match made {
                Ok(Attempt::Next) => continue,
                Ok(Attempt::Made(puzzle, difficulty, search)) => {
                    return Ok(Generated {
                        index,
                        puzzle,
                        solution,
                        shape,
                        difficulty,
                        search: search.map(|b| (b.nodes, b.depth)),
                        work,
                    });
                }
                Err(Stopped) if crate::util::interrupt::stopping() => {
                    return Err(GenError::Stopped)
                }
                Err(Stopped) => {
                    return Err(GenError::TimedOut {
                        index,
                        work: Box::new(work),
                    })
                }
            }
        }
        Err(GenError::NoPuzzle {
            index,
            rows,
            cols,
            work: Box::new(work),
        })
    }

    /// The search that proves the hard puzzle `p` unique with its loop
    /// `s`, with [`harden::WHOLE`] times the checks' budget (`None` if it
    /// runs out, a stop came, or probing finishes `p`).
    fn search_needed(&mut self, p: &Puzzle, s: &Solution, work: &mut Work) -> Option<Branching> {
        let budget = harden::WHOLE * self.checker.budget();
        match self.checker.search(p, s, None, budget, work) {
            checker::Searched::Branched(b) => Some(b),
            checker::Searched::GaveUp => {
                work.gave_up += 1;
                None
            }
            _ => None,
        }
    }

    /// Makes a puzzle of the fully clued `p` (solution `s`): checks it at
    /// the configuration's difficulty, removes clues, and grades it.
    fn attempt(
        &mut self,
        mut p: Puzzle,
        s: &Solution,
        rng: &mut Rng,
        work: &mut Work,
    ) -> Result<Attempt, Stopped> {
        let c = self.config;
        let level = c.level();
        match self.checker.whole(&p, s, level, work) {
            Checked::Pass => {}
            Checked::Stop => return Err(Stopped),
            Checked::Fail if level == Difficulty::Search => {
                work.multiple += 1;
                return Ok(Attempt::Next);
            }
            Checked::Fail => {
                work.rules_failed += 1;
                return Ok(Attempt::Next);
            }
        }
        let mut proof = None;
        if let Some(goal) = c.goal(p.rows() * p.cols()) {
            match self.remove_clues(&mut p, s, goal, rng, work)? {
                Removed::Kept(hard) => proof = hard,
                Removed::Dropped => return Ok(Attempt::Next),
            }
        }
        // A puzzle the difficulty below finishes is too easy (not a hard
        // one whose proof branched where probing stalled).
        if let Some(b) = proof.filter(|b| b.root_stalled) {
            return Ok(Attempt::Made(p, c.difficulty, Some(b)));
        }
        if let Some(d) = c.difficulty.filter(|&d| d > Difficulty::Rules) {
            let easier = Difficulty::ALL[d as usize - 1];
            match self.checker.whole(&p, s, easier, work) {
                Checked::Pass => {
                    work.too_easy += 1;
                    return Ok(Attempt::Next);
                }
                Checked::Stop => return Err(Stopped),
                Checked::Fail => {
                    let search = match d {
                        Difficulty::Search => proof.or_else(|| self.search_needed(&p, s, work)),
                        _ => None,
                    };
                    return Ok(Attempt::Made(p, Some(d), search));
                }
            }
        }
        work.solves += 1;
        let mut difficulty = self.ladder.difficulty(&p);
        // A unique puzzle beyond the ladder's search (out of its budget) is
        // graded by the longer search that counts its nodes.
        let search = match difficulty {
            Some(Difficulty::Search) | None => self.search_needed(&p, s, work),
            _ => None,
        };
        if search.is_some() {
            difficulty = Some(Difficulty::Search);
        }
        Ok(Attempt::Made(p, difficulty, search))
    }

    /// Blanks clues of the unique puzzle `p` (solution `s`) in random
    /// order, an orbit of the symmetry at a time, until `goal` cells are
    /// blank or every clue has been tried (see [`remove`]): by quick
    /// checks of the rules, each round confirmed whole at the difficulty
    /// asked (at most probing); then, for uniqueness, by quick checks of
    /// the search, confirmed whole, and whole checks of the clues left
    /// that no second solution was seen to need; with `--minimal`, proves
    /// that no clue left can go ([`minimal`]). For `--difficulty hard`,
    /// the rules' rounds are confirmed by probing (a tricky puzzle), then
    /// clues go until the puzzle needs the search ([`harden`]). Dropped if
    /// the proof or a whole search of `harden` ran out of budget, or no
    /// hard puzzle came.
    fn remove_clues(
        &mut self,
        p: &mut Puzzle,
        s: &Solution,
        goal: usize,
        rng: &mut Rng,
        work: &mut Work,
    ) -> Result<Removed, Stopped> {
        let c = self.config;
        let mut units = c.symmetry.orbits(p.rows(), p.cols());
        rng.shuffle(&mut units);
        let level = c.level();
        let proof_units = if c.minimal { units.clone() } else { Vec::new() };
        let mut removal = Removal::new(p, s, units, goal);
        // For uniqueness, the rules' rounds are confirmed by the loop's
        // deduction, cheaper than probing, as the search checks again
        // after them.
        // Hard puzzles are tricky ones made harder ([`harden`]).
        let hard = c.hardens();
        let quick = match level {
            Difficulty::Search if hard => Difficulty::Probe,
            Difficulty::Search => Difficulty::Loop,
            _ => level,
        };
        let radii: &[usize] = if hard { &HARD_RADII } else { &RADII };
        for &radius in radii {
            removal.radius = radius;
            removal.stage(&mut self.checker, Difficulty::Rules, work)?;
            // (Hard puzzles start from a unique one: probing from an
            // empty board need not finish it.)
            removal.confirm(&mut self.checker, quick, !hard, work)?;
        }
        let mut proof = None;
        if hard {
            removal.radius = HARDEN_RADIUS;
            match removal.harden(&mut self.checker, work)? {
                Hardened::Hard(b) => proof = Some(b),
                Hardened::TooEasy => {
                    work.too_easy += 1;
                    return Ok(Removed::Dropped);
                }
                // (Counted in `Work::gave_up`.)
                Hardened::OutOfBudget => return Ok(Removed::Dropped),
            }
        } else if level == Difficulty::Search {
            removal.radius = SEARCH_RADIUS;
            removal.stage(&mut self.checker, Difficulty::Search, work)?;
            removal.confirm(&mut self.checker, Difficulty::Search, true, work)?;
            // The clues put back, and those whose quick check ran out of
            // budget, checked whole.
            removal.radius = 0;
            removal.stage(&mut self.checker, Difficulty::Search, work)?;
            if !c.minimal {
                work.lapsed += removal.lapsed();
            }
        }
        if c.minimal {
            match minimal::prove(&mut removal, &proof_units, &mut self.checker, work)? {
                Some(went) => work.proof_removed += went as u64,
                None => return Ok(Removed::Dropped),
            }
        }
        let blanks = removal.p.blanks();
        if blanks + c.symmetry_slack() < goal {
            work.short += 1;
        }
        Ok(Removed::Kept(proof))
    }
}

/// Puzzles `first .. first + count` of a run seeded with `seed`, made in
/// parallel on rayon's current pool, in index order. The result does not
/// depend on the number of threads.
pub fn generate_many(
    config: &GenConfig,
    seed: u64,
    first: u64,
    count: u64,
) -> Vec<Result<Generated, GenError>> {
    generate_until(config, seed, first, count, &|| false)
        .into_iter()
        .flatten()
        .collect()
}

/// [`generate_many`], except that a puzzle not yet begun when `stop`
/// says so is not made (`None`), and one under way when a stop is
/// requested ([`crate::util::interrupt`]) is abandoned (`None`).
pub fn generate_until(
    config: &GenConfig,
    seed: u64,
    first: u64,
    count: u64,
    stop: &(dyn Fn() -> bool + Sync),
) -> Vec<Option<Result<Generated, GenError>>> {
    (first..first.saturating_add(count))
        .into_par_iter()
        .map_init(
            || Generator::new(*config),
            |g, index| match (!stop()).then(|| g.generate(seed, index)) {
                Some(Err(GenError::Stopped)) => None,
                made => made,
            },
        )
        .collect()
}

#[cfg(test)]
mod tests;
