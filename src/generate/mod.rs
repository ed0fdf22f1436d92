//! Random puzzle generation.
//!
//! A puzzle starts as a random loop: the boundary of a region of cells
//! grown by random accretion ([`Region::grow`]), shaped blobby, thin or
//! winding ([`Shape`]). Its Slink puzzle clues every cell; the solver then
//! decides whether that puzzle has exactly one solution (if not, another
//! loop is tried). Optionally clues are removed while the puzzle stays
//! unique ([`Config::blanks`]), and only puzzles that the judge's rules
//! alone finish are kept ([`Config::rules_only`]).
//!
//! Everything is deterministic: puzzle `k` of a run seeded with `s`
//! depends on `(s, k)` only ([`Rng::for_item`]), never on the thread that
//! made it, so [`generate_many`] gives the same puzzles on any number of
//! threads.
//!
//! ```
//! use slink::internals::generate::{Config, Generator, SizeRange};
//! let config = Config {
//!     rows: SizeRange::exactly(6),
//!     cols: SizeRange::exactly(8),
//!     ..Config::default()
//! };
//! let mut generator = Generator::new(config);
//! let made = generator.generate(7, 0).unwrap();
//! assert_eq!((made.puzzle.rows(), made.puzzle.cols()), (6, 8));
//! assert_eq!(slink::verify(&made.puzzle, &made.solution), Ok(()));
//! ```

mod config;
pub mod run;

pub use crate::puzzle::region::{Region, Shape};
pub use crate::util::rng::{splitmix64, Rng};
pub use config::{default_budget, Config, GenError, Generated, SizeRange, Work};

use crate::puzzle::solution::Solution;
use crate::puzzle::{Clue, Puzzle};
use crate::solve::grade::{Grader, Level, Uniqueness};
use rayon::prelude::*;

/// Makes puzzles one at a time, reusing its solvers' scratch space.
pub struct Generator {
    config: Config,
    /// The uniqueness checks.
    grader: Grader,
}

/// What a uniqueness check found.
enum Check {
    /// Unique, and the solution is the generator's loop.
    Unique,
    /// Not proven unique (recorded in the work counts).
    No,
}

impl Generator {
    /// A generator for `config`.
    pub fn new(config: Config) -> Self {
        Generator {
            config,
            grader: Grader::new(0),
        }
    }

    /// Makes the full solver's budget right for an `rows x cols` puzzle.
    fn set_budget(&mut self, rows: usize, cols: usize) {
        let budget = self
            .config
            .node_budget
            .unwrap_or_else(|| default_budget(rows, cols));
        self.grader.set_budget(budget);
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Puzzle `index` of a run seeded with `seed`.
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenError> {
        self.config.validate()?;
        let mut rng = Rng::for_item(seed, index);
        let c = self.config;
        let mut work = Work::default();
        let (mut rows, mut cols) = (c.rows.min, c.cols.min);
        for attempt in 0..c.max_attempts {
            // A new size now and then, so one impossible size in a range
            // (such as 1x1 with rules only) does not sink the puzzle.
            if attempt % 16 == 0 {
                rows = rng.between(c.rows.min, c.rows.max);
                cols = rng.between(c.cols.min, c.cols.max);
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
            let mut puzzle = region.puzzle();
            let solution = region.solution();
            let level = if c.rules_only {
                Level::Rules
            } else {
                Level::Full
            };
            if let Check::No = self.check(&puzzle, &solution, level, &mut work) {
                continue;
            }
            if let Some(f) = c.blanks {
                self.remove_clues(&mut puzzle, &solution, f, &mut rng, &mut work);
            }
            // The rules' verdict is proof enough, but have the full solver
            // confirm it (cheap: the rules finish the puzzle).
            if c.rules_only {
                if let Check::No = self.check(&puzzle, &solution, Level::Full, &mut work) {
                    continue;
                }
            }
            return Ok(Generated {
                index,
                puzzle,
                solution,
                shape,
                work,
            });
        }
        Err(GenError::NoPuzzle {
            index,
            rows,
            cols,
            work,
        })
    }

    /// Whether `p` has exactly one solution, `s`, as far as `level` tells
    /// (the grader's verdict, recorded in the work counts).
    fn check(&mut self, p: &Puzzle, s: &Solution, level: Level, work: &mut Work) -> Check {
        let (found, solves) = self.grader.unique(p, s, level);
        work.solves += solves;
        match found {
            Uniqueness::Unique => return Check::Unique,
            Uniqueness::Disagrees => work.disagreements += 1,
            Uniqueness::RulesStalled => work.rules_failed += 1,
            Uniqueness::NotDeduced => {}
            Uniqueness::GaveUp => work.gave_up += 1,
            Uniqueness::NotUnique => work.multiple += 1,
        }
        Check::No
    }

    /// Blanks clues of the unique puzzle `p` (solution `s`) in random
    /// order, keeping each removal only if the puzzle stays unique (and,
    /// with rules only, finished by the rules), until a fraction `f` of
    /// the cells is blank or every clue has been tried.
    ///
    /// Without rules only, a first pass keeps only the removals that
    /// deduction without search still finishes (cheap checks); a second
    /// pass tries the clues left with the full solver. In each pass,
    /// removals are tried in batches that double after a success and halve
    /// after a failure, so easy removals cost few solver calls.
    fn remove_clues(
        &mut self,
        p: &mut Puzzle,
        s: &Solution,
        f: f64,
        rng: &mut Rng,
        work: &mut Work,
    ) {
        let cols = p.cols();
        let area = p.rows() * cols;
        let goal = ((area as f64 * f).round() as usize).min(area);
        let mut order: Vec<usize> = (0..area).filter(|&k| p.clue_bytes()[k] <= 3).collect();
        rng.shuffle(&mut order);
        let passes: &[Level] = if self.config.rules_only {
            &[Level::Rules]
        } else {
            &[Level::Deduce, Level::Full]
        };
        let mut blanks = p.blanks();
        let mut saved: Vec<Clue> = Vec::new();
        for &level in passes {
            // The clues still there, in the same random order.
            order.retain(|&c| p.clue_bytes()[c] <= 3);
            let mut next = 0;
            let mut batch = 1usize;
            while blanks < goal && next < order.len() {
                let k = batch.min(goal - blanks).min(order.len() - next);
                let cells = &order[next..next + k];
                saved.clear();
                saved.extend(cells.iter().map(|&c| p.clue(c / cols, c % cols)));
                for &c in cells {
                    p.set_clue(c / cols, c % cols, Clue::Blank);
                }
                // Failed checks here are expected, not rejected loops:
                // count only the solver calls and the budget overruns.
                let mut scratch = Work::default();
                let ok = matches!(self.check(p, s, level, &mut scratch), Check::Unique);
                work.solves += scratch.solves;
                work.gave_up += scratch.gave_up;
                work.disagreements += scratch.disagreements;
                if ok {
                    blanks += k;
                    next += k;
                    batch = batch.saturating_mul(2);
                } else {
                    for (&c, &clue) in cells.iter().zip(&saved) {
                        p.set_clue(c / cols, c % cols, clue);
                    }
                    if k == 1 {
                        next += 1;
                    } else {
                        batch = (k / 2).max(1);
                    }
                }
            }
        }
    }
}

/// Puzzles `first .. first + count` of a run seeded with `seed`, made in
/// parallel on rayon's current pool, in index order. The result does not
/// depend on the number of threads.
pub fn generate_many(
    config: &Config,
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
/// says so is not made (`None`): what was begun is finished.
pub fn generate_until(
    config: &Config,
    seed: u64,
    first: u64,
    count: u64,
    stop: &(dyn Fn() -> bool + Sync),
) -> Vec<Option<Result<Generated, GenError>>> {
    (first..first.saturating_add(count))
        .into_par_iter()
        .map_init(
            || Generator::new(*config),
            |g, index| (!stop()).then(|| g.generate(seed, index)),
        )
        .collect()
}

#[cfg(test)]
mod tests;
