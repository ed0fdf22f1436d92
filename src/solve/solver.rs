//! The solver's public face: options in, outcome with solutions and
//! statistics out. Dispatches on the board's width to an [`Search`] whose
//! rows are 1, 2 or 4 words wide (a puzzle with a clue 4 is answered
//! before: [`four`]).

use crate::board::Board;
use crate::grid::Plane;
use crate::puzzle::Puzzle;
use crate::solve::four;
use crate::solve::outcome::{Options, Outcome};
use crate::solve::pack::Pack;
use crate::solve::search::{self, Search};

/// Row words of the board small puzzles are deduced on side by side.
// Four words, in one AVX2 register each (see `bits`): on 1000 generated
// 20x20 puzzles (callgrind), packs of 12 take 35.4M instructions where
// packs of 3 on one word take 44.3M (docs/bench-history.md).
const PACK_WORDS: usize = 4;

/// A reusable solver: keeps its scratch space between puzzles, so solving
/// allocates nothing once warmed up.
#[derive(Default)]
pub struct Solver {
    pub(super) options: Options,
    pub(super) narrow: Search<1>,
    pub(super) medium: Search<2>,
    pub(super) wide: Search<4>,
    pub(super) outcome: Outcome,
    pack: Pack<PACK_WORDS>,
    start: Board<1>,
    /// The start boards of [`Solver::solve_given`], per width (made at
    /// its first call: other solves never pay for them).
    pub(super) given: Option<Box<(Board<1>, Board<2>, Board<4>)>>,
}

impl Solver {
    /// A solver with the given options.
    pub fn new(options: Options) -> Self {
        Solver {
            options,
            ..Solver::default()
        }
    }

    /// The outcome of the last solve.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The solver's options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Solves `p`; the outcome lives until the next call.
    pub fn solve(&mut self, p: &Puzzle) -> &Outcome {
        self.outcome.begin();
        let o = &self.options;
        if four::solve_fours(p, o, &mut self.outcome) {
            return &self.outcome;
        }
        match p.cols() {
            0..=63 => self.narrow.solve(p, o, &mut self.outcome),
            64..=127 => self.medium.solve(p, o, &mut self.outcome),
            _ => self.wide.solve(p, o, &mut self.outcome),
        }
        &self.outcome
    }

    /// Solves `puzzles` in order, handing each outcome to `each` with the
    /// puzzle's index. Runs of small puzzles of one shape are first deduced
    /// side by side (a pack: a board of several puzzles); the outcomes are those of [`Solver::solve`]
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
