//! The solver's public face: options in, outcome with solutions and
//! statistics out. Dispatches on the board's width to an [`Search`] whose
//! rows are 1, 2 or 4 words wide (a puzzle with a clue 4 is answered
//! before: [`four`]).

use crate::bits::RowSet;
use crate::board::Board;
use crate::puzzle::solution::Solution;
use crate::puzzle::verify::verify;
use crate::puzzle::Puzzle;
use crate::solve::four;
use crate::solve::outcome::{Options, Outcome, Status};
use crate::solve::pack::stream::{RulesEnd, Stream};
use crate::solve::pack::Pack;
use crate::solve::search::Search;

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
    stream: Stream<PACK_WORDS>,
    /// The start boards of [`Solver::solve_given`], per width (made at
    /// its first call: other solves never pay for them).
    pub(super) given: Option<Box<(Board<1>, Board<2>, Board<4>, RowSet)>>,
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

    /// Changes the options of the solves to come.
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
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

    /// Solves `p` from the board the last solve stalled on (without
    /// branching), of a puzzle whose clues `p` has (and more): sound, but
    /// it may decide more than [`Solver::solve`] (see
    /// `solve/search`'s `Search::solve_resumed`).
    pub fn solve_resumed(&mut self, p: &Puzzle) -> &Outcome {
        self.outcome.begin();
        let o = &self.options;
        match p.cols() {
            0..=63 => self.narrow.solve_resumed(p, o, &mut self.outcome),
            64..=127 => self.medium.solve_resumed(p, o, &mut self.outcome),
            _ => self.wide.solve_resumed(p, o, &mut self.outcome),
        }
        &self.outcome
    }

    /// Solves `puzzles` in order, handing each outcome to `each` with the
    /// puzzle's index. Runs of small puzzles of one shape are first deduced
    /// side by side (packs of several puzzles on one board); the outcomes
    /// have the status and solutions of [`Solver::solve`], only faster (a
    /// puzzle the pack's rules do not finish goes on from the pack's board,
    /// whose search may count other nodes and probes than its own would).
    pub fn solve_all(&mut self, puzzles: &[&Puzzle], mut each: impl FnMut(usize, &Outcome)) {
        // Per-rule counts and traces belong to one puzzle each.
        let packing = !self.options.count_rules && !self.options.trace;
        let mut k = 0;
        while k < puzzles.len() {
            let (rows, cols) = (puzzles[k].rows(), puzzles[k].cols());
            let mut n = 0;
            if packing && Pack::<PACK_WORDS>::capacity(rows, cols) >= 2 {
                n = puzzles[k..]
                    .iter()
                    .take_while(|p| {
                        p.rows() == rows && p.cols() == cols && Pack::<PACK_WORDS>::admits(p)
                    })
                    .count();
            }
            if n < 2 {
                each(k, self.solve(puzzles[k]));
                k += 1;
                continue;
            }
            let run = &puzzles[k..k + n];
            let Solver {
                options: o,
                narrow,
                outcome: out,
                stream,
                ..
            } = self;
            stream.run(run, |t, passes, fate| {
                out.begin();
                let p = run[t];
                match fate {
                    // Most puzzles: straight from the packed board.
                    RulesEnd::Finished { h, v } if finished(p, h, v, out) => {}
                    RulesEnd::Stalled(start) => narrow.solve_from(p, Some(start), o, out),
                    // A contradiction, or a finished board that is no
                    // solution: as alone (a pack admits no clue 4).
                    _ => {
                        out.begin();
                        narrow.solve(p, o, out);
                    }
                }
                out.stats.passes += u64::from(passes);
                each(k + t, out);
            });
            k += n;
        }
    }
}

/// The outcome of `p` from the line rows `h` and `v` of the board the
/// judge's rules finished, into `out`, as the search would make it (one
/// node, the board checked by [`verify`]); false if the board is no
/// solution (then `out` is to be made again: the rules reached it without
/// seeing every row after its last change, so the puzzle is solved alone).
fn finished(p: &Puzzle, h: &[u64], v: &[u64], out: &mut Outcome) -> bool {
    out.stats.nodes += 1;
    let s: &mut Solution = out.push_solution();
    let (h, v) = (h.iter().map(|&w| [w]), v.iter().map(|&w| [w]));
    s.set_rows(p.rows(), p.cols(), h, v);
    if verify(p, s).is_err() {
        return false;
    }
    out.finish(Status::Solved);
    true
}

/// Solves one puzzle with default options (allocates a solver; prefer
/// [`Solver`] for many puzzles).
pub fn solve(p: &Puzzle) -> Outcome {
    let mut s = Solver::default();
    s.solve(p).clone()
}
